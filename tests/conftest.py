"""Shared pytest fixtures."""

from __future__ import annotations

import pytest

from rules_data import rulebook
from rules_data.search import SearchIndex


def build_test_index(tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    """A search index of the shipped rule book, built in a fresh temporary directory."""
    return SearchIndex.build(tmp_path_factory.mktemp("search-index"), rulebook())


@pytest.fixture(scope="session")
def search_index(tmp_path_factory: pytest.TempPathFactory) -> SearchIndex:
    """The shipped rule book's search index, built once per test session."""
    return build_test_index(tmp_path_factory)

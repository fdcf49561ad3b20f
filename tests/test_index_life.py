"""The search index while it changes under a running app: a generation removed mid-search, the
answers kept per generation, and the cache's switch."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from flask import Flask
from whoosh.index import EmptyIndexError
from test_search import write_book

import rules_data.search as search
from rules_data import load
from rules_data.search import POINTER, SearchIndex


@pytest.fixture()
def book_dir(tmp_path: Path) -> Path:
    return write_book(tmp_path / "book")


def test_a_generation_removed_between_pointer_and_open_is_retried(
    book_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild in another process switches the pointer and starts removing the generation
    this search has just read the name of: its Whoosh table of contents is gone, its other
    files not yet. Whoosh raises EmptyIndexError; the search follows the pointer instead."""
    directory = tmp_path / "index"
    book = load(book_dir)
    SearchIndex.build(directory, book)
    index = SearchIndex(directory, cache_size=0)
    assert index.search("okey", "tr").hits
    read_pointer = search.read_pointer
    builds = itertools.count()

    def racing(directory: Path) -> str | None:
        name = read_pointer(directory)
        if name is not None and next(builds) == 0:
            SearchIndex.build(directory, book)  # the pointer moves on...
            for toc in (directory / name).glob("*.toc"):  # ...and the old one goes, mid-way
                toc.unlink()
        return name

    SearchIndex.build(directory, book)  # a new generation the searcher has not opened yet
    stale = (directory / POINTER).read_text().strip()
    monkeypatch.setattr(search, "read_pointer", racing)
    results = index.search("okey", "tr")
    assert results.hits
    assert index.generation not in (stale, None)
    assert next(builds) >= 1


def test_an_error_of_the_live_generation_is_not_hidden(
    book_dir: Path, tmp_path: Path
) -> None:
    """Only a generation that has gone is retried: a broken live one still fails loudly."""
    directory = tmp_path / "index"
    SearchIndex.build(directory, load(book_dir))
    name = (directory / POINTER).read_text().strip()
    for toc in (directory / name).glob("*.toc"):
        toc.unlink()
    with pytest.raises(EmptyIndexError):
        SearchIndex(directory).search("okey", "tr")


def test_answers_are_kept_per_generation(book_dir: Path, tmp_path: Path) -> None:
    directory = tmp_path / "index"
    book = load(book_dir)
    index = SearchIndex.build(directory, book, cache_size=8)
    first = index.search("okey", "tr")
    assert index.search("okey", "tr") is first
    assert index.search("okey", "tr", limit=1) is not first
    SearchIndex.build(directory, book)
    again = index.search("okey", "tr")
    assert again is not first and again == first


def test_the_cache_keeps_at_most_its_size(book_dir: Path, tmp_path: Path) -> None:
    index = SearchIndex.build(tmp_path / "index", load(book_dir), cache_size=2)
    first = index.search("okey", "tr")
    index.search("okey", "de")
    index.search("okey", "en")
    assert index.search("okey", "tr") is not first


def test_a_cache_of_size_zero_keeps_nothing(book_dir: Path, tmp_path: Path) -> None:
    index = SearchIndex.build(tmp_path / "index", load(book_dir), cache_size=0)
    first = index.search("okey", "tr")
    assert index.search("okey", "tr") is not first
    assert index.search("okey", "tr") == first


def test_the_app_warms_its_index_and_sets_its_cache(app: Flask, tmp_path: Path) -> None:
    from conftest import make_app

    index: SearchIndex = app.extensions["hakem.search"]
    assert index.warmed
    assert index.cache.size == search.RESULT_CACHE
    off = make_app(index.directory, tmp_path, SEARCH_CACHE_SIZE=0)
    assert off.extensions["hakem.search"].cache.size == 0

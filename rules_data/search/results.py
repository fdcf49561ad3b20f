"""What a search answers: its hits and status, the request limits, the error for a bad request,
and a bounded cache of answers.

Kept apart so that the web layer and every search module can name them without the index.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass

VARIANT_CHOICES: tuple[str, ...] = ("101", "plain", "all")
MAX_QUERY = 200
"""The longest query accepted, in characters after stripping."""
MAX_LIMIT = 50


class QueryError(ValueError):
    """A search request that cannot be run; ``code`` says why, for a translated message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Hit:
    """One rule found: title and snippet in the display language.

    ``snippet`` is safe HTML: the text is escaped, and the only tags are ``<mark>…</mark>``
    around the words that matched.
    """

    id: str
    score: float
    title: str
    snippet: str
    variants: tuple[str, ...]


Lead = tuple[tuple[str, tuple[str, ...]], ...]
"""Per variant (``101``, ``plain``), the rule ids a check found for a query, in its order."""


@dataclass(frozen=True)
class Results:
    """The answer to one search; ``suggestion`` is a corrected query when words were unknown."""

    query: str
    lang: str
    variant: str
    suggestion: str | None
    hits: tuple[Hit, ...]
    mended: str | None = None
    """The query with the speller's corrections in, whether or not it is suggested: what a
    question tells is read from it too (``web.search.search_question``)."""

    @property
    def status(self) -> str:
        """``matched`` (rules found as asked), ``suggested`` (found for a corrected query),
        or ``nothing`` (no rule answers it: off topic, or no word known)."""
        if not self.hits:
            return "nothing"
        return "suggested" if self.suggestion else "matched"


class ResultCache:
    """A bounded least-recently-used map of search answers; ``size`` 0 keeps nothing.

    Answers are immutable values, so one answer may serve every thread that asks.
    """

    def __init__(self, size: int) -> None:
        self.size = max(0, int(size))
        self._answers: OrderedDict[Hashable, Results] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Results | None:
        """The answer kept for ``key``, if any (and it becomes the most recently used)."""
        if not self.size:
            return None
        with self._lock:
            found = self._answers.get(key)
            if found is not None:
                self._answers.move_to_end(key)
            return found

    def put(self, key: Hashable, answer: Results) -> None:
        """Keep ``answer`` for ``key``, dropping the least recently used past ``size``."""
        if not self.size:
            return
        with self._lock:
            self._answers[key] = answer
            self._answers.move_to_end(key)
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._answers.clear()

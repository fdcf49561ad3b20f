"""Snippets: the window of a rule's text around the words a query matched, escaped, with
those words in ``<mark>``; a rule word matches when it shares a stem with the query or starts
with one of its prefixes."""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Mapping, Sequence
from typing import Any

from rules_data import analysis
from rules_data.analysis import TOKEN, fold, plain_lower, turkish_lower
from rules_data.search.units import Unit

SNIPPET_CHARS = 220

Marks = tuple[frozenset[str], frozenset[str]]
"""What a snippet highlights: the stemmed terms and the prefixes of the query."""


def mark_terms(units: Sequence[Unit], lang: str) -> Marks:
    """The stemmed terms and prefixes of ``lang`` in a query: what a snippet highlights."""
    stems: set[str] = set()
    prefixes: set[str] = set()
    for unit in units:
        for clause in unit:
            if not clause.mark:
                continue
            for alternatives in clause.words:
                for field, text, _ in alternatives:
                    kind, _, field_lang = field.partition("_")
                    if field_lang == lang:
                        (prefixes if kind == "pre" else stems).add(text)
    return frozenset(stems), frozenset(prefixes)


class Highlighter:
    """Marks and cuts snippets of one generation's rule texts, read by its analyzers."""

    def __init__(self, analyzers: Mapping[str, Any]) -> None:
        self.analyzers = analyzers
        self._word_forms: dict[tuple[str, str], tuple[frozenset[str], str]] = {}
        self._lock = threading.Lock()

    def snippet(self, text: str, lang: str, marks: Marks) -> str:
        """The snippet of a rule's ``text`` in ``lang`` for a query's ``marks``."""
        return snippet(text, self.marked(text, lang, marks))

    def word_forms(self, lang: str, word: str) -> tuple[frozenset[str], str]:
        """A word of the rule text as the index has it: its stems and its folded form."""
        key = (lang, word)
        found = self._word_forms.get(key)
        if found is None:
            lower = turkish_lower(word) if lang == "tr" else plain_lower(word)
            stems = frozenset(t.text for t in self.analyzers[lang](lower, mode="query"))
            found = (stems, fold(analysis.strip_apostrophe(lower)))
            with self._lock:
                if len(self._word_forms) > 200_000:
                    self._word_forms.clear()
                self._word_forms[key] = found
        return found

    def marked(self, text: str, lang: str, marks: Marks) -> list[tuple[int, int]]:
        """The character spans of the words of ``text`` that the query matched."""
        stems, prefixes = marks
        if not stems and not prefixes:
            return []
        spans: list[tuple[int, int]] = []
        long_prefixes = tuple(p for p in prefixes if len(p) >= 4)
        for match in TOKEN.finditer(text):
            word_stems, folded = self.word_forms(lang, match.group(0))
            if (not stems.isdisjoint(word_stems) or folded in prefixes
                    or folded.startswith(long_prefixes)):
                spans.append((match.start(), match.end()))
        return spans


def snippet(text: str, marked: Sequence[tuple[int, int]]) -> str:
    """An escaped window of ``text`` around the most marked words, marks as ``<mark>``."""
    sentences = [(m.start(), m.end()) for m in re.finditer(r"[^.!?;:]+[.!?;:]*\s*", text)]
    if not sentences:
        sentences = [(0, len(text))]
    best = (0, 0)
    best_score = (-1, 0)
    for i, (start, _) in enumerate(sentences):
        end = start
        j = i
        while j < len(sentences) and (j == i or sentences[j][1] - start <= SNIPPET_CHARS):
            end = sentences[j][1]
            j += 1
        inside = {text[a:b].lower() for a, b in marked if start <= a and b <= end}
        score = (len(inside), -i)
        if score > best_score:
            best_score, best = score, (start, end)
    start, end = best
    if end - start > SNIPPET_CHARS:
        first = next((a for a, b in marked if start <= a < end), start)
        start = max(start, first - SNIPPET_CHARS // 3)
        if start > best[0]:
            space = text.find(" ", start)
            start = space + 1 if 0 <= space < first else start
        end = min(end, start + SNIPPET_CHARS)
        space = text.rfind(" ", start, end)
        if space > start and end < best[1]:
            end = space
    out = ["…" if start > 0 else ""]
    pos = start
    for a, b in marked:
        if a < start or b > end:
            continue
        out.append(html.escape(text[pos:a], quote=False))
        out.append(f"<mark>{html.escape(text[a:b], quote=False)}</mark>")
        pos = b
    out.append(html.escape(text[pos:end].rstrip(), quote=False))
    if end < len(text.rstrip()):
        out.append(" …")
    return "".join(out).strip()

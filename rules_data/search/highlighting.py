"""Snippets: the window of a rule's text around the words a query matched, escaped, with
those words in ``<mark>``; a rule word matches when it shares a stem with the query or starts
with one of its prefixes. Each rule text is read once per generation (:class:`RuleText`), so a
query only looks its terms up."""

from __future__ import annotations

import bisect
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_data import analysis
from rules_data.analysis import TOKEN, fold, plain_lower, turkish_lower
from rules_data.search.units import Unit

SNIPPET_CHARS = 220
SENTENCE = re.compile(r"[^.!?;:]+[.!?;:]*\s*")

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


@dataclass(frozen=True, slots=True)
class RuleText:
    """A rule's text in one language, read once for highlighting: its words' spans, each
    word's stems and folded form (as indexes into the spans), and the sentence windows a
    snippet may show."""

    text: str
    spans: tuple[tuple[int, int], ...]
    lowered: tuple[str, ...]
    """Each word as written, in lower case: a snippet counts the distinct words it shows."""
    by_stem: Mapping[str, tuple[int, ...]]
    by_folded: Mapping[str, tuple[int, ...]]
    windows: tuple[tuple[int, int], ...]
    """Per sentence, the window that starts there: up to ``SNIPPET_CHARS`` of whole sentences."""
    folded: tuple[str, ...]
    """The keys of ``by_folded``, sorted: the words a prefix starts are found by bisection."""

    def marked(self, marks: Marks) -> list[int]:
        """The words (indexes into ``spans``) that the query matched, in order."""
        stems, prefixes = marks
        found: set[int] = set()
        for stem in self.by_stem.keys() & stems:
            found.update(self.by_stem[stem])
        for prefix in self.by_folded.keys() & prefixes:
            found.update(self.by_folded[prefix])
        folded = self.folded
        for prefix in prefixes:
            if len(prefix) >= 4:
                i = bisect.bisect_left(folded, prefix)
                while i < len(folded) and folded[i].startswith(prefix):
                    found.update(self.by_folded[folded[i]])
                    i += 1
        return sorted(found)

    def snippet(self, marks: Marks) -> str:
        """The snippet of this text for a query's ``marks``."""
        return snippet(self, self.marked(marks))


class Highlighter:
    """Reads rule texts for highlighting with one generation's analyzers."""

    def __init__(self, analyzers: Mapping[str, Any]) -> None:
        self.analyzers = analyzers
        self._word_forms: dict[tuple[str, str], tuple[frozenset[str], str]] = {}

    def word_forms(self, lang: str, word: str) -> tuple[frozenset[str], str]:
        """A word of the rule text as the index has it: its stems and its folded form."""
        key = (lang, word)
        found = self._word_forms.get(key)
        if found is None:
            lower = turkish_lower(word) if lang == "tr" else plain_lower(word)
            stems = frozenset(t.text for t in self.analyzers[lang](lower, mode="query"))
            found = (stems, fold(analysis.strip_apostrophe(lower)))
            self._word_forms[key] = found
        return found

    def read(self, text: str, lang: str) -> RuleText:
        """``text`` of ``lang`` read for highlighting."""
        spans: list[tuple[int, int]] = []
        lowered: list[str] = []
        by_stem: dict[str, list[int]] = {}
        by_folded: dict[str, list[int]] = {}
        for k, match in enumerate(TOKEN.finditer(text)):
            word = match.group(0)
            spans.append(match.span())
            lowered.append(word.lower())
            stems, folded = self.word_forms(lang, word)
            for stem in stems:
                by_stem.setdefault(stem, []).append(k)
            by_folded.setdefault(folded, []).append(k)
        return RuleText(text, tuple(spans), tuple(lowered),
                        {key: tuple(where) for key, where in by_stem.items()},
                        {key: tuple(where) for key, where in by_folded.items()},
                        _windows(text), tuple(sorted(by_folded)))


def _windows(text: str) -> tuple[tuple[int, int], ...]:
    sentences = [(m.start(), m.end()) for m in SENTENCE.finditer(text)]
    if not sentences:
        sentences = [(0, len(text))]
    windows: list[tuple[int, int]] = []
    for i, (start, _) in enumerate(sentences):
        end = start
        j = i
        while j < len(sentences) and (j == i or sentences[j][1] - start <= SNIPPET_CHARS):
            end = sentences[j][1]
            j += 1
        windows.append((start, end))
    return tuple(windows)


def snippet(rule: RuleText, marked: Sequence[int]) -> str:
    """An escaped window of a rule's text around the most marked words, marks as ``<mark>``."""
    text, spans = rule.text, rule.spans
    best = rule.windows[0]
    if marked:
        starts = [spans[k][0] for k in marked]
        best_score = (-1, 0)
        for i, (start, end) in enumerate(rule.windows):
            inside = {rule.lowered[marked[m]] for m in range(
                bisect.bisect_left(starts, start), bisect.bisect_left(starts, end))
                if spans[marked[m]][1] <= end}
            score = (len(inside), -i)
            if score > best_score:
                best_score, best = score, (start, end)
    start, end = best
    if end - start > SNIPPET_CHARS:
        first = next((spans[k][0] for k in marked if start <= spans[k][0] < end), start)
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
    for k in marked:
        a, b = spans[k]
        if a < start or b > end:
            continue
        out.append(html.escape(text[pos:a], quote=False))
        out.append(f"<mark>{html.escape(text[a:b], quote=False)}</mark>")
        pos = b
    out.append(html.escape(text[pos:end].rstrip(), quote=False))
    if end < len(text.rstrip()):
        out.append(" …")
    return "".join(out).strip()

"""Snippets: the window of a rule's text around the words a query matched, escaped, with
those words in ``<mark>``; a rule word matches when it shares a stem with the query or starts
with one of its prefixes. Each rule text is read once per generation (:class:`RuleText`), so a
search looks its marks up once and then only tests each shown rule's words against a set."""

from __future__ import annotations

import bisect
import html
import re
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules_data import analysis
from rules_data.analysis import TOKEN, fold, plain_lower, turkish_lower
from rules_data.search.units import Unit

SNIPPET_CHARS = 220
SNIPPETS_KEPT = 64
"""Snippets kept per rule text, each for one set of marked words."""
SENTENCE = re.compile(r"[^.!?;:]+[.!?;:]*\s*")

Marks = tuple[frozenset[str], frozenset[str]]
"""What a snippet highlights: the stemmed terms and the prefixes of the query."""


def mark_terms(units: Sequence[Unit], lang: str) -> Marks:
    """The stemmed terms and prefixes of ``lang`` in a query: what a snippet highlights."""
    stems: set[str] = set()
    prefixes: set[str] = set()
    for unit in units:
        for clause in unit:
            if clause.mark and lang in clause.by_lang:
                clause_stems, clause_prefixes = clause.by_lang[lang]
                stems |= clause_stems
                prefixes |= clause_prefixes
    return frozenset(stems), frozenset(prefixes)


@dataclass(frozen=True, slots=True)
class RuleText:
    """A rule's text in one language, read once for highlighting: each word's span and its
    form (an index into the generation's :class:`Highlighter` table: its stems and folded
    form), the words by form, and the sentence windows a snippet may show."""

    text: str
    starts: array[int]
    ends: array[int]
    forms: array[int]
    """The words' forms, sorted; ``order`` holds the word each one is."""
    order: array[int]
    distinct: frozenset[int]
    """The forms this text has."""
    windows: tuple[tuple[int, int], ...]
    """Per sentence, the window that starts there: up to ``SNIPPET_CHARS`` of whole sentences."""
    places: Mapping[int, tuple[int, int]]
    """Per form, the sentences that have it and the places of its words, each as the bits of
    an int (what ``Ranker.text_bonus`` reads)."""
    kept: dict[frozenset[int], str] = field(default_factory=dict, compare=False, repr=False)

    def snippet(self, matching: frozenset[int]) -> str:
        """The snippet of this text, marking the words whose form is in ``matching``.

        Kept per set of forms marked (up to ``SNIPPETS_KEPT``): the same words asked again
        give the same snippet.
        """
        marks = self.distinct & matching
        found = self.kept.get(marks)
        if found is None:
            marked: list[int] = []
            forms = self.forms
            for form in marks:
                lo = bisect.bisect_left(forms, form)
                marked.extend(self.order[lo:bisect.bisect_right(forms, form, lo)])
            marked.sort()
            found = snippet(self, marked)
            if len(self.kept) >= SNIPPETS_KEPT:
                self.kept.clear()
            self.kept[marks] = found
        return found


class Highlighter:
    """One generation's rule texts read for highlighting: a table of the distinct words'
    forms (stems and folded form, per language), and the forms looked up by stem and by
    folded form, so that a query's marks become a set of forms once per search."""

    def __init__(self, analyzers: Mapping[str, Any]) -> None:
        self.analyzers = analyzers
        self._ids: dict[tuple[str, str], int] = {}
        self._by_stem: dict[str, dict[str, list[int]]] = {lang: {} for lang in analyzers}
        self._by_folded: dict[str, dict[str, list[int]]] = {lang: {} for lang in analyzers}
        self._folded: dict[str, list[str]] = {}

    def form(self, lang: str, word: str) -> int:
        """The form of a word of the rule text, as the index reads it: its stems and its
        folded form, added to the table when new."""
        key = (lang, word)
        found = self._ids.get(key)
        if found is None:
            found = self._ids[key] = len(self._ids)
            lower = turkish_lower(word) if lang == "tr" else plain_lower(word)
            for stem in {t.text for t in self.analyzers[lang](lower, mode="query")}:
                self._by_stem[lang].setdefault(stem, []).append(found)
            folded = fold(analysis.strip_apostrophe(lower))
            self._by_folded[lang].setdefault(folded, []).append(found)
            self._folded.pop(lang, None)
        return found

    def read(self, text: str, lang: str) -> RuleText:
        """``text`` of ``lang`` read for highlighting."""
        starts, ends, forms = array("I"), array("I"), []
        for match in TOKEN.finditer(text):
            starts.append(match.start())
            ends.append(match.end())
            forms.append(self.form(lang, match.group(0)))
        order = sorted(range(len(forms)), key=forms.__getitem__)
        places: dict[int, tuple[int, int]] = {}
        ends_of = [m.end() for m in SENTENCE.finditer(text)]
        for k, (start, form) in enumerate(zip(starts, forms)):
            sentences, words = places.get(form, (0, 0))
            places[form] = (sentences | 1 << bisect.bisect_right(ends_of, start), words | 1 << k)
        return RuleText(text, starts, ends, array("I", (forms[k] for k in order)),
                        array("I", order), frozenset(forms), _windows(text), places)

    def matching(self, lang: str, marks: Marks) -> frozenset[int]:
        """The forms of ``lang`` that a query's marks highlight: a stem in common, the folded
        form one of the prefixes, or (for a prefix of four letters or more) starting with it."""
        stems, prefixes = marks
        by_stem, by_folded = self._by_stem[lang], self._by_folded[lang]
        found: set[int] = set()
        for stem in by_stem.keys() & stems:
            found.update(by_stem[stem])
        for prefix in by_folded.keys() & prefixes:
            found.update(by_folded[prefix])
        folded = self._folded.get(lang)
        if folded is None:
            folded = self._folded[lang] = sorted(by_folded)
        for prefix in prefixes:
            if len(prefix) >= 4:
                i = bisect.bisect_left(folded, prefix)
                while i < len(folded) and folded[i].startswith(prefix):
                    found.update(by_folded[folded[i]])
                    i += 1
        return frozenset(found)


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
    """An escaped window of a rule's text around the most marked words (indexes of its
    words, in order), marks as ``<mark>``."""
    text, starts, ends = rule.text, rule.starts, rule.ends
    best = rule.windows[0]
    if marked:
        # the window with the most distinct marked words, the first of equals
        wstarts = [starts[k] for k in marked]
        wends = [ends[k] for k in marked]
        words = [text[starts[k]:ends[k]].lower() for k in marked]
        n, most = len(marked), len(set(words))
        best_count, lo, hi = 0, 0, 0
        for start, end in rule.windows:
            while lo < n and wstarts[lo] < start:
                lo += 1
            if lo == n:
                break  # no marked word from here on
            if hi < lo:
                hi = lo
            while hi < n and wstarts[hi] < end:
                hi += 1
            count = len({words[m] for m in range(lo, hi) if wends[m] <= end})
            if count > best_count:
                best_count, best = count, (start, end)
                if count == most:
                    break
    start, end = best
    if end - start > SNIPPET_CHARS:
        first = next((starts[k] for k in marked if start <= starts[k] < end), start)
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
        a, b = starts[k], ends[k]
        if a < start or b > end:
            continue
        out.append(html.escape(text[pos:a], quote=False))
        out.append(f"<mark>{html.escape(text[a:b], quote=False)}</mark>")
        pos = b
    out.append(html.escape(text[pos:end].rstrip(), quote=False))
    if end < len(text.rstrip()):
        out.append(" …")
    return "".join(out).strip()

"""Search quality on the query sets: MRR@10 and hit@3 per language, printed and held to a bar.

``search_dev.yaml`` is the shared development set (a copy of shared/eval); the bar there is
0.95 for both figures in every language. ``search_extra.yaml`` is our own harder set (ASCII-typed
Turkish, upper-case İ/I, inflections, German compounds, typos, questions). ``search_blind.yaml``
was written from the rule texts before a ranking change and is for reporting only: never tune
on its misses; its bar is a floor against regressions. ``search_tune.yaml`` (issue 12) is
what the analysis and ranking were tuned on; ``search_retired.yaml`` was the held-out set
of issue 12's first pass and joined the tuning material when it was retired (its header has
its last held-out score). ``search_tune3.yaml`` is a third tuning set, written blind
like the held-out set, ``search_tune4.yaml`` a fourth, written blind on the facts in the
rule bodies, ``search_tune5.yaml`` a fifth, written blind with more stories of a round
and tiles named in them, ``search_tune6.yaml`` a sixth, ``search_tune7.yaml`` a seventh,
``search_tune8.yaml`` an eighth of short searches, each written blind after the work on
the one before, ``search_tune9.yaml`` a ninth of short searches, by a second writer,
``search_tune10.yaml`` a tenth, by a third writer, ``search_tune11.yaml`` an eleventh,
as forum and chat posts ask, by a fourth, ``search_tune12.yaml`` a twelfth, as players
type at the table, by a fifth, ``search_tune13.yaml`` a thirteenth, disputes told as
they happen, by a sixth, ``search_tune14.yaml`` a fourteenth, by a seventh, as many
kinds of player type, ``search_tune15.yaml`` a fifteenth, by an eighth, as typed into a
phone's search box mid-game, ``search_tune16.yaml`` a sixteenth, by a ninth, as players
type on a phone, more of it English, ``search_tune17.yaml`` a seventeenth, by a tenth,
from rummy natives to Turkish immigrants writing English, ``search_tune18.yaml`` an
eighteenth, by an eleventh, voice-typed, as searched for and as disputes told, and
``search_tune19.yaml`` a nineteenth, by a twelfth, beginners without the terms and players
who mix Turkish with German or English, and ``search_tune20.yaml`` a twentieth, by a
thirteenth, as group chats, club organisers and house rules ask, and ``search_tune21.yaml``
a twenty-first, by a fourteenth, as typed in a hurry into the search box, and
``search_tune22.yaml`` a twenty-second, by a fifteenth, in the words of the source documents
players learned from, ``search_tune23.yaml`` a twenty-third, by a sixteenth, to the
held-out set's own recipe, ``search_tune24.yaml`` a twenty-fourth, by a seventeenth,
disputes told with names and the tiles typed out, ``search_tune25.yaml`` a
twenty-fifth, by an eighteenth, players of other games, irregularities at the table and
searches of a word or three, ``search_tune26.yaml`` a twenty-sixth, by a nineteenth,
tiles written in every notation players type, ``search_tune27.yaml`` a twenty-seventh,
by a twentieth, stories of a few moves that ask about one of them, and
``search_tune28.yaml`` a twenty-eighth, by a twenty-first, the score sheet and the whole
game as the scorer asks, ``search_tune29.yaml`` a twenty-ninth, by a twenty-second, the
case that did not happen, negated every way players negate, ``search_tune30.yaml`` a
thirtieth, by a twenty-third, the table's house rules told inside the question,
``search_tune31.yaml`` a thirty-first, by a twenty-sixth, the whole rule book rule by rule,
``search_tune32.yaml`` a thirty-second, by a twenty-fourth, mostly English as its many
kinds of player type it, ``search_tune33.yaml`` a thirty-third, by a twenty-fifth,
timing and order within a turn and a round, ``search_tune34.yaml`` a thirty-fourth, by a
twenty-eighth, a belief told and put to the rules, ``search_tune35.yaml`` a thirty-fifth, by a
twenty-seventh, English first, terse or in one sentence, in everyday words,
``search_tune36.yaml`` a thirty-sixth, by a twenty-ninth, the official rule and who says so,
and ``search_tune37.yaml`` a thirty-seventh, by a thirtieth, numbers asked for or told. ``search_heldout.yaml`` was written
blind before the fifth, as players type, and is never tuned on: its figures are the
quality claim. Run with ``-s`` or look at the terminal: the figures are printed either
way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from rules_data import LANGS
from rules_data.search import SearchIndex
from web.question_leads import led_search

FIXTURES = Path(__file__).parent / "fixtures"
BARS = {
    "search_dev.yaml": {"mrr": 0.95, "hit3": 0.95},
    # extra tr 0.981, de 0.990, en 0.976; blind tr 0.942, de 0.975, en 0.950 (all hit@3 1.000);
    # German extra 1.000 and blind 1.000 after issue 12's German reading (branch searchde)
    "search_extra.yaml": {"mrr": 0.97, "hit3": 1.0},
    "search_blind.yaml": {"mrr": 0.94, "hit3": 1.0},
    # tuning: tr 0.898, de 0.945, en 0.919 after the rule texts' native read (issue 16), which
    # moved tr from 0.905; en 0.930 / 0.984 after the cover signal read synonym phrases whole
    "search_tune.yaml": {"mrr": 0.89, "hit3": 0.95},
    # the first held-out set, retired into tuning at tr 0.950 / 1.000, de 0.862 / 0.960,
    # en 0.887 / 0.960; since then en 0.918 / 0.980 (tuned on), de 0.872 after issue 12's
    # German reading (branch searchde)
    "search_retired.yaml": {"mrr": 0.87, "hit3": 0.96},
    # a second tuning set, from the rule bodies; floor set after its first score:
    # tr 0.927 / 1.000, de 0.890 / 0.960, en 0.937 / 1.000; then tr 0.937, de 0.915 / 0.980
    # with the number words past 13 (branch searchde); tr 0.940 with the spoken future read
    # (branch searchtr)
    "search_tune2.yaml": {"mrr": 0.91, "hit3": 0.98},
    # a third tuning set, written blind on 2026-11-25 (no engine run while writing), first
    # scored on 39672e0: tr 0.919 / 0.983, de 0.895 / 0.967, en 0.908 / 0.967
    "search_tune3.yaml": {"mrr": 0.89, "hit3": 0.96},
    # a fourth tuning set, written blind on 2026-11-28 (no engine run while writing), most of
    # it on facts inside the rule bodies; first scored on e7d144f: tr 0.816 / 0.883,
    # de 0.769 / 0.867, en 0.856 / 0.950
    # tr 0.849 / 0.917, de 0.839 / 0.917, en 0.892 / 0.983 with coordination and the
    # sentence lead (2026-11-28); tr 0.866 / 0.933, de 0.849 / 0.917, en 0.928 / 0.983 with
    # words side by side; tr 0.920 / 0.967, de 0.902 / 0.967, en 0.936 / 0.983 with the
    # referee's rulings on what a question tells (2026-11-28, second session)
    "search_tune4.yaml": {"mrr": 0.80, "hit3": 0.90},
    # a fifth tuning set, written blind on 2026-11-28 (third session; no engine run while
    # writing), with more stories of a round that name tiles; first scored on 234af64:
    # tr 0.740 / 0.867, de 0.837 / 0.956, en 0.769 / 0.800; tr 0.762 / 0.889,
    # de 0.848 / 0.978, en 0.837 / 0.889 with what a story tells read before the tiles it
    # names, a discard shown by named tiles and the okey by the indicator (tuned on)
    "search_tune5.yaml": {"mrr": 0.72, "hit3": 0.78},
    # a sixth tuning set, written blind on 2026-11-28 (third session; no engine run while
    # writing); first scored on 01ee3d4: tr 0.950 / 1.000, de 0.847 / 0.950, en 0.868 / 0.925
    "search_tune6.yaml": {"mrr": 0.82, "hit3": 0.90},
    # a seventh tuning set, written blind on 2026-11-28 (third session; no engine run while
    # writing), half of it short searches; its three stories over 200 characters (more than
    # a search takes) were left out. First scored on 66b1b0b: tr 0.868 / 0.925, de 0.866 /
    # 0.946, en 0.856 / 0.950
    "search_tune7.yaml": {"mrr": 0.82, "hit3": 0.90},
    # an eighth tuning set, written blind on 2026-11-28 (third session; no engine run while
    # writing): short searches only, at most 80 characters, as the held-out set's are.
    # First scored on 959b0ea: tr 0.978 / 1.000, de 0.895 / 0.933, en 0.945 / 0.978
    "search_tune8.yaml": {"mrr": 0.85, "hit3": 0.90},
    # a ninth tuning set, written blind on 2026-11-28 (fourth session) by a second writer,
    # from the rule texts alone: short searches, at most 80 characters. First scored on
    # 3c3f634: tr 0.930 / 1.000, de 0.832 / 0.940, en 0.921 / 0.960; tr 0.980 / 1.000,
    # de 0.943 / 1.000, en 0.990 / 1.000 with the third writers of players' questions
    "search_tune9.yaml": {"mrr": 0.80, "hit3": 0.90},
    # a tenth tuning set, written blind on 2026-11-28 (fifth session) by a third writer, from
    # the rule texts alone: searches and one-line questions of at most 100 characters. First
    # scored on 3c42605: tr 0.953 / 0.983, de 0.978 / 0.983, en 0.931 / 0.983
    "search_tune10.yaml": {"mrr": 0.85, "hit3": 0.95},
    # an eleventh tuning set, written blind on 2026-11-28 (fifth session) by a fourth writer,
    # from the rule texts alone, as forum and chat posts ask. First scored on f522c28:
    # tr 0.972 / 1.000, de 0.938 / 0.983, en 0.938 / 0.983
    "search_tune11.yaml": {"mrr": 0.85, "hit3": 0.95},
    # a twelfth tuning set, written blind on 2026-11-28 (seventh session) by a fifth writer,
    # from the rule texts alone, as players type at the table, tiles named in some. First
    # scored on 1dcc3e0: tr 0.929 / 0.981, de 0.881 / 0.972, en 0.933 / 0.972
    "search_tune12.yaml": {"mrr": 0.85, "hit3": 0.95},
    # a thirteenth tuning set, written blind on 2026-11-28 (eighth session) by a sixth writer,
    # from the rule texts alone: disputes told as they happen, a quarter short searches. First
    # scored on aad0131: tr 0.941 / 0.971, de 0.855 / 0.949, en 0.937 / 0.976
    "search_tune13.yaml": {"mrr": 0.82, "hit3": 0.92},
    # a fourteenth tuning set, written blind on 2026-11-28 (eighth session) by a seventh
    # writer, from the rule texts alone: many kinds of player, very short and long questions,
    # cases told without their terms, languages mixed. First scored on 2df8dda: tr 0.956 /
    # 1.000, de 0.939 / 0.953, en 0.927 / 1.000
    "search_tune14.yaml": {"mrr": 0.85, "hit3": 0.92},
    # a fifteenth tuning set, written blind on 2026-11-29 (ninth session) by an eighth writer,
    # from the rule texts alone: typed into a phone's search box mid-game, half very short,
    # half situations told without their terms. First scored on dc08c58: tr 0.958 / 1.000,
    # de 0.957 / 0.971, en 0.964 / 1.000
    "search_tune15.yaml": {"mrr": 0.85, "hit3": 0.92},
    # a sixteenth tuning set, written blind on 2026-11-29 (ninth session) by a ninth writer,
    # from the rule texts alone: as players type on a phone, English from many kinds of
    # writer, a third with rummy words. First scored on 9c61d05: tr 0.982 / 1.000,
    # de 0.987 / 1.000, en 0.976 / 0.983
    "search_tune16.yaml": {"mrr": 0.85, "hit3": 0.92},
    # a seventeenth tuning set, written blind on 2026-11-29 (tenth session) by a tenth writer,
    # from the rule texts alone: phone-typed, a third long cases, a third 2-5 word searches,
    # English from rummy natives, Turkish immigrants, teenagers and older players. First
    # scored on c7a859c: tr 0.947 / 0.962, de 0.885 / 0.923, en 0.915 / 0.947
    "search_tune17.yaml": {"mrr": 0.82, "hit3": 0.90},
    # an eighteenth tuning set, written blind on 2026-11-29 (tenth session) by an eleventh
    # writer, from the rule texts alone: a third voice-typed (speech-to-text slips: won for
    # one, one oh one, Okay), a third search-engine style, a third disputes told. First
    # scored on bd5b824: tr 0.979 / 1.000, de 0.983 / 0.980, en 0.972 / 0.989
    "search_tune18.yaml": {"mrr": 0.88, "hit3": 0.94},
    # a nineteenth tuning set, written blind on 2026-11-29 (tenth session) by a twelfth
    # writer, from the rule texts alone: half beginners who tell what they see instead of the
    # terms, a sixth mixing Turkish with German or English, the rest short disputes. First
    # scored on 192692a: tr 0.888 / 0.944, de 0.879 / 0.929, en 0.874 / 0.896
    "search_tune19.yaml": {"mrr": 0.82, "hit3": 0.86},
    # a twentieth tuning set, written blind on 2026-11-29 (tenth session) by a thirteenth
    # writer, from the rule texts alone: next-day group-chat posts, club and tournament
    # organisers, house rules against "the real rule", quick searches. First scored on
    # 8c90024: tr 0.941 / 1.000, de 0.890 / 0.918, en 0.930 / 0.986
    "search_tune20.yaml": {"mrr": 0.84, "hit3": 0.88},
    # a twenty-first tuning set, written blind on 2026-11-29 (eleventh session) by a
    # fourteenth writer, from the rule texts alone: keyword searches, yes/no claims with the
    # tiles written out, 101 against plain Okey, how many. First scored on f787c78:
    # tr 0.963 / 0.971, de 0.963 / 1.000, en 0.962 / 1.000
    "search_tune21.yaml": {"mrr": 0.90, "hit3": 0.92},
    # a twenty-second tuning set, written blind on 2026-11-29 (eleventh session) by a
    # fifteenth writer, from the five source documents (the rule texts for the answer key
    # only): questions in the words of the sources players learned from, disputes, and the
    # points where the sources disagree. First scored on 29aae5e: tr 0.958 / 1.000,
    # de 0.969 / 1.000, en 0.944 / 0.977
    "search_tune22.yaml": {"mrr": 0.88, "hit3": 0.92},
    # a twenty-third tuning set, written blind on 2026-11-29 (eleventh session) by a
    # sixteenth writer, from the rule texts and the source documents, to the held-out set's
    # own recipe (phone, typos, chat, long questions, negations, number words, disputes told
    # with names), its key audited once by the writer. First scored on 1540cd0:
    # tr 0.976 / 1.000, de 0.956 / 1.000, en 0.947 / 0.990
    "search_tune23.yaml": {"mrr": 0.88, "hit3": 0.92},
    # a twenty-fourth tuning set, written blind on 2026-11-29 (eleventh session) by a
    # seventeenth writer, from the rule texts alone: disputes at the table told with names and
    # the tiles typed out, melds asked about, what someone just did, the score after a round.
    # First scored on 77269d4: tr 0.869 / 0.945, de 0.809 / 0.909, en 0.828 / 0.900
    "search_tune24.yaml": {"mrr": 0.76, "hit3": 0.84},
    # a twenty-fifth tuning set, written blind on 2026-11-29 (twelfth session) by an
    # eighteenth writer, from the rule texts alone: players of Rummikub, rummy, Canasta and
    # Batak who map their habits onto Okey, irregularities and timing at the table, and
    # searches of one to three words. First scored on ee76bf8: tr 0.943 / 0.975,
    # de 0.942 / 1.000, en 0.955 / 1.000
    "search_tune25.yaml": {"mrr": 0.86, "hit3": 0.90},
    # a twenty-sixth tuning set, written blind on 2026-11-29 (twelfth session) by a
    # nineteenth writer, from the rule texts alone: rule questions about tiles written in
    # the many notations players type (r7 r8 r9, rot7, drei 5er, üç tane sarı 5, 12-13-1,
    # number words). First scored on 71894fe: tr 0.851 / 0.900, de 0.898 / 0.953,
    # en 0.897 / 0.956
    "search_tune26.yaml": {"mrr": 0.78, "hit3": 0.84},
    # a twenty-seventh tuning set, written blind on 2026-11-29 (twelfth session) by a
    # twentieth writer, from the rule texts alone: short stories of a few moves at the
    # table, with names, tiles and points, asking about one of the acts, not always the
    # last. First scored on 4fdb017: tr 0.852 / 0.911, de 0.906 / 0.933, en 0.806 / 0.889
    "search_tune27.yaml": {"mrr": 0.74, "hit3": 0.82},
    # a twenty-eighth tuning set, written blind on 2026-11-29 (twelfth session) by a
    # twenty-first writer, from the rule texts alone: the score sheet and the whole game as
    # the player keeping score asks, with numbers and names. First scored on 66972e7:
    # tr 0.942 / 1.000, de 0.934 / 1.000, en 0.941 / 0.956
    "search_tune28.yaml": {"mrr": 0.86, "hit3": 0.90},
    # a twenty-ninth tuning set, written blind on 2026-11-29 (twelfth session) by a
    # twenty-second writer, from the rule texts alone: negation and the case that did not
    # happen, in every way players negate. First scored on 813a00c: tr 0.884 / 0.953,
    # de 0.900 / 0.955, en 0.944 / 1.000
    "search_tune29.yaml": {"mrr": 0.80, "hit3": 0.88},
    # a thirtieth tuning set, written blind on 2026-11-29 (twelfth session) by a
    # twenty-third writer, from the rule texts and the house-rule options: the table's house
    # rules told inside the question, every option at least once. First scored on bf90aba:
    # tr 0.952 / 1.000, de 0.903 / 0.956, en 0.956 / 1.000
    "search_tune30.yaml": {"mrr": 0.82, "hit3": 0.88},
    # a thirty-first tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # twenty-sixth writer, from the rule texts alone: the whole rule book, two questions per
    # rule in each language. First scored on c67df25: tr 0.891 / 0.947, de 0.939 / 0.980,
    # en 0.962 / 1.000
    "search_tune31.yaml": {"mrr": 0.82, "hit3": 0.88},
    # a thirty-second tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # twenty-fourth writer, from the rule texts alone: mostly English, as Turkish families
    # abroad, German speakers and rummy players type it. First scored on b4dffe8:
    # tr 1.000 / 1.000, de 0.920 / 0.960, en 0.955 / 0.974
    "search_tune32.yaml": {"mrr": 0.86, "hit3": 0.90},
    # a thirty-third tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # twenty-fifth writer, from the rule texts alone: timing and order within a turn and a
    # round, as asked mid-play. First scored on b4dffe8: tr 0.989 / 1.000, de 0.925 / 0.938,
    # en 0.924 / 0.958
    "search_tune33.yaml": {"mrr": 0.86, "hit3": 0.88},
    # a thirty-fourth tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # twenty-eighth writer, from the rule texts alone: misconceptions, a belief told and put
    # to the rules. First scored on e072002: tr 0.971 / 1.000, de 0.946 / 1.000,
    # en 0.968 / 0.983
    "search_tune34.yaml": {"mrr": 0.88, "hit3": 0.92},
    # a thirty-fifth tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # twenty-seventh writer, from the rule texts alone: English first, terse searches beside
    # one-sentence questions, in everyday words. First scored on d910fbc: tr 1.000 / 1.000,
    # de 1.000 / 1.000, en 0.962 / 1.000
    "search_tune35.yaml": {"mrr": 0.88, "hit3": 0.92},
    # a thirty-sixth tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # twenty-ninth writer, from the rule texts, the house-rule options and the sources:
    # the official rule, who says so, and where it differs. First scored on 9eaffa4:
    # tr 0.965 / 1.000, de 0.976 / 1.000, en 0.960 / 0.977
    "search_tune36.yaml": {"mrr": 0.88, "hit3": 0.92},
    # a thirty-seventh tuning set, written blind on 2026-11-29 (thirteenth session) by a
    # thirtieth writer, from the rule texts alone: numbers, asked for or told, as digits and
    # as words. First scored on 9eaffa4: tr 0.970 / 1.000, de 0.962 / 1.000,
    # en 0.964 / 0.976
    "search_tune37.yaml": {"mrr": 0.88, "hit3": 0.92},
    # the second held-out set, written blind on 2026-11-25, its key audited blind by a second
    # reader, scored first on the engine of ac22a3c: tr 0.756 / 0.840, de 0.843 / 0.940,
    # en 0.776 / 0.900. The bar is a floor against regressions, never a target to tune to.
    # Then tr 0.790 / 0.840, de 0.847 / 0.940, en 0.831 / 0.920 (e7d144f); tr 0.835 / 0.880,
    # de 0.878 / 0.980, en 0.862 / 0.900 with coordination and the sentence lead; tr 0.845 /
    # 0.880, de 0.876 / 0.960, en 0.864 / 0.920 with words side by side; tr 0.925 / 0.960,
    # de 0.902 / 0.960, en 0.885 / 0.960 with the referee's rulings on what a question tells;
    # tr 0.928 / 0.960, de 0.901 / 0.940, en 0.885 / 0.960 after the fifth tuning set's work;
    # tr 0.920 / 0.960, de 0.899 / 0.960, en 0.887 / 0.980 at the end of the day's work;
    # tr 0.922 / 0.980, de 0.927 / 1.000, en 0.897 / 0.980 with players' questions (d5b7920);
    # tr 0.937 / 1.000, de 0.967 / 1.000, en 0.913 / 0.960 with their third writers, the
    # cover they give, and a variant's name read once; tr 0.947 / 1.000, de 0.967 / 1.000,
    # en 0.913 / 0.960 after the tenth and eleventh sets' work (fifth session); tr 0.947 /
    # 1.000, de 0.967 / 1.000, en 0.923 / 0.960 after the twelfth set's work (seventh);
    # tr 0.945 / 0.980, de 0.957 / 1.000, en 0.923 / 0.960 after the thirteenth and
    # fourteenth sets' work (eighth).
    "search_heldout.yaml": {"mrr": 0.75, "hit3": 0.82},
}
QUIET = {"search_heldout.yaml"}
"""Sets whose misses are not printed, so that nobody tunes on them by accident."""


@dataclass(frozen=True)
class Figures:
    queries: int
    mrr: float
    hit3: float
    misses: tuple[str, ...]


def evaluate(index: SearchIndex, queries: list[dict[str, object]], lang: str) -> Figures:
    """MRR@10 and hit@3 of ``queries`` searched with display language ``lang``, as the API
    and the page search: the referee's ruling on what a query tells (tiles, a round's end,
    a discard, a pickup, an opening), read from it as mended where it tells nothing as
    typed, leads."""
    reciprocal: list[float] = []
    hits3 = 0
    misses: list[str] = []
    for item in queries:
        wanted = {str(rule) for rule in item["ok"]}  # type: ignore[attr-defined]
        query = str(item["q"])
        found = [hit.id for hit in led_search(
            lambda lead: index.search(query, lang, limit=10, lead=lead), query).hits]
        rank = next((i for i, rule in enumerate(found, 1) if rule in wanted), None)
        reciprocal.append(1 / rank if rank else 0.0)
        hits3 += rank is not None and rank <= 3
        if rank != 1:
            misses.append(f"{item['q']!r}: rank {rank}, want {sorted(wanted)}, got {found[:3]}")
    n = len(queries)
    return Figures(n, sum(reciprocal) / n, hits3 / n, tuple(misses))


def load_set(name: str) -> dict[str, list[dict[str, object]]]:
    data: dict[str, list[dict[str, object]]] = yaml.safe_load((FIXTURES / name).read_text())
    return data


@pytest.mark.parametrize("name", sorted(BARS))
def test_search_quality(
    name: str, search_index: SearchIndex, capsys: pytest.CaptureFixture[str]
) -> None:
    queries = load_set(name)
    assert set(queries) == set(LANGS)
    report = {lang: evaluate(search_index, queries[lang], lang) for lang in LANGS}
    with capsys.disabled():
        print(f"\n{name}")
        for lang, fig in report.items():
            print(f"  {lang}: MRR@10 {fig.mrr:.3f}  hit@3 {fig.hit3:.3f}  ({fig.queries} queries)")
            for miss in () if name in QUIET else fig.misses:
                print(f"      {miss}")
    bar = BARS[name]
    # compare bare figures, so that a failure shows no held-out miss (pytest would print the
    # whole Figures value, misses and all)
    below = [f"{name} {lang}: {kind} {value:.3f} < {bar[kind]}"
             for lang, fig in report.items()
             for kind, value in (("mrr", fig.mrr), ("hit3", fig.hit3)) if value < bar[kind]]
    assert below == []


TYPO_SETS = ("search_dev.yaml", "search_tune.yaml", "search_tune2.yaml", "search_tune3.yaml",
             "search_tune4.yaml", "search_retired.yaml", "search_extra.yaml", "search_blind.yaml")
TYPO_LOSS = {"tr": 0.035, "de": 0.04, "en": 0.03}
"""How much MRR@10 one typo in each question may cost, per language: measured 0.026, 0.043
and 0.033 (tr, de, en) when the mended word came to count as a near match (0.031 in English
with the synonyms' words in the speller's vocabulary; then 0.024, 0.033 and 0.020 with a word
read only as a short stem mended; 0.023, 0.028 and 0.015 with a mended word read as the
word it mends to; 0.022, 0.031 and 0.010 with the stop words in the speller's vocabulary;
0.026, 0.031 and 0.010 with the referee's rulings on what a question tells, whose phrases a
typo can hide, as written 0.964, 0.959 and 0.968; 0.024, 0.024 and 0.009 with those read
from the query as mended too); 0.034, 0.054 and 0.050 before."""


def with_a_typo(query: str, rng: random.Random) -> str | None:
    """``query`` with one edit (two letters swapped, one dropped, doubled or replaced) inside
    one of its words of five letters or more, as a thumb makes them; None if it has none.

    >>> with_a_typo("can the joker be discarded", random.Random(1))
    'can the jokre be discarded'
    """
    words = query.split()
    long = [i for i, word in enumerate(words) if len(word) >= 5 and word.isalpha()]
    if not long:
        return None
    i = rng.choice(long)
    word = words[i]
    k = rng.randrange(1, len(word) - 1)
    kind = rng.choice(("swap", "drop", "double", "replace"))
    if kind == "swap":
        word = word[:k] + word[k + 1] + word[k] + word[k + 2:]
    elif kind == "drop":
        word = word[:k] + word[k + 1:]
    elif kind == "double":
        word = word[:k] + word[k] + word[k:]
    else:
        word = word[:k] + rng.choice("aeiourstnl") + word[k + 1:]
    words[i] = word
    return " ".join(words)


def test_one_typo_costs_little(search_index: SearchIndex,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """Every question of the tuning sets, as written and with one typo (seeded), scored the
    same way: players type on a phone. The held-out set stays out of it."""
    rng = random.Random(7)
    lines = []
    for lang in LANGS:
        clean: list[dict[str, object]] = []
        typed: list[dict[str, object]] = []
        for name in TYPO_SETS:
            for item in load_set(name)[lang]:
                mistyped = with_a_typo(str(item["q"]), rng)
                if mistyped is not None:
                    clean.append(item)
                    typed.append({**item, "q": mistyped})
        before, after = (evaluate(search_index, items, lang).mrr for items in (clean, typed))
        lines.append((lang, len(clean), before, after))
    with capsys.disabled():
        print("\none typo in each tuning question:")
        for lang, n, before, after in lines:
            print(f"  {lang}: MRR@10 {before:.3f} as written, {after:.3f} with a typo ({n})")
    assert [lang for lang, _, before, after in lines if before - after > TYPO_LOSS[lang]] == []


def load_off_topic() -> dict[str, dict[str, list[str]]]:
    data: dict[str, dict[str, list[str]]] = yaml.safe_load(
        (FIXTURES / "search_offtopic.yaml").read_text(encoding="utf-8"))
    return data


OFF_TOPIC_HELD_OUT = 0.80
"""The floor of the share of off-topic queries that find nothing in each part but the first
tuning part (12 of 15 of the first held-out part when the topic test was made; 49 of 60 of
the second tuning part when it was written, 75 of 90 of the third, 72 of 90 of the fourth, 76 of 90 of the fifth, 71 of 90 of the sixth): the first is held to all
in tests/test_search_topic.py."""


@pytest.mark.parametrize("part", sorted(set(load_off_topic()) - {"tune"}))
def test_held_out_off_topic_queries_find_nothing(part: str, search_index: SearchIndex,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    held_out = load_off_topic()[part]
    queries = [(lang, query) for lang in LANGS for query in held_out[lang]]
    nothing = sum(search_index.search(query, lang).status == "nothing" for lang, query in queries)
    with capsys.disabled():
        print(f"\nsearch_offtopic.yaml {part}: {nothing} of {len(queries)} find nothing")
    assert nothing / len(queries) >= OFF_TOPIC_HELD_OUT


def test_every_expected_rule_exists(search_index: SearchIndex) -> None:
    """A query set naming a rule the book lacks would measure nothing."""
    from rules_data import rulebook

    book = rulebook()
    for name in BARS:
        for lang, queries in load_set(name).items():
            for item in queries:
                missing = {str(r) for r in item["ok"]} - set(book.rules)  # type: ignore[attr-defined]
                assert not missing, f"{name} {lang} {item['q']!r}: no rule {missing}"

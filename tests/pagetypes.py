"""Every page type of the app, as paths under a language, for the browser checks (axe, no
sideways scrolling) and for ``tests/screenshots.py``. One list, so a page type added here is
both checked and drawn.

The score sheet's pages need a match: :func:`demo_sheet` makes one (4 players, 10 rounds)
through the JSON API of a running app, and :func:`page_types` fills its code in."""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.parse import urlencode

RACK_21 = "R1 R2 R3 R4 R5 Y5 Y6 Y7 B9 B10 B11 K12 K13 R12 Y12 B12 Y1 Y2 K3 K4 B6"
PLAYERS = ["Ayşe", "Mehmet", "Jana", "Tom"]

# Each referee check with a ruling, as the shareable link its form makes.
CHECK_QUERIES: dict[str, dict[str, str]] = {
    "okey": {"indicator": "R7"},
    "meld": {"variant": "plain", "indicator": "K4", "tiles": "R12 R13 R1"},
    "pair": {"variant": "plain", "indicator": "R4", "tiles": "R5 Y4"},
    "opening": {"indicator": "K4", "melds": "R10 R11 R12 R13\nY10 Y11 Y12\nB10 B11 B12"},
    "best-opening": {"indicator": "K7", "tiles": RACK_21},
    "winning-hand": {"indicator": "K7",
                     "tiles": "R1 R2 R3 Y4 Y5 Y6 B7 B8 B9 K10 K11 K12 K13 R5"},
    "discard": {"indicator": "K4", "tile": "R9", "table": "R6 R7 R8"},
    "pickup": {"indicator": "K4", "tile": "R9", "opened": "1"},
    "score": {"variant": "101", "indicator": "K4", "finish": "normal", "winner": "0",
              "p0_opened": "melds", "p1_opened": "melds", "p1_value": "23",
              "p2_opened": "melds", "p2_value": "41", "p3_opened": "melds", "p3_value": "7"},
}


def page_types(sheet_code: str | None = None, sheet_key: str = "") -> list[tuple[str, str]]:
    """(name, path with ``{lang}``) for every page type; the sheet's need ``sheet_code``, and
    its round form (``sheet-edit``, through the edit link) the match's ``sheet_key``."""
    pages = [
        ("home", "/{lang}/"),
        ("search", "/{lang}/search?q=okey+discard"),
        ("search-none", "/{lang}/search?q=zzqxv"),
        ("search-tiles", "/{lang}/search?q=R12+R13+R1"),
        ("rule", "/{lang}/rules/302"),
        ("rules-101", "/{lang}/rules?variant=101"),
        ("categories", "/{lang}/rules"),
        ("category", "/{lang}/categories/okey"),
        ("glossary", "/{lang}/glossary"),
        ("sources", "/{lang}/sources"),
        ("variants", "/{lang}/variants"),
        ("table", "/{lang}/table"),
        ("referee", "/{lang}/referee/"),
        ("referee-meld-empty", "/{lang}/referee/meld"),
    ]
    pages += [(f"referee-{check}", f"/{{lang}}/referee/{check}?{urlencode(query)}")
              for check, query in CHECK_QUERIES.items()]
    pages += [
        ("round-empty", "/{lang}/referee/round"),
        ("round", "/{lang}/referee/round?" + urlencode({"log": _example_round()})),
        ("arrange", "/{lang}/arrange?" + urlencode({"indicator": "K7", "tiles": RACK_21})),
        ("practice", "/{lang}/practice"),
        ("sheet-new", "/{lang}/sheet/"),
        ("offline", "/{lang}/offline"),
        ("404", "/{lang}/rules/999"),
    ]
    if sheet_code:
        pages += [("sheet", f"/{{lang}}/sheet/{sheet_code}"),
                  ("sheet-print", f"/{{lang}}/sheet/{sheet_code}/print")]
        if sheet_key:
            pages.append(("sheet-edit", f"/{{lang}}/sheet/{sheet_code}/edit?key={sheet_key}"))
    return pages


def _example_round() -> str:
    """The round page's example (a 405 put in), as its link carries it."""
    from web.round_page import encode_log, example_log

    return encode_log(example_log())


def _post(url: str, body: dict[str, Any], key: str = "") -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **({"X-Edit-Key": key} if key else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        data: dict[str, Any] = json.load(response)
    return data


def demo_sheet(base_url: str, rounds: int = 10) -> tuple[str, str]:
    """A 4-player 101 match with ``rounds`` rounds played: (code, its edit key)."""
    made = _post(f"{base_url}/api/v1/matches", {"players": PLAYERS, "rounds": 12})
    code, key = made["code"], made["edit_key"]
    for number in range(rounds):
        winner = number % 4
        left = iter((12 + number, 37, 5 * number + 3))
        _post(f"{base_url}/api/v1/matches/{code}/rounds", {
            "finish": "normal", "winner": winner, "players": [
                {"opened": "melds"} if i == winner
                else {"opened": "melds", "remaining_value": next(left)} for i in range(4)]},
            key)
    return code, key

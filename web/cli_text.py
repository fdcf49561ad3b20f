"""What the ``flask`` commands print, as text for a terminal: a rule's Markdown as wrapped
paragraphs and lists, and tiles drawn as ``[R7]``, coloured when the output is a terminal.

The rule texts use a small part of Markdown (see rules_data/FORMAT.md): paragraphs, ``-``/``*``
and ``1.`` lists, ``**strong**``/``*em*``, ``code`` and ``[[404]]`` links. A list may follow its
lead-in line directly; it is still a list here.

>>> print(readable("Two ways:\\n- one **tile**;\\n- the [[605]] deck.\\n\\nEnd.", width=30))
Two ways:
  • one tile;
  • the 605 deck.
<BLANKLINE>
End.
>>> tile_text("F", "R5", color=False)
'[F=R5]'
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence

import click

from rules_data.schema import LINK
from web.render import SOURCE_ID

WIDTH = 78
_ITEM = re.compile(r"^\s*(?:([-*+])|(\d{1,3})[.)])\s+(.*)$")
_INLINE: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),  # [text](url) -> text
    (re.compile(r"\*\*(.+?)\*\*|__(.+?)__"), r"\1\2"),  # an unmatched group is empty
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), r"\1"),
    (re.compile(r"`([^`]*)`"), r"\1"),
]
COLORS = {"R": "red", "Y": "yellow", "B": "blue", "K": None, "F": "magenta"}


def inline(text: str) -> str:
    """One line of Markdown without its marks: ``**a** [[404]]`` becomes ``a 404``."""
    text = LINK.sub(lambda m: m.group(1), text)
    for pattern, replacement in _INLINE:
        text = pattern.sub(replacement, text)
    return text


def _blocks(markdown: str) -> Iterator[tuple[str, str]]:
    """The text's blocks as (marker, text): marker ``""`` for a paragraph, ``•`` or ``3.``
    for a list item, ``"\\n"`` between blocks separated by a blank line."""
    marker: str | None = None
    lines: list[str] = []
    for raw in markdown.strip().splitlines():
        line = raw.strip()
        item = _ITEM.match(raw)
        if not line or item or (marker and not raw.startswith((" ", "\t"))):
            if marker is not None:
                yield marker, " ".join(lines)
            marker, lines = None, []
            if not line:
                yield "\n", ""
                continue
        if item:
            marker = "•" if item.group(1) else f"{item.group(2)}."
            lines = [item.group(3)]
        elif marker is None:
            marker, lines = "", [line]
        else:
            lines.append(line)
    if marker is not None:
        yield marker, " ".join(lines)


def readable(markdown: str, width: int = WIDTH,
             sources: Mapping[str, str] | None = None) -> str:
    """A rule's Markdown text as plain wrapped text: paragraphs, and list items indented
    with a bullet or their number (continuation lines under the item's text). A bare source
    id reads as the source's name with the id, as on the rule page (``sources``: id -> name).

    >>> readable("As 001 says.", sources={"001": "Okey Kuralları"})
    'As Okey Kuralları (001) says.'
    """
    if sources:
        markdown = SOURCE_ID.sub(
            lambda m: f"{sources[m.group(1)]} ({m.group(1)})" if m.group(1) in sources
            else m.group(1), markdown)
    out: list[str] = []
    for marker, text in _blocks(markdown):
        if marker == "\n":
            if out and out[-1]:
                out.append("")
            continue
        if not marker:
            out.extend(textwrap.wrap(inline(text), width) or [""])
            continue
        lead = f"  {marker} "
        out.extend(textwrap.wrap(inline(text), width, initial_indent=lead,
                                 subsequent_indent=" " * len(lead)))
    return "\n".join(out).strip("\n")


def tile_text(tile: str, stands_for: str | None = None, color: bool = True) -> str:
    """One tile as ``[R7]``; a joker that stands for another tile as ``[F=R5]``. Coloured
    by the tile's colour (black in bold) when ``color``; click drops the colour when the output
    is not a terminal."""
    label = tile if stands_for in (None, tile) else f"{tile}={stands_for}"
    if not color:
        return f"[{label}]"
    fg = COLORS.get(tile[0])
    return "[" + click.style(label, fg=fg, bold=fg is None) + "]"


def tiles_text(tiles: Sequence[str], stands_for: Sequence[str] | None = None) -> str:
    """A row of tiles, each as :func:`tile_text`."""
    shown = stands_for if stands_for is not None else tiles
    return " ".join(tile_text(t, s) for t, s in zip(tiles, shown, strict=True))

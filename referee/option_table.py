"""Every cell option the best-opening search can ask for, computed once by ``.ci/setup`` and
read from a file, so that a fresh process does not spend its first solves building them.

The search (:mod:`referee.programme`) asks, for a colour state, the jokers left and a cell,
what the cell's naturals and jokers may do (``_options``). Which of these a rack needs is
known only as it is solved; working them out was most of a first call's time. The table
holds them all: ``build`` (run by ``.ci/compile-solver``) walks every colour state that
any rack can reach at every cell (under both wrap rules, by value and by tile count) and
stores each option list. It is stamped with the SHA-256 of the search's source and of this
module, and used only while both match; without it (or for a key it lacks) the search
computes the options as before. The file is mapped, not read, so loading it costs about a
millisecond, and a lookup is a binary search.
"""

from __future__ import annotations

import gc
import hashlib
import marshal
import mmap
import os
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.programme import ColourState as State, Move

HERE = Path(__file__).resolve().parent
#: Where ``.ci/setup`` writes the table (ignored by git: it is built, not kept).
PATH = HERE / "option_table.bin"
SOURCES = (HERE / "programme.py", Path(__file__).resolve())
#: Bytes of one stored option, as the search reads them: the bound change plus 128, the new
#: colour state, the rest of the key delta plus 32768 (low byte, high byte), the value
#: gained, the jokers used, the naturals for sets, and the move (an index into ``moves``,
#: low byte, high byte); and of one option as the second bound reads it: the new colour
#: state, the value gained, the jokers used, the naturals for sets, a byte each.
WIDTH, BOUNDING_WIDTH = 9, 4

# An option as stored (see ``referee.programme``).
Stored = tuple[int, int, int, int, int, int, "Move"]


def pack(options: Iterable[Sequence[int]]) -> bytes:
    """Options given as (bound change, new colour state, the rest of the key delta, value
    gained, jokers used, naturals for sets, move's number), as the table stores them."""
    packed = bytearray()
    for change, new, rest, gain, used, t, move in options:
        assert -128 <= change < 128 and -32768 <= rest < 32768 and 0 <= move < 1 << 16
        packed += bytes((change + 128, new, (rest + 32768) & 255, (rest + 32768) >> 8, gain,
                         used, t, move & 255, move >> 8))
    return bytes(packed)


def unpack(packed: bytes) -> list[tuple[int, int, int, int, int, int, int]]:
    """The options that ``pack`` stored."""
    return [(packed[i] - 128, packed[i + 1], packed[i + 2] + (packed[i + 3] << 8) - 32768,
             packed[i + 4], packed[i + 5], packed[i + 6], packed[i + 7] | packed[i + 8] << 8)
            for i in range(0, len(packed), WIDTH)]


def stamp() -> str:
    """The SHA-256 of the sources the table is computed from."""
    digest = hashlib.sha256()
    for source in SOURCES:
        digest.update(source.read_bytes())
    return digest.hexdigest()


def key_of(code: int, jokers: int, cell_key: int) -> int:
    """A stored key: the colour state's number, the jokers left and the cell's description."""
    return code | jokers << 8 | cell_key << 11


class Table:
    """The option lists by key, as runs of bytes in a mapped file (see ``WIDTH``). Colour
    states are numbered as ``states`` lists them: the search numbers its own the same way."""

    def __init__(self, path: Path) -> None:
        with open(path, "rb") as file:
            self._map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        size = int.from_bytes(self._map[:8], "little")
        header = marshal.loads(self._map[8:8 + size])
        self.stamp: str = header[0]
        #: The colour states and the moves that the options name, by number.
        self.states: tuple[State, ...] = header[1]
        self.moves: tuple[Move, ...] = header[2]
        count: int = header[3]
        at = 8 + size
        arrays = []
        for length in (count, count + 1, count + 1):  # keys, then each section's offsets
            found = array("i")
            found.frombytes(self._map[at:at + 4 * length])
            arrays.append(found)
            at += 4 * length
        self.keys, offsets, bounding_offsets = arrays
        self._sections = ((offsets, at), (bounding_offsets, at + offsets[-1]))

    def _find(self, section: int, code: int, jokers: int, cell_key: int) -> bytes | None:
        key = key_of(code, jokers, cell_key)
        at = bisect_left(self.keys, key)
        if at == len(self.keys) or self.keys[at] != key:
            return None
        offsets, start = self._sections[section]
        return self._map[start + offsets[at]:start + offsets[at + 1]]

    def options(self, code: int, jokers: int, cell_key: int) -> bytes | None:
        """The options stored for a colour state, the jokers left and a cell (by its
        description), ``WIDTH`` bytes each; None if the table lacks them."""
        return self._find(0, code, jokers, cell_key)

    def bounding(self, code: int, jokers: int, cell_key: int) -> bytes | None:
        """The same options as the second bound reads them (``BOUNDING_WIDTH`` bytes each)."""
        return self._find(1, code, jokers, cell_key)


def load(path: Path = PATH) -> Table | None:
    """The table at ``path`` if it is there and was computed from the sources beside it
    (read with the garbage collector paused: its many new tuples would start a collection
    that walks every object of the process, for nothing)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        table = Table(path)
    except (OSError, ValueError, EOFError, IndexError, TypeError):
        return None
    finally:
        if collecting:
            gc.enable()
    return table if table.stamp == stamp() else None


#: The table the search reads, or None: then it computes every option itself.
TABLE: Table | None = load()


def write(path: Path, states: list[State],
          entries: dict[tuple[int, int, int], tuple[list[Stored], list[int]]]) -> None:
    """Write option lists keyed by (colour state's number in ``states``, jokers left, cell
    description): the options, and the same as the second bound reads them, flat."""
    moves = sorted({option[6] for options, _ in entries.values() for option in options},
                   key=repr)
    move_index = {move: i for i, move in enumerate(moves)}
    assert len(states) < 256 and len(moves) < 1 << 15
    keys, offsets, bounding_offsets = array("i"), array("i", [0]), array("i", [0])
    data, bounding_data = bytearray(), bytearray()
    for key, (options, bounding) in sorted((key_of(*k), v) for k, v in entries.items()):
        keys.append(key)
        data += pack((*fields, move_index[move]) for *fields, move in options)
        offsets.append(len(data))
        bounding_data += bytes(bounding)
        bounding_offsets.append(len(bounding_data))
    header = marshal.dumps((stamp(), tuple(states), tuple(moves), len(keys)))
    header += b"\0" * (-len(header) % 8)
    # Written beside it and renamed over it: a process that has the old table mapped keeps
    # reading the old file, never one cut short under it.
    written = path.with_name(path.name + ".new")
    written.write_bytes(len(header).to_bytes(8, "little") + header + keys.tobytes()
                        + offsets.tobytes() + bounding_offsets.tobytes() + data + bounding_data)
    os.replace(written, path)


def build(path: Path = PATH) -> int:
    """Compute every option list that a search can ask for and write them to ``path``;
    returns how many lists.

    A colour's cell depends on its naturals there, whether it has naturals one and two
    steps on and how far on the next one lies (as far as the jokers reach: five steps at
    most). So the walk goes step by step over (colour state, jokers the colour has spent,
    which of the next six steps hold naturals), every continuation of that window taken,
    from the empty state at the first step. Any rack's colour meets only such cells and
    states, with no more jokers left than it has not spent, so the table covers every rack.
    """
    global TABLE
    TABLE = None  # compute, never read, what is to be stored
    from referee.solver import ENGINES

    programme = ENGINES.get("compiled", ENGINES["python"])  # the same options, sooner

    found: dict[tuple[int, int, int], tuple[list[Stored], list[int]]] = {}
    for top in (13, 14):
        for joker_set in (13, 1):
            nodes = {(programme._code(programme.EMPTY), 0, window) for window in range(64)}
            for step in range(1, top + 1):
                after: set[tuple[int, int, int]] = set()
                for code, spent, window in nodes:
                    has = [window >> i & 1 for i in range(6)]  # steps on from this one
                    gaps = (not has[1], not has[1] and not has[2])
                    reach = next((d for d in range(1, 6) if has[d]), 99)
                    for k in (1, 2) if has[0] else (0,):
                        cells = programme._cell_ids(k, step, top, gaps, reach, joker_set, 4)
                        for left in range(4 - spent + 1):
                            cell = programme._table(code, cells[left])
                            options = programme._options(code, left, cell)
                            found[code, left, programme._CELL_KEYS[cell]] = (
                                list(options), list(programme._bounding(code, left, cell)))
                            for option in options:
                                for more in (0, 1) if step + 6 <= top else (0,):
                                    after.add((option[1], spent + option[4],
                                               window >> 1 | more << 5))
                nodes = after
    write(path, list(programme._STATES), found)
    return len(found)


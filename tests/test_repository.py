"""The repository itself: no file carries an unresolved merge.

Several branches land on main by merges; a conflict marker committed by mistake breaks an
import far from where it stands (it did once, in the speller), so it is caught here by name.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.M)


def tracked_text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.split(b"\0")
    return [ROOT / name.decode() for name in listed if name]


def test_no_file_holds_a_conflict_marker() -> None:
    found = []
    for path in tracked_text_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary (icons) or removed in the working tree
        if MARKER.search(text):
            found.append(str(path.relative_to(ROOT)))
    assert found == [], f"unresolved merge in {found}"


def test_the_marker_check_finds_a_marker() -> None:
    assert MARKER.search("x = 1\n<<<<<<< ours\ny = 2\n=======\ny = 3\n>>>>>>> theirs\n")
    assert not MARKER.search("a = '======='  # no marker: not alone on its line\n")

"""The review script (``python -m tests.screenshots OUTDIR``) draws the pages it is asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests import screenshots

pytestmark = pytest.mark.browser


def test_the_script_draws_a_page_at_phone_size_and_indexes_it(tmp_path: Path,
                                                               browser: Any) -> None:
    pictures = screenshots.draw(tmp_path, ["de"], ["phone"], {"sheet"}, browser)
    screenshots.index(tmp_path, pictures)
    drawn = tmp_path / "de-phone-sheet.png"
    png = drawn.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == 390  # the phone's width, nothing wider
    assert [p.name for p in tmp_path.glob("*.png")] == [drawn.name]
    assert 'src="de-phone-sheet.png"' in (tmp_path / "index.html").read_text()

"""The code type-checks: ``mypy --strict`` over the engine, the rule book and the web layer."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "tests/mypy.ini", "--no-incremental",
         "referee", "rules_data", "web", "app.py"],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr

"""The ``flask`` commands through Flask's CLI runner: index, rule search and the referee."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from flask.testing import FlaskCliRunner

from conftest import make_app


def test_build_index_writes_a_new_generation(tmp_path: Path) -> None:
    app = make_app(tmp_path / "index", tmp_path)
    first = (tmp_path / "index" / "CURRENT").read_text().strip()
    result = app.test_cli_runner().invoke(args=["build-index"])
    assert result.exit_code == 0, result.output
    second = (tmp_path / "index" / "CURRENT").read_text().strip()
    assert second != first and second in result.output


def test_rules_search_in_german(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["rules", "search", "Jokerabwurf", "--lang", "de"])
    assert result.exit_code == 0
    assert result.output.splitlines()[0].startswith("703")


def test_rules_search_bad_input(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["rules", "search", "x" * 10_000])
    assert result.exit_code == 2 and "200" in result.output
    assert runner.invoke(args=["rules", "search", "okey", "--lang", "fr"]).exit_code == 2


def test_rules_show(runner: FlaskCliRunner) -> None:
    assert "404" in runner.invoke(args=["rules", "show", "404"]).output
    assert runner.invoke(args=["rules", "show", "999"]).exit_code == 2


@pytest.mark.parametrize(("args", "first_word"), [
    (["meld", "K12 K13 K1", "--variant", "plain"], "Valid"),
    (["meld", "K12 K13 K1", "--variant", "101"], "Not valid"),
    (["meld", "K12 K13 K1", "--variant", "101", "--option", "wrap_13_1=after_13"], "Valid"),
    (["okey", "--indicator", "Y13"], "Ruling"),
    (["opening", "R10 R11 R12 | K10 Y10 B10 | B11 B12 B13", "--indicator", "K4"], "Not valid"),
    (["discard", "R5", "R6 R7 R8", "--indicator", "K4"], "Penalty"),
    (["pickup", "R9", "R1 R2 R3 R4 R5 R6 R7 R8 B1 B1 K2 K3 K7 Y9 Y11 Y12 B5 B6 K10 K11 Y1",
      "--indicator", "K4"], "Not allowed"),
])
def test_referee_commands(runner: FlaskCliRunner, args: list[str], first_word: str) -> None:
    result = runner.invoke(args=["referee", *args])
    assert result.exit_code == 0, result.output
    assert result.output.startswith(first_word), result.output


def test_referee_json_and_score(runner: FlaskCliRunner) -> None:
    body = {"variant": "101", "indicator": "K4", "finish": "normal", "winner": 1,
            "players": [{"opened": "melds", "remaining": "R2 R3"}, {"opened": "melds"},
                        {"opened": None}]}
    result = runner.invoke(args=["referee", "score", json.dumps(body), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["scores"] == [5, -101, 202]


@pytest.mark.parametrize("args", [
    ["meld", "K12 K13 X1"],
    ["meld", "K12 K13 K1", "--option", "wrap"],
    ["meld", "K12 K13 K1", "--option", "nope=1"],
    ["meld", "K12 K13 K1", "--variant", "102"],
    ["best-opening", "R1 R2", "--indicator", "K4"],
    ["score", "{not json"],
    ["score", "[1, 2]"],
])
def test_referee_bad_arguments_exit_2_with_a_message(runner: FlaskCliRunner,
                                                     args: list[str]) -> None:
    result = runner.invoke(args=["referee", *args])
    assert result.exit_code == 2
    assert "Error:" in result.output and "Traceback" not in result.output

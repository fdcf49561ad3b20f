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


def test_rules_search_rules_on_the_tiles_a_query_names(runner: FlaskCliRunner) -> None:
    """``is K12 K13 K1 a run``: the meld ruling per variant, then the rules."""
    output = runner.invoke(args=["rules", "search", "is K12 K13 K1 a run"]).output
    lines = output.splitlines()
    assert lines[0] == "[101] K12 K13 K1" and lines[1].startswith("Not valid")
    assert "[plain] K12 K13 K1" in lines and "Valid  (rules 402, 407)" in lines


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
    (["pair", "R5 Y4", "--indicator", "R4", "--variant", "plain"], "Valid"),
    (["pair", "R5 Y4", "--indicator", "R4", "--variant", "101"], "Not valid"),
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
    ["pair", "R5 Y4 Y3"],
    ["pair", "F Y4"],
    ["winning-hand", "R1 R2", "--indicator", "K4", "--variant", "plain"],
    ["score", "{not json"],
    ["score", "[1, 2]"],
])
def test_referee_bad_arguments_exit_2_with_a_message(runner: FlaskCliRunner,
                                                     args: list[str]) -> None:
    result = runner.invoke(args=["referee", *args])
    assert result.exit_code == 2
    assert "Error:" in result.output and "Traceback" not in result.output


ROUND = '{"finish": "deck_out", "players": [{}, {}]}'


@pytest.mark.parametrize(("content", "message"), [
    pytest.param(None, "There is no file", id="missing"),
    pytest.param("folder", "is a folder, not a file.", id="folder"),
    pytest.param(b'{"finish": "deck_out", "x": "\xff"}', "The body is not UTF-8 text.",
                 id="not-utf8"),
    pytest.param(b'{"finish": "normal", "winner": ' + b"9" * 5000 + b"}",
                 "A number in the body is too long (at most 100 digits).", id="5000-digits"),
    pytest.param(b"[" * 30_000 + b"]" * 30_000, "The body is nested too deeply.", id="deep"),
    pytest.param(b" " * 70_000 + b"{}", "The request is too large.", id="too-large"),
    pytest.param(b"[1, 2]", "The body must be a JSON object.", id="array"),
    pytest.param(b'{"finish": "normal", "winner": NaN}',
                 "winner must be a finite number, not NaN or Infinity.", id="nan"),
])
def test_score_from_a_bad_file_is_a_usage_error(runner: FlaskCliRunner, tmp_path: Path,
                                                content: bytes | str | None,
                                                message: str) -> None:
    path = tmp_path / "round.json"
    if content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    result = runner.invoke(args=["referee", "score", f"@{path}"])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_score_reads_a_file_with_a_byte_order_mark_and_standard_input(
        runner: FlaskCliRunner, tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(b"\xef\xbb\xbf" + ROUND.encode())
    from_file = runner.invoke(args=["referee", "score", f"@{path}", "--json"])
    from_stdin = runner.invoke(args=["referee", "score", "@-", "--json"], input=ROUND)
    assert from_file.exit_code == 0 and from_stdin.exit_code == 0, from_stdin.output
    assert json.loads(from_file.output)["scores"] == json.loads(from_stdin.output)["scores"]


@pytest.mark.parametrize(("args", "message"), [
    pytest.param(["referee", "meld", "R1 R2 R3", "--option", "="],
                 "--option “=”: write NAME=CHOICE", id="option-without-a-name"),
    pytest.param(["referee", "meld", "R1 R2 R3", "--option", "wrap_13_1="],
                 "--option “wrap_13_1=”: write NAME=CHOICE", id="option-without-a-choice"),
    pytest.param(["referee", "meld", "R11 R12" + " " * 391 + "R13"],
                 "tiles is too long (at most 400 characters).", id="never-cut"),
    pytest.param(["referee", "meld", "R11 R12 R13", "--option", "wrap_13_1=x", "--lang", "de"],
                 "Unbekannte Option für eine Hausregel: wrap_13_1=x.", id="engine-error-de"),
    pytest.param(["referee", "winning-hand", "R1 R2 R3", "--indicator", "K4", "--variant",
                  "plain", "--lang", "tr"], "Taş sayısı yanlış: 3; gereken 14.", id="tile-count-tr"),
    pytest.param(["referee", "meld", "R1 R2 R3", "--variant", "101", "--lang", "de",
                  "--option", "wrap", ], "--option „wrap“: als NAME=CHOICE schreiben",
                 id="option-de"),
    pytest.param(["referee", "score", '{"finish": "x"}', "--lang", "de"],
                 "finish muss einer dieser Werte sein: 'normal', 'okey', 'pairs', 'elden', "
                 "'deck_out' oder 'cancelled'.", id="choices-de"),
    pytest.param(["rules", "show", "999", "--lang", "tr"], "999 numaralı kural yok.",
                 id="no-rule-tr"),
])
def test_bad_arguments_are_named_in_the_chosen_language(runner: FlaskCliRunner,
                                                        args: list[str], message: str) -> None:
    result = runner.invoke(args=args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_the_output_labels_follow_the_language(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["referee", "score", ROUND, "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "(Regeln 605)" in result.output and "Punkte: S1 202  S2 202" in result.output
    result = runner.invoke(args=["referee", "okey", "--indicator", "F", "--lang", "tr"])
    assert "(kurallar 203)" in result.output and "Uygulanan ev kuralları:" in result.output
    assert "(fake_indicator=" in result.output


@pytest.mark.parametrize(("rule", "lang", "item"), [
    ("105", "de", "  • der Stapel ist leer"),
    ("402", "tr", "  1. Aynı numaralı"),
    ("402", "en", "  2. "),
])
def test_rules_show_prints_text_not_markdown(runner: FlaskCliRunner, rule: str, lang: str,
                                            item: str) -> None:
    result = runner.invoke(args=["rules", "show", rule, "--lang", lang])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith(rule) and set(lines[1]) == {"="}
    assert any(line.startswith(item) for line in lines), result.output
    assert "[[" not in result.output and "**" not in result.output
    assert not any(line.startswith(("- ", "* ")) for line in lines)
    assert max(len(line) for line in lines[2:]) <= 78


def test_best_opening_draws_its_melds_and_leftover(runner: FlaskCliRunner) -> None:
    rack = "R1 R2 R3 R4 B5 Y5 K5 R10 R11 R12 F B9 B9 K13 Y2 Y3 Y4 K1 K2 B12 K8"
    result = runner.invoke(args=["referee", "best-opening", rack, "--indicator", "K7",
                                 "--lang", "de"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "  Kombinationen:" in lines
    assert "    [R10] [R11] [R12] [K8=R13]  = 46" in lines
    assert "    [R1] [R2] [R3] [R4]  = 10" in lines
    assert any(line.startswith("  ") and "[F] [B9] [B9] [K13] [K1] [K2] [B12]" in line
               for line in lines), result.output
    assert "\x1b[" not in result.output  # no colour codes when the output is not a terminal


def test_rules_show_names_its_sources(runner: FlaskCliRunner) -> None:
    from rules_data import rulebook

    title = rulebook().documents["001"].title["tr"]
    output = runner.invoke(args=["rules", "show", "707", "--lang", "tr"]).output
    assert f"{title} (001)" in output.replace("\n", " ")

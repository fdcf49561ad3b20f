"""``flask`` commands: build the search index, search and show rules, and run every referee
check from the shell (``flask referee meld "K12 K13 K1" --variant plain``).

Bad arguments end with a one-line message naming the problem and exit status 2; messages and
labels are in the ``--lang`` language (click's own words, such as "Usage:", stay English).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext
from flask_babel import force_locale, gettext

from rules_data import rulebook
from rules_data.search import SearchIndex
from web.api import move_ruling_json
from web.cli_text import WIDTH, readable, tiles_text
from web.errors import InputError
from web.nfc import NFCGroup
from web.pages import house_choice_label
from web.question_leads import read_question
from web.reasons import ruling_json
from web.referee_requests import CHECKS, judge
from web.round_requests import RoundRequest, rule_round, state_json
from web.search import book, search_question
from web.timeline import timeline_lines
from web.validation import load_json, parse

LANG = click.option("--lang", type=click.Choice(["tr", "de", "en"]), default="en",
                    show_default=True, help="language of the answer")
VARIANT = click.option("--variant", type=click.Choice(["101", "plain"]), default="101",
                       show_default=True)
INDICATOR = click.option("--indicator", default=None,
                         help="the indicator (gösterge), e.g. R7; needed by every check but score")
OPTION = click.option("--option", "options", multiple=True, metavar="NAME=CHOICE",
                      help="a house rule, e.g. wrap_13_1=after_13 (repeatable)")
JSON = click.option("--json", "as_json", is_flag=True, help="print the ruling as JSON")

rules_cli = NFCGroup("rules", help="Search and show the rule book.")
referee_cli = NFCGroup("referee", help="Ask the referee; one command per check.")


MAX_ROUND_BYTES = 64 * 1024
"""The largest round file read, as large as the API's largest body."""


def fail(message: str) -> NoReturn:
    """End the command: exit status 2 and ``message`` (already in the user's language).
    Undecodable bytes of an argument (lone surrogates) are shown escaped, not raised on."""
    raise click.UsageError(message.encode("utf-8", "backslashreplace").decode("utf-8"))


@click.command("build-index")
@LANG
@with_appcontext
def build_index(lang: str) -> None:
    """Build the search index from rules_data (atomically; the old one serves until done)."""
    index = SearchIndex.build(Path(current_app.config["SEARCH_INDEX_DIR"]), rulebook())
    with force_locale(lang):
        click.echo(gettext("search index %(generation)s built in %(directory)s",
                           generation=index.generation, directory=str(index.directory)))


@rules_cli.command("search")
@click.argument("query")
@LANG
@click.option("--variant", type=click.Choice(["101", "plain", "all"]), default="all")
@click.option("--limit", type=click.IntRange(1, 50), default=5, show_default=True)
def rules_search(query: str, lang: str, variant: str, limit: int) -> None:
    """Search the rules: flask rules search "jokerabwurf" --lang de. Tiles the query names
    as a meld or a pair are ruled on first, per variant, as the results page's cards do."""
    with force_locale(lang):
        try:
            reading = read_question(query)
            results = search_question(query, lang, variant, limit, lead=reading.lead)
        except InputError as error:
            fail(error.message)
        for k, (ruled_in, checked) in enumerate(reading.melds):
            click.echo(f"[{ruled_in}] " + " ".join(map(str, reading.ruled_tiles(k))))
            if isinstance(checked, InputError):
                click.echo(f"  {checked.message}")
            else:
                _print_ruling(ruling_json(checked[0], ruled_in, checked[1].applied()), False)
        if not results.hits:
            click.echo(gettext("No rule matches “%(q)s”.", q=results.query))
            return
        if results.suggestion:
            click.echo(gettext("Did you mean “%(q)s”?", q=results.suggestion))
        for hit in results.hits:
            click.echo(f"{hit.id}  {hit.title}  [{', '.join(hit.variants)}]")


@rules_cli.command("show")
@click.argument("rule_id")
@LANG
def rules_show(rule_id: str, lang: str) -> None:
    """Print one rule's text."""
    rules = book()
    if rule_id not in rules:
        with force_locale(lang):
            fail(gettext("There is no rule %(id)s.", id=rule_id[:10]))
    rule = rules.rule(rule_id)
    heading = f"{rule.id}  {rule.title[lang]}"
    names = {doc_id: doc.title[lang] for doc_id, doc in rules.documents.items()}
    click.echo(f"{heading}\n{'=' * len(heading)}\n\n{readable(rule.body[lang], _width(), names)}")
    if rule.reading is not None:
        with force_locale(lang):
            label = gettext("Hakem's reading — no source states this")
        click.echo(f"\n{label}\n{'-' * len(label)}\n\n"
                   f"{readable(rule.reading[lang], _width(), names)}")


def _width() -> int:
    """The text width: 78 columns, or less on a narrow terminal."""
    return max(30, min(WIDTH, shutil.get_terminal_size((WIDTH + 2, 24)).columns - 2))


def _options(pairs: tuple[str, ...]) -> dict[str, str]:
    """``--option NAME=CHOICE`` pairs as the API's ``options``; the error quotes what was typed."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, choice = (part.strip() for part in pair.partition("="))
        if not (sep and name and choice):
            fail(gettext("--option “%(value)s”: write NAME=CHOICE, e.g. wrap_13_1=after_13",
                         value=pair[:60]))
        options[name] = choice
    return options


def _print_ruling(ruling: dict[str, Any], as_json: bool) -> None:
    if as_json:
        click.echo(json.dumps(ruling, ensure_ascii=False, indent=2))
        return
    if ruling["rules"]:
        click.echo(gettext("%(verdict)s  (rules %(rules)s)", verdict=ruling["verdict_text"],
                           rules=", ".join(ruling["rules"])))
    else:
        click.echo(ruling["verdict_text"])
    for line in ruling["explanation"]:
        click.echo(f"  - {line['text']}" + (f"  [{line['rule']}]" if line["rule"] else ""))
    _print_melds(ruling)
    labels = {"scores": gettext("scores"), "standings": gettext("standings")}
    for key, label in labels.items():
        if ruling.get(key) is not None:
            click.echo(f"  {label}: " + "  ".join(
                gettext("P%(n)s %(points)s", n=i + 1, points=v)
                for i, v in enumerate(ruling[key])))
    if ruling["options"]:
        click.echo("  " + gettext("House rules applied:"))
        for name, choice in ruling["options"].items():
            click.echo(f"    {house_choice_label(name, choice)}  ({name}={choice})")


def _print_melds(ruling: dict[str, Any]) -> None:
    """The melds of a best opening drawn as tiles, each with its worth, then the pairs and
    the tiles left over."""
    if ruling.get("melds"):
        click.echo("  " + gettext("Melds:"))
        for meld in ruling["melds"]:
            click.echo(f"    {tiles_text(meld['tiles'], meld['stands_for'])}  = {meld['value']}")
    if ruling.get("pair_tiles"):
        click.echo("  " + gettext("Pairs:") + "  " + "   ".join(
            tiles_text(pair) for pair in ruling["pair_tiles"]))
    if ruling.get("leftover"):
        click.echo("  " + gettext("Left over:") + "  " + tiles_text(ruling["leftover"]))


def _run(check: str, body: dict[str, Any], lang: str, as_json: bool,
         options: tuple[str, ...] = ()) -> None:
    """Run a check on a request body (plus ``--option`` pairs) and print the ruling; every
    problem is a usage error in the ``--lang`` language."""
    with force_locale(lang):
        body = {key: value for key, value in body.items() if value is not None}
        if options:
            body["options"] = _options(options)
        try:
            request = parse(CHECKS[check][0], body)
            ruling, rules = judge(check, request)
        except InputError as error:
            fail(error.message)
        g.lang = lang
        _print_ruling(ruling_json(ruling, request.variant, rules.applied()), as_json)


def _check_command(check: str, arguments: tuple[str, ...],
                   build: Callable[..., dict[str, Any]], extra: list[Any]) -> None:
    """Define ``flask referee <check>`` with its arguments and the shared options."""
    def command(variant: str, indicator: str | None, options: tuple[str, ...], lang: str,
                as_json: bool, **kwargs: Any) -> None:
        body = {"variant": variant, "indicator": indicator, **build(**kwargs)}
        _run(check, body, lang, as_json, options)

    command.__doc__ = CHECKS[check][0].__doc__ or check
    for decorator in reversed([*[click.argument(a) for a in arguments], *extra,
                               VARIANT, INDICATOR, OPTION, LANG, JSON]):
        command = decorator(command)
    referee_cli.command(check, help=f"The {check} check.")(command)


_check_command("okey", (), lambda: {}, [])
_check_command("meld", ("tiles",), lambda tiles: {"tiles": tiles}, [])
_check_command("pair", ("tiles",), lambda tiles: {"tiles": tiles}, [])
_check_command("opening", ("melds",), lambda melds, pairs: {
    "melds": [m for m in melds.split("|") if m.strip()] if not pairs else [],
    "pairs": [p for p in melds.split("|") if p.strip()] if pairs else []},
    [click.option("--pairs", is_flag=True, help="the groups are pairs")])
_check_command("best-opening", ("rack",), lambda rack: {"tiles": rack}, [])
_check_command("winning-hand", ("rack",), lambda rack: {"tiles": rack}, [])
_check_command("discard", ("tile", "table"), lambda tile, table, finishing: {
    "tile": tile, "table": [m for m in table.split("|") if m.strip()], "finishing": finishing},
    [click.option("--finishing", is_flag=True, help="it is the player's last tile")])
_check_command("pickup", ("tile", "rack"), lambda tile, rack, opened: {
    "tile": tile, "rack": rack, "opened": opened},
    [click.option("--opened", is_flag=True, help="the player has opened")])


@referee_cli.command("score")
@click.argument("round_json")
@LANG
@JSON
def referee_score(round_json: str, lang: str, as_json: bool) -> None:
    """Score a round given as the API's JSON body, or @file.json (@- reads standard input)."""
    with force_locale(lang):
        try:
            body = load_json(_read_round(round_json))
        except InputError as error:
            fail(error.message)
        if not isinstance(body, dict):
            fail(gettext("The body must be a JSON object."))
    _run("score", body, lang, as_json)


@referee_cli.command("round")
@click.argument("log_json")
@click.option("--variant", type=click.Choice(["101"]), default="101")
@OPTION
@LANG
@JSON
def referee_round(log_json: str, variant: str, options: tuple[str, ...], lang: str,
                  as_json: bool) -> None:
    """Rule on a whole round: the round log as JSON (see the README), or @file.json."""
    with force_locale(lang):
        try:
            body = load_json(_read_round(log_json))
            if not isinstance(body, dict):
                fail(gettext("The body must be a JSON object."))
            if options:
                body["options"] = _options(options)
            body.setdefault("variant", variant)
            request = parse(RoundRequest, body)
            result, rules = rule_round(request, None)
        except InputError as error:
            fail(error.message)
        score = ruling_json(result.score, request.variant, rules.applied()) \
            if result.score else None
        ruled = {"moves": [move_ruling_json(m, i) for i, m in enumerate(result.moves)],
                 "first_violation": result.first_violation,
                 "state": state_json(result.state), "score": score}
        if as_json:
            click.echo(json.dumps(ruled, ensure_ascii=False, indent=2))
        else:
            click.echo("\n".join(timeline_lines(ruled)))


def _read_round(argument: str) -> bytes | str:
    """The round's JSON text: the argument itself, or the file named after ``@``."""
    if not argument.startswith("@"):
        return argument
    path = argument[1:]
    try:
        with click.open_file(path, "rb") as stream:
            raw: bytes = stream.read(MAX_ROUND_BYTES + 1)
    except FileNotFoundError:
        fail(gettext("There is no file %(path)s.", path=path))
    except IsADirectoryError:
        fail(gettext("%(path)s is a folder, not a file.", path=path))
    except OSError as error:
        fail(gettext("%(path)s cannot be read (%(reason)s).", path=path,
                     reason=error.strerror or type(error).__name__))
    if len(raw) > MAX_ROUND_BYTES:
        fail(gettext("The request is too large."))
    return raw


def init_app(app: Flask) -> None:
    app.cli.add_command(build_index)
    app.cli.add_command(rules_cli)
    app.cli.add_command(referee_cli)

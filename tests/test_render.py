"""Rule texts as players read them: Markdown lists render as lists, sources appear by name
and link to the sources page, and the CLI prints readable text with translated sentences."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from rules_data import rulebook

LIST_RULES = ("105", "203", "207", "208", "402", "404", "601", "609", "804")


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
@pytest.mark.parametrize("rule_id", LIST_RULES)
def test_lists_in_rule_texts_render_as_lists(client: FlaskClient, lang: str,
                                             rule_id: str) -> None:
    page = client.get(f"/{lang}/rules/{rule_id}").get_data(as_text=True)
    body = page.split('class="body"', 1)[1]
    assert re.search(r"<(ul|ol)>\s*<li>", body), rule_id


def test_every_markdown_list_in_the_book_renders(client: FlaskClient) -> None:
    listed = [rule.id for rule in rulebook() for lang in ("tr", "de", "en")
              if re.search(r"(?m)^\s*(?:[-*+]|\d+\.)\s", rule.body[lang])]
    for rule_id in sorted(set(listed)):
        page = client.get(f"/en/rules/{rule_id}").get_data(as_text=True)
        assert "<li>" in page, rule_id


@pytest.mark.parametrize("lang", ["tr", "de", "en"])
def test_no_bare_source_id_is_left_in_a_rule_text(client: FlaskClient, lang: str) -> None:
    book = rulebook()
    for rule in book:
        page = client.get(f"/{lang}/rules/{rule.id}").get_data(as_text=True)
        body = page.split('class="body"', 1)[1].split("</div>", 1)[0]
        text = re.sub(r"<a [^>]*>.*?</a>", "", body)
        assert not re.search(r"(?<![\w/#.-])00[0-4](?![\w/])", re.sub(r"<[^>]+>", "", text)), \
            (rule.id, lang)


def test_a_source_is_named_and_linked_to_the_sources_page(client: FlaskClient) -> None:
    page = client.get("/en/rules/707").get_data(as_text=True)
    title = rulebook().documents["001"].title["en"]
    assert f'<a class="source" href="/en/sources#doc-001">{title} (001)</a>' in page
    assert 'id="doc-001"' in client.get("/en/sources").get_data(as_text=True)


def test_rules_show_prints_readable_text(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["rules", "show", "105", "--lang", "en"])
    assert result.exit_code == 0
    assert "[[" not in result.output and "**" not in result.output
    assert "  • " in result.output


@pytest.mark.parametrize(("lang", "did_you_mean", "nothing"), [
    ("en", "Did you mean “okey discard”?", "No rule matches “chess opening”."),
    ("de", "Meinten Sie „okey discard“?", "Keine Regel passt zu „chess opening“."),
    ("tr", "Bunu mu demek istediniz: “okey discard”?", "“chess opening” ile eşleşen kural yok."),
])
def test_the_cli_speaks_in_sentences(runner: FlaskCliRunner, lang: str, did_you_mean: str,
                                     nothing: str) -> None:
    found = runner.invoke(args=["rules", "search", "okye discrad", "--lang", lang])
    assert did_you_mean in found.output
    assert found.output.startswith(did_you_mean) and found.output.splitlines()[1][:3].isdigit()
    empty = runner.invoke(args=["rules", "search", "chess opening", "--lang", lang])
    assert empty.output.strip() == nothing  # a sentence, never a bare "-"


def test_best_opening_in_the_cli_shows_its_melds(runner: FlaskCliRunner) -> None:
    rack = "R1 R2 R3 R4 R5 Y5 Y6 Y7 B9 B10 B11 K12 K13 R12 Y12 B12 Y1 Y2 K3 K4 B6"
    result = runner.invoke(args=["referee", "best-opening", rack, "--indicator", "K7"])
    assert "[R1] [R2] [R3] [R4] [R5]  = 15" in result.output
    assert "Left over:  [K13] [Y1] [Y2] [K3] [K4] [B6]" in result.output


@pytest.mark.parametrize(("lang", "query"), [("tr", "okey discard"), ("de", "Abwurf nehmen"),
                                             ("en", "taking the discard")])
def test_search_snippets_name_their_sources_too(client: FlaskClient, lang: str,
                                                query: str) -> None:
    page = client.get(f"/{lang}/search", query_string={"q": query}).get_data(as_text=True)
    snippets = re.findall(r'<p class="snippet">(.*?)</p>', page, re.S)
    assert snippets
    named = "".join(snippets)
    assert f'href="/{lang}/sources#doc-' in named
    text = re.sub(r"<[^>]+>", "", re.sub(r"<a [^>]*>.*?</a>", "", named))
    assert not re.search(r"(?<![\w/#.-])00[0-4](?![\w/])", text)

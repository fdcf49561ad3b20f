"""Decomposed Unicode (NFD, as phones send it) reads as composed (NFC) everywhere a user types:
the search (index, API, page, CLI), query strings and forms, JSON bodies and CLI arguments."""

from __future__ import annotations

import unicodedata

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from rules_data.search import SearchIndex
from web.nfc import NFCMultiDict, nfc_data
from web.validation import load_json

QUERIES = [("tr", "çift açma"), ("tr", "İSTAKA"), ("tr", "göstergeden sonraki taş"),
           ("tr", "el açmayan oyuncu"), ("de", "Jokerabwürfe"), ("de", "Anzeiger über 13"),
           ("de", "Stapel leer, keiner ist fertig geworden, zählt man?"), ("en", "gösterge 13"),
           ("en", "işlek tile penalty")]


def nfd(text: str) -> str:
    decomposed = unicodedata.normalize("NFD", text)
    assert decomposed != text, "the case must hold a composed letter"
    return decomposed


@pytest.mark.parametrize(("lang", "query"), QUERIES)
def test_the_index_finds_the_same_rules_for_nfd_and_nfc(search_index: SearchIndex,
                                                         lang: str, query: str) -> None:
    composed = search_index.search(query, lang)
    assert composed.hits
    decomposed = search_index.search(nfd(query), lang)
    assert [h.id for h in decomposed.hits] == [h.id for h in composed.hits]
    assert decomposed.status == composed.status and decomposed.query == query


@pytest.mark.parametrize(("lang", "query"), QUERIES[:4])
def test_the_api_and_the_page_answer_nfd_as_nfc(client: FlaskClient, lang: str,
                                                query: str) -> None:
    def api(text: str) -> object:
        reply = client.get("/api/v1/search", query_string={"q": text, "lang": lang})
        return reply.get_json()

    assert api(nfd(query)) == api(query)
    page = client.get(f"/{lang}/search", query_string={"q": nfd(query)}).get_data(as_text=True)
    assert f'value="{query}"' in page and nfd(query) not in page


def test_the_cli_reads_its_arguments_in_nfc(runner: FlaskCliRunner) -> None:
    composed = runner.invoke(args=["rules", "search", "çift açma", "--lang", "tr"])
    decomposed = runner.invoke(args=["rules", "search", nfd("çift açma"), "--lang", "tr"])
    assert composed.exit_code == 0 and decomposed.output == composed.output


def test_json_bodies_are_read_in_nfc() -> None:
    body = load_json('{"na\\u0308me": ["Ays\\u0327e", {"x": "I\\u0307"}], "n": 1}')
    assert body == {"näme": ["Ayşe", {"x": "İ"}], "n": 1}
    assert nfc_data([nfd("çift"), 2, None]) == ["çift", 2, None]


def test_query_strings_and_forms_are_read_in_nfc(app: Flask) -> None:
    with app.test_request_context("/", query_string={"q": nfd("çift")}, method="POST",
                                  data={"name": nfd("Ayşe")}):
        from flask import request

        assert request.args["q"] == "çift" and request.form["name"] == "Ayşe"
    assert NFCMultiDict([(nfd("ü"), nfd("ö"))]).to_dict() == {"ü": "ö"}
    assert NFCMultiDict().to_dict() == {}

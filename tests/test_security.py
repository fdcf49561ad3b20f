"""Safe on the internet (issue 14): security headers, CSRF and the API's JSON-and-Origin rule,
rate limits and caps, trusted hosts and public links, edit rights in one cookie, idempotent
rounds, and a suite that reads nothing outside the repository."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from rules_data.search import SearchIndex
from web.sheet import rights
from web.sheet.matches import MAX_ROUNDS

from tests.conftest import make_app, post_form

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["Ayşe", "Mehmet"]
ROUND = {"finish": "normal", "winner": 0,
         "players": [{"opened": "melds"}, {"opened": "melds", "remaining_value": 12}]}


def create(client: FlaskClient, **extra: Any) -> dict[str, Any]:
    response = client.post("/api/v1/matches", json={"players": NAMES, **extra})
    assert response.status_code == 201, response.get_json()
    data: dict[str, Any] = response.get_json()
    return data


@pytest.fixture()
def own_app(search_index: SearchIndex, tmp_path: Path) -> Iterator[Any]:
    """A private app, configured by the test: ``own_app(PUBLIC_URL=...)``."""
    def made(**config: Any) -> Flask:
        return make_app(search_index.directory, tmp_path, **config)
    yield made


# -- 1. headers ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/en/", "/en/sheet/", "/api/v1/search?q=okey",
                                  "/en/rules/999", "/api/v1/nowhere", "/static/style.css",
                                  "/sw.js", "/en/manifest.webmanifest"])
def test_security_headers_on_pages_api_errors_and_static_files(client: FlaskClient,
                                                               path: str) -> None:
    with client.get(path) as response:
        csp = response.headers.get("Content-Security-Policy", "")
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert "Strict-Transport-Security" not in response.headers  # plain http: no HSTS
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    with client.get(path, base_url="https://localhost") as secure:
        assert secure.headers["Strict-Transport-Security"].startswith("max-age=")


SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                    "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy",
                    "Strict-Transport-Security")


def test_each_security_header_is_sent_once_and_a_views_own_value_wins(
        app: Flask, client: FlaskClient) -> None:
    with client.get("/api/v1/search?q=okey", base_url="https://localhost") as response:
        assert [len(response.headers.getlist(name)) for name in SECURITY_HEADERS] == [1] * 7
    made = create(client)
    with app.test_client() as second:
        exchanged = second.get(f"/en/sheet/{made['code']}/edit?key={made['edit_key']}")
        assert exchanged.headers.getlist("Referrer-Policy") == ["no-referrer"]


def test_the_session_is_read_only_when_sent_and_still_carries_the_csrf_token(
        client: FlaskClient) -> None:
    """A request without the session cookie gets a fresh session (none is set by the API);
    a page's token, kept in the signed session, still lets its form through."""
    assert "Set-Cookie" not in client.get("/api/v1/search?q=okey").headers
    page = client.get("/en/table")
    assert cookies_of(page) == ["session"]
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))
    assert token is not None
    posted = client.post("/en/table", data={"variant": "101", "wrap_13_1": "after_13",
                                            "csrf_token": token.group(1)})
    assert posted.status_code == 302
    client.set_cookie("session", "forged." + token.group(1), domain="localhost")
    refused = client.post("/en/table", data={"variant": "101", "wrap_13_1": "after_13",
                                             "csrf_token": token.group(1)})
    assert refused.status_code == 400


def test_no_inline_script_handler_or_style_in_templates_and_scripts() -> None:
    inline = re.compile(r"""<script(?![^>]*\bsrc=)[^>]*>|<style\b|\son[a-z]+\s*=|\sstyle\s*=""")
    found = [f"{path.relative_to(ROOT)}: {match.group(0)}"
             for path in sorted([*(ROOT / "templates").glob("*.html"),
                                 *(ROOT / "static").glob("*.js")])
             for match in inline.finditer(path.read_text(encoding="utf-8"))]
    assert found == []


# -- 2. CSRF ------------------------------------------------------------------------------

@pytest.mark.parametrize(("url", "data"), [
    ("/en/sheet/", {"variant": "101", "player0": "A", "player1": "B"}),
    ("/en/table", {"variant": "101", "wrap_13_1": "after_13"}),
])
def test_a_form_posted_without_its_token_is_refused(client: FlaskClient, url: str,
                                                    data: dict[str, str]) -> None:
    page = client.get(url).get_data(as_text=True)
    assert 'name="csrf_token"' in page
    with client.application.test_client() as stranger:
        response = stranger.post(url, data=data, headers={"Origin": "https://evil.example"})
        assert response.status_code == 400
        assert "did not come from this site" in response.get_data(as_text=True)
        assert "Set-Cookie" not in response.headers
    assert post_form(client, url, data).status_code == 302


def test_every_posted_form_carries_a_token() -> None:
    forms = re.findall(r"<form\b[^>]*method=\"post\"[^>]*>(.*?)</form>",
                       "".join(p.read_text(encoding="utf-8")
                               for p in (ROOT / "templates").glob("*.html")), re.S | re.I)
    assert forms and all('name="csrf_token" value="{{ csrf_token() }}"' in f for f in forms)


@pytest.mark.parametrize(("body", "content_type"), [
    (b"{}", "text/plain"), (b"x=1", "application/x-www-form-urlencoded"), (b"", None),
])
def test_a_state_changing_api_request_must_be_json(client: FlaskClient, body: bytes,
                                                   content_type: str | None) -> None:
    made = create(client)
    code = made["code"]
    client.post(f"/api/v1/matches/{code}/rounds", json=ROUND)
    response = client.post(f"/api/v1/matches/{code}/finish", data=body,
                           content_type=content_type)
    assert response.status_code == 415
    assert response.get_json()["error"]["code"] == "unsupported_media_type"
    assert client.get(f"/api/v1/matches/{code}").get_json()["finished"] is None


def test_a_state_changing_api_request_from_another_origin_is_refused(
        client: FlaskClient) -> None:
    code = create(client)["code"]
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"},
                    {"Sec-Fetch-Site": "cross-site"}):
        response = client.post(f"/api/v1/matches/{code}/rounds", json=ROUND, headers=headers)
        assert response.status_code == 403, headers
        assert response.get_json()["error"]["code"] == "cross_origin"
    same = client.post(f"/api/v1/matches/{code}/rounds", json=ROUND,
                       headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 201


# -- 3. limits and caps -------------------------------------------------------------------

LOW_LIMITS = {"RATELIMIT_ENABLED": True, "LIMIT_MATCH_CREATE": "3 per minute",
              "LIMIT_CODE_MISSES": "3 per minute", "LIMIT_API": "40 per minute"}


def test_match_creation_is_limited_on_the_api_and_the_page(own_app: Any) -> None:
    app = own_app(**LOW_LIMITS)
    with app.test_client() as client:
        for _ in range(2):
            create(client)
        assert post_form(client, "/en/sheet/", {"player0": "A", "player1": "B"}
                         ).status_code == 302
        refused = client.post("/api/v1/matches?lang=de", json={"players": NAMES})
        assert refused.status_code == 429
        assert refused.get_json()["error"] == {
            "code": "too_many_requests",
            "message": "Zu viele Anfragen; bitte gleich noch einmal versuchen."}
        assert "Retry-After" in refused.headers
        page = post_form(client, "/en/sheet/", {"player0": "A", "player1": "B"})
        assert page.status_code == 429 and "Too many requests" in page.get_data(as_text=True)


def test_codes_that_find_nothing_are_limited_known_ones_are_not(own_app: Any) -> None:
    app = own_app(**LOW_LIMITS)
    with app.test_client() as client:
        code = create(client)["code"]
        for _ in range(10):
            assert client.get(f"/en/sheet/{code}/table").status_code == 200
        for guess in ("ZZZZZ2", "ZZZZZ3", "ZZZZZ4"):
            assert client.get(f"/api/v1/matches/{guess}").status_code == 404
        assert client.get("/en/sheet/ZZZZZ5").status_code == 429
        assert client.get(f"/api/v1/matches/{code}").status_code == 429


def test_the_api_is_limited(own_app: Any) -> None:
    app = own_app(**LOW_LIMITS)
    with app.test_client() as client:
        statuses = [client.get("/api/v1/search?q=okey").status_code for _ in range(41)]
        assert statuses[:40] == [200] * 40 and statuses[40] == 429
        assert client.get("/en/search?q=okey").status_code == 200  # pages are not the API


def test_limits_use_the_storage_of_the_config(own_app: Any) -> None:
    app = own_app(**LOW_LIMITS, RATELIMIT_STORAGE_URI="memory://")
    limiter = app.extensions["hakem.limiter"]
    assert type(limiter.storage).__name__ == "MemoryStorage"


@pytest.mark.parametrize(("body", "field"), [
    ({"players": ["A", "B", "C", "D", "E"]}, "players"),
    ({"players": ["A"]}, "players"),
])
def test_players_per_match_are_capped(client: FlaskClient, body: dict[str, Any],
                                      field: str) -> None:
    response = client.post("/api/v1/matches", json=body)
    assert response.status_code == 400 and response.get_json()["error"]["field"] == field


HAND_30 = " ".join(f"{colour}{n}" for colour in "RYB" for n in range(1, 11))


def test_a_remaining_hand_of_30_tiles_is_refused(client: FlaskClient) -> None:
    code = create(client)["code"]
    entry = {"finish": "normal", "winner": 0,
             "players": [{"opened": "melds"}, {"opened": "melds", "remaining": HAND_30}]}
    response = client.post(f"/api/v1/matches/{code}/rounds", json=entry)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "players.1.remaining" and "at most 22" in error["message"]
    score = client.post("/api/v1/referee/score", json={"variant": "101", **entry})
    assert score.status_code == 400
    assert score.get_json()["error"]["field"] == "players.1.remaining"


def test_rounds_per_match_are_capped(client: FlaskClient) -> None:
    code = create(client, variant="plain", options={"plain_match": "most_rounds"})["code"]
    for _ in range(MAX_ROUNDS):
        assert client.post(f"/api/v1/matches/{code}/rounds",
                           json={"finish": "deck_out"}).status_code == 201
    response = client.post(f"/api/v1/matches/{code}/rounds", json={"finish": "deck_out"})
    assert response.status_code == 409
    assert response.get_json()["error"]["code"] == "too_many_rounds"


# -- 4. trusted hosts ---------------------------------------------------------------------

def test_an_unchecked_host_never_makes_a_share_link(client: FlaskClient) -> None:
    response = client.post("/api/v1/matches", json={"players": NAMES},
                           headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert response.get_json()["error"]["code"] == "untrusted_host"
    page = client.get("/en/table", headers={"Host": "evil.example"})
    assert page.status_code == 400 and b"evil.example" not in page.data


def test_share_links_and_qr_codes_come_from_the_public_url(own_app: Any) -> None:
    app = own_app(PUBLIC_URL="https://hakem.example")
    with app.test_client() as client:
        made = client.post("/api/v1/matches", json={"players": NAMES},
                           headers={"Host": "evil.example"}).get_json()
        assert all(link.startswith("https://hakem.example/") for link in made["links"].values())
        page = client.get(f"/en/sheet/{made['code']}", headers={"Host": "evil.example"})
        html = page.get_data(as_text=True)
        assert f"<title>https://hakem.example/en/sheet/{made['code']}</title>" in html
        assert "evil.example" not in html
        assert app.config["SESSION_COOKIE_SECURE"]  # an https site: the session cookie too
        table = client.get("/en/table", headers={"Host": "evil.example"}).get_data(as_text=True)
        assert "https://hakem.example/t/" in table and "evil.example" not in table


def test_trusted_hosts_and_proxy_fix_by_settings(own_app: Any) -> None:
    app = own_app(TRUSTED_HOSTS=["hakem.example"], PROXY_FIX=1)
    with app.test_client() as client:
        forwarded = {"X-Forwarded-Host": "hakem.example", "X-Forwarded-Proto": "https",
                     "X-Forwarded-For": "203.0.113.7"}
        made = client.post("/api/v1/matches", json={"players": NAMES}, headers=forwarded)
        assert made.status_code == 201
        assert made.get_json()["links"]["view"].startswith("https://hakem.example/")
        assert "Strict-Transport-Security" in made.headers
        evil = {**forwarded, "X-Forwarded-Host": "evil.example"}
        assert client.post("/api/v1/matches", json={"players": NAMES},
                           headers=evil).status_code == 400


# -- 5 and 6. edit rights -----------------------------------------------------------------

def cookies_of(response: Any) -> list[str]:
    return [value.split("=", 1)[0] for value in response.headers.getlist("Set-Cookie")]


def test_the_edit_key_is_exchanged_for_the_cookie_then_a_clean_address(
        app: Flask, client: FlaskClient) -> None:
    made = create(client)
    with app.test_client() as second:
        exchanged = second.get(f"/en/sheet/{made['code']}/edit?key={made['edit_key']}")
        assert exchanged.status_code == 302
        assert exchanged.headers["Location"] == f"/en/sheet/{made['code']}"
        assert exchanged.headers["Cache-Control"] == "no-store"
        assert exchanged.headers["Referrer-Policy"] == "no-referrer"
        assert cookies_of(exchanged) == [rights.COOKIE]
        page = second.get(exchanged.headers["Location"]).get_data(as_text=True)
        assert "data-round-form" in page
        assert second.post(f"/api/v1/matches/{made['code']}/rounds", json=ROUND
                           ).status_code == 201


def test_all_edit_rights_live_in_one_signed_bounded_cookie(app: Flask) -> None:
    with app.test_client() as client:
        codes = [create(client)["code"] for _ in range(rights.LIMIT + 10)]
        jar = {cookie.key: cookie.value for cookie in client._cookies.values()}
        assert list(jar) == [rights.COOKIE]
        assert len(jar[rights.COOKIE]) < 4000
        for code in codes[-rights.LIMIT:]:
            assert client.get(f"/api/v1/matches/{code}").get_json()["can_edit"], code
        assert not client.get(f"/api/v1/matches/{codes[0]}").get_json()["can_edit"]
    with app.test_client() as forger:
        code = codes[-1]
        forger.set_cookie(rights.COOKIE, jar[rights.COOKIE][:-3] + "AAA")
        assert not forger.get(f"/api/v1/matches/{code}").get_json()["can_edit"]
        assert forger.post(f"/api/v1/matches/{code}/rounds", json=ROUND).status_code == 403


def test_an_old_per_match_cookie_still_edits_but_is_never_set_again(app: Flask) -> None:
    with app.test_client() as client:
        made = create(client)
    with app.test_client() as old:
        old.set_cookie(rights.LEGACY_PREFIX + made["code"], made["edit_key"])
        entered = old.post(f"/api/v1/matches/{made['code']}/rounds", json=ROUND)
        assert entered.status_code == 201
        assert not any(name.startswith(rights.LEGACY_PREFIX) for name in cookies_of(entered))


# -- 7. idempotent rounds -----------------------------------------------------------------

def test_a_retried_round_is_entered_once(client: FlaskClient) -> None:
    code = create(client)["code"]
    body = {**ROUND, "round_id": "retry-1234"}
    first = client.post(f"/api/v1/matches/{code}/rounds", json=body)
    again = client.post(f"/api/v1/matches/{code}/rounds", json=body)
    assert first.status_code == again.status_code == 201
    assert first.get_json()["round"] == again.get_json()["round"]  # the first answer again
    assert again.get_json()["round"]["number"] == 1
    assert again.get_json()["version"] == first.get_json()["version"]
    other = client.post(f"/api/v1/matches/{code}/rounds",
                        json={**body, "winner": 1, "players": ROUND["players"][::-1]})
    assert other.status_code == 409
    assert other.get_json()["error"]["code"] == "round_id_reused"
    bad = client.post(f"/api/v1/matches/{code}/rounds", json={**ROUND, "round_id": "x y"})
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "round_id"
    fresh = client.post(f"/api/v1/matches/{code}/rounds", json={**ROUND, "round_id": "retry-5678"})
    assert fresh.get_json()["round"]["number"] == 2
    assert len(client.get(f"/api/v1/matches/{code}").get_json()["rounds"]) == 2


def test_the_round_form_carries_a_round_id(client: FlaskClient) -> None:
    code = create(client)["code"]
    page = client.get(f"/en/sheet/{code}").get_data(as_text=True)
    found = re.search(r'<input type="hidden" name="round_id" value="([A-Za-z0-9_-]{8,64})">', page)
    assert found


# -- 12. a self-contained suite -----------------------------------------------------------

def test_no_test_reads_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|parents\[[2-9]\]|/work/" + "|" + "shared" + r"/seeds")
    found = [f"{path.name}:{number}" for path in sorted((ROOT / "tests").glob("*.py"))
             if path.name != Path(__file__).name
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if outside.search(line)]
    assert found == []


def test_an_undeclared_method_is_a_405_whatever_its_body(client: FlaskClient) -> None:
    """Routing speaks first: PUT on a GET route is 405, not 415 for its missing JSON body."""
    answer = client.put("/api/v1/search?q=okey", data="x", content_type="text/plain")
    assert answer.status_code == 405 and answer.get_json()["error"]["code"]

"""Security of the web judge: privacy for every role on every page and endpoint, CSRF,
session fixation, API keys, escaping, oversized bodies, log-in limits and links."""

from __future__ import annotations

from collections.abc import Iterator
from http.cookiejar import Cookie

import pytest
from fastapi.testclient import TestClient
from web_game import (
    GAME,
    PASSWORD,
    POWERS,
    Site,
    add_user,
    borrowed,
    csrf_of,
    letter,
    money_game,
    web_site,
)

from machiavelli.service.visibility import Viewer
from machiavelli.web.sessions import LOGIN_LIMIT, outbox
from machiavelli.web.site import COOKIE, MAX_BODY

PAGES = ["/", f"/games/{GAME}", f"/games/{GAME}?phase=1", f"/games/{GAME}/phase?phase=1",
         f"/games/{GAME}/master", "/account", f"/games/{GAME}/map.svg",
         f"/games/{GAME}/map.svg?phase=1"]
API = ["/api/v1/games", f"/api/v1/games/{GAME}", f"/api/v1/games/{GAME}?history=true",
       f"/api/v1/games/{GAME}/phases", f"/api/v1/games/{GAME}/phases/1",
       f"/api/v1/games/{GAME}/press", f"/api/v1/games/{GAME}/map.svg",
       f"/api/v1/games/{GAME}/phases/1/map.svg", *[f"/api/v1/games/{GAME}/legal?power={p}"
                                        for p in POWERS]]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("web")
    found = money_game(f"sqlite:///{folder}/judge.db")
    yield found
    found.judge.close()


def secrets_of(power: str) -> list[str]:
    """What only ``power`` (and the master) may read."""
    return [f"Private to {power}", f"{power} (private)", borrowed(power, 0), borrowed(power, 1),
            letter(power)]


def everything_seen(site: Site, user: str | None) -> str:
    """Every page and API answer ``user`` (None: an anonymous visitor) gets, as text."""
    browser = site.sign_in(user) if user else site.browser()
    seen = []
    for path in PAGES:
        seen.append(browser.get(path).text)
    for path in API:
        seen.append(site.client.get(path, headers=site.api(user)).text)
    return "\n".join(seen)


@pytest.mark.parametrize("role", ["player", "observer", "stranger", "anonymous"])
def test_no_page_or_answer_shows_another_powers_private_data(site: Site, role: str) -> None:
    cases = {"player": [(site.players[p], p) for p in POWERS], "observer": [("observer", None)],
             "stranger": [("stranger", None)], "anonymous": [(None, None)]}[role]
    for user, own in cases:
        text = everything_seen(site, user)
        assert "Adriatic" in text or "Venice" in text  # the public board is there
        for power in POWERS:
            for secret in secrets_of(power):
                if power == own:
                    if not secret.startswith("SECRET"):
                        assert secret in text, (user, secret)
                else:
                    assert secret not in text, (user, secret)


def test_the_master_sees_every_powers_private_data(site: Site) -> None:
    text = everything_seen(site, "master")
    for power in POWERS:
        for secret in secrets_of(power):
            assert secret in text, secret


def test_the_api_board_holds_only_the_viewers_own_money(site: Site) -> None:
    for power in POWERS:
        user = site.players[power]
        board = site.client.get(f"/api/v1/games/{GAME}", headers=site.api(user)).json()["board"]
        assert set(board["treasury"]) == {power}
        assert set(board["loans"]) <= {power}
        assert set(board["chits"]) <= {power}
    board = site.client.get(f"/api/v1/games/{GAME}").json()["board"]
    assert board["treasury"] == {} and board["loans"] == {} and board["chits"] == {}


def test_legal_orders_and_the_console_are_not_for_others(site: Site) -> None:
    user = site.players["Venice"]
    got = site.client.get(f"/api/v1/games/{GAME}/legal?power=Milan", headers=site.api(user))
    assert got.status_code == 403  # another power than its own is refused, never ignored
    got = site.client.get(f"/api/v1/games/{GAME}/legal?power=Venice", headers=site.api(user))
    assert got.json()["power"] == "Venice"
    assert site.client.get(f"/api/v1/games/{GAME}/legal?power=Milan",
                           headers=site.api("observer")).status_code == 403
    assert site.sign_in(user).get(f"/games/{GAME}/master").status_code == 403
    answer = site.client.post(f"/api/v1/games/{GAME}/orders", headers=site.api(user),
                              json={"text": "A mil H", "power": "Milan"})
    assert answer.status_code == 403 and "Milan" in answer.json()["detail"]


# ----------------------------------------------------------------------
# CSRF and sessions
# ----------------------------------------------------------------------
def test_csrf_refused_without_or_with_a_wrong_token(site: Site) -> None:
    browser = site.sign_in("stranger")
    form = {"name": "csrf-game", "setup": "classic_1454@5"}
    assert browser.post("/games/new", data=form).status_code == 403
    assert browser.post("/games/new", data={**form, "csrf": "forged"}).status_code == 403
    other = site.browser()
    token = csrf_of(other.get("/login").text)  # another session's token
    assert browser.post("/games/new", data={**form, "csrf": token}).status_code == 403
    assert browser.post(f"/games/{GAME}/press", data={"to": "all", "body": "x"}
                        ).status_code == 403
    assert "csrf-game" not in site.judge.game_names(Viewer.master())
    good = csrf_of(browser.get("/games/new").text)
    assert browser.post("/games/new", data={**form, "csrf": good}).status_code == 200
    assert "csrf-game" in site.judge.game_names(Viewer.master())


def session_cookie(browser: TestClient) -> Cookie:
    [cookie] = [c for c in browser.cookies.jar if c.name == COOKIE]
    return cookie


def plant(browser: TestClient, cookie: Cookie) -> None:
    browser.cookies.set(COOKIE, cookie.value or "", domain=cookie.domain, path=cookie.path)


def test_session_fixation_a_planted_session_is_not_signed_in(site: Site) -> None:
    attacker = site.browser()
    attacker.get("/login")
    planted = session_cookie(attacker)
    victim = site.browser()
    plant(victim, planted)
    page = victim.get("/login")
    assert session_cookie(victim).value == planted.value  # the plant took
    victim.post("/login", data={"csrf": csrf_of(page.text), "name": "stranger",
                                "password": PASSWORD})
    assert session_cookie(victim).value != planted.value
    assert victim.get("/account").status_code == 200
    assert attacker.get("/account").status_code == 401  # the planted one is not signed in


def test_session_cookie_is_httponly_and_samesite(site: Site) -> None:
    answer = site.browser().get("/")
    cookie = answer.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]


def test_signing_out_ends_the_session(site: Site) -> None:
    browser = site.sign_in("stranger")
    cookie = session_cookie(browser)
    browser.post("/logout", data={"csrf": csrf_of(browser.get("/account").text)})
    again = site.browser()
    plant(again, cookie)
    assert again.get("/account").status_code == 401


# ----------------------------------------------------------------------
# API keys
# ----------------------------------------------------------------------
def test_wrong_api_keys_are_refused(site: Site) -> None:
    path = f"/api/v1/games/{GAME}/orders"
    body = {"text": "A ven H"}
    assert site.client.post(path, json=body).status_code == 401
    for header in ("Bearer mk_not-a-key", "Bearer ", "Basic dXNlcjpwYXNz", "mk_x",
                   "Bearer " + site.keys["stranger"][:-2]):
        answer = site.client.post(path, json=body, headers={"Authorization": header})
        assert answer.status_code == 401, header
        assert site.client.get(f"/api/v1/games/{GAME}",
                               headers={"Authorization": header}).status_code == 401


def test_a_revoked_key_is_refused(site: Site) -> None:
    add_user(site, "revoker")
    browser = site.sign_in("revoker")
    made = browser.post("/account/keys", data={"csrf": csrf_of(browser.get("/account").text),
                                               "label": "short-lived"})
    key = made.text.split('id="new-key">')[1].split("<")[0]
    assert site.client.get("/api/v1/me", headers={"Authorization": f"Bearer {key}"}
                           ).json() == {"name": "revoker"}
    key_id = made.text.split("/account/keys/")[-1].split("/")[0]  # the newest
    browser.post(f"/account/keys/{key_id}/revoke",
                 data={"csrf": csrf_of(browser.get("/account").text)})
    assert site.client.get("/api/v1/me", headers={"Authorization": f"Bearer {key}"}
                           ).status_code == 401


# ----------------------------------------------------------------------
# Escaping and sizes
# ----------------------------------------------------------------------
def test_html_in_orders_and_press_is_escaped(site: Site) -> None:
    user = site.players["Naples"]
    evil = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    site.client.post(f"/api/v1/games/{GAME}/orders", headers=site.api(user),
                     json={"text": evil, "replace": False})
    site.client.post(f"/api/v1/games/{GAME}/press", headers=site.api(user),
                     json={"to": ["all"], "body": evil})
    browser = site.sign_in(user)
    page = browser.get(f"/games/{GAME}").text
    assert "<script>alert" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page
    checked = browser.post(f"/games/{GAME}/check",
                           data={"csrf": csrf_of(page), "orders": evil}).text
    assert "<script>" not in checked and "&lt;script&gt;" in checked


def test_oversized_bodies_are_refused(site: Site) -> None:
    user = site.players["Papacy"]
    huge = "A rom H\n" * (MAX_BODY // 8 + 10)
    answer = site.client.post(f"/api/v1/games/{GAME}/orders", headers=site.api(user),
                              json={"text": huge})
    assert answer.status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"text": "'
        for _ in range(MAX_BODY // 1000 + 2):
            yield b"x" * 1000
        yield b'"}'

    streamed = site.client.post(f"/api/v1/games/{GAME}/orders", content=chunks(),
                                headers={**site.api(user), "content-type": "application/json"})
    assert streamed.status_code == 413
    browser = site.sign_in(user)
    token = csrf_of(browser.get("/").text)
    assert browser.post("/games/new", data={"csrf": token, "name": "x" * (MAX_BODY + 1)}
                        ).status_code == 413


# ----------------------------------------------------------------------
# Log-in limits and links
# ----------------------------------------------------------------------
def test_log_ins_are_limited(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/limits.db")
    add_user(site, "target")
    browser = site.browser()
    for _ in range(LOGIN_LIMIT):
        page = browser.get("/login")
        wrong = browser.post("/login", data={"csrf": csrf_of(page.text), "name": "target",
                                             "password": "wrong guess"})
        assert wrong.status_code == 401
    page = browser.get("/login")
    right = browser.post("/login", data={"csrf": csrf_of(page.text), "name": "target",
                                         "password": PASSWORD})
    assert right.status_code == 429  # even the right password, until the window passes
    assert browser.get("/account").status_code == 401
    site.judge.close()


def test_log_in_by_a_mailed_link_once(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/links.db", base_url="http://127.0.0.1")
    add_user(site, "forgetful")
    browser = site.browser()
    page = browser.get("/login/link")
    browser.post("/login/link", data={"csrf": csrf_of(page.text), "who": "forgetful@example.org"})
    browser.post("/login/link", data={"csrf": csrf_of(page.text), "who": "nobody"})
    [mail] = outbox(site.judge.db)
    assert mail.to == "forgetful@example.org"
    link = next(w for w in mail.body.split() if "/login/link/" in w)
    path = link.removeprefix("http://127.0.0.1")
    shown = browser.get(path)
    assert browser.get("/account").status_code == 401  # a GET signs nobody in
    assert browser.post(path, data={"csrf": csrf_of(shown.text)}).status_code == 200
    assert browser.get("/account").status_code == 200
    other = site.browser()
    again = other.post(path, data={"csrf": csrf_of(other.get(path).text)})
    assert again.status_code == 400 and "expired or has been used" in again.text
    site.judge.close()

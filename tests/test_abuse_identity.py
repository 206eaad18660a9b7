"""A mail address is someone's only once they show they read it (issue 38, N3): a
sign-up's address is verified by a link mailed to it before it is the account's address
and the sender of its commands through ``POST /api/v1/judge``."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_game import PASSWORD, add_user, csrf_of, web_site

from machiavelli.web.sessions import make_api_key, outbox, user_named
from machiavelli.web.site import clock


def _sign_up(browser: TestClient, name: str, email: str) -> int:
    page = browser.get("/signup")
    done = browser.post("/signup", data={"csrf": csrf_of(page.text), "name": name,
                                         "email": email, "password": PASSWORD,
                                         "again": PASSWORD})
    return done.status_code


def test_a_sign_up_address_is_no_mail_identity_until_verified_N3(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/who.db", base_url="http://127.0.0.1")
    add_user(site, "alice")  # alice@example.org, hers
    mallory = site.browser()
    assert _sign_up(mallory, "mallory2", "alice@example.org") in (200, 303)
    account = user_named(site.judge.db, "mallory2")
    assert account is not None and account.email is None  # not hers
    key = make_api_key(site.judge.db, account.id, "k", clock())
    reply = site.client.post("/api/v1/judge", headers={"Authorization": f"Bearer {key}"},
                             json={"text": "REGISTER\nName: x\nEND\n"}).json()["reply"]
    assert "alice@example.org" not in reply
    page = mallory.get("/account")
    assert "Waiting for you to follow the link mailed to alice@example.org" in page.text
    # the link went to the address itself; whoever follows it, alice has it already
    [mail] = [m for m in outbox(site.judge.db) if m.to == "alice@example.org"]
    link = next(w for w in mail.body.split() if "/account/address/" in w)
    path = link.removeprefix("http://127.0.0.1")
    shown = mallory.get(path)
    assert "Confirm the address" in shown.text
    refused = mallory.post(path, data={"csrf": csrf_of(shown.text)})
    assert refused.status_code == 400 and "another account" in refused.text
    assert user_named(site.judge.db, "mallory2").email is None  # type: ignore[union-attr]
    site.judge.close()


def test_a_verified_address_becomes_the_accounts_once(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/mine.db", base_url="http://127.0.0.1")
    browser = site.browser()
    assert _sign_up(browser, "newcomer", "new@example.net") in (200, 303)
    [mail] = outbox(site.judge.db)
    path = next(w for w in mail.body.split() if "/account/address/" in w
                ).removeprefix("http://127.0.0.1")
    assert user_named(site.judge.db, "newcomer").email is None  # type: ignore[union-attr]
    shown = browser.get(path)  # a GET verifies nothing
    assert user_named(site.judge.db, "newcomer").email is None  # type: ignore[union-attr]
    done = browser.post(path, data={"csrf": csrf_of(shown.text)})
    assert done.status_code == 200 and "is now your account's address" in done.text
    assert user_named(site.judge.db, "newcomer").email == "new@example.net"  # type: ignore[union-attr]
    again = browser.post(path, data={"csrf": csrf_of(shown.text)})
    assert again.status_code == 400
    site.judge.close()


def test_signing_up_says_welcome_through_the_flash_not_the_address_N9(tmp_path: object
                                                                      ) -> None:
    site = web_site(f"sqlite:///{tmp_path}/hello.db", base_url="http://127.0.0.1")
    browser = site.browser()
    page = browser.get("/signup")
    done = browser.post("/signup", data={"csrf": csrf_of(page.text), "name": "hello",
                                         "email": "hello@example.net", "password": PASSWORD,
                                         "again": PASSWORD})
    assert "said=" not in str(done.url)
    assert "Welcome, hello." in done.text and "is on its way" in done.text
    site.judge.close()

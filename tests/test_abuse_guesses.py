"""Guessing passwords is slowed, never unlimited and never a lock on everyone (issue 38,
N1, N2, N14): wrong ``SIGN ON`` passwords per seat and per address (by mail and through
``POST /api/v1/judge``), wrong log-ins per (user, address), wrong API keys per address,
each with a backoff that doubles."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi.testclient import TestClient
from web_game import PASSWORD, add_user, csrf_of, started_game, web_site

from machiavelli.commands.interpreter import judge_text
from machiavelli.service import guesses
from machiavelli.service.backoff import Backoff
from machiavelli.web import api_keys
from machiavelli.web.sessions import KEY_ADDRESS, LOGIN_LIMIT

T0 = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)


def test_backoff_doubles_after_the_free_failures_and_forgets_old_ones() -> None:
    policy = Backoff(free=3, first=timedelta(minutes=1), longest=timedelta(minutes=10),
                     window=timedelta(hours=1))
    times = [T0 + timedelta(seconds=i) for i in range(3)]
    assert policy.wait(times[:2], T0) == timedelta(0)
    assert policy.wait(times, times[-1]) == timedelta(minutes=1)
    four = [*times, T0 + timedelta(seconds=3)]
    assert policy.wait(four, four[-1]) == timedelta(minutes=2)
    many = [T0 + timedelta(seconds=i) for i in range(20)]
    assert policy.wait(many, many[-1]) == timedelta(minutes=10)  # the longest wait
    assert policy.wait(many, T0 + timedelta(hours=2)) == timedelta(0)  # forgotten


def test_sign_on_guesses_through_the_api_are_slowed_N1(db_url: str) -> None:
    """N1: 40 wrong SIGN ON through POST /api/v1/judge were all heard; now the sixth
    from one address waits, and while it waits even the right password is not heard."""
    site = web_site(db_url)
    started_game(site, "vg1", {"vera": "Venice"})
    add_user(site, "guesser")
    set_pw = site.client.post("/api/v1/games/vg1/password", headers=site.api("vera"),
                              json={"password": "gondola"})
    assert set_pw.status_code == 200
    replies = [site.client.post("/api/v1/judge", headers=site.api("guesser"),
                                json={"text": f"SIGN ON vvg1 guess{i}\n"}).json()["reply"]
               for i in range(8)]
    assert all("Invalid password" in r for r in replies[:guesses.PAIR.free]), replies
    assert all("Too many wrong passwords" in r for r in replies[guesses.PAIR.free:]), replies
    right = site.client.post("/api/v1/judge", headers=site.api("guesser"),
                             json={"text": "SIGN ON vvg1 gondola\n"}).json()["reply"]
    assert "Too many wrong passwords" in right and "Signed on" not in right
    site.judge.close()


def test_sign_on_guesses_by_mail_wait_per_seat_and_per_sender_then_pass_N1(
        tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/mail.db")
    started_game(site, "mg1", {"vera": "Venice", "milo": "Milan"})
    for user, word in (("vera", "gondola"), ("milo", "duomo")):
        assert site.client.post("/api/v1/games/mg1/password", headers=site.api(user),
                                json={"password": word}).status_code == 200
    now = T0
    for i in range(guesses.PAIR.free):
        now += timedelta(seconds=1)
        assert "Invalid password" in judge_text(site.judge, "eve@example.net",
                                                f"SIGN ON vmg1 g{i}\n", now)
    # from the same sender: waits (a minute), whatever the password
    waits = judge_text(site.judge, "eve@example.net", "SIGN ON vmg1 gondola\n", now)
    assert "Too many wrong passwords" in waits and "1 minute" in waits
    # the seat's own player, from their own address, is not locked out
    own = judge_text(site.judge, "vera@example.org", "SIGN ON vmg1 gondola\n", now)
    assert "Signed on as Venice" in own
    # after the wait, the sender is heard again; the next failure waits twice as long
    now += timedelta(minutes=1, seconds=1)
    assert "Invalid password" in judge_text(site.judge, "eve@example.net",
                                            "SIGN ON vmg1 again\n", now)
    assert "2 minutes" in judge_text(site.judge, "eve@example.net", "SIGN ON vmg1 x\n", now)
    # the seat itself: guesses from many addresses slow every sign-on to it
    for i in range(guesses.SEAT.free):
        judge_text(site.judge, f"bot{i}@example.net", f"SIGN ON imgg1 g{i}\n", now)
        judge_text(site.judge, f"bot{i}@example.net", f"SIGN ON img1 g{i}\n", now)
    assert "Too many wrong passwords" in judge_text(site.judge, "milo@example.org",
                                                    "SIGN ON img1 duomo\n", now)
    later = now + guesses.SEAT.longest + timedelta(seconds=1)
    assert "Signed on as Milan" in judge_text(site.judge, "milo@example.org",
                                              "SIGN ON img1 duomo\n", later)
    site.judge.close()


def _log_in(site: object, address: str, name: str, password: str) -> int:
    browser = TestClient(site.client.app, base_url="http://127.0.0.1",  # type: ignore[attr-defined]
                         client=(address, 50000))
    page = browser.get("/login")
    done = browser.post("/login", data={"csrf": csrf_of(page.text), "name": name,
                                        "password": password})
    return done.status_code


def test_failed_log_ins_hold_up_the_pair_not_the_user_N2(tmp_path: object) -> None:
    """N2: five failures for carol from one address locked carol out everywhere; now
    they hold up carol from that address only, and other names from there are not held
    up either."""
    site = web_site(f"sqlite:///{tmp_path}/pairs.db")
    for name in ("carol", "dave", *(f"user{i}" for i in range(7))):
        add_user(site, name)
    statuses = [_log_in(site, "127.0.0.2", "carol", "wrong") for _ in range(7)]
    assert statuses == [401] * LOGIN_LIMIT + [429] * 2
    assert _log_in(site, "127.0.0.2", "carol", PASSWORD) == 429  # here: even the right one
    assert _log_in(site, "127.0.0.3", "carol", PASSWORD) == 200  # elsewhere: in
    assert _log_in(site, "127.0.0.2", " Carol ", PASSWORD) == 429  # the same name
    # seven names failing from one address (an office behind one address)
    assert [_log_in(site, "127.0.0.4", f"user{i}", "wrong") for i in range(7)] == [401] * 7
    assert _log_in(site, "127.0.0.4", "dave", PASSWORD) == 200
    site.judge.close()


def test_wrong_api_keys_are_slowed_per_address_N14(tmp_path: object) -> None:
    """N14: 200 wrong API keys were 200 × 401; now the address waits after a few, a
    right key from there too, while other addresses are served."""
    site = web_site(f"sqlite:///{tmp_path}/keys.db")
    add_user(site, "owner")
    api_keys.KEY_GUESSES.clear()
    guesser = TestClient(site.client.app, base_url="http://127.0.0.1",
                         client=("127.0.0.9", 50000))
    statuses = [guesser.get("/api/v1/me", headers={"Authorization": f"Bearer mk_{i}"}
                            ).status_code for i in range(KEY_ADDRESS.free + 3)]
    assert statuses[:KEY_ADDRESS.free - 1] == [401] * (KEY_ADDRESS.free - 1)
    assert set(statuses[KEY_ADDRESS.free:]) == {429}
    held = guesser.get("/api/v1/me", headers=site.api("owner"))
    assert held.status_code == 429 and int(held.headers["retry-after"]) >= 1
    assert "try again in" in held.json()["detail"]
    other = TestClient(site.client.app, base_url="http://127.0.0.1",
                       client=("127.0.0.10", 50000))
    assert other.get("/api/v1/me", headers=site.api("owner")).status_code == 200
    api_keys.KEY_GUESSES.clear()
    site.judge.close()

"""The judge's house rules as nJudge's help files state them (issue 37): abandoned powers,
civil disorder, the notices everyone is owed, a Master's SET and BECOME, absences over the
limit, copies to a seat's own address, observers' NO BROADCAST, ROLLBACK's numbering, and
the command line's draw.  Each test goes through the command language."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from mail_sessions import MASTER, Post, outcomes, register, said, status, three_player_game

from machiavelli.commands.desk import OutMail, clock_of
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused

GM = "signon mrome sesame\n"


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    with Judge(f"sqlite:///{tmp_path}/judge.db") as judge:
        yield Post(judge)


def _past_grace(post: Post, orders: bool = True) -> None:
    """ann (Milan) orders, bob (Venice) and cy (Florence) do not; the grace ends and the
    sweeper runs."""
    if orders:
        post.send("ann@x.org", "signon irome annpw\nA pav - for")
    clock = clock_of(post.view("rome"))
    assert clock is not None
    post.now = clock.grace + timedelta(minutes=1)
    post.judge.sweep(now=post.now)


def _owed_to(post: Post, address: str, words: str = "") -> list[OutMail]:
    return [m for m in post.owed() if m.to == address and words in m.subject + m.text]


def test_an_abandoned_power_is_taken_over_by_signing_on_with_any_password(
        post: Post) -> None:
    three_player_game(post)
    _past_grace(post)
    assert post.view("rome").standing["Venice"] == "abandoned"
    register(post, "eve")
    answer = post.send("eve@x.org", "signon vrome anything\nA ven H")
    assert status(answer, "signon vrome anything") == ("done", None), answer.reply
    assert "Take over of abandoned Venice" in said(answer, "signon vrome anything")
    seats = {s.name: s.power for s in post.view("rome").seats}
    assert seats.get("eve@x.org") == "Venice" and "bob@x.org" not in seats
    assert "Venice" not in post.view("rome").standing


def test_machiavelli_takeover_takes_an_abandoned_power(post: Post, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from machiavelli.cli.main import main
    three_player_game(post)
    _past_grace(post)
    result = CliRunner().invoke(main, ["takeover", "rome", "eve", "Florence", "--db",
                                       post.judge.url])
    assert result.exit_code == 0, result.output
    assert "eve now plays Florence" in result.output


def test_the_abandonment_is_told_to_all_players_and_observers(post: Post) -> None:
    three_player_game(post)
    post.send("obs@y.org", "observe rome watch")
    post.owed()
    _past_grace(post)
    owed = post.owed()
    for address in ("ann@x.org", "bob@x.org", "obs@y.org", MASTER):
        assert [m for m in owed if m.to == address and "Abandoned" in m.subject
                and "Florence, Venice have been abandoned" in m.text], address
    post.later(hours=1)
    post.judge.sweep(now=post.now)
    assert not [m for m in post.owed() if "Abandoned" in m.subject]  # told once


def test_the_abandonment_notice_says_no_orders_are_processed_until_return_or_takeover(
        post: Post) -> None:
    three_player_game(post)
    _past_grace(post)
    told = [m for m in post.owed() if m.to == "ann@x.org" and "abandoned" in m.text]
    assert told and "No orders will be processed until the late power returns or is " \
        "taken over" in told[0].text


def test_civil_disorder_is_cleared_by_a_valid_sign_on(post: Post) -> None:
    three_player_game(post, settings="set nmr\n")
    _past_grace(post)
    assert post.view("rome").standing.get("Venice") == "civil disorder"
    answer = post.send("bob@x.org", "signon vrome bobpw")
    assert status(answer, "signon vrome bobpw") == ("done", None)
    assert "no longer civil disorder" in said(answer, "signon vrome bobpw")
    assert "Venice" not in post.view("rome").standing
    listing = said(post.send("eve@y.org", "list rome"), "list rome")
    assert "Venice: civil disorder" not in listing


def test_an_abandoned_mark_is_cleared_by_its_players_sign_on(post: Post) -> None:
    three_player_game(post)
    _past_grace(post)
    answer = post.send("cy@x.org", "signon lrome cypw")
    assert status(answer, "signon lrome cypw") == ("done", None)
    assert "Florence" not in post.view("rome").standing


def test_a_masters_set_is_announced_to_the_players(post: Post) -> None:
    three_player_game(post)
    post.owed()
    answer = post.send(MASTER, GM + "set nmr\nset deadline 20 Nov 2026 23:30\n"
                       "set grey")
    assert all(s == "done" for _, s, _ in outcomes(answer)), answer.reply
    owed = post.owed()
    for address in ("ann@x.org", "bob@x.org", "cy@x.org"):
        told = [m.text for m in owed if m.to == address and "Setting changed" in m.subject]
        assert any("set NMR" in t for t in told), address
        assert any("set DEADLINE" in t and "Nov 20 2026" in t for t in told), address
        assert any("set GREY" in t for t in told), address


def test_a_players_password_and_wait_are_not_announced(post: Post) -> None:
    three_player_game(post)
    post.owed()
    post.send("ann@x.org", "signon irome annpw\nset wait\nset password other")
    assert not [m for m in post.owed() if "Setting changed" in m.subject]


def test_become_is_told_to_the_powers_player(post: Post) -> None:
    three_player_game(post)
    post.owed()
    answer = post.send(MASTER, GM + "become venice\nF dal H")
    assert status(answer, "become venice") == ("done", None)
    owed = post.owed()
    told = [m for m in owed if m.to == "bob@x.org" and "BECOME" in m.text]
    assert told and "Venice" in told[0].text
    assert not [m for m in owed if m.to == "ann@x.org" and "BECOME" in m.text]


def test_an_absence_over_the_limit_reaches_the_master(post: Post) -> None:
    three_player_game(post)
    post.owed()
    answer = post.send("ann@x.org", "signon irome annpw\nset absence 10 Nov to 30 Nov")
    assert status(answer, "set absence 10 Nov to 30 Nov")[0] == "refused"
    assert "sent to the master" in said(answer, "set absence 10 Nov to 30 Nov")
    owed = post.owed()
    to_master = [m for m in owed if m.to == MASTER and "Absence request" in m.subject]
    assert to_master and "Milan asks for an absence" in to_master[0].text
    assert not [m for m in owed if m.to == "bob@x.org" and "absence" in m.text]


def test_signing_on_from_another_address_mails_a_copy_to_the_seats_own(
        post: Post, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from machiavelli.cli.main import main
    three_player_game(post)
    outbox = tmp_path / "outbox"
    result = CliRunner().invoke(main, ["judge", "--as", "ann@cafe.org", "--db",
                                       post.judge.url, "--outbox", str(outbox)],
                                input="signon irome annpw\nA pav - for\n")
    assert result.exit_code == 0, result.output
    mailed = [p.read_text() for p in outbox.rglob("*") if p.is_file()]
    copies = [m for m in mailed if "To: ann@x.org" in m and "Copy of a reply" in m]
    assert copies and "ann@cafe.org" in copies[0]


def test_an_observer_may_set_no_broadcast(post: Post) -> None:
    three_player_game(post)
    post.send("obs@y.org", "observe rome watch")
    answer = post.send("obs@y.org", "signon orome watch\nset no broadcast")
    assert status(answer, "set no broadcast") == ("done", None), answer.reply
    post.mails.clear()
    post.send("ann@x.org", "signon irome annpw\nbroadcast\nHello all\nendpress")
    assert post.mails_to("bob@x.org", "Broadcast") and not post.mails_to("obs@y.org")
    answer = post.send("obs@y.org", "signon orome watch\nset broadcast")
    assert status(answer, "set broadcast") == ("done", None)
    post.send("ann@x.org", "signon irome annpw\nbroadcast\nAgain\nendpress")
    assert post.mails_to("obs@y.org", "Broadcast")
    answer = post.send("ann@x.org", "signon irome annpw\nset no broadcast")
    assert status(answer, "set no broadcast") == ("refused", "not allowed")


def test_rollback_1_goes_back_to_the_start(post: Post) -> None:
    three_player_game(post)
    post.send(MASTER, GM + "process")
    post.send(MASTER, GM + "process")
    assert post.view("rome").phase == 2
    answer = post.send(MASTER, GM + "rollback 2")
    assert status(answer, "rollback 2") == ("done", None), answer.reply
    assert post.view("rome").label == "Summer 1454 movement"
    answer = post.send(MASTER, GM + "rollback 1")
    assert status(answer, "rollback 1") == ("done", None), answer.reply
    assert post.view("rome").phase == 0
    assert post.view("rome").label == "Spring 1454 movement"
    assert status(post.send(MASTER, GM + "rollback 0"), "rollback 0")[0] == "refused"
    told = [m for m in post.owed() if m.to == "ann@x.org" and "Rollback" in m.subject]
    assert len(told) == 2


def test_after_become_master_only_commands_are_refused(post: Post) -> None:
    three_player_game(post)
    answer = post.send(MASTER, GM + "become venice\nF dal H\nprocess\nset nmr\npause\n"
                       "become milan\nbecome master")
    got = [(t, s) for t, s, _ in outcomes(answer)]
    assert got == [("signon mrome sesame", "done"), ("become venice", "done"),
                   ("F dal H", "done"), ("process", "refused"), ("set nmr", "refused"),
                   ("pause", "refused"), ("become milan", "refused"),
                   ("become master", "refused")], answer.reply
    view = post.view("rome")
    assert view.phase == 0 and view.status == "playing"


def test_a_draw_completed_by_the_command_lines_draw_is_announced(post: Post) -> None:
    from click.testing import CliRunner

    from machiavelli.cli.main import main
    three_player_game(post)
    post.owed()
    for power in ("Milan", "Venice", "Florence", "Naples", "Papacy", "Turkey"):
        result = CliRunner().invoke(main, ["draw", "rome", power, "--db", post.judge.url])
        assert result.exit_code == 0, result.output
    assert post.view("rome").status == "over"
    owed = post.owed()
    for address in ("ann@x.org", "bob@x.org", "cy@x.org", MASTER):
        assert [m for m in owed if m.to == address and "Draw" in m.subject
                and "is over" in m.text], address


def test_the_api_shows_the_notices_the_mail_judge_mails(tmp_path: Path) -> None:
    from web_game import paused_with_become, web_site
    site = web_site(f"sqlite:///{tmp_path}/api.db")
    paused_with_become(site, "api-game")
    vera = site.client.get("/api/v1/games/api-game/notices", headers=site.api("vera")).json()
    milo = site.client.get("/api/v1/games/api-game/notices", headers=site.api("milo")).json()
    public = site.client.get("/api/v1/games/api-game/notices").json()
    assert {n["kind"] for n in vera} >= {"pause", "become"}
    assert "become" not in {n["kind"] for n in milo} | {n["kind"] for n in public}
    assert "pause" in {n["kind"] for n in public}
    mailed = [n.body for n in site.judge.notices("api-game")
              if not isinstance(n, Refused) and n.kind in ("pause", "become")]
    assert sorted(mailed) == sorted(n["text"] for n in vera)

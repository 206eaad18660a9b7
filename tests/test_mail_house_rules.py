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

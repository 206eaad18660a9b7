"""The rest of nJudge's help files' rules (issue 37, item 3), each tried through the
command language by mail: STRICT WAIT (``index``), absences under StrictWait, NoPress and
quiet games (``absence``), TOUCH PRESS and MINOR PRESS (``index``), a concession that
passes (``draws``), and the grace moved off a day the schedule does not allow
(``deadlines``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from mail_sessions import MASTER, Post, outcomes, said, status, three_player_game

from machiavelli.commands.desk import clock_of
from machiavelli.service.judge import Judge

GM = "signon mrome sesame\n"
BOB = "signon vrome bobpw\n"
CY = "signon lrome cypw\n"
ANN = "signon irome annpw\n"


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    with Judge(f"sqlite:///{tmp_path}/judge.db") as judge:
        yield Post(judge)


def _all_done(post: Post, sender: str, text: str) -> None:
    answer = post.send(sender, text)
    assert all(s == "done" for _, s, _ in outcomes(answer)), answer.reply


def _to_the_fall_retreat(post: Post, *last: tuple[str, str]) -> None:
    """Venice marches on Milan's Cremona and takes it in the fall: Milan's army is
    dislodged, so in Fall 1454's retreat only Milan has orders to give.  ``last``:
    (sender, text) sent just before the fall is processed."""
    for orders in ("A ver - bre\nA pad - ver", "A ver - man",
                   "A bre - cre\nA man S A bre - cre"):
        _all_done(post, "bob@x.org", BOB + orders)
        if orders.startswith("A bre"):
            for sender, text in last:
                _all_done(post, sender, text)
        _all_done(post, MASTER, GM + "process")
    assert post.view("rome").label == "Fall 1454 retreat"


def _deadline(post: Post) -> datetime:
    clock = clock_of(post.view("rome"))
    assert clock is not None
    return clock.deadline


# -- STRICT WAIT (help file ``index``) ------------------------------------------------
def test_strict_wait_lets_only_players_with_moves_required_set_wait(post: Post) -> None:
    three_player_game(post, settings="set strict wait\n")
    _to_the_fall_retreat(post)
    answer = post.send("cy@x.org", CY + "set wait")
    assert status(answer, "set wait")[0] == "refused", answer.reply
    assert "only players who have moves currently required" in said(answer, "set wait")
    assert status(post.send("ann@x.org", ANN + "set wait"), "set wait") == ("done", None)
    assert status(post.send(MASTER, GM + "become florence\nset wait"),
                  "set wait") == ("done", None)  # a Master always may


def test_without_strict_wait_any_active_player_may_set_wait(post: Post) -> None:
    three_player_game(post)
    _to_the_fall_retreat(post)
    assert status(post.send("cy@x.org", CY + "set wait"), "set wait") == ("done", None)


# -- absences (help file ``absence``) ----------------------------------------------------
#: the retreat's deadline (Thu 5 Nov 23:30) falls in this absence, which ends Sat 7 Nov
#: (the deadline then moves on to a day the schedule allows)
AWAY = "set absence 5 Nov to 7 Nov"
UNMOVED = datetime(2026, 11, 5, 23, 30)
AWAY_END = datetime(2026, 11, 7, 23, 59)


def _retreat_deadline_after_absence(post: Post, settings: str, sender: str,
                                    signon: str) -> datetime:
    """The Fall 1454 retreat's deadline when ``sender`` (Florence, who owes no retreat,
    or Milan, who does) asked, before the fall was processed, for an absence over it."""
    three_player_game(post, settings=settings)
    _to_the_fall_retreat(post, (sender, signon + AWAY))
    return _deadline(post).replace(tzinfo=None)


def test_an_absence_moves_the_deadline_in_a_press_game_that_is_not_strict_wait(
        post: Post) -> None:
    assert _retreat_deadline_after_absence(post, "", "cy@x.org", CY) >= AWAY_END


def test_under_strict_wait_only_the_absence_of_a_player_with_a_move_counts(
        tmp_path: Path) -> None:
    for sender, signon, moved in (("cy@x.org", CY, False), ("ann@x.org", ANN, True)):
        with Judge(f"sqlite:///{tmp_path}/{sender}.db") as judge:
            deadline = _retreat_deadline_after_absence(Post(judge), "set strict wait\n",
                                                       sender, signon)
            assert deadline == UNMOVED or deadline >= AWAY_END
            assert (deadline >= AWAY_END) is moved, (sender, deadline)


def test_in_a_no_press_game_only_the_absence_of_a_player_with_a_move_counts(
        tmp_path: Path) -> None:
    for sender, signon, moved in (("cy@x.org", CY, False), ("ann@x.org", ANN, True)):
        with Judge(f"sqlite:///{tmp_path}/{sender}.db") as judge:
            deadline = _retreat_deadline_after_absence(Post(judge), "set no press\n",
                                                       sender, signon)
            assert deadline == UNMOVED or deadline >= AWAY_END
            assert (deadline >= AWAY_END) is moved, (sender, deadline)


def test_in_a_quiet_game_every_absence_counts(post: Post) -> None:
    deadline = _retreat_deadline_after_absence(post, "set strict wait\nset quiet\n",
                                               "cy@x.org", CY)
    assert deadline >= AWAY_END
    assert "Quiet" in said(post.send("ann@x.org", "list rome"), "list rome")


def test_a_quiet_game_tells_an_abandonment_to_the_master_only(post: Post) -> None:
    three_player_game(post, settings="set quiet\n")
    post.send("ann@x.org", ANN + "A pav - for")
    post.owed()
    clock = clock_of(post.view("rome"))
    assert clock is not None
    post.now = clock.grace + timedelta(minutes=1)
    post.judge.sweep(now=post.now)
    told = {m.to for m in post.owed() if "abandoned" in m.text}
    assert told == {MASTER}

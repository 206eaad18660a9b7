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


def _past_grace(post: Post) -> None:
    """Milan orders, Venice and Florence do not; the grace ends and the sweeper runs."""
    _all_done(post, "ann@x.org", ANN + "A pav - for")
    clock = clock_of(post.view("rome"))
    assert clock is not None
    post.now = clock.grace + timedelta(minutes=1)
    post.judge.sweep(now=post.now)


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


@pytest.mark.parametrize("settings", ["set strict wait\n", "set no press\n"],
                         ids=["strict wait", "no press"])
@pytest.mark.parametrize(("sender", "signon", "moved"), [
    ("cy@x.org", CY, False), ("ann@x.org", ANN, True)], ids=["no move", "a move"])
def test_under_strict_wait_or_no_press_only_the_absence_of_a_player_with_a_move_counts(
        post: Post, settings: str, sender: str, signon: str, moved: bool) -> None:
    deadline = _retreat_deadline_after_absence(post, settings, sender, signon)
    assert deadline == UNMOVED or deadline >= AWAY_END
    assert (deadline >= AWAY_END) is moved, deadline


def test_in_a_quiet_game_every_absence_counts(post: Post) -> None:
    deadline = _retreat_deadline_after_absence(post, "set strict wait\nset quiet\n",
                                               "cy@x.org", CY)
    assert deadline >= AWAY_END
    assert "Quiet" in said(post.send("ann@x.org", "list rome"), "list rome")


def test_a_quiet_game_tells_an_abandonment_to_the_master_only(post: Post) -> None:
    three_player_game(post, settings="set quiet\n")
    post.owed()
    _past_grace(post)
    told = {m.to for m in post.owed() if "abandoned" in m.text}
    assert told == {MASTER}


# -- TOUCH PRESS and MINOR PRESS (help file ``index``) ---------------------------------
def _press(post: Post, sender: str, signon: str, to: str) -> tuple[str, str | None]:
    command = f"press to {to}" if to else "broadcast"
    answer = post.send(sender, f"{signon}{command}\nA word.\nendpress")
    return status(answer, command)


def test_touch_press_goes_only_to_neighbours_and_masters_one_broadcast_a_turn(
        post: Post) -> None:
    three_player_game(post, settings="set touch press\n")
    assert _press(post, "ann@x.org", ANN, "v")[0] == "refused"  # Milan and Venice apart
    assert _press(post, "ann@x.org", ANN, "m") == ("done", None)  # the Master, always
    assert _press(post, "ann@x.org", ANN, "observers")[0] == "refused"
    assert _press(post, "ann@x.org", ANN, "") == ("done", None)
    assert _press(post, "ann@x.org", ANN, "")[0] == "refused"  # one broadcast a turn
    assert _press(post, "bob@x.org", BOB, "") == ("done", None)
    _all_done(post, "bob@x.org", BOB + "A ver - bre")  # next to Milan's Cremona
    _all_done(post, MASTER, GM + "process")
    assert _press(post, "ann@x.org", ANN, "v") == ("done", None)
    assert _press(post, "ann@x.org", ANN, "l")[0] == "refused"
    assert _press(post, "ann@x.org", ANN, "") == ("done", None)  # a new turn


def test_without_touch_press_partial_press_goes_to_anyone(post: Post) -> None:
    three_player_game(post)
    assert _press(post, "ann@x.org", ANN, "v") == ("done", None)
    assert _press(post, "ann@x.org", ANN, "") == ("done", None)
    assert _press(post, "ann@x.org", ANN, "") == ("done", None)


@pytest.mark.parametrize("minor", [True, False])
def test_minor_press_decides_press_in_retreat_and_adjustment_phases(
        post: Post, minor: bool) -> None:
    three_player_game(post, settings="" if minor else "set no minor press\n")
    assert _press(post, "cy@x.org", CY, "i") == ("done", None)  # a movement phase
    expected = "done" if minor else "refused"
    _to_the_fall_retreat(post)
    assert _press(post, "cy@x.org", CY, "i")[0] == expected
    assert _press(post, "ann@x.org", ANN, "")[0] == expected
    assert _press(post, "ann@x.org", ANN, "m") == ("done", None)  # the Master, always
    _all_done(post, MASTER, GM + "process")
    assert post.view("rome").label == "Winter 1454 adjustment"
    assert _press(post, "bob@x.org", BOB, "l")[0] == expected


# -- a concession that passes (help file ``draws``) ---------------------------------------
def test_a_concession_by_every_other_survivor_ends_the_game_for_the_largest_power(
        post: Post) -> None:
    three_player_game(post)
    _to_the_fall_retreat(post)  # Venice has taken Cremona: the largest power
    post.owed()
    for sender, signon in (("ann@x.org", ANN), ("cy@x.org", CY)):
        answer = post.send(sender, signon + "set concede venice")
        assert status(answer, "set concede venice") == ("done", None), answer.reply
    for power in ("naples", "papacy"):  # one BECOME a message (Austria, France: neutral)
        _all_done(post, MASTER, GM + f"become {power}\nset concede venice")
    assert post.view("rome").status == "playing"  # Turkey has not conceded
    answer = post.send(MASTER, GM + "become turkey\nset concede venice")
    assert "The game is conceded to Venice" in said(answer, "set concede venice")
    view = post.view("rome")
    assert view.status == "over" and view.outcome == "conceded to Venice"
    assert list(view.winners) == ["Venice"]
    told = {m.to for m in post.owed() if "is over: conceded to Venice" in m.text}
    assert {"ann@x.org", "bob@x.org", "cy@x.org", MASTER} <= told


# -- the grace moved off a day the schedule does not allow (help file ``deadlines``) ------
@pytest.mark.parametrize("strict", [False, True])
def test_the_grace_moves_off_an_invalid_day_unless_strict_grace(
        post: Post, strict: bool) -> None:
    three_player_game(post, settings="set move grace 48\n"
                      + ("set strict grace\n" if strict else ""))
    _all_done(post, MASTER, GM + "process")  # Summer's clock, by the schedule
    clock = clock_of(post.view("rome"))
    assert clock is not None
    assert clock.deadline.strftime("%a %d %b %H:%M") == "Thu 05 Nov 23:30"
    # two days after the deadline is a Saturday, which -MTWTF- does not allow: the grace
    # ends when the next allowed day begins
    expected = "Sat 07 Nov 23:30" if strict else "Mon 09 Nov 00:00"
    assert clock.grace.strftime("%a %d %b %H:%M") == expected


def test_an_abandoned_power_is_not_taken_over_by_someone_playing_in_the_game(
        post: Post) -> None:
    three_player_game(post)
    _past_grace(post)
    assert post.view("rome").standing["Venice"] == "abandoned"
    answer = post.send("ann@x.org", "signon vrome anything")
    assert status(answer, "signon vrome anything")[0] == "refused"
    assert "has a seat in rome already" in said(answer, "signon vrome anything")

"""The judge service, operation by operation, on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from service_db import ok
from sqlalchemy import select

from machiavelli.service.adjudication import Processed
from machiavelli.service.games import NewGame, Settings, deal_powers
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Phase, User
from machiavelli.service.visibility import GameView, Viewer

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)  # a Monday
MASTER = Viewer.master()


def look(judge: Judge, name: str, viewer: Viewer = MASTER, history: bool = False) -> GameView:
    view = judge.view(name, viewer, history=history)
    assert isinstance(view, GameView), view
    return view


def new(judge: Judge, name: str = "g", **settings: object) -> GameView:
    view = judge.create_game(NewGame(name, "classic_1454", seed="s1",
                                     settings=Settings(**settings)),  # type: ignore[arg-type]
                             now=T0)
    assert isinstance(view, GameView), view
    return view


# -- games, seats, the start ---------------------------------------------------------
def test_a_game_is_created_started_and_refused_twice(judge: Judge) -> None:
    view = new(judge)
    assert view.label == "Spring 1454 movement" and view.phase == 0
    assert view.start.startswith("Game start")
    assert judge.game_names() == ["g"]
    again = judge.create_game(NewGame("g", "classic_1454"))
    assert isinstance(again, Refused) and "exists" in again.reason


@pytest.mark.parametrize("bad", [NewGame("x", "no_such"), NewGame("x", "classic_1454",
                                 victory_cities=-3), NewGame("../x", "classic_1454"),
                                 NewGame("x", "classic_1454", flags=("bogus",))])
def test_bad_games_are_refused_with_a_reason(judge: Judge, bad: NewGame) -> None:
    assert isinstance(judge.create_game(bad), Refused)
    assert judge.game_names() == []


def test_players_join_with_preferences_and_get_powers_at_the_start(judge: Judge) -> None:
    ok(judge.create_game(NewGame("f", "classic_1454", seed="s"), start=False, now=T0))
    assert look(judge, "f").status == "forming"
    ok(judge.join("f", "ann", "player", ["Venice", "Milan"], now=T0))
    ok(judge.join("f", "bob", "player", ["ven", "Milan"], now=T0))
    ok(judge.join("f", "cy", "observer", now=T0))
    assert isinstance(judge.join("f", "ann", "player", ["Naples"]), Refused)  # seated
    assert isinstance(judge.join("f", "dan", "player", ["Atlantis"]), Refused)
    assert isinstance(judge.join("f", "eve", "master"), Refused)  # only a master seats one
    ok(judge.start("f", now=T0))
    seats = {s.name: s.power for s in look(judge, "f").seats}
    assert seats["ann"] == "Venice" and seats["bob"] == "Milan" and seats["cy"] is None
    assert isinstance(judge.join("f", "dan", "player", []), Refused)  # started
    assert ok(judge.viewer_for("f", "ann")) == Viewer.player("Venice", "ann")


def test_powers_are_dealt_by_preference_then_by_the_seed() -> None:
    dealt = deal_powers(["A", "B", "C"], [("x", ["B"]), ("y", ["B", "C"]), ("z", [])], "s")
    assert dealt["x"] == "B" and dealt["y"] == "C" and dealt["z"] == "A"
    assert deal_powers(["A", "B", "C"], [("x", []), ("y", [])], "s") == \
        deal_powers(["A", "B", "C"], [("x", []), ("y", [])], "s")


def test_an_invite_only_game_seats_players_through_its_master(judge: Judge) -> None:
    ok(judge.create_game(NewGame("i", "classic_1454", settings=Settings(invite_only=True)),
                         start=False))
    assert isinstance(judge.join("i", "ann", "player", []), Refused)
    ok(judge.join("i", "ann", "player", [], by_master=True))


def test_a_private_game_is_listed_only_to_those_in_it(judge: Judge) -> None:
    new(judge, "open")
    new(judge, "hidden", private=True)
    assert judge.game_names(Viewer.public()) == ["open"]
    assert judge.game_names(Viewer.master("someone")) == ["open"]
    assert judge.game_names(Viewer.master("master")) == ["hidden", "open"]  # seated in it
    assert judge.game_names(everything=True) == ["hidden", "open"]


# -- orders ----------------------------------------------------------------------------
def test_orders_are_merged_per_power_with_per_line_messages(judge: Judge) -> None:
    new(judge)
    stored = ok(judge.submit_orders("g", MASTER, "Milan", "A pav - for\nA mil - xyz\nA cre H"))
    assert stored.lines == ["A pav - for", "A cre H"]  # type: ignore[attr-defined]
    assert [(e.line, e.text) for e in stored.errors] == [(2, "A mil - xyz")]  # type: ignore
    stored = ok(judge.submit_orders("g", MASTER, "mil", "A cre - man"))
    assert stored.lines == ["A pav - for", "A cre - man"]  # type: ignore[attr-defined]
    sheet = look(judge, "g").orders["Milan"]
    assert sheet.lines == ["A pav - for", "A cre - man"] and sheet.messages == []


def test_a_player_orders_only_its_own_power_and_an_observer_none(judge: Judge) -> None:
    new(judge)
    venice = Viewer.player("Venice", "ann")
    ok(judge.submit_orders("g", venice, None, "A pad - vic"))
    assert isinstance(judge.submit_orders("g", venice, "Milan", "A pav - for"), Refused)
    assert isinstance(judge.submit_orders("g", Viewer.observer(), "Milan", "A pav H"), Refused)
    assert isinstance(judge.submit_orders("g", MASTER, None, "A pav H"), Refused)


def test_orders_for_a_phase_already_processed_are_refused_not_played_later(
        judge: Judge) -> None:
    new(judge)
    ok(judge.process("g", expected=0))
    late = judge.submit_orders("g", MASTER, "Milan", "A mil H", phase=0)
    assert isinstance(late, Refused) and "nothing was stored" in late.reason
    assert look(judge, "g").orders == {}


# -- processing --------------------------------------------------------------------------
def test_processing_is_keyed_by_the_phase_and_done_once(judge: Judge) -> None:
    new(judge)
    ok(judge.submit_orders("g", MASTER, "Milan", "A pav - for"))
    first = ok(judge.process("g", expected=0, now=T0))
    assert isinstance(first, Processed) and not first.already
    again = ok(judge.process("g", expected=0, now=T0))
    assert isinstance(again, Processed) and again.already
    assert "processed already" in again.message
    view = look(judge, "g", history=True)
    assert view.phase == 1 and [h.number for h in view.history] == [1]
    assert view.history[0].orders == {"Milan": "A pav - for\n"}
    assert isinstance(judge.process("g", expected=7), Refused)


def test_phases_are_never_rewritten(judge: Judge) -> None:
    new(judge)
    ok(judge.process("g", expected=0, now=T0))
    with judge.db.reading() as session:
        before = [(p.number, p.state, p.report) for p in session.scalars(select(Phase))]
    ok(judge.submit_orders("g", MASTER, "Milan", "A mil H"))
    ok(judge.process("g", expected=1, now=T0))
    with judge.db.reading() as session:
        after = [(p.number, p.state, p.report) for p in session.scalars(select(Phase))]
    assert after[:len(before)] == before and len(after) == len(before) + 1


def test_rollback_sets_later_phases_aside_and_processing_again_gives_the_same(
        judge: Judge) -> None:
    new(judge)
    ok(judge.submit_orders("g", MASTER, "Milan", "A pav - for"))
    ok(judge.process("g", expected=0, now=T0))
    first = look(judge, "g", history=True)
    ok(judge.process("g", expected=1, now=T0))
    assert isinstance(judge.rollback("g", Viewer.player("Milan"), 0), Refused)
    ok(judge.rollback("g", MASTER, 0, now=T0))
    view = look(judge, "g", history=True)
    assert view.phase == 0 and view.history == []
    assert view.orders["Milan"].lines == ["A pav - for"]  # pending again
    ok(judge.process("g", expected=0, now=T0))
    assert look(judge, "g", history=True).history[0].report == first.history[0].report


def test_pause_resume_and_extend_are_for_masters(judge: Judge) -> None:
    new(judge, deadlines={})
    assert isinstance(judge.pause("g", Viewer.player("Milan")), Refused)
    ok(judge.pause("g", MASTER, now=T0))
    assert look(judge, "g").status == "paused"
    ok(judge.pause("g", MASTER, False, now=T0))
    deadline = look(judge, "g").clock["clock"]["deadline"]  # type: ignore[index]
    ok(judge.extend("g", MASTER, 24, now=T0))
    later = look(judge, "g").clock["clock"]["deadline"]  # type: ignore[index]
    assert datetime.fromisoformat(later) - datetime.fromisoformat(deadline) == timedelta(hours=24)


def test_resign_then_take_over(judge: Judge) -> None:
    ok(judge.create_game(NewGame("t", "classic_1454", seed="s"), start=False))
    ok(judge.join("t", "ann", "player", ["Milan"]))
    ok(judge.start("t"))
    ann = ok(judge.viewer_for("t", "ann"))
    assert isinstance(ann, Viewer)
    assert isinstance(judge.resign("t", Viewer.player("Venice"), "Milan"), Refused)
    ok(judge.resign("t", ann))
    assert look(judge, "t").standing == {"Milan": "abandoned"}
    assert isinstance(judge.take_over("t", "bob", "Atlantis"), Refused)
    ok(judge.take_over("t", "bob", "Milan"))
    assert look(judge, "t").standing == {}
    assert ok(judge.viewer_for("t", "bob")) == Viewer.player("Milan", "bob")
    assert isinstance(judge.take_over("t", "cy", "Milan"), Refused)  # has a player
    ok(judge.eject("t", MASTER, "bob"))
    assert look(judge, "t").standing == {"Milan": "abandoned"}


# -- draws ------------------------------------------------------------------------------
def test_draw_dias_ends_the_game_when_every_survivor_voted(judge: Judge) -> None:
    new(judge)
    powers = look(judge, "g").state.powers
    for power in powers[:-1]:
        ok(judge.vote_draw("g", MASTER, power, True))
    ok(judge.vote_draw("g", MASTER, powers[0], False))
    ok(judge.vote_draw("g", MASTER, powers[0], True))
    assert look(judge, "g").status == "playing"
    said = ok(judge.vote_draw("g", MASTER, powers[-1], True))
    assert "drawn between" in str(said)
    view = look(judge, "g")
    assert view.status == "over" and view.outcome and "drawn" in view.outcome
    assert isinstance(judge.submit_orders("g", MASTER, "Milan", "A mil H"), Refused)
    assert isinstance(judge.vote_draw("g", Viewer.observer(), "Milan", True), Refused)


def test_draw_nodias_between_the_powers_every_survivor_approves(judge: Judge) -> None:
    new(judge, draws={"dias": False})
    state = look(judge, "g").state
    pair = ["Milan", "Venice"]
    assert isinstance(judge.vote_draw("g", MASTER, "Milan", True), Refused)  # list needed
    for power in state.powers:
        assert look(judge, "g").status == "playing"
        ok(judge.vote_draw("g", MASTER, power, True, pair))
    view = look(judge, "g")
    assert view.status == "over" and view.outcome == "drawn between Milan, Venice"


def test_votes_last_one_phase(judge: Judge) -> None:
    new(judge)
    ok(judge.vote_draw("g", MASTER, "Milan", True))
    ok(judge.process("g", expected=0))
    assert look(judge, "g").status == "playing"


# -- press ------------------------------------------------------------------------------
def test_press_white_grey_and_the_policy(judge: Judge) -> None:
    new(judge, press={"colours": "white/grey"})
    ok(judge.send_press("g", Viewer.player("Milan"), ["Venice"], "hello", now=T0))
    ok(judge.send_press("g", Viewer.player("Milan"), ["Venice"], "boo", grey=True, now=T0))
    ok(judge.send_press("g", Viewer.player("Venice"), ["all"], "to all", now=T0))
    seen = look(judge, "g", Viewer.player("Venice")).press
    assert [(x.sender, x.body) for x in seen] == [
        ("Milan", "hello"), ("(anonymous)", "boo"), ("Venice", "to all")]
    naples = look(judge, "g", Viewer.player("Naples")).press
    assert [x.body for x in naples] == ["to all"]
    master = look(judge, "g").press
    assert [x.sender for x in master] == ["Milan", "Milan", "Venice"]
    assert isinstance(judge.send_press("g", Viewer.player("Milan"), [], "x"), Refused)
    assert isinstance(judge.send_press("g", Viewer.public(), ["all"], "x"), Refused)


def test_press_a_white_game_refuses_grey_but_the_master_is_reachable(judge: Judge) -> None:
    new(judge)  # nJudge's default: white press only, partial allowed
    refused = judge.send_press("g", Viewer.player("Milan"), ["Venice"], "x", grey=True)
    assert isinstance(refused, Refused)
    new(judge, "quiet", press={"colours": "none"})
    assert isinstance(judge.send_press("quiet", Viewer.player("Milan"), ["Venice"], "x"),
                      Refused)
    ok(judge.send_press("quiet", Viewer.player("Milan"), ["master"], "help"))


# -- deadlines and the sweeper ----------------------------------------------------------------
def test_sweep_processes_early_when_every_due_power_is_ready(judge: Judge) -> None:
    new(judge, deadlines={})
    powers = look(judge, "g").state.powers
    [swept] = judge.sweep(now=T0 + timedelta(hours=1))
    assert not isinstance(swept, Refused) and not swept.processed
    for power in powers:
        ok(judge.set_wait("g", MASTER, power, False, now=T0 + timedelta(hours=2)))
    [swept] = judge.sweep(now=T0 + timedelta(hours=13))  # after `min` (12 h) and `delay`
    assert not isinstance(swept, Refused) and swept.processed, swept
    assert look(judge, "g").phase == 1
    [again] = judge.sweep(now=T0 + timedelta(hours=13))
    assert not isinstance(again, Refused) and not again.processed


def test_sweep_waits_for_a_late_power_without_nmr_and_sends_late_notices(
        judge: Judge) -> None:
    new(judge, deadlines={})
    clock = look(judge, "g").clock["clock"]
    deadline = datetime.fromisoformat(clock["deadline"])  # type: ignore[index]
    grace = datetime.fromisoformat(clock["grace"])  # type: ignore[index]
    [swept] = judge.sweep(now=deadline + timedelta(minutes=1))
    assert not isinstance(swept, Refused) and not swept.processed and swept.notices > 0
    [swept] = judge.sweep(now=grace + timedelta(hours=1))
    assert not isinstance(swept, Refused) and not swept.processed
    assert look(judge, "g").phase == 0
    notices = judge.notices("g")
    assert not isinstance(notices, Refused) and any(n.kind == "late" for n in notices)
    assert judge.delivered("g", [n.id for n in notices]) == len(notices)
    assert judge.notices("g") == []
    assert set(look(judge, "g").standing.values()) == {"abandoned"}


def test_sweep_with_nmr_puts_late_powers_in_civil_disorder_at_the_grace(judge: Judge) -> None:
    new(judge, deadlines={"nmr": True})
    grace = datetime.fromisoformat(look(judge, "g").clock["clock"]["grace"])  # type: ignore
    [swept] = judge.sweep(now=grace + timedelta(minutes=1))
    assert not isinstance(swept, Refused) and swept.processed
    view = look(judge, "g")
    assert view.phase == 1 and set(view.standing.values()) == {"civil disorder"}


def test_a_player_back_after_civil_disorder_is_waited_for_again(judge: Judge) -> None:
    """nJudge: CD powers are not considered "until a SIGNON clears the mark"."""
    new(judge, deadlines={"nmr": True})
    grace = datetime.fromisoformat(look(judge, "g").clock["clock"]["grace"])  # type: ignore
    ok(judge.sweep(now=grace + timedelta(minutes=1)))
    assert look(judge, "g").standing["Venice"] == "civil disorder"
    venice = Viewer.player("Venice", "ann")
    ok(judge.submit_orders("g", venice, None, "A ven H", now=grace + timedelta(hours=1)))
    assert "Venice" not in look(judge, "g").standing
    ok(judge.submit_orders("g", MASTER, "Milan", "", now=grace + timedelta(hours=1)))
    assert look(judge, "g").standing["Milan"] == "civil disorder"  # a master clears nothing


def test_a_manual_game_is_never_swept(judge: Judge) -> None:
    new(judge, deadlines={"manual_process": True})
    grace = datetime.fromisoformat(look(judge, "g").clock["clock"]["grace"])  # type: ignore
    [swept] = judge.sweep(now=grace + timedelta(days=30))
    assert not isinstance(swept, Refused) and not swept.processed
    [swept] = judge.sweep(["g"], now=grace)
    assert look(judge, "g").phase == 0


def test_a_paused_game_is_not_swept(judge: Judge) -> None:
    new(judge, deadlines={"nmr": True})
    ok(judge.pause("g", MASTER))
    [swept] = judge.sweep(now=T0 + timedelta(days=60))  # not processed: a reminder only
    assert not isinstance(swept, Refused) and not swept.processed
    assert swept.why == "the game is paused"
    assert look(judge, "g").phase == 0


# -- users -------------------------------------------------------------------------------
def test_users_sign_in_with_an_argon2_password(judge: Judge) -> None:
    user = ok(judge.add_user("ann", "correct horse", "ann@example.org"))
    assert not hasattr(user, "password_hash")  # a view never carries it
    with judge.db.reading() as session:
        row = session.get(User, user.id)
        assert row is not None and row.password_hash is not None
        assert row.password_hash.startswith("$argon2")
        assert "correct horse" not in row.password_hash
    assert not isinstance(judge.sign_in("ann", "correct horse"), Refused)
    assert isinstance(judge.sign_in("ann", "wrong horse!"), Refused)
    assert isinstance(judge.sign_in("bob", "correct horse"), Refused)
    assert isinstance(judge.add_user("ann", "another one"), Refused)
    assert isinstance(judge.add_user("cy", "short"), Refused)


# -- absences ----------------------------------------------------------------------------
def test_an_absence_pushes_the_next_deadline_past_it(judge: Judge) -> None:
    new(judge, deadlines={})
    away = ok(judge.set_absence("g", MASTER, "Milan", "10 Nov to 20 Nov", now=T0))
    assert len(away) == 1  # type: ignore[arg-type]
    assert isinstance(judge.set_absence("g", Viewer.observer(), "Milan", "10 Nov"), Refused)
    too_long = judge.set_absence("g", Viewer.player("Venice"), None, "3 Nov to 30 Nov", now=T0)
    assert isinstance(too_long, Refused) and "master" in too_long.reason
    ok(judge.process("g", expected=0, now=datetime(2026, 11, 9, 12, tzinfo=UTC)))
    deadline = datetime.fromisoformat(look(judge, "g").clock["clock"]["deadline"])  # type: ignore
    assert deadline >= datetime(2026, 11, 20, 23, 59, tzinfo=UTC)
    left = ok(judge.cancel_absence("g", MASTER, "Milan", "15 Nov", now=T0))
    assert left == ()


def test_a_master_sets_the_press_rules(judge: Judge) -> None:
    new(judge)
    assert isinstance(judge.set_press("g", Viewer.player("Milan"), "grey"), Refused)
    assert isinstance(judge.set_press("g", MASTER, "purple"), Refused)
    ok(judge.set_press("g", MASTER, "grey"))
    ok(judge.send_press("g", Viewer.player("Milan"), ["Venice"], "boo", grey=True))
    assert look(judge, "g", Viewer.player("Venice")).press[0].sender == "(anonymous)"

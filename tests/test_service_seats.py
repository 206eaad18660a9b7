"""The service's doors for the judge by mail: registrations, seat passwords and addresses,
quorum starts, later orders, press with every option, concessions and the master's
terminate, promote, deadline, variant and prediction; on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from service_db import ok

from machiavelli.service.games import NewGame, Settings, Shape
from machiavelli.service.house.deadlines import set_deadline
from machiavelli.service.house.press import Addressees
from machiavelli.service.judge import Judge
from machiavelli.service.port import Step
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.service.visibility import SeatView as Seat

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)  # a Monday
GM = Viewer.master("gm@x.org")


def look(judge: Judge, name: str, viewer: Viewer = GM) -> GameView:
    view = judge.view(name, viewer)
    assert isinstance(view, GameView), view
    return view


def forming(judge: Judge, name: str = "f", scenario: str = "classic_1454",
            **settings: object) -> None:
    ok(judge.create_game(NewGame(name, scenario, seed="s",
                                 settings=Settings(**settings)),  # type: ignore[arg-type]
                         master="gm@x.org", start=False, now=T0))


def test_a_registration_is_kept_and_updated(judge: Judge) -> None:
    user, new = ok(judge.register("Ann@X.org", [("Name", "Ann"), ("Level", "Novice")],
                                  now=T0))  # type: ignore[misc]
    assert new and user.profile == {"Name": "Ann", "Level": "Novice"}
    _, again = ok(judge.register("ann@x.org", [("Name", "Ann B")], now=T0))  # type: ignore
    assert not again
    found = judge.registered("ANN@x.org")
    assert found is not None and found.profile == {"Name": "Ann B"}
    assert judge.registered("bob@x.org") is None
    assert isinstance(judge.register("not an address", []), Refused)


def test_each_seat_signs_on_with_its_own_password(judge: Judge) -> None:
    forming(judge)
    ok(judge.join("f", "ann@x.org", "player", ["Milan"], password="pass",
                  address="ann@x.org", now=T0))
    ok(judge.join("f", "cy@x.org", "observer", password="look", now=T0))
    ok(judge.start("f", now=T0))
    seat = ok(judge.sign_on("f", "player", "pass", power="Milan"))
    assert isinstance(seat, Seat) and seat.name == "ann@x.org" and seat.address == "ann@x.org"
    assert isinstance(judge.sign_on("f", "player", "wrong", power="Milan"), Refused)
    assert isinstance(judge.sign_on("f", "player", "pass", power="Venice"), Refused)
    ok(judge.sign_on("f", "observer", "look", seat_name="cy@x.org"))
    ok(judge.update_seat("f", "ann@x.org", password="new", address="ann@home.org"))
    assert isinstance(judge.sign_on("f", "player", "pass", power="Milan"), Refused)
    seat = ok(judge.sign_on("f", "player", "new", power="Milan"))
    assert isinstance(seat, Seat) and seat.address == "ann@home.org"
    # a take-over brings its own password
    ok(judge.resign("f", Viewer.player("Milan", "ann@x.org"), now=T0))
    ok(judge.take_over("f", "bob@x.org", "Milan", password="bobs", address="bob@x.org",
                       now=T0))
    seat = ok(judge.sign_on("f", "player", "bobs", power="Milan"))
    assert isinstance(seat, Seat) and seat.name == "bob@x.org"
    seats = ok(judge.seats("f", present=False))
    assert [s.name for s in seats if s.left_at is not None] == ["ann@x.org"]  # type: ignore


def test_a_quorum_game_starts_with_its_powers_left_in_civil_disorder(judge: Judge) -> None:
    forming(judge, quorum=2)
    ok(judge.join("f", "ann@x.org", "player", [], now=T0))
    ok(judge.set_preferences("f", "ann@x.org", ["Venice", "Mil"], now=T0))
    assert isinstance(judge.set_preferences("f", "ann@x.org", ["Atlantis"]), Refused)
    ok(judge.join("f", "bob@x.org", "player", ["Venice", "Milan"], now=T0))
    ok(judge.start("f", now=T0))
    view = look(judge, "f")
    dealt = {s.name: s.power for s in view.seats if s.role == "player"}
    assert dealt == {"ann@x.org": "Venice", "bob@x.org": "Milan"}
    assert set(view.standing) == set(view.state.powers) - {"Venice", "Milan"}
    assert set(view.standing.values()) == {"civil disorder"}
    assert isinstance(judge.set_preferences("f", "ann@x.org", ["Milan"]), Refused)


def test_a_master_reshapes_a_forming_game_only(judge: Judge) -> None:
    forming(judge)
    shape = ok(judge.reshape("f", GM, lambda s: Shape("classic_1454", 5, ("nofamine",), 12)))
    assert shape == Shape("classic_1454", 5, ("nofamine",), 12)
    assert look(judge, "f").players == 5
    assert isinstance(judge.reshape("f", GM, lambda s: Shape("classic_1454", 11, (), None)),
                      Refused)
    assert isinstance(judge.reshape("f", Viewer.observer("x"), lambda s: s), Refused)
    ok(judge.join("f", "ann@x.org", "player", [], now=T0))
    ok(judge.start("f", now=T0))
    assert isinstance(judge.reshape("f", GM, lambda s: s), Refused)


def started(judge: Judge, name: str = "g", **settings: object) -> None:
    ok(judge.create_game(NewGame(name, "classic_1454", seed="s1",
                                 settings=Settings(**settings)),  # type: ignore[arg-type]
                         master="gm@x.org", now=T0))


def test_terminate_and_promote_are_a_masters(judge: Judge) -> None:
    started(judge)
    ok(judge.join("g", "cy@x.org", "observer", now=T0))
    assert isinstance(judge.promote("g", Viewer.observer("cy@x.org"), "cy@x.org"), Refused)
    ok(judge.promote("g", GM, "cy@x.org", now=T0))
    assert {s.name: s.role for s in look(judge, "g").seats}["cy@x.org"] == "master"
    assert isinstance(judge.terminate("g", Viewer.player("Milan")), Refused)
    ok(judge.terminate("g", GM, now=T0))
    view = look(judge, "g")
    assert view.status == "over" and view.outcome == "terminated by the master"
    assert isinstance(judge.terminate("g", GM), Refused)


def test_a_master_moves_the_deadline_by_the_deadline_rules(judge: Judge) -> None:
    started(judge, deadlines={})
    later = T0 + timedelta(days=9)
    clock = ok(judge.change_clock("g", GM, lambda c, p, k: set_deadline(c, later, p, k, T0),
                                  now=T0))
    assert clock.deadline == later  # type: ignore[attr-defined]
    assert look(judge, "g").clock["clock"]["deadline"] == later.isoformat()  # type: ignore
    past = T0 - timedelta(days=1)
    assert isinstance(judge.change_clock("g", GM, lambda c, p, k: set_deadline(
        c, past, p, k, T0), now=T0), Refused)
    assert isinstance(judge.change_clock("g", Viewer.player("Milan"), lambda c, p, k: c),
                      Refused)


def test_predict_shows_the_phase_without_processing_it(judge: Judge) -> None:
    started(judge)
    ok(judge.submit_orders("g", GM, "Milan", "A pav - for", now=T0))
    result = ok(judge.predict("g", GM))
    assert isinstance(result, Step) and "A pav - for" in result.report
    assert look(judge, "g").phase == 0
    assert isinstance(judge.predict("g", Viewer.player("Milan")), Refused)


def test_orders_held_for_a_later_phase_are_submitted_when_it_comes(judge: Judge) -> None:
    started(judge)
    milan = Viewer.player("Milan", "ann")
    ok(judge.hold_orders("g", milan, None, "summer", 1454, "movement", "A pav - mil",
                         now=T0))
    ok(judge.hold_orders("g", milan, None, "fall", 1454, "retreat", "A xyz H", now=T0))
    assert isinstance(judge.hold_orders("g", milan, None, "spring", 1454, "movement", "x"),
                      Refused)  # the pending phase, not a later one
    ok(judge.submit_orders("g", GM, "Milan", "A pav - for", now=T0))
    ok(judge.process("g", now=T0))  # spring retreats, if any, then summer
    while look(judge, "g").label != "Summer 1454 movement":
        ok(judge.process("g", now=T0))
    orders = look(judge, "g", milan).orders
    assert orders["Milan"].lines == ["A for - mil"] or orders["Milan"].messages, orders
    # CLEAR drops what is still held
    assert ok(judge.clear_later("g", milan, None, now=T0)) == 1
    assert ok(judge.clear_later("g", milan, None, now=T0)) == 0


def test_press_to_all_but_and_fakes_and_in_a_forming_game(judge: Judge) -> None:
    forming(judge, "f")
    ok(judge.join("f", "cy@x.org", "observer", now=T0))
    letter = ok(judge.send_letter("f", Viewer.observer("cy@x.org"),
                                  Addressees(master=True), "hello", now=T0))
    assert letter.recipients == ["master"]  # type: ignore[attr-defined]
    started(judge, press={"fake": "partial may be faked"})
    milan = Viewer.player("Milan", "ann")
    letter = ok(judge.send_letter("g", milan, Addressees(frozenset({"Venice"}), all_but=True),
                                  "not you, Venice", now=T0))
    assert "Venice" not in letter.recipients and "Florence" in letter.recipients  # type: ignore
    assert "master" in letter.recipients  # type: ignore[attr-defined]
    letter = ok(judge.send_letter("g", milan, Addressees(frozenset({"Florence"})), "psst",
                                  fake_broadcast=True, now=T0))
    assert letter.shown_to is None  # type: ignore[attr-defined]  # shown as a broadcast
    venice = look(judge, "g", Viewer.player("Venice"))
    assert [p.body for p in venice.press] == []
    assert [p.body for p in look(judge, "g", Viewer.player("Florence")).press] == [
        "not you, Venice", "psst"]


def test_a_concession_to_the_largest_power(judge: Judge) -> None:
    started(judge)
    answer = judge.concede("g", Viewer.player("Milan"), None, "Venice", now=T0)
    assert isinstance(answer, Refused) and "largest" in answer.reason  # a tie at the start
    ok(judge.concede("g", Viewer.player("Milan"), None, None, now=T0))


def test_a_power_waiting_with_its_orders_in_is_processed_at_the_deadline(judge: Judge) -> None:
    """SET WAIT keeps the judge from processing early; the orders are in all the same, so
    the power is not late at the deadline (help file ``index``, SET WAIT)."""
    started(judge, deadlines={})
    deadline = datetime.fromisoformat(look(judge, "g").clock["clock"]["deadline"])  # type: ignore
    for power in look(judge, "g").state.powers:
        ok(judge.submit_orders("g", GM, power, "", now=T0))
        ok(judge.set_wait("g", GM, power, False, now=T0))
    ok(judge.submit_orders("g", GM, "Milan", "A pav - for", now=T0))
    ok(judge.set_wait("g", GM, "Milan", True, now=T0))
    [early] = judge.sweep(now=T0 + timedelta(hours=13))
    assert not isinstance(early, Refused) and not early.processed and "wait" in early.why
    [swept] = judge.sweep(now=deadline)
    assert not isinstance(swept, Refused) and swept.processed, swept

"""Seed 003's retreats made by the judge (option ``auto_retreat``, on under ``bar``).

BAR-2.9 (003 2 H.2: no retreat phase), BAR-13.5.1-13.5.3 and rulings A-1, A-2
(docs/rulings.md, "Balance at Risk (seed 003)").  The positions are in
cases/balance_at_risk/retreats.txt; these tests go through the phase machine.
"""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.orders import Order, Retreat, UnitRef
from machiavelli.core.state import Dislodged, State, Unit
from machiavelli.game.process import process_phase
from machiavelli.movement.retreats import JUDGE_RETREAT, judge_retreats, tried_places
from machiavelli.text.notation import parse_orders

B = load_board("classic")
POWERS = ["Milan", "Austria", "Venice", "France"]


def position(options: dict[str, bool]) -> State:
    units = [Unit("A", "Milan", "mil"), Unit("A", "Austria", "tyr"),
             Unit("A", "Austria", "trt"), Unit("A", "Venice", "ber"),
             Unit("A", "Venice", "cri")]
    return State(board="classic", year=1454, season="spring", phase="movement",
                 powers=list(POWERS), units=units, options=dict(options),
                 treasury=dict.fromkeys(POWERS, 0))


def orders(state: State) -> dict[str, list[Order]]:
    return {"Austria": parse_orders("A tyr - mil\nA trt S A tyr - mil", B, state,
                                    "Austria").orders}


def test_bar_2_9_no_retreat_phase_under_bar() -> None:
    before = position(dict(BAR_DEFAULTS))
    done = process_phase(B, before, orders(before), seed="s")
    assert done.after.phase == "movement" and done.after.season == "summer"
    assert not done.after.dislodged
    # Bergamo and Crema are occupied: Como (the game's end-of-campaign steps then remove
    # every unit of the powers this bare position leaves without a home country)
    retreat = [r for r in done.results if isinstance(r.order, Retreat)]
    assert [(r.power, r.order, r.outcome) for r in retreat] == [
        ("Milan", Retreat(UnitRef("A", "mil"), "com"), "succeeds")]
    assert f"A mil R com  ({JUDGE_RETREAT})" in done.report
    # same state, orders and seed: same result
    again = process_phase(B, before, orders(before), seed="s")
    assert again.report == done.report and again.after == done.after


def test_bar_2_9_flag_off_keeps_the_retreat_phase() -> None:
    before = position(dict(MACH1_DEFAULTS))
    done = process_phase(B, before, orders(before), seed="s")
    assert done.after.phase == "retreat"
    assert [d.unit for d in done.after.dislodged] == [Unit("A", "Milan", "mil")]
    assert JUDGE_RETREAT not in done.report


def test_bar_13_5_1_ruling_a_2_tried_places_leave_out_dislodged_units_orders() -> None:
    from machiavelli.core.orders import Move
    from machiavelli.core.results import OrderResult

    gone = [Dislodged(Unit("A", "Milan", "mil"), "tyr")]
    results = [
        OrderResult("Milan", Move(UnitRef("A", "mil"), "pia"), "dislodged"),
        OrderResult("France", Move(UnitRef("A", "tur"), "pav"), "bounced"),
        OrderResult("France", Move(UnitRef("A", "swi"), "com"), "void"),
        OrderResult("Venice", Move(UnitRef("A", "ber"), "cre"), "succeeds"),
    ]
    assert tried_places(results, gone) == {"pav", "cre"}


def test_bar_13_5_3_ruling_a_1_judge_retreats_in_board_order() -> None:
    """Two armies whose first choice is one place: the earlier one (board order of their
    provinces) is moved on to its next place so that both survive."""
    after_moves = State(
        board="classic", year=1454, season="spring", phase="retreat", powers=list(POWERS),
        units=[Unit("A", "Austria", "cre"), Unit("A", "Austria", "ber"),
               Unit("A", "Venice", "bre"), Unit("A", "Venice", "ver"),
               Unit("A", "France", "man"), Unit("A", "France", "fer"),
               Unit("A", "Venice", "mod")],
        dislodged=[Dislodged(Unit("A", "Milan", "man"), "bol"),
                   Dislodged(Unit("A", "Milan", "cre"), "mil")],
        options=dict(BAR_DEFAULTS))
    done = judge_retreats(B, after_moves, tried={"man", "cre"})
    moved = {r.order for r in done.results}
    assert moved == {Retreat(UnitRef("A", "cre"), "pia"), Retreat(UnitRef("A", "man"), "par")}
    assert all(r.note == JUDGE_RETREAT for r in done.results)
    assert done.state.phase == "movement" and not done.state.dislodged

"""Seed 003's control, independents and rebellions (003 1.3, 4.1, 10, 11.1, 16, 17.1.1):
BAR-1.2, BAR-1.3, BAR-4.1, BAR-4.3, BAR-10.3, BAR-11.9, BAR-16.2, BAR-17.2, under ``bar``.
The cases are in cases/balance_at_risk/independent_control.txt and bribes_later.txt."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, rules_of
from machiavelli.core.orders import Expense, Move, Order, SupportMove, UnitRef
from machiavelli.core.state import INDEPENDENT_CONTROL, Rebellion, State, Unit
from machiavelli.game.bar_end import bar_eliminate
from machiavelli.game.process import process_phase
from machiavelli.money.bar_expenses import bar_expense_problem, bar_payments
from machiavelli.money.bar_income import bar_tax
from machiavelli.movement.control import update_control

B = load_board("classic")
RULES = rules_of(dict(BAR_DEFAULTS))
POWERS = ["Milan", "Venice", "Florence"]


def bare(units: list[Unit], **kw: object) -> State:
    return State(board="classic", year=1455, season="spring", phase="movement",
                 powers=list(POWERS), units=units, options=dict(BAR_DEFAULTS),
                 treasury=dict.fromkeys(POWERS, 0), **kw)  # type: ignore[arg-type]


def test_bar_1_3_independent_units_control_their_places_for_nobody_of_the_game() -> None:
    state = update_control(B, bare([Unit("A", None, "par"), Unit("F", None, "wts"),
                                    Unit("G", None, "luc")]), rules=RULES)
    assert state.province_owner == {"par": INDEPENDENT_CONTROL, "luc": INDEPENDENT_CONTROL}
    assert state.city_owner == {"par": INDEPENDENT_CONTROL, "luc": INDEPENDENT_CONTROL}
    # independent control earns nothing (BAR-5.1) and is no power's
    assert bar_tax(B, state) == {}
    assert INDEPENDENT_CONTROL not in state.powers


def test_bar_4_3_bar_10_3_a_rebelling_province_is_nobodys_and_pays_its_victim_nothing() -> None:
    rebels = {"pav": Rebellion("pav", "Milan", in_city=True)}
    state = update_control(B, bare([Unit("A", "Milan", "pav"), Unit("G", "Milan", "mil")],
                                   province_owner={"pav": "Milan", "mil": "Milan"},
                                   city_owner={"pav": "Milan", "mil": "Milan"},
                                   rebellions=rebels), rules=RULES)
    assert "pav" not in state.province_owner and "pav" not in state.city_owner
    assert state.province_owner["mil"] == state.city_owner["mil"] == "Milan"
    assert bar_tax(B, state)["Milan"] == (0, 1, 3)  # Milan's province and city; not Pavia


def test_bar_17_2_famine_ends_a_rebellion_and_the_province_turns_independent() -> None:
    """003 17.1.1: famine "puts down a rebellion (after which the province is independent)":
    when the Spring campaign ends (H.3.3); its units go, its garrisoned city stays Milan's."""
    state = bare([Unit("A", "Milan", "mil"), Unit("G", "Milan", "pav"),
                  Unit("A", "Venice", "ven")],
                 province_owner={"mil": "Milan"},
                 city_owner={"mil": "Milan", "pav": "Milan"},
                 rebellions={"pav": Rebellion("pav", "Milan")}, famine=["pav"])
    done = process_phase(B, state, {}, seed="famine")
    after = done.after
    assert "pav" not in after.rebellions
    assert after.province_owner["pav"] == INDEPENDENT_CONTROL
    assert after.city_owner["pav"] == "Milan"  # (famine changes no control, FAM-C)
    assert not any(u.province == "pav" for u in after.units)
    assert ("The famine in Pavia ends the rebellion against Milan; the province is "
            "independent (BAR-17.2, A-14)." in done.events)


def test_bar_11_9_a_bribe_at_a_place_without_its_unit_is_void_and_costs_nothing() -> None:
    state = bare([Unit("G", "Milan", "fer"), Unit("A", "Venice", "pad")])
    buy = Expense(1, 18, "buy", "A", "fer")
    assert bar_expense_problem(state, buy) == (
        "there is no army in fer: void, nothing charged (BAR-11.9, ruling A-3)")
    assert bar_payments(state, 18, [buy]) == [0]


def test_bar_16_2_a_pirate_forced_to_retreat_is_removed() -> None:
    """An independent fleet never leaves its native area: dislodged at sea, where it
    cannot convert, it is removed (BAR-16.2, BAR-13.5.2)."""
    state = bare([Unit("F", None, "wts"), Unit("F", "Florence", "psa"),
                  Unit("F", "Florence", "pio")])
    orders: dict[str, list[Order]] = {"Florence": [
        Move(UnitRef("F", "psa"), "wts"),
        SupportMove(UnitRef("F", "pio"), UnitRef("F", "psa"), "wts")]}
    after = process_phase(B, state, orders, seed="pirate").after
    assert [u for u in after.units if u.owner is None and u.kind == "F"] == []
    assert Unit("F", "Florence", "wts") in after.units


def test_bar_10_6_the_victims_elimination_ends_its_rebellions() -> None:
    state = bare([Unit("A", "Venice", "pad")],
                 rebellions={"pav": Rebellion("pav", "Milan", in_city=True),
                             "trv": Rebellion("trv", "Venice")})
    events: list[str] = []
    after = bar_eliminate(B, state, ["Milan"], events)
    assert list(after.rebellions) == ["trv"]

"""Seed 003's unit payments (B.5): BAR-6.2 (an old unit traded for a new one of any
type), BAR-6.3 (the list paid from its start, its end disbanded), BAR-6.4 (default
payments: garrisons first, each group in the Area Preference List's order, ruling A-1).

The rules themselves are in cases/balance_at_risk/payments.txt; here what changes with
the option and what counts as a payment order."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.orders import Build, Order, Remove, Tax, UnitRef
from machiavelli.core.state import State, Unit
from machiavelli.game.adjustments import resolve_adjustments
from machiavelli.movement.builds import build_problem

B = load_board("classic")


def winter(options: dict[str, bool], units: list[Unit], treasury: int) -> State:
    held = {p: "Venice" for p in ("ven", "pad", "trv", "fri")}
    return State(board="classic", year=1455, season="winter", phase="adjustment",
                 powers=["Venice", "Milan"], units=units, options=dict(options),
                 province_owner=dict(held), city_owner=dict(held),
                 home_countries={"Venice": ("ven", "pad", "trv", "fri")},
                 home={"Venice": ("ven", "pad", "trv", "fri")},
                 treasury={"Venice": treasury, "Milan": 0})


def after(state: State, orders: list[Order]) -> tuple[list[tuple[str, str]], int]:
    done = resolve_adjustments(B, state, {"Venice": orders} if orders else {})
    units = sorted((u.kind, u.province) for u in done.state.units if u.owner == "Venice")
    return units, done.state.treasury["Venice"]


def test_bar_6_2_an_old_unit_traded_for_a_new_one_only_under_bar() -> None:
    """003 6.2: "an existing garrison unit may be disbanded and a new army unit raised in
    the same province"; 001 ADJ-D forbids it.  Only one's own unit is traded."""
    units = [Unit("A", "Venice", "pad")]
    bar = winter(BAR_DEFAULTS, units, 6)
    assert build_problem(B, bar, "Venice", Build("G", "pad")) is None  # (the city: as ever)
    assert build_problem(B, bar, "Venice", Build("A", "pad")) is None
    plain = winter(dict(MACH1_DEFAULTS, money=True), units, 6)
    assert "ADJ-D" in (build_problem(B, plain, "Venice", Build("A", "pad")) or "")
    milan = winter(BAR_DEFAULTS, [Unit("A", "Milan", "pad")], 6)
    assert "ADJ-D" in (build_problem(B, milan, "Venice", Build("A", "pad")) or "")
    trade = [Remove(UnitRef("A", "pad")), Build("A", "pad")]
    assert after(bar, trade) == ([("A", "pad")], 3)  # the old army not paid, a new one


def test_bar_6_2_without_money_no_trade() -> None:
    """The trade is one of unit payments (the old unit goes unpaid): with ``bar`` but no
    money nothing is paid, so ADJ-D holds and no second unit is raised beside the old."""
    units = [Unit("A", "Venice", "pad")]
    unpaid = winter(dict(BAR_DEFAULTS, money=False), units, 6)
    assert "ADJ-D" in (build_problem(B, unpaid, "Venice", Build("A", "pad")) or "")
    assert after(unpaid, [Build("A", "pad")])[0] == [("A", "pad")]


def test_bar_6_4_bar_18_3_default_payments_garrisons_first_in_board_order() -> None:
    """No payment order: garrisons first, then the others, each in the board's order."""
    units = [Unit("A", "Venice", "trv"), Unit("A", "Venice", "pad"), Unit("G", "Venice", "ven")]
    assert after(winter(BAR_DEFAULTS, units, 6), []) == ([("A", "pad"), ("G", "ven")], 0)
    assert after(winter(BAR_DEFAULTS, units, 2), []) == ([], 2)
    assert after(winter(BAR_DEFAULTS, units, 9), []) == (
        [("A", "pad"), ("A", "trv"), ("G", "ven")], 0)


def test_bar_6_4_a_forced_tax_is_no_payment_order() -> None:
    """A power whose only orders are forced taxes still gets the default payments; one
    that writes any payment order does not (its unordered units go, ADJ-ORD-1)."""
    units = [Unit("A", "Venice", "pad"), Unit("G", "Venice", "ven")]
    # 4 + the forced tax of Treviso (1 + 1): 6, both paid
    assert after(winter(BAR_DEFAULTS, units, 4), [Tax("trv")]) == (
        [("A", "pad"), ("G", "ven")], 0)
    kept, _ = after(winter(BAR_DEFAULTS, units, 6), [Build("A", "trv")])
    assert kept == [("A", "trv")]


def test_bar_6_4_without_bar_unordered_units_go() -> None:
    """001 (ADJ-ORD-1): a power with money and no orders keeps nothing."""
    units = [Unit("A", "Venice", "pad")]
    assert after(winter(dict(MACH1_DEFAULTS, money=True), units, 6), []) == ([], 6)

"""Seed 003's conflict rules under ``bar``: BAR-13.1, BAR-13.4, BAR-13.6 and rulings A-10,
A-10b, A-11 (docs/rulings.md, "Balance at Risk (seed 003)").

The positions are in cases/balance_at_risk/conflicts.txt; here each rule against 001's
(Diplomacy's) outcome of the same orders, so that the difference is what the test names.
"""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.state import State, Unit
from machiavelli.movement.moves import resolve_movement
from machiavelli.text.notation import format_order, parse_orders

B = load_board("classic")


def outcome(options: dict[str, bool], units: dict[str, list[str]],
            orders: dict[str, str]) -> dict[str, str]:
    """Each order's outcome (by its text) after the moves."""
    state = State(board="classic", year=1454, season="spring", phase="movement",
                  powers=sorted(units), options=dict(options),
                  units=[Unit(u.split()[0], power, u.split()[1])  # type: ignore[arg-type]
                         for power, found in units.items() for u in found])
    given = {p: parse_orders(text, B, state, p).orders for p, text in orders.items()}
    done = resolve_movement(B, state, given)
    return {format_order(r.order): r.outcome for r in done.results}


EXAMPLE_6 = ({"Milan": ["A par"], "Papacy": ["A bol"], "Venice": ["A man"],
              "Florence": ["A flo"], "Naples": ["A psa"], "France": ["F egl"],
              "Turkey": ["F wts"]},
             {"Milan": "A par - mod", "Papacy": "A bol - mod", "Venice": "A man - bol",
              "Florence": "A flo S A man - bol", "Naples": "A psa - flo",
              "Turkey": "F wts - psa", "France": "F egl S F wts - psa"})


def test_bar_13_4_a_dislodged_unit_stands_nobody_off() -> None:
    units, orders = EXAMPLE_6
    assert outcome(BAR_DEFAULTS, units, orders)["A par - mod"] == "succeeds"
    assert outcome(MACH1_DEFAULTS, units, orders)["A par - mod"] == "bounced"


def test_bar_13_1_an_attacker_forced_to_retreat_cuts_no_support() -> None:
    units, orders = EXAMPLE_6
    bar = outcome(BAR_DEFAULTS, units, orders)
    assert bar["A flo S A man - bol"] == "succeeds" and bar["A man - bol"] == "succeeds"
    assert outcome(MACH1_DEFAULTS, units, orders)["A flo S A man - bol"] == "cut"


def test_bar_13_6_a_support_of_an_attack_on_ones_own_unit_is_a_hold() -> None:
    units = {"Venice": ["A man", "A fer"], "Milan": ["A par"], "Austria": ["A ver", "A bre"]}
    orders = {"Venice": "A man H\nA fer S A par - man", "Milan": "A par - man",
              "Austria": "A ver - man\nA bre S A ver - man"}
    bar = outcome(BAR_DEFAULTS, units, orders)
    assert bar["A fer S A par - man"] == "fails" and bar["A ver - man"] == "succeeds"
    assert outcome(MACH1_DEFAULTS, units, orders)["A ver - man"] == "bounced"


def test_bar_13_6_two_advances_of_one_power_both_hold() -> None:
    units = {"Venice": ["A man", "A bol"], "Florence": ["A luc"]}
    orders = {"Venice": "A man - mod\nA bol - mod", "Florence": "A luc S A man - mod"}
    assert outcome(BAR_DEFAULTS, units, orders)["A man - mod"] == "bounced"
    assert outcome(MACH1_DEFAULTS, units, orders)["A man - mod"] == "succeeds"


def test_bar_13_6_ruling_a_10_hostile_force_must_beat_each_friendly_force() -> None:
    units = {"Venice": ["A man", "A bol"], "Florence": ["A luc"],
             "Milan": ["A par", "A pon", "A gen"]}
    orders = {"Venice": "A man - mod\nA bol - mod", "Florence": "A luc S A man - mod",
              "Milan": "A par - mod\nA pon S A par - mod"}
    assert outcome(BAR_DEFAULTS, units, orders)["A par - mod"] == "bounced"
    orders["Milan"] += "\nA gen S A par - mod"
    assert outcome(BAR_DEFAULTS, units, orders)["A par - mod"] == "succeeds"


def test_bar_13_6_ruling_a_10b_a_friendly_support_makes_no_friendly_force() -> None:
    units = {"Venice": ["A man", "A bol", "A luc"], "Milan": ["A par"]}
    orders = {"Venice": "A man - mod\nA bol - mod\nA luc S A par - mod",
              "Milan": "A par - mod"}
    bar = outcome(BAR_DEFAULTS, units, orders)
    assert bar["A par - mod"] == "succeeds" and bar["A luc S A par - mod"] == "succeeds"


def test_bar_13_6_ruling_a_11_a_support_into_an_area_ones_unit_leaves() -> None:
    units = {"Florence": ["G mod"], "Venice": ["A man", "A fer"], "Milan": ["A par"],
             "Austria": ["A ver"]}
    orders = {"Florence": "G mod C A", "Venice": "A man - mod\nA fer S A par - man",
              "Milan": "A par - man", "Austria": "A ver - man"}
    bar = outcome(BAR_DEFAULTS, units, orders)
    assert bar["A fer S A par - man"] == "succeeds"  # not made a hold: the army leaves
    assert bar["A par - man"] == "bounced" and bar["A ver - man"] == "bounced"

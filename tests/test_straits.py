"""STR-G's strait paradox in the resolver (the rule cases are in
cases/machiavelli/straits.txt)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import permutations

import pytest

from machiavelli.core.board_index import board_index
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Move, UnitRef
from machiavelli.core.results import Adjudication
from machiavelli.core.rules import rules_of
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.pieces import Powers, make_pieces
from machiavelli.movement.resolver import Resolver
from machiavelli.text.notation import parse_orders

BOARD = load_board("classic")


def classic(units: list[Unit]) -> State:
    _, start = load_scenario("classic_1454")
    return replace(start, units=units)


def adjudicate(units: list[Unit], orders: dict[str, str]) -> Adjudication:
    state = classic(units)
    given = {
        power: parse_orders(text, BOARD, state, power).orders for power, text in orders.items()
    }
    return resolve_movement(BOARD, state, given)


def positions(units: list[Unit]) -> set[tuple[str | None, str, str]]:
    return {(u.owner, u.kind, u.location) for u in units}


# (units, orders, units afterwards): see the cases of the same names in straits.txt
PARADOXES = {
    "supported fleet at Piombino": (
        [Unit("F", "Florence", "pio"), Unit("A", "Florence", "pst"), Unit("F", "Naples", "ets")],
        {"Florence": "F pio - psa\nA pst S F ets - psa", "Naples": "F ets - psa"},
        {("Florence", "F", "psa"), ("Florence", "A", "pst"), ("Naples", "F", "ets")},
    ),
    "supported fleet at Messina": (
        [Unit("F", "Naples", "mes"), Unit("F", "Naples", "otr"), Unit("F", "Milan", "gon")],
        {"Naples": "F mes - ion\nF otr S F gon - ion", "Milan": "F gon - ion"},
        {("Naples", "F", "ion"), ("Naples", "F", "otr"), ("Milan", "F", "gon")},
    ),
    "circular movement": (
        [Unit("F", "Florence", "pio"), Unit("F", "Naples", "psa"), Unit("F", "Naples", "ets")],
        {"Florence": "F pio - psa", "Naples": "F psa - ets\nF ets - pio"},
        {("Florence", "F", "pio"), ("Naples", "F", "psa"), ("Naples", "F", "ets")},
    ),
    "convoy into Pisa": (
        [Unit("F", "Florence", "pio"), Unit("A", "Naples", "tiv"), Unit("F", "Naples", "ets")],
        {"Florence": "F pio - psa", "Naples": "A tiv - ets - psa\nF ets C A tiv - psa"},
        {("Florence", "F", "psa"), ("Naples", "A", "tiv"), ("Naples", "F", "ets")},
    ),
}


@pytest.mark.parametrize("name", sorted(PARADOXES))
def test_str_g_paradox_does_not_depend_on_which_decision_is_guessed_first(name: str) -> None:
    # the cycle is entered from each unit in turn: the backup rule settles it alike
    units, orders, expected = PARADOXES[name]
    for order in permutations(units):
        assert positions(adjudicate(list(order), orders).state.units) == expected


def resolved(
    units: list[Unit], orders: list[Move | None], allies: dict[str, set[str]] | None = None
) -> tuple[Resolver, Callable[[str, str], int]]:
    """The resolver run on these units and orders, and the number of the decision
    "the strait of (controller) is closed to (power)"."""
    ix = board_index(BOARD)
    powers = Powers(classic([]).powers)
    pieces = make_pieces(ix, rules_of({}), units, orders, {}, powers)
    permits = {powers.number(p): {powers.number(q) for q in qs} for p, qs in (allies or {}).items()}
    resolver = Resolver(pieces, permits)
    resolver.resolve_all()

    def strait(controller: str, power: str) -> int:
        return resolver.strait_decisions[(ix.number[controller], powers.number(power))]

    return resolver, strait


FLEETS = [Unit("F", "Florence", "pio"), Unit("F", "Naples", "ets")]
BOTH_TO_PISA = [Move(UnitRef("F", "pio"), "psa"), Move(UnitRef("F", "ets"), "psa")]


def test_str_g_the_strait_is_a_decision_settled_closed_in_a_paradox() -> None:
    resolver, strait = resolved(FLEETS, list(BOTH_TO_PISA))
    assert resolver.resolution[strait("pio", "Naples")]  # closed to Naples by the backup rule
    assert resolver.resolution[0] and not resolver.resolution[1]
    assert not resolver.path_ok(1)  # no effect in Pisa


def test_str_g_ally_leaves_no_paradox_the_strait_is_open() -> None:
    resolver, strait = resolved(FLEETS, list(BOTH_TO_PISA), allies={"Florence": {"Naples"}})
    assert not resolver.resolution[strait("pio", "Naples")]
    assert not resolver.resolution[0] and not resolver.resolution[1]  # 1 against 1


def test_str_g_a_fleet_that_stays_closes_the_strait_without_a_cycle() -> None:
    resolver, strait = resolved(FLEETS, [None, BOTH_TO_PISA[1]])
    assert resolver.resolution[strait("pio", "Naples")]
    assert resolver.resolution[0] and not resolver.resolution[1]

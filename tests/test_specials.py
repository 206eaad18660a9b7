"""Special units (001, SPECIAL UNITS): SPEC-1, SPEC-2, SPEC-3 and the costs of each kind."""

from __future__ import annotations

import pytest

from machiavelli.core.state import SPECIAL_KINDS, Dislodged, State, Unit, UnitKind
from machiavelli.money.specials import (
    bribe_multiplier,
    buy_problem,
    special_limit_problem,
    specials_of,
    strength_of,
    unit_upkeep,
    upkeep,
)


def _state(units: list[Unit]) -> State:
    return State(board="classic", year=1454, season="winter", phase="adjustment",
                 powers=["Milan", "Venice"], units=units)


@pytest.mark.parametrize(
    ("special", "cost", "strength", "bribe"),
    [
        (None, 3, 1, 1),
        ("militia", 6, 1, 2),  # SPEC-MILITIA-1..3
        ("elite_mercenary", 6, 2, 1),  # SPEC-ELMERC-1..3
        ("elite_professional", 9, 2, 2),  # SPEC-ELPRO-1..3
    ],
)
def test_spec_militia_elmerc_elpro_costs_strengths_and_bribes(
    special: str | None, cost: int, strength: int, bribe: int
) -> None:
    kinds: tuple[UnitKind, ...] = ("A", "F", "G")
    for kind in kinds:  # SPEC-3: any type
        unit = Unit(kind, "Milan", "mil", special=special)
        assert upkeep(special) == unit_upkeep(unit) == cost
        assert strength_of(special) == unit.strength == strength
        assert bribe_multiplier(unit) == bribe


def test_spec_1_one_special_unit_per_power() -> None:
    state = _state([Unit("A", "Milan", "mil", special="militia"), Unit("A", "Venice", "ven")])
    assert special_limit_problem(state, "Milan", "elite_mercenary") is not None
    assert special_limit_problem(state, "Milan", None) is None  # normal units: no limit
    assert special_limit_problem(state, "Venice", "elite_professional") is None
    assert special_limit_problem(state, "Venice", "militia", added=1) is not None


def test_spec_1_a_unit_leaving_frees_the_place() -> None:
    militia = Unit("A", "Milan", "mil", special="militia")
    state = _state([militia])
    assert special_limit_problem(state, "Milan", "militia", leaving=[militia]) is None


def test_spec_1_a_dislodged_special_unit_is_still_in_play() -> None:
    unit = Unit("A", "Milan", "mil", special="elite_mercenary")
    state = _state([])
    state.dislodged = [Dislodged(unit, "cre")]
    assert specials_of(state, "Milan") == [unit]
    assert special_limit_problem(state, "Milan", "militia") is not None


def test_spec_2_buying_a_second_special_unit_breaks_the_limit() -> None:
    mine = Unit("A", "Milan", "mil", special="militia")
    theirs = Unit("F", "Venice", "ven", special="elite_professional")
    normal = Unit("A", "Venice", "pad")
    state = _state([mine, theirs, normal])
    problem = buy_problem(state, "Milan", theirs)
    assert problem is not None and "SPEC-2" in problem
    assert buy_problem(state, "Milan", normal) is None
    assert buy_problem(state, "Venice", mine) is not None
    assert buy_problem(_state([theirs]), "Milan", theirs) is None


def test_spec_kinds_are_the_state_models() -> None:
    assert set(SPECIAL_KINDS) == {"militia", "elite_mercenary", "elite_professional"}

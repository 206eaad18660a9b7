"""Rebellions (001, REBELLIONS j/k, EFFECTS OF REBELLIONS, Venice g/h): REB-*, VEN-G, VEN-H."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from machiavelli.core.maps import load_board
from machiavelli.core.orders import Besiege, Convert, Hold, Move, UnitRef
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.rebels import (
    is_home_province,
    liberate_on_purchase,
    pacify_rebellion,
    rebellion_problem,
    start_rebellion,
)

BOARD = load_board("classic")


def _state(
    units: Iterable[Unit] = (),
    owners: Mapping[str, str] | None = None,
    rebellions: Mapping[str, Rebellion] | None = None,
    **extra: Any,
) -> State:
    _, start = load_scenario("classic_1454")
    fields: dict[str, Any] = {"city_owner": {}, **extra}
    return replace(
        start,
        units=list(units),
        province_owner=dict(owners or {}),
        rebellions=dict(rebellions or {}),
        **fields,
    )


def _started(state: State, province: str, by: str | None = None) -> State:
    result = start_rebellion(BOARD, state, province, by)
    assert isinstance(result, State), result
    return result


# ----------------------------------------------------------------------
# Placing a rebellion: REB-EFF-2, 3, 3B, 4, VEN-G, VEN-H
# ----------------------------------------------------------------------
def test_reb_eff_3_a_rebellion_targets_the_controller() -> None:
    state = _state([Unit("A", "Milan", "mod")], {"mod": "Milan"})
    after = _started(state, "mod", by="Florence")
    assert after.rebellions["mod"].against == "Milan"


def test_reb_eff_2_control_is_not_affected() -> None:
    state = _state([], {"mod": "Milan"}, city_owner={"mod": "Milan"})
    after = _started(state, "mod")
    assert after.province_owner == {"mod": "Milan"}
    assert after.city_owner == {"mod": "Milan"}


def test_reb_eff_4_rebels_in_the_province_and_its_ungarrisoned_fortified_city() -> None:
    after = _started(_state([Unit("A", "Milan", "mod")], {"mod": "Milan"}), "mod")
    assert after.rebellions["mod"] == Rebellion("mod", "Milan", in_province=True, in_city=True)


def test_reb_eff_4_no_rebel_in_an_unfortified_city_or_where_there_is_none() -> None:
    crn = _started(_state([], {"crn": "Austria"}), "crn")  # Carniola: unfortified city
    assert crn.rebellions["crn"] == Rebellion("crn", "Austria", True, False)
    pon = _started(_state([], {"pon": "Milan"}), "pon")  # Pontremoli: no city
    assert pon.rebellions["pon"] == Rebellion("pon", "Milan", True, False)


def test_reb_eff_4_fortresses_rebel_only_when_fortresses_are_in_use() -> None:
    state = _state([], {"tiv": "Papacy"})  # Tivoli: a fortress
    assert not _started(state, "tiv").rebellions["tiv"].in_city
    forts = replace(state, options={**state.options, "fortresses": True})
    assert _started(forts, "tiv").rebellions["tiv"].in_city


def test_reb_eff_3b_a_garrisoned_city_never_rebels_even_after_the_garrison_goes() -> None:
    state = _state([Unit("G", "Milan", "mod")], {"mod": "Milan"})
    after = _started(state, "mod")
    assert after.rebellions["mod"] == Rebellion("mod", "Milan", True, False)
    convert = resolve_movement(BOARD, after, {"Milan": [Convert(UnitRef("G", "mod"), "A")]})
    assert Unit("A", "Milan", "mod") in convert.state.units
    assert not convert.state.rebellions["mod"].in_city


def test_ven_g_no_rebellion_in_venice_while_a_unit_is_there() -> None:
    for unit in (Unit("A", "Venice", "ven"), Unit("F", "Venice", "ven"), Unit("G", "Milan", "ven")):
        result = start_rebellion(BOARD, _state([unit], {"ven": "Venice"}), "ven")
        assert isinstance(result, str) and "VEN-G" in result


def test_ven_h_one_rebel_in_venice_always_in_the_city() -> None:
    after = _started(_state([], {"ven": "Venice"}), "ven")
    assert after.rebellions["ven"] == Rebellion("ven", "Venice", in_province=False, in_city=True)
    again = start_rebellion(BOARD, after, "ven")
    assert isinstance(again, str)


def test_reb_cause_refused_at_sea_without_controller_by_the_controller_or_twice() -> None:
    state = _state([], {"mod": "Milan"})
    assert rebellion_problem(BOARD, state, "tys") is not None  # a sea
    assert rebellion_problem(BOARD, state, "luc") is not None  # nobody controls Lucca
    assert rebellion_problem(BOARD, state, "mod", by="Milan") is not None  # not an enemy's
    assert rebellion_problem(BOARD, state, "mod", by="Venice") is None
    twice = start_rebellion(BOARD, _started(state, "mod"), "mod")
    assert isinstance(twice, str) and "already" in twice


def test_reb_rm_8_2_a_city_left_rebelling_may_see_its_province_rebel_again() -> None:
    city_only = Rebellion("mod", "Milan", in_province=False, in_city=True)
    state = _state([Unit("A", "Milan", "mod")], {"mod": "Milan"}, {"mod": city_only})
    after = _started(state, "mod")
    assert after.rebellions["mod"] == Rebellion("mod", "Milan", True, True)


def test_exp_j_k_home_province_decides_the_price() -> None:
    state = _state()
    assert is_home_province(BOARD, state, "Milan", "mil")
    assert not is_home_province(BOARD, state, "Milan", "mod")
    assert not is_home_province(BOARD, state, "Venice", "mil")


# ----------------------------------------------------------------------
# Removal: REB-RM-8.0 .. 8.5
# ----------------------------------------------------------------------
def test_reb_rm_8_0_rebels_support_before_they_are_liberated() -> None:
    rebellion = Rebellion("mil", "Milan", True, True)
    units = [Unit("A", "Milan", "mil"), Unit("A", "Venice", "ber")]
    state = _state(units, {"mil": "Milan"}, {"mil": rebellion})
    attack = Move(UnitRef("A", "ber"), "mil")
    hold = Hold(UnitRef("A", "mil"))
    after = resolve_movement(BOARD, state, {"Venice": [attack], "Milan": [hold]})
    assert after.outcome_of(attack) == "succeeds"  # 1 + the rebels' 1 (REB-EFF-6.1)
    assert "mil" not in after.state.rebellions  # then liberated, city too (REB-RM-8.3)


def test_reb_rm_8_1_the_target_besieges_the_rebelling_city_down() -> None:
    rebellion = Rebellion("mod", "Milan", True, True)
    state = _state([Unit("A", "Milan", "mod")], {"mod": "Milan"}, {"mod": rebellion})
    besiege = Besiege(UnitRef("A", "mod"))
    first = resolve_movement(BOARD, state, {"Milan": [besiege]})
    assert first.state.rebellions["mod"].in_city
    assert Unit("A", "Milan", "mod", siege=1) in first.state.units
    second = resolve_movement(BOARD, first.state, {"Milan": [besiege]})
    assert second.state.rebellions == {}  # city and province


def test_reb_rm_8_2_holding_puts_down_the_province_not_the_city() -> None:
    rebellion = Rebellion("mod", "Milan", True, True)
    state = _state([Unit("A", "Milan", "mod")], {"mod": "Milan"}, {"mod": rebellion})
    after = resolve_movement(BOARD, state, {"Milan": [Hold(UnitRef("A", "mod"))]})
    assert after.state.rebellions["mod"] == Rebellion("mod", "Milan", False, True)


def test_reb_rm_8_2_an_arriving_unit_does_not_put_down() -> None:
    rebellion = Rebellion("mod", "Milan", True, False)
    state = _state([Unit("A", "Milan", "par")], {"mod": "Milan"}, {"mod": rebellion})
    after = resolve_movement(BOARD, state, {"Milan": [Move(UnitRef("A", "par"), "mod")]})
    assert after.state.rebellions == {"mod": rebellion}


def test_reb_rm_8_3_another_power_entering_liberates_province_and_city() -> None:
    rebellion = Rebellion("mod", "Milan", True, True)
    state = _state([Unit("A", "Venice", "par")], {"mod": "Milan"}, {"mod": rebellion})
    move = Move(UnitRef("A", "par"), "mod")
    after = resolve_movement(BOARD, state, {"Venice": [move]})
    assert after.outcome_of(move) == "succeeds"
    assert after.state.rebellions == {}


def test_reb_rm_8_4_buying_the_targets_unit_liberates() -> None:
    rebellion = Rebellion("mod", "Milan", True, False)
    unit = Unit("G", "Milan", "mod")
    state = _state([unit], {"mod": "Milan"}, {"mod": rebellion})
    after, note = liberate_on_purchase(state, unit, "Venice")
    assert after.rebellions == {}
    assert note is not None and "REB-RM-8.4" in note


def test_reb_rm_8_4_not_when_the_unit_was_not_the_targets_or_the_buyer_is_the_target() -> None:
    rebellion = Rebellion("mod", "Milan", True, False)
    autonomous = Unit("G", None, "mod")
    state = _state([autonomous], {"mod": "Milan"}, {"mod": rebellion})
    assert liberate_on_purchase(state, autonomous, "Venice") == (state, None)
    own = Unit("A", "Milan", "mod")
    state = _state([own], {"mod": "Milan"}, {"mod": rebellion})
    assert liberate_on_purchase(state, own, "Milan") == (state, None)


def test_reb_rm_8_5_pacify_removes_city_and_province() -> None:
    state = _state([], {"mod": "Milan"}, {"mod": Rebellion("mod", "Milan", True, True)})
    after = pacify_rebellion(state, "mod")
    assert isinstance(after, State) and after.rebellions == {}
    assert isinstance(pacify_rebellion(after, "mod"), str)

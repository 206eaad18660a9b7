"""The position: JSON round trip and queries."""

from __future__ import annotations

import json
from dataclasses import fields, replace

from machiavelli.core.state import Dislodged, Loan, Rebellion, State, Unit
from machiavelli.game.scenario import load_scenario


def full_state() -> State:
    return State(
        board="classic",
        year=1455,
        season="summer",
        phase="retreat",
        powers=["Milan", "Venice"],
        units=[
            Unit("A", "Milan", "gen", siege=1),
            Unit("G", None, "gen"),
            Unit("F", "Venice", "cro", coast="nc", special="elite_mercenary"),
            Unit("G", "Venice", "ven", special="militia"),
        ],
        dislodged=[Dislodged(Unit("A", "Venice", "pad"), "gen#", by_conversion=True)],
        contested=["vic"],
        province_owner={"gen": "Milan", "pad": "Venice"},
        city_owner={"ven": "Venice"},
        home={"Milan": ("mil", "pav"), "Venice": ("ven",)},
        rebellions={"pia": Rebellion("pia", "Milan", in_province=True, in_city=True)},
        famine=["pav"],
        treasury={"Milan": 12, "Venice": 30},
        loans={"Venice": [Loan(10, 2, "spring", 1456)]},
        chits={"Milan": ["Venice", "Naples"]},
        defaulted=["Naples"],
        eliminated=["Naples"],
        options={"mach2": False, "famine": True},
    )


def test_state_json_round_trip_keeps_everything() -> None:
    state = full_state()
    text = state.to_json()
    assert json.loads(text)["units"][0]["siege"] == 1
    assert State.from_json(text) == state


def test_scenario_start_round_trips() -> None:
    for name in ("classic_1454", "standard_1901"):
        _, state = load_scenario(name)
        assert State.from_json(state.to_json()) == state


def test_copy_is_independent() -> None:
    state = full_state()
    copy = state.copy()
    copy.units.append(Unit("A", "Milan", "mil"))
    copy.treasury["Milan"] = 0
    assert len(state.units) == 4 and state.treasury["Milan"] == 12


def test_copy_equals_a_json_round_trip_and_shares_no_container() -> None:
    state = replace(full_state(), home_countries={"Milan": ("mil", "pav")},
                    assassinated=["Venice"], peace={"Milan/Venice": ["spring"]},
                    excommunications={"Milan": "pending"}, abundance=["pav"],
                        plague=["mil"])
    defaults = State("standard", 1901, "spring", "movement")
    for f in fields(State):  # every field differs from its default: the copy must carry it
        assert getattr(state, f.name) != getattr(defaults, f.name), f.name
    copy = state.copy()
    assert copy == State.from_json(state.to_json()) == state
    assert copy.to_dict() == json.loads(state.to_json())
    for f in fields(State):
        value = getattr(state, f.name)
        if isinstance(value, list | dict):
            assert getattr(copy, f.name) is not value, f.name
        if isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, list):
                    assert getattr(copy, f.name)[k] is not v, f"{f.name}[{k}]"
    for name in ("classic_1454", "standard_1901"):
        _, start = load_scenario(name)
        assert start.copy() == State.from_json(start.to_json())


def test_unit_queries() -> None:
    state = full_state()
    assert state.unit_in("gen", garrison=True) == Unit("G", None, "gen")
    assert state.unit_in("gen", garrison=False) == Unit("A", "Milan", "gen", siege=1)
    assert state.unit_in("cro") is not None and state.unit_in("cro").location == "cro/nc"  # type: ignore[union-attr]
    assert [u.province for u in state.units_of(None)] == ["gen"]
    assert Unit("F", "Venice", "cro", "nc", "elite_mercenary").strength == 2
    assert Unit("A", "Milan", "mil", special="militia").strength == 1
    assert state.label == "Summer 1455 retreat"



def test_but_is_dataclasses_replace_field_by_field() -> None:
    state = full_state()
    other = State.from_json(full_state().to_json())
    assert state.but() == state
    assert all(_same(getattr(state.but(), f.name), getattr(state, f.name)) for f in fields(State))
    for f in fields(State):
        value = getattr(other, f.name)
        if isinstance(value, int):
            value += 1
        elif isinstance(value, str):
            value = value + "x"
        changed = state.but(**{f.name: value})
        assert changed == replace(state, **{f.name: value}), f.name
        assert _same(getattr(changed, f.name), value), f.name
        assert all(_same(getattr(changed, g.name), getattr(state, g.name))
                   for g in fields(State) if g.name != f.name), f.name


def _same(a: object, b: object) -> bool:
    """The same list or dictionary (shared, not copied); an equal number or text (a compiled
    build gives a new int object on each read)."""
    return a is b if isinstance(a, list | dict) else a == b


def test_home_places_are_shared_tuples_and_lists_given_by_hand_are_copied() -> None:
    """``home`` and ``home_countries`` hold tuples, never changed in place: a copy shares
    them (as it shares the frozen units).  Places given as a list, in a position built by
    hand, are copied into tuples, so that a copy still shares no list."""
    state = full_state()
    copy = state.copy()
    assert copy.home is not state.home and copy.home["Milan"] is state.home["Milan"]
    by_hand = replace(state, home={"Milan": ["mil", "pav"]},
                      home_countries={"Milan": ["mil", "pav"]})
    as_tuples = replace(state, home={"Milan": ("mil", "pav")},
                        home_countries={"Milan": ("mil", "pav")})
    for copied in (by_hand.copy(), by_hand.but(year=1456).unshared(by_hand)):
        assert copied.home == {"Milan": ("mil", "pav")}
        assert copied.home_countries == {"Milan": ("mil", "pav")}
        assert copied == as_tuples.but(year=copied.year)

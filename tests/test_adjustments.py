"""Adjustments: Diplomacy builds, removals, civil disorder (DATC 6.I, 6.J); Basic Machiavelli."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from machiavelli.core.board import Board, City, Province
from machiavelli.core.orders import Build, Disband, Maintain, Order, Remove, UnitRef, Waive
from machiavelli.core.results import Adjudication
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.adjustments import (
    allowance,
    civil_disorder_order,
    distance_home,
    resolve_adjustments,
)


def _standard() -> Board:
    from machiavelli.core import maps
    board: Board = maps.load_board("standard")
    return board


def unit(text: str, owner: str) -> Unit:
    kind, where = text.split()
    province, _, coast = where.partition("/")
    return Unit(kind, owner, province, coast or None)  # type: ignore[arg-type]


def ref(text: str) -> UnitRef:
    kind, where = text.split()
    province, _, coast = where.partition("/")
    return UnitRef(kind, province, coast or None)  # type: ignore[arg-type]


def build(text: str) -> Build:
    u = ref(text)
    return Build(u.kind, u.province, u.coast)


def dip(board: Board, owners: str, units: str) -> State:
    """owners and units: "Power: A xxx" lines (DATC PRESTATE_SUPPLYCENTER_OWNERS, PRESTATE)."""
    city_owner: dict[str, str] = {}
    for line in owners.strip().splitlines():
        power, _, rest = line.strip().partition(": ")
        city_owner[rest.split()[1]] = power
    placed = []
    for line in units.strip().splitlines():
        power, _, rest = line.strip().partition(": ")
        placed.append(unit(rest, power))
    return State(
        board=board.name,
        year=1901,
        season="winter",
        phase="adjustment",
        powers=sorted(set(board.powers.values())),
        units=placed,
        city_owner=city_owner,
        options={"diplomacy": True},
    )


def run(board: Board, state: State, orders: Mapping[str, Sequence[Order]]) -> Adjudication:
    return resolve_adjustments(board, state, orders)


def placed(adj: Adjudication) -> set[tuple[str | None, str, str]]:
    return {(u.owner, u.kind, u.location) for u in adj.state.units}


# -- DATC 6.I: building ---------------------------------------------------------------------


def test_datc_6_i_1_too_many_build_orders() -> None:
    b = _standard()
    s = dip(b, "Russia: A war\nGermany: A kie\nGermany: A mun", "Russia: A war\nGermany: A par")
    war, kie, mun = build("A war"), build("A kie"), build("A mun")
    adj = run(b, s, {"Germany": [war, kie, mun]})
    assert [adj.outcome_of(o) for o in (war, kie, mun)] == ["fails", "succeeds", "fails"]
    assert placed(adj) == {("Russia", "A", "war"), ("Germany", "A", "par"), ("Germany", "A", "kie")}


def test_datc_6_i_2_fleets_cannot_be_built_in_land_areas() -> None:
    b = _standard()
    s = dip(b, "Russia: A stp\nRussia: A mos", "Russia: A stp")
    order = build("F mos")
    adj = run(b, s, {"Russia": [order]})
    assert adj.outcome_of(order) == "fails"
    assert placed(adj) == {("Russia", "A", "stp")}


def test_datc_6_i_3_supply_center_must_be_empty_for_building() -> None:
    b = _standard()
    s = dip(b, "Germany: A ber\nGermany: A mun", "Germany: A ber")
    order = build("F ber")
    assert run(b, s, {"Germany": [order]}).outcome_of(order) == "fails"


def test_datc_6_i_4_both_coasts_must_be_empty_for_building() -> None:
    b = _standard()
    s = dip(b, "Russia: A stp\nRussia: A mos", "Russia: F stp/sc")
    order = build("F stp/nc")
    adj = run(b, s, {"Russia": [order]})
    assert adj.outcome_of(order) == "fails"
    assert placed(adj) == {("Russia", "F", "stp/sc")}


def test_datc_6_i_5_building_in_home_supply_center_that_is_not_owned() -> None:
    b = _standard()
    s = dip(b, "Russia: A ber\nGermany: A mun", "Russia: A mos")
    order = build("A ber")
    adj = run(b, s, {"Germany": [order]})
    assert adj.outcome_of(order) == "fails"
    assert placed(adj) == {("Russia", "A", "mos")}


def test_datc_6_i_6_building_in_owned_supply_center_that_is_not_a_home_center() -> None:
    b = _standard()
    s = dip(b, "Germany: A ber\nGermany: A war", "Germany: A ber")
    order = build("A war")
    assert run(b, s, {"Germany": [order]}).outcome_of(order) == "fails"


def test_datc_6_i_7_only_one_build_in_a_home_supply_center() -> None:
    b = _standard()
    s = dip(b, "Russia: A mos\nRussia: A stp\nRussia: A war", "Russia: A war")
    first, second = build("A mos"), Build("A", "mos")
    adj = run(b, s, {"Russia": [first, second]})
    assert adj.results[0].outcome == "succeeds"
    assert adj.results[1].outcome == "fails"
    assert placed(adj) == {("Russia", "A", "war"), ("Russia", "A", "mos")}


def test_datc_6_b_14_building_with_unspecified_coast() -> None:
    b = _standard()
    s = dip(b, "Russia: A stp\nRussia: A mos", "Russia: A mos")
    vague, exact = Build("F", "stp"), Build("F", "stp", "nc")
    assert run(b, s, {"Russia": [vague]}).outcome_of(vague) == "fails"
    adj = run(b, s, {"Russia": [exact]})
    assert adj.outcome_of(exact) == "succeeds"
    assert ("Russia", "F", "stp/nc") in placed(adj)


def test_waive_uses_up_a_build() -> None:
    b = _standard()
    s = dip(b, "Russia: A mos\nRussia: A stp\nRussia: A war", "Russia: A war")
    waive, mos, stp = Waive(), build("A mos"), build("A stp")
    adj = run(b, s, {"Russia": [mos, waive, stp]})
    assert [adj.outcome_of(o) for o in (mos, stp)] == ["succeeds", "fails"]
    assert adj.results[1].outcome == "succeeds"


def test_builds_not_ordered_are_lost_and_state_moves_to_next_spring() -> None:
    b = _standard()
    s = dip(b, "Russia: A mos\nRussia: A stp", "Russia: A war")
    adj = run(b, s, {})
    assert placed(adj) == {("Russia", "A", "war")}
    assert (adj.state.year, adj.state.season, adj.state.phase) == (1902, "spring", "movement")


def test_maintain_and_foreign_orders_are_void() -> None:
    b = _standard()
    s = dip(b, "Russia: A mos\nRussia: A stp", "Russia: A mos")
    maintain = Maintain(ref("A mos"))
    adj = run(b, s, {"Russia": [maintain], "Nobody": [build("A mos")]})
    assert adj.results[0].outcome == "void"
    assert adj.results[1].outcome == "void"


# -- DATC 6.J: civil disorder and disbands ----------------------------------------------------


def test_datc_6_j_1_too_many_remove_orders() -> None:
    b = _standard()
    s = dip(b, "France: A par", "France: A pic\nFrance: A par")
    lyo, pic, par = Remove(ref("F lyo")), Remove(ref("A pic")), Remove(ref("A par"))
    adj = run(b, s, {"France": [lyo, pic, par]})
    assert [adj.outcome_of(o) for o in (lyo, pic, par)] == ["fails", "succeeds", "fails"]
    assert placed(adj) == {("France", "A", "par")}


def test_datc_6_j_2_removing_the_same_unit_twice() -> None:
    b = _standard()
    s = dip(b, "France: A par", "France: A pic\nFrance: A par\nFrance: F lyo")
    adj = run(b, s, {"France": [Remove(ref("A par")), Remove(ref("A par"))]})
    assert [r.outcome for r in adj.results[:2]] == ["succeeds", "fails"]
    assert adj.results[2].note == "civil disorder"
    assert placed(adj) == {("France", "A", "pic")}


_RUSSIA3 = "Russia: A mos\nRussia: A stp\nRussia: A war"


@pytest.mark.parametrize(
    ("case", "owners", "units", "kept"),
    [
        ("6.J.3", _RUSSIA3, "A mos\nA stp\nA lvn\nA swe", {"A mos", "A stp", "A lvn"}),
        ("6.J.4", _RUSSIA3, "A mos\nA stp\nA lvn\nA ukr", {"A mos", "A stp", "A ukr"}),
        ("6.J.5", _RUSSIA3, "A mos\nA stp\nF ska\nF ber", {"A mos", "A stp", "F ska"}),
        ("6.J.6", _RUSSIA3, "A mos\nA stp\nF ska\nF bal", {"A mos", "A stp", "F ska"}),
        ("6.J.7", "Russia: A stp\nRussia: A war", "A boh\nF ska\nF nth", {"A boh", "F ska"}),
        ("6.J.8", _RUSSIA3, "A mos\nA stp\nA tyr\nF bal", {"A mos", "A stp", "F bal"}),
        ("6.J.9.part1", "Russia: A stp", "A tyr\nF bal", {"F bal"}),
        ("6.J.9.part2", "Russia: A stp", "A tyr\nF ska", {"F ska"}),
    ],
)
def test_datc_6_j_civil_disorder_russia(case: str, owners: str, units: str, kept: set[str]) -> None:
    b = _standard()
    s = dip(b, owners, "\n".join(f"Russia: {u}" for u in units.splitlines()))
    adj = run(b, s, {})
    assert {f"{u.kind} {u.location}" for u in adj.state.units} == kept, case
    assert all(r.note == "civil disorder" and r.outcome == "succeeds" for r in adj.results)


_ITALY3 = "Italy: A ven\nItaly: A rom\nItaly: A nap"


def test_datc_6_j_10_civil_disorder_counting_convoying_distance() -> None:
    b = _standard()
    s = dip(b, _ITALY3, "Italy: A ven\nItaly: F ion\nItaly: A gre\nItaly: A sil")
    adj = run(b, s, {})
    assert placed(adj) == {("Italy", "A", "ven"), ("Italy", "F", "ion"), ("Italy", "A", "gre")}


def test_datc_6_j_11_civil_disorder_counting_distance_without_convoying_fleet() -> None:
    b = _standard()
    s = dip(b, _ITALY3, "Italy: A ven\nItaly: A rom\nItaly: A gre\nItaly: A sil")
    adj = run(b, s, {})
    assert placed(adj) == {("Italy", "A", "ven"), ("Italy", "A", "rom"), ("Italy", "A", "gre")}


def test_fleet_distance_counts_from_both_coasts_and_armies_cross_water() -> None:
    b = _standard()
    homes = ["stp"]
    assert distance_home(b, unit("F bal", "Russia"), homes) == 2  # to stp/sc
    assert distance_home(b, unit("F ska", "Russia"), homes) == 2  # to stp/nc via Norway
    assert distance_home(b, unit("A gre", "Italy"), ["nap"]) == 2  # through the Ionian Sea
    assert distance_home(b, unit("F lyo", "France"), ["par"]) is None  # Paris is inland


def test_civil_disorder_disbands_units_that_cannot_get_home_first() -> None:
    b = _standard()
    s = dip(b, "France: A par", "France: A pic\nFrance: F lyo")
    assert [u.province for u in civil_disorder_order(b, s, "France")] == ["lyo", "pic"]


def test_removal_of_a_foreign_unit_fails() -> None:
    b = _standard()
    s = dip(b, "France: A par\nGermany: A mun", "France: A pic\nFrance: A par\nGermany: A mun")
    foreign, own = Remove(ref("A mun")), Disband(ref("A pic"))
    adj = run(b, s, {"France": [foreign, own]})
    assert adj.outcome_of(foreign) == "fails"
    assert adj.outcome_of(own) == "succeeds"
    assert placed(adj) == {("France", "A", "par"), ("Germany", "A", "mun")}


def test_power_without_units_or_centres_is_eliminated() -> None:
    b = _standard()
    s = dip(b, "France: A par", "France: A par\nGermany: A mun")
    adj = run(b, s, {})
    assert "Germany" in adj.state.eliminated
    assert ("Germany", "A", "mun") not in placed(adj)
    assert "France" not in adj.state.eliminated


# -- Basic Machiavelli (no money) ----------------------------------------------------------------


def _toy() -> Board:
    fort_port, fort, fortress = (
        City("fortified", True, 1),
        City("fortified", False, 1),
        City("fortress", False, 0),
    )
    provinces = {
        "gen": Province("gen", "Genoa", False, "G", fort_port),
        "tur": Province("tur", "Turin", False, "G", fort),
        "pav": Province("pav", "Pavia", False, "G"),
        "ale": Province("ale", "Alessandria", False, "G", fortress),
        "lig": Province("lig", "Ligurian Sea", True),
        "mil": Province("mil", "Milan", False, "M", fort),
        "ven": Province("ven", "Venice", False, "G", fort_port, venice=True),
    }
    army = {
        "gen": {"pav", "tur", "ale"},
        "tur": {"gen", "pav"},
        "pav": {"gen", "tur", "mil", "ale"},
        "ale": {"gen", "pav"},
        "mil": {"pav"},
        "ven": set(),
    }
    fleet = {"gen": {"lig"}, "lig": {"gen", "ven"}, "ven": {"lig"}}
    return Board(
        name="toy",
        title="toy",
        powers={"G": "Genoa", "M": "Milan"},
        provinces=provinces,
        army_adj={k: frozenset(v) for k, v in army.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet.items()},
    )


TOY = _toy()


def basic(units: Sequence[Unit], owned: Sequence[str], **options: bool) -> State:
    return State(
        board="toy",
        year=1455,
        season="winter",
        phase="adjustment",
        powers=["Genoa", "Milan"],
        units=list(units),
        province_owner={p: "Genoa" for p in owned},
        city_owner={p: "Genoa" for p in owned},
        options={"money": False, **options},
    )


def test_gen_3_basic_one_unit_per_city_whose_province_is_also_controlled() -> None:
    s = basic([Unit("A", "Genoa", "pav"), Unit("A", "Genoa", "mil")], ["gen", "tur"])
    s.province_owner["tur"] = "Milan"
    assert allowance(TOY, s, "Genoa") == 1
    adj = resolve_adjustments(TOY, s, {})
    assert [u.province for u in adj.state.units] == ["pav"]  # Milan is farther from home


def test_adj_a_builds_only_in_controlled_home_provinces_with_a_city() -> None:
    s = basic([Unit("G", "Milan", "mil")], ["gen", "tur"])
    s.province_owner["pav"] = s.province_owner["mil"] = "Genoa"
    pav, mil, gen = Build("A", "pav"), Build("A", "mil"), Build("A", "gen")
    adj = resolve_adjustments(TOY, s, {"Genoa": [pav, mil, gen]})
    assert [adj.outcome_of(o) for o in (pav, mil, gen)] == ["fails", "fails", "succeeds"]


def test_adj_a_home_2_a_whole_home_country_taken_is_a_home_country_to_build_in() -> None:
    s = basic([], ["gen", "tur", "mil"])  # Genoa holds all of Milan's home country
    mil = Build("A", "mil")
    assert resolve_adjustments(TOY, s, {"Genoa": [mil]}).outcome_of(mil) == "succeeds"


def test_own_7_builds_need_both_the_city_and_the_province() -> None:
    s = basic([], ["gen", "tur"])
    s.province_owner["tur"] = "Milan"
    order = Build("A", "tur")
    assert resolve_adjustments(TOY, s, {"Genoa": [order]}).outcome_of(order) == "fails"


def test_adj_a2_new_unit_in_province_or_fortified_city() -> None:
    s = basic([], ["gen", "tur"])
    g, a = Build("G", "gen"), Build("A", "tur")
    adj = resolve_adjustments(TOY, s, {"Genoa": [g, a]})
    assert adj.outcome_of(g) == adj.outcome_of(a) == "succeeds"
    assert {(u.kind, u.province) for u in adj.state.units} == {("G", "gen"), ("A", "tur")}


def test_adj_a3_fleets_only_in_port_cities() -> None:
    s = basic([], ["gen", "tur"])
    gen, tur = Build("F", "gen"), Build("F", "tur")
    adj = resolve_adjustments(TOY, s, {"Genoa": [gen, tur]})
    assert adj.outcome_of(gen) == "succeeds"
    assert adj.outcome_of(tur) == "fails"


def test_adj_b_build_in_province_when_city_holds_a_unit() -> None:
    s = basic([Unit("G", "Genoa", "gen")], ["gen", "tur"])
    order = Build("A", "gen")
    adj = resolve_adjustments(TOY, s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds"


def test_adj_c_not_two_new_units_in_one_province() -> None:
    s = basic([], ["gen", "tur"])
    a, g = Build("A", "gen"), Build("G", "gen")
    adj = resolve_adjustments(TOY, s, {"Genoa": [a, g]})
    assert adj.outcome_of(a) == "succeeds"
    assert adj.outcome_of(g) == "fails"


def test_adj_e_no_builds_in_rebelling_province() -> None:
    s = basic([], ["gen", "tur"])
    s.rebellions["gen"] = Rebellion("gen", "Genoa", True, True)
    order = Build("A", "gen")
    assert resolve_adjustments(TOY, s, {"Genoa": [order]}).outcome_of(order) == "fails"


def test_reb_eff_5_6_garrison_in_non_rebelling_city_of_rebelling_province() -> None:
    s = basic([], ["gen", "tur"])
    s.rebellions["gen"] = Rebellion("gen", "Genoa", True, False)
    g, a = Build("G", "gen"), Build("A", "tur")
    adj = resolve_adjustments(TOY, s, {"Genoa": [g, a]})
    assert adj.outcome_of(g) == "succeeds"


def test_fam_b_no_builds_in_famined_province() -> None:
    s = basic([], ["gen", "tur"])
    s.famine.append("gen")
    order = Build("A", "gen")
    assert resolve_adjustments(TOY, s, {"Genoa": [order]}).outcome_of(order) == "fails"


def test_fort_b_no_garrison_built_in_fortress() -> None:
    s = basic([], ["gen", "ale"], fortresses=True)
    order = Build("G", "ale")
    adj = resolve_adjustments(TOY, s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "fails"


def test_ven_a_build_in_venice_only_when_empty() -> None:
    s = basic([Unit("G", "Genoa", "ven")], ["ven", "gen"])
    order = Build("A", "ven")
    assert resolve_adjustments(TOY, s, {"Genoa": [order]}).outcome_of(order) == "fails"


def test_spec_no_special_units_in_basic() -> None:
    s = basic([], ["gen", "tur"])
    order = Build("A", "gen", special="militia")
    assert resolve_adjustments(TOY, s, {"Genoa": [order]}).outcome_of(order) == "fails"


def test_adjustments_with_money_go_to_the_money_rules() -> None:
    # maintenance and ducats: tests/test_money_adjustments.py
    s = basic([Unit("A", "Genoa", "pav")], ["gen"])
    s.options["money"] = True
    s.treasury = {"Genoa": 5}
    order = Maintain(UnitRef("A", "pav"))
    adj = resolve_adjustments(TOY, s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds" and adj.state.treasury == {"Genoa": 2}

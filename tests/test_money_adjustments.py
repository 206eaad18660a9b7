"""Military unit adjustments with money (001 Adjustment phases 3, Special units, Control 7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.dice import LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import (
    Build,
    Disband,
    Hold,
    Maintain,
    Move,
    Order,
    Remove,
    UnitRef,
    Waive,
)
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.adjustments import resolve_adjustments
from machiavelli.money.income import income
from machiavelli.money.money_adjustments import latest_orders
from machiavelli.money.specials import upkeep
from machiavelli.movement.moves import resolve_movement

B: Board = load_board("classic")
HOME = {
    power: [p for p, prov in B.provinces.items() if prov.home and B.powers[prov.home] == power]
    for power in B.powers.values()
}


def position(
    units: Sequence[Unit] = (), treasury: Mapping[str, int] | None = None, **options: bool
) -> State:
    """Winter 1455 adjustments; every power controls its home country (cities included)."""
    provinces = {p: power for power, ps in HOME.items() for p in ps}
    return State(
        board="classic",
        year=1455,
        season="winter",
        phase="adjustment",
        powers=sorted(HOME),
        units=list(units),
        province_owner=dict(provinces),
        city_owner={p: o for p, o in provinces.items() if B.provinces[p].city is not None},
        treasury=dict(treasury or {}),
        options={"money": True, "fortresses": False, **options},
    )


def ref(u: Unit) -> UnitRef:
    return UnitRef(u.kind, u.province, u.coast)


def keep(u: Unit) -> Maintain:
    return Maintain(ref(u))


def drop(u: Unit) -> Remove:
    return Remove(ref(u))


def run(state: State, orders: Mapping[str, Sequence[Order]]) -> Adjudication:
    return resolve_adjustments(B, state, orders)


def result(adj: Adjudication, order: Order) -> OrderResult:
    return next(r for r in adj.results if r.order is order)


MIL_A = Unit("A", "Milan", "mil")
MIL_G = Unit("G", "Milan", "mil")
PAV_G = Unit("G", "Milan", "pav")
NAP_F = Unit("F", "Naples", "nap")


# -- upkeep ------------------------------------------------------------------------------------


def test_adj_1_each_maintained_unit_costs_3_ducats() -> None:
    s = position([MIL_A, PAV_G], {"Milan": 10})
    a, g = keep(MIL_A), keep(PAV_G)
    adj = run(s, {"Milan": [a, g]})
    assert result(adj, a).outcome == "succeeds" and result(adj, a).note == "3 ducats"
    assert adj.state.units == [MIL_A, PAV_G]
    assert adj.state.treasury == {"Milan": 4}
    assert adj.events == []  # what Milan paid and kept is Milan's business
    assert adj.private_events == {"Milan": ["Milan pays 6 ducats for 2 units; treasury 4."]}
    assert result(adj, a).public_note == ""  # everyone sees the army kept, not its cost


def test_spec_militia_1_elmerc_1_elpro_1_cost_6_6_9_to_maintain() -> None:
    assert [upkeep(None), upkeep("militia"), upkeep("elite_mercenary"),
            upkeep("elite_professional")] == [3, 6, 6, 9]
    for special, cost in (("militia", 6), ("elite_mercenary", 6), ("elite_professional", 9)):
        unit = Unit("A", "Milan", "mil", special=special)
        adj = run(position([unit], {"Milan": 20}), {"Milan": [keep(unit)]})
        assert adj.state.treasury == {"Milan": 20 - cost}, special
        assert adj.state.units == [unit]


def test_spec_militia_1_elmerc_1_elpro_1_cost_6_6_9_to_build() -> None:
    for special, cost in (("militia", 6), ("elite_mercenary", 6), ("elite_professional", 9)):
        order = Build("A", "mil", special=special)
        adj = run(position([], {"Milan": 20}), {"Milan": [order]})
        assert result(adj, order).note == f"{cost} ducats", special
        assert adj.state.units == [Unit("A", "Milan", "mil", special=special)]
        assert adj.state.treasury == {"Milan": 20 - cost}


def test_adj_ord_1_unit_without_order_is_removed() -> None:
    s = position([MIL_A, PAV_G], {"Milan": 10})
    adj = run(s, {"Milan": [keep(MIL_A)]})
    assert adj.state.units == [MIL_A]
    assert adj.state.treasury == {"Milan": 7}
    auto = [r for r in adj.results if r.order == drop(PAV_G)]
    assert auto and auto[0].note == "no maintain order: removed (ADJ-ORD-1)"


def test_adj_ord_1_power_without_orders_loses_every_unit() -> None:
    adj = run(position([MIL_A, NAP_F], {"Milan": 10, "Naples": 5}), {"Naples": [keep(NAP_F)]})
    assert adj.state.units == [NAP_F]
    assert adj.state.treasury == {"Milan": 10, "Naples": 2}


def test_adj_ord_2_later_disband_replaces_maintain() -> None:
    first, second = keep(MIL_A), drop(MIL_A)
    adj = run(position([MIL_A], {"Milan": 10}), {"Milan": [first, second]})
    assert result(adj, first).outcome == "void"
    assert result(adj, first).note == "replaced by a later order (ADJ-ORD-2..4)"
    assert result(adj, second).outcome == "succeeds"
    assert adj.state.units == [] and adj.state.treasury == {"Milan": 10}


def test_adj_ord_2_disband_order_counts_as_remove() -> None:
    adj = run(position([MIL_A], {"Milan": 10}), {"Milan": [Disband(ref(MIL_A))]})
    assert adj.state.units == []


def test_adj_ord_3_later_disband_withdraws_a_build() -> None:
    build, withdraw = Build("A", "mil"), Remove(UnitRef("A", "mil"))
    adj = run(position([], {"Milan": 10}), {"Milan": [build, withdraw]})
    assert result(adj, build).outcome == "void"
    assert result(adj, withdraw).outcome == "void"  # it names no unit: nothing else to do
    assert adj.state.units == [] and adj.state.treasury == {"Milan": 10}


def test_adj_ord_3_later_build_of_another_type_replaces_the_build() -> None:
    first, second = Build("F", "nap"), Build("A", "nap")
    adj = run(position([], {"Naples": 10}), {"Naples": [first, second]})
    assert result(adj, first).outcome == "void"
    assert adj.state.units == [Unit("A", "Naples", "nap")]
    assert adj.state.treasury == {"Naples": 7}


def test_adj_ord_4_maintain_after_disband_keeps_the_unit() -> None:
    adj = run(position([MIL_A], {"Milan": 10}), {"Milan": [drop(MIL_A), keep(MIL_A)]})
    assert adj.state.units == [MIL_A] and adj.state.treasury == {"Milan": 7}


def test_latest_orders_keeps_written_order() -> None:
    a, b, c = keep(MIL_A), keep(PAV_G), drop(MIL_A)
    assert latest_orders([a, b, c]) == ([b, c], [a])


# -- paying ------------------------------------------------------------------------------------


def test_adj_1_ruling_money_runs_out_orders_paid_as_written() -> None:
    cre = Unit("A", "Milan", "cre")
    orders = [keep(MIL_A), keep(PAV_G), keep(cre)]
    adj = run(position([MIL_A, PAV_G, cre], {"Milan": 7}), {"Milan": orders})
    assert [result(adj, o).outcome for o in orders] == ["succeeds", "succeeds", "fails"]
    assert result(adj, orders[2]).note == "not enough ducats (3 needed, 1 left): removed"
    assert adj.state.units == [MIL_A, PAV_G] and adj.state.treasury == {"Milan": 1}


def test_adj_1_ruling_cheaper_later_order_still_paid() -> None:
    militia = Unit("A", "Milan", "cre", special="militia")
    orders = [keep(MIL_A), keep(militia), keep(PAV_G)]
    adj = run(position([MIL_A, PAV_G, militia], {"Milan": 8}), {"Milan": orders})
    assert [result(adj, o).outcome for o in orders] == ["succeeds", "fails", "succeeds"]
    assert adj.state.units == [MIL_A, PAV_G] and adj.state.treasury == {"Milan": 2}


def test_adj_1_ruling_build_not_paid_for_is_not_placed() -> None:
    build = Build("A", "mil")
    adj = run(position([PAV_G], {"Milan": 5}), {"Milan": [keep(PAV_G), build]})
    assert result(adj, build).outcome == "fails"
    assert adj.state.units == [PAV_G] and adj.state.treasury == {"Milan": 2}


def test_adj_1_after_income_the_classic_powers_keep_their_units() -> None:
    from machiavelli.game.scenario import load_scenario

    board, state = load_scenario("classic_1454")
    state.season, state.phase = "winter", "adjustment"
    state = income(board, state, LoadedDice("t", values=[3] * 12)).state
    before = dict(state.treasury)
    orders = {p: [keep(u) for u in state.units_of(p)] for p in state.powers}
    adj = resolve_adjustments(board, state, orders)
    assert sorted(adj.state.units, key=str) == sorted(state.units, key=str)
    for power in state.powers:
        assert adj.state.treasury[power] == before[power] - 3 * len(state.units_of(power))
    assert (adj.state.year, adj.state.season, adj.state.phase) == (1455, "spring", "movement")


# -- builds ------------------------------------------------------------------------------------


def test_adj_a_build_in_a_home_province_with_a_city() -> None:
    good, no_city, not_home = Build("A", "mil"), Build("A", "com"), Build("A", "gen")
    s = position([], {"Milan": 20})
    s.province_owner["gen"] = s.city_owner["gen"] = "Milan"
    adj = run(s, {"Milan": [good, no_city, not_home]})
    assert [result(adj, o).outcome for o in (good, no_city, not_home)] == [
        "succeeds", "fails", "fails"]
    assert "ADJ-A" in result(adj, no_city).note and "ADJ-A" in result(adj, not_home).note


def test_adj_a_conquered_home_country_is_a_build_place() -> None:
    s = position([], {"Milan": 20})
    for p in HOME["Florence"]:
        s.province_owner[p] = "Milan"
        if B.provinces[p].city:
            s.city_owner[p] = "Milan"
    order = Build("A", "flo")
    adj = run(s, {"Milan": [order]})
    assert result(adj, order).outcome == "succeeds"


def test_own_7_build_needs_both_city_and_province() -> None:
    s = position([], {"Milan": 20})
    s.city_owner["pav"] = "Venice"
    s.province_owner["cre"] = "Venice"
    pav, cre = Build("A", "pav"), Build("G", "cre")
    adj = run(s, {"Milan": [pav, cre]})
    assert result(adj, pav).outcome == result(adj, cre).outcome == "fails"
    assert "OWN-7" in result(adj, pav).note


def test_own_7a_split_control_left_after_both_units_died_nobody_builds() -> None:
    s = position([], {"Milan": 20, "Venice": 20})
    s.city_owner["mil"] = "Venice"  # the units of both died of famine: control stays split
    mine, theirs = Build("A", "mil"), Build("G", "mil")
    adj = run(s, {"Milan": [mine], "Venice": [theirs]})
    assert result(adj, mine).outcome == result(adj, theirs).outcome == "fails"


def test_adj_a2_garrison_only_in_a_fortified_city() -> None:
    unfortified, fortified = Build("G", "alb"), Build("G", "dur")
    adj = run(position([], {"Turkey": 20}), {"Turkey": [unfortified, fortified]})
    assert result(adj, unfortified).outcome == "fails"
    assert result(adj, fortified).outcome == "succeeds"


def test_adj_a3_fleet_only_in_a_port_city() -> None:
    inland, port = Build("F", "mil"), Build("F", "nap")
    adj = run(position([], {"Milan": 20, "Naples": 20}), {"Milan": [inland], "Naples": [port]})
    assert result(adj, inland).outcome == "fails" and "ADJ-A3" in result(adj, inland).note
    assert result(adj, port).outcome == "succeeds"
    assert Unit("F", "Naples", "nap") in adj.state.units


def test_adj_b_new_unit_in_the_province_under_an_old_garrison() -> None:
    build = Build("A", "mil")
    adj = run(position([MIL_G], {"Milan": 20}), {"Milan": [keep(MIL_G), build]})
    assert result(adj, build).outcome == "succeeds"
    assert adj.state.units == [MIL_G, MIL_A]


def test_adj_b_new_garrison_in_the_city_over_an_old_army() -> None:
    build = Build("G", "mil")
    adj = run(position([MIL_A], {"Milan": 20}), {"Milan": [keep(MIL_A), build]})
    assert result(adj, build).outcome == "succeeds"


def test_adj_c_not_two_new_units_in_one_province() -> None:
    army, garrison = Build("A", "mil"), Build("G", "mil")
    adj = run(position([], {"Milan": 20}), {"Milan": [army, garrison]})
    assert result(adj, army).outcome == "succeeds"
    assert result(adj, garrison).outcome == "fails"
    assert "ADJ-C" in result(adj, garrison).note
    assert adj.state.treasury == {"Milan": 17}


def test_adj_d_no_trading_a_fleet_for_an_army() -> None:
    build = Build("A", "nap")
    adj = run(position([NAP_F], {"Naples": 20}), {"Naples": [drop(NAP_F), build]})
    assert result(adj, build).outcome == "fails" and "ADJ-D" in result(adj, build).note
    assert adj.state.units == []


def test_adj_d_no_trading_a_garrison_for_a_new_garrison() -> None:
    build = Build("G", "pav", special="militia")
    adj = run(position([PAV_G], {"Milan": 20}), {"Milan": [drop(PAV_G), build]})
    assert result(adj, build).outcome == "fails"


def test_adj_d2_disband_a_garrison_and_build_an_army() -> None:
    build = Build("A", "mil")
    adj = run(position([MIL_G], {"Milan": 20}), {"Milan": [drop(MIL_G), build]})
    assert result(adj, build).outcome == "succeeds"
    assert adj.state.units == [MIL_A]


def test_adj_e_reb_eff_5_5_no_build_in_a_rebelling_province_or_city() -> None:
    s = position([], {"Milan": 20})
    s.rebellions["mil"] = Rebellion("mil", "Milan", in_province=True, in_city=True)
    s.rebellions["pav"] = Rebellion("pav", "Milan", in_province=False, in_city=True)
    orders = [Build("A", "mil"), Build("G", "mil"), Build("A", "pav")]
    adj = run(s, {"Milan": orders})
    # the second mil build replaces nothing (another key) but fails on the rebellion
    assert [result(adj, o).outcome for o in orders] == ["fails", "fails", "fails"]


def test_reb_eff_5_6_garrison_in_a_quiet_city_of_a_rebelling_province() -> None:
    s = position([], {"Milan": 20})
    s.rebellions["mil"] = Rebellion("mil", "Milan", in_province=True, in_city=False)
    army, garrison = Build("A", "mil"), Build("G", "mil")
    adj = run(s, {"Milan": [army, garrison]})
    assert result(adj, army).outcome == "fails"
    assert result(adj, garrison).outcome == "succeeds"


def test_ven_h_no_garrison_built_in_rebelling_venice() -> None:
    s = position([], {"Venice": 20})
    s.rebellions["ven"] = Rebellion("ven", "Venice", in_province=False, in_city=True)
    build = Build("G", "ven")
    assert result(run(s, {"Venice": [build]}), build).outcome == "fails"


def test_fam_b_no_build_in_a_famined_province() -> None:
    s = position([], {"Milan": 20})
    s.famine.append("mil")
    build = Build("G", "mil")
    adj = run(s, {"Milan": [build]})
    assert result(adj, build).outcome == "fails" and "FAM-B" in result(adj, build).note


def test_fort_b_no_garrison_built_in_a_fortress() -> None:
    garrison, army = Build("G", "par"), Build("A", "pia")
    adj = run(position([], {"Milan": 20}, fortresses=True), {"Milan": [garrison, army]})
    assert result(adj, garrison).outcome == "fails" and "FORT-B" in result(adj, garrison).note
    assert result(adj, army).outcome == "succeeds"


def test_fort_0_unused_fortress_is_no_city_to_build_in() -> None:
    army = Build("A", "pia")
    adj = run(position([], {"Milan": 20}), {"Milan": [army]})
    assert result(adj, army).outcome == "fails"


def test_ven_b_no_disbanding_a_fleet_for_an_army_in_venice() -> None:
    fleet = Unit("F", "Venice", "ven")
    build = Build("A", "ven")
    adj = run(position([fleet], {"Venice": 20}), {"Venice": [drop(fleet), build]})
    assert result(adj, build).outcome == "fails" and "VEN-B" in result(adj, build).note


def test_ven_b_no_disbanding_a_garrison_for_an_army_in_venice() -> None:
    garrison = Unit("G", "Venice", "ven")
    build = Build("A", "ven")
    adj = run(position([garrison], {"Venice": 20}), {"Venice": [drop(garrison), build]})
    assert result(adj, build).outcome == "fails"


def test_ven_a_build_in_empty_venice() -> None:
    build = Build("F", "ven")
    adj = run(position([], {"Venice": 20}), {"Venice": [build]})
    assert result(adj, build).outcome == "succeeds"


def test_adj_f_any_number_of_builds() -> None:
    orders: list[Order] = [Build("F", p) for p in ("nap", "bar", "mes", "pal")]
    adj = run(position([], {"Naples": 12}), {"Naples": orders})
    assert all(result(adj, o).outcome == "succeeds" for o in orders)
    assert len(adj.state.units) == 4 and adj.state.treasury == {"Naples": 0}


# -- special units -----------------------------------------------------------------------------


def test_spec_1_spec_2_second_special_build_fails_and_its_ducats_are_lost() -> None:
    militia = Unit("G", "Milan", "pav", special="militia")
    build = Build("A", "mil", special="elite_professional")
    adj = run(position([militia], {"Milan": 20}), {"Milan": [build, keep(militia)]})
    assert result(adj, build).outcome == "fails"
    assert result(adj, build).note == "a second special unit (SPEC-1, SPEC-2): 9 ducats lost"
    assert adj.state.units == [militia]
    assert adj.state.treasury == {"Milan": 20 - 9 - 6}


def test_spec_1_two_special_builds_the_second_fails() -> None:
    first, second = Build("A", "mil", special="militia"), Build("G", "pav", special="militia")
    adj = run(position([], {"Milan": 20}), {"Milan": [first, second]})
    assert [result(adj, o).outcome for o in (first, second)] == ["succeeds", "fails"]
    assert adj.state.treasury == {"Milan": 8}


def test_spec_1_removing_the_special_unit_frees_the_slot() -> None:
    militia = Unit("G", "Milan", "pav", special="militia")
    build = Build("A", "mil", special="elite_mercenary")
    adj = run(position([militia], {"Milan": 20}), {"Milan": [drop(militia), build]})
    assert result(adj, build).outcome == "succeeds"
    assert adj.state.units == [Unit("A", "Milan", "mil", special="elite_mercenary")]


def test_spec_no_special_units_without_the_option() -> None:
    build = Build("A", "mil", special="militia")
    adj = run(position([], {"Milan": 20}, special=False), {"Milan": [build]})
    assert result(adj, build).outcome == "fails"


# -- other orders and the rest of the position ------------------------------------------------


def test_waive_and_movement_orders_are_void_with_money() -> None:
    waive, hold = Waive(), Hold(ref(MIL_A))
    adj = run(position([MIL_A], {"Milan": 10}), {"Milan": [waive, hold, keep(MIL_A)]})
    assert result(adj, waive).outcome == result(adj, hold).outcome == "void"
    assert adj.state.units == [MIL_A]


def test_order_for_a_unit_of_another_power_is_void() -> None:
    order = keep(NAP_F)
    adj = run(position([NAP_F], {"Milan": 10, "Naples": 10}), {"Milan": [order]})
    assert result(adj, order).outcome == "void"
    assert adj.state.units == []  # Naples gave no order for its fleet


def test_autonomous_garrisons_stay_and_cost_nothing() -> None:
    auto = Unit("G", None, "gen")
    adj = run(position([auto, MIL_A], {"Milan": 3}), {"Milan": [keep(MIL_A)]})
    assert adj.state.units == [auto, MIL_A]


def test_eliminated_power_orders_are_void() -> None:
    s = position([], {"Milan": 10})
    s.eliminated.append("Milan")
    build = Build("A", "mil")
    adj = run(s, {"Milan": [build]})
    assert result(adj, build).outcome == "void" and adj.state.units == []


def test_siege_1_removed_garrison_ends_the_siege_of_its_city() -> None:
    besieger = Unit("A", "Venice", "pav", siege=1)
    adj = run(
        position([PAV_G, besieger], {"Milan": 10, "Venice": 10}),
        {"Milan": [drop(PAV_G)], "Venice": [keep(besieger)]},
    )
    assert adj.state.units == [Unit("A", "Venice", "pav")]


def test_d004_17_a_siege_begun_in_fall_lapses_when_the_garrison_is_not_maintained() -> None:
    """004's example: Venice's army began besieging Pavia in fall; Milan keeps no garrison
    at the adjustment, so in spring the army is free to move (SIEGE-9/10), where a siege
    still under way would turn the move into a hold (SIEGE-8)."""
    besieger = Unit("A", "Venice", "pav", siege=1)
    move = {"Venice": [Move(UnitRef("A", "pav"), "mil")]}
    dropped = run(position([PAV_G, besieger], {"Milan": 10, "Venice": 10}),
                  {"Milan": [drop(PAV_G)], "Venice": [keep(besieger)]}).state
    assert (dropped.season, dropped.phase) == ("spring", "movement")
    assert Unit("A", "Venice", "mil") in resolve_movement(B, dropped, move).state.units
    kept = run(position([PAV_G, besieger], {"Milan": 10, "Venice": 10}),
               {"Milan": [keep(PAV_G)], "Venice": [keep(besieger)]}).state
    assert Unit("A", "Venice", "pav", siege=1) in resolve_movement(B, kept, move).state.units


def test_d004_22_no_maximum_of_12_armies_8_fleets_6_garrisons() -> None:
    """004 caps a player at 12 armies, 8 fleets and 6 garrisons; 001 has no limit on normal
    units (UNIT-3, ADJ-F), and 001 wins: a thirteenth army is built."""
    abroad = ["tur", "mon", "gen", "sav", "slu", "pro", "avi", "swi", "tyr", "trt", "ver", "bre"]
    armies = [Unit("A", "Milan", p) for p in abroad]
    build = Build("A", "mil")
    adj = run(position(armies, {"Milan": 39}), {"Milan": [*map(keep, armies), build]})
    assert result(adj, build).outcome == "succeeds"
    assert sum(u.kind == "A" and u.owner == "Milan" for u in adj.state.units) == 13
    assert adj.state.treasury["Milan"] == 0


def test_adjustments_with_money_lead_to_the_next_spring() -> None:
    adj = run(position([MIL_A], {"Milan": 10}), {"Milan": [keep(MIL_A)]})
    assert (adj.state.year, adj.state.season, adj.state.phase) == (1456, "spring", "movement")

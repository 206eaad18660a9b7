"""Expenditures a-k and bribes (001, LIST OF ALLOWED EXPENDITURES AND BRIBES; step b).

Each test names the rule it checks (RULES.md ids; rulings in docs/rulings.md,
section "Expenses and bribes").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Besiege, Convert, Expense, Hold, LiftSiege, Move, Order, UnitRef
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.scenario import load_scenario
from machiavelli.money.expenses import expenses, payments, standing_expenses
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.sieges import forced_siege_order
from machiavelli.text.notation import parse_orders

BOARD: Board = load_board("classic")


def position(units: list[Unit], treasury: dict[str, int] | None = None,
             owners: dict[str, str] | None = None, adjacency: bool = False,
             **options: bool) -> State:
    """The classic 1454 map with these units; adjacency off unless a test is about it."""
    _, start = load_scenario("classic_1454")
    return replace(
        start, units=units, treasury=dict(treasury or {}),
        province_owner={**start.province_owner, **(owners or {})},
        options={**start.options, "adjacency": adjacency, **options},
    )


def run(state: State, orders: dict[str, Sequence[Order]]) -> Adjudication:
    return expenses(BOARD, state, orders, Dice("test"))


def result(done: Adjudication, order: Order) -> OrderResult:
    found = [r for r in done.results if r.order == order]
    assert len(found) == 1, done.results
    return found[0]


def unit_at(state: State, province: str, garrison: bool) -> Unit | None:
    return state.unit_in(province, garrison=garrison)


MILAN_PAV = Unit("A", "Milan", "pav")
AUTO_TRENT = Unit("G", None, "trt")


# ----------------------------------------------------------------------
# EXP-GEN: money
# ----------------------------------------------------------------------
def test_exp_gen_1_only_expenses_1_to_4() -> None:
    fifth = Expense(5, 6, "disband", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 20}), {"France": [fifth]})
    assert result(done, fifth).outcome == "void"
    assert done.state.treasury["France"] == 20
    assert unit_at(done.state, "trt", True) is not None


def test_exp_gen_2_ducats_leave_the_treasury() -> None:
    e = Expense(1, 9, "disband", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 20}), {"France": [e]})
    assert result(done, e).outcome == "succeeds"
    assert result(done, e).note.startswith("9 ducats")
    assert done.state.treasury["France"] == 11


def test_exp_gen_3_invalid_expense_is_still_paid() -> None:
    relief = Expense(1, 3, "famine_relief", province="mil")  # no famine there
    own = Expense(2, 18, "buy", "A", "pav")  # one's own unit
    done = run(position([MILAN_PAV], {"Milan": 30}), {"Milan": [relief, own]})
    assert result(done, relief).outcome == "void"
    assert result(done, own).outcome == "void"
    assert "yours" in result(done, own).note
    assert done.state.treasury["Milan"] == 30 - 3 - 18


def test_exp_gen_4_expenses_paid_in_number_order() -> None:
    """Written 2 before 1, paid 1 before 2: with 20 ducats expense 1 (18) is whole."""
    buy = Expense(1, 18, "buy", "A", "pav")
    disband = Expense(2, 6, "disband", "G", "trt")
    done = run(position([MILAN_PAV, AUTO_TRENT], {"France": 20}), {"France": [disband, buy]})
    assert result(done, buy).outcome == "succeeds"
    assert result(done, disband).outcome == "fails"
    assert result(done, disband).note.startswith("2 ducats (all that was left of the 6")
    assert done.state.treasury["France"] == 0
    assert unit_at(done.state, "trt", True) is not None


def test_exp_gen_5_ambiguity_14_short_treasury_attempts_with_what_is_left() -> None:
    """Ruling EXP-GEN-5: what is left, down to a multiple of 3, is tried."""
    e = Expense(1, 12, "disband", "G", "trt")  # 6 needed
    done = run(position([AUTO_TRENT], {"France": 8}), {"France": [e]})
    assert result(done, e).outcome == "succeeds"  # 8 paid, 6 counted
    assert done.state.treasury["France"] == 0
    short = run(position([AUTO_TRENT], {"France": 5}), {"France": [e]})
    assert result(short, e).outcome == "fails"  # 5 paid, 3 counted
    assert short.state.treasury["France"] == 0


def test_exp_gen_5_amounts_count_by_threes() -> None:
    e = Expense(1, 8, "disband", "G", "trt")  # 8 paid, 6 counted: enough
    done = run(position([AUTO_TRENT], {"France": 20}), {"France": [e]})
    assert result(done, e).outcome == "succeeds"
    assert done.state.treasury["France"] == 12
    counter = Expense(1, 5, "counter_bribe", "G", "trt")  # counts as 3
    bribe = Expense(1, 6, "disband", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 20, "Venice": 20}),
               {"France": [bribe], "Venice": [counter]})
    assert result(done, bribe).outcome == "fails"  # 6 - 3 < 6


def test_exp_gen_6_none_deletes_an_expense() -> None:
    e = Expense(2, 9, "disband", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 20}), {"France": [e, Expense(2, 0, "none")]})
    assert done.results == []
    assert done.state.treasury["France"] == 20


def test_exp_gen_7_later_expense_with_same_number_replaces() -> None:
    buy = Expense(1, 18, "buy", "A", "pav")
    disband = Expense(1, 12, "disband", "A", "pav")
    done = run(position([MILAN_PAV], {"France": 30}), {"France": [buy, disband]})
    assert [r.order for r in done.results] == [disband]
    assert unit_at(done.state, "pav", False) is None
    assert done.state.treasury["France"] == 18
    assert standing_expenses({"France": [buy, disband]}) == {"France": [disband]}


def test_expenses_need_money_in_the_game() -> None:
    e = Expense(1, 9, "disband", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 20}, money=False), {"France": [e]})
    assert result(done, e).outcome == "void"
    assert done.state.treasury["France"] == 20


def test_asn_eff_2_bank_victims_expenses_are_wasted() -> None:
    e = Expense(1, 9, "disband", "G", "trt")
    state = position([AUTO_TRENT], {"France": 0})
    state.assassinated, state.defaulted = ["France"], ["France"]
    done = run(state, {"France": [e]})
    assert result(done, e).outcome == "fails"
    assert unit_at(done.state, "trt", True) is not None


def test_adjtab_l_assassination_is_left_to_step_c_but_keeps_its_place() -> None:
    """Expense 1 (assassination) is paid first: its 24 ducats are set aside for step c."""
    murder = Expense(1, 24, "assassinate", power="Milan")
    buy = Expense(2, 18, "buy", "A", "pav")
    done = run(position([MILAN_PAV], {"France": 30}), {"France": [murder, buy]})
    assert [r.order for r in done.results] == [buy]
    assert result(done, buy).outcome == "fails"  # only 6 left for it
    assert done.state.treasury["France"] == 24  # what step c will pay the assassins


@given(st.integers(0, 60), st.lists(st.integers(0, 40), max_size=4))
def test_exp_gen_5_payments_never_exceed_the_treasury(treasury: int, amounts: list[int]) -> None:
    listed = [Expense(i + 1, a, "famine_relief", province="mil") for i, a in enumerate(amounts)]
    paid = payments(treasury, listed)
    assert sum(paid) == min(treasury, sum(amounts))
    assert all(0 <= p <= a for p, a in zip(paid, amounts, strict=True))


# ----------------------------------------------------------------------
# a, b: famine relief, pacify rebellion
# ----------------------------------------------------------------------
def test_exp_a_famine_relief_removes_the_famine() -> None:
    e = Expense(1, 3, "famine_relief", province="mil")
    state = position([], {"Milan": 3})
    state.famine = ["mil", "pav"]
    done = run(state, {"Milan": [e]})
    assert result(done, e).outcome == "succeeds"
    assert done.state.famine == ["pav"]
    assert done.state.treasury["Milan"] == 0


def test_exp_b_reb_rm_8_5_pacify_removes_city_and_province_rebellion() -> None:
    e = Expense(1, 12, "pacify_rebellion", province="rme")
    state = position([], {"Papacy": 12})
    state.rebellions = {"rme": Rebellion("rme", "Papacy", True, True)}
    done = run(state, {"Papacy": [e]})
    assert result(done, e).outcome == "succeeds"
    assert done.state.rebellions == {}


def test_exp_b_pacify_needs_twelve_ducats_and_a_rebellion() -> None:
    cheap = Expense(1, 9, "pacify_rebellion", province="rme")
    state = position([], {"Papacy": 20})
    state.rebellions = {"rme": Rebellion("rme", "Papacy", True, True)}
    done = run(state, {"Papacy": [cheap]})
    assert result(done, cheap).outcome == "fails"
    assert "rme" in done.state.rebellions
    nothing = Expense(1, 12, "pacify_rebellion", province="mil")
    done = run(state, {"Papacy": [nothing]})
    assert result(done, nothing).outcome == "void"
    assert done.state.treasury["Papacy"] == 8


def test_exp_b_pacify_undoes_a_rebellion_caused_in_the_same_step() -> None:
    cause = Expense(1, 15, "cause_rebellion", province="mil")
    pacify = Expense(1, 12, "pacify_rebellion", province="mil")
    done = run(position([], {"France": 15, "Milan": 12}), {"France": [cause], "Milan": [pacify]})
    assert result(done, cause).outcome == "succeeds"
    assert result(done, pacify).outcome == "succeeds"
    assert done.state.rebellions == {}


# ----------------------------------------------------------------------
# c: counter-bribes
# ----------------------------------------------------------------------
def test_exp_c1_twelve_against_three_fails_fifteen_succeeds() -> None:
    """001 c)1: disbanding with 12+0 against a 3-ducat counter-bribe fails; 12+3 needed."""
    units = [Unit("A", "Milan", "pav")]
    counter = Expense(1, 3, "counter_bribe", "A", "pav")
    twelve = Expense(1, 12, "disband", "A", "pav")
    done = run(position(units, {"France": 20, "Milan": 3}),
               {"France": [twelve], "Milan": [counter]})
    assert result(done, twelve).outcome == "fails"
    assert result(done, counter).outcome == "succeeds"
    assert unit_at(done.state, "pav", False) is not None
    assert done.state.treasury == {"France": 8, "Milan": 0}
    fifteen = Expense(1, 15, "disband", "A", "pav")
    done = run(position(units, {"France": 20, "Milan": 3}),
               {"France": [fifteen], "Milan": [counter]})
    assert result(done, fifteen).outcome == "succeeds"
    assert unit_at(done.state, "pav", False) is None


def test_exp_c_counter_bribe_at_least_three() -> None:
    counter = Expense(1, 2, "counter_bribe", "A", "pav")
    twelve = Expense(1, 12, "disband", "A", "pav")
    done = run(position([MILAN_PAV], {"France": 12, "Milan": 2}),
               {"France": [twelve], "Milan": [counter]})
    assert result(done, counter).outcome == "fails"
    assert result(done, twelve).outcome == "succeeds"


def test_exp_c2_counter_bribes_do_not_stop_rebellions_or_relief() -> None:
    counter = Expense(1, 30, "counter_bribe", "A", "pav")
    cause = Expense(1, 15, "cause_rebellion", province="pav")
    done = run(position([MILAN_PAV], {"France": 15, "Milan": 30}),
               {"France": [cause], "Milan": [counter]})
    assert result(done, cause).outcome == "succeeds"
    assert done.state.rebellions["pav"].against == "Milan"
    # the counter-briber is not told whether a bribe came (another power's expense)
    assert result(done, counter).note.endswith("in place on the unit against any bribe (EXP-C1)")


def test_exp_c3_counter_bribes_on_any_unit() -> None:
    own = Expense(1, 3, "counter_bribe", "A", "pav")
    other = Expense(2, 3, "counter_bribe", "A", "ver")
    autonomous = Expense(3, 3, "counter_bribe", "G", "trt")
    units = [MILAN_PAV, Unit("A", "Venice", "ver"), AUTO_TRENT]
    done = run(position(units, {"Milan": 9}), {"Milan": [own, other, autonomous]})
    assert all(r.outcome == "succeeds" for r in done.results)
    assert done.state.treasury["Milan"] == 0


def test_exp_c4_only_the_largest_bribe_succeeds() -> None:
    big = Expense(1, 21, "buy", "A", "pav")
    small = Expense(1, 18, "buy", "A", "pav")
    done = run(position([MILAN_PAV], {"France": 21, "Venice": 18}),
               {"France": [big], "Venice": [small]})
    assert result(done, big).outcome == "succeeds"
    assert result(done, small).outcome == "fails"
    assert unit_at(done.state, "pav", False) == Unit("A", "France", "pav")
    assert done.state.treasury == {"France": 0, "Venice": 0}  # the loser's ducats are wasted


def test_exp_c4_a_larger_bribe_of_another_kind_wins() -> None:
    """Size decides, not kind: a 15-ducat disband beats a 12-ducat buy (too small anyway)."""
    disband = Expense(1, 15, "disband", "A", "pav")
    buy = Expense(1, 12, "buy", "A", "pav")
    done = run(position([MILAN_PAV], {"France": 15, "Venice": 12}),
               {"France": [disband], "Venice": [buy]})
    assert result(done, disband).outcome == "succeeds"
    assert result(done, buy).outcome == "fails"


def test_exp_c4t_tied_bribes_all_fail() -> None:
    a = Expense(1, 18, "buy", "A", "pav")
    b = Expense(3, 18, "disband", "A", "pav")
    done = run(position([MILAN_PAV], {"France": 18, "Venice": 18}),
               {"France": [a], "Venice": [b]})
    assert result(done, a).outcome == "fails"
    assert result(done, b).outcome == "fails"
    assert "tied" in result(done, a).note
    assert unit_at(done.state, "pav", False) == MILAN_PAV
    assert done.state.treasury == {"France": 0, "Venice": 0}


# ----------------------------------------------------------------------
# d-i: the bribes and their prices
# ----------------------------------------------------------------------
def test_exp_d_nine_disbands_trent_against_three() -> None:
    nine = Expense(1, 9, "disband", "G", "trt")
    counter = Expense(1, 3, "counter_bribe", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 9, "Venice": 3}),
               {"France": [nine], "Venice": [counter]})
    assert result(done, nine).outcome == "succeeds"
    assert unit_at(done.state, "trt", True) is None


def test_exp_d_autonomous_garrison_costs_six() -> None:
    five = Expense(1, 5, "disband", "G", "trt")
    done = run(position([AUTO_TRENT], {"France": 9}), {"France": [five]})
    assert result(done, five).outcome == "fails"
    assert "6 needed" in result(done, five).note


def test_exp_e_buy_autonomous_garrison_nine() -> None:
    nine = Expense(1, 9, "buy", "G", "sav")
    alone = run(position([Unit("G", None, "sav")], {"France": 9}), {"France": [nine]})
    assert result(alone, nine).outcome == "succeeds"
    assert unit_at(alone.state, "sav", True) == Unit("G", "France", "sav")
    counter = Expense(1, 3, "counter_bribe", "G", "sav")
    done = run(position([Unit("G", None, "sav")], {"France": 9, "Milan": 3}),
               {"France": [nine], "Milan": [counter]})
    assert result(done, nine).outcome == "fails"  # 001's example: fails against 3
    assert unit_at(done.state, "sav", True) == Unit("G", None, "sav")


def test_exp_f_committed_garrison_to_autonomous_nine() -> None:
    e = Expense(1, 9, "garrison_to_autonomous", "G", "bol")
    done = run(position([Unit("G", "Papacy", "bol")], {"Florence": 9}), {"Florence": [e]})
    assert result(done, e).outcome == "succeeds"
    assert unit_at(done.state, "bol", True) == Unit("G", None, "bol")
    assert "bol" not in done.state.city_owner  # OWN-3A: the autonomous garrison holds it


def test_exp_f_only_committed_garrisons() -> None:
    auto = Expense(1, 9, "garrison_to_autonomous", "G", "trt")
    army = Expense(2, 9, "garrison_to_autonomous", "A", "pav")
    done = run(position([AUTO_TRENT, MILAN_PAV], {"France": 18}), {"France": [auto, army]})
    assert result(done, auto).outcome == "void"
    assert result(done, army).outcome == "void"
    assert done.state.treasury["France"] == 0  # EXP-GEN-3


def test_exp_g_disband_committed_garrison_twelve() -> None:
    e = Expense(1, 12, "disband", "G", "bar")
    low = Expense(1, 9, "disband", "G", "bar")
    state = position([Unit("G", "Naples", "bar")], {"Papacy": 12})
    assert result(run(state, {"Papacy": [low]}), low).outcome == "fails"
    done = run(state, {"Papacy": [e]})
    assert result(done, e).outcome == "succeeds"
    assert unit_at(done.state, "bar", True) is None


def test_exp_h_disband_army_or_fleet_twelve() -> None:
    e = Expense(1, 12, "disband", "A", "anc")
    done = run(position([Unit("A", "Papacy", "anc")], {"Venice": 12}), {"Venice": [e]})
    assert result(done, e).outcome == "succeeds"
    assert unit_at(done.state, "anc", False) is None


def test_exp_i_buy_army_fleet_or_garrison_eighteen_keeps_the_type() -> None:
    fleet = Expense(1, 18, "buy", "F", "mar")
    garrison = Expense(2, 18, "buy", "G", "bar")
    state = position([Unit("F", "France", "mar"), Unit("G", "Naples", "bar")], {"Milan": 36})
    done = run(state, {"Milan": [fleet, garrison]})
    assert unit_at(done.state, "mar", False) == Unit("F", "Milan", "mar")
    assert unit_at(done.state, "bar", True) == Unit("G", "Milan", "bar")
    low = Expense(1, 15, "buy", "F", "mar")
    assert result(run(state, {"Milan": [low]}), low).outcome == "fails"


def test_bribe_1_a_bribe_may_be_larger_than_its_price() -> None:
    e = Expense(1, 24, "buy", "F", "mar")
    done = run(position([Unit("F", "France", "mar")], {"Milan": 30}), {"Milan": [e]})
    assert result(done, e).outcome == "succeeds"
    assert done.state.treasury["Milan"] == 6


def test_bribe_2_garrisons_in_major_cities_cost_double() -> None:
    """Rome's city has a number (2): disbanding Papacy's garrison costs 24, not 12."""
    rome = Unit("G", "Papacy", "rme")
    twelve = Expense(1, 12, "disband", "G", "rme")
    done = run(position([rome], {"Naples": 30}), {"Naples": [twelve]})
    assert result(done, twelve).outcome == "fails"
    assert "24 needed" in result(done, twelve).note
    enough = Expense(1, 24, "disband", "G", "rme")
    assert result(run(position([rome], {"Naples": 30}), {"Naples": [enough]}),
                  enough).outcome == "succeeds"
    army = Expense(1, 12, "disband", "A", "rme")  # only garrisons are doubled
    assert result(run(position([Unit("A", "Papacy", "rme")], {"Naples": 12}),
                      {"Naples": [army]}), army).outcome == "succeeds"


def test_bribe_2_autonomous_garrison_in_genoa_costs_twelve_to_disband() -> None:
    e = Expense(1, 9, "disband", "G", "gen")
    done = run(position([Unit("G", None, "gen")], {"France": 12}), {"France": [e]})
    assert result(done, e).outcome == "fails"
    assert "12 needed" in result(done, e).note


def test_bribe_4_enough_for_a_cheaper_bribe_is_not_enough() -> None:
    e = Expense(1, 12, "buy", "A", "pav")  # 12 would disband it, not buy it
    done = run(position([MILAN_PAV], {"France": 12}), {"France": [e]})
    assert result(done, e).outcome == "fails"
    assert unit_at(done.state, "pav", False) == MILAN_PAV


def test_bribe_5_militia_garrison_in_rome_costs_48_to_disband() -> None:
    """001 observe 5): 12*2*2 = 48 to disband; buying it costs 18*2*2 = 72."""
    militia = Unit("G", "Papacy", "rme", special="militia")
    for amount, outcome in ((45, "fails"), (48, "succeeds")):
        e = Expense(1, amount, "disband", "G", "rme")
        done = run(position([militia], {"Naples": 80}), {"Naples": [e]})
        assert result(done, e).outcome == outcome, amount
    for amount, outcome in ((69, "fails"), (72, "succeeds")):
        e = Expense(1, amount, "buy", "G", "rme")
        done = run(position([militia], {"Naples": 80}), {"Naples": [e]})
        assert result(done, e).outcome == outcome, amount


def test_spec_militia_3_and_spec_elpro_3_double_spec_elmerc_3_normal() -> None:
    for special, needed in (("militia", 24), ("elite_professional", 24), ("elite_mercenary", 12)):
        unit = Unit("A", "Milan", "pav", special=special)
        low = Expense(1, needed - 3, "disband", "A", "pav")
        enough = Expense(1, needed, "disband", "A", "pav")
        state = position([unit], {"France": 30})
        assert result(run(state, {"France": [low]}), low).outcome == "fails", special
        assert result(run(state, {"France": [enough]}), enough).outcome == "succeeds", special


def test_spec_2_buying_a_second_special_unit_fails_and_the_money_is_lost() -> None:
    mine = Unit("A", "France", "mar", special="militia")
    theirs = Unit("A", "Milan", "pav", special="elite_mercenary")
    e = Expense(1, 18, "buy", "A", "pav")
    done = run(position([mine, theirs], {"France": 18}), {"France": [e]})
    assert result(done, e).outcome == "fails"
    assert "SPEC-2" in result(done, e).note
    assert unit_at(done.state, "pav", False) == theirs
    assert done.state.treasury["France"] == 0
    without = run(position([theirs], {"France": 18}), {"France": [e]})
    assert unit_at(without.state, "pav", False) == replace(theirs, owner="France")


def test_self_bribe_is_void_and_paid() -> None:
    e = Expense(1, 12, "disband", "A", "pav")
    done = run(position([MILAN_PAV], {"Milan": 12}), {"Milan": [e]})
    assert result(done, e).outcome == "void"
    assert unit_at(done.state, "pav", False) == MILAN_PAV
    assert done.state.treasury["Milan"] == 0


def test_expense_naming_a_missing_unit_is_void() -> None:
    e = Expense(1, 12, "disband", "A", "pav")
    wrong = Expense(2, 12, "disband", "F", "trt")
    done = run(position([AUTO_TRENT], {"France": 24}), {"France": [e, wrong]})
    assert result(done, e).outcome == "void"
    assert "there is a garrison" in result(done, wrong).note


# ----------------------------------------------------------------------
# j, k: causing rebellions
# ----------------------------------------------------------------------
def test_exp_j_conquered_province_rebels_for_nine() -> None:
    e = Expense(1, 9, "cause_rebellion", province="slu")
    state = position([Unit("G", None, "slu")], {"Milan": 9}, owners={"slu": "France"})
    done = run(state, {"Milan": [e]})
    assert result(done, e).outcome == "succeeds"
    # REB-EFF-3B: the garrisoned city does not rebel
    assert done.state.rebellions == {"slu": Rebellion("slu", "France", True, False)}


def test_reb_eff_4_rebels_in_province_and_ungarrisoned_city() -> None:
    e = Expense(1, 9, "cause_rebellion", province="slu")
    state = position([], {"Milan": 9}, owners={"slu": "France"})
    done = run(state, {"Milan": [e]})
    assert done.state.rebellions == {"slu": Rebellion("slu", "France", True, True)}


def test_exp_k_home_province_rebels_for_fifteen() -> None:
    nine = Expense(1, 9, "cause_rebellion", province="tun")
    fifteen = Expense(1, 15, "cause_rebellion", province="tun")
    state = position([], {"Naples": 15}, owners={"tun": "Turkey"})
    done = run(state, {"Naples": [nine]})
    assert result(done, nine).outcome == "fails"
    assert done.state.rebellions == {}
    assert done.state.treasury["Naples"] == 6
    done = run(state, {"Naples": [fifteen]})
    assert result(done, fifteen).outcome == "succeeds"
    assert done.state.rebellions["tun"].against == "Turkey"


def test_exp_j_only_in_enemy_controlled_provinces() -> None:
    own = Expense(1, 9, "cause_rebellion", province="pav")
    nobody = Expense(2, 9, "cause_rebellion", province="slu")
    state = position([], {"Milan": 18}, owners={"pav": "Milan"})
    state.province_owner.pop("slu", None)
    done = run(state, {"Milan": [own, nobody]})
    assert result(done, own).outcome == "void"
    assert result(done, nobody).outcome == "void"
    assert done.state.rebellions == {}
    assert done.state.treasury["Milan"] == 0


def test_ven_g_no_rebellion_in_venice_while_a_unit_is_there() -> None:
    e = Expense(1, 15, "cause_rebellion", province="ven")
    held = run(position([Unit("G", "Venice", "ven")], {"Milan": 15}), {"Milan": [e]})
    assert result(held, e).outcome == "void"
    assert held.state.rebellions == {}
    empty = run(position([], {"Milan": 15}), {"Milan": [e]})
    assert result(empty, e).outcome == "succeeds"
    # VEN-H: a single rebel unit, in the city
    assert empty.state.rebellions == {"ven": Rebellion("ven", "Venice", False, True)}


def test_cause_rebellion_where_one_is_already_raised_is_void() -> None:
    e = Expense(1, 15, "cause_rebellion", province="mil")
    state = position([], {"France": 15})
    state.rebellions = {"mil": Rebellion("mil", "Milan", True, True)}
    done = run(state, {"France": [e]})
    assert result(done, e).outcome == "void"
    assert done.state.rebellions == state.rebellions
    assert done.state.treasury["France"] == 0


def test_cause_rebellion_again_where_only_the_city_still_rebels() -> None:
    """After REB-RM-8.2 put the province down, the province may be made to rebel again."""
    e = Expense(1, 15, "cause_rebellion", province="mil")
    state = position([], {"France": 15})
    state.rebellions = {"mil": Rebellion("mil", "Milan", False, True)}
    done = run(state, {"France": [e]})
    assert result(done, e).outcome == "succeeds"
    assert done.state.rebellions == {"mil": Rebellion("mil", "Milan", True, True)}


def test_two_powers_cause_the_same_rebellion() -> None:
    a = Expense(1, 9, "cause_rebellion", province="slu")
    b = Expense(1, 9, "cause_rebellion", province="slu")
    state = position([], {"Milan": 9, "Venice": 9}, owners={"slu": "France"})
    done = run(state, {"Milan": [a], "Venice": [b]})
    assert [r.outcome for r in done.results] == ["succeeds", "succeeds"]
    assert done.state.rebellions == {"slu": Rebellion("slu", "France", True, True)}


# ----------------------------------------------------------------------
# Adjacency (set [no]adjacency)
# ----------------------------------------------------------------------
def test_adjtab_a_famine_relief_needs_a_unit_near() -> None:
    e = Expense(1, 3, "famine_relief", province="pav")
    for units, adjacency, outcome in (
        ([], True, "void"),
        ([Unit("A", "Milan", "mil")], True, "succeeds"),  # Milan borders Pavia
        ([], False, "succeeds"),
    ):
        state = position(units, {"Milan": 3}, adjacency=adjacency)
        state.famine = ["pav"]
        done = run(state, {"Milan": [e]})
        assert result(done, e).outcome == outcome, (units, adjacency)


def test_adjtab_b_pacify_needs_a_unit_near() -> None:
    e = Expense(1, 12, "pacify_rebellion", province="pav")
    for units, adjacency, outcome in (
        ([Unit("A", "Milan", "tyr")], True, "void"),
        ([Unit("G", "Milan", "pav")], True, "succeeds"),  # in the city
        ([], False, "succeeds"),
    ):
        state = position(units, {"Milan": 12}, adjacency=adjacency)
        state.rebellions = {"pav": Rebellion("pav", "Milan")}
        assert result(run(state, {"Milan": [e]}), e).outcome == outcome, units


def test_adjtab_c_counter_bribe_needs_a_unit_near_except_ones_own() -> None:
    other = Expense(1, 3, "counter_bribe", "A", "pav")
    units = [MILAN_PAV, Unit("A", "Venice", "ven")]
    far = run(position(units, {"Venice": 3}, adjacency=True), {"Venice": [other]})
    assert result(far, other).outcome == "void"
    near = run(position([*units, Unit("A", "Venice", "mil")], {"Venice": 3}, adjacency=True),
               {"Venice": [other]})
    assert result(near, other).outcome == "succeeds"
    own = run(position(units, {"Milan": 3}, adjacency=True), {"Milan": [other]})
    assert result(own, other).outcome == "succeeds"  # the unit is its own neighbour


def test_adjtab_di_ambiguity_12_bribes_need_a_unit_near() -> None:
    """001: a unit in Siena is adjacent to a garrison in Florence for bribery."""
    e = Expense(1, 24, "disband", "G", "flo")
    florence = Unit("G", "Florence", "flo")
    for units, adjacency, outcome in (
        ([Unit("A", "Papacy", "rme")], True, "void"),
        ([Unit("A", "Papacy", "sie")], True, "succeeds"),
        ([Unit("G", "Papacy", "sie")], True, "succeeds"),  # ruling: a garrison will do
        ([Unit("A", "Papacy", "flo")], True, "succeeds"),  # in the province itself
        ([], False, "succeeds"),
    ):
        done = run(position([florence, *units], {"Papacy": 24}, adjacency=adjacency),
                   {"Papacy": [e]})
        assert result(done, e).outcome == outcome, units
    assert result(done, e).note.startswith("24 ducats")


def test_adjtab_di_a_bribe_without_adjacency_does_not_compete() -> None:
    near = Expense(1, 18, "buy", "A", "pav")
    far = Expense(1, 30, "buy", "A", "pav")
    units = [MILAN_PAV, Unit("A", "France", "tur"), Unit("A", "Venice", "ven")]
    done = run(position(units, {"France": 18, "Venice": 30}, adjacency=True),
               {"France": [near], "Venice": [far]})
    assert result(done, far).outcome == "void"
    assert result(done, near).outcome == "succeeds"
    assert done.state.treasury == {"France": 0, "Venice": 0}


def test_adjtab_jk_cause_rebellion_needs_a_unit_near() -> None:
    e = Expense(1, 15, "cause_rebellion", province="tun")
    far = position([Unit("F", "Naples", "gon")], {"Naples": 15}, adjacency=True,
                   owners={"tun": "Turkey"})
    assert result(run(far, {"Naples": [e]}), e).outcome == "void"
    near = position([Unit("F", "Naples", "wms")], {"Naples": 15}, adjacency=True,
                    owners={"tun": "Turkey"})
    assert result(run(near, {"Naples": [e]}), e).outcome == "succeeds"


def test_str_i_blocking_fleets_do_not_change_bribe_adjacency() -> None:
    """Gulf of Naples to the Ionian Sea crosses the Messina strait, held by a Turkish fleet."""
    e = Expense(1, 12, "disband", "F", "ion")
    units = [Unit("F", "Turkey", "ion"), Unit("F", "Turkey", "mes"), Unit("F", "Naples", "gon")]
    done = run(position(units, {"Naples": 12}, adjacency=True), {"Naples": [e]})
    assert result(done, e).outcome == "succeeds"


def test_adjacency_is_judged_before_any_expense_takes_effect() -> None:
    """Buying the army in Pavia (expense 1) gives no adjacency for expense 2 the same step."""
    buy = Expense(1, 18, "buy", "A", "pav")
    bribe = Expense(2, 12, "disband", "A", "mon")
    units = [MILAN_PAV, Unit("A", "France", "com"), Unit("A", "Milan", "mon")]
    done = run(position(units, {"France": 30}, adjacency=True), {"France": [buy, bribe]})
    assert result(done, buy).outcome == "succeeds"
    assert result(done, bribe).outcome == "void"


# ----------------------------------------------------------------------
# Control, rebellions and sieges after bribes
# ----------------------------------------------------------------------
def test_own_1_buying_gives_control_of_the_province() -> None:
    e = Expense(1, 18, "buy", "A", "pav")
    state = position([MILAN_PAV], {"France": 18}, owners={"pav": "Milan"})
    state.city_owner["pav"] = "Milan"
    done = run(state, {"France": [e]})
    assert done.state.province_owner["pav"] == "France"
    assert done.state.city_owner["pav"] == "France"  # OWN-5: no garrison there
    assert any("Pavia (province) passes from Milan to France (OWN-1)" in x for x in done.events)


def test_own_ex_1_control_changes_before_the_bought_unit_moves_away() -> None:
    """EXP-I / BRIBE-3: the buyer's orders for the bought unit are carried out this campaign;
    the old owner's are void; Pavia stays French after the army leaves."""
    buy = Expense(1, 18, "buy", "A", "pav")
    state = position([MILAN_PAV, Unit("A", "France", "tur")], {"France": 18},
                     owners={"pav": "Milan"})
    bought = run(state, {"France": [buy]})
    french = Move(UnitRef("A", "pav"), "pia")
    milanese = Move(UnitRef("A", "pav"), "com")
    moved = resolve_movement(BOARD, bought.state, {"France": [buy, french], "Milan": [milanese]})
    assert moved.outcome_of(french) == "succeeds"
    assert moved.outcome_of(milanese) == "void"
    assert Unit("A", "France", "pia") in moved.state.units
    assert moved.state.province_owner["pav"] == "France"


def test_own_2_disbanding_next_to_an_enemy_unit_gives_it_control() -> None:
    e = Expense(1, 12, "disband", "A", "gen")
    state = position([Unit("A", "Milan", "gen"), Unit("G", "France", "gen")], {"Venice": 12},
                     owners={"gen": "Milan"})
    state.city_owner["gen"] = "France"
    done = run(state, {"Venice": [e]})
    assert done.state.province_owner["gen"] == "France"
    garrison = Expense(1, 24, "disband", "G", "gen")
    state = position([Unit("A", "Milan", "gen"), Unit("G", "France", "gen")], {"Venice": 24},
                     owners={"gen": "Milan"})
    state.city_owner["gen"] = "France"
    done = run(state, {"Venice": [garrison]})
    assert done.state.city_owner["gen"] == "Milan"
    assert any("OWN-2" in x for x in done.events)


def test_reb_rm_8_4_buying_the_targeted_powers_unit_liberates() -> None:
    e = Expense(1, 18, "buy", "A", "pav")
    state = position([MILAN_PAV], {"France": 18})
    state.rebellions = {"pav": Rebellion("pav", "Milan", True, True)}
    done = run(state, {"France": [e]})
    assert done.state.rebellions == {}
    assert any("REB-RM-8.4" in x for x in done.events)


def test_reb_rm_8_4_d004_29_not_when_the_unit_was_not_the_targeted_powers() -> None:
    e = Expense(1, 9, "buy", "G", "pav")
    state = position([Unit("G", None, "pav")], {"France": 9})
    state.rebellions = {"pav": Rebellion("pav", "Milan", True, False)}
    done = run(state, {"France": [e]})
    assert result(done, e).outcome == "succeeds"
    assert "pav" in done.state.rebellions


def test_siege_10_disbanded_garrison_ends_the_siege() -> None:
    besieger = Unit("A", "Milan", "gen", siege=1)
    e = Expense(1, 12, "disband", "G", "gen")  # autonomous, in a major city: 6*2
    done = run(position([besieger, Unit("G", None, "gen")], {"Milan": 12}), {"Milan": [e]})
    assert result(done, e).outcome == "succeeds"
    free = unit_at(done.state, "gen", False)
    assert free == replace(besieger, siege=0)
    move = Move(UnitRef("A", "gen"), "sav")
    assert forced_siege_order(done.state, free, move) == (move, "")
    assert any("SIEGE-10" in x for x in done.events)


def test_siege_11_failed_disband_bribe_leaves_the_besieger_bound() -> None:
    besieger = Unit("A", "Milan", "gen", siege=1)
    e = Expense(1, 12, "disband", "G", "gen")
    counter = Expense(1, 3, "counter_bribe", "G", "gen")
    done = run(position([besieger, Unit("G", None, "gen")], {"Milan": 12, "France": 3}),
               {"Milan": [e], "France": [counter]})
    assert result(done, e).outcome == "fails"
    bound = unit_at(done.state, "gen", False)
    assert bound == besieger
    order, _ = forced_siege_order(done.state, bound, Move(UnitRef("A", "gen"), "sav"))
    assert order == Hold(UnitRef("A", "gen"))


def test_siege_13_garrison_bought_mid_siege_turns_besiege_into_lift_siege() -> None:
    besieger = Unit("A", "Milan", "gen", siege=1)
    e = Expense(1, 18, "buy", "G", "gen")  # autonomous, in a major city: 9*2
    done = run(position([besieger, Unit("G", None, "gen")], {"Milan": 18}), {"Milan": [e]})
    assert unit_at(done.state, "gen", True) == Unit("G", "Milan", "gen")
    army = unit_at(done.state, "gen", False)
    assert army is not None
    order, why = forced_siege_order(done.state, army, Besiege(UnitRef("A", "gen")))
    assert order == LiftSiege(UnitRef("A", "gen"))
    assert "SIEGE-13" in why


def test_siege_12_besieging_a_garrison_bought_this_campaign_before_a_siege_is_a_hold() -> None:
    army = Unit("A", "Milan", "gen")
    e = Expense(1, 18, "buy", "G", "gen")
    done = run(position([army, Unit("G", None, "gen")], {"Milan": 18}), {"Milan": [e]})
    order, why = forced_siege_order(done.state, army, Besiege(UnitRef("A", "gen")))
    assert order == Hold(UnitRef("A", "gen"))
    assert "SIEGE-12" in why


def test_garrison_made_autonomous_keeps_its_place_and_loses_its_orders() -> None:
    e = Expense(1, 9, "garrison_to_autonomous", "G", "pav")
    convert = Convert(UnitRef("G", "pav"), "A")
    done = run(position([Unit("G", "Milan", "pav")], {"France": 9}), {"France": [e]})
    moved = resolve_movement(BOARD, done.state, {"Milan": [convert]})
    assert moved.outcome_of(convert) == "void"
    assert Unit("G", None, "pav") in moved.state.units


def test_bribe_3_campaign_bought_unit_obeys_its_buyer_and_assassins_keep_their_place() -> None:
    """The whole campaign (banking, expenses, assassinations, movement): the buyer's order for
    the army it buys is carried out; expense 1 (an assassination, paid in step c) came first."""
    state = position([MILAN_PAV, Unit("A", "France", "tur"), Unit("A", "Milan", "mil")],
                     {"France": 42}, owners={"pav": "Milan"}, adjacency=True)
    state.chits = {"France": ["Milan"]}
    french = parse_orders("expense 1: 24 ducats assassinate milan\n"
                          "expense 2: 18 ducats buy a pav\nA pav - pia", BOARD, state, "France")
    milan = parse_orders("A pav - com", BOARD, state, "Milan")
    assert french.errors == [] and milan.errors == []
    done = resolve_campaign(BOARD, state, {"France": french.orders, "Milan": milan.orders},
                            LoadedDice("t", values=[6]))  # the assassination fails
    buy, move = french.orders[1], french.orders[2]
    assert done.outcome_of(buy) == "succeeds"
    assert done.outcome_of(move) == "succeeds"
    assert done.outcome_of(milan.orders[0]) == "void"
    assert Unit("A", "France", "pia") in done.state.units
    assert done.state.province_owner["pav"] == "France"
    assert done.state.treasury["France"] == 0
    short = replace(state, treasury={"France": 30})
    done = resolve_campaign(BOARD, short, {"France": french.orders, "Milan": milan.orders},
                            LoadedDice("t", values=[6]))
    assert done.outcome_of(buy) == "fails"  # 24 set aside for expense 1, 6 left for it
    assert done.outcome_of(move) == "void"
    assert Unit("A", "Milan", "com") in done.state.units  # Milan's own order moved it


def test_bribe_2_doubling_applies_to_every_bribe_on_a_major_city_garrison() -> None:
    rome = Unit("G", "Papacy", "rme")
    nine = Expense(1, 9, "garrison_to_autonomous", "G", "rme")
    eighteen = Expense(1, 18, "garrison_to_autonomous", "G", "rme")
    state = position([rome], {"Naples": 18})
    assert result(run(state, {"Naples": [nine]}), nine).outcome == "fails"
    assert result(run(state, {"Naples": [eighteen]}), eighteen).outcome == "succeeds"
    buy = Expense(1, 36, "buy", "G", "rme")  # 18 x 2
    done = run(position([rome], {"Naples": 36}), {"Naples": [buy]})
    assert unit_at(done.state, "rme", True) == Unit("G", "Naples", "rme")

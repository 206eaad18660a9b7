"""Assassination (001, ASSASSINATIONS L, EFFECTS OF ASSASSINATION 1-5): EXP-L, ASN-*."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from machiavelli.core.dice import LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import (
    Besiege,
    Expense,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    UnitRef,
)
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.money.assassination import (
    apply_assassination,
    assassinations,
    bank_assassinations,
    numbers_bought,
    rebels_on,
)
from machiavelli.movement.moves import resolve_movement

BOARD = load_board("classic")
CHITS = ["Austria", "France", "Florence", "Milan", "Naples", "Papacy", "Turkey", "Venice"]


def _state(
    units: Iterable[Unit] = (),
    owners: Mapping[str, str] | None = None,
    treasury: Mapping[str, int] | None = None,
    **extra: Any,
) -> State:
    _, start = load_scenario("classic_1454")
    fields: dict[str, Any] = {
        "city_owner": {},
        "rebellions": {},
        "chits": {p: [q for q in CHITS if q != p] for p in CHITS},
        **extra,
    }
    return replace(
        start,
        units=list(units),
        province_owner=dict(owners or {}),
        treasury=dict(treasury or {p: 100 for p in CHITS}),
        **fields,
    )


def _kill(power: str, victim: str, amount: int = 36, number: int = 1) -> Expense:
    return Expense(number, amount, "assassinate", power=victim)


def _run(state: State, orders: Mapping[str, Sequence[Order]], *dice: int) -> Adjudication:
    loaded = LoadedDice("test", values=list(dice))
    done = assassinations(BOARD, state, orders, loaded)
    assert loaded.values == [], "every loaded die is used"
    return done


def _result(done: Adjudication, order: Order) -> OrderResult:
    found = [r for r in done.results if r.order == order]
    assert len(found) == 1, done.results
    return found[0]


# ----------------------------------------------------------------------
# EXP-L, ASN-1 .. ASN-6: the attempt
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("amount", "die", "outcome"),
    [
        (12, 1, "succeeds"),
        (12, 2, "fails"),
        (24, 2, "succeeds"),
        (24, 3, "fails"),
        (36, 3, "succeeds"),
        (36, 4, "fails"),
        (36, 6, "fails"),
    ],
)
def test_asn_5_each_12_ducats_buy_one_number_of_the_die(
    amount: int, die: int, outcome: str
) -> None:
    order = _kill("Florence", "Milan", amount)
    done = _run(_state(), {"Florence": [order]}, die)
    assert _result(done, order).outcome == outcome
    assert ("Milan" in done.state.assassinated) == (outcome == "succeeds")
    assert done.state.treasury["Florence"] == 100 - amount
    assert f"{amount} ducats" in _result(done, order).note


def test_exp_l_numbers_bought() -> None:
    assert [numbers_bought(n) for n in (0, 11, 12, 23, 24, 30, 36, 48, 100)] == [
        0, 0, 1, 1, 2, 2, 3, 3, 3]


def test_asn_5_more_than_36_ducats_gives_three_numbers_and_the_rest_is_lost() -> None:
    order = _kill("Florence", "Milan", 48)
    done = _run(_state(), {"Florence": [order]}, 4)
    assert _result(done, order).outcome == "fails"
    assert done.state.treasury["Florence"] == 52
    done = _run(_state(), {"Florence": [order]}, 3)
    assert _result(done, order).outcome == "succeeds"


def test_exp_l_fewer_than_12_ducats_is_no_attempt_but_is_paid() -> None:
    order = _kill("Florence", "Milan", 9)
    done = _run(_state(), {"Florence": [order]})  # no die rolled
    assert _result(done, order).outcome == "fails"
    assert done.state.treasury["Florence"] == 91
    assert "Milan" in done.state.chits["Florence"]  # ASN-2: no attempt, chit kept


def test_exp_l_short_treasury_pays_what_is_left_and_buys_fewer_numbers() -> None:
    order = _kill("Florence", "Milan", 24)
    state = _state(treasury={"Florence": 20})
    done = _run(state, {"Florence": [order]}, 2)  # 20 ducats: one number only
    assert _result(done, order).outcome == "fails"
    assert done.state.treasury["Florence"] == 0
    assert "20 of 24" in _result(done, order).note


def test_asn_1_no_chit_no_attempt_but_the_ducats_are_spent() -> None:
    state = _state()
    state.chits["Florence"].remove("Milan")
    order = _kill("Florence", "Milan", 24)
    done = _run(state, {"Florence": [order]})  # no die rolled
    assert _result(done, order).outcome == "fails"
    assert "chit" in _result(done, order).note
    assert done.state.treasury["Florence"] == 76
    assert done.state.assassinated == []


@pytest.mark.parametrize("die", [1, 6])
def test_asn_2_the_attempt_uses_the_chit_up_whatever_the_die(die: int) -> None:
    order = _kill("Florence", "Milan", 12)
    done = _run(_state(), {"Florence": [order]}, die)
    assert "Milan" not in done.state.chits["Florence"]
    assert "Milan" in done.state.chits["Venice"]


def test_asn_6_several_attempts_are_rolled_and_hit_once() -> None:
    florence = _kill("Florence", "Milan", 12)
    venice = _kill("Venice", "Milan", 24)
    state = _state([Unit("A", "Milan", "mil")], {"mil": "Milan"})
    # Florence's die, Venice's die, then one rebellion roll for Milan's only province
    done = _run(state, {"Venice": [venice], "Florence": [florence]}, 1, 2, 6)
    assert _result(done, florence).outcome == "succeeds"
    assert _result(done, venice).outcome == "succeeds"
    assert done.state.assassinated == ["Milan"]
    assert done.state.rebellions == {}


def test_asn_6_one_chit_one_attempt_per_payer() -> None:
    first = _kill("Florence", "Milan", 12, number=1)
    second = _kill("Florence", "Milan", 12, number=2)
    done = _run(_state(), {"Florence": [second, first]}, 5)  # number 1 first
    assert _result(done, first).outcome == "fails"
    assert _result(done, second).outcome == "fails"
    assert "chit" in _result(done, second).note
    assert done.state.treasury["Florence"] == 76


def test_asn_4_ambiguity_13_a_later_expense_with_the_same_number_replaces_the_attempt() -> None:
    order = _kill("Florence", "Milan", 36)
    withdrawn = Expense(1, 0, "none")
    done = _run(_state(), {"Florence": [order, withdrawn]})
    assert done.results == []
    assert done.state.treasury["Florence"] == 100
    assert "Milan" in done.state.chits["Florence"]


def test_exp_l_void_without_assassinations_and_nothing_paid() -> None:
    state = _state()
    state.options = {**state.options, "assassinations": False}
    order = _kill("Florence", "Milan", 36)
    done = _run(state, {"Florence": [order]})
    assert _result(done, order).outcome == "void"
    assert done.state.treasury["Florence"] == 100


def test_exp_l_self_or_unknown_victim_fails_and_is_paid() -> None:
    selfish = _kill("Florence", "Florence", 12)
    nobody = _kill("Florence", "Savoy", 12, number=2)
    done = _run(_state(), {"Florence": [selfish, nobody]})
    assert _result(done, selfish).outcome == "fails"
    assert _result(done, nobody).outcome == "fails"
    assert done.state.treasury["Florence"] == 76


def test_exp_gen_1_misnumbered_or_empty_expense_is_void_and_unpaid() -> None:
    fifth = _kill("Florence", "Milan", 12, number=5)
    empty = _kill("Florence", "Milan", 0, number=2)
    done = _run(_state(), {"Florence": [fifth, empty]})
    assert [r.outcome for r in done.results] == ["void", "void"]
    assert done.state.treasury["Florence"] == 100


def test_exp_gen_4_assassinations_keep_their_place_in_the_number_order() -> None:
    from machiavelli.money.expenses import expenses

    state = _state(treasury={"Florence": 40})
    state.options = {**state.options, "adjacency": False}
    relief = Expense(1, 18, "famine_relief", province="mil")  # paid even if pointless
    attempt = _kill("Florence", "Milan", 36, number=2)
    dice = LoadedDice("b", values=[2])
    after_b = expenses(BOARD, state, {"Florence": [attempt, relief]}, dice)
    assert after_b.state.treasury["Florence"] == 22
    done = assassinations(BOARD, after_b.state, {"Florence": [attempt, relief]}, dice)
    assert done.state.treasury["Florence"] == 0
    assert _result(done, attempt).outcome == "fails"  # 22 ducats: one number, die 2
    assert "22 of 36" in _result(done, attempt).note


def test_other_expenses_are_left_to_the_expenses_step() -> None:
    bribe = Expense(2, 18, "buy", "A", "mil")
    done = _run(_state([Unit("A", "Milan", "mil")]), {"Florence": [bribe]})
    assert done.results == []
    assert done.state.treasury["Florence"] == 100


# ----------------------------------------------------------------------
# ASN-EFF-1: orders become holds
# ----------------------------------------------------------------------
def test_asn_eff_1_the_victims_orders_become_holds_in_movement() -> None:
    state = _state([Unit("A", "Milan", "mil"), Unit("A", "Venice", "ber")])
    done = _run(state, {"Florence": [_kill("Florence", "Milan", 12)]}, 1)
    move = Move(UnitRef("A", "mil"), "cre")
    attack = Move(UnitRef("A", "ber"), "mil")
    after = resolve_movement(BOARD, done.state, {"Milan": [move], "Venice": [attack]})
    assert after.outcome_of(move) == "void"
    assert after.outcome_of(attack) == "bounced"  # the forced hold stands
    assert Unit("A", "Milan", "mil") in after.state.units
    assert after.state.assassinated == []  # the effect ends with the campaign


def test_asn_eff_1_other_powers_may_still_support_the_victims_units() -> None:
    units = [Unit("A", "Milan", "mil"), Unit("A", "Venice", "ber"), Unit("A", "Venice", "tyr"),
             Unit("A", "Austria", "cri")]
    state = _state(units, assassinated=["Milan"])
    attack = Move(UnitRef("A", "ber"), "mil")
    push = SupportMove(UnitRef("A", "tyr"), UnitRef("A", "ber"), "mil")
    support = SupportHold(UnitRef("A", "cri"), UnitRef("A", "mil"))
    own = SupportHold(UnitRef("A", "mil"), UnitRef("A", "mil"))
    alone = resolve_movement(BOARD, state, {"Venice": [attack, push], "Milan": [own]})
    assert alone.outcome_of(attack) == "succeeds"
    helped = resolve_movement(
        BOARD, state, {"Venice": [attack, push], "Austria": [support], "Milan": [own]})
    assert helped.outcome_of(attack) == "bounced"
    assert Unit("A", "Milan", "mil") in helped.state.units


def test_asn_eff_1b_forced_holds_do_not_put_down_a_rebellion() -> None:
    rebellion = Rebellion("mil", "Milan", in_province=True, in_city=False)
    units = [Unit("G", "Milan", "mil"), Unit("A", "Milan", "mil")]
    state = _state(units, {"mil": "Milan"}, rebellions={"mil": rebellion})
    hold = Hold(UnitRef("A", "mil"))
    free = resolve_movement(BOARD, state, {"Milan": [hold]})
    assert "mil" not in free.state.rebellions  # REB-RM-8.2
    struck = resolve_movement(BOARD, replace(state, assassinated=["Milan"]), {"Milan": [hold]})
    assert struck.state.rebellions == {"mil": rebellion}


def test_asn_eff_1c_the_victims_sieges_are_broken() -> None:
    units = [Unit("A", "Milan", "pav", siege=1), Unit("G", "Venice", "pav")]
    state = _state(units, {"pav": "Milan"})
    done = _run(state, {"Florence": [_kill("Florence", "Milan", 12)]}, 1, 6)
    assert Unit("A", "Milan", "pav") in done.state.units
    besiege = Besiege(UnitRef("A", "pav"))
    after = resolve_movement(BOARD, done.state, {"Milan": [besiege]})
    assert Unit("G", "Venice", "pav") in after.state.units
    assert Unit("A", "Milan", "pav") in after.state.units  # siege 0: starts over


# ----------------------------------------------------------------------
# ASN-EFF-2: the bankers' victims
# ----------------------------------------------------------------------
def _bank_victim(units: Iterable[Unit] = (), owners: Mapping[str, str] | None = None) -> State:
    state = _state(units, owners, assassinated=["Milan"], defaulted=["Milan"])
    state.treasury["Milan"] = 30  # received after the bank seized the rest? spent anyway
    return state


def test_asn_eff_2_the_bankers_victim_wastes_its_attempts() -> None:
    order = _kill("Milan", "Venice", 24)
    done = _run(_bank_victim(), {"Milan": [order]})  # no die
    assert _result(done, order).outcome == "fails"
    assert "ASN-EFF-2" in _result(done, order).note
    assert done.state.treasury["Milan"] == 6
    assert "Venice" in done.state.chits["Milan"]
    assert done.state.assassinated == ["Milan"]


def test_asn_eff_2_res_1_1d_bank_assassination_has_the_effects_in_step_d() -> None:
    units = [Unit("A", "Milan", "mil")]
    state = _bank_victim(units, {"mil": "Milan", "com": "Milan"})
    dice = LoadedDice("d", values=[2, 3])  # board order: com (home, no unit) then mil
    done = bank_assassinations(BOARD, state, {}, dice)
    assert done.results == []
    assert set(done.state.rebellions) == {"com"}
    assert "Milan's leader is assassinated" in done.events[0]
    assert not any("bank" in e for e in done.events)  # the cause is Milan's business
    assert done.state.assassinated == ["Milan"]


def test_asn_eff_2b_the_victim_of_a_player_still_makes_its_own_attempt() -> None:
    florence = _kill("Florence", "Milan", 12)
    milan = _kill("Milan", "Venice", 12)
    done = _run(_state(), {"Milan": [milan], "Florence": [florence]}, 1, 1)
    assert _result(done, florence).outcome == "succeeds"
    assert _result(done, milan).outcome == "succeeds"
    assert done.state.assassinated == ["Milan", "Venice"]


def test_asn_eff_2_bank_victim_struck_by_a_player_is_hit_once() -> None:
    state = _bank_victim([Unit("A", "Milan", "mil")], {"mil": "Milan"})
    order = _kill("Florence", "Milan", 12)
    done = _run(state, {"Florence": [order]}, 1)  # no rebellion roll in step c
    assert _result(done, order).outcome == "succeeds"
    assert done.state.assassinated == ["Milan"]
    dice = LoadedDice("d", values=[1])
    after = bank_assassinations(BOARD, done.state, {}, dice)
    assert dice.values == []
    assert after.state.rebellions["mil"].against == "Milan"


def test_asn_eff_2_past_defaulter_struck_by_a_player_has_its_effects_in_step_d() -> None:
    state = _state([Unit("A", "Milan", "mil")], {"mil": "Milan"}, defaulted=["Milan"])
    done = _run(state, {"Florence": [_kill("Florence", "Milan", 12)]}, 1)
    assert done.state.assassinated == ["Milan"]
    assert done.state.rebellions == {}
    dice = LoadedDice("d", values=[1])
    after = bank_assassinations(BOARD, done.state, {}, dice)
    assert "mil" in after.state.rebellions


# ----------------------------------------------------------------------
# ASN-EFF-3: garrisons already under siege
# ----------------------------------------------------------------------
def _siege(siege: int) -> State:
    units = [Unit("G", "Milan", "pav"), Unit("A", "Venice", "pav", siege=siege)]
    return _state(units, {"pav": "Venice"}, city_owner={"pav": "Milan"})


def test_asn_eff_3_a_garrison_under_siege_since_last_campaign_is_eliminated() -> None:
    done = _run(_siege(1), {"Florence": [_kill("Florence", "Milan", 12)]}, 1)
    assert done.state.unit_in("pav", garrison=True) is None
    assert Unit("A", "Venice", "pav") in done.state.units  # the siege is over
    assert done.state.city_owner["pav"] == "Venice"
    assert any("ASN-EFF-3" in e for e in done.events)


def test_asn_eff_3b_a_siege_begun_this_campaign_does_not_eliminate() -> None:
    done = _run(_siege(0), {"Florence": [_kill("Florence", "Milan", 12)]}, 1)
    assert Unit("G", "Milan", "pav") in done.state.units
    besiege = Besiege(UnitRef("A", "pav"))
    after = resolve_movement(BOARD, done.state, {"Venice": [besiege]})
    assert Unit("G", "Milan", "pav") in after.state.units
    assert Unit("A", "Venice", "pav", siege=1) in after.state.units


def test_asn_eff_3c_the_garrison_stays_when_the_besieger_is_also_assassinated() -> None:
    orders = {"Florence": [_kill("Florence", "Milan", 12, 1), _kill("Florence", "Venice", 12, 2)]}
    done = _run(_siege(1), orders, 1, 1, 6)  # and Venice's roll for Pavia
    assert Unit("G", "Milan", "pav") in done.state.units
    assert Unit("A", "Venice", "pav") in done.state.units  # Venice's siege is broken too
    assert any("ASN-EFF-3C" in e for e in done.events)


def test_asn_eff_3c_a_besieger_of_the_bankers_victim_power_counts_as_assassinated() -> None:
    state = replace(_siege(1), assassinated=["Venice"], defaulted=["Venice"])
    done = _run(state, {"Florence": [_kill("Florence", "Milan", 12)]}, 1)
    assert Unit("G", "Milan", "pav") in done.state.units


def test_asn_eff_3d_the_besieger_may_leave_and_the_garrison_still_falls() -> None:
    done = _run(_siege(1), {"Florence": [_kill("Florence", "Milan", 12)]}, 1)
    move = Move(UnitRef("A", "pav"), "tur")
    after = resolve_movement(BOARD, done.state, {"Venice": [move]})
    assert after.outcome_of(move) == "succeeds"
    assert Unit("A", "Venice", "tur") in after.state.units
    assert after.state.unit_in("pav", garrison=True) is None


def test_asn_eff_3d_if_the_assassination_fails_the_besieger_wastes_its_season() -> None:
    done = _run(_siege(1), {"Florence": [_kill("Florence", "Milan", 12)]}, 2)
    move = Move(UnitRef("A", "pav"), "tur")
    after = resolve_movement(BOARD, done.state, {"Venice": [move]})
    assert after.outcome_of(move) in ("fails", "void")  # SIEGE-8: changed to hold
    assert Unit("A", "Venice", "pav", siege=1) in after.state.units  # still half done
    assert Unit("G", "Milan", "pav") in after.state.units


# ----------------------------------------------------------------------
# ASN-EFF-4: rebellions
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rule", "province", "unit", "need"),
    [
        ("4A", "mil", Unit("A", "Milan", "mil"), 1),
        ("4A", "mil", Unit("G", "Milan", "mil"), 1),
        ("4B", "mil", None, 2),
        ("4C", "mod", Unit("A", "Milan", "mod"), 3),
        ("4D", "mod", None, 5),
    ],
)
def test_asn_eff_4a_to_4d_rebellion_roll_by_province_type(
    rule: str, province: str, unit: Unit | None, need: int
) -> None:
    units = [unit] if unit is not None else []
    state = _state(units, {province: "Milan"})
    order = _kill("Florence", "Milan", 12)
    rebels = _run(state, {"Florence": [order]}, 1, need)
    assert rebels.state.rebellions[province].against == "Milan", rule
    loyal = _run(state, {"Florence": [order]}, 1, need + 1)
    assert loyal.state.rebellions == {}, rule
    assert rebels_on(province == "mil", unit is not None) == need


def test_asn_eff_4_one_roll_per_controlled_province_in_board_order() -> None:
    owners = {"mil": "Milan", "com": "Milan", "mod": "Milan", "cre": "Venice"}
    state = _state([Unit("A", "Milan", "mil")], owners, city_owner={"pav": "Milan"})
    dice = LoadedDice("t", values=[1, 2, 6, 5])  # attempt, then com, mil, mod
    done = assassinations(BOARD, state, {"Florence": [_kill("Florence", "Milan", 12)]}, dice)
    assert dice.values == []
    assert set(done.state.rebellions) == {"com", "mod"}
    purposes = [r.purpose for r in dice.rolls]
    assert purposes[0] == "assassination of Milan by Florence"
    assert [p.split(" after")[0] for p in purposes[1:]] == [
        "rebellion in Como", "rebellion in Milan", "rebellion in Modena"]


def test_asn_eff_4_rebellions_are_placed_as_any_other() -> None:
    state = _state([Unit("A", "Milan", "mod"), Unit("G", "Milan", "pav")],
                   {"mod": "Milan", "pav": "Milan"})
    done = _run(state, {"Florence": [_kill("Florence", "Milan", 12)]}, 1, 1, 1)
    assert done.state.rebellions["mod"] == Rebellion("mod", "Milan", True, True)  # REB-EFF-4
    assert done.state.rebellions["pav"] == Rebellion("pav", "Milan", True, False)  # REB-EFF-3B
    assert done.state.province_owner["mod"] == "Milan"  # REB-EFF-2


def test_asn_eff_4_ven_g_venice_with_a_unit_does_not_rebel() -> None:
    state = _state([Unit("A", "Venice", "ven")], {"ven": "Venice", "pad": "Venice"})
    done = _run(state, {"Florence": [_kill("Florence", "Venice", 12)]}, 1, 1, 1)
    assert set(done.state.rebellions) == {"pad"}
    assert any("VEN-G" in e for e in done.events)


def test_asn_eff_4_home_is_the_home_country_held_now() -> None:
    # Milan holds Florence's whole home country: its provinces are Milan's home provinces now
    florence = ["are", "flo", "psa", "pst"]
    owners = {p: "Milan" for p in florence}
    state = _state([], owners, city_owner={p: "Milan" for p in florence})
    state.home = {**state.home, "Milan": (*state.home["Milan"], *florence), "Florence": ()}
    dice = [1, 2, 3, 3, 3]  # home, no unit: rebels on 1-2 only
    done = _run(state, {"Venice": [_kill("Venice", "Milan", 12)]}, *dice)
    assert set(done.state.rebellions) == {"are"}


def test_asn_eff_5_the_victim_stays_in_the_game() -> None:
    state = _state([Unit("A", "Milan", "mil")], {"mil": "Milan"})
    done = _run(state, {"Florence": [_kill("Florence", "Milan", 12)]}, 1, 6)
    assert "Milan" not in done.state.eliminated
    assert Unit("A", "Milan", "mil") in done.state.units
    assert "Milan" in done.state.powers


def test_apply_assassination_twice_in_a_campaign_keeps_one_entry() -> None:
    state = _state()
    dice = LoadedDice("t", values=[])
    once, _ = apply_assassination(BOARD, state, "Milan", dice)
    twice, _ = apply_assassination(BOARD, once, "Milan", dice)
    assert twice.assassinated == ["Milan"]

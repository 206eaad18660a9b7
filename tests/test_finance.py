"""Banking (001, movement phases 3): LOAN-*, the three worked examples, ORD-EXAMPLE-1/2."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import BANK, Borrow, Expense, GiveChit, Hold, Order, Pay, UnitRef
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Loan, Season, State
from machiavelli.game.process import process_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.money.finance import bank_victims, banking, interest_on, loan_lines, principal_owed
from machiavelli.text.notation import parse_orders

POWERS = ["Florence", "Milan", "Naples", "Papacy", "Venice"]
MACH1 = {"money": True, "loans": True, "assassinations": True, "dice": True}


def _state(
    season: Season = "summer",
    year: int = 1494,
    treasury: dict[str, int] | None = None,
    loans: dict[str, list[Loan]] | None = None,
    **extra: Any,
) -> State:
    options = dict(MACH1)
    options.update(extra.pop("options", {}))
    return State(
        board="classic",
        year=year,
        season=season,
        phase="movement",
        powers=list(POWERS),
        treasury=dict(treasury or {}),
        loans={p: list(v) for p, v in (loans or {}).items()},
        options=options,
        **extra,
    )


def _run(state: State, orders: Mapping[str, Sequence[Any]]) -> Adjudication:
    return banking(load_board("classic"), state, orders, Dice("finance"))


def _result(done: Adjudication, order: Order) -> OrderResult:
    found = [r for r in done.results if r.order == order]
    assert len(found) == 1, done.results
    return found[0]


def _cash(done: Adjudication, power: str) -> int:
    return done.state.treasury.get(power, 0)


def _loans(done: Adjudication, power: str) -> list[Loan]:
    return done.state.loans.get(power, [])


# ----------------------------------------------------------------------
# LOAN-1 .. LOAN-14
# ----------------------------------------------------------------------
def test_loan_seq_nothing_to_do_without_a_bank_order_or_a_loan() -> None:
    """Step a with no payment, chit or borrowing and nothing owed to the bank (most phases
    of a game) changes nothing: the treasuries, chits, loans, defaults and assassinations
    are as they were, and nothing is reported. With a loan owed, the bank still looks."""
    hold = Hold(UnitRef("A", "mil"))
    state = _state(treasury={"Florence": 7, "Milan": 2}, chits={"Milan": ["Venice"]},
                   defaulted=["Naples"], assassinated=["Naples"])
    for orders in ({}, {"Milan": [hold]}, {"Milan": []}):
        done = _run(state, orders)
        assert done.state == state
        assert done.results == [] and done.events == [] and done.private_events == {}
    due = Loan(10, 2, "summer", 1494)
    done = _run(_state(treasury={"Florence": 20}, loans={"Florence": [due]}), {})
    assert _cash(done, "Florence") == 8 and _loans(done, "Florence") == []
    assert done.private_events["Florence"]


def test_loan_1_borrowed_ducats_are_in_the_treasury_before_expenses() -> None:
    expense = Expense(1, 12, "pacify_rebellion", province="rom")
    borrow = Borrow(10, 1)
    done = _run(_state(treasury={"Florence": 3}), {"Florence": [expense, borrow]})
    assert _cash(done, "Florence") == 13
    assert done.outcome_of(expense) is None  # left to the expenses step


def test_loan_2_principal_capped_at_25_in_any_split() -> None:
    one, two = Borrow(10, 1), Borrow(15, 2)
    done = _run(_state(season="spring"), {"Florence": [one, two]})
    assert done.outcome_of(one) == done.outcome_of(two) == "succeeds"
    assert principal_owed(_loans(done, "Florence")) == 25
    small = [Loan(1, 1, "fall", 1494 + i % 2) for i in range(24)]
    state = _state(season="spring", loans={"Florence": small})
    done = _run(state, {"Florence": [Borrow(1, 1)]})
    assert principal_owed(_loans(done, "Florence")) == 25
    again = _run(done.state, {"Florence": [Borrow(1, 2)]})
    assert _result(again, Borrow(1, 2)).outcome == "fails"
    assert principal_owed(_loans(again, "Florence")) == 25


def _owing_20(cash: int = 3) -> State:
    """Milan owes 20 ducats of principal (not due this phase): 5 more fit under LOAN-2."""
    return _state(season="spring", treasury={"Milan": cash},
                  loans={"Milan": [Loan(20, 4, "fall", 1494)]})


def test_loan_2_loan_over_the_limit_is_refused_whole() -> None:
    # issue 8: owing 20, a borrow of 12 was cut to 5; 001's "Total debt to bank, excl.
    # interest, cannot exceed 25d" (LOAN-SEQ-C) refuses it: nothing is lent
    borrow = Borrow(12, 1)
    done = _run(_owing_20(), {"Milan": [borrow]})
    result = _result(done, borrow)
    assert result.outcome == "fails"
    assert result.note == (
        "refused, nothing lent: 20 ducats of principal owed to the bank + 12 = 32,"
        " over the limit of 25; at most 5 more may be borrowed"
    )
    assert _cash(done, "Milan") == 3
    assert _loans(done, "Milan") == [Loan(20, 4, "fall", 1494)]


def test_loan_2_a_loan_reaching_exactly_25_is_granted() -> None:
    borrow = Borrow(5, 2)
    done = _run(_owing_20(), {"Milan": [borrow]})
    assert _result(done, borrow).note == "borrowed 5 ducats for 2 years: 8 due Spring 1496"
    assert _cash(done, "Milan") == 8
    assert principal_owed(_loans(done, "Milan")) == 25


def test_loan_2_one_ducat_over_the_limit_is_refused_whole() -> None:
    borrow = Borrow(6, 1)
    done = _run(_owing_20(), {"Milan": [borrow]})
    result = _result(done, borrow)
    assert result.outcome == "fails" and "20 ducats of principal owed" in result.note
    assert "+ 6 = 26, over the limit of 25" in result.note
    assert _cash(done, "Milan") == 3 and _loans(done, "Milan") == [Loan(20, 4, "fall", 1494)]
    full = _run(_state(season="spring", loans={"Milan": [Loan(25, 5, "fall", 1494)]}),
                {"Milan": [Borrow(1, 1)]})
    assert _result(full, Borrow(1, 1)).note.endswith("; nothing more may be borrowed")
    assert _cash(full, "Milan") == 0 and principal_owed(_loans(full, "Milan")) == 25


def test_loan_2_each_borrow_order_is_judged_in_the_order_written() -> None:
    # one borrow order per term (a later one of the same term replaces it: ruling
    # "Ambiguity 14 / LOAN-EX-3"), so a power has at most two; each is granted or refused
    # whole on the principal owed by then, the loans granted before it included
    first, second = Borrow(20, 1), Borrow(10, 2)
    done = _run(_state(season="spring"), {"Milan": [first, second]})
    assert _result(done, first).outcome == "succeeds"
    assert _result(done, second).outcome == "fails"
    assert "20 ducats of principal owed to the bank + 10 = 30" in _result(done, second).note
    assert _cash(done, "Milan") == 20 and _loans(done, "Milan") == [Loan(20, 4, "spring", 1495)]
    done = _run(_state(season="spring"), {"Milan": [second, first]})
    assert _result(done, second).outcome == "succeeds"
    assert _result(done, first).outcome == "fails"
    assert _cash(done, "Milan") == 10 and _loans(done, "Milan") == [Loan(10, 5, "spring", 1496)]
    board, state = load_board("classic"), _state(season="spring")
    orders = parse_orders("borrow 20 ducats for 1 year\nborrow 4 ducats for 1 year",
                          board, state, "Milan").orders
    assert orders == [Borrow(4, 1)]


def test_loan_2_a_repayment_first_makes_room_in_the_same_phase() -> None:
    # LOAN-SEQ-A before LOAN-SEQ-C, whatever the order written: 10 paid (4 interest, 6
    # principal) leaves 14 owed, so 11 may be borrowed, not 12
    state = _owing_20(cash=10)
    done = _run(state, {"Milan": [Borrow(11, 1), Pay(10, BANK)]})
    assert _result(done, Borrow(11, 1)).outcome == "succeeds"
    assert principal_owed(_loans(done, "Milan")) == 25 and _cash(done, "Milan") == 11
    over = _run(state, {"Milan": [Borrow(12, 1), Pay(10, BANK)]})
    assert _result(over, Borrow(12, 1)).outcome == "fails"
    assert _loans(over, "Milan") == [Loan(14, 0, "fall", 1494)] and _cash(over, "Milan") == 0


def test_loan_2_the_report_and_the_private_part_say_why() -> None:
    board, start = load_scenario("classic_1454")
    state = replace(start, treasury={**start.treasury, "Milan": 3},
                    loans={"Milan": [Loan(20, 4, "fall", 1455)]})
    orders = parse_orders("borrow 12 ducats for 1 year", board, state, "Milan")
    assert orders.errors == []
    done = process_phase(board, state, {"Milan": orders.orders}, "loan-2")
    why = ("refused, nothing lent: 20 ducats of principal owed to the bank + 12 = 32,"
           " over the limit of 25; at most 5 more may be borrowed")
    assert "borrow" not in done.report and "Loan" not in done.report  # Milan's business
    private = done.private["Milan"]
    assert "Treasury: 3 ducats" in private
    assert "Loan: 20 + 4 ducats due Fall 1455" in private and private.count("Loan:") == 1
    assert f"    borrow 12 ducats for 1 year  (fails: {why})" in private
    assert "borrow" not in done.private["Venice"]


def test_loan_3_one_year_at_20_percent_two_years_at_50_percent() -> None:
    done = _run(_state(season="fall", year=1460), {"Milan": [Borrow(10, 1), Borrow(12, 2)]})
    assert sorted(_loans(done, "Milan"), key=lambda x: x.due_year) == [
        Loan(10, 2, "fall", 1461),
        Loan(12, 6, "fall", 1462),
    ]
    assert _result(done, Borrow(10, 1)).note == "borrowed 10 ducats for 1 year: 12 due Fall 1461"
    bad = _run(_state(), {"Milan": [Borrow(10, 3)]})
    assert _result(bad, Borrow(10, 3)).outcome == "fails"
    assert not _loans(bad, "Milan") and _cash(bad, "Milan") == 0


def test_loan_4_loan_lines_give_each_due_date_earliest_first() -> None:
    state = _state(loans={"Milan": [Loan(12, 6, "fall", 1496), Loan(10, 2, "spring", 1495)]})
    assert loan_lines(state, "Milan") == [
        "12 ducats (10 + 2 interest) due Spring 1495",
        "18 ducats (12 + 6 interest) due Fall 1496",
    ]
    assert loan_lines(state, "Venice") == []


def test_loan_5_a_loan_falls_due_at_the_end_of_its_seasons_borrowing_phase() -> None:
    loans = {"Milan": [Loan(10, 2, "summer", 1494)]}
    spring = _run(_state(season="spring", treasury={"Milan": 12}, loans=loans), {})
    assert _cash(spring, "Milan") == 12 and _loans(spring, "Milan") == loans["Milan"]
    summer = _run(_state(season="summer", treasury={"Milan": 12}, loans=loans), {})
    assert _cash(summer, "Milan") == 0 and not _loans(summer, "Milan")
    assert summer.events == []  # the collection is Milan's business
    assert summer.private_events == {
        "Milan": ["The bank collects 12 ducats from Milan (the loan due Summer 1494)."]}
    late = _run(_state(season="fall", treasury={"Milan": 20}, loans=loans), {})
    assert _cash(late, "Milan") == 8 and not _loans(late, "Milan")  # overdue: collected


def test_loan_6_a_loan_may_be_repaid_before_it_is_due() -> None:
    state = _state(season="spring", treasury={"Milan": 20},
                   loans={"Milan": [Loan(10, 2, "fall", 1495)]})
    pay = Pay(12, BANK)
    done = _run(state, {"Milan": [pay]})
    assert _result(done, pay).note == (
        "repaid 12 ducats: interest 2 and principal 10 of the loan due Fall 1495"
    )
    assert _cash(done, "Milan") == 8 and not _loans(done, "Milan")


def _two_loans() -> State:
    later = Loan(10, 5, "fall", 1495)
    earlier = Loan(8, 2, "spring", 1495)
    return _state(season="fall", year=1494, treasury={"Venice": 40},
                  loans={"Venice": [later, earlier]})


def test_loan_rep_a_repayment_follows_the_income_reports_order() -> None:
    done = _run(_two_loans(), {"Venice": [Pay(1, BANK)]})
    assert _loans(done, "Venice") == [Loan(8, 1, "spring", 1495), Loan(10, 5, "fall", 1495)]


def test_loan_rep_b_interest_of_the_earliest_due_loan_first() -> None:
    done = _run(_two_loans(), {"Venice": [Pay(2, BANK)]})
    assert _loans(done, "Venice") == [Loan(8, 0, "spring", 1495), Loan(10, 5, "fall", 1495)]


def test_loan_rep_c_then_the_principal_of_the_earliest_due_loan() -> None:
    done = _run(_two_loans(), {"Venice": [Pay(7, BANK)]})
    assert _loans(done, "Venice") == [Loan(3, 0, "spring", 1495), Loan(10, 5, "fall", 1495)]


def test_loan_rep_d_then_the_interest_of_the_second_loan() -> None:
    pay = Pay(13, BANK)
    done = _run(_two_loans(), {"Venice": [pay]})
    assert _loans(done, "Venice") == [Loan(10, 2, "fall", 1495)]
    assert _result(done, pay).note == (
        "repaid 13 ducats: interest 2 and principal 8 of the loan due Spring 1495,"
        " interest 3 of the loan due Fall 1495"
    )
    assert _cash(done, "Venice") == 27


def test_loan_7_a_player_cannot_choose_which_loan_is_repaid() -> None:
    # Venice would rather clear the dearer Fall loan: 15 ducats still go to the Spring one first.
    done = _run(_two_loans(), {"Venice": [Pay(15, BANK)]})
    assert _loans(done, "Venice") == [Loan(10, 0, "fall", 1495)]


def test_loan_8_a_new_loan_may_pay_the_oldest_within_the_limit() -> None:
    state = _state(treasury={"Papacy": 20}, loans={"Papacy": [Loan(20, 4, "summer", 1494)]})
    done = _run(state, {"Papacy": [Borrow(5, 1)]})
    assert _result(done, Borrow(5, 1)).outcome == "succeeds"
    assert _cash(done, "Papacy") == 1
    assert _loans(done, "Papacy") == [Loan(5, 1, "summer", 1495)]
    assert "Papacy" not in done.state.assassinated


def test_loan_9_a_power_that_cannot_pay_is_assassinated_by_the_bankers() -> None:
    loans = {"Naples": [Loan(10, 5, "fall", 1495), Loan(20, 4, "summer", 1494)]}
    done = _run(_state(treasury={"Naples": 17, "Milan": 4}, loans=loans), {})
    assert done.state.assassinated == ["Naples"]
    assert done.state.defaulted == ["Naples"]
    assert _cash(done, "Naples") == 0  # the bank seizes the treasury
    assert not _loans(done, "Naples")  # and writes off every loan, later ones too
    assert _cash(done, "Milan") == 4
    assert done.events == [] and list(done.private_events) == ["Naples"]  # Naples alone
    told = done.private_events["Naples"]
    assert len(told) == 1 and "assassinated by the bankers" in told[0]
    assert "24 ducats" in told[0] and "17 ducats" in told[0]
    assert bank_victims(done.state) == ["Naples"]


def test_loan_9b_a_defaulted_power_may_never_borrow_again() -> None:
    state = _state(treasury={"Naples": 0}, defaulted=["Naples"])
    done = _run(state, {"Naples": [Borrow(5, 1)]})
    result = _result(done, Borrow(5, 1))
    assert result.outcome == "fails" and "never borrow" in result.note
    assert _cash(done, "Naples") == 0 and not _loans(done, "Naples")


def test_loan_9b_a_defaulted_power_out_of_debt_may_still_give() -> None:
    state = _state(treasury={"Naples": 9}, defaulted=["Naples"])
    done = _run(state, {"Naples": [Pay(4, "Milan")]})
    assert _cash(done, "Naples") == 5 and _cash(done, "Milan") == 4


def test_loan_10_money_from_another_player_arrives_before_the_bank_collects() -> None:
    state = _state(treasury={"Florence": 10, "Milan": 10},
                   loans={"Florence": [Loan(15, 5, "summer", 1494)]})
    done = _run(state, {"Milan": [Pay(10, "Florence")]})
    assert _cash(done, "Florence") == 0 and not _loans(done, "Florence")
    assert not done.state.assassinated


def test_loan_11_the_receiver_gets_only_what_actually_arrives() -> None:
    pay = Pay(10, "Florence")
    done = _run(_state(treasury={"Milan": 4}), {"Milan": [pay]})
    result = _result(done, pay)
    assert result.outcome == "succeeds"
    assert result.note == "paid 4 ducats to Florence (4 of 10 ordered: treasury short)"
    assert _cash(done, "Florence") == 4 and _cash(done, "Milan") == 0


def test_loan_12_money_between_players_creates_no_debt() -> None:
    done = _run(_state(treasury={"Milan": 10}), {"Milan": [Pay(10, "Florence")]})
    assert done.state.loans == {}
    later = _run(done.state, {})
    assert _cash(later, "Florence") == 10 and _cash(later, "Milan") == 0


def test_loan_13_a_power_owing_the_bank_cannot_give() -> None:
    state = _state(season="spring", treasury={"Venice": 30},
                   loans={"Venice": [Loan(5, 1, "fall", 1494)]})
    pay = Pay(10, "Milan")
    done = _run(state, {"Venice": [pay]})
    result = _result(done, pay)
    assert result.outcome == "fails" and "owes the bank 6 ducats" in result.note
    assert _cash(done, "Venice") == 30 and _cash(done, "Milan") == 0


def test_loan_13_no_borrowing_25_to_hand_to_an_ally() -> None:
    orders = {"Venice": [Borrow(25, 1), Pay(25, "Milan")]}
    done = _run(_state(season="spring", treasury={"Venice": 0}), orders)
    assert _result(done, Pay(25, "Milan")).outcome == "fails"  # the loan comes after gifts
    assert _cash(done, "Venice") == 25 and _cash(done, "Milan") == 0
    later = _run(done.state, {"Venice": [Pay(25, "Milan")]})
    assert _result(later, Pay(25, "Milan")).outcome == "fails"  # and then Venice owes the bank
    assert _cash(later, "Milan") == 0


def test_loan_seq_a_payments_to_the_bank_use_only_the_powers_own_money() -> None:
    state = _state(treasury={"Florence": 5, "Milan": 10},
                   loans={"Florence": [Loan(20, 4, "fall", 1495)]})
    pay = Pay(15, BANK)
    done = _run(state, {"Florence": [pay], "Milan": [Pay(10, "Florence")]})
    assert _result(done, pay).note.startswith("repaid 5 ducats")
    assert _loans(done, "Florence") == [Loan(19, 0, "fall", 1495)]
    assert _cash(done, "Florence") == 10


def test_loan_seq_b_gifts_received_cannot_be_passed_on_in_the_same_phase() -> None:
    orders = {"Milan": [Pay(10, "Florence")], "Florence": [Pay(10, "Venice")]}
    done = _run(_state(treasury={"Milan": 10}), orders)
    assert _result(done, Pay(10, "Venice")).outcome == "fails"
    assert _cash(done, "Florence") == 10 and _cash(done, "Venice") == 0


def test_loan_seq_c_borrowing_comes_after_the_payments() -> None:
    state = _state(season="spring", treasury={"Milan": 6},
                   loans={"Milan": [Loan(25, 0, "fall", 1494)]})
    done = _run(state, {"Milan": [Borrow(6, 2), Pay(6, BANK)]})
    assert _result(done, Borrow(6, 2)).note == "borrowed 6 ducats for 2 years: 9 due Spring 1496"
    assert principal_owed(_loans(done, "Milan")) == 25


def test_loan_seq_d_the_bank_collects_after_borrowing() -> None:
    state = _state(treasury={"Milan": 0}, loans={"Milan": [Loan(5, 1, "summer", 1494)]})
    done = _run(state, {"Milan": [Borrow(6, 1)]})
    assert not done.state.assassinated and _cash(done, "Milan") == 0
    assert _loans(done, "Milan") == [Loan(6, 2, "summer", 1495)]


def test_loan_seq_e_expenses_are_left_for_the_next_step() -> None:
    expense = Expense(2, 3, "famine_relief", province="mil")
    done = _run(_state(treasury={"Milan": 3}), {"Milan": [expense, Hold(UnitRef("A", "mil"))]})
    assert done.results == [] and _cash(done, "Milan") == 3


def test_loan_14_interest_is_rounded_up() -> None:
    assert interest_on(1, 1) == 1
    assert interest_on(5, 1) == 1
    assert interest_on(6, 1) == 2
    assert interest_on(3, 2) == 2
    assert interest_on(15, 2) == 8
    assert interest_on(25, 2) == 13
    done = _run(_state(), {"Milan": [Borrow(1, 1)]})
    assert _loans(done, "Milan") == [Loan(1, 1, "summer", 1495)]


# ----------------------------------------------------------------------
# The worked examples
# ----------------------------------------------------------------------
def test_loan_ex_1_borrow_more_to_pay_a_loan_that_falls_due() -> None:
    taken = _run(_state(season="summer", year=1492), {"Florence": [Borrow(15, 2)]})
    assert _loans(taken, "Florence") == [Loan(15, 8, "summer", 1494)]
    assert _result(taken, Borrow(15, 2)).note == (
        "borrowed 15 ducats for 2 years: 23 due Summer 1494"
    )
    state = _state(season="summer", year=1494, treasury={"Florence": 13},
                   loans=taken.state.loans)
    done = _run(state, {"Florence": [Borrow(10, 1)]})
    assert not done.state.assassinated
    assert _cash(done, "Florence") == 0
    assert _loans(done, "Florence") == [Loan(10, 2, "summer", 1495)]
    assert "The bank collects 23 ducats from Florence" in done.private_events["Florence"][0]


def _example_2(cash: int) -> State:
    return _state(treasury={"Florence": cash, "Milan": 20},
                  loans={"Florence": [Loan(25, 13, "summer", 1494)]})


def test_loan_ex_2a_no_borrowing_past_the_limit_even_briefly() -> None:
    done = _run(_example_2(20), {"Florence": [Borrow(18, 1)]})
    result = _result(done, Borrow(18, 1))
    assert result.outcome == "fails" and "25 ducats of principal owed" in result.note
    assert done.state.assassinated == ["Florence"]


def test_loan_ex_2a_after_paying_20_the_18_are_still_refused_whole() -> None:
    # paying 20 leaves 18 + 0: borrowing 18 would make 36, so nothing is lent (not 7 of
    # the 18), Milan's 11 are not enough for the 18 due and the bankers strike
    orders: dict[str, list[Order]] = {
        "Florence": [Pay(20, BANK), Borrow(18, 1)], "Milan": [Pay(11, "Florence")]
    }
    done = _run(_example_2(20), orders)
    assert _result(done, Borrow(18, 1)).note.startswith(
        "refused, nothing lent: 18 ducats of principal owed to the bank + 18 = 36"
    )
    assert done.state.assassinated == ["Florence"]


def test_loan_ex_2b_pay_down_borrow_7_and_11_from_other_players() -> None:
    orders: dict[str, list[Order]] = {
        "Florence": [Pay(20, BANK), Borrow(7, 1)], "Milan": [Pay(11, "Florence")]
    }
    done = _run(_example_2(20), orders)
    assert _result(done, Pay(20, BANK)).note == (
        "repaid 20 ducats: interest 13 and principal 7 of the loan due Summer 1494"
    )
    assert not done.state.assassinated
    assert _cash(done, "Florence") == 0
    assert _loans(done, "Florence") == [Loan(7, 2, "summer", 1495)]
    # the other players' money cannot first lower the loan: paying 31 pays only 20
    orders = {"Florence": [Pay(31, BANK), Borrow(7, 1)], "Milan": [Pay(11, "Florence")]}
    same = _run(_example_2(20), orders)
    assert same.state.treasury == done.state.treasury and same.state.loans == done.state.loans
    short = _run(_example_2(20), {"Florence": [Pay(20, BANK), Borrow(7, 1)],
                                  "Milan": [Pay(10, "Florence")]})
    assert short.state.assassinated == ["Florence"]


def test_loan_ex_2c_money_given_the_season_before_needs_only_6() -> None:
    spring = _state(season="spring", treasury={"Florence": 20, "Milan": 6},
                    loans={"Florence": [Loan(25, 13, "summer", 1494)]})
    gift = _run(spring, {"Milan": [Pay(6, "Florence")]})
    assert _cash(gift, "Florence") == 26
    summer = _run(replace(gift.state, season="summer"),
                  {"Florence": [Pay(26, BANK), Borrow(12, 2)]})
    assert not summer.state.assassinated
    assert _cash(summer, "Florence") == 0
    assert _loans(summer, "Florence") == [Loan(12, 6, "summer", 1496)]


def test_loan_ex_2d_26_ducats_pay_down_to_12_then_borrow_up_to_13() -> None:
    done = _run(_example_2(26), {"Florence": [Pay(26, BANK), Borrow(13, 1)]})
    assert _result(done, Borrow(13, 1)).outcome == "succeeds"
    assert not done.state.assassinated
    assert _cash(done, "Florence") == 1
    assert _loans(done, "Florence") == [Loan(13, 3, "summer", 1495)]
    over = _run(_example_2(26), {"Florence": [Pay(26, BANK), Borrow(14, 1)]})
    assert _result(over, Borrow(14, 1)).outcome == "fails"  # "up to 13d": 14 is refused whole
    assert over.state.assassinated == ["Florence"]  # and nothing pays the 12 due


def test_loan_ex_3_ambiguity_14_borrow_0_cancels_the_borrow_order_of_that_term() -> None:
    orders = {"Milan": [Borrow(15, 1), Borrow(10, 2), Borrow(0, 1)]}
    done = _run(_state(season="spring", treasury={"Milan": 2}), orders)
    assert _loans(done, "Milan") == [Loan(10, 5, "spring", 1496)]
    assert done.outcome_of(Borrow(15, 1)) is None  # replaced by the later order
    assert _result(done, Borrow(0, 1)).outcome == "succeeds"
    assert _cash(done, "Milan") == 12


def test_loan_ex_3_borrow_0_alone_repays_nothing() -> None:
    state = _state(season="spring", treasury={"Milan": 30},
                   loans={"Milan": [Loan(10, 2, "fall", 1494)]})
    done = _run(state, {"Milan": [Borrow(0, 1)]})
    assert "no loan is repaid" in _result(done, Borrow(0, 1)).note
    assert _cash(done, "Milan") == 30 and _loans(done, "Milan") == [Loan(10, 2, "fall", 1494)]


# ----------------------------------------------------------------------
# Example of orders
# ----------------------------------------------------------------------
def test_ord_example_1_pay_the_bank_then_milan_then_borrow_25() -> None:
    state = _state(season="spring", treasury={"Florence": 22, "Milan": 0},
                   loans={"Florence": [Loan(12, 2, "fall", 1494)]})
    orders = {"Florence": [Pay(14, BANK), Pay(6, "Milan"), Borrow(25, 2)]}
    done = _run(state, orders)
    assert [r.outcome for r in done.results] == ["succeeds"] * 3
    assert _cash(done, "Milan") == 6
    assert _cash(done, "Florence") == 22 - 14 - 6 + 25
    assert _loans(done, "Florence") == [Loan(25, 13, "spring", 1496)]
    # one ducat still owed to the bank: the gift to Milan fails, and the 25 would take the
    # principal to 26: refused whole (LOAN-2)
    state = _state(season="spring", treasury={"Florence": 22},
                   loans={"Florence": [Loan(13, 2, "fall", 1494)]})
    done = _run(state, orders)
    assert _result(done, Pay(6, "Milan")).outcome == "fails"
    assert _result(done, Borrow(25, 2)).outcome == "fails"
    assert _loans(done, "Florence") == [Loan(1, 0, "fall", 1494)]
    assert _cash(done, "Florence") == 8


def test_ord_example_2_pay_0_to_milan_cancels_the_payment() -> None:
    orders = {"Florence": [Pay(6, "Milan"), Pay(0, "Milan")]}
    done = _run(_state(treasury={"Florence": 10}), orders)
    assert _cash(done, "Florence") == 10 and _cash(done, "Milan") == 0
    assert [r.order for r in done.results] == [Pay(0, "Milan")]


# ----------------------------------------------------------------------
# Chits, options, rulings, bad input
# ----------------------------------------------------------------------
def test_ord_exp_3_a_chit_changes_hands() -> None:
    state = _state(chits={"Milan": ["Venice", "Papacy"], "Florence": ["Milan"]})
    give = GiveChit("Venice", "Florence")
    done = _run(state, {"Milan": [give]})
    assert _result(done, give).note == "gave the chit for Venice to Florence"
    assert done.state.chits == {"Milan": ["Papacy"], "Florence": ["Milan", "Venice"]}
    assert state.chits["Milan"] == ["Venice", "Papacy"]  # the input is not changed


def test_ord_exp_3_only_a_chit_held_at_the_start_can_be_given() -> None:
    state = _state(chits={"Milan": ["Venice"]})
    orders = {"Milan": [GiveChit("Venice", "Florence")],
              "Florence": [GiveChit("Venice", "Naples"), GiveChit("Papacy", "Naples")]}
    done = _run(state, orders)
    assert _result(done, GiveChit("Venice", "Naples")).outcome == "fails"
    assert _result(done, GiveChit("Papacy", "Naples")).outcome == "fails"
    assert done.state.chits == {"Milan": [], "Florence": ["Venice"]}


def test_ord_exp_3_chits_need_assassinations_in_play() -> None:
    state = _state(chits={"Milan": ["Venice"]}, options={"assassinations": False})
    done = _run(state, {"Milan": [GiveChit("Venice", "Florence")]})
    assert _result(done, GiveChit("Venice", "Florence")).outcome == "fails"
    assert done.state.chits == {"Milan": ["Venice"]}


def test_flag_noloans_stops_borrowing_but_not_payments() -> None:
    state = _state(season="spring", treasury={"Milan": 20, "Venice": 5},
                   loans={"Venice": [Loan(3, 1, "spring", 1494)]},
                   options={"loans": False})
    orders: dict[str, list[Order]] = {
        "Milan": [Borrow(5, 1), Pay(5, "Venice")], "Venice": [Pay(2, BANK)]
    }
    done = _run(state, orders)
    assert _result(done, Borrow(5, 1)).outcome == "fails"
    assert _result(done, Pay(5, "Venice")).outcome == "succeeds"
    assert _result(done, Pay(2, BANK)).outcome == "succeeds"
    assert _cash(done, "Milan") == 15
    assert _cash(done, "Venice") == 6 and not _loans(done, "Venice")  # the rest was collected


def test_flag_nodice_turns_loans_off_by_default() -> None:
    state = _state(options={"dice": False})
    del state.options["loans"]
    done = _run(state, {"Milan": [Borrow(5, 1)]})
    assert _result(done, Borrow(5, 1)).outcome == "fails"


def test_flag_nomoney_banking_does_nothing() -> None:
    state = _state(treasury={"Milan": 20}, loans={"Milan": [Loan(30, 5, "summer", 1494)]},
                   options={"money": False})
    orders = {"Milan": [Pay(5, "Venice"), Borrow(5, 1), Hold(UnitRef("A", "mil"))]}
    done = _run(state, orders)
    assert done.state == state and done.events == []
    assert [r.outcome for r in done.results] == ["void", "void"]


def test_ruling_loans_falling_due_together_are_one_loan() -> None:
    state = _state(season="summer", year=1495, loans={"Milan": [Loan(4, 2, "summer", 1496)]})
    done = _run(state, {"Milan": [Borrow(5, 1)]})
    assert _loans(done, "Milan") == [Loan(9, 3, "summer", 1496)]


def test_ruling_paying_the_bank_more_than_owed_keeps_the_rest() -> None:
    state = _state(season="spring", treasury={"Milan": 30},
                   loans={"Milan": [Loan(5, 1, "fall", 1494)]})
    pay = Pay(20, BANK)
    done = _run(state, {"Milan": [pay]})
    assert _cash(done, "Milan") == 24
    assert "6 of 20 ordered: no more owed" in _result(done, pay).note
    nothing = _run(done.state, {"Milan": [pay]})
    assert _result(nothing, pay).outcome == "fails" and _cash(nothing, "Milan") == 24


def test_ruling_several_gifts_are_paid_in_order_while_money_lasts() -> None:
    orders = {"Milan": [Pay(8, "Venice"), Pay(8, "Florence"), Pay(8, "Naples")]}
    done = _run(_state(treasury={"Milan": 10}), orders)
    assert [_cash(done, p) for p in ("Venice", "Florence", "Naples", "Milan")] == [8, 2, 0, 0]
    assert _result(done, Pay(8, "Naples")).outcome == "fails"


def test_bad_input_never_raises() -> None:
    state = _state(season="spring", treasury={"Milan": 5},
                   loans={"Milan": [Loan(5, 1, "fall", 1494)]},
                   chits={"Milan": ["Venice"]}, eliminated=["Naples"])
    orders: dict[str, list[Order]] = {
        "Milan": [Pay(-3, BANK), Borrow(-1, 1), Borrow(3, 0), GiveChit("Austria", "Venice"),
                  GiveChit("Venice", "Milan"), GiveChit("Venice", "Nobody")],
        "Venice": [Pay(-5, "Milan"), Pay(5, "Austria"), Pay(5, "Venice"), Pay(5, "Naples"),
                   Pay(500, "Florence")],
        "Nowhere": [Pay(3, "Milan"), Borrow(30, 2)],
    }
    done = _run(state, orders)
    assert all(r.outcome == "fails" for r in done.results if r.power != "Nowhere")
    assert len(done.results) == 12  # the two gifts of the Venice chit: the later one stands
    assert _cash(done, "Milan") == 5 and _cash(done, "Florence") == 0
    assert done.state.chits == {"Milan": ["Venice"]}


def test_payee_names_are_matched_without_case() -> None:
    done = _run(_state(treasury={"Milan": 5}), {"Milan": [Pay(5, "venice")]})
    assert _cash(done, "Venice") == 5


_ORDERS = st.one_of(
    st.builds(Pay, st.integers(-5, 40), st.sampled_from([BANK, *POWERS, "Austria"])),
    st.builds(Borrow, st.integers(-2, 30), st.integers(0, 3)),
    st.builds(GiveChit, st.sampled_from(POWERS), st.sampled_from(POWERS)),
)
_LOANS = st.lists(
    st.builds(Loan, st.integers(0, 15), st.integers(0, 8),
              st.sampled_from(["spring", "summer", "fall"]), st.integers(1494, 1496)),
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from(POWERS), st.integers(0, 40)),
    st.dictionaries(st.sampled_from(POWERS), _LOANS),
    st.dictionaries(st.sampled_from(POWERS), st.lists(_ORDERS, max_size=6)),
)
def test_banking_properties(
    treasury: dict[str, int], loans: dict[str, list[Loan]], orders: dict[str, list[Order]]
) -> None:
    state = _state(treasury=treasury, loans=loans,
                   chits={p: [q for q in POWERS if q != p] for p in POWERS})
    done = _run(state, orders)
    new = done.state
    assert all(v >= 0 for v in new.treasury.values())
    for power in POWERS:
        before = principal_owed(state.loans.get(power, []))
        assert principal_owed(new.loans.get(power, [])) <= max(before, 25)
        assert all(loan.principal >= 0 and loan.interest >= 0 for loan in new.loans.get(power, []))
    chits_before = sorted(c for v in state.chits.values() for c in v)
    assert sorted(c for v in new.chits.values() for c in v) == chits_before
    # money: what the players hold changes only by borrowing, repaying and the bank's take
    borrowed = sum(int(r.note.split()[1]) for r in done.results
                   if isinstance(r.order, Borrow) and r.note.startswith("borrowed"))
    owed_before = sum(x.principal + x.interest for v in state.loans.values() for x in v)
    owed_after = sum(x.principal + x.interest for v in new.loans.values() for x in v)
    interest = sum(interest_on(int(r.note.split()[1]), r.order.years) for r in done.results
                   if isinstance(r.order, Borrow) and r.note.startswith("borrowed"))
    written_off = sum(
        x.principal + x.interest for p in new.defaulted for x in state.loans.get(p, [])
    )
    cash_before = sum(state.treasury.values())
    cash_after = sum(new.treasury.values())
    # every ducat paid to the bank lowered the debt, except what a defaulter's seizure took
    repaid = owed_before + borrowed + interest - owed_after
    assert cash_before + borrowed - cash_after <= repaid
    if not new.defaulted:
        assert cash_before + borrowed - cash_after == repaid
    else:
        assert repaid <= cash_before + borrowed - cash_after + written_off + borrowed + interest

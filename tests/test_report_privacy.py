"""Private is private: what each power reads of a phase (docs/rulings.md, "What each power sees").

The promise: a power's treasury, loans, chits, expenses and press reach that power and the
game master only.  Two kinds of tests:

- random two-year games of classic 1454 with every money option on (the players of
  :mod:`machiavelli.game.random_orders`: loans, payments, chits, bribes, assassinations,
  rebellions), where for every phase the public report holds no money at all and, for each
  power P, the text P receives (the public report and P's private part) holds none of the
  private facts of another power, the ducats P received excepted (LOAN-11);
- one named test per ruling that touches a rule id (LOAN-4, LOAN-9, LOAN-11, ASN-3, ASN-7,
  ASN-EFF-1, EXP-A/FAM-MARK, EXP-C1, EXP-I, EXP-K/REB-MARK, ORD-EXAMPLE-4, INC-D, ADJ-1, the
  game start).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache

import pytest

from machiavelli.cases.files import parse_cases
from machiavelli.cases.runner import run_case
from machiavelli.core.board import Board
from machiavelli.core.dice import LoadedDice
from machiavelli.core.options import FLAGS
from machiavelli.core.orders import BANK, Expense, GiveChit, Order, Pay
from machiavelli.core.privacy import is_money_order, is_private, private_results
from machiavelli.core.state import Loan, State
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.process import PhaseResult, process_phase
from machiavelli.game.random_orders import CARELESS, PLAYERS, Habits, random_orders
from machiavelli.game.scenario import load_scenario, unfunded_powers
from machiavelli.game.start import GameStart, start_game
from machiavelli.text.notation import format_order, parse_orders
from machiavelli.text.order_writer import ducats as ducat_words
from machiavelli.text.report import phase_report, private_report, result_line

EVERY_OPTION = {name: name != "mach2" for name in FLAGS}  # Mach1, every money option on
#: words no public report may hold: money, its orders and the private dice
MONEY_WORDS = re.compile(
    r"\b(ducats?|treasur\w*|loans?|borrow\w*|chits?|expense\w*|bank\w*|pay|pays|paid|"
    r"receives?|received|upkeep|interest|principal|give)\b"
    r"|variable income|assassination of \w+ by",
    re.IGNORECASE,
)


# ----------------------------------------------------------------------
# Random games
# ----------------------------------------------------------------------
@dataclass
class Played:
    board: Board
    powers: list[str]
    start: GameStart
    start_state: State
    phases: list[PhaseResult] = field(default_factory=list)


@cache
def play(seed: str, careless: bool = False) -> Played:
    """Two years of classic 1454 from `machiavelli new`'s start, every power at random."""
    habits: Habits = CARELESS if careless else PLAYERS
    board, state = load_scenario("classic_1454")
    state.options = dict(EVERY_OPTION)
    state, start = start_game(board, state, seed, unfunded_powers("classic_1454"))
    played = Played(board, list(state.powers), start, state.copy())
    rng = random.Random(seed)
    while state.year < 1456:
        result = process_phase(board, state, random_orders(board, state, rng, habits), seed)
        played.phases.append(result)
        state = result.after
        if result.winners:
            break
    return played


GAMES = [*((f"privacy-{n}", False) for n in range(1, 9)),
         ("careless-1", True), ("careless-2", True)]


def loan_line(loan: Loan) -> str:
    return (f"Loan: {loan.principal} + {loan.interest} ducats due "
            f"{loan.due_season.capitalize()} {loan.due_year}")


def private_facts(result: PhaseResult, power: str) -> set[str]:
    """Every private fact of ``power`` the phase produced, as the private part writes it."""
    facts = {result_line(r, r.note) for r in private_results(result.results, power)}
    facts.update(result.private_events.get(power, []))
    facts.update(str(roll) for roll in result.rolls if roll.to == power)
    after = result.after
    facts.add(f"Treasury: {ducat_words(after.treasury.get(power, 0))}")
    facts.update(loan_line(loan) for loan in after.loans.get(power, []))
    return facts


def received_from(result: PhaseResult) -> Iterator[tuple[str, str, int]]:
    """(payer, payee, ducats) for every payment between powers that went through."""
    for r in result.results:
        if (isinstance(r.order, Pay) and r.order.to.lower() != BANK and r.power is not None
                and r.outcome == "succeeds" and (found := re.match(r"paid (\d+) ducats to (\S+)",
                                                                   r.note))):
            yield r.power, found.group(2), int(found.group(1))


@pytest.mark.parametrize("seed,careless", GAMES)
def test_random_games_the_public_report_holds_no_money(seed: str, careless: bool) -> None:
    played = play(seed, careless)
    for result in played.phases:
        public = result.report
        assert not MONEY_WORDS.search(public), (result.before.label, MONEY_WORDS.search(public))
        for r in result.results:
            if is_money_order(r.order):
                assert format_order(r.order) not in public
            if is_private(r) and r.note:
                assert result_line(r, r.note) not in public
        for roll in result.rolls:
            if roll.to is not None:
                assert str(roll) not in public
        assert not [e for e in result.events if MONEY_WORDS.search(e)]


@pytest.mark.parametrize("seed,careless", GAMES)
def test_random_games_each_power_reads_no_other_powers_private_facts(
        seed: str, careless: bool) -> None:
    """Per power P: the public report and P's private part hold no private fact of any
    other power Q (what Q's own facts share with P's, word for word, is P's as well)."""
    played = play(seed, careless)
    for result in played.phases:
        facts = {p: private_facts(result, p) for p in played.powers}
        for power, private in result.private.items():
            text = result.report + "\n" + private
            assert private.startswith(f"Private to {power}:")
            for other in played.powers:
                if other == power:
                    continue
                leaked = [f for f in facts[other] - facts[power] if f in text]
                assert not leaked, (result.before.label, power, other, leaked)


@pytest.mark.parametrize("seed,careless", GAMES)
def test_random_games_a_powers_own_news_names_no_other_power_but_its_payers(
        seed: str, careless: bool) -> None:
    """P's private events speak of P alone; the one thing 001 lets P learn of another
    power's money is the ducats that power paid P (LOAN-11)."""
    played = play(seed, careless)
    for result in played.phases:
        for power, told in result.private_events.items():
            for line in told:
                others = [q for q in played.powers if q != power and q in line]
                if others:
                    assert re.fullmatch(rf"Received \d+ ducats from {others[0]} \(LOAN-11\)\.",
                                        line), line


@pytest.mark.parametrize("seed,careless", GAMES)
def test_loan_11_random_games_every_payee_learns_what_it_received(
        seed: str, careless: bool) -> None:
    played = play(seed, careless)
    for result in played.phases:
        for payer, payee, ducats in received_from(result):
            line = f"Received {ducats} ducats from {payer} (LOAN-11)."
            assert line in result.private_events[payee]
            if payee in result.private:
                assert line in result.private[payee]
            assert line not in result.report
            for other, private in result.private.items():
                if other != payee:
                    assert line not in private


@pytest.mark.parametrize("seed,careless", GAMES)
def test_asn_3_random_games_a_chit_given_is_not_reported_to_the_receiver(
        seed: str, careless: bool) -> None:
    played = play(seed, careless)
    for result in played.phases:
        for r in result.results:
            if isinstance(r.order, GiveChit) and r.outcome == "succeeds":
                receiver = r.order.to
                assert not any("chit" in e for e in result.private_events.get(receiver, []))
                for power, private in result.private.items():
                    assert (result_line(r, r.note) in private) == (power == r.power)


def test_the_random_games_try_every_kind_of_money_order() -> None:
    """The games above are no empty check: payments, chits, loans, bribes, rebellions,
    assassinations and orders for units not bought all happen in them."""
    seen: set[str] = set()
    for seed, careless in GAMES:
        for result in play(seed, careless).phases:
            for r in result.results:
                kind = type(r.order).__name__
                if isinstance(r.order, Expense):
                    kind = r.order.kind
                elif isinstance(r.order, Pay):
                    kind = "pay bank" if r.order.to.lower() == BANK else "pay power"
                elif r.private and not is_money_order(r.order):
                    kind = "private " + kind
                seen.add(f"{kind} {r.outcome}")
            if any("assassinated;" in e for e in result.events):
                seen.add("assassinated")
    for wanted in ("Borrow succeeds", "pay bank succeeds", "pay power succeeds",
                   "GiveChit succeeds", "buy succeeds", "disband succeeds", "disband fails",
                   "counter_bribe succeeds", "cause_rebellion succeeds", "famine_relief succeeds",
                   "assassinate fails", "assassinated", "Maintain succeeds"):
        assert wanted in seen, wanted


@pytest.mark.parametrize("seed,careless", GAMES[:3])
def test_game_start_000_income_a_each_power_is_told_its_starting_treasury_alone(
        seed: str, careless: bool) -> None:
    played = play(seed, careless)
    start = played.start
    assert start.report.startswith("Game start") and not MONEY_WORDS.search(
        start.report.replace("starting treasuries", "").replace("starting treasury", ""))
    assert set(start.private) == set(played.powers)
    for power, private in start.private.items():
        treasury = played.start_state.treasury[power]
        assert f"Treasury: {ducat_words(treasury)}" in private
        assert f"starting treasury {treasury}." in private
        for line in private.splitlines()[1:]:
            if "Assassination chits" not in line and "variable income of" not in line:
                assert not [q for q in played.powers if q != power and q in line], line


# ----------------------------------------------------------------------
# Named rulings
# ----------------------------------------------------------------------
def money_game(**treasury: int) -> tuple[Board, State]:
    board, start = load_scenario("classic_1454")
    options = {**start.options, "adjacency": False}
    return board, replace(start, treasury={p: treasury.get(p, 0) for p in start.powers},
                          options=options)


def orders_of(board: Board, state: State, **written: str) -> dict[str, list[Order]]:
    orders = {}
    for power, text in written.items():
        submission = parse_orders(text, board, state, power)
        assert submission.errors == [], submission.errors
        orders[power] = submission.orders
    return orders


def test_loan_4_due_dates_are_the_borrowers_alone() -> None:
    board, state = money_game(Milan=3)
    done = process_phase(board, state, orders_of(board, state, Milan="borrow 10 ducats for 1 year"),
                         "loan-4")
    assert "borrow" not in done.report and "1455" not in done.report.split("Position")[0]
    milan = done.private["Milan"]
    assert "Treasury: 13 ducats" in milan
    assert "Loan: 10 + 2 ducats due Spring 1455" in milan
    assert "borrow 10 ducats for 1 year  (borrowed 10 ducats for 1 year: 12 due Spring 1455)" \
        in milan
    assert all("Loan" not in text for p, text in done.private.items() if p != "Milan")


def test_loan_11_the_payee_learns_the_gift_after_processing_a_third_party_does_not() -> None:
    board, state = money_game(Venice=10)
    done = process_phase(board, state, orders_of(board, state, Venice="pay 6 ducats to Milan"),
                         "loan-11")
    assert "Received 6 ducats from Venice (LOAN-11)." in done.private["Milan"]
    assert "Treasury: 6 ducats" in done.private["Milan"]
    assert "pay 6 ducats to Milan  (paid 6 ducats to Milan)" in done.private["Venice"]
    assert "Treasury: 4 ducats" in done.private["Venice"]
    for third in ("Florence", "Naples", "Papacy"):
        assert "Venice" not in done.private[third].split("chits:")[0]
        assert "6 ducats" not in done.private[third]
    # Venice gave no public order: the report lists it as it lists a power that sent
    # nothing (its units hold), so its payment is not even hinted at
    public = done.report.split("Position")[0]
    assert "pay" not in public
    venice = [line for line in public.splitlines() if line.startswith("Venice")]
    assert venice in ([], ["Venice: no orders for its units"])


def test_asn_3_a_chit_given_is_not_reported_to_the_receiver() -> None:
    board, state = money_game()
    done = process_phase(board, state, orders_of(board, state, Venice="give Naples to Milan"),
                         "asn-3")
    assert "give Naples to Milan  (gave the chit for Naples to Milan)" in done.private["Venice"]
    milan = done.private["Milan"]
    assert "give" not in milan and "Venice" not in milan.replace(
        "Assassination chits: Austria, France, Florence, Naples, Papacy, Turkey, Venice, Naples",
        "")
    assert "chit" not in done.report


def test_asn_7_the_chits_held_follow_the_treasury_in_the_private_part() -> None:
    board, state = money_game(Milan=5)
    done = process_phase(board, state, orders_of(board, state, Venice="give Naples to Milan"),
                         "asn-7")
    lines = done.private["Milan"].splitlines()
    assert lines[1] == "  Treasury: 5 ducats"
    assert lines[2] == ("  Assassination chits: Austria, France, Florence, Naples, Papacy, "
                        "Turkey, Venice, Naples")  # the chit received, from nobody named


def test_loan_9_a_default_is_public_only_as_an_assassination() -> None:
    board, state = money_game(Milan=4)
    state = replace(state, season="spring", year=1454,
                    loans={"Milan": [Loan(10, 2, "spring", 1454)]})
    done = process_phase(board, state, {}, "loan-9")
    assert "Milan's leader is assassinated" in done.report
    assert "bank" not in done.report and "12 ducats" not in done.report
    milan = done.private["Milan"]
    assert "Milan cannot pay the 12 ducats due to the bank (Spring 1454)" in milan
    assert "The bank will never lend to you again." in milan
    assert all("cannot pay" not in text for p, text in done.private.items() if p != "Milan")


def test_asn_eff_1_an_assassination_is_public_its_assassin_is_not() -> None:
    board, state = money_game(Venice=40)
    orders = orders_of(board, state, Venice="expense 1: 36 ducats assassinate milan")
    dice = LoadedDice("asn", values=[2] + [6] * 30)  # the attempt succeeds; nobody rebels
    done = resolve_campaign(board, state, orders, dice)
    public = phase_report(board, state, done, dice.rolls)
    assert "Milan's leader is assassinated; all Milan's orders become holds" in public
    assert "rebellion in Como after the assassination of Milan: 6" in public  # ASN-EFF-4 dice
    assert "Venice" not in [line for line in public.splitlines() if "assassin" in line][0]
    assert "assassination of Milan by Venice" not in public
    assert "36" not in public.split("Position")[0]

    def part(power: str) -> str:
        return private_report(done.state, power, done.results,
                              done.private_events.get(power, []), dice.rolls)

    venice = part("Venice")
    assert "expense 1: 36 ducats assassinate Milan  (36 ducats; die 2, needed 1-3: Milan is " \
        "assassinated)" in venice
    assert "assassination of Milan by Venice: 2" in venice
    milan = part("Milan")
    assert "Venice" not in milan.split("chits:")[0] and "by Venice" not in milan


def test_exp_i_a_bought_unit_is_public_its_price_and_the_offer_are_not() -> None:
    board, state = money_game(Florence=30)
    orders = orders_of(board, state, Florence="expense 1: 21 ducats buy a pav\nA pav - mon")
    done = process_phase(board, state, orders, "exp-i")
    assert "Milan's army in Pavia is bought: it now belongs to Florence (EXP-I)." in done.report
    assert "21" not in done.report.split("Position")[0] and "expense" not in done.report
    assert "Florence:\n  A pav - mon\n" in done.report  # the buyer's order
    assert "expense 1: 21 ducats buy A pav  (21 ducats; Milan's army in Pavia now belongs " \
        "to Florence (EXP-I))" in done.private["Florence"]
    assert "21" not in done.private["Milan"]


def test_exp_c1_a_countered_bribe_leaves_no_public_trace() -> None:
    board, state = money_game(Florence=30, Milan=9)
    orders = orders_of(board, state, Florence="expense 1: 18 ducats buy a pav",
                       Milan="expense 1: 6 ducats counter-bribe a pav")
    done = process_phase(board, state, orders, "exp-c1")
    assert "Pavia" not in done.report.split("Position")[0].replace("A pav H", "")
    florence = done.private["Florence"]
    assert "counter-bribes on the unit leave too few ducats" in florence
    assert "6 ducats" not in florence  # Milan's counter-bribe: not its amount
    milan = done.private["Milan"]
    assert "expense 1: 6 ducats counter-bribe A pav  (6 ducats; in place on the unit against " \
        "any bribe (EXP-C1))" in milan
    assert "18" not in milan and "Florence" not in milan.split("chits:")[0]


def test_ord_example_4_an_order_for_a_unit_not_bought_is_the_orderers_alone() -> None:
    board, state = money_game(Florence=30, Milan=9)
    orders = orders_of(board, state, Florence="expense 1: 18 ducats buy a pav\nA pav - mon",
                       Milan="expense 1: 6 ducats counter-bribe a pav")
    done = process_phase(board, state, orders, "ord-example-4")
    assert "A pav - mon" not in done.report
    florence = [r for r in done.results if r.power == "Florence" and "pav" in str(r.order)]
    assert all(r.private or is_money_order(r.order) for r in florence)
    assert "A pav - mon  (void:" in done.private["Florence"]


def test_reb_mark_a_rebellion_raised_is_public_with_its_plus_its_payer_is_not() -> None:
    board, state = money_game(Florence=20)
    done = process_phase(board, state, orders_of(
        board, state, Florence="expense 1: 15 ducats cause rebellion com"), "reb-mark")
    assert "Como rises in rebellion against Milan (EXP-K)." in done.report
    assert "Como+ (against Milan)" in done.report
    assert "Florence" not in [line for line in done.report.splitlines() if "Como" in line][0]
    assert "15" not in done.report.split("Position")[0]
    assert "expense 1: 15 ducats cause rebellion com  (15 ducats; Como rebels against Milan " \
        "(EXP-K))" in done.private["Florence"]


def test_fam_mark_exp_a_a_famine_relieved_is_public_its_payer_is_not() -> None:
    board, state = money_game(Milan=5)
    state = replace(state, famine=["par"])
    done = process_phase(board, state, orders_of(
        board, state, Milan="expense 1: 3 ducats famine relief par"), "fam-mark")
    assert "The famine in Parma is relieved (EXP-A)." in done.report
    assert "Parma%" not in done.report and "3 ducats" not in done.report
    assert "Treasury: 2 ducats" in done.private["Milan"]


def test_inc_d_income_and_its_dice_are_each_powers_alone() -> None:
    board, state = money_game()
    state = replace(state, season="fall", options={**state.options, "famine": False,
                                                   "storms": False})
    done = process_phase(board, state, {}, "inc-d")
    assert state.phase == "movement" and done.after.phase == "adjustment"
    assert "receives" not in done.report and "variable income" not in done.report
    milan = done.private["Milan"]
    assert "Milan receives " in milan and "variable income of the home country of Milan " \
        "for Milan:" in milan
    roll = next(r for r in done.rolls if r.to == "Milan")
    for power, text in done.private.items():
        assert (str(roll) in text) == (power == "Milan")


def test_adj_1_upkeep_is_private_units_kept_and_removed_are_public() -> None:
    board, state = money_game(Milan=7)
    state = replace(state, season="winter", phase="adjustment")
    orders = orders_of(board, state, Milan="maintain a mil\nmaintain a pav\nmaintain a cre")
    done = process_phase(board, state, orders, "adj-1")
    public = done.report
    assert "  maintain A mil\n  maintain A pav\n  maintain A cre  (fails: removed)" in public
    assert "ducats" not in public
    milan = done.private["Milan"]
    assert "maintain A mil  (3 ducats)" in milan
    assert "maintain A cre  (fails: not enough ducats (3 needed, 1 left): removed)" in milan
    assert "Milan pays 6 ducats for 2 units; treasury 1." in milan


def test_adj_0_the_case_runner_keeps_each_powers_news_apart() -> None:
    """A case through income and adjustments: the runner's public events hold no money;
    Milan's income and upkeep are in Milan's private events."""
    case = parse_cases(
        "VARIANT_ALL Machiavelli\nCASE ADJ-0 news\nPRESTATE_SETPHASE Winter 1455, Adjustment\n"
        "DICE 1 1 1 1 1 1 1 1 1 1\nPRESTATE\n\tMilan: A mil\nPRESTATE_PROVINCE_OWNERS\n"
        "\tMilan: mil\nPRESTATE_CITY_OWNERS\n\tMilan: mil\nORDERS\n\tMilan: maintain A mil\n"
        "END\n")[0]
    run = run_case(case)
    assert run.error is None
    assert not [e for e in run.events if MONEY_WORDS.search(e)]
    milan = run.private_events["Milan"]
    assert any(line.startswith("Milan receives 6 ducats") for line in milan)
    assert "Milan pays 3 ducats for 1 units; treasury 3." in milan
    assert [r.to for r in run.rolls if "for Milan" in r.purpose] == ["Milan"]

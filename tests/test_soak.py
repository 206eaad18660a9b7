"""Issue 4, acceptance test 2: a 20-year game of the classic map under Mach1, every option on.

All eight powers give random orders (:mod:`machiavelli.game.random_orders`: the units'
legal orders, loans, payments, chits, expenses a-l, adjustments with money), the
game is processed phase by phase with :func:`machiavelli.game.process.process_phase`, and
after every call the position is checked (:func:`machiavelli.bots.invariants.phase_problems`,
which self-play runs too):

- never two units in one space, every unit where its kind may stand;
- every treasury >= 0, principal owed <= 25 (LOAN-2), nothing kept for an
  eliminated power, nobody still assassinated once the campaign is over;
- every unit (and dislodged unit) owned by a power still in the game, or autonomous;
- ducats conserved: for each power, treasury after = treasury before + income +
  loans received + payments received - repayments - payments made - the bank's
  collections and seizures - expenses - upkeep and builds (a power eliminated
  in the phase loses what it had left).  Every flow is read from the phase's
  order results and events (:class:`Ledger`), and three of them are recomputed
  independently: income (:func:`machiavelli.money.income.fixed_income` on the
  position plus the recorded variable-income dice on the board's table), what
  each expense took from the treasury (EXP-GEN-4/5: in number order from what
  banking left), and what the adjustments cost (3/6/9 ducats per unit kept or
  built, as each result says it succeeded).

The bank's books are checked the same way: what each power owes after =
before + new loans with their interest (LOAN-3) - repayments - collections, all
written off on a default (LOAN-9); no loan left overdue.  Chits: each one kept,
given (ORD-EXP-3), used by an attempt (ASN-2) or gone with its eliminated holder.

The main game runs its full 20 years: the game master sets more cities for
victory than the map has.  The other seeds play under the classic condition
(15 cities, two home countries) and may end early; a winner must then meet it.
Two more games are played by careless players
(:data:`machiavelli.game.random_orders.CARELESS`: more loans, overspending, orders
the engine must refuse).  The same seed twice gives the same game
(determinism), and processing a phase never changes the state it was given.

The engine reports money only in words (result notes, events), so the ledger
reads them with patterns; a change of wording shows up here as a conservation
failure naming the flow that no longer balances.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pytest

from machiavelli.bots.invariants import Ledger, phase_problems, read_ledger
from machiavelli.core.board import Board
from machiavelli.core.options import FLAGS, options_in_force
from machiavelli.core.orders import (
    Borrow,
    Build,
    Disband,
    Expense,
    GiveChit,
    Order,
    Pay,
)
from machiavelli.core.state import Loan, State
from machiavelli.game.process import PhaseResult, process_phase
from machiavelli.game.random_orders import CARELESS, PLAYERS, Habits, random_orders
from machiavelli.game.scenario import load_scenario

SCENARIO = "classic_1454"
SEED = "soak-1454"
YEARS = 20
#: every option on but mach2 (Mach1); 001 lets them all stand together
EVERY_OPTION = {name: name != "mach2" for name in FLAGS}

Orders = Mapping[str, Sequence[Order]]


def soak_start() -> tuple[Board, State]:
    board, state = load_scenario(SCENARIO)
    state.options = dict(EVERY_OPTION)
    return board, state


def unreachable_victory(board: Board) -> int:
    """More cities than the map has: the game runs until the soak stops it."""
    return sum(1 for p in board.provinces.values() if p.city is not None) + 1


# ----------------------------------------------------------------------
# The game
# ----------------------------------------------------------------------
@dataclass
class Soak:
    phases: int = 0
    seconds: float = 0.0
    winners: list[str] = field(default_factory=list)
    final: State | None = None
    problems: list[str] = field(default_factory=list)
    totals: Counter[str] = field(default_factory=Counter)  # ducats by flow
    outcomes: Counter[str] = field(default_factory=Counter)  # money orders' outcomes
    happenings: Counter[str] = field(default_factory=Counter)  # disasters and the like
    checked: Counter[str] = field(default_factory=Counter)  # phases each check looked at


HAPPENINGS = {
    "famine": "famine",
    "plague": "plague",
    "storm": "storm",
    "assassinated": "assassinated",
    "rebellion": "rebellion",
    "eliminated (ELIM-1)": "eliminated",
    "bankers": "bank default",
}



def play(years: int, game_seed: str = SEED, order_seed: int = 1,
         stop_at_problem: bool = True, victory_cities: int | None = None,
         habits: Habits = PLAYERS) -> Soak:
    board, state = soak_start()
    rng = random.Random(order_seed)
    soak = Soak()
    last_year = state.year + years
    start = time.perf_counter()
    while state.year < last_year:
        orders = random_orders(board, state, rng, habits)
        given = state.to_json()
        result = process_phase(board, state, orders, game_seed, victory_cities)
        ledger = read_ledger(result)
        problems = phase_problems(board, state, orders, result, ledger, soak.checked)
        if state.to_json() != given:
            problems.append("process_phase changed the state it was given")
        soak.problems += [f"{state.label}: {p}" for p in problems]
        _tally(soak, result, ledger)
        soak.phases += 1
        state = result.after
        if result.winners or (problems and stop_at_problem):
            soak.winners = result.winners
            break
    soak.seconds = time.perf_counter() - start
    soak.final = state
    return soak


def _tally(soak: Soak, result: PhaseResult, ledger: Ledger) -> None:
    for flows in ledger.flows.values():
        soak.totals.update(flows)
    for r in result.results:
        if isinstance(r.order, Borrow | Pay | Expense | GiveChit | Disband | Build):
            what = r.order.kind if isinstance(r.order, Expense) else type(r.order).__name__
            if isinstance(r.order, Build) and r.order.special:
                what = "Build special"
            soak.outcomes[f"{what} {r.outcome}"] += 1
    told = [e for power in sorted(result.private_events) for e in result.private_events[power]]
    for event in [*result.events, *told]:
        for word, name in HAPPENINGS.items():
            if word in event:
                soak.happenings[name] += 1


def summary(soak: Soak) -> str:
    final = soak.final
    assert final is not None
    return "\n".join([
        f"{soak.phases} phases in {soak.seconds:.1f} s, ended {final.label}; "
        f"winners {soak.winners or 'none'}; eliminated {final.eliminated or 'none'}",
        f"ducats by flow: {dict(sorted(soak.totals.items()))}",
        f"money orders: {dict(sorted(soak.outcomes.items()))}",
        f"events: {dict(sorted(soak.happenings.items()))}",
        f"checked: {dict(soak.checked)}",
        *soak.problems[:10],
    ])


# ----------------------------------------------------------------------
# Tests
# ----------------------------------------------------------------------
def test_soak_start_has_every_option_on_but_mach2() -> None:
    _, state = soak_start()
    held = options_in_force(state.options)
    assert not held["mach2"] and not held["diplomacy"]
    assert all(held[name] for name in FLAGS if name != "mach2")
    assert len(state.powers) == 8


def test_soak_twenty_years_keeps_every_invariant() -> None:
    board, _ = soak_start()
    soak = play(YEARS, victory_cities=unreachable_victory(board))
    print(summary(soak))
    assert not soak.problems, summary(soak)
    assert soak.final is not None
    assert soak.final.label == f"Spring {1454 + YEARS} movement"
    assert soak.checked["income"] == YEARS and soak.checked["upkeep"] == YEARS
    # the game played what it was meant to play
    assert soak.totals["income"] > 0 and soak.totals["upkeep"] < 0
    assert soak.totals["borrowed"] > 0 and soak.totals["expenses"] < 0
    assert soak.outcomes["Borrow succeeds"] and soak.outcomes["Pay succeeds"]
    assert sum(n for k, n in soak.outcomes.items() if k.startswith("buy")), soak.outcomes
    assert soak.happenings["famine"]


@pytest.mark.parametrize("order_seed", [2, 3, 4, 5])
def test_soak_other_seeds_keep_every_invariant(order_seed: int) -> None:
    soak = play(YEARS, game_seed=f"{SEED}-{order_seed}", order_seed=order_seed)
    assert not soak.problems, summary(soak)
    assert soak.final is not None
    assert soak.winners or soak.final.year == 1454 + YEARS


@pytest.mark.parametrize("order_seed", [6, 7])
def test_soak_careless_players_keep_every_invariant(order_seed: int) -> None:
    soak = play(YEARS, game_seed=f"{SEED}-careless-{order_seed}", order_seed=order_seed,
                habits=CARELESS)
    assert not soak.problems, summary(soak)
    assert soak.outcomes["Borrow fails"] and soak.outcomes["Pay fails"], summary(soak)


def test_the_checks_catch_a_ducat_out_of_nowhere() -> None:
    board, state = soak_start()
    rng = random.Random(11)
    for _ in range(4):  # into summer, with income and upkeep behind
        orders = random_orders(board, state, rng)
        result = process_phase(board, state, orders, SEED)
        assert not phase_problems(board, state, orders, result)
        state = result.after
    orders = random_orders(board, state, rng)
    result = process_phase(board, state, orders, SEED)
    power = next(p for p in state.powers if p not in result.after.eliminated)
    assert not phase_problems(board, state, orders, result)
    honest = result.after

    def tampered(change: Callable[[State], None]) -> list[str]:
        result.after = honest.copy()  # the states share their dictionaries
        change(result.after)
        return phase_problems(board, state, orders, result)

    def one_more_ducat(s: State) -> None:
        s.treasury[power] = s.treasury.get(power, 0) + 1

    def a_chit_more(s: State) -> None:
        s.chits.setdefault(power, []).append(power)

    def a_loan_more(s: State) -> None:
        s.loans[power] = [*s.loans.get(power, []), Loan(5, 1, "spring", 1500)]

    assert any(f.startswith(f"{power}: treasury") for f in tampered(one_more_ducat))
    assert any(f.startswith("chits") for f in tampered(a_chit_more))
    assert any(f.startswith(f"{power} owes the bank") for f in tampered(a_loan_more))


def test_soak_same_seed_gives_the_same_game() -> None:
    games = []
    for _ in range(2):
        board, state = soak_start()
        rng = random.Random(5)
        trail = []
        for _ in range(25):
            result = process_phase(board, state, random_orders(board, state, rng), SEED)
            trail.append((result.after.to_json(), result.report, result.rolls))
            state = result.after
        games.append(trail)
    assert games[0] == games[1]


def test_asn_1_new_game_gives_every_power_its_chits() -> None:
    _, state = load_scenario(SCENARIO)
    for power in state.powers:
        assert sorted(state.chits.get(power, [])) == sorted(
            p for p in state.powers if p != power)

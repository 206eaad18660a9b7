"""Running test cases: build the position, adjudicate the phase, write and check the result.

The runner never looks at a case's expected result: it adjudicates the orders
with the judge's own parser and resolvers, and only :func:`check_case`
compares what came out with what the case expects.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from machiavelli.cases.engine import (
    DiceStep,
    Engine,
    MissingStep,
    OrderParser,
    PhaseResolver,
    SubmissionLike,
    default_engine,
)
from machiavelli.cases.files import unit_key
from machiavelli.cases.game_cases import case_board, process_case, scenario_fields
from machiavelli.cases.model import Case, ExpectedResult
from machiavelli.cases.money import diff_money
from machiavelli.cases.result_text import (
    CaseRun,
    format_result,
    format_unit,
    rebellion_value,
)
from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.orders import MONEY_ORDERS, Convert, Move, Order, Retreat, order_key
from machiavelli.core.privacy import PrivateEvents, add_private
from machiavelli.core.results import Adjudication
from machiavelli.core.state import Places, State, Unit

__all__ = [
    "CaseRun",
    "DiceStep",
    "Engine",
    "MissingStep",
    "OrderParser",
    "PhaseResolver",
    "SubmissionLike",
    "Verdict",
    "case_dice",
    "check_case",
    "default_engine",
    "format_result",
    "initial_state",
    "orders_by_power",
    "run_case",
    "run_cases",
]


# -- running --------------------------------------------------------------------


def _homes(board: Board) -> dict[str, Places]:
    """Each power's home provinces, by the board's home letters."""
    home: dict[str, list[str]] = {}
    for pid, p in board.provinces.items():
        if p.home is not None and p.home in board.powers:
            home.setdefault(board.powers[p.home], []).append(pid)
    return {power: tuple(provinces) for power, provinces in home.items()}


_HOMES: PerBoard[dict[str, Places]] = PerBoard(_homes)


def initial_state(case: Case, board: Board) -> State:
    """The position a case starts from."""
    return scenario_fields(case, State(
        board=board.name,
        year=case.year,
        season=case.season,
        phase=case.phase,
        powers=list(board.powers.values()),
        units=list(case.units),
        dislodged=list(case.dislodged),
        contested=list(case.contested),
        province_owner=dict(case.province_owner),
        city_owner=dict(case.city_owner),
        home=dict(_HOMES(board)),
        rebellions=dict(case.rebellions),
        famine=list(case.famine),
        abundance=list(case.abundance),
        plague=list(case.plague),
        peace={k: list(v) for k, v in case.peace.items()},
        excommunications=dict.fromkeys(case.excommunicated, "pending"),
        treasury=dict(case.treasury),
        loans={p: list(v) for p, v in case.loans.items()},
        chits={p: list(v) for p, v in case.chits.items()},
        defaulted=list(case.defaulted),
        assassinated=list(case.assassinated),
        options=dict(case.options),
    ))


def case_dice(case: Case) -> Dice:
    """The case's dice: the DICE values in order, else seeded by the case's name."""
    if case.dice is not None:
        return LoadedDice(case.name, values=list(case.dice))
    return Dice(case.name)


def run_case(case: Case, engine: Engine | None = None, *, before: bool = True) -> CaseRun:
    """Adjudicate one case; any error becomes ``CaseRun.error``.

    ``before``: keep a copy of the position before the phase (``CaseRun.before``), which
    checking the case needs; without it, the copy is kept only for what writing the
    result needs (the ASSASSINATED section)."""
    run = CaseRun(case)
    if case.error is not None:
        run.error = case.error
        return run
    engine = engine or default_engine()
    where = "building the position"
    try:
        board = case_board(case, engine.load_board)
        state = initial_state(case, board)
        if before or "ASSASSINATED" in case.extras:
            run.before = state.copy()  # kept as it was, whatever the engine does with state
        where = "reading the orders"
        orders: dict[str, list[Order]] = {}
        for power, text in orders_by_power(case):
            submission = engine.parse_orders(text, board, state, power)
            orders.setdefault(power, []).extend(submission.orders)
            if submission.errors:
                run.order_errors.extend(
                    f"{power}: {_describe_error(e)}" for e in submission.errors)
        where = f"adjudicating the {case.phase} phase"
        if case.seed is not None:  # a case from a game: processed as the game does
            (run.state, run.results, run.events, run.private_events,
             run.rolls, run.winners) = process_case(board, state.copy(), orders, case.seed)
            return run
        dice = case_dice(case)
        try:
            adjudication = _adjudicate(case, engine, board, state, orders, dice)
        finally:
            run.rolls = list(dice.rolls)
        run.state = adjudication.state
        run.adjudication = adjudication
        run.events = list(adjudication.events)
        if case.campaign_end:  # seed 003's H.3.2-H.3.4 (docs/case-format.md)
            if engine.campaign_end is None:
                raise MissingStep("this engine has no end of campaign")
            try:
                run.state, more = engine.campaign_end(
                    board, run.state, dice, case.season, case.renegade,
                    case.scenario is not None)
            finally:
                run.rolls = list(dice.rolls)
            run.events += more
        run.private_events = {p: list(v) for p, v in adjudication.private_events.items()}
    except Exception as exc:  # a broken case must not stop the others
        run.error = f"{where}: {type(exc).__name__}: {exc}"
    return run


def _adjudicate(
    case: Case,
    engine: Engine,
    board: Board,
    state: State,
    orders: Mapping[str, Sequence[Order]],
    dice: Dice,
) -> Adjudication:
    """The phase a case is in, through the engine's parts.

    A Machiavelli movement phase is the whole campaign (``Engine.campaign``); a
    Machiavelli adjustment phase with money starts with the income unless the
    case says it was paid (``after income``) and stops after it for ``Income``.
    """
    if case.machiavelli and case.phase == "movement" and engine.campaign is not None:
        return engine.campaign(board, state, orders, dice)
    money = state.options.get("money", not state.options.get("diplomacy", False))
    if case.phase == "adjustment" and case.income != "done" and money:
        if engine.income is None:
            if case.income == "only":
                raise MissingStep("this engine has no income step")
        else:
            paid = engine.income(board, state, orders, dice)
            if case.income == "only":
                return paid
            adjusted = engine.resolvers["adjustment"](board, paid.state, orders)
            private: PrivateEvents = {}
            add_private(private, paid.private_events)
            add_private(private, adjusted.private_events)
            return Adjudication(
                adjusted.state,
                [*paid.results, *adjusted.results],
                [*paid.events, *adjusted.events],
                private,
            )
    return engine.resolvers[case.phase](board, state, orders)


def _describe_error(error: object) -> str:
    """``"A lvp-iri: an army cannot go to sea"`` from the parser's error record."""
    text, reason = getattr(error, "text", None), getattr(error, "reason", None)
    if isinstance(text, str) and isinstance(reason, str):
        return f"{text}: {reason}"
    return str(error)


def orders_by_power(case: Case) -> list[tuple[str, str]]:
    """Each power's order lines joined, powers in the order they first appear."""
    texts: dict[str, list[str]] = {}
    for o in case.orders:
        lines = texts.get(o.power)
        if lines is None:
            texts[o.power] = [o.text]
        else:
            lines.append(o.text)
    return [(power, "\n".join(lines)) for power, lines in texts.items()]


# -- checking -------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """A checked case: passed or not, and the line to print."""

    name: str
    passed: bool
    message: str  # "PASS <name>" or "FAIL <name>: <what differs>"


def check_case(case: Case, run: CaseRun, engine: Engine | None = None) -> Verdict:
    """Compare a case's adjudicated result with what it expects."""
    if run.error is not None or run.state is None:
        return Verdict(case.name, False, f"FAIL {case.name}: {run.error}")
    state = run.state
    places = None if case.places is None else set(case.places)
    problems: list[str] = []
    if case.expect_units is not None:
        problems += _diff_units(case, "POSTSTATE", case.expect_units,
                                _at(places, state.units))
    if case.expect_dislodged is not None:
        problems += _diff_units(
            case,
            "POSTSTATE_DISLODGED",
            [e.unit for e in case.expect_dislodged],
            _dislodged_to_compare(case, state, engine),
        )
        problems += _diff_attackers(case, state)
    if case.expect_sieges is not None:
        besieging = [u for u in state.units if u.siege]
        problems += _diff_units(case, "POSTSTATE_SIEGES", case.expect_sieges, besieging)
    if case.expect_rebellions is not None:
        problems += _diff_map(
            "POSTSTATE_REBELLIONS",
            {case.place(k): rebellion_value(r) for k, r in case.expect_rebellions.items()},
            {case.place(k): rebellion_value(r) for k, r in state.rebellions.items()},
        )
    for name, expected, actual in (
        ("POSTSTATE_PROVINCE_OWNERS", case.expect_province_owner, state.province_owner),
        ("POSTSTATE_CITY_OWNERS", case.expect_city_owner, state.city_owner),
    ):
        if expected is not None:
            problems += _diff_map(
                name,
                {case.place(k): v for k, v in expected.items()},
                {case.place(k): v for k, v in actual.items() if places is None or k in places},
            )
    if case.expect_treasury is not None:
        problems += _diff_map(
            "POSTSTATE_TREASURY",
            {k: str(v) for k, v in case.expect_treasury.items()},
            {k: str(v) for k, v in state.treasury.items() if v or k in case.expect_treasury},
        )
    problems += diff_money(case, state, run.assassinated, run.rolls)
    if case.expect_results is not None:
        problems += _diff_results(case, run, engine or default_engine())
    if case.expect_winners is not None and sorted(case.expect_winners) != sorted(run.winners):
        problems.append(f"POSTSTATE_WINNERS: expected {', '.join(case.expect_winners) or 'none'}"
                        f", got {', '.join(run.winners) or 'none'}")
    if not problems:
        return Verdict(case.name, True, f"PASS {case.name}")
    message = "; ".join(problems)
    if run.order_errors:
        message += " (order errors: " + "; ".join(run.order_errors) + ")"
    return Verdict(case.name, False, f"FAIL {case.name}: {message}")


def _at(places: set[str] | None, units: list[Unit]) -> list[Unit]:
    """The units in ``places`` (POSTSTATE_PLACES; None: all)."""
    return units if places is None else [u for u in units if u.province in places]


def _diff_units(
    case: Case, section: str, expected: Iterable[Unit], actual: Iterable[Unit]
) -> list[str]:
    want = {unit_key(u): u for u in expected}
    have = {unit_key(u): u for u in actual}
    missing = [format_unit(case, want[k]) for k in sorted(want.keys() - have.keys())]
    extra = [format_unit(case, have[k]) for k in sorted(have.keys() - want.keys())]
    out = []
    if missing:
        out.append(f"{section} missing {', '.join(missing)}")
    if extra:
        out.append(f"{section} extra {', '.join(extra)}")
    return out


def _dislodged_to_compare(case: Case, state: State, engine: Engine | None) -> list[Unit]:
    """The dislodged units, less those the case leaves out because they cannot
    retreat anywhere: DATC files written for jDip and godip, which disband such
    units at once, do not list them (e.g. 6.D.8)."""
    expected = {unit_key(e.unit) for e in case.expect_dislodged or []}
    can_retreat = (engine or default_engine()).can_retreat
    kept = []
    for d in state.dislodged:
        if unit_key(d.unit) in expected or can_retreat is None:
            kept.append(d.unit)
            continue
        try:
            board = case_board(case, (engine or default_engine()).load_board)
            if can_retreat(board, state, d):
                kept.append(d.unit)
        except Exception:  # cannot tell: compare it
            kept.append(d.unit)
    return kept


def _diff_attackers(case: Case, state: State) -> list[str]:
    out = []
    actual = {unit_key(d.unit): d for d in state.dislodged}
    for e in case.expect_dislodged or []:
        d = actual.get(unit_key(e.unit))
        if not e.from_given or d is None or d.attacker_from == e.attacker_from:
            continue
        got = case.place(d.attacker_from) if d.attacker_from else "nowhere"
        want = case.place(e.attacker_from) if e.attacker_from else "nowhere"
        out.append(
            f"POSTSTATE_DISLODGED {format_unit(case, e.unit)} attacked from {got}, expected {want}"
        )
    return out


def _diff_map(section: str, expected: Mapping[str, str], actual: Mapping[str, str]) -> list[str]:
    out = []
    for key in sorted(expected.keys() | actual.keys()):
        want, got = expected.get(key), actual.get(key)
        if want == got:
            continue
        if got is None:
            out.append(f"{section} missing {key}: {want}")
        elif want is None:
            out.append(f"{section} extra {key}: {got}")
        else:
            out.append(f"{section} {key}: expected {want}, got {got}")
    return out


def _diff_results(case: Case, run: CaseRun, engine: Engine) -> list[str]:
    assert run.before is not None
    out = []
    board = case_board(case, engine.load_board)
    for e in case.expect_results or []:
        got = _outcome_for(e, run, board, engine)
        if got != e.outcome:
            out.append(
                f"POSTSTATE_RESULTS line {e.line} {e.power}: {e.text}: "
                f"expected {e.outcome}, got {got or 'no result'}"
            )
    return out


def _expected_order(
    e: ExpectedResult, case: Case, before: State, board: Board, engine: Engine
) -> Order | str:
    """The order a POSTSTATE_RESULTS line names, or why it cannot be read.

    Read alone first; an order for a unit the power is buying in the same
    orders (ORD-EXAMPLE-4) needs those expenses, so it is read again after the
    power's money orders.
    """
    submission = engine.parse_orders(e.text, board, before.copy(), e.power)
    if submission.orders:
        return submission.orders[0]
    money = []
    for o in case.orders:
        if o.power == e.power:
            alone = engine.parse_orders(o.text, board, before.copy(), e.power).orders
            if alone and all(isinstance(x, MONEY_ORDERS) for x in alone):
                money.append(o.text)
    if money:
        context = engine.parse_orders("\n".join(money), board, before.copy(), e.power).orders
        full = engine.parse_orders("\n".join([*money, e.text]), board, before.copy(), e.power)
        new = [o for o in full.orders if o not in context]
        if len(new) == 1:
            return new[0]
    errors = "; ".join(str(x) for x in submission.errors)
    return f"an unreadable order ({errors})"


def _outcome_for(e: ExpectedResult, run: CaseRun, board: Board, engine: Engine) -> str | None:
    assert run.before is not None
    order = _expected_order(e, run.case, run.before, board, engine)
    if isinstance(order, str):
        return order
    for r in run.results:
        if r.order == order and r.power == e.power:
            return r.outcome
    retreat = _as_judge_retreat(order)
    for r in run.results:  # a retreat the judge made (auto_retreat, BAR-13.5)
        if retreat is not None and r.order == retreat and r.power == e.power:
            return r.outcome
    unit = getattr(order, "unit", None)
    for r in run.results:  # the resolver may have replaced the order (e.g. by a hold)
        if unit is not None and r.power == e.power and getattr(r.order, "unit", None) == unit:
            return r.outcome
    if unit is None:  # a money order: the one with the same number, payee or term
        for r in run.results:
            if r.power == e.power and _same_key(r.order, order):
                return r.outcome
    return None


def _as_judge_retreat(order: Order) -> Retreat | None:
    """The retreat a movement-phase line names when the judge retreats (``auto_retreat``):
    ``A cre - pia`` is the retreat to Piacenza, ``A cre convert to G`` the retreat into
    the city."""
    if isinstance(order, Move):
        return Retreat(order.unit, order.dest, order.dest_coast)
    if isinstance(order, Convert) and order.to == "G":
        return Retreat(order.unit, order.unit.province, to="G")
    return None


def _same_key(a: Order, b: Order) -> bool:
    try:
        return type(a) is type(b) and order_key(a) == order_key(b)
    except AttributeError:  # an order type order_key does not know
        return False


# -- the whole file -------------------------------------------------------------


def run_cases(cases: Iterable[Case], engine: Engine | None = None) -> list[tuple[CaseRun, Verdict]]:
    engine = engine or default_engine()
    done = []
    for case in cases:
        run = run_case(case, engine)
        try:
            verdict = check_case(case, run, engine)
        except Exception as exc:
            verdict = Verdict(case.name, False, f"FAIL {case.name}: checking: {exc}")
        done.append((run, verdict))
    return done

"""Cases taken from games: a scenario's board, a game's seed, and the writer of such cases.

A game's position is more than a DATC case states: the scenario's board (its map
changes, home countries and powers), the home provinces each power holds now, the
powers out of the game, and the dice the game's seed gives.  Four keywords carry
them (docs/case-format.md, "Cases from games"):

- ``SCENARIO <name> [<players>]``: the board, powers, home countries and options of
  that scenario (and variant); the case's options start from the scenario's;
- ``SEED <text>``: the phase is processed as a game processes it
  (:func:`machiavelli.game.process.process_phase`, dice seeded by the game's seed and
  the phase, the end of the campaign, income and plague entering the next phase);
- ``PRESTATE_HOMES``: ``Power: provinces``, the home provinces each power holds;
- ``PRESTATE_ELIMINATED``: the powers out of the game.

:func:`game_case` writes such a case from a position and orders: what self-play
saves when the engine fails, so that ``machiavelli adjudicate FILE`` replays it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from machiavelli.cases.history import CaseError
from machiavelli.cases.model import AUTONOMOUS, Case, RawCase
from machiavelli.cases.money import format_loan
from machiavelli.cases.reader import EntryReader
from machiavelli.core.board import Board
from machiavelli.core.dice import Roll
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.orders import Order
from machiavelli.core.privacy import PrivateEvents
from machiavelli.core.results import OrderResult
from machiavelli.core.state import Dislodged, State, Unit

# The game's modules (the scenarios, the phase machine) are imported by the functions
# that need them: a case file without SCENARIO or SEED runs without them, and the
# command's start-up does not pay for them.

# -- reading --------------------------------------------------------------------------


def read_scenario(raw: RawCase) -> tuple[str, int | None] | None:
    """The ``SCENARIO`` line: (name, players), or None when the case has none."""
    if "SCENARIO" not in raw.values:
        return None
    text, line = raw.values["SCENARIO"]
    words = text.split()
    if not words or len(words) > 2 or (len(words) == 2 and not words[1].isdigit()):
        raise CaseError(f"expected 'SCENARIO <name> [<players>]', got {text!r}", line)
    return words[0], int(words[1]) if len(words) == 2 else None


def scenario_case_board(name: str, players: int | None, line: int) -> tuple[Board, State]:
    """The board and the first position of a scenario named by a case."""
    from machiavelli.game.scenario import load_scenario

    try:
        return load_scenario(name, players)
    except (KeyError, ValueError) as err:
        raise CaseError(f"SCENARIO: {err}", line) from None


def read_game_sections(rd: EntryReader, case: Case, raw: RawCase) -> None:
    """``SEED``, ``PRESTATE_HOMES``, ``PRESTATE_ELIMINATED`` and ``POSTSTATE_WINNERS``."""
    if "SEED" in raw.values:
        case.seed = raw.values["SEED"][0].strip()
    sec = raw.sections
    if "PRESTATE_HOMES" in sec:
        case.home = {}
        for text, line in sec["PRESTATE_HOMES"]:
            who, rest = rd.split_power(text, line)
            power = rd.power(who, line)
            assert power is not None
            case.home[power] = rd.places(rest, line) if rest.strip() else []
    for text, line in sec.get("PRESTATE_ELIMINATED", []):
        for word in text.replace(",", " ").split():
            power = rd.power(word, line)
            assert power is not None
            case.eliminated.append(power)
    if "POSTSTATE_WINNERS" in sec:
        if case.seed is None:
            line = (sec["POSTSTATE_WINNERS"] or [("", raw.line)])[0][1]
            raise CaseError("POSTSTATE_WINNERS needs SEED: only a game case ends the game", line)
        case.expect_winners = []
        for text, line in sec["POSTSTATE_WINNERS"]:
            for word in text.replace(",", " ").split():
                power = rd.power(word, line)
                assert power is not None
                case.expect_winners.append(power)


def case_board(case: Case, load_board: Callable[[str], Board]) -> Board:
    """The board a case is played on: its scenario's, or the variant's map."""
    if case.scenario is not None:
        from machiavelli.game.scenario import scenario_board

        return board_in_play(scenario_board(case.scenario, case.players), case.options)
    return board_in_play(load_board(case.board), case.options)


def scenario_fields(case: Case, state: State) -> State:
    """A position built from a case, with what its scenario and its game sections say."""
    if case.scenario is None:
        return state
    from machiavelli.game.scenario import load_scenario

    start = load_scenario(case.scenario, case.players)[1]
    state.powers = list(start.powers)
    state.home_countries = dict(start.home_countries)
    state.home = ({k: tuple(v) for k, v in case.home.items()} if case.home is not None
                  else dict(start.home))
    state.eliminated = list(case.eliminated)
    return state


# -- running --------------------------------------------------------------------------


def process_case(
    board: Board, state: State, orders: Mapping[str, Sequence[Order]], seed: str
) -> tuple[State, list[OrderResult], list[str], PrivateEvents, list[Roll], list[str]]:
    """The phase processed as a game processes it (``SEED``); the last item: the winners."""
    from machiavelli.game.process import process_phase

    done = process_phase(board, state, orders, seed)
    return done.after, list(done.results), list(done.events), dict(done.private_events), list(
        done.rolls), list(done.winners)


# -- writing --------------------------------------------------------------------------


def _unit_text(unit: Unit) -> str:
    owner = unit.owner or AUTONOMOUS
    special = f"{unit.special} " if unit.special else ""
    return f"{owner}: {special}{unit.kind} {unit.location}"


def _dislodged_text(d: Dislodged) -> str:
    text = _unit_text(d.unit)
    return text + (f" from {d.attacker_from}" if d.attacker_from else "")


def _rebellion_text(province: str, against: str, in_province: bool, in_city: bool) -> str:
    where = " ".join(w for w, on in (("province", in_province), ("city", in_city)) if on)
    return f"{province}: {against} {where}".rstrip()


def _by_power(owners: Mapping[str, str]) -> list[str]:
    grouped: dict[str, list[str]] = {}
    for place, power in sorted(owners.items()):
        grouped.setdefault(power, []).append(place)
    return [f"\t{power}: {', '.join(places)}" for power, places in sorted(grouped.items())]


def _section(name: str, lines: Sequence[str]) -> list[str]:
    return [name, *lines] if lines else []


def game_case(
    name: str,
    state: State,
    orders: Mapping[str, Sequence[str]],
    *,
    scenario: str,
    seed: str,
    players: int | None = None,
    comments: Sequence[str] = (),
) -> str:
    """A case file holding ``state`` and each power's order lines, replayed with ``seed``."""
    phase = state.phase.capitalize()
    options = " ".join(k if on else f"no{k}" for k, on in sorted(state.options.items()))
    lines = [f"# {c}" for c in comments]
    lines += [f"CASE {name}",
              f"SCENARIO {scenario}" + (f" {players}" if players is not None else ""),
              f"SEED {seed}",
              f"PRESTATE_SETPHASE {state.season.capitalize()} {state.year}, {phase}"]
    if options:
        lines.append(f"PRESTATE_OPTIONS {options}")
    units = state.units  # in the position's order, which the engine may follow
    lines += ["PRESTATE", *(f"\t{_unit_text(u)}" for u in units)]
    lines += _section("PRESTATE_SIEGES", [f"\t{_unit_text(u)}" for u in units if u.siege])
    lines += _section("PRESTATE_DISLODGED", [f"\t{_dislodged_text(d)}" for d in state.dislodged])
    lines += _section("PRESTATE_CONTESTED", ["\t" + ", ".join(state.contested)]
                      if state.contested else [])
    lines += _section("PRESTATE_PROVINCE_OWNERS", _by_power(state.province_owner))
    lines += _section("PRESTATE_CITY_OWNERS", _by_power(state.city_owner))
    lines += ["PRESTATE_HOMES", *(f"\t{p}: {', '.join(places)}".rstrip()
                                  for p, places in sorted(state.home.items()))]
    lines += _section("PRESTATE_REBELLIONS", [
        "\t" + _rebellion_text(p, r.against, r.in_province, r.in_city)
        for p, r in sorted(state.rebellions.items())])
    lines += _section("PRESTATE_TREASURY", [f"\t{p}: {n}" for p, n in
                                            sorted(state.treasury.items())])
    lines += _section("PRESTATE_LOANS", [
        f"\t{p}: {', '.join(format_loan(x) for x in loans)}"
        for p, loans in sorted(state.loans.items()) if loans])
    lines += _section("PRESTATE_CHITS", [f"\t{p}: {' '.join(t)}"
                                         for p, t in sorted(state.chits.items()) if t])
    for section, values in (("FAMINE", state.famine), ("ABUNDANCE", state.abundance),
                            ("PLAGUE", state.plague),
                            ("DEFAULTED", state.defaulted),
                            ("ASSASSINATED", state.assassinated),
                            ("ELIMINATED", state.eliminated)):
        lines += _section(f"PRESTATE_{section}", ["\t" + ", ".join(values)] if values else [])
    lines.append("ORDERS")
    for power in sorted(orders):
        lines += [f"\t{power}: {text}" for text in orders[power]]
    lines.append("END")
    return "\n".join(lines) + "\n"


__all__ = [
    "case_board",
    "game_case",
    "process_case",
    "read_game_sections",
    "read_scenario",
    "scenario_case_board",
    "scenario_fields",
]

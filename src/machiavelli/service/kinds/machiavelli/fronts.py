"""Machiavelli for the front ends: what the judge's front ends ask of the engine beyond
the game port.

The web, the mail and the command language never import the engine: they ask the
:class:`~machiavelli.service.judge.Judge`, which asks the game's kind through the port
(:mod:`machiavelli.service.port`: reading and checking orders, legal orders, options,
set-ups, the powers' letters) and, for what only Machiavelli has, this module: its
``SET`` flags as nJudge words them, its scenarios and their variants, the maps the web
and the mail have always drawn (the plague marked on a summer's map, the results of a
processed phase adjudicated again from the game's seed), random orders for the demo.
Every function takes plain values (a scenario's name, a position the views hold, lines
of text) and returns plain values or the service's views.  It sits beside the adapter
(:mod:`.kind`), which may take its pictures over once the port's ``picture`` marks the
plague.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from machiavelli.core.board import Board as Board
from machiavelli.core.dice import Dice
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.option_commands import (
    OptionError,
    apply_set_command,
    describe_changes,
    flags_listing,
    parse_set_command,
)
from machiavelli.core.options import (
    BAR,
    BAR_DEFAULTS,
    BAR_NAMES,
    FLAGS,
    VARIANT_DEFAULTS,
    options_in_force,
)
from machiavelli.core.orders import Order
from machiavelli.core.results import OrderResult as OrderResult
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase, process_phase
from machiavelli.game.scenario import (
    available_scenarios,
    list_scenarios,
    scenario_board,
    scenario_info,
)
from machiavelli.game.victory import cities_controlled, victory_line
from machiavelli.money.ledger import ledgers as money_ledgers
from machiavelli.movement.random_moves import random_phase_orders
from machiavelli.render import MASTER, MapViewer, draw_map
from machiavelli.render.units import struck_by
from machiavelli.service.port import Sight
from machiavelli.service.visibility import (
    LedgerView,
    OptionFlags,
    ScenarioView,
    StandingRow,
    StandingsView,
    VariantView,
)
from machiavelli.text.notation import format_order, parse_orders
from machiavelli.text.rule_index import rule_index


def board_of(scenario: str, players: int | None,
             options: Mapping[str, bool] | None = None) -> Board:
    """A game's board, from its scenario and number of players (read once: cached), with
    the High Seas when its ``options`` have them (BAR-14.3)."""
    return board_in_play(scenario_board(scenario, players), options or {})


# -- orders ------------------------------------------------------------------------
def random_lines(board: Board, position: State, rng: random.Random) -> dict[str, list[str]]:
    """Random legal orders that look like play, for every power (the demo's start)."""
    return {power: [format_order(o) for o in orders]
            for power, orders in random_phase_orders(board, position, rng).items()}


# -- options -----------------------------------------------------------------------
def options_held(options: Mapping[str, bool]) -> dict[str, bool]:
    """Every option with the value in force."""
    return options_in_force(options)


def options_listing(options: Mapping[str, bool]) -> str:
    """nJudge's flags line (``"Mach1: famine, noplague, loans, ..."``)."""
    return flags_listing(options_in_force(options))


def option_words(text: str) -> tuple[tuple[str, bool], ...] | None:
    """The options a ``SET`` names, in order (None: not options)."""
    try:
        return tuple(parse_set_command(text))
    except OptionError:
        return None


def set_options(options: Mapping[str, bool], text: str, *, started: bool
                ) -> dict[str, bool] | str:
    """The options after a master's ``SET``, or why it is refused."""
    return apply_set_command(options, text, started=started)


def option_changes(before: Mapping[str, bool], after: Mapping[str, bool]) -> list[str]:
    """One sentence per option whose value in force changed."""
    return describe_changes(before, after)


# -- scenarios -----------------------------------------------------------------------
def scenario_names() -> list[str]:
    return available_scenarios()


def scenarios(names: Sequence[str] | None = None) -> list[ScenarioView]:
    """Each scenario (every one, or those ``names``) with its variants."""
    infos = list_scenarios() if names is None else [scenario_info(n) for n in names]
    return [ScenarioView(i.name, i.title, tuple(i.powers),
                         tuple(VariantView(v.players, v.option, tuple(v.powers),
                                           tuple(tuple(side) for side in v.sides))
                               for v in i.variants))
            for i in infos]


def option_flags() -> OptionFlags:
    """001's flags, then seed 003's family flag and its six (Balance at Risk), with their
    defaults in each family, ``bar``'s included."""
    families = {family: dict(defaults) for family, defaults in VARIANT_DEFAULTS.items()}
    families[BAR] = dict(BAR_DEFAULTS)
    return OptionFlags((*FLAGS, *BAR_NAMES), families)


def cities(board: Board, position: State, power: str) -> int:
    """How many of the cities that count ``power`` controls."""
    return len(cities_controlled(board, position, power))


def standings(board: Board, position: State, victory_cities: int | None) -> StandingsView:
    """Each power's cities, provinces and units in ``position`` (the eliminated too, with
    nothing), most cities first, and the victory condition in force (VIC-1)."""
    rows = []
    for power in position.powers:
        units = [u for u in position.units if u.owner == power]
        rows.append(StandingRow(
            power, len(cities_controlled(board, position, power)),
            sum(1 for owner in position.province_owner.values() if owner == power),
            sum(1 for u in units if u.kind == "A"), sum(1 for u in units if u.kind == "F"),
            sum(1 for u in units if u.kind == "G")))
    rows.sort(key=lambda r: (-r.cities, -r.provinces, -r.units, r.power))
    goal = victory_line(board, position, victory_cities).split(" (001 ", 1)[0]
    return StandingsView(tuple(rows), goal)


# -- pictures ------------------------------------------------------------------------
def render_name(viewer: Sight) -> MapViewer:
    """The renderer's viewer: the master, a power's name, the powers one player holds (a
    variant that deals two a player: each one's orders and treasury are drawn), or the
    public (None)."""
    if viewer.master:
        return MASTER
    if len(viewer.seats) > 1:
        return tuple(sorted(viewer.seats))
    return min(viewer.seats) if viewer.seats else None


def plague_marks(board: Board, position: State | None, report: str) -> list[str]:
    """The provinces the plague struck as ``position`` began (its report says), drawn on
    a summer movement's map."""
    if position is None or not (position.season == "summer" and position.phase == "movement"):
        return []
    return list(struck_by(board, "Plague", report))


def picture(board: Board, position: State, viewer: Sight, *, title: str | None = None,
            pending: Mapping[str, str] | None = None, plague: Sequence[str] = (),
            results: Sequence[OrderResult] = ()) -> str:
    """``position`` drawn for ``viewer`` (SVG), with the orders ``pending`` (text per
    power: only the viewer's own are drawn), the plague's provinces, the ``results`` of
    the phase processed from it."""
    orders: dict[str, list[Order]] | None = None
    if pending is not None:
        orders = {power: list(parse_orders(text, board, position, power).orders)
                  for power, text in pending.items()}
    return draw_map(board, position, viewer=render_name(viewer), pending=orders,
                    plague=plague, results=results, title=title)


def results(board: Board, before: State, orders: Mapping[str, str], seed: str
            ) -> list[OrderResult]:
    """The orders processed from ``before`` and how each ended, adjudicated again from the
    game's seed (the same position, orders and seed give the same results)."""
    parsed = {power: list(parse_orders(text, board, before, power).orders)
              for power, text in orders.items() if power in before.powers}
    return adjudicate_phase(board, before, parsed, Dice.for_phase(seed, before)).results


def title_of(scenario: str) -> str:
    return scenario_info(scenario).title


def rules() -> list[tuple[str, str, str, str]]:
    """The rule index (:mod:`machiavelli.text.rule_index`): (section, id, text, source)
    for every rule, in the index's order."""
    return [(r.section, r.id, r.text, r.source) for r in rule_index().values()]


def ledgers(board: Board, before: State, after: State, orders: Mapping[str, str], seed: str,
            phase: int) -> list[LedgerView]:
    """Every power's ledger of the phase processed from ``before`` to ``after`` (number
    ``phase``), its results and private events found again from the game's seed."""
    parsed = {power: list(parse_orders(text, board, before, power).orders)
              for power, text in orders.items() if power in before.powers}
    done = process_phase(board, before, parsed, seed)
    return [LedgerView(p, phase, before.label, found.start, found.lines, found.end)
            for p, found in money_ledgers(before, after, done.results,
                                          done.private_events).items()]

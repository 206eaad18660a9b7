"""Victory (001, VICTORY; 004's victory conditions; seed 000 for the Basic game).

A power wins when, at the end of a campaign, it controls at least a number of
cities and holds at least a number of home countries (VIC-1).  The game master
sets the number of cities; the judge derives the home countries required from it
as ``(cities + 1) // 8`` (VIC-7, rounded down: ruling on ambiguity 5 in
docs/rulings.md), which gives the advanced (15 cities, 2 home countries, VIC-5)
and ultimate (23 cities, 3, VIC-6) conditions and the home country count of the
basic one (12 cities, 1, VIC-4).  The named conditions are :data:`BASIC`,
:data:`ADVANCED` and :data:`ULTIMATE`; the Basic condition also needs every city
of the power's own home country and six others (VIC-4, seed 000 III.B).  With no
number set, the classic game's condition applies: 15 cities and two home countries
(004, D004-14; the same as ADVANCED and VIC-1's "two home areas"); with four
powers or fewer in the game, 18 cities (seed 000, Advanced victory II.B).

How a game stores the number: not in ``state.options`` (booleans only) but as a
game setting, ``GameSettings.victory_cities`` in the game directory's game.json
(``machiavelli new --victory-cities N``), passed to :func:`winners` by the phase
machine after each campaign.

Counting: a city counts for its controller (``state.city_owner``), a fortress only
when fortresses are in use (FORT-0); besieged or rebelling cities still count
(control is unchanged, REB-EFF-2).  Home countries are those the power holds now
(HOME-1..4, :func:`machiavelli.core.homes.countries_held`), its own included if it
still holds it; holding its own is not required (001 "incl. yours" counts it
toward the number; nJudge's rules say the same).  Under ``diplomacy`` the
Diplomacy condition applies instead: more than half the supply centres (18 of 34
on the standard map), or the number set, with no home countries, checked only after
the fall campaign: the supply centres change hands only then
(:func:`machiavelli.movement.control.update_supply_centres`), so a check after spring
would find what the last fall's found.  Under ``mach2`` (rules.machiavelli2 "WINNING",
docs/mach2.md M3) only the cities count: no home country is required, and victory is
checked only after the fall campaign.  In both, ``winners(..., fall_end=False)`` returns
nobody.

Several powers qualifying at once: the one with the most cities wins; powers
tied on cities are all returned, and the game master decides (VIC-2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.homes import countries_held, original_home_countries, playing
from machiavelli.core.options import Rules, mach2_rules, rules_of
from machiavelli.core.state import NATIVE, State
from machiavelli.game.adjustments import supply_centres
from machiavelli.game.bar_end import bar_winners, victory_reason, victory_text
from machiavelli.game.elimination import city_in_use


@dataclass(frozen=True, slots=True)
class VictoryCondition:
    """What a power needs, at the end of a campaign, to win."""

    cities: int
    home_countries: int
    own_home_cities: bool = False  # every city of its own (setup) home country (Basic)
    other_cities: int = 0  # at least this many cities outside its own home country
    name: str = ""

    def __str__(self) -> str:
        what = f"{self.cities} cities and {self.home_countries} home countr" + (
            "y" if self.home_countries == 1 else "ies")
        if self.own_home_cities:
            what += f", every city of its own home country and {self.other_cities} others"
        return f"{self.name} victory: {what}" if self.name else what


BASIC = VictoryCondition(12, 1, own_home_cities=True, other_cities=6, name="basic")  # VIC-4
ADVANCED = VictoryCondition(15, 2, name="advanced")  # VIC-5
ULTIMATE = VictoryCondition(23, 3, name="ultimate")  # VIC-6
CLASSIC = VictoryCondition(15, 2, name="classic")  # 004 (D004-14)
DEFAULT = CLASSIC
SMALL_GAME = VictoryCondition(18, 2, name="small game")  # seed 000 II.B: four players or fewer
HALL_OF_FAME_CITIES = 23  # VIC-3: the number 001 recommends (Hall of Fame qualifying)


def required_home_countries(cities: int) -> int:
    """The judge's home countries for a number of cities: (cities + 1) / 8, rounded down."""
    return max(0, (cities + 1) // 8)


def condition_for(cities: int) -> VictoryCondition:
    """The condition the game master sets by a number of cities (VIC-1, VIC-7)."""
    return VictoryCondition(cities, required_home_countries(cities))


def default_condition(state: State) -> VictoryCondition:
    """No number set: 15 cities and two home countries; 18 with four powers or fewer."""
    return SMALL_GAME if 0 < len(state.powers) <= 4 else DEFAULT


def diplomacy_condition(board: Board, cities: int | None = None) -> VictoryCondition:
    """Diplomacy: more than half the supply centres, or the number set; no home countries."""
    if cities is None:
        return _MAJORITY(board)
    return VictoryCondition(cities, 0, name="diplomacy")


def _majority(board: Board) -> VictoryCondition:
    return VictoryCondition(len(supply_centres(board)) // 2 + 1, 0, name="diplomacy")


_MAJORITY: PerBoard[VictoryCondition] = PerBoard(_majority)


def condition_in_force(board: Board, state: State, cities: int | None = None) -> VictoryCondition:
    """The condition of a game whose master set ``cities`` (or nothing)."""
    if state.option("diplomacy"):
        return diplomacy_condition(board, cities)
    return default_condition(state) if cities is None else condition_for(cities)


def victory_line(board: Board, state: State, cities: int | None = None) -> str:
    """The victory condition as the game information states it (VIC-1), with 001's
    recommendation of at least 23 cities for a rated game when fewer are needed (VIC-3)."""
    if state.option("bar"):  # seed 003's condition (BAR-4.4)
        return victory_text(cities)
    condition = condition_in_force(board, state, cities)
    cities_only = state.option("diplomacy") or mach2_rules(state)  # M3: no home countries
    what = f"{condition.cities} cities" if cities_only else str(replace(condition, name=""))
    line = f"Victory: {what}."
    if not state.option("diplomacy") and condition.cities < HALL_OF_FAME_CITIES:
        line += (f" (001 recommends at least {HALL_OF_FAME_CITIES} cities, which qualifies"
                 " the game for the Hall of Fame, except for short non-rated teaching games.)")
    return line


def victory_report(board: Board | None, state: State, won: Sequence[str]) -> str:
    """The report's last line when ``won`` won the game; under ``bar`` with why (the
    cities with their provinces and the capital among them, BAR-4.4)."""
    line = f"Victory: {', '.join(won)} won the game"
    if board is not None and state.option("bar"):
        line += ": " + "; ".join(victory_reason(board, state, p) for p in won)
    return line + "."


def cities_controlled(board: Board, state: State, power: str) -> list[str]:
    """The cities ``power`` controls that count (fortresses only when in use)."""
    if state.option("diplomacy"):
        return [p for p in supply_centres(board) if state.city_owner.get(p) == power]
    return sorted(
        p for p, owner in state.city_owner.items()
        if owner == power and city_in_use(board, state, p)
    )


def meets(board: Board, state: State, power: str, condition: VictoryCondition) -> bool:
    """Whether ``power`` fulfils ``condition`` now."""
    cities = cities_controlled(board, state, power)
    if len(cities) < condition.cities:
        return False
    if (condition.home_countries and not state.option("diplomacy")
            and not mach2_rules(state)  # M3: cities only
            and len(countries_held(board, state, power)) < condition.home_countries):
        return False
    if condition.own_home_cities or condition.other_cities:
        own = set(original_home_countries(board, state).get(power, []))
        own_cities = {p for p in own if city_in_use(board, state, p)}
        if condition.own_home_cities and not own_cities <= set(cities):
            return False
        if len([p for p in cities if p not in own]) < condition.other_cities:
            return False
    return True


def _most_cities(state: State) -> int:
    """The most cities one power controls, counting any."""
    owners = state.city_owner.values()
    if not NATIVE:
        return max(Counter(owners).values(), default=0)  # counted in C
    # compiled, where Counter is interpreted Python: counted in a plain loop
    counted: dict[str, int] = {}
    most = 0
    for owner in owners:
        n = counted.get(owner, 0) + 1
        counted[owner] = n
        if n > most:
            most = n
    return most


def winners(
    board: Board,
    state: State,
    cities: int | None = None,
    condition: VictoryCondition | None = None,
    *,
    fall_end: bool = True,
    rules: Rules | None = None,
) -> list[str]:
    """The powers that have won at the end of a campaign (usually none, at most one).

    ``cities`` is the number the game master set (home countries by VIC-7);
    ``condition`` a named one (:data:`BASIC`, ...), which takes precedence.
    Neither: :func:`default_condition` (Diplomacy: a majority of the supply centres).
    ``fall_end``: the campaign that ended is the fall one; under ``mach2`` (M3) and
    ``diplomacy`` (the supply centres change hands only then) victory is checked only then.
    ``rules``: the rules of ``state.options``, when the caller has them already.
    """
    if rules is None:
        rules = rules_of(state.options)
    if not fall_end and (rules.mach2 or rules.diplomacy):
        return []
    if rules.bar and condition is None:  # seed 003's victory (BAR-4.4)
        return bar_winners(board, state, cities)
    if condition is None:
        condition = condition_in_force(board, state, cities)
    need = condition.cities
    # cities held, counting any: no fewer than those that count
    if _most_cities(state) < need:
        return []  # nobody owns enough cities (the usual case: nothing more to count)
    owned = Counter(state.city_owner.values())
    candidates = state.powers or sorted(owned)
    qualified = {
        p: len(cities_controlled(board, state, p))
        for p in candidates
        if owned.get(p, 0) >= need and playing(state, p) and meets(board, state, p, condition)
    }
    if not qualified:
        return []
    most = max(qualified.values())
    return [p for p, n in qualified.items() if n == most]


__all__ = [
    "ADVANCED",
    "BASIC",
    "CLASSIC",
    "DEFAULT",
    "HALL_OF_FAME_CITIES",
    "SMALL_GAME",
    "ULTIMATE",
    "VictoryCondition",
    "cities_controlled",
    "condition_for",
    "condition_in_force",
    "default_condition",
    "diplomacy_condition",
    "meets",
    "required_home_countries",
    "victory_line",
    "victory_report",
    "winners",
]

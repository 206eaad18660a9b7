"""Starting positions: scenario files (TOML) -> the board and the first State of a game.

Scenario files live in ``machiavelli/data/scenarios/<name>.toml``.  The format, also
written at the top of every file (only ``board``, ``title``, ``year``, ``season``,
``phase`` and ``powers`` are required)::

    board = "classic"            # the map: data/maps/<board>.toml
    title = "Machiavelli 1454: The Balance of Power"
    year = 1454                  # the first campaign
    season = "spring"            # spring | summer | fall | winter
    phase = "movement"           # movement | retreat | adjustment
    off_board = ["avi", "mar"]   # provinces not on the board in this scenario (a
                                 # neutral power's, 000 Basic VII.8): no unit may
                                 # enter them; nobody owns them
    not_home = ["mil"]           # provinces that belong to no home country although a
                                 # power controls them at the start
    city_income = { flo = 2 }    # a city's income in this scenario (1 to 5)
    army_adjacency = [["sla", "bos"]]   # army moves the scenario adds (both ways)
    plague_from = 1348           # no plague before this year
    build_anywhere = ["Normans"] # powers that build in any city they control
    no_fleets = ["Empire"]       # powers that never build fleets nor convert to them
    unplayed = ["Lombardy"]      # powers in play that no player takes (they hold)

    [cities]                     # cities as the scenario has them: kind, port, income
    cor = { kind = "fortified", port = true }   # (keys not given stay the map's)
    fri = { kind = "fortified", income = 1 }    # a city where the map has none

    [tables]                     # the scenario's own famine / plague / storm tables,
    plague = [[...11 cells...], ...]   # 11 rows of 11, as in the map files

    [special_limits]             # the special units each power may build (replaces
    Pisa = ["militia", "elite_mercenary"]   # the map's table; a power not listed may
                                 # build any)

    [options]                    # State.options: the scenario's defaults (the
    fortresses = true            # names of machiavelli.core.options)

    [victory]                    # the default victory conditions
    cities = 15
    home_countries = 2           # including the winner's own

    [variable_income]            # who rolls variable income; without this table the
    Milan = 1                    # board's table is used.  <power> = dice: the roll of
    rme = { dice = 1, row = "Papacy" }   # that home country (whoever holds it), on the
                                 # board's row for that power; <province> = the roll of
                                 # whoever controls its city, on the board's row named
                                 # by ``row``; ``ducats = [six numbers]`` instead of a row

    [powers.Venice]              # one table per power in play, in play order
    units = ["F dal", "G ven"]   # A army / F fleet in the province proper, G garrison
                                 # in its city; "F cro/nc" for a fleet at a coast
    owns = ["ist"]               # provinces controlled without a unit there
    treasury = 0                 # starting ducats, where the scenario gives them
    letter = "G"                 # only for a power the board does not have (it may
                                 # take the letter of a board power not in the scenario)

    [countries.Naples]           # a home country held at the start by another power
    provinces = ["nap", "bar"]   # (nJudge's judge setups of 1513 and 1521)
    holder = "Austria"

    [autonomous]
    units = ["G fer", "G gen"]   # autonomous garrisons (no owner)
    with_fortresses = ["G for"]  # more, in fortresses, placed only with fortresses in use

    [[variants]]                 # the game for a number of players (000 "VARIANTS")
    players = 3
    option = 2                   # where the rulebook gives several for one number
    sides = [["Milan"], ["Venice", "*"], ["*"]]   # what each player takes, one list
                                 # per player; "*" is any one power no side names
    neutral = ["Austria"]        # powers out of the game: units removed, provinces
                                 # off the board
    autonomous = ["Florence"]    # powers out of the game whose units become
                                 # autonomous garrisons (where a city is fortified)
    remove_autonomous = ["gen"]  # autonomous garrisons the variant takes away
    not_home = ["gen"]           # more provinces that are no one's home
    army_adjacency = []          # more army moves
    basic_victory = false        # 000's asterisk: not for the Basic Game victory
    note = "..."
    [variants.powers.Genoa]      # a power the variant adds (with a letter), or units
    letter = "G"                 # and provinces it gives a power; what it adds to an
    units = ["G gen"]            # existing power is not part of its home country

Starting treasuries: a power without ``treasury`` starts a game with money by 000's
procedure (income less upkeep, :mod:`machiavelli.game.start`; :func:`unfunded_powers`
names them).

A power controls every province where it has a unit or that it owns, and the city in
each (a garrison's owner keeps its city when another power's army or fleet holds the
province: see :mod:`machiavelli.game.scenario.build`).  A power's home country is every
province it controls at the start (000 Basic V.D), less ``not_home`` and the provinces
of ``[countries]``; ``State.home_countries`` gets every home country in play
(country -> provinces) and ``State.home`` each power's provinces of the home countries it
holds.  The board returned is the map made for the scenario (home letters, provinces
off the board, city incomes, added army moves, variable income): keep using it, or get
it again with :func:`scenario_board` and the same arguments, rather than
``load_board(state.board)`` (the bare map; the same board only where the scenario
changes nothing, as in ``classic_1454`` and ``standard_1901``).

``load_scenario(name)`` is the full game (every power of the file); ``load_scenario(name,
players)`` the variant for that many players (option 1 unless ``option`` is given or
the name ends in ``:<option>``, as in ``"classic_1454:2"``).  A problem raises
:class:`ScenarioError` (a ``ValueError``) naming the file, the entry and the problem.
"""

from __future__ import annotations

import functools
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from machiavelli.core.board import Board
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.state import State
from machiavelli.game.scenario.boardless import boardless_names, load_boardless
from machiavelli.game.scenario.build import build, unfunded
from machiavelli.game.scenario.checks import ScenarioError
from machiavelli.game.scenario.spec import ANY, ScenarioSpec, SpecReader, VariantSpec, Victory

_NAME = re.compile(r"([a-z0-9_]+)(?::([1-9]))?")

__all__ = [
    "ScenarioError",
    "ScenarioInfo",
    "VariantInfo",
    "Victory",
    "available_scenarios",
    "list_scenarios",
    "load_scenario",
    "load_scenario_file",
    "parse_scenario",
    "scenario_board",
    "scenario_info",
    "unfunded_powers",
]


@dataclass(frozen=True)
class VariantInfo:
    """One way to play a scenario: how many players, which powers, who takes what."""

    players: int
    option: int
    powers: tuple[str, ...]  # in play
    sides: tuple[tuple[str, ...], ...]  # per player; "*" = any one power no side names
    neutral: tuple[str, ...] = ()
    autonomous: tuple[str, ...] = ()  # dropped, their units now autonomous garrisons
    basic_victory: bool = True
    note: str = ""

    def describe_sides(self) -> str:
        """``"Milan | Naples | Venice + Florence"``; free choices read "any"."""
        return " | ".join(" + ".join("any" if p == ANY else p for p in s) for s in self.sides)


@dataclass(frozen=True)
class ScenarioInfo:
    name: str
    title: str
    year: int
    map: str
    powers: tuple[str, ...]  # the powers of the full game
    player_counts: tuple[int, ...]
    variants: tuple[VariantInfo, ...]
    victory: Victory | None = None
    unplayed: tuple[str, ...] = ()  # powers in play that no player takes

    def variant(self, players: int | None = None, option: int | None = None) -> VariantInfo:
        """The variant ``load_scenario(name, players, option=option)`` sets up."""
        if players is None:
            sides = tuple((p,) for p in self.powers if p not in self.unplayed)
            return VariantInfo(len(sides), 1, self.powers, sides)
        found = [v for v in self.variants if v.players == players]
        if option is not None:
            found = [v for v in found if v.option == option]
        if not found:
            raise ScenarioError(f"{self.name}: no variant for {players} players")
        return found[0]


# -- public functions --------------------------------------------------------------------


def load_scenario(
    name: str,
    players: int | None = None,
    *,
    option: int | None = None,
    options: Mapping[str, bool] | None = None,
) -> tuple[Board, State]:
    """The board and a fresh starting State of ``data/scenarios/<name>.toml``.

    ``players`` None: the full game; a number: the variant for that many players.
    ``options``: the game's options where they differ from the scenario's (the game
    master's ``set`` commands); they decide, e.g., whether the autonomous garrisons of
    fortresses are placed.
    """
    base, suffix = _split_name(name)
    if suffix is not None:
        if option is not None and option != suffix:
            raise ScenarioError(f"{name}: option {suffix} in the name, option {option} given")
        option = suffix
    chosen = tuple(sorted((options or {}).items()))
    board, state = _built(base, players, option, chosen)
    return board_in_play(board, state.options), state.copy()  # (the High Seas, BAR-14.3)


def scenario_board(
    name: str, players: int | None = None, *, option: int | None = None
) -> Board:
    """The board of a game of ``name`` (the same as ``load_scenario(...)[0]``).

    Use it to get a game's board again from its settings: ``load_board(state.board)``
    is the bare map, without the scenario's home letters, provinces off the board and
    variable income.
    """
    base, suffix = _split_name(name)
    if suffix is not None:
        if option is not None and option != suffix:
            raise ScenarioError(f"{name}: option {suffix} in the name, option {option} given")
        option = suffix
    return _built(base, players, option, ())[0]  # a board is never changed: no copy of the state


def unfunded_powers(
    name: str, players: int | None = None, *, option: int | None = None
) -> tuple[str, ...]:
    """The powers of that game whose starting treasury the scenario does not give.

    With money in play they start with 000's procedure (:mod:`machiavelli.game.start`).
    """
    base, suffix = _split_name(name)
    spec = _spec(base)
    return tuple(unfunded(spec, _select(spec, players, option if suffix is None else suffix)))


def load_scenario_file(
    path: str | os.PathLike[str],
    players: int | None = None,
    *,
    option: int | None = None,
    options: Mapping[str, bool] | None = None,
) -> tuple[Board, State]:
    """A scenario from any TOML file (not cached); arguments as :func:`load_scenario`'s."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(f"{p}: cannot read: {exc}") from exc
    spec = _parse(text, str(p))
    return build(spec, _select(spec, players, option), options)


def parse_scenario(text: str, source: str) -> tuple[Board, State]:
    """The full game of the scenario in ``text`` (``source`` names it in errors)."""
    return build(_parse(text, source), None)


def available_scenarios() -> list[str]:
    folder = resources.files("machiavelli").joinpath("data", "scenarios")
    return sorted(f.name[: -len(".toml")] for f in folder.iterdir() if f.name.endswith(".toml"))


def scenario_info(name: str) -> ScenarioInfo:
    """Title, year, map, powers and variants of a shipped scenario."""
    base, _ = _split_name(name)
    return _info(base, _spec(base))


def list_scenarios() -> list[ScenarioInfo]:
    """Every shipped scenario, by map, then year, then name."""
    infos = [scenario_info(n) for n in available_scenarios()]
    return sorted(infos, key=lambda i: (i.map, i.year, i.name))


# -- inside ------------------------------------------------------------------------------


def _split_name(name: str) -> tuple[str, int | None]:
    m = _NAME.fullmatch(name)
    if not m:
        raise ScenarioError(f"{name!r}: not a scenario name")
    return m[1], int(m[2]) if m[2] else None


def _parse(text: str, source: str) -> ScenarioSpec:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: TOML syntax error: {exc}") from exc
    return SpecReader(source).read(data)


@functools.cache
def _spec(name: str) -> ScenarioSpec:
    res = resources.files("machiavelli").joinpath("data", "scenarios", f"{name}.toml")
    if not res.is_file():
        if name in boardless_names():
            waiting = load_boardless(name)
            raise ScenarioError(f"{name} ({waiting.title}) is {waiting.status}: "
                                + "; ".join(waiting.missing))
        known = ", ".join(available_scenarios()) or "none"
        raise ScenarioError(f"{name}.toml: no such scenario (available: {known})")
    return _parse(res.read_text(encoding="utf-8"), f"{name}.toml")


@functools.cache
def _built(
    name: str,
    players: int | None,
    option: int | None,
    options: tuple[tuple[str, bool], ...] = (),
) -> tuple[Board, State]:
    spec = _spec(name)
    return build(spec, _select(spec, players, option), dict(options))


def _counts(spec: ScenarioSpec) -> tuple[int, ...]:
    if not spec.variants:
        return (len(spec.played),)
    return tuple(sorted({v.players for v in spec.variants}))


def _select(spec: ScenarioSpec, players: int | None, option: int | None) -> VariantSpec | None:
    """The variant asked for (None: the full game), or a clear error."""
    name = spec.source.removesuffix(".toml")
    if players is None:
        if option is not None:
            raise ScenarioError(f"{name}: option {option} needs a number of players")
        return None
    counts = ", ".join(str(n) for n in _counts(spec))
    if not spec.variants:
        if players == len(spec.played) and option in (None, 1):
            return None
        raise ScenarioError(
            f"{name}: cannot be played by {players} players: it is played by {counts} "
            "(one power each)"
        )
    found = sorted((v for v in spec.variants if v.players == players), key=lambda v: v.option)
    if not found:
        raise ScenarioError(
            f"{name}: no variant for {players} players (it offers {counts} players)"
        )
    if option is None:
        return found[0]
    for variant in found:
        if variant.option == option:
            return variant
    options = ", ".join(str(v.option) for v in found)
    raise ScenarioError(f"{name}: {players} players has option {options}, not {option}")


def _info(name: str, spec: ScenarioSpec) -> ScenarioInfo:
    names = spec.power_names
    variants: list[VariantInfo] = []
    for v in sorted(spec.variants, key=lambda v: (v.players, v.option)):
        extra = tuple(p.name for p in v.powers if p.name not in names)
        in_play = tuple(p for p in names + extra if p not in v.neutral + v.autonomous)
        variants.append(
            VariantInfo(v.players, v.option, in_play, v.sides, v.neutral, v.autonomous,
                        v.basic_victory, v.note)
        )
    if not variants:
        sides = tuple((p,) for p in spec.played)
        variants.append(VariantInfo(len(sides), 1, names, sides))
    return ScenarioInfo(
        name=name,
        title=spec.title,
        year=spec.year,
        map=spec.board.name,
        powers=names,
        player_counts=_counts(spec),
        variants=tuple(variants),
        victory=spec.victory,
        unplayed=spec.unplayed,
    )

"""Reading a scenario file: TOML text -> a checked :class:`ScenarioSpec` (no position yet).

The format is described in :mod:`machiavelli.game.scenario`.  Everything that can be checked
without choosing a variant is checked here: unknown keys, unknown provinces, units that
cannot stand where they are put, powers a variant names that the scenario does not
have, sides that do not add up.  :mod:`machiavelli.game.scenario.build` turns a spec and a
variant into a board and a State.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, replace
from typing import Any, cast

from machiavelli.core.board import Board, BoardError
from machiavelli.core.maps import load_board
from machiavelli.core.options import not_implemented, option_name
from machiavelli.core.state import SEASONS, PhaseKind, Season, Unit, UnitKind
from machiavelli.game.scenario.checks import ScenarioError as ScenarioError
from machiavelli.game.scenario.map import MapChanges

PHASES: tuple[PhaseKind, ...] = ("movement", "retreat", "adjustment")
TOP_KEYS = frozenset(
    {
        "board", "title", "year", "season", "phase", "options", "victory",
        "variable_income", "off_board", "not_home", "city_income", "army_adjacency",
        "powers", "countries", "autonomous", "variants", "cities", "tables", "plague_from",
        "special_limits", "build_anywhere", "no_fleets", "unplayed",
    }
)  # fmt: skip
POWER_KEYS = frozenset({"letter", "units", "owns", "treasury"})
VARIANT_KEYS = frozenset(
    {
        "players", "option", "sides", "neutral", "autonomous", "remove_autonomous",
        "not_home", "army_adjacency", "powers", "basic_victory", "note",
    }
)  # fmt: skip
ANY = "*"  # in a side: any one power that no side names
MAX_PLAYERS = 20
_UNIT = re.compile(r"([AFG])\s+([a-z][a-z0-9]{2,3})(?:/([a-z]{2}))?")
_POWER_NAME = re.compile(r"[A-Z][A-Za-z]*")


@dataclass(frozen=True, slots=True)
class PowerSpec:
    name: str
    letter: str | None = None  # only for a power the board does not have
    units: tuple[Unit, ...] = ()
    owns: tuple[str, ...] = ()
    treasury: int | None = None


@dataclass(frozen=True, slots=True)
class CountrySpec:
    """A home country held at the start by a power other than its own."""

    name: str
    provinces: tuple[str, ...]
    holder: str


@dataclass(frozen=True, slots=True)
class IncomeSpec:
    """One variable-income roll: a power's home country or a city (province id)."""

    source: str
    dice: int
    ducats: tuple[int, ...]  # for die results 1..6


@dataclass(frozen=True, slots=True)
class Victory:
    cities: int
    home_countries: int  # including the winner's own


@dataclass(frozen=True, slots=True)
class VariantSpec:
    players: int
    option: int
    sides: tuple[tuple[str, ...], ...]
    neutral: tuple[str, ...] = ()
    autonomous: tuple[str, ...] = ()  # powers whose units become autonomous garrisons
    remove_autonomous: tuple[str, ...] = ()
    not_home: tuple[str, ...] = ()
    army_adjacency: tuple[tuple[str, str], ...] = ()
    powers: tuple[PowerSpec, ...] = ()  # powers added, or units added to a power
    basic_victory: bool = True
    note: str = ""


@dataclass(frozen=True)
class ScenarioSpec:
    source: str
    board: Board
    title: str
    year: int
    season: Season
    phase: PhaseKind
    options: dict[str, bool]
    victory: Victory | None
    variable_income: tuple[IncomeSpec, ...] | None  # None: the board's table
    off_board: tuple[str, ...]
    not_home: tuple[str, ...]
    army_adjacency: tuple[tuple[str, str], ...]  # army edges the scenario adds
    powers: tuple[PowerSpec, ...]
    countries: tuple[CountrySpec, ...]
    autonomous: tuple[Unit, ...]
    variants: tuple[VariantSpec, ...]
    unplayed: tuple[str, ...] = ()  # powers in play that no player takes
    fortress_autonomous: tuple[Unit, ...] = ()  # autonomous garrisons when forts are in use

    @property
    def power_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.powers)

    @property
    def played(self) -> tuple[str, ...]:
        """The powers of the full game that players take (all but ``unplayed``)."""
        return tuple(p.name for p in self.powers if p.name not in self.unplayed)


class SpecReader(MapChanges):
    """Checks the data of one scenario file; errors name the file and the entry."""

    # -- the file ----------------------------------------------------------------------
    def read(self, data: dict[str, Any]) -> ScenarioSpec:
        self.table("(top level)", data, TOP_KEYS)
        spec_map = self.board(data.get("board"))
        board = self.scenario_board(spec_map, data)
        title = data.get("title")
        if not isinstance(title, str) or not title.strip():
            raise self.fail("title", "missing (the scenario's title)")
        year = data.get("year")
        if not isinstance(year, int) or isinstance(year, bool):
            raise self.fail("year", f"must be a whole number, not {year!r}")
        season = data.get("season")
        if season not in SEASONS:
            raise self.fail("season", f"must be one of {', '.join(SEASONS)}, not {season!r}")
        phase = data.get("phase")
        if phase not in PHASES:
            raise self.fail("phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
        raw_powers = data.get("powers")
        if not isinstance(raw_powers, dict) or not raw_powers:
            raise self.fail("powers", "missing (one table per power)")
        powers = tuple(
            self.power(board, f"powers.{name}", name, raw, new_allowed=True)
            for name, raw in raw_powers.items()
        )
        names = [p.name for p in powers]
        board = self.power_rules(board, names, data)
        if board == spec_map:
            board = spec_map  # the map itself where the scenario changes none of it
        unplayed = self.power_names(names, "unplayed", data.get("unplayed", []))
        if len(unplayed) == len(names):
            raise self.fail("unplayed", "no power is left for the players")
        auto = self.table("autonomous", data.get("autonomous", {}),
                          frozenset({"units", "with_fortresses"}))
        autonomous = self.units(board, "autonomous.units", auto.get("units", []), None)
        if any(u.kind != "G" for u in autonomous):
            raise self.fail("autonomous.units", "autonomous units are garrisons (G)")
        in_forts = self.units(board, "autonomous.with_fortresses",
                              auto.get("with_fortresses", []), None)
        for unit in in_forts:
            city = board.provinces[unit.province].city
            if unit.kind != "G" or city is None or city.kind != "fortress":
                raise self.fail("autonomous.with_fortresses",
                                f"{unit.kind} {unit.location}: not a garrison in a fortress")
        spec = ScenarioSpec(
            source=self.source,
            board=board,
            title=title,
            year=year,
            season=cast(Season, season),
            phase=cast(PhaseKind, phase),
            options=self.options(data.get("options", {})),
            victory=self.victory(data.get("victory")),
            variable_income=self.variable_income(board, names, data.get("variable_income")),
            off_board=tuple(self.provinces(board, "off_board", data.get("off_board", []),
                                           land=True)),
            not_home=tuple(self.provinces(board, "not_home", data.get("not_home", []),
                                          land=True)),
            army_adjacency=self.army_adjacency(board, "army_adjacency",
                                               data.get("army_adjacency", [])),
            powers=powers,
            countries=self.countries(board, names, data.get("countries", {})),
            autonomous=tuple(autonomous),
            variants=(),
            unplayed=tuple(unplayed),
            fortress_autonomous=tuple(in_forts),
        )
        self.check_letters(spec, list(spec.powers))
        variants = self.variants(spec, data.get("variants", []))
        return replace(spec, variants=variants)

    def board(self, name: object) -> Board:
        if not isinstance(name, str):
            raise self.fail("board", "missing (the name of a board)")
        try:
            return load_board(name)
        except BoardError as exc:
            raise self.fail("board", str(exc)) from exc

    def options(self, raw: object) -> dict[str, bool]:
        if not isinstance(raw, dict):
            raise self.fail("options", f"must be a table, not {raw!r}")
        table: dict[str, Any] = raw
        for key, value in table.items():
            name = option_name(key)
            if name is None:
                raise self.fail(f"options.{key}", "not an option")
            if name != key:
                raise self.fail(f"options.{key}", f"write the option's name: {name}")
            self.boolean(f"options.{key}", value)
            why = not_implemented(name)
            if value and why:
                raise self.fail(f"options.{key}", why)
        return dict(table)

    def victory(self, raw: object) -> Victory | None:
        if raw is None:
            return None
        table = self.table("victory", raw, frozenset({"cities", "home_countries"}))
        for key in ("cities", "home_countries"):
            if key not in table:
                raise self.fail("victory", f"missing {key}")
        return Victory(
            self.integer("victory.cities", table["cities"], 1, 999),
            self.integer("victory.home_countries", table["home_countries"], 1, 99),
        )

    def power(
        self, board: Board, entry: str, name: str, raw: object, *, new_allowed: bool
    ) -> PowerSpec:
        table = self.table(entry, raw, POWER_KEYS)
        letter = table.get("letter")
        if name in board.powers.values():
            if letter is not None:
                raise self.fail(f"{entry}.letter", f"{name} is a power of the board already")
        elif letter is None or not new_allowed:
            raise self.fail(
                entry, f"not a power of board {board.name!r} (a new power needs a letter)"
            )
        else:
            if not _POWER_NAME.fullmatch(name):
                raise self.fail(entry, "a power's name is a capitalised word")
            if not isinstance(letter, str) or not re.fullmatch(r"[A-Z]", letter):
                raise self.fail(f"{entry}.letter", "must be one capital letter")
        treasury = table.get("treasury")
        return PowerSpec(
            name=name,
            letter=letter,
            units=tuple(self.units(board, f"{entry}.units", table.get("units", []), name)),
            owns=tuple(self.provinces(board, f"{entry}.owns", table.get("owns", []), land=True)),
            treasury=None
            if treasury is None
            else self.integer(f"{entry}.treasury", treasury, 0, 9999),
        )

    def units(self, board: Board, entry: str, raw: object, owner: str | None) -> list[Unit]:
        out: list[Unit] = []
        for spec in self.strings(entry, raw):
            m = _UNIT.fullmatch(spec.strip())
            if not m:
                example = '"A gen", "F cro/nc" or "G ven"'
                raise self.fail(entry, f"{spec!r}: expected a unit such as {example}")
            kind, pid, coast = cast(UnitKind, m[1]), m[2], m[3]
            prov = board.provinces.get(pid)
            if prov is None:
                raise self.fail(entry, f"{spec!r}: unknown province {pid!r}")
            if kind == "F":
                location = f"{pid}/{coast}" if coast else pid
                if location not in board.fleet_adj:
                    raise self.fail(entry, f"{spec!r}: a fleet cannot stand at {location!r}")
            elif coast:
                raise self.fail(entry, f"{spec!r}: only a fleet names a coast")
            elif kind == "A":
                if prov.sea or (not board.army_adj.get(pid) and not board.fleet_locations(pid)):
                    raise self.fail(entry, f"{spec!r}: an army cannot stand in {pid!r}")
            elif not prov.garrisonable:
                raise self.fail(entry, f"{spec!r}: {pid!r} has no fortified city")
            out.append(Unit(kind, owner if owner is None else sys.intern(owner),
                            sys.intern(pid), coast))  # (interned: core/map_reader.py)
        return out

    def check_letters(self, spec: ScenarioSpec, powers: list[PowerSpec], entry: str = "powers"
                      ) -> None:
        """A new power may take the letter of a board power that is not in the scenario."""
        taken = set(spec.power_names) | {c.name for c in spec.countries}
        used: dict[str, str] = {}
        for power in powers:
            letter = power.letter
            if letter is None:
                continue
            sub = f"{entry}.{power.name}.letter"
            owner = spec.board.powers.get(letter)
            if owner is not None and owner in taken:
                raise self.fail(sub, f"{letter!r} is {owner}'s, a power of the scenario")
            if letter in used:
                raise self.fail(sub, f"{letter!r} is {used[letter]}'s already")
            used[letter] = power.name

    def army_adjacency(self, board: Board, entry: str, raw: object) -> tuple[tuple[str, str], ...]:
        if not isinstance(raw, list):
            raise self.fail(entry, f"must be a list of pairs, not {raw!r}")
        out: list[tuple[str, str]] = []
        for pair in raw:
            ends = self.provinces(board, entry, pair, land=True)
            if len(ends) != 2 or ends[0] == ends[1]:
                raise self.fail(entry, f"{pair!r}: needs two different land provinces")
            out.append((ends[0], ends[1]))
        return tuple(out)

    def countries(self, board: Board, names: list[str], raw: object) -> tuple[CountrySpec, ...]:
        if not isinstance(raw, dict):
            raise self.fail("countries", f"must be a table, not {raw!r}")
        out: list[CountrySpec] = []
        for name, value in raw.items():
            entry = f"countries.{name}"
            table = self.table(entry, value, frozenset({"provinces", "holder"}))
            if name not in board.powers.values():
                raise self.fail(entry, f"not a power of board {board.name!r}")
            if name in names:
                raise self.fail(entry, f"{name} is in play: its home country is its own")
            holder = table.get("holder")
            if holder not in names:
                raise self.fail(f"{entry}.holder", f"{holder!r} is not a power of the scenario")
            provinces = self.provinces(board, f"{entry}.provinces", table.get("provinces"),
                                       land=True)
            if not provinces:
                raise self.fail(f"{entry}.provinces", "a home country needs provinces")
            out.append(CountrySpec(name, tuple(provinces), cast(str, holder)))
        return tuple(out)

    def variable_income(
        self, board: Board, names: list[str], raw: object
    ) -> tuple[IncomeSpec, ...] | None:
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise self.fail("variable_income", f"must be a table, not {raw!r}")
        known = set(board.powers.values()) | set(names)
        out: list[IncomeSpec] = []
        for source, value in raw.items():
            entry = f"variable_income.{source}"
            if source not in known:
                prov = board.provinces.get(source)
                if prov is None:
                    raise self.fail(entry, f"{source!r} is neither a power nor a province id")
                if prov.city is None:
                    raise self.fail(entry, f"province {source!r} has no city")
            if isinstance(value, int) and not isinstance(value, bool):
                value = {"dice": value}
            table = self.table(entry, value, frozenset({"dice", "row", "ducats"}))
            dice = self.integer(f"{entry}.dice", table.get("dice"), 1, 3)
            ducats = table.get("ducats")
            if ducats is not None:
                if "row" in table:
                    raise self.fail(entry, "give a row or ducats, not both")
                if not isinstance(ducats, list) or len(ducats) != 6:
                    raise self.fail(f"{entry}.ducats", "needs six numbers (die results 1..6)")
                values = tuple(self.integer(f"{entry}.ducats", v, 0, 99) for v in ducats)
            else:
                row = table.get("row", source)
                if row not in board.variable_income:
                    rows = ", ".join(board.variable_income) or "none"
                    raise self.fail(
                        f"{entry}.row", f"the board has no variable-income row {row!r} ({rows})"
                    )
                values = board.variable_income[row][1]
            out.append(IncomeSpec(source, dice, values))
        return tuple(out)

    # -- variants ----------------------------------------------------------------------
    def variants(self, spec: ScenarioSpec, raw: object) -> tuple[VariantSpec, ...]:
        if not isinstance(raw, list):
            raise self.fail("variants", "must be an array of tables ([[variants]])")
        out: list[VariantSpec] = []
        for n, item in enumerate(raw, 1):
            variant = self.variant(spec, f"variants[{n}]", item)
            clash = [v for v in out if (v.players, v.option) == (variant.players, variant.option)]
            if clash:
                raise self.fail(
                    f"variants[{n}]",
                    f"a second variant for {variant.players} players, option {variant.option}",
                )
            out.append(variant)
        return tuple(out)

    def variant(self, spec: ScenarioSpec, entry: str, raw: object) -> VariantSpec:
        board = spec.board
        table = self.table(entry, raw, VARIANT_KEYS)
        players = self.integer(f"{entry}.players", table.get("players"), 1, MAX_PLAYERS)
        option = self.integer(f"{entry}.option", table.get("option", 1), 1, 9)
        names = list(spec.power_names)
        raw_powers = table.get("powers", {})
        if not isinstance(raw_powers, dict):
            raise self.fail(f"{entry}.powers", f"must be a table, not {raw_powers!r}")
        added: list[PowerSpec] = []
        for name, value in raw_powers.items():
            sub = f"{entry}.powers.{name}"
            power = self.power(board, sub, name, value, new_allowed=name not in names)
            if name in names and (power.letter is not None):
                raise self.fail(f"{sub}.letter", f"{name} is a power of the scenario already")
            added.append(power)
        self.check_letters(spec, added, f"{entry}.powers")
        all_names = names + [p.name for p in added if p.name not in names]
        dropped: dict[str, list[str]] = {}
        for key in ("neutral", "autonomous"):
            dropped[key] = self.strings(f"{entry}.{key}", table.get(key, []))
            for name in dropped[key]:
                if name not in names:
                    raise self.fail(f"{entry}.{key}", f"{name!r} is not a power of the scenario")
        both = set(dropped["neutral"]) & set(dropped["autonomous"])
        if both:
            raise self.fail(entry, f"{sorted(both)[0]} is both neutral and autonomous")
        in_play = [p for p in all_names if p not in dropped["neutral"] + dropped["autonomous"]]
        played = [p for p in in_play if p not in spec.unplayed]
        sides = self.sides(f"{entry}.sides", table.get("sides"), players, played)
        remove = self.provinces(board, f"{entry}.remove_autonomous",
                                table.get("remove_autonomous", []), land=True)
        garrisons = {u.province for u in spec.autonomous + spec.fortress_autonomous}
        for pid in remove:
            if pid not in garrisons:
                raise self.fail(f"{entry}.remove_autonomous", f"no autonomous garrison in {pid!r}")
        note = table.get("note", "")
        if not isinstance(note, str):
            raise self.fail(f"{entry}.note", "must be a string")
        return VariantSpec(
            players=players,
            option=option,
            sides=sides,
            neutral=tuple(dropped["neutral"]),
            autonomous=tuple(dropped["autonomous"]),
            remove_autonomous=tuple(remove),
            not_home=tuple(self.provinces(board, f"{entry}.not_home",
                                          table.get("not_home", []), land=True)),
            army_adjacency=self.army_adjacency(board, f"{entry}.army_adjacency",
                                               table.get("army_adjacency", [])),
            powers=tuple(added),
            basic_victory=self.boolean(f"{entry}.basic_victory",
                                       table.get("basic_victory", True)),
            note=note,
        )

    def sides(
        self, entry: str, raw: object, players: int, in_play: list[str]
    ) -> tuple[tuple[str, ...], ...]:
        if raw is None:
            if players != len(in_play):
                raise self.fail(entry, f"missing: {len(in_play)} powers for {players} players")
            return tuple((p,) for p in in_play)
        if not isinstance(raw, list) or len(raw) != players:
            raise self.fail(entry, f"needs one list of powers per player ({players})")
        sides = [tuple(self.strings(entry, side)) for side in raw]
        named: list[str] = []
        for side in sides:
            if not side:
                raise self.fail(entry, "a player takes at least one power")
            for name in side:
                if name == ANY:
                    continue
                if name not in in_play:
                    raise self.fail(entry, f"{name!r} is not a power in play in this variant")
                if name in named:
                    raise self.fail(entry, f"{name} is taken twice")
                named.append(name)
        free = sum(side.count(ANY) for side in sides)
        if free != len(in_play) - len(named):
            raise self.fail(
                entry,
                f'{free} free choices ("*") for {len(in_play) - len(named)} powers '
                "no side names",
            )
        return tuple(sides)

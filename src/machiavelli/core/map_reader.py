"""Boards as data: read a board file (TOML), check every fact, build a :class:`Board`.

Board files live in ``machiavelli/data/maps/<name>.toml`` (``classic`` = the
Machiavelli map of nJudge's ``map.machiavelli``; ``standard`` = the Diplomacy map of
nJudge's ``map.dipmach``).  The format, also written at the top of every file (the
province table shows every key; a real entry leaves out those that do not apply)::

    name = "classic"                      # the board's short name (= file name)
    title = "..."

    [powers]                              # power letter = power name
    V = "Venice"

    [provinces.cro]                       # one table per province; the key is its id,
    name = "Croatia"                      # the canonical lower-case three-letter code
    type = "land"                         # "land" or "sea"
    home = "V"                            # home-country power letter (if any)
    aliases = ["croat"]                   # further accepted names (any case); the id
                                          # and the full name are always accepted
    city = { kind = "unfortified", port = false, income = 1 }
                                          # kind: unfortified | fortified | fortress;
                                          # a fortress has income 0, any other city 1..5
    coasts = ["nc", "sc"]                 # only for a province with several coasts
    venice = true                         # province and city are one space (Venice only)
    impassable = true                     # a land space no unit may enter (Switzerland
                                          # on the Diplomacy map); it has no adjacency
    army = ["crn", "sla", "bos", "dal", "ist"]   # army adjacency (province ids)
    fleet = { nc = ["crn", "ist", "uas"], sc = ["dal", "ist"] }
                                          # fleet adjacency: a list, or per coast for a
                                          # province with coasts; a location in such a
                                          # province names the coast: "cro/nc"

    [[straits]]                           # a fleet edge closed to hostile fleets by a
    ends = ["psa", "ets"]                 # fleet in the controller (001 "Special
    controller = "pio"                    # mapboard features" 1)

    [tables]                              # famine, plague, storm: 11 rows (first 2d6,
    famine = [["", "", "pro", ...], ...]  # 2..12) of 11 cells (second 2d6, 2..12);
                                          # a cell is a province id or "" (nothing)
    renegade = ["", "pav", ...]           # seed 003's Renegade Table: 16 areas (3d6,
                                          # 3..18), no major city (BAR-17.6)

    [variable_income]                     # a power name: the roll of its home country;
    Venice = { dice = 2, ducats = [2, 3, 3, 4, 4, 5] }   # a province id: the roll of
    gen = { dice = 1, ducats = [1, 2, 2, 3, 3, 4] }      # whoever owns that city

Everything is checked on load: unknown keys, unknown provinces in an adjacency or a
table, asymmetric adjacency, undeclared or missing coasts, duplicate names after
lower-casing, city incomes out of range, tables that are not 11 by 11, ...  A
problem raises :class:`~machiavelli.core.board.BoardError` naming the file (and line
where it can be found), the entry and the problem.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from machiavelli.core.board import COASTS, Board, BoardError, City, CityKind, Province, Strait
from machiavelli.core.state import SPECIAL_KINDS

TABLE_SIZE = 11  # rows and columns 2..12 of a 2d6 table
MAX_CITY_INCOME = 5  # 001 Appendix 1: zero to three; nJudge's machfive has a 5-ducat Florence
MAX_DICE = 3
CITY_KINDS: tuple[CityKind, ...] = ("unfortified", "fortified", "fortress")
TOP_KEYS = frozenset(
    {"name", "title", "powers", "provinces", "straits", "tables", "variable_income",
     "special_limits"}
)
PROVINCE_KEYS = frozenset(
    {"name", "type", "home", "aliases", "city", "coasts", "venice", "impassable", "army", "fleet"}
)
TABLE_KEYS = ("famine", "plague", "storm")
RENEGADE_ROWS = 16  # seed 003's Renegade Table: 3d6, 3..18
_ID = re.compile(r"[a-z][a-z0-9]{2,3}")  # "gen"; variant maps also "an1", "bay1"




def read_dice_table(
    entry: str,
    key: str,
    raw: object,
    sea: Callable[[str], bool | None],
    fail: Callable[[str, str], Exception],
) -> tuple[tuple[str | None, ...], ...]:
    """A famine, plague or storm table: 11 rows of 11 cells (rolls 2..12), "" = nothing.

    ``sea(cell)`` says whether a province id is a sea (None: no such province);
    ``fail(entry, problem)`` makes the error.  Storms strike seas, the others land.
    """
    if not isinstance(raw, list) or len(raw) != TABLE_SIZE:
        raise fail(entry, f"must be {TABLE_SIZE} rows (rolls 2..12)")
    rows: list[tuple[str | None, ...]] = []
    for r, row in enumerate(raw, 2):
        if not isinstance(row, list) or len(row) != TABLE_SIZE:
            raise fail(entry, f"row {r} must have {TABLE_SIZE} cells (rolls 2..12)")
        cells: list[str | None] = []
        for c, cell in enumerate(row, 2):
            if not isinstance(cell, str):
                raise fail(entry, f"row {r}, column {c}: {cell!r} is not a string")
            if not cell:
                cells.append(None)
                continue
            at_sea = sea(cell)
            if at_sea is None:
                raise fail(entry, f"row {r}, column {c}: unknown province {cell!r}")
            if at_sea != (key == "storm"):
                want = "a sea" if key == "storm" else "a land province"
                raise fail(entry, f"row {r}, column {c}: {cell!r} is not {want}")
            cells.append(cell)
        rows.append(tuple(cells))
    return tuple(rows)


@dataclass
class _Draft:
    """A province as read, before cross-checks."""

    province: Province
    impassable: bool
    aliases: list[str]
    army: list[str] | None
    fleet: dict[str, list[str]] = field(default_factory=dict)  # location -> locations


class BoardReader:
    """One board file's text read into a :class:`Board`, every fact checked."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    # -- errors ------------------------------------------------------------
    def fail(self, entry: str, problem: str) -> BoardError:
        line = self._line_of(entry)
        where = f"{self.source}:{line}" if line else self.source
        return BoardError(f"{where}: {entry}: {problem}")

    def _line_of(self, entry: str) -> int | None:
        """Best effort: the line of ``entry`` ("provinces.alb.army", "straits[2]")."""
        m = re.fullmatch(r"(\w+)\[(\d+)\](?:\.(\w+))?", entry)
        if m:
            headers = [i for i, s in enumerate(self.lines) if s.strip() == f"[[{m[1]}]]"]
            n = int(m[2])
            return self._key_after(headers[n - 1], m[3]) if 0 < n <= len(headers) else None
        parts = entry.split(".")
        for cut in range(len(parts), 0, -1):
            header = "[" + ".".join(parts[:cut]) + "]"
            for i, s in enumerate(self.lines):
                if s.strip().startswith(header):
                    rest = parts[cut:]
                    return self._key_after(i, rest[0] if rest else None)
        key = parts[0]
        for i, s in enumerate(self.lines):
            if re.match(rf"\s*{re.escape(key)}\s*=", s):
                return i + 1
        return None

    def _key_after(self, header: int, key: str | None) -> int:
        if key is None:
            return header + 1
        for i in range(header + 1, len(self.lines)):
            s = self.lines[i].strip()
            if s.startswith("["):
                break
            if re.match(rf"{re.escape(key)}\s*=", s):
                return i + 1
        return header + 1

    # -- typed access ------------------------------------------------------
    def table(self, entry: str, value: object) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(entry, f"must be a table, not {value!r}")
        return value

    def string(self, entry: str, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            raise self.fail(entry, f"must be a non-empty string, not {value!r}")
        return value

    def strings(self, entry: str, value: object) -> list[str]:
        if not isinstance(value, list):
            raise self.fail(entry, f"must be a list of strings, not {value!r}")
        return [self.string(entry, v) for v in value]

    def boolean(self, entry: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise self.fail(entry, f"must be true or false, not {value!r}")
        return value

    def integer(self, entry: str, value: object, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(entry, f"must be a whole number, not {value!r}")
        if not low <= value <= high:
            raise self.fail(entry, f"{value} is out of range {low}..{high}")
        return value

    def no_unknown_keys(self, entry: str, data: dict[str, Any], allowed: frozenset[str]) -> None:
        unknown = sorted(set(data) - allowed)
        if unknown:
            known = ", ".join(sorted(allowed))
            raise self.fail(entry, f"unknown key {unknown[0]!r} (allowed: {known})")

    # -- the board ---------------------------------------------------------
    def board(self, data: dict[str, Any]) -> Board:
        self.no_unknown_keys("(top level)", data, TOP_KEYS)
        for key in ("name", "title", "powers", "provinces"):
            if key not in data:
                raise self.fail(key, "missing")
        name = self.string("name", data["name"])
        title = self.string("title", data["title"])
        powers = self.powers(self.table("powers", data["powers"]))
        provinces = self.table("provinces", data["provinces"])
        if not provinces:
            raise self.fail("provinces", "no provinces")
        drafts = {pid: self.province(pid, raw, powers) for pid, raw in provinces.items()}
        self.check_adjacency(drafts)
        aliases = self.aliases(drafts)
        straits = self.straits(data.get("straits", []), drafts)
        tables = self.table("tables", data.get("tables", {}))
        self.no_unknown_keys("tables", tables, frozenset((*TABLE_KEYS, "renegade")))
        famine, plague, storm = (self.dice_table(k, tables.get(k), drafts) for k in TABLE_KEYS)
        renegade = self.renegade_table(tables.get("renegade"), drafts)
        income = self.variable_income(data.get("variable_income", {}), powers, drafts)
        limits = self.special_limits(data.get("special_limits", {}), powers)
        # the names of provinces, locations and powers interned: a position or an order
        # that names them with interned strings too (scenarios, positions read, the legal
        # orders) is looked up by identity, without comparing the text
        intern = sys.intern
        army_adj = {intern(pid): frozenset(map(intern, d.army or ()))
                    for pid, d in drafts.items() if not d.province.sea}
        fleet_adj = {intern(loc): frozenset(map(intern, t))
                     for d in drafts.values() for loc, t in d.fleet.items()}
        return Board(
            name=name,
            title=title,
            powers=powers,
            provinces={intern(pid): d.province for pid, d in drafts.items()},
            army_adj=army_adj,
            fleet_adj=fleet_adj,
            straits=straits,
            aliases=aliases,
            famine_table=famine,
            plague_table=plague,
            storm_table=storm,
            renegade_table=renegade,
            variable_income=income,
            special_limits=limits,
        )

    def powers(self, raw: dict[str, Any]) -> dict[str, str]:
        if not raw:
            raise self.fail("powers", "no powers")
        powers: dict[str, str] = {}
        for letter, value in raw.items():
            entry = f"powers.{letter}"
            if not re.fullmatch(r"[A-Z]", letter):
                raise self.fail(entry, "a power letter must be one capital letter")
            pname = self.string(entry, value)
            if pname in powers.values():
                raise self.fail(entry, f"power name {pname!r} is used twice")
            powers[letter] = sys.intern(pname)  # (names: see board())
        return powers

    def province(self, pid: str, raw: object, powers: dict[str, str]) -> _Draft:
        entry = f"provinces.{pid}"
        data = self.table(entry, raw)
        if not _ID.fullmatch(pid):
            raise self.fail(
                entry, "a province id is a lower-case letter, then two or three letters or digits"
            )
        self.no_unknown_keys(entry, data, PROVINCE_KEYS)
        if "name" not in data:
            raise self.fail(entry, "missing name")
        name = self.string(f"{entry}.name", data["name"])
        kind = data.get("type")
        if kind not in ("land", "sea"):
            raise self.fail(f"{entry}.type", f'must be "land" or "sea", not {kind!r}')
        sea = kind == "sea"
        home = data.get("home")
        if home is not None:
            home = self.string(f"{entry}.home", home)
            if home not in powers:
                raise self.fail(f"{entry}.home", f"unknown power letter {home!r}")
        city = self.city(f"{entry}.city", data["city"]) if "city" in data else None
        coasts = tuple(self.strings(f"{entry}.coasts", data.get("coasts", [])))
        for c in coasts:
            if c not in COASTS:
                known = ", ".join(COASTS)
                raise self.fail(f"{entry}.coasts", f"unknown coast {c!r} (known: {known})")
        if coasts and (len(coasts) < 2 or len(set(coasts)) != len(coasts)):
            raise self.fail(f"{entry}.coasts", "needs two or more different coasts (or none)")
        venice = self.boolean(f"{entry}.venice", data.get("venice", False))
        impassable = self.boolean(f"{entry}.impassable", data.get("impassable", False))
        aliases = self.strings(f"{entry}.aliases", data.get("aliases", []))
        army = self.strings(f"{entry}.army", data["army"]) if "army" in data else None
        fleet = self.fleet(entry, pid, data.get("fleet"), coasts)
        if sea:
            for key in ("home", "city", "coasts", "venice", "impassable", "army"):
                if key in data:
                    raise self.fail(entry, f"a sea cannot have {key!r}")
            if pid not in fleet:
                raise self.fail(entry, "a sea needs a fleet adjacency list")
        elif impassable:
            for key in ("city", "coasts", "venice", "army", "fleet"):
                if key in data:
                    raise self.fail(entry, f"an impassable province cannot have {key!r}")
        else:
            if army is None:
                raise self.fail(entry, "a land province needs an army list (may be empty)")
            if not army and not fleet:
                raise self.fail(entry, "no army or fleet adjacency: mark it impassable")
        if venice and (city is None or not city.fortified):
            raise self.fail(f"{entry}.venice", "the Venice rules need a fortified city")
        province = Province(pid, name, sea, home, city, coasts, venice)
        return _Draft(province, impassable, aliases, army, fleet)

    def city(self, entry: str, raw: object) -> City:
        data = self.table(entry, raw)
        self.no_unknown_keys(entry, data, frozenset({"kind", "port", "income"}))
        for key in ("kind", "port", "income"):
            if key not in data:
                raise self.fail(entry, f"missing {key}")
        kind = data["kind"]
        if kind not in CITY_KINDS:
            known = ", ".join(CITY_KINDS)
            raise self.fail(f"{entry}.kind", f"must be one of {known}, not {kind!r}")
        port = self.boolean(f"{entry}.port", data["port"])
        if kind == "fortress":
            income = self.integer(f"{entry}.income", data["income"], 0, 0)
        else:
            income = self.integer(f"{entry}.income", data["income"], 1, MAX_CITY_INCOME)
        return City(kind, port, income)

    def fleet(
        self, entry: str, pid: str, raw: object, coasts: tuple[str, ...]
    ) -> dict[str, list[str]]:
        if raw is None:
            return {}
        if not coasts:
            if isinstance(raw, dict):
                raise self.fail(f"{entry}.fleet", "per-coast fleet lists need declared coasts")
            return {pid: self.strings(f"{entry}.fleet", raw)}
        if not isinstance(raw, dict):
            raise self.fail(f"{entry}.fleet", "a province with coasts needs one list per coast")
        fleet: dict[str, list[str]] = {}
        for coast, targets in raw.items():
            if coast not in coasts:
                raise self.fail(f"{entry}.fleet", f"coast {coast!r} is not declared in coasts")
            fleet[f"{pid}/{coast}"] = self.strings(f"{entry}.fleet.{coast}", targets)
        missing = [c for c in coasts if f"{pid}/{c}" not in fleet]
        if missing:
            raise self.fail(f"{entry}.fleet", f"no fleet list for coast {missing[0]!r}")
        return fleet

    # -- cross-checks ------------------------------------------------------
    def check_adjacency(self, drafts: dict[str, _Draft]) -> None:
        fleet_at = {loc: t for d in drafts.values() for loc, t in d.fleet.items()}
        for pid, d in drafts.items():
            entry = f"provinces.{pid}"
            for target in d.army or ():
                self.check_army_target(f"{entry}.army", pid, target, drafts)
            for loc, targets in d.fleet.items():
                sub = f"{entry}.fleet" + (f".{loc.split('/')[1]}" if "/" in loc else "")
                for target in targets:
                    self.check_fleet_target(sub, loc, target, drafts, fleet_at)
            lists = [("army", d.army or [])] + [("fleet", t) for t in d.fleet.values()]
            for what, seq in lists:
                dup = next((x for x in seq if seq.count(x) > 1), None)
                if dup:
                    raise self.fail(f"{entry}.{what}", f"{dup!r} is listed twice")

    def check_army_target(
        self, entry: str, pid: str, target: str, drafts: dict[str, _Draft]
    ) -> None:
        other = drafts.get(target)
        if other is None:
            raise self.fail(entry, f"unknown province {target!r}")
        if target == pid:
            raise self.fail(entry, "a province cannot be adjacent to itself")
        if other.province.sea or other.impassable:
            raise self.fail(entry, f"an army cannot enter {target!r}")
        if pid not in (other.army or ()):
            raise self.fail(
                entry,
                f"asymmetric army adjacency: {pid} lists {target} "
                f"but {target} does not list {pid}",
            )

    def check_fleet_target(
        self,
        entry: str,
        loc: str,
        target: str,
        drafts: dict[str, _Draft],
        fleet_at: dict[str, list[str]],
    ) -> None:
        tid, _, coast = target.partition("/")
        other = drafts.get(tid)
        if other is None:
            raise self.fail(entry, f"unknown province {tid!r} in {target!r}")
        if tid == loc.split("/")[0]:
            raise self.fail(entry, "a province cannot be adjacent to itself")
        if other.province.coasts and not coast:
            coasts = ", ".join(f"{tid}/{c}" for c in other.province.coasts)
            raise self.fail(entry, f"{tid!r} has several coasts: name one ({coasts})")
        if coast and coast not in other.province.coasts:
            raise self.fail(entry, f"coast {coast!r} of {tid!r} is not declared")
        if target not in fleet_at:
            raise self.fail(entry, f"a fleet cannot enter {target!r}")
        if loc not in fleet_at[target]:
            raise self.fail(
                entry,
                f"asymmetric fleet adjacency: {loc} lists {target} "
                f"but {target} does not list {loc}",
            )

    def aliases(self, drafts: dict[str, _Draft]) -> dict[str, str]:
        """Every accepted name -> id: ids first, then full names, then aliases."""
        owner: dict[str, str] = {pid: pid for pid in drafts}
        names = [(pid, "name", d.province.name) for pid, d in drafts.items()]
        names += [(pid, "alias", a) for pid, d in drafts.items() for a in d.aliases]
        for pid, what, alias in names:
            entry = f"provinces.{pid}"
            key = alias.lower()
            if alias != alias.strip():
                raise self.fail(entry, f"{what} {alias!r} has surrounding spaces")
            if key in owner:
                raise self.fail(
                    entry, f"duplicate {what} {alias!r}: already names provinces.{owner[key]}"
                )
            owner[key] = pid
        return owner

    def straits(self, raw: object, drafts: dict[str, _Draft]) -> tuple[Strait, ...]:
        if not isinstance(raw, list):
            raise self.fail("straits", "must be an array of tables ([[straits]])")
        fleet_at = {loc: t for d in drafts.values() for loc, t in d.fleet.items()}
        out: list[Strait] = []
        for n, item in enumerate(raw, 1):
            entry = f"straits[{n}]"
            data = self.table(entry, item)
            self.no_unknown_keys(entry, data, frozenset({"ends", "controller", "mach2"}))
            ends = self.strings(f"{entry}.ends", data.get("ends"))
            if len(ends) != 2:
                raise self.fail(f"{entry}.ends", "needs exactly two fleet locations")
            a, b = ends
            for end in ends:
                if end not in fleet_at:
                    raise self.fail(f"{entry}.ends", f"{end!r} is not a fleet location")
            if b not in fleet_at[a]:
                raise self.fail(f"{entry}.ends", f"{a} and {b} are not fleet-adjacent")
            ctrl = self.string(f"{entry}.controller", data.get("controller"))
            d = drafts.get(ctrl)
            if d is None:
                raise self.fail(f"{entry}.controller", f"unknown province {ctrl!r}")
            if d.province.sea or not d.fleet:
                raise self.fail(f"{entry}.controller", f"{ctrl!r} cannot hold a fleet")
            mach2 = data.get("mach2", True)
            if not isinstance(mach2, bool):
                raise self.fail(f"{entry}.mach2", "must be true or false")
            out.append(Strait((a, b), ctrl, mach2))
        return tuple(out)

    def dice_table(
        self, key: str, raw: object, drafts: dict[str, _Draft]
    ) -> tuple[tuple[str | None, ...], ...]:
        if raw is None:
            return ()

        def sea(cell: str) -> bool | None:
            d = drafts.get(cell)
            return None if d is None else d.province.sea

        return read_dice_table(f"tables.{key}", key, raw, sea, self.fail)

    def renegade_table(self, raw: object, drafts: dict[str, _Draft]) -> tuple[str | None, ...]:
        """Seed 003's Renegade Table (BAR-17.6): 16 areas, for the 3d6 totals 3..18 ("" =
        nothing); land or sea, but no province with a major city (003 17.2)."""
        if raw is None:
            return ()
        entry = "tables.renegade"
        if not isinstance(raw, list) or len(raw) != RENEGADE_ROWS:
            raise self.fail(entry, f"must be {RENEGADE_ROWS} areas (rolls 3..18)")
        cells: list[str | None] = []
        for total, cell in enumerate(raw, 3):
            if not isinstance(cell, str):
                raise self.fail(entry, f"roll {total}: {cell!r} is not a string")
            if not cell:
                cells.append(None)
                continue
            d = drafts.get(cell)
            if d is None:
                raise self.fail(entry, f"roll {total}: unknown province {cell!r}")
            city = d.province.city
            if city is not None and city.income > 1:
                raise self.fail(entry, f"roll {total}: {cell!r} has a major city (003 17.2)")
            cells.append(cell)
        return tuple(cells)

    def special_limits(self, raw: object, powers: dict[str, str]) -> dict[str, tuple[str, ...]]:
        table = self.table("special_limits", raw)
        out: dict[str, tuple[str, ...]] = {}
        for power, kinds in table.items():
            entry = f"special_limits.{power}"
            if power not in powers.values():
                raise self.fail(entry, f"{power!r} is not a power of this map")
            listed = self.strings(entry, kinds)
            for kind in listed:
                if kind not in SPECIAL_KINDS:
                    raise self.fail(entry, f"{kind!r} is not a special unit kind")
            out[power] = tuple(listed)
        return out

    def variable_income(
        self, raw: object, powers: dict[str, str], drafts: dict[str, _Draft]
    ) -> dict[str, tuple[int, tuple[int, ...]]]:
        table = self.table("variable_income", raw)
        out: dict[str, tuple[int, tuple[int, ...]]] = {}
        for key, value in table.items():
            entry = f"variable_income.{key}"
            if key not in powers.values():
                d = drafts.get(key)
                if d is None:
                    raise self.fail(entry, f"{key!r} is neither a power name nor a province id")
                if d.province.city is None:
                    raise self.fail(entry, f"province {key!r} has no city")
            data = self.table(entry, value)
            self.no_unknown_keys(entry, data, frozenset({"dice", "ducats"}))
            dice = self.integer(f"{entry}.dice", data.get("dice"), 1, MAX_DICE)
            ducats = data.get("ducats")
            if not isinstance(ducats, list) or len(ducats) != 6:
                raise self.fail(f"{entry}.ducats", "needs six numbers (die results 1..6)")
            values = tuple(self.integer(f"{entry}.ducats", v, 0, 99) for v in ducats)
            out[key] = (dice, values)
        return out


__all__ = ["CITY_KINDS", "MAX_CITY_INCOME", "TABLE_SIZE", "BoardReader", "read_dice_table"]

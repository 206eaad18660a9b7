"""Reading a scenario file: the map as the scenario changes it.

Cities (kind, port, income, or a new city), city incomes, the scenario's own disaster
tables, the first year of plague, and rules for some powers (special units they may
build, builds anywhere, no fleets).  :class:`machiavelli.game.scenario.spec.SpecReader`
applies them to the map before it reads the units, so a garrison may stand in a city
the scenario fortifies.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from machiavelli.core.board import Board, City, CityKind
from machiavelli.core.map_reader import CITY_KINDS, read_dice_table
from machiavelli.core.state import SPECIAL_KINDS
from machiavelli.game.scenario.checks import Checks

TABLE_KEYS = ("famine", "plague", "storm")
MAX_CITY_INCOME = 5


class MapChanges(Checks):
    """The parts of a scenario file that change the map."""

    def scenario_board(self, board: Board, data: dict[str, Any]) -> Board:
        """Cities, city incomes, disaster tables and the plague's first year."""
        cities = self.cities(board, data.get("cities", {}))
        for pid, income in self.city_income(board, data.get("city_income", {})).items():
            if pid in cities:
                raise self.fail(f"city_income.{pid}", "also in [cities]: give the income there")
            city = board.provinces[pid].city
            assert city is not None
            cities[pid] = City(city.kind, city.port, income)
        provinces = dict(board.provinces)
        for pid, city in cities.items():
            provinces[pid] = replace(provinces[pid], city=city)
        plague_from = data.get("plague_from")
        if plague_from is not None:
            plague_from = self.integer("plague_from", plague_from, -9999, 9999)
        tables = self.tables(board, data.get("tables", {}))
        return replace(
            board,
            provinces=provinces,
            famine_table=tables.get("famine", board.famine_table),
            plague_table=tables.get("plague", board.plague_table),
            storm_table=tables.get("storm", board.storm_table),
            plague_from=plague_from,
        )

    def power_rules(self, board: Board, names: list[str], data: dict[str, Any]) -> Board:
        """The scenario's rules for some powers: builds, fleets, special units."""
        limits = board.special_limits
        raw = data.get("special_limits")
        if raw is not None:
            table = self.table("special_limits", raw, frozenset(names))
            limits = {}
            for power, kinds in table.items():
                entry = f"special_limits.{power}"
                listed = self.strings(entry, kinds)
                for kind in listed:
                    if kind not in SPECIAL_KINDS:
                        raise self.fail(entry, f"{kind!r} is not one of {', '.join(SPECIAL_KINDS)}")
                limits[power] = tuple(listed)
        anywhere = self.power_names(names, "build_anywhere", data.get("build_anywhere", []))
        no_fleets = self.power_names(names, "no_fleets", data.get("no_fleets", []))
        return replace(
            board,
            special_limits=limits,
            build_anywhere=frozenset(anywhere),
            no_fleets=frozenset(no_fleets),
        )

    def power_names(self, names: list[str], entry: str, raw: object) -> list[str]:
        out = self.strings(entry, raw)
        for name in out:
            if name not in names:
                raise self.fail(entry, f"{name!r} is not a power of the scenario")
        return out

    def cities(self, board: Board, raw: object) -> dict[str, City]:
        """``[cities]``: a city's kind, port and income in this scenario, or a new city."""
        table = self.table("cities", raw, frozenset(board.provinces))
        out: dict[str, City] = {}
        for pid, value in table.items():
            entry = f"cities.{pid}"
            prov = board.provinces[pid]
            if prov.sea:
                raise self.fail(entry, f"{pid!r} is a sea")
            data = self.table(entry, value, frozenset({"kind", "port", "income"}))
            old = prov.city
            kind = data.get("kind", old.kind if old else None)
            if kind not in CITY_KINDS:
                known = ", ".join(CITY_KINDS)
                raise self.fail(f"{entry}.kind", f"must be one of {known}, not {kind!r}")
            port = self.boolean(f"{entry}.port", data.get("port", old.port if old else False))
            if port and not board.fleet_locations(pid):
                raise self.fail(f"{entry}.port", f"{prov.name} is not on the coast")
            if kind == "fortress":
                income = self.integer(f"{entry}.income", data.get("income", 0), 0, 0)
            else:
                default = old.income if old is not None and old.income else None
                income = self.integer(
                    f"{entry}.income", data.get("income", default), 1, MAX_CITY_INCOME
                )
            if prov.venice and kind == "unfortified":
                raise self.fail(f"{entry}.kind", "the Venice rules need a fortified city")
            out[pid] = City(cast(CityKind, kind), port, income)
        return out

    def tables(
        self, board: Board, raw: object
    ) -> dict[str, tuple[tuple[str | None, ...], ...]]:
        """``[tables]``: the scenario's own famine, plague and storm tables."""
        table = self.table("tables", raw, frozenset(TABLE_KEYS))

        def sea(cell: str) -> bool | None:
            prov = board.provinces.get(cell)
            return None if prov is None else prov.sea

        return {
            key: read_dice_table(f"tables.{key}", key, rows, sea, self.fail)
            for key, rows in table.items()
        }

    def city_income(self, board: Board, raw: object) -> dict[str, int]:
        if not isinstance(raw, dict):
            raise self.fail("city_income", f"must be a table, not {raw!r}")
        out: dict[str, int] = {}
        for pid, value in raw.items():
            entry = f"city_income.{pid}"
            prov = board.provinces.get(pid)
            if prov is None or prov.city is None or prov.city.kind == "fortress":
                raise self.fail(entry, f"{pid!r} has no city that pays income")
            out[pid] = self.integer(entry, value, 1, MAX_CITY_INCOME)
        return out

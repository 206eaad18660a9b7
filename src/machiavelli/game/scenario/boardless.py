"""Scenarios whose data is known but whose map is not: Balance at Risk (seed 003).

A boardless scenario (``data/boardless/<name>.toml``, its format in the file's head) holds
what a seed gives of a scenario without a board: the powers, their home countries with
every province and city, their trade income and the independents.  It cannot be played
(no adjacencies, no sea areas, no tables); ``machiavelli scenarios`` lists it as waiting
for its map and says what is missing.  Its figures are those of the seed's own rules, so
that the income rules can be checked against the seed's numbers now:

- tax income (BAR-5.1): one ducat a province, one a city, a major city its class;
- trade income (BAR-5.2): the home country's sum and each capital's;
- the most new units (BAR-3.2, BAR-6.1): one per home province with a city, 3 d each
  (BAR-6.3), and what is then left in the treasury (003 chapter 3).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

#: the cost of a unit for a year (BAR-6.3)
UNIT_COST = 3


class BoardlessError(ValueError):
    """A boardless scenario file that does not say what its format wants."""


@dataclass(frozen=True, slots=True)
class HomeProvince:
    name: str
    city: str | None  # "U" unfortified, "F" fortified, None: no city
    major: int  # a major city's class (its tax), 0 for any other city
    port: bool
    trade: int  # a capital's trade income, 0 for any other province

    @property
    def tax(self) -> int:
        """The province's tax and its city's (BAR-5.1)."""
        if self.city is None:
            return 1
        return 1 + (self.major or 1)

    @property
    def capital(self) -> bool:
        """A capital: a city with trade income of its own (003 chapter 3, BAR-3.5)."""
        return self.trade > 0


@dataclass(frozen=True, slots=True)
class Stated:
    """The figures the seed itself gives for a power."""

    tax: int
    trade: int
    left: int


@dataclass(frozen=True, slots=True)
class HomePower:
    name: str
    trade: int  # the home country's own trade income
    provinces: tuple[HomeProvince, ...]
    stated: Stated

    @property
    def tax_income(self) -> int:
        return sum(p.tax for p in self.provinces)

    @property
    def trade_income(self) -> int:
        return self.trade + sum(p.trade for p in self.provinces)

    @property
    def capitals(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.provinces if p.capital)

    @property
    def most_new_units(self) -> int:
        """One new unit per home province with a city (BAR-3.2, BAR-6.1)."""
        return sum(1 for p in self.provinces if p.city is not None)

    @property
    def left_after_most_units(self) -> int:
        """The first Spring's treasury after income and the most new units, without
        forced taxation or exchanges (003 chapter 3's "left in treasury")."""
        return self.tax_income + self.trade_income - UNIT_COST * self.most_new_units


@dataclass(frozen=True, slots=True)
class IndependentCity:
    name: str
    major: int
    port: bool


@dataclass(frozen=True, slots=True)
class BoardlessScenario:
    name: str
    title: str
    year: int
    season: str
    status: str
    missing: tuple[str, ...]
    powers: tuple[HomePower, ...]
    garrisons: tuple[IndependentCity, ...]  # independent garrisons (BAR-3.6)
    unfortified: tuple[str, ...]  # independent unfortified cities
    no_tax: tuple[str, ...]  # provinces paying no tax (Avignon, BAR-14.2)

    def power(self, name: str) -> HomePower:
        for p in self.powers:
            if p.name == name:
                return p
        raise KeyError(name)


def _folder() -> resources.abc.Traversable:
    return resources.files("machiavelli").joinpath("data", "boardless")


def boardless_names() -> list[str]:
    """The boardless scenarios shipped."""
    return sorted(f.name[: -len(".toml")] for f in _folder().iterdir()
                  if f.name.endswith(".toml"))


def load_boardless(name: str) -> BoardlessScenario:
    """A boardless scenario by name (``balance_at_risk_1486``)."""
    found = _folder().joinpath(f"{name}.toml")
    if not found.is_file():
        raise BoardlessError(f"{name}: no such boardless scenario")
    return parse_boardless(found.read_text(encoding="utf-8"), name)


def _str(table: dict[str, object], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str):
        raise BoardlessError(f"{where}: {key} must be text")
    return value


def _int(table: dict[str, object], key: str, where: str, default: int | None = None) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardlessError(f"{where}: {key} must be a whole number")
    return value


def _table(value: object, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise BoardlessError(f"{where} must be a table")
    return value


def _list(value: object, where: str) -> list[object]:
    if not isinstance(value, list):
        raise BoardlessError(f"{where} must be a list")
    return value


def _province(raw: object, where: str) -> HomeProvince:
    t = _table(raw, where)
    city = t.get("city")
    if city not in (None, "U", "F"):
        raise BoardlessError(f"{where}: city must be U or F, not {city!r}")
    return HomeProvince(_str(t, "name", where), city if isinstance(city, str) else None,
                        _int(t, "class", where, 0), t.get("port") is True,
                        _int(t, "trade", where, 0))


def parse_boardless(text: str, name: str) -> BoardlessScenario:
    data: dict[str, object] = tomllib.loads(text)
    powers = []
    for power, raw in _table(data.get("powers"), "powers").items():
        t = _table(raw, f"powers.{power}")
        s = _table(t.get("stated"), f"powers.{power}.stated")
        stated = Stated(_int(s, "tax", power), _int(s, "trade", power), _int(s, "left", power))
        provinces = tuple(_province(p, f"powers.{power}.provinces")
                          for p in _list(t.get("provinces"), f"powers.{power}.provinces"))
        powers.append(HomePower(power, _int(t, "trade", power), provinces, stated))
    ind = _table(data.get("independent", {}), "independent")
    garrisons = tuple(
        IndependentCity(_str(g, "name", "garrisons"), _int(g, "class", "garrisons", 0),
                        g.get("port") is True)
        for g in (_table(x, "garrisons") for x in _list(ind.get("garrisons", []), "garrisons")))
    return BoardlessScenario(
        name=_str(data, "name", name), title=_str(data, "title", name),
        year=_int(data, "year", name), season=_str(data, "season", name),
        status=_str(data, "status", name),
        missing=tuple(str(m) for m in _list(data.get("missing", []), "missing")),
        powers=tuple(powers), garrisons=garrisons,
        unfortified=tuple(str(u) for u in _list(ind.get("unfortified", []), "unfortified")),
        no_tax=tuple(str(u) for u in _list(ind.get("no_tax", []), "no_tax")))


__all__ = [
    "UNIT_COST",
    "BoardlessError",
    "BoardlessScenario",
    "HomePower",
    "HomeProvince",
    "IndependentCity",
    "Stated",
    "boardless_names",
    "load_boardless",
    "parse_boardless",
]

"""From a scenario spec and a variant to the game's board and its first State.

The board returned is the map made for the scenario: home letters redrawn to the
scenario's home countries (000: "home countries that are not used in a scenario are
not treated as home countries"), the provinces that are off the board cut out of every
adjacency (000 Basic VII.8: a neutral power's provinces are treated as if they were not
on the mapboard), the straits through them dropped, and the variable-income table the
scenario gives (only the rolls of home countries in play and of cities on the board).
When none of that differs from the map, the map itself (``load_board``) is returned.

Control at the start: an army or fleet gives its province, and the city too unless
another power's (or an autonomous) garrison holds it; a garrison gives its city, and
the province too unless another power's army or fleet is there (000's 1513 setup: a
French garrison in Milan, an Austrian army in the province); ``owns`` gives the
province and its city.  A province or city claimed by two powers is an error.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace

from machiavelli.core.board import Board, space_of
from machiavelli.core.options import (
    assassinations_in_play,
    drop_setup_garrisons,
    fortresses_in_use,
    money_in_play,
)
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario.checks import ScenarioError
from machiavelli.game.scenario.spec import IncomeSpec, PowerSpec, ScenarioSpec, VariantSpec


@dataclass
class _Setup:
    """The scenario after the variant: what is in play and where."""

    powers: dict[str, PowerSpec]  # every power of the scenario and the variant
    in_play: list[str]
    home_countries: dict[str, list[str]]  # country -> provinces
    holders: dict[str, str]  # country -> the power holding it at the start
    off_board: set[str]
    autonomous: list[Unit]
    army_adjacency: list[tuple[str, str]]


def build(
    spec: ScenarioSpec, variant: VariantSpec | None, options: Mapping[str, bool] | None = None
) -> tuple[Board, State]:
    """The board and the starting State of ``spec`` (``variant`` None: the full game).

    ``options``: the game's options where they differ from the scenario's defaults
    (autonomous garrisons in fortresses are placed only with fortresses in use).
    """
    builder = _Builder(spec, variant, options)
    setup = builder.setup()
    board = builder.board(setup)
    return board, builder.state(board, setup)


def unfunded(spec: ScenarioSpec, variant: VariantSpec | None) -> list[str]:
    """The powers in play whose starting treasury the scenario does not give."""
    setup = _Builder(spec, variant).setup()
    return [p for p in setup.in_play if setup.powers[p].treasury is None]


def _controlled(board: Board, power: PowerSpec) -> list[str]:
    """Provinces a power holds at the start: where its units stand and what it owns.

    A fleet at sea controls nothing (seas are nobody's: control, 001 "Control").
    """
    out: list[str] = []
    for pid in [u.province for u in power.units] + list(power.owns):
        if pid not in out and not board.provinces[pid].sea:
            out.append(pid)
    return out


class _Builder:
    def __init__(
        self,
        spec: ScenarioSpec,
        variant: VariantSpec | None,
        options: Mapping[str, bool] | None = None,
    ) -> None:
        self.spec = spec
        self.variant = variant
        self.options = {**spec.options, **(options or {})}
        where = f"variant for {variant.players} players" if variant else "full game"
        if variant is not None and variant.option > 1:
            where += f", option {variant.option}"
        self.where = where

    def fail(self, entry: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.spec.source}: {entry}: {problem} ({self.where})")

    # -- what is in play ---------------------------------------------------------------
    def setup(self) -> _Setup:
        spec, variant = self.spec, self.variant
        powers = {p.name: p for p in spec.powers}
        homes = {p.name: _controlled(spec.board, p) for p in spec.powers}
        neutral: tuple[str, ...] = ()
        dropped: tuple[str, ...] = ()
        not_home = set(spec.not_home)
        edges = list(spec.army_adjacency)
        removed: tuple[str, ...] = ()
        if variant is not None:
            neutral, dropped = variant.neutral, variant.autonomous
            removed = variant.remove_autonomous
            not_home |= set(variant.not_home)
            edges += variant.army_adjacency
            for extra in variant.powers:
                base = powers.get(extra.name)
                if base is None:  # a power the variant adds: its provinces are its home
                    powers[extra.name] = extra
                    homes[extra.name] = _controlled(spec.board, extra)
                    continue
                powers[extra.name] = replace(  # units added to a power are not home
                    base,
                    units=base.units + extra.units,
                    owns=base.owns + extra.owns,
                    treasury=base.treasury if extra.treasury is None else extra.treasury,
                )
        in_play = [p for p in powers if p not in neutral + dropped]
        off_board = set(spec.off_board)
        for name in neutral:
            off_board |= set(_controlled(spec.board, powers[name]))
        autonomous = [u for u in spec.autonomous if u.province not in removed]
        for name in dropped:  # its units become autonomous garrisons where a city is fortified
            for unit in powers[name].units:
                if spec.board.provinces[unit.province].garrisonable:
                    autonomous.append(Unit("G", None, unit.province))
        holders = {c.name: c.holder for c in spec.countries if c.holder in in_play}
        countries: dict[str, list[str]] = {
            c.name: list(c.provinces) for c in spec.countries if c.name in holders
        }
        taken = {pid for provinces in countries.values() for pid in provinces}
        home_countries: dict[str, list[str]] = {}
        for name in in_play:
            home = [p for p in homes[name] if p not in not_home and p not in taken]
            if not home:
                raise self.fail(f"powers.{name}", "has no home country")
            home_countries[name] = home
        home_countries.update(countries)
        for a, b in edges:
            if a in off_board or b in off_board:
                raise self.fail("army_adjacency", f"{a}-{b}: a province is off the board")
        return _Setup(powers, in_play, home_countries, holders, off_board, autonomous, edges)

    def check_countries(self, countries: dict[str, list[str]], off_board: set[str]) -> None:
        seen: dict[str, str] = {}
        for country, provinces in countries.items():
            for pid in provinces:
                if pid in off_board:
                    raise self.fail(f"powers.{country}", f"home province {pid!r} is off the board")
                if pid in seen and seen[pid] != country:
                    raise self.fail(
                        f"powers.{country}", f"{pid!r} is also in the home country of {seen[pid]}"
                    )
                seen[pid] = country

    # -- the board ---------------------------------------------------------------------
    def board(self, setup: _Setup) -> Board:
        base = self.spec.board
        powers = dict(base.powers)
        for name in setup.in_play:  # a new power may take an absent board power's letter
            letter = setup.powers[name].letter
            if letter is not None:
                powers[letter] = name
        letter_of = {name: letter for letter, name in powers.items()}
        home_letter = {
            pid: letter_of[country]
            for country, provinces in setup.home_countries.items()
            for pid in provinces
        }
        off = setup.off_board
        provinces = {
            pid: replace(
                prov,
                home=home_letter.get(pid),
                coasts=() if pid in off else prov.coasts,  # no fleet locations there
            )
            for pid, prov in base.provinces.items()
        }
        army_adj = {
            pid: frozenset() if pid in off else frozenset(t for t in adj if t not in off)
            for pid, adj in base.army_adj.items()
        }
        for a, b in setup.army_adjacency:
            army_adj[a] |= {b}
            army_adj[b] |= {a}
        fleet_adj = {
            loc: frozenset(t for t in adj if t.split("/")[0] not in off)
            for loc, adj in base.fleet_adj.items()
            if loc.split("/")[0] not in off
        }
        straits = tuple(
            s
            for s in base.straits
            if s.controller not in off and not any(e.split("/")[0] in off for e in s.ends)
        )
        board = replace(
            base,
            powers=powers,
            provinces=provinces,
            army_adj=army_adj,
            fleet_adj=fleet_adj,
            straits=straits,
            variable_income=self.variable_income(setup),
        )
        return base if board == base else board

    def variable_income(self, setup: _Setup) -> dict[str, tuple[int, tuple[int, ...]]]:
        base = self.spec.board
        rolls = self.spec.variable_income
        if rolls is None:
            rolls = tuple(IncomeSpec(s, d, t) for s, (d, t) in base.variable_income.items())
        out: dict[str, tuple[int, tuple[int, ...]]] = {}
        for roll in rolls:
            if roll.source in base.provinces:
                if roll.source in setup.off_board:
                    continue
            elif roll.source not in setup.home_countries:
                continue  # the home country of a power out of the game
            out[roll.source] = (roll.dice, roll.ducats)
        return out

    # -- the position ------------------------------------------------------------------
    def state(self, board: Board, setup: _Setup) -> State:
        spec = self.spec
        state = State(
            board=board.name,
            year=spec.year,
            season=spec.season,
            phase=spec.phase,
            options=dict(self.options),
        )
        state.powers = [sys.intern(name) for name in setup.in_play]  # (core/map_reader.py)
        for name in setup.in_play:
            power = setup.powers[name]
            for unit in power.units:
                self.check_on_board(f"powers.{name}.units", unit, setup)
                state.units.append(unit)
            if power.treasury is not None:
                state.treasury[name] = power.treasury
        for unit in setup.autonomous:
            self.check_on_board("autonomous.units", unit, setup)
            state.units.append(unit)
        if fortresses_in_use(state):
            removed = self.variant.remove_autonomous if self.variant else ()
            state.units += [
                u for u in spec.fortress_autonomous
                if u.province not in setup.off_board and u.province not in removed
            ]
        self.check_spaces(board, state)
        self.control(board, state, setup)
        self.check_countries(setup.home_countries, setup.off_board)
        state.home_countries = {c: tuple(sorted(p)) for c, p in setup.home_countries.items()}
        for name in setup.in_play:
            held = [c for c in setup.home_countries if c == name or setup.holders.get(c) == name]
            state.home[name] = tuple(sorted(p for c in held for p in setup.home_countries[c]))
        if money_in_play(state):
            for name in setup.in_play:
                state.treasury.setdefault(name, 0)
        if assassinations_in_play(state):  # ASN-1: a chit for every other power
            state.chits = {p: [q for q in setup.in_play if q != p] for p in setup.in_play}
        return drop_setup_garrisons(state)  # FLAG-GARRISONS-2 (control stays as set up)

    def check_on_board(self, entry: str, unit: Unit, setup: _Setup) -> None:
        if unit.province in setup.off_board:
            where = f"{unit.kind} {unit.location}"
            raise self.fail(entry, f"{where}: {unit.province!r} is off the board")

    def control(self, board: Board, state: State, setup: _Setup) -> None:
        garrison = {u.province: u.owner for u in state.units if u.kind == "G"}
        field = {u.province: u.owner for u in state.units if u.kind != "G"}
        for name in setup.in_play:
            entry = f"powers.{name}"
            for unit in setup.powers[name].units:
                pid = unit.province
                if unit.kind == "G":
                    self.claim(state.city_owner, entry, pid, name, "the city of ")
                    if field.get(pid, name) == name:
                        self.claim(state.province_owner, entry, pid, name, "")
                elif board.provinces[pid].sea:
                    continue  # a fleet at sea controls nothing
                else:
                    self.claim(state.province_owner, entry, pid, name, "")
                    if board.provinces[pid].city is not None and garrison.get(pid, name) == name:
                        self.claim(state.city_owner, entry, pid, name, "the city of ")
            for pid in setup.powers[name].owns:
                self.claim(state.province_owner, entry, pid, name, "")
                if board.provinces[pid].city is not None and garrison.get(pid, name) == name:
                    self.claim(state.city_owner, entry, pid, name, "the city of ")

    def claim(self, owners: dict[str, str], entry: str, pid: str, power: str, what: str) -> None:
        other = owners.get(pid)
        if other is not None and other != power:
            raise self.fail(entry, f"{what}{pid!r} is already controlled by {other}")
        owners[pid] = power

    def check_spaces(self, board: Board, state: State) -> None:
        seen: dict[str, Unit] = {}
        for unit in state.units:
            space = space_of(board, unit.province, unit.kind == "G")
            if space in seen:
                first = seen[space]
                entry = f"powers.{unit.owner}" if unit.owner else "autonomous"
                raise self.fail(
                    entry,
                    f"{unit.kind} {unit.location} and {first.kind} {first.location} "
                    f"({first.owner or 'autonomous'}) share one space",
                )
            seen[space] = unit

"""Home countries: which power holds each one (001, CONTROL OF ANOTHER PLAYER'S HOME COUNTRY).

A home country is the block of provinces a power started with: the board's home
letters (``Province.home``), or ``state.home`` for a power the board gives none.
It changes hands only as a whole (HOME-1): another power takes it by controlling
all of its provinces and cities (HOME-2), and its holder loses it only that way or
by being eliminated (HOME-4).  Its variable income goes with it (INC-VAR-1).

``state.home`` records what each power holds now: its own home country while it
keeps it, plus the ones it took.  :func:`update_home_countries` writes the changes
there; the lead's campaign may call it after each control adjudication (income
calls it at the start of the adjustment phase).  A city counts toward taking a
country only if it is in use: a fortress only when fortresses are (FORT-0).
"""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.options import fortresses_in_use
from machiavelli.core.state import State


def home_provinces(board: Board, state: State, power: str) -> list[str]:
    """The power's home provinces: the board's home letters, else ``state.home``."""
    from_board = [
        p
        for p, prov in board.provinces.items()
        if prov.home is not None and board.powers.get(prov.home) == power
    ]
    return sorted(from_board or state.home.get(power, []))


def home_centres(board: Board, state: State, power: str) -> list[str]:
    """The power's home supply centres (home provinces with a city)."""
    return [p for p in home_provinces(board, state, power) if board.provinces[p].city]


def original_home_countries(board: Board, state: State) -> dict[str, list[str]]:
    """Each home country as set up (country = its original power) -> its provinces.

    The scenario's ``state.home_countries`` when it has any; otherwise the board's
    home letters, and for a power of the game the board gives no home letters its
    ``state.home`` list (a position built by hand).
    """
    if state.home_countries:
        return {c: sorted(v) for c, v in state.home_countries.items() if v}
    countries: dict[str, list[str]] = {}
    for pid, prov in board.provinces.items():
        if prov.home is not None and prov.home in board.powers:
            countries.setdefault(board.powers[prov.home], []).append(pid)
    for power, provinces in state.home.items():
        if power not in countries and provinces:
            countries[power] = sorted(provinces)
    return {p: sorted(v) for p, v in countries.items()}


def playing(state: State, power: str) -> bool:
    """The power is in the game and not eliminated."""
    return power not in state.eliminated and (not state.powers or power in state.powers)


def _takes(board: Board, state: State, provinces: list[str], forts: bool) -> str | None:
    """The one power controlling every province and every city in use of a country
    (``forts``: fortresses are in use)."""
    owners: set[str | None] = set()
    province_owner, city_owner, where = state.province_owner, state.city_owner, board.provinces
    for p in provinces:
        owners.add(province_owner.get(p))
        city = where[p].city
        if city is not None and (city.kind != "fortress" or forts):
            owners.add(city_owner.get(p))
    if len(owners) != 1:
        return None
    (owner,) = owners
    return owner


def _recorded_holder(state: State, country: str, provinces: list[str]) -> str | None:
    """Who ``state.home`` says holds the country (the setup owner if nothing is recorded)."""
    return _recorded_holders(state, {country: provinces})[country]


def _recorded_holders(state: State, countries: dict[str, list[str]]) -> dict[str, str | None]:
    """:func:`_recorded_holder` of every country: the first power whose ``state.home``
    list has one of its provinces."""
    order = {p: i for i, p in enumerate(state.home)}
    first: dict[str, str] = {}  # province -> the first power whose list has it
    for power, held in state.home.items():
        for province in held:
            first.setdefault(province, power)
    holders: dict[str, str | None] = {}
    for country, provinces in countries.items():
        listing = [first[p] for p in provinces if p in first]
        if listing:
            holders[country] = min(listing, key=order.__getitem__)
        else:  # never recorded (a position built by hand): the setup owner
            holders[country] = None if country in state.home else country
    return holders


def home_country_holders(board: Board, state: State) -> dict[str, str | None]:
    """Home country (named by its original power) -> the power holding it now, or None."""
    return _home_country_holders(board, state, None, None)


def _home_country_holders(
    board: Board,
    state: State,
    countries: dict[str, list[str]] | None,
    recorded: dict[str, str | None] | None,
) -> dict[str, str | None]:
    """:func:`home_country_holders`, given the original home countries and their recorded
    holders when the caller has them already (None: found here)."""
    inputs = _HolderInputs.of(board, state)
    if _LAST_HOLDERS and _LAST_HOLDERS[0][0] == inputs:
        return dict(_LAST_HOLDERS[0][1])
    if countries is None:
        countries = original_home_countries(board, state)
    if recorded is None:
        recorded = _recorded_holders(state, countries)
    holders = _holders(board, state, countries, recorded, inputs.forts)
    _LAST_HOLDERS[:] = [(inputs.kept(), dict(holders))]
    return holders


def _holders(
    board: Board,
    state: State,
    countries: dict[str, list[str]],
    recorded: dict[str, str | None],
    forts: bool,
) -> dict[str, str | None]:
    """:func:`home_country_holders` found from the countries and their recorded holders."""
    holders: dict[str, str | None] = {}
    for country, provinces in countries.items():
        holder = recorded[country]
        taker = _takes(board, state, provinces, forts)
        if taker is not None and playing(state, taker):
            holder = taker  # HOME-2 (the setup owner retaking it all counts too)
        if holder is not None and not playing(state, holder):
            holder = None  # HOME-4: lost by elimination
        holders[country] = holder
    return holders


class _HolderInputs:
    """What :func:`home_country_holders` reads of a position, to know it again."""

    def __init__(
        self,
        board: Board,
        home: dict[str, list[str]],
        home_countries: dict[str, list[str]],
        province_owner: dict[str, str],
        city_owner: dict[str, str],
        eliminated: list[str],
        powers: list[str],
        forts: bool,
    ) -> None:
        self.board = board
        self.home = home
        self.home_countries = home_countries
        self.province_owner = province_owner
        self.city_owner = city_owner
        self.eliminated = eliminated
        self.powers = powers
        self.forts = forts

    @staticmethod
    def of(board: Board, state: State) -> _HolderInputs:
        return _HolderInputs(board, state.home, state.home_countries, state.province_owner,
                             state.city_owner, state.eliminated, state.powers,
                             fortresses_in_use(state))

    def kept(self) -> _HolderInputs:
        """A copy that later changes to the position's lists and dictionaries leave alone."""
        return _HolderInputs(
            self.board,
            {k: list(v) for k, v in self.home.items()},
            {k: list(v) for k, v in self.home_countries.items()},
            dict(self.province_owner),
            dict(self.city_owner),
            list(self.eliminated),
            list(self.powers),
            self.forts,
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _HolderInputs)
            and self.board is other.board
            and self.forts == other.forts
            and self.province_owner == other.province_owner
            and self.city_owner == other.city_owner
            and self.home == other.home
            and self.home_countries == other.home_countries
            and self.eliminated == other.eliminated
            and self.powers == other.powers
        )


#: the holders found last, with what they were found from
_LAST_HOLDERS: list[tuple[_HolderInputs, dict[str, str | None]]] = []


def countries_held(board: Board, state: State, power: str) -> list[str]:
    """The home countries (named by their original power) that ``power`` holds now."""
    return sorted(c for c, h in home_country_holders(board, state).items() if h == power)


def held_home_provinces(board: Board, state: State, power: str) -> list[str]:
    """Every province of every home country the power holds now (builds: ADJ-A)."""
    countries = original_home_countries(board, state)
    return sorted(p for c in countries_held(board, state, power) for p in countries[c])


def update_home_countries(board: Board, state: State) -> tuple[State, list[str]]:
    """Record in ``state.home`` the home countries that changed hands; one event each."""
    countries = original_home_countries(board, state)
    recorded = _recorded_holders(state, countries)
    holders = _home_country_holders(board, state, countries, recorded)
    events: list[str] = []
    home: dict[str, list[str]] = {p: [] for p in [*state.home, *countries]}
    changed = False
    for country, holder in holders.items():
        before = recorded[country]
        if holder != before:
            changed = True
            if holder is None:
                events.append(f"{before} no longer holds the home country of {country} (HOME-4).")
            else:
                events.append(f"{holder} takes control of the home country of {country} (HOME-2).")
        if holder is not None:
            home.setdefault(holder, []).extend(countries[country])
    if not changed:
        return state, events
    return state.but(home={p: sorted(v) for p, v in home.items()}), events


__all__ = [
    "countries_held",
    "held_home_provinces",
    "home_country_holders",
    "original_home_countries",
    "playing",
    "update_home_countries",
]

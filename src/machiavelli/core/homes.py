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

from machiavelli.core.board import Board, City
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
    return {c: list(v) for c, v in _layout(board, state).countries.items()}


def _found_home_countries(board: Board, state: State) -> dict[str, list[str]]:
    """:func:`original_home_countries`, found from the board and the position."""
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


class _Layout:
    """A game's original home countries, with what the questions about them read.

    Made once per board and set-up (:func:`_layout`) and shared: nothing here is
    changed once made, except the caches it keeps.
    """

    def __init__(self, board: Board, countries: dict[str, list[str]]) -> None:
        self.board = board
        self.countries = countries  # as original_home_countries gives them
        # country -> its provinces with a city in use, without and with fortresses
        self.cities: list[dict[str, list[str]] | None] = [None, None]
        # the recorded holders last found (_recorded), with the state.home they read
        self.recorded: tuple[dict[str, list[str]], dict[str, str | None]] | None = None

    def cities_in_use(self, forts: bool) -> dict[str, list[str]]:
        """Country -> its provinces whose city counts (a fortress only when ``forts``)."""
        found = self.cities[1 if forts else 0]
        if found is None:
            where = self.board.provinces
            found = {
                country: [p for p in provinces if _counts(where[p].city, forts)]
                for country, provinces in self.countries.items()
            }
            self.cities[1 if forts else 0] = found
        return found


def _counts(city: City | None, forts: bool) -> bool:
    return city is not None and (city.kind != "fortress" or forts)


#: the layout last made, with the board and what of the position it was made from
#: (``state.home`` only when the countries came from it: no ``home_countries``)
_LAYOUTS: list[tuple[Board, dict[str, list[str]], dict[str, list[str]] | None, _Layout]] = []


def _layout(board: Board, state: State) -> _Layout:
    """The original home countries of the position's game (kept while they stay the same)."""
    if _LAYOUTS:
        last_board, home_countries, home, layout = _LAYOUTS[0]
        if (last_board is board and home_countries == state.home_countries
                and (home is None or home == state.home)):
            return layout
    layout = _Layout(board, _found_home_countries(board, state))
    _LAYOUTS[:] = [(board, {k: list(v) for k, v in state.home_countries.items()},
                    None if state.home_countries else {k: list(v) for k, v in state.home.items()},
                    layout)]
    return layout


def playing(state: State, power: str) -> bool:
    """The power is in the game and not eliminated."""
    return power not in state.eliminated and (not state.powers or power in state.powers)


def _recorded(layout: _Layout, state: State) -> dict[str, str | None]:
    """Who ``state.home`` says holds each country: the first power whose list has one of
    its provinces (the setup owner if nothing is recorded).  Shared: not to be changed."""
    last = layout.recorded
    if last is not None and last[0] == state.home:
        return last[1]
    order = {p: i for i, p in enumerate(state.home)}
    first: dict[str, str] = {}  # province -> the first power whose list has it
    for power, held in state.home.items():
        for province in held:
            first.setdefault(province, power)
    holders: dict[str, str | None] = {}
    for country, provinces in layout.countries.items():
        listing = [first[p] for p in provinces if p in first]
        if listing:
            holders[country] = min(listing, key=order.__getitem__)
        else:  # never recorded (a position built by hand): the setup owner
            holders[country] = None if country in state.home else country
    layout.recorded = ({k: list(v) for k, v in state.home.items()}, holders)
    return holders


def recorded_holders(board: Board, state: State) -> dict[str, str | None]:
    """Home country -> the power ``state.home`` records as holding it (None: nobody).

    What each power held when the campaign began (``state.home`` is brought up to
    date at the end of every campaign and when income is paid); a country in no
    power's list is the setup owner's if that power has no entry at all (a position
    built by hand), else nobody's.  Eliminated powers are not taken out.
    """
    return dict(_recorded(_layout(board, state), state))


def country_cities(board: Board, state: State) -> dict[str, list[str]]:
    """Home country -> its provinces whose city counts (a fortress only when fortresses
    are in use, FORT-0), in the order of :func:`original_home_countries`."""
    found = _layout(board, state).cities_in_use(fortresses_in_use(state))
    return {c: list(v) for c, v in found.items()}


def _holders(board: Board, state: State, layout: _Layout) -> dict[str, str | None]:
    """:func:`home_country_holders` of the layout's countries."""
    recorded = _recorded(layout, state)
    cities = layout.cities_in_use(fortresses_in_use(state))
    province_owner, city_owner = state.province_owner, state.city_owner
    eliminated, powers = state.eliminated, state.powers
    holders: dict[str, str | None] = {}
    for country, provinces in layout.countries.items():
        holder = recorded[country]
        # the one power controlling every province and every city in use (HOME-2; the
        # setup owner retaking it all counts too)
        owners: set[str | None] = set(map(province_owner.get, provinces))
        owners.update(map(city_owner.get, cities[country]))
        if len(owners) == 1:
            taker = owners.pop()
            if taker is not None and taker not in eliminated and (not powers or taker in powers):
                holder = taker  # a playing power
        if holder is not None and (holder in eliminated or (powers and holder not in powers)):
            holder = None  # HOME-4: lost by elimination (no longer playing)
        holders[country] = holder
    return holders


def home_country_holders(board: Board, state: State) -> dict[str, str | None]:
    """Home country (named by its original power) -> the power holding it now, or None."""
    return _holders(board, state, _layout(board, state))


def countries_held(board: Board, state: State, power: str) -> list[str]:
    """The home countries (named by their original power) that ``power`` holds now."""
    return sorted(c for c, h in home_country_holders(board, state).items() if h == power)


def held_home_provinces(board: Board, state: State, power: str) -> list[str]:
    """Every province of every home country the power holds now (builds: ADJ-A)."""
    layout = _layout(board, state)
    countries = layout.countries
    return sorted(p for c, h in _holders(board, state, layout).items() if h == power
                  for p in countries[c])


def held_home_provinces_of_all(board: Board, state: State) -> dict[str | None, set[str]]:
    """:func:`held_home_provinces` of every power at once, as sets (None: the countries
    nobody holds)."""
    layout = _layout(board, state)
    countries = layout.countries
    held: dict[str | None, set[str]] = {}
    for country, holder in _holders(board, state, layout).items():
        held.setdefault(holder, set()).update(countries[country])
    return held


def update_home_countries(board: Board, state: State) -> tuple[State, list[str]]:
    """Record in ``state.home`` the home countries that changed hands; one event each."""
    layout = _layout(board, state)
    countries = layout.countries
    recorded = _recorded(layout, state)
    holders = _holders(board, state, layout)
    if holders == recorded:
        return state, []
    events: list[str] = []
    home: dict[str, list[str]] = {p: [] for p in [*state.home, *countries]}
    for country, holder in holders.items():
        before = recorded[country]
        if holder != before:
            if holder is None:
                events.append(f"{before} no longer holds the home country of {country} (HOME-4).")
            else:
                events.append(f"{holder} takes control of the home country of {country} (HOME-2).")
        if holder is not None:
            home.setdefault(holder, []).extend(countries[country])
    return state.but(home={p: sorted(v) for p, v in home.items()}), events


__all__ = [
    "countries_held",
    "country_cities",
    "held_home_provinces",
    "held_home_provinces_of_all",
    "home_country_holders",
    "original_home_countries",
    "playing",
    "recorded_holders",
    "update_home_countries",
]

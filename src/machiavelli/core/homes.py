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

The questions are asked many times a phase (builds, rebellion prices, assassination
rolls, income, eliminations): :class:`HomeCountries` keeps what they read, one per
set-up, with the recorded holders while ``state.home`` stays the same and the holders
while the owners of the provinces and cities and the powers playing stay the
same (tests/test_campaign_fast.py sets every answer against the plain reading).
"""

from __future__ import annotations

from machiavelli.core.board import Board, City
from machiavelli.core.options import fortresses_in_use
from machiavelli.core.state import Places, State


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
    return {c: list(v) for c, v in home_countries_of(board, state).countries.items()}


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


#: what the holders are found from besides the recorded holders: fortresses in use, the
#: powers eliminated and playing, the owners of the provinces and cities (copies of the
#: whole dictionaries: comparing them costs less than picking out the countries' places)
_HoldersKey = tuple[bool, list[str], list[str], dict[str, str], dict[str, str]]


class HomeCountries:
    """A game's original home countries, with what the questions about them read.

    :func:`home_countries_of` makes one per board and set-up and keeps it while they
    stay the same.  Shared: what it gives (lists, dictionaries) is read, never changed.
    """

    def __init__(self, board: Board, countries: dict[str, list[str]]) -> None:
        self.board = board
        #: country -> its provinces, as :func:`original_home_countries` gives them
        self.countries = countries
        # country -> its provinces with a city in use, without and with fortresses (made
        # when first asked)
        self._cities: list[dict[str, list[str]] | None] = [None, None]
        # the recorded holders last found, with the state.home they were found from
        self._recorded: tuple[dict[str, Places], dict[str, str | None]] | None = None
        # the holders last found, with what they were found from and the recorded holders
        self._holders: tuple[_HoldersKey, dict[str, str | None], dict[str, str | None]] | None = (
            None)

    def cities_in_use(self, forts: bool) -> dict[str, list[str]]:
        """Country -> its provinces whose city counts (a fortress only when ``forts``)."""
        found = self._cities[1 if forts else 0]
        if found is None:
            where = self.board.provinces
            found = {
                country: [p for p in provinces if _counts(where[p].city, forts)]
                for country, provinces in self.countries.items()
            }
            self._cities[1 if forts else 0] = found
        return found

    def recorded(self, state: State) -> dict[str, str | None]:
        """Who ``state.home`` says holds each country: the first power whose list has one
        of its provinces (the setup owner if nothing is recorded; see
        :func:`recorded_holders`)."""
        last = self._recorded
        if last is not None and last[0] == state.home:
            return last[1]
        order = {p: i for i, p in enumerate(state.home)}
        first: dict[str, str] = {}  # province -> the first power whose list has it
        for power, held in state.home.items():
            for province in held:
                first.setdefault(province, power)
        holders: dict[str, str | None] = {}
        for country, provinces in self.countries.items():
            listing = [first[p] for p in provinces if p in first]
            if listing:
                holders[country] = min(listing, key=order.__getitem__)
            else:  # never recorded (a position built by hand): the setup owner
                holders[country] = None if country in state.home else country
        self._recorded = ({k: tuple(v) for k, v in state.home.items()}, holders)
        return holders

    def holders(self, state: State, forts: bool | None = None) -> dict[str, str | None]:
        """Country -> the power holding it now, or None (:func:`home_country_holders`).

        Kept while what it is found from stays the same: the recorded holders, the
        owners of the countries' provinces and cities, the powers playing.  ``forts``:
        whether the extra fortified cities are in use, when the caller knows it already.
        """
        recorded = self.recorded(state)
        if forts is None:
            forts = fortresses_in_use(state)
        cities = self.cities_in_use(forts)
        province_owner, city_owner = state.province_owner, state.city_owner
        last = self._holders
        if last is not None and last[1] is recorded:
            key = last[0]
            if (key[3] == province_owner and key[4] == city_owner and key[0] == forts
                    and key[1] == state.eliminated and key[2] == state.powers):
                return last[2]
        eliminated, powers = state.eliminated, state.powers
        holders: dict[str, str | None] = {}
        for country, provinces in self.countries.items():
            holder = recorded[country]
            # the one power controlling every province and every city in use (HOME-2; the
            # setup owner retaking it all counts too)
            owners: set[str | None] = set(map(province_owner.get, provinces))
            if len(owners) == 1:  # (the cities matter only then)
                owners.update(map(city_owner.get, cities[country]))
            if len(owners) == 1:
                taker = owners.pop()
                if taker is not None and taker not in eliminated and (
                        not powers or taker in powers):
                    holder = taker  # a playing power
            if holder is not None and (holder in eliminated or (powers and holder not in powers)):
                holder = None  # HOME-4: lost by elimination (no longer playing)
            holders[country] = holder
        self._holders = ((forts, list(eliminated), list(powers), dict(province_owner),
                          dict(city_owner)), recorded, holders)
        return holders


def _counts(city: City | None, forts: bool) -> bool:
    return city is not None and (city.kind != "fortress" or forts)


#: the home countries last made, with the board and what of the position they were made
#: from (``state.home`` only when the countries came from it: no ``home_countries``)
_LAYOUTS: list[tuple[Board, dict[str, Places], dict[str, Places] | None, HomeCountries]] = []


def home_countries_of(board: Board, state: State) -> HomeCountries:
    """The original home countries of the position's game (kept while they stay the same)."""
    if _LAYOUTS:
        last_board, home_countries, home, layout = _LAYOUTS[0]
        if (last_board is board and home_countries == state.home_countries
                and (home is None or home == state.home)):
            return layout
    layout = HomeCountries(board, _found_home_countries(board, state))
    # (copies of the dictionaries; tuple() keeps a tuple and copies a list given by hand)
    _LAYOUTS[:] = [(board, {k: tuple(v) for k, v in state.home_countries.items()},
                    None if state.home_countries else {k: tuple(v) for k, v in state.home.items()},
                    layout)]
    return layout


def playing(state: State, power: str) -> bool:
    """The power is in the game and not eliminated."""
    return power not in state.eliminated and (not state.powers or power in state.powers)


def recorded_holders(board: Board, state: State) -> dict[str, str | None]:
    """Home country -> the power ``state.home`` records as holding it (None: nobody).

    What each power held when the campaign began (``state.home`` is brought up to
    date at the end of every campaign and when income is paid); a country in no
    power's list is the setup owner's if that power has no entry at all (a position
    built by hand), else nobody's.  Eliminated powers are not taken out.
    """
    return dict(home_countries_of(board, state).recorded(state))


def home_country_holders(
    board: Board, state: State, forts: bool | None = None
) -> dict[str, str | None]:
    """Home country (named by its original power) -> the power holding it now, or None.

    ``forts``: whether the extra fortified cities are in use, when the caller knows it."""
    return dict(home_countries_of(board, state).holders(state, forts))


def countries_held(board: Board, state: State, power: str) -> list[str]:
    """The home countries (named by their original power) that ``power`` holds now."""
    holders = home_countries_of(board, state).holders(state)
    return sorted(c for c, h in holders.items() if h == power)


def held_home_provinces(
    board: Board, state: State, power: str, forts: bool | None = None
) -> list[str]:
    """Every province of every home country the power holds now (builds: ADJ-A).

    ``forts``: whether the extra fortified cities are in use, when the caller knows it."""
    layout = home_countries_of(board, state)
    countries = layout.countries
    return sorted(p for c, h in layout.holders(state, forts).items() if h == power
                  for p in countries[c])


def held_home_provinces_of_all(
    board: Board, state: State, forts: bool | None = None
) -> dict[str | None, set[str]]:
    """:func:`held_home_provinces` of every power at once, as sets (None: the countries
    nobody holds).  ``forts``: whether the extra fortified cities are in use, when the
    caller knows it."""
    layout = home_countries_of(board, state)
    countries = layout.countries
    held: dict[str | None, set[str]] = {}
    for country, holder in layout.holders(state, forts).items():
        held.setdefault(holder, set()).update(countries[country])
    return held


def update_home_countries(
    board: Board, state: State, forts: bool | None = None
) -> tuple[State, list[str]]:
    """Record in ``state.home`` the home countries that changed hands; one event each.

    ``forts``: whether the extra fortified cities are in use, when the caller knows it."""
    layout = home_countries_of(board, state)
    countries = layout.countries
    recorded = layout.recorded(state)
    holders = layout.holders(state, forts)
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
    return state.but(home={p: tuple(sorted(v)) for p, v in home.items()}), events


__all__ = [
    "HomeCountries",
    "countries_held",
    "held_home_provinces",
    "held_home_provinces_of_all",
    "home_countries_of",
    "home_country_holders",
    "original_home_countries",
    "playing",
    "recorded_holders",
    "update_home_countries",
]

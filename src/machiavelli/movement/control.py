"""Control of provinces and cities: the last power whose unit was present controls.

001, CONTROL OF PROVINCES AND CITIES: an army or fleet in a province gives its
owner the province, and the city too when the city holds no garrison (OWN-5);
a garrison gives its owner the city, and the province when no army or fleet is
there (OWN-3, also for autonomous garrisons: the province then has no
controller, ruling OWN-3A in docs/rulings.md); a province nobody is in keeps
its controller (OWN-0, OWN-4).  In Diplomacy only supply centres change hands,
after the fall campaign.

Presence covers the other cases of 001's list, since every step that adds or
removes a unit is followed by this adjudication: a bought unit is present for
its buyer (OWN-1, example 1); a unit disbanded, destroyed or removed with its
eliminated power leaves the enemy unit beside it as the last one present
(OWN-2, OWN-3 "or is eliminated", :mod:`machiavelli.game.elimination`); when both
go at once nobody is left and control stays split (OWN-4, so OWN-7A's builds
are barred to both).  Tests: tests/test_control.py.

Machiavelli 2 (option ``mach2``, docs/mach2.md M1, M2; rules.machiavelli2
"CONTROL"): control changes as in Diplomacy, only by the units present when the
fall campaign ends: :func:`update_control` does nothing under ``mach2`` unless
called with ``fall_end=True`` (:func:`update_control_after_fall`, which the game
calls once after fall); and when one power then holds a city and another its
province, nobody controls either.  Tests: tests/test_mach2.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.rules import Rules, rules_of
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.movement.bar_control import bar_control_after


def update_control(
    board: Board, state: State, *, fall_end: bool = False, rules: Rules | None = None
) -> State:
    """Control after a step of the campaign (001's control adjudications).

    Under ``mach2`` only the adjudication at the end of the fall campaign
    (``fall_end``) changes control (M1), and mixed control is nobody's (M2).
    """
    owners = control_after(board, state.units, state.province_owner, state.city_owner,
                           rules or rules_of(state.options), fall_end=fall_end,
                           rebellions=state.rebellions)
    if owners is None or (owners[0] == state.province_owner and owners[1] == state.city_owner):
        return state
    return state.but(province_owner=owners[0], city_owner=owners[1])


def control_after(
    board: Board,
    units: Sequence[Unit],
    province_owner: Mapping[str, str],
    city_owner: Mapping[str, str],
    rules: Rules,
    *,
    fall_end: bool = False,
    moved: bool = False,
    rebellions: Mapping[str, Rebellion] | None = None,
) -> tuple[dict[str, str], dict[str, str]] | None:
    """The province and city owners after a control adjudication (see :func:`update_control`),
    or None when this adjudication changes nothing (Diplomacy, Machiavelli 2 before the
    end of fall, or no owner different).

    ``moved``: units have just moved (some owner most likely changes): the owners are
    made at once, without first looking whether any would change (when none does, they
    come back equal, as new dictionaries).

    Under ``bar`` seed 003's control (:mod:`machiavelli.movement.bar_control`: independent
    control, nobody's where a garrison and a hostile unit share a province or where a
    rebellion is, ``rebellions``)."""
    if rules.diplomacy:
        return None
    if rules.bar:
        return bar_control_after(board, units, province_owner, city_owner, rebellions or {})
    mach2 = rules.mach2
    if mach2 and not fall_end:
        return None
    if _LAST:  # often asked again about the same position within a phase
        last = _LAST[0]
        if last[0] is board and last[1] == mach2 and last[2] == units:
            if last[5] == province_owner and last[6] == city_owner:
                return None  # it changes no more
            if last[3] == province_owner and last[4] == city_owner:
                return dict(last[5]), dict(last[6])
    # who each unit makes owner (None: nobody): armies and fleets on land their province,
    # and its city when no garrison is there; garrisons their city, and their province
    # when no army or fleet is there
    kinds = _KINDS(board)
    garrisons: dict[str, str | None] = {}
    field_units: dict[str, str | None] = {}
    for u in units:
        if u.kind == "G":
            garrisons[u.province] = u.owner
        else:
            field_units[u.province] = u.owner
    if not mach2 and not moved and _settled(kinds, field_units, garrisons, province_owner,
                                            city_owner):
        before = dict(province_owner), dict(city_owner)  # (no claim changes anything)
        _LAST[:] = [(board, mach2, list(units), *before, *before)]
        return None
    # the claims made on copies of the owners, the armies and fleets' first: a claim by the
    # owner changes nothing, not even the order (a new owner of a place nobody owned comes
    # last); an autonomous garrison's province and city become nobody's
    provinces = dict(province_owner)
    cities = dict(city_owner)
    for prov, owner in field_units.items():
        kind = kinds[prov]
        if kind != _SEA and owner is not None:
            provinces[prov] = owner
            if kind == _CITY and prov not in garrisons:
                cities[prov] = owner
    for prov, owner in garrisons.items():
        if owner is None:
            cities.pop(prov, None)
            if prov not in field_units:
                provinces.pop(prov, None)
        else:
            cities[prov] = owner
            if prov not in field_units:
                provinces[prov] = owner
    provinces_before, cities_before = dict(province_owner), dict(city_owner)
    # (without mach2 some claim changed an owner, as _settled said, or units moved)
    if mach2:
        _no_mixed_control(provinces, cities)
        if provinces == province_owner and cities == city_owner:
            _LAST[:] = [(board, mach2, list(units), provinces_before, cities_before,
                         provinces_before, cities_before)]
            return None
    _LAST[:] = [(board, mach2, list(units), provinces_before, cities_before, dict(provinces),
                 dict(cities))]
    return provinces, cities


_SEA, _LAND, _CITY = 0, 1, 2


def _settled(
    kinds: dict[str, int],
    field_units: dict[str, str | None],
    garrisons: dict[str, str | None],
    province_owner: Mapping[str, str],
    city_owner: Mapping[str, str],
) -> bool:
    """Every claim the units make is their owner's already (the adjudication changes
    nothing), found without copying the owners."""
    for prov, owner in field_units.items():
        if owner is not None:
            kind = kinds[prov]
            if kind != _SEA:
                if province_owner.get(prov) != owner:
                    return False
                if kind == _CITY and prov not in garrisons and city_owner.get(prov) != owner:
                    return False
    for prov, owner in garrisons.items():
        if owner is None:
            if prov in city_owner or (prov not in field_units and prov in province_owner):
                return False
        elif city_owner.get(prov) != owner or (
                prov not in field_units and province_owner.get(prov) != owner):
            return False
    return True


def _province_kinds(board: Board) -> dict[str, int]:
    """Province -> sea, land, or land with a city (what control reads of the board)."""
    return {
        pid: _SEA if prov.sea else _CITY if prov.city is not None else _LAND
        for pid, prov in board.provinces.items()
    }


_KINDS: PerBoard[dict[str, int]] = PerBoard(_province_kinds)

#: the last adjudication: board, mach2, units, owners before, owners after
_LAST: list[tuple[Board, bool, list[Unit], dict[str, str], dict[str, str], dict[str, str],
                  dict[str, str]]] = []


def update_control_after_fall(board: Board, state: State) -> State:
    """The control adjudication when the fall campaign ends (the only one under ``mach2``)."""
    return update_control(board, state, fall_end=True)


def _no_mixed_control(provinces: dict[str, str], cities: dict[str, str]) -> None:
    """M2: a city and its province held by two different powers are nobody's."""
    for prov in [p for p, owner in cities.items() if provinces.get(p, owner) != owner]:
        del cities[prov]
        del provinces[prov]


def update_supply_centres(board: Board, state: State) -> State:
    """Diplomacy: after the fall campaign each occupied supply centre goes to its occupier."""
    return state.but(city_owner=supply_centres_after(board, state.units, state.city_owner))


def supply_centres_after(
    board: Board, units: Iterable[Unit], city_owner: Mapping[str, str]
) -> dict[str, str]:
    """Diplomacy: the supply centres' owners once each occupied one goes to its occupier."""
    cities = dict(city_owner)
    for unit in units:
        if board.provinces[unit.province].city is not None and unit.owner is not None:
            cities[unit.province] = unit.owner
    return cities

"""Battle strengths (PR-BAT): troop values, the bonuses of tiles and family, the Holy
League's printed values, Bad Weather, the +3 of a city without condottiere."""

from __future__ import annotations

from .abilities import family_power, tiles_with
from .state import Seat, State, War


def _active_troops(state: State, war: War, seat: Seat) -> list[str]:
    """``seat``'s troop tiles not cancelled by Troop Bribery (PR-TRA.7)."""
    return [t for t in state.seats[seat].troops if [seat, t] not in war.bribed]


def _value(state: State, troop: str, mode: str) -> int | None:
    return state.catalogue.troop(troop).opt("attack" if mode == "attack" else "defence")


def condottiere_strength(state: State, war: War, seat: Seat, mode: str) -> int:
    """A condottiere's troop values and his own modifiers (PR-BAT.2-3, PR-FAM.3, PR-TILE.3,
    PR-TILE.10-13; R-9, R-10)."""
    troops = _active_troops(state, war, seat)
    total = sum(v for t in troops if (v := _value(state, t, mode)) is not None)
    for tile in tiles_with(state, seat, "boost"):
        troop = tile.text("troop")
        if troop in troops and _value(state, troop, mode) is not None:
            total += tile.num(mode)
    if mode == "defence":
        total += family_power(state, seat, "condottiere_defence")
        if any(_value(state, t, "defence") is not None for t in troops):
            total += sum(t.num("bonus") for t in tiles_with(state, seat, "shield_defence"))
    return total


def side_strength(state: State, war: War, side: str, mode: str) -> int:
    """A warring city's strength without its die."""
    city = war.attacker if side == "attacker" else war.defender
    cond = war.condottiere.get(side)
    if cond is None:
        total = state.catalogue.rule("no_condottiere_bonus")
    else:
        total = condottiere_strength(state, war, cond, mode)
    if war.league == side and war.league_seat is not None:
        # the Pope's troops add their printed values only
        total += sum(v for t in _active_troops(state, war, war.league_seat)
                     if (v := _value(state, t, mode)) is not None)
    return total - war.weather.get(city, 0)

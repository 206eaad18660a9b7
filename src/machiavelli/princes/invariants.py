"""The invariants of a position (spec section 4.2), for tests and self-play: each broken
one is described in a line; an empty list means the position is sound. They hold for games
made by ``new_game`` (a scenario's partial board need not hold every tile)."""

from __future__ import annotations

from .abilities import hand_limit
from .state import State


def broken(state: State) -> list[str]:
    cat = state.catalogue
    out: list[str] = []
    lo, hi = cat.rule("status_min"), cat.rule("status_max")
    out += [f"status of {c} is {v}" for c, v in state.status.items() if not lo <= v <= hi]
    cards = len(state.traitor_deck) + len(state.traitor_discard)
    for name, h in state.seats.items():
        if h.gold < 0 or h.influence < 0:
            out.append(f"{name} holds {h.gold} gold, {h.influence} influence")
        if len(h.city_tiles) > cat.rule("city_tile_limit") or \
                len({cat.tile(t).text("city") for t in h.city_tiles}) > cat.rule("city_limit"):
            out.append(f"{name} is over the city tile limits")
        if len(set(h.troops)) != len(h.troops):
            out.append(f"{name} holds two troop tiles of a type")
        if len(h.traitors) > hand_limit(state, name) and state.pending.kind != \
                "discard_to_limit":
            out.append(f"{name} holds {len(h.traitors)} traitor cards")
        cards += len(h.traitors) + len(h.drawn)
    total = sum(e.num("count") for e in cat.sections["traitors"].values())
    if cards != total:
        out.append(f"{cards} traitor cards, not {total}")
    for troop in cat.troops():
        held = sum(1 for h in state.seats.values() if troop in h.troops)
        if held + state.troop_supply.get(troop, 0) != cat.troop(troop).num("count"):
            out.append(f"{troop}: {held} held + {state.troop_supply.get(troop, 0)} in supply")
    tiles = [t for ts in state.display.values() for t in ts] + state.out_of_game + \
        [t for h in state.seats.values() for t in h.city_tiles]
    if state.auction is not None and state.auction.kind == "city":
        tiles.append(state.auction.item)
    if sorted(tiles) != sorted(cat.tiles()):
        out.append("city tiles lost or doubled")
    if state.cannon > state.rules.wars_per_decade(cat):
        out.append(f"cannon on {state.cannon}")
    return out

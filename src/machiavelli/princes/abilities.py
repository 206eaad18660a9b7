"""What a seat's family and tiles give it: discounts, hand limit, once-per-decade powers
(PR-FAM, PR-TILE)."""

from __future__ import annotations

from .catalogue import Entry, ability
from .state import Auction, Seat, State


def family_entry(state: State, seat: Seat) -> Entry | None:
    fam = state.seats[seat].family
    return None if fam is None else state.catalogue.family(fam, state.rules.side)


def family_power(state: State, seat: Seat, name: str) -> int:
    entry = family_entry(state, seat)
    return 0 if entry is None else entry.num(name)


def tiles_with(state: State, seat: Seat, power: str) -> list[Entry]:
    cat = state.catalogue
    return [cat.tile(t) for t in state.seats[seat].city_tiles if ability(cat.tile(t)) == power]


def hand_limit(state: State, seat: Seat) -> int:
    """PR-BUY.8: 2; Malatesta 3; +1 for each of Cesare Borgia and Ferrante."""
    base = family_power(state, seat, "hand_limit") or state.catalogue.rule("hand_limit")
    return base + sum(e.num("bonus") for e in tiles_with(state, seat, "hand_limit"))


def discounts(state: State, seat: Seat, auction: Auction, *, cardinal: int = 0) -> int:
    """The discounts that would apply to ``seat`` winning ``auction`` (PR-AUC.4, PR-FAM,
    PR-TILE.8/.11/.13); ``cardinal`` Cardinal Bribes counted in (PR-TRA.3)."""
    cur = auction.currency
    office = auction.kind == "condottiere"
    total = family_power(state, seat, "discount_any")
    h = state.seats[seat]
    if family_power(state, seat, "discount_declared") and h.baglioni_currency == cur:
        total += family_power(state, seat, "discount_declared")
    if cur == "gold" and not office:
        total += family_power(state, seat, "discount_gold_tile")
    if cur == "influence":
        total += family_power(state, seat, "discount_influence")
    if auction.kind == "pope":
        total += sum(e.num("discount") for e in tiles_with(state, seat, "pope_discount"))
        total += cardinal * state.catalogue.traitor("cardinal_bribe").num("amount")
    if office:
        total += sum(state.catalogue.tile(t).num("condottiere_discount")
                     for t in h.city_tiles)
    return total


def holding(state: State, seat: Seat, currency: str) -> int:
    h = state.seats[seat]
    return h.gold if currency == "gold" else h.influence


def ceiling(state: State, seat: Seat, auction: Auction) -> int:
    """The highest bid ``seat`` may make: currency held plus discounts (PR-AUC.4, R-14)."""
    cards = state.seats[seat].traitors.count("cardinal_bribe") if auction.kind == "pope" else 0
    return holding(state, seat, auction.currency) + discounts(state, seat, auction,
                                                              cardinal=cards)


def may_hold_city_tile(state: State, seat: Seat, tile: str) -> bool:
    """PR-AUC.7: at most 6 city tiles from at most 3 cities."""
    cat = state.catalogue
    h = state.seats[seat]
    if len(h.city_tiles) >= cat.rule("city_tile_limit"):
        return False
    cities = {cat.tile(t).text("city") for t in h.city_tiles}
    return cat.tile(tile).text("city") in cities or len(cities) < cat.rule("city_limit")


def once_used(state: State, seat: Seat, key: str) -> bool:
    return key in state.seats[seat].used


def free_card_sources(state: State, seat: Seat) -> list[str]:
    """Unused once-per-decade free traitor cards: Malatesta A, Alfonso, Pallavicino."""
    out = []
    if family_power(state, seat, "free_traitor") and not once_used(state, seat, "malatesta"):
        out.append("malatesta")
    for t in state.seats[seat].city_tiles:
        if ability(state.catalogue.tile(t)) == "free_traitor" and not once_used(state, seat, t):
            out.append(t)
    return out


def can_draw(state: State) -> bool:
    """R-2: no card can be had when the deck and the discard pile are both empty."""
    return bool(state.traitor_deck or state.traitor_discard)


def merchants(state: State, seat: Seat) -> int:
    cat = state.catalogue
    return sum(1 for t in state.seats[seat].city_tiles
               if "merchant" in [str(k) for k in cat.tile(t).attrs.get("keywords", [])])


def wine_merchants(state: State, seat: Seat) -> int:
    cat = state.catalogue
    return sum(1 for e in state.seats[seat].events
               if cat.event(e).text("kind") == "bonus")

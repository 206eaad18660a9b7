"""Traitor cards and the powers used outside auctions: buying, drawing, the hand limit,
steals, free cards, the Banker (PR-BUY.7-10, PR-TRA, PR-TILE.2/.6/.9, PR-FAM.2/.5)."""

from __future__ import annotations

from .abilities import (
    can_draw,
    family_power,
    free_card_sources,
    hand_limit,
    once_used,
    tiles_with,
)
from .dice import shuffle
from .state import Illegal, Seat, State


def draw_one(state: State) -> str | None:
    """The top card; an empty deck is refilled from the shuffled discard pile (PR-BUY.9)."""
    if not state.traitor_deck and state.traitor_discard:
        state.traitor_deck = shuffle(state, state.traitor_discard, "traitor deck reshuffled")
        state.traitor_discard = []
    if not state.traitor_deck:
        return None
    return state.traitor_deck.pop(0)


def take_card(state: State, seat: Seat, *, bought: bool) -> None:
    """A card to ``seat``: Bentivoglio draws two when buying (PR-BUY.10)."""
    if not can_draw(state):
        raise Illegal("R-2", "no traitor card is left in the deck or the discard pile")
    h = state.seats[seat]
    if bought and family_power(state, seat, "draw_two"):
        first = draw_one(state)
        second = draw_one(state)
        drawn = [c for c in (first, second) if c is not None]
        if len(drawn) == 2:
            h.drawn = drawn
            state.note("traitor_drawn", seat=seat, count=2)
            return
        card = drawn[0]
    else:
        got = draw_one(state)
        assert got is not None
        card = got
    h.traitors.append(card)
    h.last_drawn = card
    state.note("traitor_drawn", seat=seat, count=1)


def keep(state: State, seat: Seat, card: str) -> None:
    h = state.seats[seat]
    if not h.drawn:
        raise Illegal("PR-BUY.10", "there are no two drawn cards to choose from")
    if card not in h.drawn:
        raise Illegal("PR-BUY.10", f"{card} is not one of the two cards drawn")
    h.drawn.remove(card)
    other = h.drawn.pop()
    state.traitor_deck.append(other)            # under the deck
    h.traitors.append(card)
    h.last_drawn = card
    state.note("traitor_kept", seat=seat)


def discard(state: State, seat: Seat, card: str) -> None:
    h = state.seats[seat]
    if len(h.traitors) <= hand_limit(state, seat):
        raise Illegal("PR-BUY.8", "the hand is not over its limit")
    if card not in h.traitors:
        raise Illegal("PR-BUY.8", f"{card} is not in the hand")
    h.traitors.remove(card)
    state.traitor_discard.append(card)
    state.note("traitor_discarded", seat=seat, card=card)


def over_limit(state: State) -> Seat | None:
    for seat in state.order:
        if len(state.seats[seat].traitors) > hand_limit(state, seat):
            return seat
    return None


def pay_card(state: State, seat: Seat) -> None:
    cat = state.catalogue
    h = state.seats[seat]
    gold, infl = cat.rule("traitor_gold"), cat.rule("traitor_influence")
    if h.gold < gold or h.influence < infl:
        raise Illegal("PR-BUY.7", f"a traitor card costs {gold} gold and {infl} influence")
    if not can_draw(state):
        raise Illegal("R-2", "no traitor card is left in the deck or the discard pile")
    h.gold -= gold
    h.influence -= infl
    state.note("payment", seat=seat, gold=gold, influence=infl, item="traitor card")


def play_card(state: State, seat: Seat, card: str, rule: str) -> None:
    h = state.seats[seat]
    if card not in h.traitors:
        raise Illegal(rule, f"{seat} holds no {card.replace('_', ' ')} card")
    h.traitors.remove(card)
    state.traitor_discard.append(card)
    state.note("card_played", seat=seat, card=card)


def steal(state: State, seat: Seat, target: Seat, currency: str, amount: int) -> int:
    """R-16: a steal takes what the victim has, up to the amount."""
    if target == seat or target not in state.seats:
        raise Illegal("PR-TRA.1", "steal from another player")
    victim = state.seats[target]
    if currency == "gold":
        got = min(amount, victim.gold)
        victim.gold -= got
        state.seats[seat].gold += got
    else:
        got = min(amount, victim.influence)
        victim.influence -= got
        state.seats[seat].influence += got
    state.note("steal", seat=seat, target=target, currency=currency, amount=got)
    return got


def play_steal(state: State, seat: Seat, card: str, target: Seat) -> None:
    if card not in ("steal_gold", "steal_influence"):
        raise Illegal("PR-TRA.1", f"{card} is not a steal card")
    rule = "PR-TRA.4" if card == "steal_gold" else "PR-TRA.1"
    if target == seat or target not in state.seats:
        raise Illegal(rule, "steal from another player")
    play_card(state, seat, card, rule)
    amount = state.catalogue.traitor(card).num("amount")
    steal(state, seat, target, "gold" if card == "steal_gold" else "influence", amount)


def lucrezia(state: State, seat: Seat, target: Seat) -> None:
    tiles = [t for t in state.seats[seat].city_tiles
             if state.catalogue.tile(t).text("ability") == "steal_influence"]
    free = [t for t in tiles if not once_used(state, seat, t)]
    if not tiles:
        raise Illegal("PR-TILE.6", f"{seat} does not hold Lucrezia Borgia")
    if not free:
        raise Illegal("PR-TILE.6", "Lucrezia Borgia was used this decade")
    if target == seat or target not in state.seats:
        raise Illegal("PR-TILE.6", "steal from another player")
    state.seats[seat].used.append(free[0])
    steal(state, seat, target, "influence", state.catalogue.tile(free[0]).num("amount"))


def free_traitor(state: State, seat: Seat, source: str) -> None:
    sources = free_card_sources(state, seat)
    if source in ("alfonso_of_aragon", "alfonso_von_aragon"):
        source = "alfonso"
    if source not in sources:
        raise Illegal("PR-TILE.2" if source != "malatesta" else "PR-FAM.5",
                      f"no unused free traitor card from {source} this decade")
    take_card(state, seat, bought=False)
    state.seats[seat].used.append(source)
    state.note("free_traitor", seat=seat, source=source)


def bank_exchange(state: State, seat: Seat, direction: str, amount: int) -> None:
    """PR-TILE.9: once per decade per Banker, up to 3 one for one, at any time but never
    after the decade's last event was put up, except to pay for that event."""
    bankers = [e for e in tiles_with(state, seat, "banker")]
    free = [e for e in bankers if not once_used(state, seat, e.id)]
    if not bankers:
        raise Illegal("PR-TILE.9", f"{seat} holds no Banker")
    if not free:
        raise Illegal("PR-TILE.9", "the Banker was used this decade")
    if state.decade_ends and (state.auction is None or state.auction.kind != "event"):
        raise Illegal("PR-TILE.9", "the Banker cannot be used after the last event was put up")
    limit = free[0].num("exchange")
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= limit:
        raise Illegal("PR-TILE.9", f"exchange 1 to {limit}")
    h = state.seats[seat]
    if direction == "gold_to_influence":
        if h.gold < amount:
            raise Illegal("PR-TILE.9", f"{seat} has only {h.gold} gold")
        h.gold -= amount
        h.influence += amount
    elif direction == "influence_to_gold":
        if h.influence < amount:
            raise Illegal("PR-TILE.9", f"{seat} has only {h.influence} influence")
        h.influence -= amount
        h.gold += amount
    else:
        raise Illegal("PR-TILE.9", "direction is gold_to_influence or influence_to_gold")
    h.used.append(free[0].id)
    state.note("exchange", seat=seat, direction=direction, amount=amount, tile=free[0].id)

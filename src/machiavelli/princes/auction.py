"""Auctions: city tiles, events, the Pope (PR-AUC) and the condottiere offices (PR-WAR.6-7).

Bids go round in turn order; a pass is final; discounts count into a bid's ceiling and
the winner pays max(0, bid - discounts)."""

from __future__ import annotations

from typing import Any

from .abilities import ceiling, discounts, holding, may_hold_city_tile
from .cards import play_card
from .state import Auction, Illegal, Seat, State


def _int(value: Any, rule: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Illegal(rule, f"{what} must be a whole number")
    if not 0 <= value <= 100_000:
        shown = str(value) if abs(value) < 10 ** 12 else f"of {len(str(abs(value)))} digits"
        raise Illegal(rule, f"{what} {shown} is out of range")
    return value


def open_tile_auction(state: State, seat: Seat, item: dict[str, Any], bid: Any) -> Auction:
    """Action 2 (PR-AUC.1): the active seat puts up a tile and makes the first bid."""
    cat = state.catalogue
    if not isinstance(item, dict):
        raise Illegal("PR-AUC.1", "the item must be {kind, id}")
    kind = item.get("kind")
    ident = item.get("id")
    if kind == "city":
        if not isinstance(ident, str) or cat.canonical_tile(ident) is None:
            raise Illegal("PR-AUC.1", f"unknown city tile {ident!r}")
        tile = cat.canonical_tile(ident)
        assert tile is not None
        city = cat.tile(tile).text("city")
        if tile not in state.display.get(city, []):
            raise Illegal("PR-AUC.1", f"{tile} is not for sale")
        if not may_hold_city_tile(state, seat, tile):
            raise Illegal("PR-AUC.7", "at most 6 city tiles from at most 3 cities")
        minimum = cat.rule("city_opening_factor") * state.status[city]
        eligible = [s for s in state.from_seat(seat) if may_hold_city_tile(state, s, tile)]
        auction = Auction("city", tile, "gold", seat, eligible, minimum)
        rule = "PR-AUC.6"
    elif kind == "event":
        if not isinstance(ident, str) or ident not in cat.sections["events"]:
            raise Illegal("PR-AUC.1", f"unknown event {ident!r}")
        if ident not in state.events_open:
            raise Illegal("PR-AUC.1", f"{ident} is not among this decade's open events")
        currency = cat.event(ident).text("currency", "gold")
        auction = Auction("event", ident, currency, seat, state.from_seat(seat), 0)
        rule = "PR-AUC.10"
    elif kind == "pope":
        if state.pope_holder is not None:
            raise Illegal("PR-AUC.17", "the Pope is held this decade")
        auction = Auction("pope", "pope", "influence", seat, state.from_seat(seat), 0)
        rule = "PR-AUC.15"
    else:
        raise Illegal("PR-AUC.1", "put up a city tile, an event or the Pope")
    amount = _int(bid, rule, "the opening bid")
    if amount < auction.minimum:
        city_name = cat.tile(auction.item).text("city").capitalize() if kind == "city" else ""
        raise Illegal(rule, f"opening bid for a {city_name} tile is at least {auction.minimum}")
    top = ceiling(state, seat, auction)
    if amount > top:
        raise Illegal("PR-AUC.4", f"{seat} can bid at most {top} {auction.currency}")
    auction.high, auction.leader = amount, seat
    auction.to_act = seat
    state.note("auction_opened", seat=seat, kind=auction.kind, item=auction.item,
               currency=auction.currency, bid=amount)
    _next(state, auction)
    return auction


def open_condottiere_auction(state: State, side: str) -> Auction | None:
    """PR-WAR.6-7: influence only; players with a troop tile; not the attacker's condottiere
    in the defender's auction; the war's starter (else the next eligible) bids first."""
    war = state.war
    assert war is not None
    excluded = war.condottiere.get("attacker") if side == "defender" else None
    eligible = [s for s in state.from_seat(war.started_by)
                if state.seats[s].troops and s != excluded]
    if not eligible:
        state.note("no_condottiere_bidders", side=side)
        return None
    auction = Auction("condottiere", side, "influence", eligible[0], eligible, 0)
    auction.to_act = eligible[0]
    return auction


def bidders_left(a: Auction) -> list[Seat]:
    return [s for s in a.eligible if s not in a.passed]


def _next(state: State, a: Auction) -> None:
    """The next seat to act, or the auction is decided (``to_act`` None)."""
    left = bidders_left(a)
    if not left or (len(left) == 1 and a.leader == left[0]):
        a.to_act = None
        return
    cur = a.to_act
    assert cur is not None
    i = a.eligible.index(cur)
    for k in range(1, len(a.eligible) + 1):
        s = a.eligible[(i + k) % len(a.eligible)]
        if s in left:
            if s == a.leader and len(left) == 1:
                a.to_act = None
                return
            a.to_act = s
            a.froze_this_turn = False
            return
    a.to_act = None


def bid_range(state: State, seat: Seat, a: Auction) -> tuple[int, int] | None:
    """The bids ``seat`` may make now, or None (only a pass)."""
    if seat in a.frozen:
        return None
    lo = a.minimum if a.high is None else a.high + 1
    hi = ceiling(state, seat, a)
    return (lo, hi) if lo <= hi else None


def bid(state: State, seat: Seat, amount: Any, with_cardinal: bool = False) -> None:
    a = state.auction
    assert a is not None and a.to_act == seat
    rule = "PR-WAR.7" if a.kind == "condottiere" else "PR-AUC.2"
    value = _int(amount, rule, "a bid")
    if seat in a.frozen:
        raise Illegal("PR-TRA.2", f"{seat} is frozen and may not raise this time")
    lo = a.minimum if a.high is None else a.high + 1
    if value < lo:
        raise Illegal("R-3", f"a bid must be at least {lo}")
    top = ceiling(state, seat, a)
    if value > top:
        raise Illegal("PR-AUC.4", f"{seat} can bid at most {top} {a.currency}")
    if with_cardinal:
        if a.kind != "pope":
            raise Illegal("PR-TRA.3", "Cardinal Bribe is for the Pope auction only")
        if "cardinal_bribe" not in state.seats[seat].traitors:
            raise Illegal("PR-TRA.3", f"{seat} holds no Cardinal Bribe")
        if seat not in a.cardinal:
            a.cardinal.append(seat)
    a.high, a.leader = value, seat
    state.note("bid", seat=seat, amount=value, item=a.item)
    _next(state, a)


def pass_bid(state: State, seat: Seat) -> None:
    a = state.auction
    assert a is not None and a.to_act == seat
    if a.kind != "condottiere" and seat == a.opener and a.high is None:
        raise Illegal("PR-AUC.1", "the opener must bid")
    a.passed.append(seat)
    if seat in a.frozen:
        a.frozen.remove(seat)
    state.note("pass", seat=seat, item=a.item)
    _next(state, a)


def freeze(state: State, seat: Seat, target: Any) -> None:
    """PR-TRA.2 / R-13: on one's auction turn, before bidding or passing."""
    a = state.auction
    assert a is not None and a.to_act == seat
    if a.froze_this_turn:
        raise Illegal("PR-TRA.2", "one Freeze Bid per auction turn")
    if not isinstance(target, str) or target not in bidders_left(a) or target == seat:
        raise Illegal("R-13", "freeze another player still in this auction")
    play_card(state, seat, "freeze_bid", "PR-TRA.2")
    if target not in a.frozen:
        a.frozen.append(target)
    a.froze_this_turn = True
    state.note("freeze", seat=seat, target=target)


def settle(state: State, a: Auction) -> Seat | None:
    """Payment by the winner (PR-AUC.2/.4, R-14); returns the winner."""
    winner = a.leader if a.high is not None else None
    if winner is None:
        return None
    assert a.high is not None
    h = state.seats[winner]
    cards = 0
    if a.kind == "pope":
        held = h.traitors.count("cardinal_bribe")
        if winner in a.cardinal:
            cards = 1
        while cards < held and max(0, a.high - discounts(state, winner, a, cardinal=cards)) \
                > holding(state, winner, "influence"):
            cards += 1
        for _ in range(cards):
            play_card(state, winner, "cardinal_bribe", "PR-TRA.3")
    off = discounts(state, winner, a, cardinal=cards)
    pay = max(0, a.high - off)
    if a.currency == "gold":
        h.gold -= pay
    else:
        h.influence -= pay
    assert h.gold >= 0 and h.influence >= 0
    state.note("payment", seat=winner, item=a.item, bid=a.high, discount=min(off, a.high),
               paid=pay, currency=a.currency)
    return winner

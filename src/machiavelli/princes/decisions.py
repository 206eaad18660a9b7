"""The pending decision's legal actions as templates (bids as integer ranges) and the
legal default applied when its owner does not answer (spec section 4.3)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from . import auction as auc
from . import war
from .abilities import can_draw, ceiling, family_power, free_card_sources, may_hold_city_tile
from .catalogue import CITIES, FAMILIES
from .state import Auction, Seat, State


@dataclass(frozen=True)
class Template:
    """One kind of legal answer: fixed arguments, choices, and integer ranges."""

    act: str
    fixed: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)


def legal_actions(state: State, seat: Seat) -> list[Template]:
    """What ``seat`` may do now (empty when the decision is not its own)."""
    p = state.pending
    out: list[Template] = []
    h = state.seats[seat]
    bankers = [e for e in (state.catalogue.tile(t) for t in h.city_tiles)
               if e.text("ability") == "banker" and e.id not in h.used]
    late = state.decade_ends and (state.auction is None or state.auction.kind != "event")
    if bankers and not late and state.stage == "play":
        limit = bankers[0].num("exchange")
        for direction, held in (("gold_to_influence", h.gold), ("influence_to_gold",
                                                                 h.influence)):
            if held >= 1:
                out.append(Template("bank_exchange", fixed={"direction": direction},
                                    ranges={"amount": (1, min(limit, held))}))
    if seat not in p.seats:
        return out
    k = p.kind
    if k == "order_bid":
        out.append(Template("order_bid", ranges={"gold": (0, h.gold)}))
    elif k == "family_raise":
        high = max(state.bids[s] for s in state.order if s not in state.family_passed)
        if h.gold > high:
            out.append(Template("family_raise", ranges={"to": (high + 1, h.gold)}))
        out.append(Template("family_pass"))
    elif k == "family_choice":
        taken = {x.family for x in state.seats.values()}
        out.append(Template("choose_family",
                            choices={"family": tuple(f for f in FAMILIES if f not in taken)}))
    elif k == "decade_declare":
        out.append(Template("declare_discount", choices={"currency": ("gold", "influence")}))
    elif k in ("action", "end_of_turn"):
        out += _turn_actions(state, seat, main=k == "action")
    elif k == "auction_bid":
        a = state.auction
        assert a is not None
        rng = auc.bid_range(state, seat, a)
        if rng is not None:
            out.append(Template("bid", ranges={"amount": rng}))
        if "freeze_bid" in h.traitors and not a.froze_this_turn:
            targets = tuple(x for x in auc.bidders_left(a) if x != seat)
            if targets:
                out.append(Template("freeze", choices={"target": targets}))
        out.append(Template("pass"))
    elif k == "place_event":
        out.append(Template("place_event", fixed={"event": p.context["event"]},
                            choices={"city": CITIES}))
    elif k == "compensation":
        out.append(Template("compensation", choices={"accept": (True, False)}))
    elif k == "keep_card":
        out.append(Template("keep_traitor", choices={"card": tuple(h.drawn)}))
    elif k == "discard_to_limit":
        out.append(Template("discard_traitor", choices={"card": tuple(sorted(set(h.traitors)))}))
    elif k == "war_reaction":
        out += _reactions(state, seat)
    elif k == "holy_league":
        out.append(Template("holy_league", choices={"side": ("attacker", "defender", "none")}))
    elif k == "bribe":
        if "troop_bribe" in h.traitors:
            w = state.war
            assert w is not None
            for s in state.order:
                for t in state.seats[s].troops:
                    if [s, t] not in w.bribed:
                        out.append(Template("bribe", fixed={"target": s, "troop": t}))
        out.append(Template("no_bribe"))
    elif k == "reroll":
        out.append(Template("reroll", choices={"use": (True, False)}))
    elif k == "tie_order":
        tied = [c for group in p.context["tied"] for c in group]
        out.append(Template("rank_tied_cities", choices={
            "order": tuple(list(x) for x in itertools.permutations(tied))}))
    return out


def _turn_actions(state: State, seat: Seat, *, main: bool) -> list[Template]:
    cat = state.catalogue
    h = state.seats[seat]
    out: list[Template] = []
    if main:
        out.append(Template("pass_turn"))
        buyable = tuple(t for t in cat.troops()
                        if t not in h.troops and state.troop_supply.get(t, 0) > 0
                        and cat.troop(t).num("price") <= h.gold
                        and (state.decade >= cat.troop(t).num("first_decade", 1)
                             or (t == "artillery"
                                 and family_power(state, seat, "artillery_decade_one"))))
        if buyable:
            out.append(Template("buy_troop", choices={"troop": buyable}))
        if h.troops:
            out.append(Template("discard_troop", choices={"troop": tuple(h.troops)}))
        if can_draw(state) and h.gold >= cat.rule("traitor_gold") and \
                h.influence >= cat.rule("traitor_influence"):
            out.append(Template("buy_traitor"))
        for city, tiles in state.display.items():
            for tile in tiles:
                if not may_hold_city_tile(state, seat, tile):
                    continue
                lo = cat.rule("city_opening_factor") * state.status[city]
                probe = Auction("city", tile, "gold", seat, [seat], lo)
                hi = ceiling(state, seat, probe)
                if lo <= hi:
                    out.append(Template("auction", fixed={"item": {"kind": "city", "id": tile}},
                                        ranges={"bid": (lo, hi)}))
        for ev in state.events_open:
            cur = cat.event(ev).text("currency", "gold")
            probe = Auction("event", ev, cur, seat, [seat], 0)
            out.append(Template("auction", fixed={"item": {"kind": "event", "id": ev}},
                                ranges={"bid": (0, ceiling(state, seat, probe))}))
        if state.pope_holder is None:
            probe = Auction("pope", "pope", "influence", seat, [seat], 0)
            out.append(Template("auction", fixed={"item": {"kind": "pope"}},
                                ranges={"bid": (0, ceiling(state, seat, probe))}))
        if state.cannon < state.rules.wars_per_decade(cat):
            out += _wars("war")
    else:
        out.append(Template("end_turn"))
    if "declaration_of_war" in h.traitors and not state.war_by_card_done and \
            state.queued_war is None:
        out += _wars("declare_war_card")
    others = tuple(s for s in state.order if s != seat)
    for card in ("steal_gold", "steal_influence"):
        if card in h.traitors:
            out.append(Template("play_steal", fixed={"card": card}, choices={"target": others}))
    if any(state.catalogue.tile(t).text("ability") == "steal_influence" and t not in h.used
           for t in h.city_tiles):
        out.append(Template("lucrezia_steal", choices={"target": others}))
    if can_draw(state) and free_card_sources(state, seat):
        out.append(Template("free_traitor",
                            choices={"source": tuple(free_card_sources(state, seat))}))
    return out


def _wars(act: str) -> list[Template]:
    return [Template(act, fixed={"attacker": a, "defender": d})
            for a in CITIES for d in CITIES if a != d]


def expand(template: Template, per_range: int = 3) -> list[dict[str, Any]]:
    """Concrete actions from a template: every choice, and up to ``per_range`` values of
    each range (its ends and its middle)."""
    actions: list[dict[str, Any]] = [{"act": template.act, **template.fixed}]
    for name, options in template.choices.items():
        actions = [{**a, name: o} for a in actions for o in options]
    for name, (lo, hi) in template.ranges.items():
        values = sorted({lo, hi, (lo + hi) // 2})[:per_range] if hi >= lo else []
        actions = [{**a, name: v} for a in actions for v in values]
    return actions


def _reactions(state: State, seat: Seat) -> list[Template]:
    w = state.war
    assert w is not None
    h = state.seats[seat]
    out = [Template("react", fixed={"play": "none", "round": w.reaction_round})]
    if "veto" in h.traitors:
        out.append(Template("react", fixed={"play": "veto", "round": w.reaction_round}))
    if "bad_weather" in h.traitors:
        out.append(Template("react", fixed={"play": "bad_weather", "round": w.reaction_round},
                            choices={"city": (w.attacker, w.defender)}))
    if war.lorenzo_tile(state, seat) is not None:
        out.append(Template("react", fixed={"play": "lorenzo_veto", "round": w.reaction_round}))
    return out


def default_action(state: State, seat: Seat) -> dict[str, Any]:
    """The legal answer applied when ``seat`` does not answer (spec section 4.3)."""
    p = state.pending
    k = p.kind
    h = state.seats[seat]
    if k == "order_bid":
        return {"act": "order_bid", "gold": 0}
    if k == "family_raise":
        return {"act": "family_pass"}
    if k == "family_choice":
        taken = {x.family for x in state.seats.values()}
        return {"act": "choose_family", "family": next(f for f in FAMILIES if f not in taken)}
    if k == "decade_declare":
        return {"act": "declare_discount", "currency": h.baglioni_currency or "gold"}
    if k == "action":
        return {"act": "pass_turn"}
    if k == "end_of_turn":
        return {"act": "end_turn"}
    if k == "auction_bid":
        a = state.auction
        assert a is not None
        if a.kind != "condottiere" and seat == a.opener and a.high is None:
            return {"act": "bid", "amount": a.minimum}
        return {"act": "pass"}
    if k == "place_event":
        return {"act": "place_event", "city": _default_city(state, seat, p.context["event"])}
    if k == "compensation":
        return {"act": "compensation", "accept": False}
    if k == "keep_card":
        return {"act": "keep_traitor", "card": h.drawn[0]}
    if k == "discard_to_limit":
        return {"act": "discard_traitor", "card": h.last_drawn if h.last_drawn in h.traitors
                else h.traitors[-1]}
    if k == "war_reaction":
        return {"act": "react", "play": "none"}
    if k == "holy_league":
        return {"act": "holy_league", "side": "none"}
    if k == "bribe":
        return {"act": "no_bribe"}
    if k == "reroll":
        return {"act": "reroll", "use": False}
    if k == "tie_order":
        return {"act": "rank_tied_cities", "order": list(CITIES)}
    return {"act": "none"}


def _default_city(state: State, seat: Seat, event: str) -> str:
    """Where the winner holds most city tiles (+) or fewest (-); ties in board order."""
    cat = state.catalogue
    held = [cat.tile(t).text("city") for t in state.seats[seat].city_tiles]
    sign = 1 if cat.event(event).num("delta") >= 0 else -1
    return max(CITIES, key=lambda c: (sign * held.count(c), -CITIES.index(c)))


def summary(state: State) -> str:
    p = state.pending
    return f"{p.kind} by {', '.join(p.seats) or 'nobody'}"



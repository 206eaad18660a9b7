"""``apply(state, seat, action) -> (state, events)``: pure; the caller's state is copied,
never changed. After each action the engine runs on to the next decision (``advance``)."""

from __future__ import annotations

from typing import Any

from . import auction as auc
from . import cards, setup, war
from .abilities import can_draw, family_power, free_card_sources, tiles_with
from .catalogue import CITIES
from .scoring import end_of_decade, final_scoring, tied_groups
from .state import Event, Illegal, NotImplementedRule, Pending, Seat, State, copy_state

Action = dict[str, Any]

#: the acts each pending decision accepts (besides the free ``bank_exchange`` and ``give``)
ACCEPTS: dict[str, tuple[str, ...]] = {
    "order_bid": ("order_bid",),
    "family_raise": ("family_raise", "family_pass"),
    "family_choice": ("choose_family",),
    "decade_declare": ("declare_discount",),
    "action": ("pass_turn", "buy_troop", "discard_troop", "buy_traitor", "auction", "war",
               "play_steal", "lucrezia_steal", "free_traitor"),
    "end_of_turn": ("end_turn", "play_steal", "lucrezia_steal", "free_traitor"),
    "auction_bid": ("bid", "pass", "freeze"),
    "place_event": ("place_event",),
    "compensation": ("compensation",),
    "keep_card": ("keep_traitor",),
    "discard_to_limit": ("discard_traitor",),
    "war_reaction": ("react",),
    "holy_league": ("holy_league",),
    "bribe": ("bribe", "no_bribe"),
    "reroll": ("reroll",),
    "tie_order": ("rank_tied_cities",),
}


def apply(state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
    """The position after ``seat`` does ``action``, and the events it caused. Raises
    :class:`Illegal` (naming the rule) and leaves ``state`` as it was."""
    if not isinstance(action, dict) or not isinstance(action.get("act"), str):
        raise Illegal("PR-TURN.2", "an action is an object with an 'act'")
    if seat not in state.seats:
        raise Illegal("PR-TURN.2", f"unknown seat {seat!r}")
    new = copy_state(state)
    start = len(new.log)
    advance(new)
    _dispatch(new, seat, action)
    advance(new)
    return new, new.log[start:]


def _dispatch(s: State, seat: Seat, a: Action) -> None:
    act = a["act"]
    if act == "declare_war_card":
        _declare_war_card(s, seat, a)
        return
    if act in ("bank_exchange", "give"):
        try:
            if act == "give":
                _give(s, seat, a)
            else:
                cards.bank_exchange(s, seat, a.get("direction", ""), a.get("amount", 0))
        except (TypeError, KeyError) as exc:
            raise Illegal("PR-TURN.2", f"malformed {act}: {type(exc).__name__}") from None
        return
    p = s.pending
    if seat not in p.seats:
        raise Illegal("PR-TURN.2", f"it is not {seat}'s decision (waiting for {p.kind}"
                      f" by {', '.join(p.seats) or 'nobody'})")
    if act not in ACCEPTS.get(p.kind, ()):
        raise Illegal("PR-TURN.2", f"{act} does not answer the pending {p.kind}")
    handler = HANDLERS.get(act)
    if handler is None:
        raise NotImplementedRule("PR-TURN.2", f"{act} is not implemented")
    try:
        handler(s, seat, a)
    except (TypeError, KeyError, AttributeError) as exc:
        # an argument of the wrong shape (a list for a seat, ...): refused, never a crash
        raise Illegal("PR-TURN.2", f"malformed {act}: {type(exc).__name__}") from None


def _give(s: State, seat: Seat, a: Action) -> None:
    """PR-GEN.5: gold and influence may change hands at any time."""
    target, amount, cur = a.get("target"), a.get("amount"), a.get("currency")
    if target not in s.seats or target == seat:
        raise Illegal("PR-GEN.5", "give to another player")
    if cur not in ("gold", "influence") or isinstance(amount, bool) or \
            not isinstance(amount, int) or amount < 1:
        raise Illegal("PR-GEN.5", "give a positive amount of gold or influence")
    h, t = s.seats[seat], s.seats[str(target)]
    if (h.gold if cur == "gold" else h.influence) < amount:
        raise Illegal("PR-GEN.5", f"{seat} has not {amount} {cur}")
    if cur == "gold":
        h.gold -= amount
        t.gold += amount
    else:
        h.influence -= amount
        t.influence += amount
    s.note("give", seat=seat, target=target, amount=amount, currency=cur)


# ---- main actions (PR-TURN.2) ---------------------------------------------------------

def _pass_turn(s: State, seat: Seat, a: Action) -> None:
    s.note("pass_turn", seat=seat)
    s.main_done = True


def _buy_troop(s: State, seat: Seat, a: Action) -> None:
    troop = a.get("troop")
    cat = s.catalogue
    if troop not in cat.sections["troops"]:
        raise Illegal("PR-BUY.2", f"unknown troop type {troop!r}")
    troop = str(troop)
    h = s.seats[seat]
    if troop in h.troops:
        raise Illegal("PR-BUY.3", f"{seat} holds {troop} already (one tile per type)")
    if s.troop_supply.get(troop, 0) <= 0:
        raise Illegal("PR-BUY.5", f"no {troop} tile is left in the supply")
    first = cat.troop(troop).num("first_decade", 1)
    allowed = troop == "artillery" and family_power(s, seat, "artillery_decade_one")
    if s.decade < first and not allowed:
        raise Illegal("PR-BUY.4", f"{troop} cannot be bought before decade {first}")
    price = cat.troop(troop).num("price")
    if h.gold < price:
        raise Illegal("PR-BUY.2", f"{troop} costs {price} gold; {seat} has {h.gold}")
    h.gold -= price
    h.troops.append(troop)
    s.troop_supply[troop] -= 1
    s.note("buy_troop", seat=seat, troop=troop, price=price)
    s.main_done = True


def _discard_troop(s: State, seat: Seat, a: Action) -> None:
    troop = a.get("troop")
    h = s.seats[seat]
    if troop not in h.troops:
        raise Illegal("PR-BUY.6", f"{seat} holds no {troop!r} tile")
    h.troops.remove(str(troop))
    s.troop_supply[str(troop)] = s.troop_supply.get(str(troop), 0) + 1
    s.note("discard_troop", seat=seat, troop=troop)
    s.main_done = True


def _buy_traitor(s: State, seat: Seat, a: Action) -> None:
    cards.pay_card(s, seat)
    cards.take_card(s, seat, bought=True)
    s.main_done = True


def _auction(s: State, seat: Seat, a: Action) -> None:
    s.auction = auc.open_tile_auction(s, seat, a.get("item", {}), a.get("bid"))
    if s.auction.kind == "event":
        s.events_open.remove(s.auction.item)
        if not s.events_open:
            s.decade_ends = True           # PR-TURN.3 / PR-AUC.14
    elif s.auction.kind == "city":
        city = s.catalogue.tile(s.auction.item).text("city")
        s.display[city].remove(s.auction.item)


def _war(s: State, seat: Seat, a: Action) -> None:
    war.start_war(s, seat, a.get("attacker"), a.get("defender"), by_card=False)


def _declare_war_card(s: State, seat: Seat, a: Action) -> None:
    """PR-TRA.5 (R-24): given at any point of one's own turn, it starts its war at the end
    of the turn, after the action; nobody is asked whether he holds the card."""
    if s.stage != "play" or seat != s.turn:
        raise Illegal("PR-TRA.5", "the Declaration of War is played in one's own turn")
    if s.war_by_card_done or s.queued_war is not None:
        raise Illegal("PR-TRA.5", "one Declaration of War per turn")
    if "declaration_of_war" not in s.seats[seat].traitors:
        raise Illegal("PR-TRA.5", f"{seat} holds no Declaration of War")
    att, dfn = a.get("attacker"), a.get("defender")
    if att not in CITIES or dfn not in CITIES or att == dfn:
        raise Illegal("PR-TRA.5", "name two different cities of venezia, milano, firenze, "
                      "roma, napoli")
    s.queued_war = [str(att), str(dfn)]
    s.note("declaration_given", seat=seat, private=True)


def _end_turn(s: State, seat: Seat, a: Action) -> None:
    s.turn_closed = True


# ---- free actions in one's own turn (PR-TURN.6) --------------------------------------

def _play_steal(s: State, seat: Seat, a: Action) -> None:
    cards.play_steal(s, seat, str(a.get("card")), a.get("target"))  # type: ignore[arg-type]


def _lucrezia(s: State, seat: Seat, a: Action) -> None:
    cards.lucrezia(s, seat, a.get("target"))  # type: ignore[arg-type]


def _free_traitor(s: State, seat: Seat, a: Action) -> None:
    cards.free_traitor(s, seat, str(a.get("source")))


# ---- answers within an action ------------------------------------------------------------

def _bid(s: State, seat: Seat, a: Action) -> None:
    auc.bid(s, seat, a.get("amount"), bool(a.get("with_cardinal", False)))


def _pass(s: State, seat: Seat, a: Action) -> None:
    auc.pass_bid(s, seat)


def _freeze(s: State, seat: Seat, a: Action) -> None:
    auc.freeze(s, seat, a.get("target"))


def _place_event(s: State, seat: Seat, a: Action) -> None:
    au = s.auction
    assert au is not None
    city = a.get("city")
    if "event" in a and a["event"] != au.item:
        raise Illegal("PR-AUC.12", f"the event to place is {au.item}")
    if city not in CITIES:
        raise Illegal("PR-AUC.12", f"unknown city {city!r}")
    place(s, seat, au.item, str(city))
    s.auction = None
    _after_auction(s, au.opener, won_by=seat, kind="event")


def place(s: State, seat: Seat, event: str, city: str) -> None:
    """PR-AUC.12 / R-18: the tile lies on the city; its status moves within the bounds."""
    cat = s.catalogue
    delta = cat.event(event).num("delta")
    lo, hi = cat.rule("status_min"), cat.rule("status_max")
    s.status_events.setdefault(city, []).append(event)
    s.status[city] = max(lo, min(hi, s.status[city] + delta))
    s.note("event_placed", seat=seat, event=event, city=city, status=s.status[city])


def _compensation(s: State, seat: Seat, a: Action) -> None:
    s.compensation = None
    if a.get("accept"):
        cards.pay_card(s, seat)
        cards.take_card(s, seat, bought=True)     # PR-AUC.8


def _keep(s: State, seat: Seat, a: Action) -> None:
    cards.keep(s, seat, str(a.get("card")))


def _discard_traitor(s: State, seat: Seat, a: Action) -> None:
    cards.discard(s, seat, str(a.get("card")))


def _react(s: State, seat: Seat, a: Action) -> None:
    w = s.war
    assert w is not None
    rnd = a.get("round")
    if rnd is not None and rnd != w.reaction_round:
        raise Illegal("R-17", f"the reaction round now is {w.reaction_round}")
    war.react(s, seat, a.get("play"), a.get("city"))
    if all(x in w.answers for x in s.order):
        war.resolve_reactions(s)


def _holy_league(s: State, seat: Seat, a: Action) -> None:
    war.holy_league(s, seat, a.get("side"))


def _bribe(s: State, seat: Seat, a: Action) -> None:
    war.bribe(s, seat, a.get("target"), a.get("troop"))


def _no_bribe(s: State, seat: Seat, a: Action) -> None:
    war.bribe_done(s)


def _reroll(s: State, seat: Seat, a: Action) -> None:
    w = s.war
    assert w is not None
    after = a.get("after_round")
    if after is not None and after != w.round:
        raise Illegal("R-11", f"the re-roll is asked after round {w.round}")
    war.reroll(s, seat, bool(a.get("use", True)))


def _declare_discount(s: State, seat: Seat, a: Action) -> None:
    cur = a.get("currency")
    if cur not in ("gold", "influence"):
        raise Illegal("PR-DEC.5", "declare gold or influence")
    s.seats[seat].baglioni_currency = str(cur)
    s.declared = True
    s.note("discount_declared", seat=seat, currency=cur)


def _rank(s: State, seat: Seat, a: Action) -> None:
    order = a.get("order")
    tied = {c for g in tied_groups(s) for c in g}
    if not isinstance(order, list) or not tied <= set(order) or \
            not set(order) <= set(CITIES) or len(set(order)) != len(order):
        raise Illegal("R-8", f"rank the tied cities {sorted(tied)}")
    s.tie_ranking = [str(c) for c in order]


def _order_bid(s: State, seat: Seat, a: Action) -> None:
    setup.order_bid(s, seat, a.get("gold"))


def _family_raise(s: State, seat: Seat, a: Action) -> None:
    setup.family_raise(s, seat, a.get("to"))


def _family_pass(s: State, seat: Seat, a: Action) -> None:
    setup.family_pass(s, seat)


def _choose_family(s: State, seat: Seat, a: Action) -> None:
    setup.choose_family(s, seat, a.get("family"))


HANDLERS = {
    "pass_turn": _pass_turn, "buy_troop": _buy_troop, "discard_troop": _discard_troop,
    "buy_traitor": _buy_traitor, "auction": _auction, "war": _war,
    "declare_war_card": _declare_war_card, "end_turn": _end_turn, "play_steal": _play_steal,
    "lucrezia_steal": _lucrezia, "free_traitor": _free_traitor, "bid": _bid, "pass": _pass,
    "freeze": _freeze, "place_event": _place_event, "compensation": _compensation,
    "keep_traitor": _keep, "discard_traitor": _discard_traitor, "react": _react,
    "holy_league": _holy_league, "bribe": _bribe, "no_bribe": _no_bribe, "reroll": _reroll,
    "declare_discount": _declare_discount, "rank_tied_cities": _rank,
    "order_bid": _order_bid, "family_raise": _family_raise, "family_pass": _family_pass,
    "choose_family": _choose_family,
}


# ---- running on to the next decision ----------------------------------------------------

def _after_auction(s: State, opener: Seat, won_by: Seat | None, kind: str) -> None:
    if kind == "city" and won_by != opener and can_draw(s):
        h = s.seats[opener]
        cat = s.catalogue
        if h.gold >= cat.rule("traitor_gold") and h.influence >= cat.rule("traitor_influence"):
            s.compensation = opener                       # PR-AUC.8
    s.main_done = True


def _auction_decided(s: State) -> None:
    au = s.auction
    assert au is not None
    if au.kind == "condottiere":
        war.condottiere_decided(s)
        return
    winner = auc.settle(s, au)
    assert winner is not None
    h = s.seats[winner]
    s.note("auction_won", seat=winner, item=au.item, kind=au.kind, bid=au.high)
    if au.kind == "city":
        h.city_tiles.append(au.item)
    elif au.kind == "pope":
        s.pope_holder = winner
    elif s.catalogue.event(au.item).text("kind") == "status":
        au.won = True
        return                                             # placement pending
    else:
        h.events.append(au.item)
    s.auction = None
    _after_auction(s, au.opener, winner, au.kind)


def _end_window(s: State, seat: Seat) -> bool:
    """R-25: the turn's end waits only for public powers still unused (a free card, Lucrezia);
    a hand's cards never open it (that would show the table what the hand holds)."""
    h = s.seats[seat]
    if s.turn_closed:
        return False
    if free_card_sources(s, seat) and can_draw(s):
        return True
    return any(e.id not in h.used for e in tiles_with(s, seat, "steal_influence"))


def _baglioni_b(s: State) -> Seat | None:
    if s.declared or s.rules.side != "B":
        return None
    for seat in s.order:
        if s.seats[seat].family == "baglioni":
            return seat
    return None


def _finish_turn(s: State) -> None:
    ended_by = s.turn
    s.main_done = s.war_by_card_done = s.turn_closed = False
    s.queued_war = None
    s.compensation = None
    if s.decade_ends:
        s.decade_ends = False
        end_of_decade(s)
    s.turn = s.next_seat(ended_by)                       # PR-TURN.5


def _bentivoglio_a(s: State) -> Seat | None:
    if s.tie_ranking is not None or not tied_groups(s):
        return None
    for seat in s.order:
        if family_power(s, seat, "tie_decider"):
            return seat
    return None


def advance(s: State) -> None:
    """Run automatic steps until a decision is pending; set ``s.pending``."""
    for _ in range(10_000):
        p = _next_decision(s)
        if p is not None:
            s.pending = p
            return
    raise RuntimeError("the engine did not reach a decision")


def _next_decision(s: State) -> Pending | None:
    if s.stage == "over":
        return Pending("none", ())
    if s.stage == "order_bids":
        return Pending("order_bid", tuple(x for x in s.join_order if x not in s.bids), True)
    if s.stage == "family_auction":
        actor = setup.family_actor(s)
        if actor is None:
            s.stage = "family_choice"
            return None
        return Pending("family_raise", (actor,))
    if s.stage == "family_choice":
        chooser = setup.next_chooser(s)
        return None if chooser is None else Pending("family_choice", (chooser,))
    if s.stage == "scoring":
        decider = _bentivoglio_a(s)
        if decider is not None:
            return Pending("tie_order", (decider,), context={"tied": tied_groups(s)})
        s.final = final_scoring(s)
        s.stage = "over"
        return None
    for seat in s.order:
        if s.seats[seat].drawn:
            return Pending("keep_card", (seat,))
    over = cards.over_limit(s)
    if over is not None:
        return Pending("discard_to_limit", (over,))
    if s.auction is not None:
        au = s.auction
        if au.won:
            return Pending("place_event", (au.leader or "",), context={"event": au.item})
        if au.to_act is None:
            _auction_decided(s)
            return None
        return Pending("auction_bid", (au.to_act,), context={"item": au.item, "kind": au.kind})
    if s.war is not None:
        return _war_decision(s)
    if s.compensation is not None:
        return Pending("compensation", (s.compensation,))
    bag = _baglioni_b(s)
    if bag is not None:
        return Pending("decade_declare", (bag,))
    if not s.main_done:
        return Pending("action", (s.turn,))
    if s.queued_war is not None:
        att, dfn = s.queued_war
        s.queued_war = None
        if "declaration_of_war" in s.seats[s.turn].traitors and not s.war_by_card_done:
            war.start_war(s, s.turn, att, dfn, by_card=True)
            s.war_by_card_done = True
        else:
            s.note("declaration_lapsed", seat=s.turn)
        return None
    if _end_window(s, s.turn):
        return Pending("end_of_turn", (s.turn,))
    _finish_turn(s)
    return None


def _war_decision(s: State) -> Pending | None:
    w = s.war
    assert w is not None
    if w.step == "reaction":
        return Pending("war_reaction", tuple(x for x in s.order if x not in w.answers), True,
                       context={"round": w.reaction_round})
    if w.step == "league":
        assert s.pope_holder is not None
        return Pending("holy_league", (s.pope_holder,))
    if w.step == "bribe":
        return Pending("bribe", (w.bribe_queue[0],))
    if w.step == "reroll":
        found = war.ludovico(s)
        assert found is not None
        return Pending("reroll", (found[0],), context={"round": w.round})
    if w.step in ("cond_attacker", "cond_defender"):
        war.condottiere_decided(s)          # nobody may bid: no condottiere
        return None
    if w.step == "over":
        s.war = None
        if w.by_card:
            s.turn_closed = True
        else:
            s.main_done = True
        return None
    raise NotImplementedRule("PR-WAR", f"war step {w.step} has no decision")


def not_implemented(what: str) -> None:
    raise NotImplementedRule("PR", f"{what} is not implemented")

"""Baseline players for *Princes of the Renaissance* (spec section 4.7).

- ``random``: a legal act chosen uniformly, then one of its templates, then every choice
  and every range value uniformly.
- ``greedy``: values each offer in VP: city tiles at their city's projected VP field plus
  their income, events and the Pope at their VP, gold and influence by the majorities they
  would win or lose (PR-END.6-7), and a condottiere post by its pay plus the triumph it
  wins with the probability the battle distribution gives (two d6 per round, exactly
  computed). It bids the least legal bid while the item is worth more than the bid.

Both see what the seat may know: their own hand, and money totals, which the public log
makes derivable even in a closed-money game (PR-GEN.4).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from machiavelli.princes.battle import condottiere_strength
from machiavelli.princes.catalogue import CITIES
from machiavelli.princes.decisions import Template, default_action, legal_actions
from machiavelli.princes.scoring import city_fields
from machiavelli.princes.state import Seat, State, War

Action = dict[str, Any]
Chooser = Callable[[State, Seat, random.Random], Action]

GOLD_PER_VP = 4.0        # what a VP is worth in gold to the greedy player
INFLUENCE_PER_VP = 2.5   # and in influence
FREE_ACTS = ("play_steal", "lucrezia_steal", "free_traitor")


def _sample(t: Template, rng: random.Random) -> Action:
    a: Action = {"act": t.act, **t.fixed}
    for name, options in t.choices.items():
        a[name] = rng.choice(options)
    for name, (lo, hi) in t.ranges.items():
        a[name] = rng.randint(lo, hi)
    return a


def random_player(state: State, seat: Seat, rng: random.Random) -> Action:
    templates = [t for t in legal_actions(state, seat) if t.act != "bank_exchange"] or \
        legal_actions(state, seat)
    acts = sorted({t.act for t in templates})
    act = rng.choice(acts)
    return _sample(rng.choice([t for t in templates if t.act == act]), rng)


# ---- the battle distribution -----------------------------------------------------------

@lru_cache(maxsize=4096)
def battle_odds(att_a: int, def_a: int, att_d: int, def_d: int) -> tuple[float, float]:
    """(P attacker wins, P defender wins) of a battle with these strengths before the dice:
    round 1 the attacker's attack against the defender's defence; if not higher, round 2
    the defender's attack against the attacker's defence (PR-BAT.4-6)."""
    r1 = sum(1 for x in range(1, 7) for y in range(1, 7) if x + att_a > y + def_d) / 36
    r2 = sum(1 for x in range(1, 7) for y in range(1, 7) if x + att_d > y + def_a) / 36
    return r1, (1 - r1) * r2


def _strength(state: State, seat: Seat | None, war: War | None) -> tuple[int, int]:
    if seat is None or war is None:
        bonus = state.catalogue.rule("no_condottiere_bonus")
        return bonus, bonus
    return (condottiere_strength(state, war, seat, "attack"),
            condottiere_strength(state, war, seat, "defence"))


# ---- values ------------------------------------------------------------------------------

def _money_vp(state: State, seat: Seat, currency: str, spend: int) -> float:
    """The VP ``spend`` of ``currency`` costs ``seat``: its worth, plus the majority
    points it would lose (PR-END.6-7)."""
    per = GOLD_PER_VP if currency == "gold" else INFLUENCE_PER_VP
    mine = getattr(state.seats[seat], currency)
    others = sorted((getattr(h, currency) for s, h in state.seats.items() if s != seat),
                    reverse=True)
    first, second = (6, 3) if currency == "gold" else (4, 2)

    def place(v: int) -> int:
        if not others or v > others[0]:
            return first
        if len(others) < 2 or v > others[1]:
            return second
        return 0
    scale = 0.5 if state.decade < 3 else 1.0   # money changes much before the end
    return spend / per + scale * (place(mine) - place(mine - spend))


def _city_vp(state: State, city: str) -> float:
    return float(city_fields(state)[city])


def item_value(state: State, seat: Seat, kind: str, ident: str) -> float:
    """What winning the item is worth to ``seat``, in VP."""
    cat = state.catalogue
    left = 4 - state.decade        # income phases still to come, this one included
    if kind == "city":
        e = cat.tile(ident)
        income = e.num("gold_income") / GOLD_PER_VP + e.num("influence_income") / \
            INFLUENCE_PER_VP
        return _city_vp(state, e.text("city")) + 0.7 * income * left + 0.5
    if kind == "event":
        e = cat.event(ident)
        if e.text("kind") == "vp":
            return float(e.num("vp"))
        if e.text("kind") == "bonus":
            merchants = sum(1 for t in state.seats[seat].city_tiles
                            if "merchant" in [str(k) for k in cat.tile(t).attrs.get("keywords",
                                                                                    [])])
            return merchants * (1 + left / GOLD_PER_VP) + 0.5
        return max(_status_gain(state, seat, c, e.num("delta")) for c in CITIES)
    if kind == "pope":
        return (3.0 if state.decade == 3 else 0.0) + 3 / GOLD_PER_VP + 0.5
    return 0.0


def _status_gain(state: State, seat: Seat, city: str, delta: int) -> float:
    """The VP ``seat``'s city tiles gain when ``city``'s status moves by ``delta``."""
    cat = state.catalogue
    held = [cat.tile(t).text("city") for t in state.seats[seat].city_tiles]
    before = city_fields(state)
    lo, hi = cat.rule("status_min"), cat.rule("status_max")
    old = state.status[city]
    state.status[city] = max(lo, min(hi, old + delta))
    after = city_fields(state)
    state.status[city] = old
    return float(sum(after[c] - before[c] for c in held))


def _war_value(state: State, seat: Seat, att: str, dfn: str) -> float:
    """A war ``seat`` starts, to be the attacking condottiere: the triumph it wins with the
    battle's odds against a city without condottiere, and the status its tiles gain."""
    a_att, a_def = _strength(state, seat, War(att, dfn, seat))
    bonus = state.catalogue.rule("no_condottiere_bonus")
    p_att, _ = battle_odds(a_att, a_def, bonus, bonus)
    triumph = state.seats[seat].triumphs + 1
    return p_att * (triumph + _status_gain(state, seat, att, 1) +
                    _status_gain(state, seat, dfn, -1)) - 1.0


# ---- the greedy player -------------------------------------------------------------------

def greedy_player(state: State, seat: Seat, rng: random.Random) -> Action:
    templates = legal_actions(state, seat)
    by_act: dict[str, list[Template]] = {}
    for t in templates:
        by_act.setdefault(t.act, []).append(t)
    kind = state.pending.kind
    for act in FREE_ACTS:
        if act in by_act and kind in ("action", "end_of_turn"):
            return _free(state, seat, by_act[act][0])
    if kind == "action":
        return _main(state, seat, by_act, rng)
    if kind == "auction_bid":
        return _bid(state, seat, by_act)
    if kind == "order_bid":
        return {"act": "order_bid", "gold": rng.randint(0, 4)}
    if kind == "holy_league":
        return {"act": "holy_league", "side": _league_side(state, seat)}
    if kind == "compensation":
        h = state.seats[seat]
        return {"act": "compensation", "accept": h.gold >= 8 and h.influence >= 3}
    if kind == "reroll":
        return {"act": "reroll", "use": False}
    return default_action(state, seat)


def _free(state: State, seat: Seat, t: Template) -> Action:
    a: Action = {"act": t.act, **t.fixed}
    if "target" in t.choices:
        cur = "gold" if t.fixed.get("card") == "steal_gold" else "influence"
        a["target"] = max(t.choices["target"], key=lambda s: getattr(state.seats[s], cur))
    for name, options in t.choices.items():
        a.setdefault(name, options[0])
    return a


def _main(state: State, seat: Seat, by_act: dict[str, list[Template]],
          rng: random.Random) -> Action:
    h = state.seats[seat]
    options: list[tuple[float, Action]] = [(0.0, {"act": "pass_turn"})]
    for t in by_act.get("auction", []):
        item = t.fixed["item"]
        lo, _hi = t.ranges["bid"]
        kind = item["kind"]
        cur = "gold" if kind == "city" else \
            state.catalogue.event(item["id"]).text("currency", "gold") if kind == "event" \
            else "influence"
        worth = item_value(state, seat, kind, item.get("id", ""))
        gain = worth - _money_vp(state, seat, cur, lo)
        if kind == "event":
            gain += 0.3          # moving the decade on
        options.append((gain, {"act": "auction", "item": item, "bid": lo}))
    for t in by_act.get("buy_troop", []):
        if len(h.troops) < 3:
            for troop in t.choices["troop"]:
                e = state.catalogue.troop(troop)
                power = (e.opt("attack") or 0) + (e.opt("defence") or 0)
                options.append((0.35 * power - _money_vp(state, seat, "gold", e.num("price")),
                                {"act": "buy_troop", "troop": troop}))
    if h.troops and "war" in by_act:
        held = [state.catalogue.tile(t).text("city") for t in h.city_tiles]
        for t in by_act["war"]:
            att, dfn = t.fixed["attacker"], t.fixed["defender"]
            if held.count(att) >= held.count(dfn):
                options.append((_war_value(state, seat, att, dfn),
                                {"act": "war", "attacker": att, "defender": dfn}))
    best = max(v for v, _ in options)
    return rng.choice([a for v, a in options if v >= best - 1e-9])


def _bid(state: State, seat: Seat, by_act: dict[str, list[Template]]) -> Action:
    a = state.auction
    assert a is not None
    if "bid" not in by_act:
        return {"act": "pass"}
    lo, _hi = by_act["bid"][0].ranges["amount"]
    if a.kind == "condottiere":
        worth = _post_value(state, seat, a.item)
    else:
        worth = item_value(state, seat, a.kind, a.item)
    if a.opener == seat and a.high is None and a.kind != "condottiere":
        return {"act": "bid", "amount": lo}
    if worth - _money_vp(state, seat, a.currency, lo) > 0:
        return {"act": "bid", "amount": lo}
    return {"act": "pass"}


def _post_value(state: State, seat: Seat, side: str) -> float:
    """A condottiere post: the city's status as pay, and a triumph with the probability of
    winning (the other side's condottiere unknown: the +3 of a city without one)."""
    w = state.war
    assert w is not None
    city = w.attacker if side == "attacker" else w.defender
    att, dfn = _strength(state, seat, w)
    other = w.condottiere.get("attacker") if side == "defender" else None
    oa, od = _strength(state, other, w)
    if side == "attacker":
        p_win, _ = battle_odds(att, dfn, oa, od)
    else:
        _, p_win = battle_odds(oa, od, att, dfn)
    triumphs = state.seats[seat].triumphs
    return state.status[city] / GOLD_PER_VP + p_win * (triumphs + 1)


def _league_side(state: State, seat: Seat) -> str:
    w = state.war
    if w is None:
        return "none"
    held = [state.catalogue.tile(t).text("city") for t in state.seats[seat].city_tiles]
    a, d = held.count(w.attacker), held.count(w.defender)
    return "attacker" if a > d else "defender" if d > a else "none"


PLAYERS: dict[str, Chooser] = {"random": random_player, "greedy": greedy_player}

__all__ = ["PLAYERS", "battle_odds", "greedy_player", "item_value", "random_player"]

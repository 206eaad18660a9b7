"""Income and the end of a decade (PR-DEC), final scoring and victory (PR-END)."""

from __future__ import annotations

from typing import Any

from .abilities import family_entry, merchants, wine_merchants
from .catalogue import CITIES
from .state import Seat, State


def income(state: State, seat: Seat) -> tuple[int, int]:
    """PR-DEC.1-2 (R-22): gold and influence symbols of all tiles, plus Wine Merchant."""
    cat = state.catalogue
    h = state.seats[seat]
    gold = infl = 0
    fam = family_entry(state, seat)
    if fam is not None:
        gold += fam.num("gold_income")
        infl += fam.num("influence_income")
    for t in h.city_tiles:
        gold += cat.tile(t).num("gold_income")
        infl += cat.tile(t).num("influence_income")
    for t in h.troops:
        gold += cat.troop(t).num("gold_income")
        infl += cat.troop(t).num("influence_income")
    for e in h.events:
        gold += cat.event(e).num("gold_income")
        infl += cat.event(e).num("influence_income")
    if state.pope_holder == seat:
        gold += cat.rule("pope_gold_income")
    gold += merchants(state, seat) * wine_merchants(state, seat) * cat.rule("wine_merchant_gold")
    return gold, infl


def end_of_decade(state: State) -> None:
    """Income (PR-DEC.1-3), then the next decade's preparation (PR-DEC.4) or the end."""
    for seat in state.order:
        h = state.seats[seat]
        gold, infl = income(state, seat)
        h.gold += gold + h.war_pay
        h.influence += infl
        state.note("income", seat=seat, gold=gold, influence=infl, war_pay=h.war_pay,
                   decade=state.decade)
        h.war_pay = 0
    if state.decade >= 3:
        state.stage = "scoring"
        return
    state.decade += 1
    for seat in state.order:
        state.seats[seat].used = []
    state.cannon = 0
    state.events_open = list(state.events_later.pop(state.decade, []))
    state.pope_holder = None
    state.declared = False
    state.note("decade_started", decade=state.decade, events=list(state.events_open))


def tied_groups(state: State) -> list[list[str]]:
    """Cities tied on status and on status-event count (PR-END.2), in board order."""
    key = {c: (state.status[c], len(state.status_events.get(c, []))) for c in CITIES}
    groups: dict[tuple[int, int], list[str]] = {}
    for c in CITIES:
        groups.setdefault(key[c], []).append(c)
    return [g for g in groups.values() if len(g) > 1]


def city_fields(state: State, ranking: list[str] | None = None) -> dict[str, int]:
    """PR-END.2: VP per tile of each city; ties on status and events all take the lowest
    shared place, unless Bentivoglio A ranked them (``ranking``, R-8)."""
    fields = list(state.rules.vp_fields)
    key = {c: (state.status[c], len(state.status_events.get(c, []))) for c in CITIES}
    ordered = sorted(CITIES, key=lambda c: (-key[c][0], -key[c][1]))
    out: dict[str, int] = {}
    i = 0
    while i < len(ordered):
        group = [c for c in ordered if key[c] == key[ordered[i]]]
        if ranking is not None and len(group) > 1:
            group.sort(key=lambda c: ranking.index(c) if c in ranking else len(CITIES))
            for k, c in enumerate(group):
                out[c] = fields[i + k]
        else:
            for c in group:
                out[c] = fields[i + len(group) - 1]
        i += len(group)
    return out


def _majority(values: dict[Seat, int], first: int, second: int, tied_first: int,
              tied_second: int) -> dict[Seat, int]:
    """PR-END.6-7: most and second most, with the tie rules."""
    out = dict.fromkeys(values, 0)
    if not values:
        return out
    top = max(values.values())
    firsts = [s for s, v in values.items() if v == top]
    if len(firsts) > 1:
        for s in firsts:
            out[s] = tied_first
        return out
    out[firsts[0]] = first
    rest = {s: v for s, v in values.items() if s not in firsts}
    if rest:
        nxt = max(rest.values())
        seconds = [s for s, v in rest.items() if v == nxt]
        for s in seconds:
            out[s] = second if len(seconds) == 1 else tied_second
    return out


def final_scoring(state: State) -> dict[str, Any]:
    cat = state.catalogue
    fields = city_fields(state, state.tie_ranking)
    gold = _majority({s: state.seats[s].gold for s in state.order}, cat.rule("gold_first"),
                     cat.rule("gold_second"), cat.rule("gold_tied_first"),
                     cat.rule("gold_tied_second"))
    infl = _majority({s: state.seats[s].influence for s in state.order},
                     cat.rule("influence_first"), cat.rule("influence_second"),
                     cat.rule("influence_tied_first"), cat.rule("influence_tied_second"))
    breakdown: dict[Seat, dict[str, int]] = {}
    for s in state.order:
        h = state.seats[s]
        cities = sum(fields[cat.tile(t).text("city")] for t in h.city_tiles)
        events = sum(cat.event(e).num("vp") for e in h.events if cat.event(e).text("kind") == "vp")
        events += merchants(state, s) * wine_merchants(state, s) * cat.rule("wine_merchant_vp")
        pope = cat.rule("pope_vp") if state.pope_holder == s else 0
        triumphs = h.triumphs * (h.triumphs + 1) // 2
        breakdown[s] = {"cities": cities, "events": events, "pope": pope, "gold": gold[s],
                        "influence": infl[s], "triumphs": triumphs}
    vp = {s: sum(b.values()) for s, b in breakdown.items()}
    best = max(vp.values())
    leaders = [s for s in state.order if vp[s] == best]
    money = {s: state.seats[s].gold + state.seats[s].influence for s in leaders}
    top = max(money.values())
    winner = [s for s in leaders if money[s] == top]           # PR-END.9
    result = {"city_fields": fields, "vp": vp, "winner": winner, "breakdown": breakdown}
    state.note("final_scoring", **result)
    return result

"""Set-up for 3 to 6 players (PR-SET) and the start auction (PR-START) or the beginners'
set-up (PR-SET.11)."""

from __future__ import annotations

from typing import Any

from .catalogue import CITIES, FAMILIES, Catalogue, packaged
from .dice import d6, shuffle
from .state import Holdings, Illegal, Rules, Seat, State


def full_deck(cat: Catalogue) -> list[str]:
    return [card for card, e in cat.sections["traitors"].items() for _ in range(e.num("count"))]


def new_game(rules: Rules, names: list[Seat], seed: str,
             catalogue: Catalogue | None = None) -> State:
    """A new game: the board (PR-SET.1-8), 45 gold and 12 influence each (PR-SET.9), then
    the start auction or the beginners' random order (PR-SET.11)."""
    cat = catalogue or packaged()
    if not 3 <= len(names) <= 6 or len(set(names)) != len(names):
        raise Illegal("PR-SET", "3 to 6 players with distinct names")
    if rules.side not in ("A", "B") or rules.start not in ("auction", "beginner"):
        raise Illegal("PR-SET.10", "side A or B; start auction or beginner")
    if rules.start == "beginner" and rules.side != "A":
        raise Illegal("PR-SET.11", "beginners play side A")
    state = State(rules=rules, catalogue=cat, seed=seed, order=list(names),
                  join_order=list(names),
                  seats={n: Holdings(gold=cat.rule("start_gold"),
                                     influence=cat.rule("start_influence")) for n in names})
    state.status = {c: cat.sections["start_status"][c].num("status") for c in CITIES}
    state.status_events = {c: [] for c in CITIES}
    for city in CITIES:
        tiles = [t for t in cat.tiles() if cat.tile(t).text("city") == city]
        drawn = shuffle(state, tiles, f"{city} city tiles")
        state.display[city] = sorted(drawn[:6])
        state.out_of_game += drawn[6:]
    for decade in (1, 2, 3):
        evs = [e for e in cat.events() if cat.event(e).num("decade") == decade]
        if decade == 1:
            state.events_open = evs
        else:
            state.events_later[decade] = shuffle(state, evs, f"decade {decade} events")
    state.troop_supply = {t: cat.troop(t).num("count") for t in cat.troops()}
    state.traitor_deck = shuffle(state, full_deck(cat), "traitor deck")
    if rules.start == "auction":
        state.stage = "order_bids"
    else:
        state.order = shuffle(state, names, "order markers")
        state.stage = "family_choice"
    state.note("game_created", players=len(names), side=rules.side, start=rules.start)
    return state


def order_bid(state: State, seat: Seat, gold: Any) -> None:
    """PR-START.1: a sealed bid of 0..45 gold; resolved when all are in."""
    if isinstance(gold, bool) or not isinstance(gold, int):
        raise Illegal("PR-START.1", "a bid is a whole number of gold")
    if not 0 <= gold <= state.seats[seat].gold:
        raise Illegal("PR-START.1", f"bid 0 to {state.seats[seat].gold} gold")
    if seat in state.bids:
        raise Illegal("PR-START.1", f"{seat} has bid already")
    state.bids[seat] = gold
    if len(state.bids) == len(state.seats):
        _rank_orders(state)


def _rank_orders(state: State) -> None:
    """Highest bid first; ties by dice in join order, higher first, ties re-rolled."""
    bids = state.bids
    state.note("order_bids", bids=dict(bids))
    ranked: list[Seat] = []
    for amount in sorted(set(bids.values()), reverse=True):
        group = [s for s in state.join_order if bids[s] == amount]
        ranked += _by_dice(state, group)
    state.order = ranked
    state.stage = "family_auction"
    state.note("turn_order", order=list(ranked))


def _by_dice(state: State, group: list[Seat]) -> list[Seat]:
    if len(group) <= 1:
        return group
    rolls = {s: d6(state, f"turn order tie, {s}") for s in group}
    out: list[Seat] = []
    for value in sorted(set(rolls.values()), reverse=True):
        out += _by_dice(state, [s for s in group if rolls[s] == value])
    return out


def family_actor(state: State) -> Seat | None:
    """PR-START.3 / R-1: the lowest not-passed bid acts; ties, the later in turn order."""
    left = [s for s in state.order if s not in state.family_passed]
    if len(left) <= 1:
        return None
    low = min(state.bids[s] for s in left)
    return [s for s in left if state.bids[s] == low][-1]


def family_raise(state: State, seat: Seat, to: Any) -> None:
    high = max(state.bids[s] for s in state.order if s not in state.family_passed)
    if isinstance(to, bool) or not isinstance(to, int):
        raise Illegal("PR-START.3", "raise to a whole number of gold")
    if to <= high:
        raise Illegal("PR-START.3", f"raise above the highest bid, {high}")
    if to > state.seats[seat].gold:
        raise Illegal("PR-START.3", f"{seat} has only {state.seats[seat].gold} gold")
    state.bids[seat] = to
    state.note("family_raise", seat=seat, to=to)
    _after_family_step(state)


def family_pass(state: State, seat: Seat) -> None:
    state.family_passed.append(seat)
    state.note("family_pass", seat=seat)
    _after_family_step(state)


def _after_family_step(state: State) -> None:
    if family_actor(state) is None:
        state.stage = "family_choice"


def choosers(state: State) -> list[Seat]:
    """PR-START.4: by bid, ties the later pass first, then turn order; beginners choose
    in reverse turn order (PR-SET.11)."""
    if state.rules.start == "beginner":
        return list(reversed(state.order))
    passed = state.family_passed

    def key(s: Seat) -> tuple[int, int, int]:
        when = passed.index(s) if s in passed else len(state.order)
        return (-state.bids.get(s, 0), -when, state.order.index(s))
    return sorted(state.order, key=key)


def next_chooser(state: State) -> Seat | None:
    for s in choosers(state):
        if state.seats[s].family is None:
            return s
    return None


def choose_family(state: State, seat: Seat, family: Any) -> None:
    if family not in FAMILIES:
        raise Illegal("PR-START.4", f"unknown family {family!r}")
    if any(h.family == family for h in state.seats.values()):
        raise Illegal("PR-START.4", f"{family} is taken")
    state.seats[seat].family = str(family)
    state.note("family_chosen", seat=seat, family=family)
    if next_chooser(state) is None:
        _start_play(state)


def _start_play(state: State) -> None:
    cat = state.catalogue
    for s in state.order:
        h = state.seats[s]
        if state.rules.start == "beginner":
            h.gold -= cat.rule("beginner_refund")            # PR-SET.11
        else:
            h.gold -= state.bids.get(s, 0)                   # PR-START.5
        state.note("start_payment", seat=s, gold=h.gold)
    state.bids = {}
    state.stage = "play"
    state.turn = state.order[0]
    state.note("decade_started", decade=1, events=list(state.events_open))

"""Comparing a scenario's (partial) expectation with a position: numbers exactly, lists of
tiles, cards and events as multisets (``*_ordered`` keys in order)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .catalogue import CITIES
from .state import State


def observe(state: State) -> dict[str, Any]:
    """The position in the scenario format's terms."""
    seats: dict[str, Any] = {}
    for name, h in state.seats.items():
        seats[name] = {
            "family": h.family, "gold": h.gold, "influence": h.influence,
            "troops": h.troops, "city_tiles": h.city_tiles, "events": h.events,
            "traitors": h.traitors, "triumphs": h.triumphs, "war_pay": h.war_pay,
            "used": h.used,
            "order": state.order.index(name) + 1 if name in state.order else None,
            "standing_bids": state.bids.get(name),
        }
    owner: dict[str, Any] = {}
    for name, h in state.seats.items():
        for t in h.city_tiles + h.events:
            owner[t] = name
    for city, evs in state.status_events.items():
        for e in evs:
            owner[e] = city
    if state.pope_holder is not None:
        owner["pope"] = state.pope_holder
    return {
        "stage": state.stage, "decade": state.decade, "turn": state.turn,
        "cannon": state.cannon, "status": state.status, "status_events": state.status_events,
        "events_open": state.events_open,
        "events_later": {str(k): v for k, v in state.events_later.items()},
        "pope_holder": state.pope_holder,
        "pope_available": state.pope_holder is None and state.stage != "over",
        "display": state.display, "troop_supply": state.troop_supply,
        "traitor_deck": state.traitor_deck, "traitor_deck_ordered": state.traitor_deck,
        "traitor_discard": state.traitor_discard, "seats": seats, "tile_owner": owner,
        "out_of_game": state.out_of_game,
        "last_war": state.last_war, "final": state.final,
    }


def _canon(state: State, value: Any) -> Any:
    if isinstance(value, str):
        return state.catalogue.canonical_tile(value) or value
    return value


def _same(state: State, path: str, want: Any, got: Any, out: list[str]) -> None:
    if isinstance(want, dict):
        if not isinstance(got, dict):
            out.append(f"{path}: expected {want}, found {got!r}")
            return
        for k, v in want.items():
            if path == "tile_owner":
                k = _canon(state, k)
            if k not in got:
                if path.endswith("status") and k not in CITIES:
                    out.append(f"{path}.{k}: unknown city")
                elif v in (None, [], 0) and path in ("tile_owner",):
                    continue
                else:
                    _same(state, f"{path}.{k}", v, None, out)
                continue
            _same(state, f"{path}.{k}", v, got[k], out)
        return
    if isinstance(want, list) and not path.endswith("_ordered") and \
            not path.endswith("strengths") and not path.endswith("winner"):
        if not isinstance(got, list):
            out.append(f"{path}: expected {want}, found {got!r}")
            return
        w = Counter(str(_canon(state, x)) for x in want)
        g = Counter(str(_canon(state, x)) for x in got)
        if w != g:
            out.append(f"{path}: expected {sorted(w.elements())}, found {sorted(g.elements())}")
        return
    if path.endswith("winner") and isinstance(want, list) and isinstance(got, list):
        if sorted(map(str, want)) != sorted(map(str, got)):
            out.append(f"{path}: expected {want}, found {got}")
        return
    if want != got and _canon(state, want) != _canon(state, got):
        out.append(f"{path}: expected {want!r}, found {got!r}")


def compare(state: State, expect: dict[str, Any]) -> list[str]:
    """The differences between ``expect`` and ``state`` (empty = they agree)."""
    seen = observe(state)
    out: list[str] = []
    for key, want in expect.items():
        if key == "pending":
            _pending(state, want, out)
        elif key == "last_war":
            if state.last_war is None:
                out.append("last_war: no war was fought")
            else:
                _same(state, "last_war", want, state.last_war, out)
        elif key == "final":
            if state.final is None:
                out.append(f"final: the game is not over (stage {state.stage}, pending "
                           f"{state.pending.kind})")
            else:
                _same(state, "final", want, state.final, out)
        elif key in seen:
            _same(state, key, want, seen[key], out)
        else:
            out.append(f"{key}: not an expectation this engine knows")
    return out


def _pending(state: State, want: Any, out: list[str]) -> None:
    p = state.pending
    if not isinstance(want, dict):
        out.append("pending: expected an object {kind, seat}")
        return
    if "kind" in want and want["kind"] != p.kind:
        out.append(f"pending.kind: expected {want['kind']!r}, found {p.kind!r} "
                   f"({', '.join(p.seats)})")
    if "seat" in want:
        seats = want["seat"] if isinstance(want["seat"], list) else [want["seat"]]
        if sorted(map(str, seats)) != sorted(p.seats):
            out.append(f"pending.seat: expected {want['seat']!r}, found {list(p.seats)}")

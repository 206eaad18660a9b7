"""What a viewer may see of a position (spec section 4.6; PR-GEN.4), and which
provisional catalogue values the game relies on (section 4.9)."""

from __future__ import annotations

from typing import Any

from .catalogue import CITIES
from .state import Seat, State


def in_play(state: State) -> dict[str, set[str]]:
    """The catalogue entries a game uses, by section."""
    families = {f"{h.family}.{state.rules.side}" for h in state.seats.values() if h.family}
    tiles = {t for ts in state.display.values() for t in ts}
    tiles |= {t for h in state.seats.values() for t in h.city_tiles}
    events = set(state.events_open) | {e for es in state.events_later.values() for e in es}
    events |= {e for h in state.seats.values() for e in h.events}
    events |= {e for es in state.status_events.values() for e in es}
    return {"rules": {"rules"}, "start_status": set(CITIES), "families": families,
            "troops": set(state.catalogue.troops()), "city_tiles": tiles, "events": events,
            "traitors": set(state.catalogue.sections["traitors"])}


def provisional_values(state: State) -> list[str]:
    """The provisional values in play (``section.entry.value``); the game page and LIST
    say "provisional values" while this is not empty."""
    used = in_play(state)
    out = []
    for section, entries in state.catalogue.sections.items():
        for eid, entry in entries.items():
            if eid not in used.get(section, set()):
                continue
            for name, v in entry.values.items():
                if v.provenance == "provisional":
                    out.append(f"{section}.{eid}.{name}")
    return sorted(out)


def any_provisional(state: State) -> bool:
    return bool(provisional_values(state))


def view(state: State, viewer: Seat | None) -> dict[str, Any]:
    """The position as ``viewer`` may see it (None: an observer). Traitor cards in other
    hands are counted only; with closed money (PR-GEN.4, the default) other seats' gold
    and influence totals are hidden (they are derivable from the public log)."""
    seats: dict[str, Any] = {}
    for name, h in state.seats.items():
        own = name == viewer
        seats[name] = {
            "family": h.family, "troops": list(h.troops), "city_tiles": list(h.city_tiles),
            "events": list(h.events), "triumphs": h.triumphs, "war_pay": h.war_pay,
            "used": list(h.used), "traitor_count": len(h.traitors),
            "traitors": list(h.traitors) if own else None,
            "gold": h.gold if own or state.rules.money == "open" else None,
            "influence": h.influence if own or state.rules.money == "open" else None,
        }
    bids = state.bids if state.stage != "order_bids" else \
        {s: b for s, b in state.bids.items() if s == viewer}
    return {
        "stage": state.stage, "decade": state.decade, "turn": state.turn,
        "order": list(state.order), "cannon": state.cannon, "status": dict(state.status),
        "status_events": {c: list(e) for c, e in state.status_events.items()},
        "events_open": list(state.events_open),
        "events_later": {d: sorted(e) for d, e in state.events_later.items()},
        "pope_holder": state.pope_holder, "display": {c: list(t) for c, t in
                                                      state.display.items()},
        "troop_supply": dict(state.troop_supply), "traitor_deck_count": len(state.traitor_deck),
        "traitor_discard": list(state.traitor_discard), "seats": seats, "bids": dict(bids),
        "pending": {"kind": state.pending.kind, "seats": list(state.pending.seats),
                    "simultaneous": state.pending.simultaneous},
        "provisional": any_provisional(state), "final": state.final,
    }

"""What a viewer may see of a Princes position (spec section 4.6): traitor cards in hand
only to their seat and the master, and, in a closed-money game (PR-GEN.4, the default),
each seat's gold and influence totals likewise; everything else is public.  Also the
reports of a resolved decision (public: every event of the log but the private ones;
private: each seat's hand and money) and the picture (SVG)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

from machiavelli.princes.catalogue import CITIES
from machiavelli.princes.state import Event, State
from machiavelli.princes.view import view
from machiavelli.service.kinds.princes.board import described, log_line
from machiavelli.service.port import Sight


def visible(state: State, viewer: Sight) -> dict[str, Any]:
    """The engine's view of the position as ``viewer`` may see it (a master, or a player
    holding several seats, sees each of them as its owner does), with the board in words
    for the front ends (``board``: :func:`~.board.described`)."""
    shown = view(state, None)
    for seat in state.seats:
        if viewer.may_see(seat):
            own = view(state, seat)
            shown["seats"][seat] = own["seats"][seat]
            shown["bids"].update(own["bids"])
    shown["board"] = described(state, viewer)
    return shown


def money_public(state: State) -> bool:
    return state.rules.money == "open"


def private_text(state: State, seat: str) -> str:
    """``seat``'s private part: its money and its traitor cards."""
    h = state.seats[seat]
    cards = ", ".join(h.traitors) if h.traitors else "none"
    text = f"{seat}: {h.gold} gold, {h.influence} influence; traitor cards: {cards}"
    if h.drawn:
        text += f"; drawn, to keep one: {', '.join(h.drawn)}"
    return text


def private_parts(state: State, viewer: Sight) -> dict[str, str]:
    return {s: private_text(state, s) for s in state.seats if viewer.may_see(s)}


def _seat_name(state: State, seat: str) -> str:
    family = state.seats[seat].family
    return f"{seat} ({family})" if family else seat


def words(state: State, viewer: Sight) -> str:
    """The position in words, as ``viewer`` may read it."""
    playing = f"; {state.turn} to play" if state.turn and state.stage == "play" else ""
    lines = [f"Stage {state.stage}, decade {state.decade}; turn order "
             f"{', '.join(state.order)}{playing}"]
    lines.append("Cities: " + ", ".join(
        f"{c} {state.status[c]}" + (f" ({len(state.status_events.get(c, []))} events)"
                                    if state.status_events.get(c) else "")
        for c in CITIES))
    lines.append(f"Wars this decade: {state.cannon}; Pope: {state.pope_holder or 'free'}")
    lines.append("Events open: " + (", ".join(state.events_open) or "none"))
    for city in CITIES:
        lines.append(f"Display {city}: {', '.join(state.display.get(city, [])) or 'empty'}")
    for seat in state.order:
        h = state.seats[seat]
        parts = [f"tiles {', '.join(h.city_tiles) or 'none'}",
                 f"troops {', '.join(h.troops) or 'none'}",
                 f"events {', '.join(h.events) or 'none'}", f"triumphs {h.triumphs}",
                 f"war pay {h.war_pay}", f"{len(h.traitors)} traitor cards"]
        if money_public(state) or viewer.may_see(seat):
            parts.append(f"{h.gold} gold, {h.influence} influence")
        if viewer.may_see(seat):
            parts.append(f"hand {', '.join(h.traitors) or 'empty'}")
        lines.append(f"{_seat_name(state, seat)}: " + "; ".join(parts))
    if state.auction is not None:
        a = state.auction
        lines.append(f"Auction of {a.kind} {a.item} ({a.currency}): high {a.high} by "
                     f"{a.leader or 'nobody'}; passed {', '.join(a.passed) or 'none'}")
    if state.war is not None:
        w = state.war
        lines.append(f"War: {w.attacker} attacks {w.defender} ({w.step})")
    if state.final is not None:
        vp = state.final.get("vp", {})
        lines.append("Final scoring: " + ", ".join(f"{s} {vp.get(s)}" for s in state.order)
                     + f"; won by {', '.join(state.final.get('winner', []))}")
    return "\n".join(lines) + "\n"


def report(events: Sequence[Event], defaults: dict[str, str]) -> str:
    """The public report of a resolved decision (private events left out)."""
    lines = [f"{seat}: no answer, the default: {line}" for seat, line in defaults.items()]
    lines += [log_line(e) for e in events if not e.get("private")]
    return "\n".join(lines) + ("\n" if lines else "")


def picture(state: State, viewer: Sight, title: str) -> str:
    """A simple SVG: the five cities' status track and each family's holdings."""
    rows: list[str] = []
    y = 50
    for i, city in enumerate(CITIES):
        x = 20 + i * 150
        status = state.status[city]
        rows.append(f'<text x="{x}" y="{y}" font-weight="bold">{escape(city)}</text>')
        for level in range(3, 11):
            fill = "#b33" if level == status else "#eee"
            rows.append(f'<rect x="{x + (level - 3) * 15}" y="{y + 8}" width="13" '
                        f'height="13" fill="{fill}" stroke="#999"/>')
        rows.append(f'<text x="{x}" y="{y + 40}" font-size="11">status {status}, '
                    f'{len(state.status_events.get(city, []))} events</text>')
    y += 80
    for seat in state.order:
        h = state.seats[seat]
        money = (f", {h.gold} gold, {h.influence} influence"
                 if money_public(state) or viewer.may_see(seat) else "")
        hand = f", hand {', '.join(h.traitors) or 'empty'}" if viewer.may_see(seat) else \
            f", {len(h.traitors)} traitor cards"
        rows.append(f'<text x="20" y="{y}" font-weight="bold">'
                    f'{escape(_seat_name(state, seat))}</text>')
        held = ("tiles " + (", ".join(h.city_tiles) or "none") + "; troops "
                + (", ".join(h.troops) or "none") + f"; triumphs {h.triumphs}" + money + hand)
        rows.append(f'<text x="20" y="{y + 16}" font-size="11">{escape(held)}</text>')
        y += 40
    height = y + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="780" height="{height}" '
            f'font-family="sans-serif" font-size="13"><title>{escape(title)}</title>'
            f'<text x="20" y="22" font-size="16">{escape(title)}</text>'
            + "".join(rows) + "</svg>")

"""Standing orders of a Princes seat (spec princes.md section 4.4.6), read and turned into
the seat's answer when it must decide; the host keeps them (:mod:`machiavelli.service.
standing`).

- ``BID UP TO n [ON item]``: in an auction (of that item, or any), the seat bids the
  lowest legal bid (the standing high plus one, or the minimum; Freeze Bid and the
  seat's ceiling are the engine's) while it is at most n, else passes;
  ``CONDOTTIERE [ATTACKER|DEFENDER] UP TO n`` likewise in a condottiere auction;
- ``PASS ON item`` / ``PASS ALL AUCTIONS``: the seat passes in that auction (in all);
- ``NEXT ACTION <main action>``: the seat's next main action, used up when it is taken;
  when it is not legal then, the seat is asked (and the order is dropped);
- ``SET REACT AUTO``: the seat answers every war reaction window "no reaction" at once
  (``SET REACT ASK``: it is asked again); it lasts the whole game, the others lapse at
  the end of the decade;
- ``CLEAR`` drops them all.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.princes.decisions import legal_actions
from machiavelli.princes.engine import apply
from machiavelli.princes.state import Illegal, State
from machiavelli.princes.text import (
    BidUpTo,
    Enquiry,
    NextAction,
    PassOn,
    Setting,
    format_command,
    read_line,
)
from machiavelli.princes.textfmt import format_action
from machiavelli.service.port import CLEAR_ALL, LineError, StandingOrder


def _item_key(item: dict[str, str] | None) -> str:
    if item is None:
        return "*"
    return ":".join(v for v in (item.get("kind", ""), item.get("id", "")) if v)


def standing_order(state: State, seat: str, line: str) -> StandingOrder | LineError | None:
    """``line`` as a standing order of ``seat`` (or why not; None: none)."""
    try:
        command = read_line(line, state, seat)
    except Illegal as refused:
        return LineError(0, line, str(refused), refused.rule)
    if isinstance(command, Enquiry) and command.word == "clear":
        return StandingOrder("CLEAR", CLEAR_ALL)
    if isinstance(command, BidUpTo):
        return StandingOrder(format_command(command, state), "bid " + _item_key(command.item))
    if isinstance(command, PassOn):
        return StandingOrder(format_command(command, state), "pass " + _item_key(command.item))
    if isinstance(command, NextAction):
        return StandingOrder(format_command(command, state), "next")
    if isinstance(command, Setting) and command.name == "react":
        return StandingOrder(format_command(command, state), "react", lasting=True)
    return None


def _matches(item: dict[str, str] | None, kind: str, item_id: str) -> bool:
    if item is None:
        return kind != "condottiere"
    return item.get("kind") == kind and item.get("id", item_id) in (item_id, "")


def _legal(state: State, seat: str, line: str) -> bool:
    try:
        command = read_line(line, state, seat)
        if command is None or not hasattr(command, "action"):
            return False
        apply(state, seat, command.action)
    except Illegal:
        return False
    return True


def _auction_answer(state: State, seat: str, commands: list[object]) -> str | None:
    a = state.auction
    if a is None:
        return None
    if any(isinstance(c, PassOn) and _matches(c.item, a.kind, a.item) for c in commands):
        return "PASS"
    limits = [c.limit for c in commands
              if isinstance(c, BidUpTo) and _matches(c.item, a.kind, a.item)]
    if not limits:
        return None
    lowest = next((t.ranges["amount"][0] for t in legal_actions(state, seat)
                   if t.act == "bid" and "amount" in t.ranges
                   and t.ranges["amount"][0] <= t.ranges["amount"][1]), None)
    if lowest is None or lowest > max(limits):
        return "PASS"
    return f"BID {lowest}"


def standing_answer(state: State, seat: str, orders: Sequence[str]
                    ) -> tuple[str | None, tuple[str, ...]]:
    """The answer ``orders`` give ``seat`` now (None: ask it), and the orders kept."""
    kept = tuple(orders)
    if seat not in state.pending.seats:
        return None, kept
    pairs: list[tuple[str, object]] = []
    for order in orders:
        try:
            pairs.append((order, read_line(order, state, seat)))
        except Illegal:  # no longer readable (a tile gone): it does nothing
            continue
    commands = [c for _, c in pairs]
    kind = state.pending.kind
    if kind == "war_reaction":
        auto = [c for c in commands if isinstance(c, Setting) and c.name == "react"]
        return ("NO REACTION" if auto and auto[-1].value == "auto" else None), kept
    if kind == "auction_bid":
        line = _auction_answer(state, seat, commands)
        return (line if line is not None and _legal(state, seat, line) else None), kept
    if kind == "action":
        ahead = next((c for c in commands if isinstance(c, NextAction)), None)
        if ahead is None:
            return None, kept
        rest = tuple(o for o in orders if (o, ahead) not in pairs)
        line = format_action(ahead.action, state)
        return (line if _legal(state, seat, line) else None), rest
    return None, kept

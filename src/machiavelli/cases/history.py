"""What the movement before a retreat case did, read from its PRESTATE_RESULTS.

A retreat needs two facts about the movement that dislodged units: where each
winning attack came from (no retreat there) and which provinces were left
empty by a standoff (no retreat there either).  DATC retreat cases give the
movement orders with SUCCESS or FAILURE; this module derives both facts from
them.  Rules used (standard Diplomacy, which 001 keeps for retreats):

- A dislodged unit was attacked from the origin of the successful move into
  its province.  An attack that came by convoy leaves no such restriction, so
  its origin is not recorded (``attacker_from`` is None).
- A province is contested when it is empty after the movement and a failed
  move targeted it, except a move that never arrived there: one whose unit
  lost a head-to-head battle with the unit coming from that province, or a
  convoyed move whose convoying fleet was dislodged or that had no convoy.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from machiavelli.core.board import Board
from machiavelli.core.state import Unit


class CaseError(Exception):
    """A line of a case file that cannot be read."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class PastOrder:
    """One line of PRESTATE_RESULTS, reduced to what retreats need."""

    succeeded: bool
    power: str | None
    kind: str  # "A", "F" or "G"
    origin: str  # province id
    action: Literal["move", "convoy", "other"]
    dest: str | None = None  # move: destination; convoy: the army's destination
    via_convoy: bool = False  # move: "via convoy" written
    army_from: str | None = None  # convoy: where the convoyed army starts


_MOVE_WORDS = ("-", "m", "move", "moves", "->")
_CONVOY_WORDS = ("c", "convoy", "convoys")


def read_past_order(
    text: str,
    line: int,
    province: Callable[[str, int], str],
    power: Callable[[str, int], str | None],
) -> PastOrder:
    """``"SUCCESS: France: A gas-mar via convoy"`` -> a PastOrder."""
    word, sep, rest = text.partition(":")
    verdict = word.strip().upper()
    who, sep2, order = rest.partition(":")
    if not sep or not sep2 or verdict not in ("SUCCESS", "FAILURE"):
        raise CaseError(f"expected 'SUCCESS|FAILURE: Power: order', got {text!r}", line)
    owner = power(who, line)
    tokens = re.sub(r"-+>?", " - ", order).split()
    if len(tokens) < 2 or tokens[0].upper() not in ("A", "F", "G"):
        raise CaseError(f"expected an order for a unit, got {order.strip()!r}", line)

    def place(token: str) -> str:
        return province(re.split(r"[/(]", token, maxsplit=1)[0], line)

    kind, origin = tokens[0].upper(), place(tokens[1])
    op = tokens[2].lower() if len(tokens) > 2 else "h"
    succeeded = verdict == "SUCCESS"
    if op in _MOVE_WORDS and len(tokens) > 3:
        via = "convoy" in (t.lower() for t in tokens[4:])
        return PastOrder(succeeded, owner, kind, origin, "move", place(tokens[3]), via)
    if op in _CONVOY_WORDS:
        # C A gas - mar
        rest_tokens = [t for t in tokens[3:] if t.upper() not in ("A", "F")]
        if len(rest_tokens) >= 3 and rest_tokens[1] in _MOVE_WORDS:
            return PastOrder(
                succeeded,
                owner,
                kind,
                origin,
                "convoy",
                dest=place(rest_tokens[2]),
                army_from=place(rest_tokens[0]),
            )
        raise CaseError(f"cannot read the convoy {order.strip()!r}", line)
    return PastOrder(succeeded, owner, kind, origin, "other")


@dataclass
class History:
    """What a case's past phase tells: attacks and contested provinces."""

    # province attacked -> (origin of the successful attack, came by convoy)
    attacks: dict[str, tuple[str, bool]] = field(default_factory=dict)
    contested: list[str] = field(default_factory=list)

    def attacker_of(self, unit: Unit) -> str | None:
        """Where the attack that dislodged ``unit`` came from (None: by convoy or unknown)."""
        found = self.attacks.get(unit.province)
        if found is None or found[1]:
            return None
        return found[0]


def _convoyed(board: Board, move: PastOrder) -> bool:
    return move.kind == "A" and (
        move.via_convoy or not board.army_adjacent(move.origin, move.dest or "")
    )


def derive_history(
    board: Board, units: Sequence[Unit], dislodged: Sequence[Unit], past: Sequence[PastOrder]
) -> History:
    """Attack origins and contested provinces implied by the movement's results."""
    history = History()
    moves = [p for p in past if p.action == "move" and p.dest is not None]
    for m in moves:
        if m.succeeded and m.dest is not None:
            history.attacks.setdefault(m.dest, (m.origin, _convoyed(board, m)))
    occupied = {u.province for u in units if u.kind != "G"}
    dislodged_at = {u.province for u in dislodged}
    for m in moves:
        dest = m.dest
        if m.succeeded or dest is None or dest in occupied or dest in history.contested:
            continue
        if m.origin in dislodged_at:
            attack = history.attacks.get(m.origin)
            if (
                attack is not None
                and attack[0] == dest
                and not attack[1]
                and not _convoyed(board, m)
            ):
                continue  # lost the head-to-head battle: never reached dest
        if _convoyed(board, m):
            fleets = [
                p.origin
                for p in past
                if p.action == "convoy" and p.army_from == m.origin and p.dest == dest
            ]
            if not fleets or any(f in dislodged_at for f in fleets):
                continue  # the convoy did not carry it there
        history.contested.append(dest)
    return history

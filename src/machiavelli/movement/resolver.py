"""Kruijswijk's resolver: each order's decision resolved on demand, guessing on cycles.

The resolver works on :class:`~machiavelli.movement.pieces.Pieces`: one piece per
unit, parallel lists of integers, its order already reduced to hold, move,
support or convoy.  What a move's path reads (its convoy, the straits on its
way) is :class:`~machiavelli.movement.paths.Paths`, which the resolver extends.  It
knows nothing of parsing or of what happens after
movement; :mod:`machiavelli.movement.moves` prepares the pieces and
:mod:`machiavelli.movement.outcome` applies the outcome.

Decisions: a move (or conversion between province and city) *succeeds*; a
support *is given*; any other order *holds* (is not dislodged); and, beyond the
pieces, a strait *is closed* to a power's fleets (001 STR-A..G: it depends on
whether the controlling fleet stays, arrives or bounces back).  Decision ``i``
below the number of pieces is piece ``i``'s; a strait's decision is numbered
after them when first needed.  ``resolve`` follows L. B. Kruijswijk's "The Math
of Adjudication": an unresolved decision is first guessed false, then true;
when both guesses give the same answer it stands; when they differ (or both are
consistent) the backup rule decides:

- a cycle through the dislodgement of a convoying fleet is a convoy paradox,
  settled by the Szykman rule: the convoyed armies concerned do not move and
  have no effect (DATC 4.A.2, option Szykman);
- a cycle through a strait (the controlling fleet's move depends on a fleet
  the strait may stop) is a strait paradox, settled the same way: the strait
  stays closed to that power, whose fleets do not pass it and have no effect
  across it (ruling STR-G paradox, docs/rulings.md);
- under ``bar``, a cycle through a dislodged unit's standoff that is not circular
  movement (BAR-13.4): :mod:`machiavelli.movement.bar_cycles`;
- any other cycle is circular movement: every move in it succeeds.

Most phases have no cycle at all (about one in a hundred random phases has one), so
:meth:`Resolver.resolve_all` first resolves every decision plainly, depth first, each from
the decisions it reads; the first time a decision turns out to depend on itself it starts
over with the guesses.  Without a cycle the guesses would have given the same answers
(a decision that reads no guess keeps its first one), so the outcome is the same either way
(``tests/test_resolver_plain.py``).
"""

from __future__ import annotations

from typing import Final

from machiavelli.movement.bar_cycles import settle_cycle
from machiavelli.movement.paths import Paths
from machiavelli.movement.pieces import (
    CONVOY,
    MOVE,
    SUPPORT,
    Pieces,
    blanks,
    strait_candidates,
)

# Decision states
_UNRESOLVED: Final = 0
_GUESSING: Final = 1
_RESOLVED: Final = 2

#: strength of a garrison defending its city: garrisons are displaced only by siege
UNASSAILABLE: Final = 1000


class _Cycle(Exception):
    """A decision found to depend on itself while resolving plainly: start over with guesses."""


class Resolver(Paths):
    """The decisions of one movement phase, resolved on demand."""

    def __init__(
        self,
        pieces: Pieces,
        allies: dict[int, set[int]] | None = None,
        mach2: bool = False,
        bar: bool = False,
        barred: set[int] | None = None,
        besieges: set[int] | None = None,
    ) -> None:
        self.pieces = pieces
        #: the pieces whose order is a siege (seed 003: a besieging fleet controls no
        #: strait, BAR-14.5)
        self.besieges: set[int] = besieges if besieges is not None else set()
        #: seed 003's conflict rules (BAR-13.1, BAR-13.4): a unit forced to retreat has no
        #: effect at all, so its move stands nobody off and its attack cuts no support
        self.bar = bar
        #: moves that never succeed but keep their prevent strength (seed 003: one's own
        #: units never conflict, BAR-13.6, ruling A-10)
        self.barred: set[int] = barred if barred is not None else set()
        self.allies = allies if allies is not None else {}
        #: Machiavelli 2: only fleets present at the start close a strait (STR-MACH2-1)
        self.mach2 = mach2
        ix = pieces.ix
        n = pieces.count
        self.count = n
        blank = blanks(n)
        self.state: list[int] = blank.zeros[:n]  # (_UNRESOLVED is 0: tests/test_pieces_blanks.py)
        self.resolution: list[bool] = blank.falses[:n]
        #: guesses read, per decision being made (None: none yet)
        self.frames: list[set[int] | None] = [None]
        self.pending: list[int] = []  # decisions left as guesses, awaiting a cycle's head
        self.no_convoy = set()
        #: resolving plainly, depth first (no cycle met yet): see :meth:`resolve_all`
        self.plain = False
        kind, dest, space = pieces.kind, pieces.dest, pieces.space
        # the pieces' lists the decisions read most, at hand
        self.kind = kind
        self.dest = dest
        self.space = space
        self.power = pieces.power
        self.strength = pieces.strength
        self.convoyed = pieces.convoyed
        self.venice_bounces = pieces.venice_bounces
        self.rebel_support = pieces.rebel_support
        self.straits = bool(ix.straits)
        #: False for a piece whose path is open whatever happens (no convoy, no strait to
        #: cross): :meth:`path_ok` need not be asked
        self.blocked: list[bool] = pieces.convoyed
        if self.straits:  # and a fleet's move to another province (Pieces.steps_to_province)
            self.blocked = blocked = pieces.convoyed[:]
            fleet, moves_to, provinces = pieces.fleet, pieces.moves_to, ix.count
            for d in pieces.destinations:
                if d < provinces:
                    for j in moves_to[d]:
                        if fleet[j]:
                            blocked[j] = True
        self.occupant = pieces.occupant
        #: seed 003's High Seas (BAR-14.3): their space, -1 when no fleet is there or
        #: moves there (then nothing below asks)
        self.high_seas = pieces.high_seas if pieces.high_seas >= 0 and (
            pieces.at_high_seas or pieces.moves_to[pieces.high_seas]) else -1
        self.moves_to = pieces.moves_to
        self.supports = pieces.supports
        self.convoys = pieces.convoys
        self.rebel_users = pieces.rebel_users
        # decisions beyond the pieces: (controlling province, power) -> number, and back
        self.strait_decisions: dict[tuple[int, int], int] = {}
        self.strait_keys: dict[int, tuple[int, int]] = {}
        self.strait_candidates = {}
        if ix.straits:
            self.strait_candidates = strait_candidates(pieces, ix.controllers, mach2)

    # ------------------------------------------------------------------
    # Kruijswijk's guess-and-check recursion
    # ------------------------------------------------------------------
    def resolve(self, i: int) -> bool:
        state = self.state
        st = state[i]
        if st == _RESOLVED:
            return self.resolution[i]
        if self.plain:  # no cycle met yet: the decision from the decisions it reads
            if st == _GUESSING:
                raise _Cycle
            state[i] = _GUESSING
            # (a move's decision asked at once: the one most often asked)
            if i < self.count and self.kind[i] == MOVE:
                value = self._move_succeeds(i)
            else:
                value = self._adjudicate(i)
            self.resolution[i] = value
            state[i] = _RESOLVED
            return value
        resolution = self.resolution
        frames = self.frames
        if st == _GUESSING:  # the caller depends on this guess
            frame = frames[-1]
            if frame is None:
                frames[-1] = {i}
            else:
                frame.add(i)
            return resolution[i]
        pending = self.pending
        start = len(pending)
        resolution[i] = False
        state[i] = _GUESSING
        frames.append(None)
        first = self._adjudicate(i)
        reads = frames.pop()
        if state[i] == _RESOLVED:  # settled meanwhile by a backup rule
            return resolution[i]
        if not reads:
            if len(pending) > start:
                self._reset(start)
            resolution[i] = first
            state[i] = _RESOLVED
            return first
        outside = reads - {i} - set(pending[start:])
        if outside:
            # depends on a guess made further up: stay a guess until that one settles
            frame = frames[-1]
            if frame is None:
                frames[-1] = outside
            else:
                frame.update(outside)
            resolution[i] = first
            pending.append(i)
            return first
        # i heads a cycle of its own: try the other guess
        self._reset(start)
        resolution[i] = True
        frames.append(None)
        second = self._adjudicate(i)
        frames.pop()
        if state[i] == _RESOLVED:
            return resolution[i]
        if first == second:
            self._settle(i, first, start)
            return first
        cycle = [i, *pending[start:]]
        self._reset(start)
        state[i] = _UNRESOLVED
        self._backup_rule(cycle)
        return self.resolve(i)

    def _settle(self, i: int, value: bool, start: int) -> None:
        if len(self.pending) > start:
            self._reset(start)
        self.resolution[i] = value
        self.state[i] = _RESOLVED

    def _reset(self, start: int) -> None:
        """Forget the guesses left pending since ``start``: they are recomputed on demand."""
        for j in self.pending[start:]:
            if self.state[j] == _GUESSING:
                self.state[j] = _UNRESOLVED
        del self.pending[start:]

    def _backup_rule(self, cycle: list[int]) -> None:
        p = self.pieces
        convoy_fleets: set[int] = set()
        for m in cycle:
            if m in self.strait_keys or p.kind[m] != MOVE:
                continue
            occ = self.occupant[p.dest[m]]
            if occ >= 0 and p.kind[occ] == CONVOY:
                convoy_fleets.add(occ)
        straits = [j for j in cycle if j in self.strait_keys]
        if convoy_fleets or straits:
            # Szykman: the armies those fleets convoy do not move and have no effect
            for f in convoy_fleets:
                if p.target[f] >= 0:
                    self.no_convoy.add(p.target[f])
            # and a strait in the paradox stays closed to the fleets it may stop
            for j in straits:
                self.resolution[j] = True
                self.state[j] = _RESOLVED
            for j in cycle:
                if self.state[j] != _RESOLVED:
                    self.state[j] = _UNRESOLVED
            return
        if self.bar and settle_cycle(self, cycle):
            return  # seed 003: a cycle through a dislodged unit's standoff (BAR-13.4)
        # circular movement: every move in the cycle succeeds
        for j in cycle:
            if p.kind[j] == MOVE:
                self.resolution[j] = True
                self.state[j] = _RESOLVED
            else:
                self.state[j] = _UNRESOLVED

    def _adjudicate(self, i: int) -> bool:
        if i >= self.count:
            controller, power = self.strait_keys[i]
            return self._strait_closes(controller, power)
        k = self.kind[i]
        if k == MOVE:
            return self._move_succeeds(i)
        if k == SUPPORT:
            return self._support_given(i)
        return not self.dislodged(i)

    def resolve_all(self) -> None:
        """Every piece's decision: plainly, depth first, while no decision depends on itself;
        at the first cycle, everything again with Kruijswijk's guesses (module doc)."""
        left = self._settle_free()
        state, resolution, kind, count = self.state, self.resolution, self.kind, self.count
        self.plain = True
        try:
            for i in left:  # (resolve's plain path, written out: nothing is a guess here)
                if state[i] != _RESOLVED:
                    state[i] = _GUESSING
                    value = (self._move_succeeds(i) if i < count and kind[i] == MOVE
                             else self._adjudicate(i))
                    resolution[i] = value
                    state[i] = _RESOLVED
        except _Cycle:
            self.plain = False
            self._forget()
            self.resolve_by_guesses()
        self.plain = False

    def resolve_by_guesses(self) -> None:
        """Every piece's decision with Kruijswijk's guesses from the start (what
        :meth:`resolve_all` comes to when there is a cycle)."""
        left = self._settle_free()
        state = self.state
        for i in left:
            if state[i] != _RESOLVED:
                self.resolve(i)

    def _forget(self) -> None:
        """Every decision unresolved again, the straits' decisions dropped."""
        n = self.count
        del self.state[n:]
        del self.resolution[n:]
        for i in range(n):
            self.state[i] = _UNRESOLVED
            self.resolution[i] = False
        self.frames = [None]
        self.pending = []
        self.no_convoy = set()
        self.strait_decisions = {}
        self.strait_keys = {}

    def _settle_free(self) -> list[int]:
        """Settle the decisions that read no other decision; return the others, in order.

        A hold or convoy nothing moves against holds; so is a support given, but for a
        fleet's (a strait may stop it); a lone move to an empty space without support
        succeeds.  (The guesses never concern them, so the order does not matter.)"""
        p = self.pieces
        kind, space, dest, blocked = self.kind, self.space, self.dest, self.blocked
        moves_to, state, resolution = self.moves_to, self.state, self.resolution
        occupant, supports = self.occupant, self.supports
        venice_bounces, rebel_support, fleet = self.venice_bounces, self.rebel_support, p.fleet
        straits = self.straits
        left: list[int] = []
        for i in range(self.count):
            k = kind[i]
            if k == MOVE:
                d = dest[i]
                if (len(moves_to[d]) == 1 and occupant[d] < 0 and not supports[i]
                        and not blocked[i] and not venice_bounces[i] and not rebel_support[i]
                        and not (straits and fleet[i])):
                    state[i] = _RESOLVED
                    resolution[i] = True
                else:
                    left.append(i)
            elif not moves_to[space[i]] and (k != SUPPORT or not (straits and fleet[i])):
                state[i] = _RESOLVED
                resolution[i] = True
            else:
                left.append(i)
        return left

    # ------------------------------------------------------------------
    # Moves
    # ------------------------------------------------------------------
    def _head_to_head(self, i: int) -> int:
        """The piece at i's destination moving into i's space, both without convoy; or -1."""
        convoyed = self.convoyed
        if convoyed[i]:
            return -1
        q = self.occupant[self.dest[i]]
        if q >= 0 and self.kind[q] == MOVE and self.dest[q] == self.space[i] and not convoyed[q]:
            return q
        return -1

    def _move_succeeds(self, i: int) -> bool:
        """Whether move ``i`` succeeds: its attack strength beats the hold strength of its
        destination (or the defend strength of the unit there coming the other way, a
        head-to-head battle) and the prevent strength of every other move there.

        The attack strength: the unit's, a rebel's support (REB-EFF-6) and the supports
        given; none against a unit of the same power that stays, and against a unit that
        stays, no support given by that unit's power."""
        if self.venice_bounces[i] or (self.blocked[i] and not self.path_ok(i)):
            return False
        if self.barred and i in self.barred:
            return False
        kind, power = self.kind, self.power
        dest = self.dest[i]
        if dest == self.high_seas >= 0:
            return self._into_high_seas(i)
        occ = self.occupant[dest]
        opponent = -1  # the piece at the destination moving into i's space, neither convoyed
        if occ >= 0 and kind[occ] == MOVE:
            convoyed = self.convoyed
            if not convoyed[i] and self.dest[occ] == self.space[i] and not convoyed[occ]:
                opponent = occ
        attack = self.strength[i]
        if self.rebel_support[i]:
            attack += self._rebel_bonus(i)
        supported = self.supports[i]  # (the supports asked only when there are some)
        if occ < 0 or (kind[occ] == MOVE and opponent < 0 and self.resolve(occ)):
            if supported:
                attack += self._support_strength(i)
        else:
            owner = power[occ]
            if owner >= 0 and owner == power[i]:
                attack = 0  # a power never dislodges its own unit
            elif supported:
                attack += self._support_strength(i, None if owner < 0 else owner)
        if opponent >= 0:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= (self._held(occ) if occ >= 0 else 0):  # (an empty space: 0)
            return False
        for j in self.moves_to[dest]:  # noqa: SIM110 (a loop, not a generator: hot path)
            if j != i and attack <= self.prevent_strength(j):
                return False
        return True

    def _into_high_seas(self, i: int) -> bool:
        """003 14.3 (BAR-14.3): the High Seas are never the target of a conflict: an
        advance into them succeeds, but against a fleet there advancing into the area it
        leaves (a swap): two equally strong forces both stay; a weaker force there stays
        (it does not retreat) and the stronger one advances; against a stronger one there,
        which advances, it fails."""
        if self.convoyed[i]:
            return True
        attack = self.strength[i] + (self._support_strength(i) if self.supports[i] else 0)
        here = self.space[i]
        kind, dest, convoyed = self.kind, self.dest, self.convoyed
        for q in self.pieces.at_high_seas:
            if (kind[q] == MOVE and dest[q] == here and not convoyed[q]
                    and attack <= self.defend_strength(q)):
                return False
        return True

    def _support_strength(self, i: int, exclude_power: int | None = None) -> int:
        supports = self.supports[i]
        if not supports:
            return 0
        power, strength = self.power, self.strength
        total = 0
        for s in supports:
            if exclude_power is not None and power[s] == exclude_power:
                continue
            if self.resolve(s):
                total += strength[s]
        return total

    def _rebel_bonus(self, i: int) -> int:
        if not self.rebel_support[i]:
            return 0
        return 1 if len(self.rebel_users.get(self.dest[i], ())) == 1 else 0

    def _held(self, occ: int) -> int:
        """The hold strength of the space piece ``occ`` stands in."""
        garrison = self.pieces.garrison[occ]
        if self.kind[occ] == MOVE:
            if self.resolve(occ):
                return 0
            return UNASSAILABLE if garrison else self.strength[occ]
        if garrison:
            return UNASSAILABLE
        return self.strength[occ] + (self._support_strength(occ) if self.supports[occ] else 0)

    def defend_strength(self, q: int) -> int:
        bonus = self._rebel_bonus(q) if self.rebel_support[q] else 0
        return self.strength[q] + bonus + self._support_strength(q)

    def prevent_strength(self, q: int) -> int:
        if self.venice_bounces[q] or (self.blocked[q] and not self.path_ok(q)):
            return 0
        if self.bar and self.moves_to[self.space[q]] and self.dislodged(q):
            return 0  # its order "isn't put into effect, even momentarily" (003 13.5, BAR-13.4)
        opponent = self._head_to_head(q)
        if opponent >= 0 and self.resolve(opponent):
            return 0
        bonus = self._rebel_bonus(q) if self.rebel_support[q] else 0
        return self.strength[q] + bonus + (self._support_strength(q) if self.supports[q] else 0)

    def forced_hold(self, q: int) -> bool:
        """Seed 003 13.3 (BAR-13.3), under ``bar``: a unit that stays (to support, besiege or
        transport) in a place two or more forces attack, each stronger than it, and none of
        which gets in (a standoff), makes a forced hold: it does not carry out its order."""
        if not self.bar or self.kind[q] == MOVE or self.space[q] == self.high_seas >= 0:
            return False  # (no conflict on the High Seas, BAR-14.3)
        attacks = self.moves_to[self.space[q]]
        if len(attacks) < 2 or self.dislodged(q):
            return False
        held = self.strength[q] + (self._support_strength(q) if self.supports[q] else 0)
        return any(self.prevent_strength(m) > held for m in attacks)

    def dislodged(self, i: int) -> bool:
        if self.kind[i] == MOVE and self.resolve(i):
            return False
        if self.space[i] == self.high_seas >= 0:
            return False  # nobody is dislodged from the High Seas (BAR-14.3)
        return any(self.resolve(m) for m in self.moves_to[self.space[i]])

    # ------------------------------------------------------------------
    # Supports
    # ------------------------------------------------------------------
    def _support_given(self, i: int) -> bool:
        dest = self.dest[i]
        if self.straits:
            p = self.pieces
            if p.fleet[i] and dest >= 0 and not self._step_open(
                    i, p.province[i], -1 if p.ix.is_city(dest) else dest):
                return False
        power, space = self.power[i], self.space
        if space[i] == self.high_seas >= 0:
            return True  # an advance into the High Seas attacks nobody (BAR-14.3)
        for m in self.moves_to[space[i]]:
            attacker = self.power[m]
            if attacker >= 0 and attacker == power:
                continue
            if self.venice_bounces[m] or (self.blocked[m] and not self.path_ok(m)):
                continue
            if self.bar and self.moves_to[space[m]] and self.dislodged(m):
                continue  # an attacker forced to retreat cuts nothing (003 13.1, BAR-13.1)
            if space[m] == dest:
                # an attack from where the support goes cuts it only by dislodging
                if self.resolve(m):
                    return False
                continue
            return False
        return True

    # ------------------------------------------------------------------
    # Straits: their decisions numbered after the pieces' (what a path reads: Paths)
    # ------------------------------------------------------------------
    def _strait_decision(self, controller: int, power: int) -> int:
        """The decision "the strait of ``controller`` is closed to ``power``'s fleets"."""
        key = (controller, power)
        d = self.strait_decisions.get(key)
        if d is None:
            d = len(self.state)
            self.strait_decisions[key] = d
            self.strait_keys[d] = key
            self.state.append(_UNRESOLVED)
            self.resolution.append(False)
        return d

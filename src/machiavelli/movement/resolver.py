"""Kruijswijk's resolver: each order's decision resolved on demand, guessing on cycles.

The resolver works on *pieces*: one per unit, with its effective order already
reduced to a few kinds (see :class:`Piece`).  It knows nothing of parsing or of
what happens after movement; :mod:`machiavelli.movement.moves` prepares the pieces and
applies the outcome.

Decisions: a move (or conversion between province and city) *succeeds*; a
support *is given*; any other order *holds* (is not dislodged); and, beyond the
pieces, a strait *is closed* to a power's fleets (001 STR-A..G: it depends on
whether the controlling fleet stays, arrives or bounces back).  ``resolve``
follows L. B. Kruijswijk's "The Math of Adjudication": an unresolved decision is
first guessed false, then true; when both guesses give the same answer it
stands; when they differ (or both are consistent) the backup rule decides:

- a cycle through the dislodgement of a convoying fleet is a convoy paradox,
  settled by the Szykman rule: the convoyed armies concerned do not move and
  have no effect (DATC 4.A.2, option Szykman);
- a cycle through a strait (the controlling fleet's move depends on a fleet
  the strait may stop) is a strait paradox, settled the same way: the strait
  stays closed to that power, whose fleets do not pass it and have no effect
  across it (ruling STR-G paradox, docs/rulings.md);
- any other cycle is circular movement: every move in it succeeds.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from machiavelli.core.board import Board

# Decision states
_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

#: strength of a garrison defending its city: garrisons are displaced only by siege
UNASSAILABLE = 1000


@dataclass(slots=True)
class Piece:
    """A unit and its effective order, as the resolver sees it.

    kind: "hold" (hold, besiege, lift siege, conversion in Venice, void orders),
    "move" (moves and conversions between province and city), "support",
    "convoy".
    """

    idx: int
    power: str | None
    space: str  # the space it stands in ("gen", "gen#", "ven")
    location: str  # the same, with a fleet's coast ("cro/nc")
    kind: str
    fleet: bool
    garrison: bool
    strength: int
    dest: str | None = None  # destination space of a move; space supported into
    dest_location: str | None = None  # a fleet's destination with coast
    convoyed: bool = False  # an army's move that goes by convoy
    route: tuple[str, ...] = ()  # a convoy route the order names
    target: int | None = None  # the supported or convoyed piece
    target_move: bool = False  # support of a move (else of a hold)
    rebel_support: bool = False  # this move may draw on rebel support (001 REB-EFF-6)
    venice_attack_bounces: bool = False  # a Venice rebellion bounces this move (VEN-I)
    becomes_fleet: bool = False  # a fleet after the move (fleet moves, garrison to fleet)


@dataclass
class Resolver:
    board: Board
    pieces: list[Piece]
    #: power -> powers it allows through its straits this turn (001 STR-B)
    allies: dict[str, set[str]] = field(default_factory=dict)
    #: Machiavelli 2: only fleets present at the start close a strait (STR-MACH2-1)
    mach2: bool = False

    def __post_init__(self) -> None:
        n = len(self.pieces)
        self.state = [_UNRESOLVED] * n
        self.resolution = [False] * n
        self.frames: list[set[int]] = [set()]  # guesses read, per decision being made
        self.pending: list[int] = []  # decisions left as guesses, awaiting a cycle's head
        self.occupant: dict[str, int] = {}
        self.moves_to: dict[str, list[int]] = {}
        self.supports: dict[int, list[int]] = {}
        self.convoys: dict[int, list[int]] = {}
        self.no_convoy: set[int] = set()
        for p in self.pieces:
            self.occupant[p.space] = p.idx
        # decisions beyond the pieces: (controlling province, power) -> index, and back
        self.strait_decisions: dict[tuple[str, str | None], int] = {}
        self.strait_keys: dict[int, tuple[str, str | None]] = {}
        # fleets that might close each strait: there now, or arriving (001 STR-D, STR-E)
        self.strait_candidates: dict[str, list[int]] = {}
        for s in self.board.straits:
            c = s.controller
            self.strait_candidates[c] = [
                p.idx
                for p in self.pieces
                if (p.space == c and p.fleet)
                or (not self.mach2 and p.kind == "move" and p.dest == c and p.becomes_fleet)
            ]
        for p in self.pieces:
            if p.kind == "move" and p.dest is not None:
                self.moves_to.setdefault(p.dest, []).append(p.idx)
            elif p.kind == "support" and p.target is not None:
                self.supports.setdefault(p.target, []).append(p.idx)
            elif p.kind == "convoy" and p.target is not None:
                self.convoys.setdefault(p.target, []).append(p.idx)
        # rebel support: which powers try to use it, per destination (REB-EFF-6.4)
        self.rebel_users: dict[str, set[str | None]] = {}
        for p in self.pieces:
            if p.kind == "move" and p.rebel_support and p.dest is not None:
                self.rebel_users.setdefault(p.dest, set()).add(p.power)

    # ------------------------------------------------------------------
    # Kruijswijk's guess-and-check recursion
    # ------------------------------------------------------------------
    def resolve(self, i: int) -> bool:
        st = self.state[i]
        if st == _RESOLVED:
            return self.resolution[i]
        if st == _GUESSING:
            self.frames[-1].add(i)  # the caller depends on this guess
            return self.resolution[i]
        start = len(self.pending)
        self.resolution[i] = False
        self.state[i] = _GUESSING
        self.frames.append(set())
        first = self._adjudicate(i)
        reads = self.frames.pop()
        if self.state[i] == _RESOLVED:  # settled meanwhile by a backup rule
            return self.resolution[i]
        if not reads:
            self._settle(i, first, start)
            return first
        outside = reads - {i} - set(self.pending[start:])
        if outside:
            # depends on a guess made further up: stay a guess until that one settles
            self.frames[-1].update(outside)
            self.resolution[i] = first
            self.pending.append(i)
            return first
        # i heads a cycle of its own: try the other guess
        self._reset(start)
        self.resolution[i] = True
        self.frames.append(set())
        second = self._adjudicate(i)
        reads = self.frames.pop()
        if self.state[i] == _RESOLVED:
            return self.resolution[i]
        if first == second:
            self._settle(i, first, start)
            return first
        cycle = [i, *self.pending[start:]]
        self._reset(start)
        self.state[i] = _UNRESOLVED
        self._backup_rule(cycle)
        return self.resolve(i)

    def _settle(self, i: int, value: bool, start: int) -> None:
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
        moves = [self.pieces[m] for m in cycle if m not in self.strait_keys]
        convoy_fleets = {
            self.occupant[m.dest or ""]
            for m in moves
            if m.kind == "move"
            and m.dest in self.occupant
            and self.pieces[self.occupant[m.dest or ""]].kind == "convoy"
        }
        straits = [j for j in cycle if j in self.strait_keys]
        if convoy_fleets or straits:
            # Szykman: the armies those fleets convoy do not move and have no effect
            for f in convoy_fleets:
                target = self.pieces[f].target
                if target is not None:
                    self.no_convoy.add(target)
            # and a strait in the paradox stays closed to the fleets it may stop
            for j in straits:
                self.resolution[j] = True
                self.state[j] = _RESOLVED
            for j in cycle:
                if self.state[j] != _RESOLVED:
                    self.state[j] = _UNRESOLVED
            return
        # circular movement: every move in the cycle succeeds
        for j in cycle:
            if self.pieces[j].kind == "move":
                self.resolution[j] = True
                self.state[j] = _RESOLVED
            else:
                self.state[j] = _UNRESOLVED

    def _adjudicate(self, i: int) -> bool:
        key = self.strait_keys.get(i)
        if key is not None:
            return self._strait_closes(*key)
        p = self.pieces[i]
        if p.kind == "move":
            return self._move_succeeds(p)
        if p.kind == "support":
            return self._support_given(p)
        return not self.dislodged(i)

    def resolve_all(self) -> None:
        for p in self.pieces:
            self.resolve(p.idx)

    # ------------------------------------------------------------------
    # Moves
    # ------------------------------------------------------------------
    def _head_to_head(self, p: Piece) -> Piece | None:
        """The unit at p's destination moving into p's space, both without convoy."""
        if p.convoyed or p.dest is None:
            return None
        occ = self.occupant.get(p.dest)
        if occ is None:
            return None
        q = self.pieces[occ]
        if q.kind == "move" and q.dest == p.space and not q.convoyed:
            return q
        return None

    def _move_succeeds(self, p: Piece) -> bool:
        if p.venice_attack_bounces:
            return False
        if not self.path_ok(p):
            return False
        attack = self.attack_strength(p)
        assert p.dest is not None
        opponent = self._head_to_head(p)
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= self.hold_strength(p.dest):
            return False
        for j in self.moves_to.get(p.dest, ()):
            if j != p.idx and attack <= self.prevent_strength(self.pieces[j]):
                return False
        return True

    def _support_strength(self, p: Piece, exclude_power: str | None = None) -> int:
        total = 0
        for s in self.supports.get(p.idx, ()):
            sp = self.pieces[s]
            if exclude_power is not None and sp.power == exclude_power:
                continue
            if self.resolve(s):
                total += sp.strength
        return total

    def _rebel_bonus(self, p: Piece) -> int:
        if not p.rebel_support or p.dest is None:
            return 0
        return 1 if len(self.rebel_users.get(p.dest, ())) == 1 else 0

    def attack_strength(self, p: Piece) -> int:
        if not self.path_ok(p):
            return 0
        assert p.dest is not None
        occ = self.occupant.get(p.dest)
        base = p.strength + self._rebel_bonus(p)
        if occ is None:
            return base + self._support_strength(p)
        q = self.pieces[occ]
        opponent = self._head_to_head(p)
        if q.kind == "move" and opponent is None and self.resolve(occ):
            return base + self._support_strength(p)
        if q.power is not None and q.power == p.power:
            return 0  # a power never dislodges its own unit
        return base + self._support_strength(p, exclude_power=q.power)

    def hold_strength(self, space: str) -> int:
        occ = self.occupant.get(space)
        if occ is None:
            return 0
        q = self.pieces[occ]
        if q.kind == "move":
            if self.resolve(occ):
                return 0
            return UNASSAILABLE if q.garrison else q.strength
        if q.garrison:
            return UNASSAILABLE
        return q.strength + self._support_strength(q)

    def defend_strength(self, q: Piece) -> int:
        return q.strength + self._rebel_bonus(q) + self._support_strength(q)

    def prevent_strength(self, q: Piece) -> int:
        if q.venice_attack_bounces or not self.path_ok(q):
            return 0
        opponent = self._head_to_head(q)
        if opponent is not None and self.resolve(opponent.idx):
            return 0
        return q.strength + self._rebel_bonus(q) + self._support_strength(q)

    def dislodged(self, i: int) -> bool:
        p = self.pieces[i]
        if p.kind == "move" and self.resolve(i):
            return False
        return any(self.resolve(m) for m in self.moves_to.get(p.space, ()))

    # ------------------------------------------------------------------
    # Supports
    # ------------------------------------------------------------------
    def _support_given(self, p: Piece) -> bool:
        if p.fleet and p.dest is not None and not self._fleet_step_open(p, p.location, p.dest):
            return False
        for m in self.moves_to.get(p.space, ()):
            attacker = self.pieces[m]
            if attacker.power is not None and attacker.power == p.power:
                continue
            if attacker.venice_attack_bounces or not self.path_ok(attacker):
                continue
            if attacker.space == p.dest:
                # an attack from where the support goes cuts it only by dislodging
                if self.resolve(m):
                    return False
                continue
            return False
        return True

    # ------------------------------------------------------------------
    # Paths: adjacency was checked before; here convoys and straits
    # ------------------------------------------------------------------
    def path_ok(self, p: Piece) -> bool:
        if not p.convoyed:
            if p.fleet and p.dest_location is not None:
                return self._fleet_step_open(p, p.location, p.dest_location)
            return True
        if p.idx in self.no_convoy:
            return False
        return self._convoy_path(p)

    def _convoy_path(self, p: Piece) -> bool:
        assert p.dest is not None
        fleets = [
            self.pieces[f] for f in self.convoys.get(p.idx, ()) if not self.dislodged(f)
        ]
        if not fleets:
            return False
        board = self.board
        if p.route:
            by_province = {f.space: f for f in fleets}
            chain = []
            for prov in p.route:
                f = by_province.get(prov)
                if f is None:
                    return False
                chain.append(f)
            steps = [p.space, *[f.location for f in chain], p.dest]
            return self._chain_ok(p, chain, steps)
        # breadth-first search over the fleets that convoy this army
        start = [f for f in fleets if board.fleet_reaches(f.location, p.space)]
        seen = {f.idx for f in start}
        frontier = [f for f in start if self._step_open(f, p.space, f.location)]
        while frontier:
            nxt: list[Piece] = []
            for f in frontier:
                if board.fleet_reaches(f.location, p.dest) and self._step_open(
                    f, f.location, p.dest
                ):
                    return True
                for g in fleets:
                    if (
                        g.idx not in seen
                        and board.fleet_adjacent(f.location, g.location)
                        and self._step_open(f, f.location, g.location)
                        and self._step_open(g, f.location, g.location)
                    ):
                        seen.add(g.idx)
                        nxt.append(g)
            frontier = nxt
        return False

    def _chain_ok(self, p: Piece, chain: list[Piece], steps: list[str]) -> bool:
        board = self.board
        if not board.fleet_reaches(chain[0].location, p.space):
            return False
        if not board.fleet_reaches(chain[-1].location, steps[-1]):
            return False
        for a, b in zip(chain, chain[1:], strict=False):
            if not board.fleet_adjacent(a.location, b.location):
                return False
        for k, f in enumerate(chain):
            if not self._step_open(f, steps[k], f.location):
                return False
            if not self._step_open(f, f.location, steps[k + 2] if k + 2 < len(steps) else ""):
                return False
        return True

    def _step_open(self, fleet: Piece, a: str, b: str) -> bool:
        return not b or self._fleet_step_open(fleet, a, b)

    def _fleet_step_open(self, fleet: Piece, a: str, b: str) -> bool:
        """Whether no hostile fleet closes a strait on the step a-b (001 STR-A..J)."""
        strait = self.board.strait_between(a, b)
        if strait is None or (self.mach2 and not strait.mach2):
            return True
        return not self.resolve(self._strait_decision(strait.controller, fleet.power))

    def _strait_decision(self, controller: str, power: str | None) -> int:
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

    def _strait_closes(self, controller: str, power: str | None) -> bool:
        """Whether a fleet hostile to ``power`` closes the strait (001 STR-A, STR-B)."""
        for h in self.strait_candidates.get(controller, ()):
            holder = self.pieces[h]
            if holder.power == power:
                continue
            if holder.power is not None and power in self.allies.get(holder.power, ()):
                continue
            if self._closes(holder, controller):
                return True
        return False

    def _closes(self, q: Piece, controller: str) -> bool:
        """Whether fleet piece q is in the controlling province when the moves end."""
        if q.space == controller and q.kind == "move" and q.dest == controller + "#":
            return False  # a fleet becoming a garrison does not block (STR-F)
        if self.mach2:
            return q.space == controller  # only a fleet already there (STR-MACH2-1)
        if q.space == controller:
            if q.kind == "move":
                return not self.resolve(q.idx)  # bounced back: still blocks (STR-G)
            return not self.dislodged(q.idx)
        return self.resolve(q.idx)  # arriving fleet or garrison becoming one (STR-D, STR-E)

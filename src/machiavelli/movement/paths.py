"""A move's way there, as the moves end: convoys and straits (001 CVY-*, STR-A..J).

Adjacency was checked before the pieces were made (:mod:`machiavelli.movement.pieces`);
what is left of a path depends on other decisions of the phase. :class:`Paths` holds what
the :class:`~machiavelli.movement.resolver.Resolver` asks about them, and asks it back
(``resolve``, ``dislodged``, ``forced_hold``, ``_strait_decision``: the resolver's):

- a convoyed army's path is open while a chain of convoying fleets, none dislodged (nor,
  under ``bar``, held by a standoff, BAR-13.3), links its province to its destination,
  along the route written when there is one; an army of a convoy paradox (``no_convoy``,
  the Szykman rule) has none;
- a fleet's step between two provinces is open unless a strait's controlling province
  holds, when the moves end, a fleet of a power hostile to it (001 STR-A, STR-B): one
  there that stays or bounces back (STR-G), one arriving (STR-D, STR-E), but not one
  becoming a garrison (STR-F); under Machiavelli 2 only a fleet there at the start
  (STR-MACH2-1), under ``bar`` only a fleet there that holds or whose advance fails
  (BAR-14.5, ruling A-22).  "The strait is closed to this power" is a decision of its own, which
  the resolver numbers after the pieces'.
"""

from __future__ import annotations

from machiavelli.movement.pieces import HOLD, MOVE, Pieces


class Paths:
    """The resolver's questions about paths (module doc); the resolver sets every
    attribute and gives the four decisions these read."""

    pieces: Pieces
    bar: bool
    mach2: bool
    #: power -> powers it allows through its straits this turn (001 STR-B)
    allies: dict[int, set[int]]
    #: armies that neither move nor have effect: convoy paradoxes (Szykman)
    no_convoy: set[int]
    convoys: list[list[int]]
    #: fleets that might close each strait: there now, or arriving (001 STR-D, STR-E)
    strait_candidates: dict[int, list[int]]
    #: pieces that besiege (a besieging fleet does not hold a strait, BAR-14.5)
    besieges: set[int]

    def resolve(self, i: int) -> bool:
        raise NotImplementedError

    def dislodged(self, i: int) -> bool:
        raise NotImplementedError

    def forced_hold(self, q: int) -> bool:
        raise NotImplementedError

    def _strait_decision(self, controller: int, power: int) -> int:
        raise NotImplementedError

    def path_ok(self, i: int) -> bool:
        p = self.pieces
        if not p.convoyed[i]:
            if p.steps_to_province(i):
                return self._step_open(i, p.province[i], p.dest[i])
            return True
        if i in self.no_convoy:
            return False
        return self._convoy_path(i)

    def _convoy_path(self, i: int) -> bool:
        p = self.pieces
        ix = p.ix
        fleets = [f for f in self.convoys[i]
                  if not self.dislodged(f) and not (self.bar and self.forced_hold(f))]
        if not fleets:
            return False
        army, dest = p.province[i], p.dest[i]
        route = p.route.get(i)
        if route:
            by_province = {p.province[f]: f for f in fleets}
            chain = []
            for prov in route:
                f = by_province.get(prov, -1)
                if f < 0:
                    return False
                chain.append(f)
            return self._chain_ok(army, dest, chain)
        # breadth-first search over the fleets that convoy this army
        loc = p.location
        start = [f for f in fleets if ix.fleet_reaches(loc[f], army)]
        seen = set(start)
        frontier = [f for f in start if self._step_open(f, army, p.province[f])]
        while frontier:
            nxt: list[int] = []
            for f in frontier:
                here = p.province[f]
                if ix.fleet_reaches(loc[f], dest) and self._step_open(f, here, dest):
                    return True
                for g in fleets:
                    if (
                        g not in seen
                        and ix.fleet_adjacent(loc[f], loc[g])
                        and self._step_open(f, here, p.province[g])
                        and self._step_open(g, here, p.province[g])
                    ):
                        seen.add(g)
                        nxt.append(g)
            frontier = nxt
        return False

    def _chain_ok(self, army: int, dest: int, chain: list[int]) -> bool:
        p = self.pieces
        ix = p.ix
        loc = p.location
        if not ix.fleet_reaches(loc[chain[0]], army):
            return False
        if not ix.fleet_reaches(loc[chain[-1]], dest):
            return False
        for a, b in zip(chain, chain[1:], strict=False):
            if not ix.fleet_adjacent(loc[a], loc[b]):
                return False
        # the provinces stepped through: the army's, each fleet's, the destination
        steps = [army, *(p.province[f] for f in chain), dest]
        for k, f in enumerate(chain):
            if not self._step_open(f, steps[k], p.province[f]):
                return False
            if not self._step_open(f, p.province[f], steps[k + 2]):
                return False
        return True

    def _step_open(self, fleet: int, a: int, b: int) -> bool:
        """Whether no hostile fleet closes a strait on the step between provinces a and b
        (001 STR-A..J); -1 stands for a city, which no strait touches."""
        ix = self.pieces.ix
        if not ix.straits:
            return True
        strait = ix.strait(a, b)
        if strait < 0 or (self.mach2 and not ix.strait_mach2[strait]):
            return True
        return not self.resolve(self._strait_decision(ix.strait_controller[strait],
                                                      self.pieces.power[fleet]))

    def _strait_closes(self, controller: int, power: int) -> bool:
        """Whether a fleet hostile to ``power`` closes the strait (001 STR-A, STR-B)."""
        p = self.pieces
        for h in self.strait_candidates.get(controller, ()):
            holder = p.power[h]
            if holder == power:
                continue
            if holder >= 0 and power in self.allies.get(holder, ()):
                continue
            if self._closes(h, controller):
                return True
        return False

    def _closes(self, q: int, controller: int) -> bool:
        """Whether fleet piece q is in the controlling province when the moves end."""
        p = self.pieces
        here = p.space[q] == controller
        if here and p.kind[q] == MOVE and p.dest[q] == controller + p.ix.count:
            return False  # a fleet becoming a garrison does not block (STR-F)
        if self.mach2:
            return here  # only a fleet already there (STR-MACH2-1)
        if self.bar:  # seed 003 14.4 (BAR-14.5, ruling A-22)
            return here and self._holds_strait(q)
        if here:
            if p.kind[q] == MOVE:
                return not self.resolve(q)  # bounced back: still blocks (STR-G)
            return not self.dislodged(q)
        return self.resolve(q)  # arriving fleet or garrison becoming one (STR-D, STR-E)

    def _holds_strait(self, q: int) -> bool:
        """Seed 003: whether fleet piece q, in the controlling province when the moves
        begin, "executes or tries to execute a Hold order" (BAR-14.5): a hold (given, or
        the judge's for no order or an impossible one) or an advance that fails (003 8.3:
        "the advancing unit executes a hold"); not a support, transport or siege."""
        k = self.pieces.kind[q]
        if k == MOVE:
            return not self.resolve(q)
        return k == HOLD and q not in self.besieges

"""Chains of fleets between two provinces, asked about the pieces of one movement phase.

An army may be ordered to a province it does not border only when some chain of
fleets able to convoy links the two (DATC 4.A.3 and the order checks of
:mod:`machiavelli.movement.legality`).  :class:`FleetChains` answers that question for
the usual orders of a phase (:mod:`machiavelli.movement.quick`) from the pieces, by
provinces' numbers: the fleets able to convoy are a mask of fleet locations, and a
search spreads through it from the locations next to the army's province, leaving out
any fleet in either end province, until it meets a location next to the destination.
Without ``coastal_convoys`` only fleets at sea convoy, and the masks are over the seas
alone (``BoardIndex.sea_slot``): small enough for one machine word.
That is :meth:`machiavelli.movement.geography.Chains.links_by_search`, which is what
``Chains.links`` answers when fleets' adjacency goes both ways, as on every map
(``tests/test_quick.py``).
"""

from __future__ import annotations

from machiavelli.movement.pieces import Pieces


class FleetChains:
    """Whether some chain of fleets links two provinces, in one phase (fleets as the
    pieces stand; found when first asked)."""

    def __init__(self, pieces: Pieces, coastal_convoys: bool) -> None:
        self.pieces = pieces
        self.coastal_convoys = coastal_convoys
        self._nodes = -1  # the mask of the locations of the fleets able to convoy

    def nodes(self) -> int:
        """The mask of the fleets able to convoy: over every location with
        ``coastal_convoys``, else over the seas alone (``BoardIndex.sea_slot``)."""
        if self._nodes < 0:
            pieces = self.pieces
            ix = pieces.ix
            sea, coastal, coastal_convoys = ix.sea, ix.coastal, self.coastal_convoys
            fleet, province, location = pieces.fleet, pieces.province, pieces.location
            sea_slot = ix.sea_slot
            nodes = 0
            for i in range(pieces.count):
                if fleet[i]:
                    p = province[i]
                    if coastal_convoys:
                        if sea[p] or coastal[p]:
                            nodes |= 1 << location[i]
                    elif sea[p]:
                        nodes |= 1 << sea_slot[location[i]]
            self._nodes = nodes
        return self._nodes

    def links(self, start: int, dest: int) -> bool:
        """Whether some chain of fleets links province ``start`` to province ``dest``
        (fleets' adjacency going both ways)."""
        ix = self.pieces.ix
        if self.coastal_convoys:  # fleets in coastal provinces too: every location
            near, adjacent, own = ix.near_mask, ix.fleet_adj, ix.location_mask
        else:  # fleets at sea alone: the seas' own numbers
            near, adjacent, own = ix.sea_near, ix.sea_adj, ix.sea_own
        allowed = self.nodes() & ~(own[start] | own[dest])
        seen = near[start] & allowed
        if not seen or not allowed & near[dest]:
            return False
        goal = near[dest]
        frontier = seen
        while frontier:
            if seen & goal:
                return True
            low = frontier & -frontier
            frontier ^= low
            new = adjacent[low.bit_length() - 1] & allowed & ~seen
            if new:
                seen |= new
                frontier |= new
        return bool(seen & goal)

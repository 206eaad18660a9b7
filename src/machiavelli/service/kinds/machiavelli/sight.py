"""What a viewer may see: the position with other powers' money taken out, the position
in words, each power's private part, and the map."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from machiavelli.core.dice import Dice
from machiavelli.core.orders import Order
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase
from machiavelli.render import MASTER, MapViewer, draw_map
from machiavelli.service.kinds.machiavelli.orders import answers_of
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.service.port import Sight
from machiavelli.text.report import position_text, private_report


def redacted(state: State, viewer: Sight) -> State:
    """The position with the money of every power this viewer may not see taken out."""
    copy = state.copy()
    if viewer.master:
        return copy
    may_see = viewer.may_see  # (the copy is this call's own: its fields set in place)
    copy.treasury = {k: v for k, v in copy.treasury.items() if may_see(k)}
    copy.loans = {k: v for k, v in copy.loans.items() if may_see(k)}
    copy.chits = {k: v for k, v in copy.chits.items() if may_see(k)}
    copy.defaulted = [p for p in copy.defaulted if may_see(p)]
    return copy


def words(table: Table) -> str:
    """The public position in words."""
    return position_text(table.board, table.state)


def private_parts(table: Table, viewer: Sight) -> dict[str, str]:
    """Each power's private part (treasury, loans, chits) this viewer may read."""
    state = table.state
    if not (state.treasury or state.loans or state.chits):
        return {}
    return {p: private_report(state, p) for p in state.powers
            if viewer.may_see(p) and p not in state.eliminated}


def render_name(viewer: Sight) -> MapViewer:
    """The renderer's viewer: the master, a power's name, the powers one player holds (a
    variant that deals two a player: each one's orders and treasury are drawn), or the
    public (None)."""
    if viewer.master:
        return MASTER
    if len(viewer.seats) > 1:
        return tuple(sorted(viewer.seats))
    return min(viewer.seats) if viewer.seats else None


def results(table: Table, answers: Mapping[str, Sequence[str]], seed: str
            ) -> list[OrderResult]:
    """Every order of ``answers`` processed from this position and how it ended."""
    orders, _ = answers_of(table, answers)
    return list(adjudicate_phase(table.board, table.state, orders,
                                 Dice.for_phase(seed, table.state)).results)


def picture(table: Table, viewer: Sight, *, resolved: Sequence[OrderResult] = (),
            pending: Mapping[str, Sequence[str]] | None = None,
            title: str | None = None) -> str:
    """The map of the position for ``viewer``: with the results of the phase processed
    from it (``resolved``) or the orders given for it and not yet processed
    (``pending``: only the viewer's own are drawn)."""
    given: dict[str, list[Order]] | None = None
    if pending is not None:
        given, _ = answers_of(table, {p: lines for p, lines in pending.items()
                                      if viewer.may_see(p)})
    return draw_map(table.board, redacted(table.state, viewer), viewer=render_name(viewer),
                    results=resolved, pending=given, title=title)

"""Seed 003's bribes on units made independent in the same campaign, and on units no longer
there (003 11.1, 16, 2 F.4; BAR-11.8, BAR-11.9, BAR-16.2, rulings A-3 and A-8), under ``bar``.

003 11.1: "If a committed military unit turns independent in phase F.4.1, that independent
unit may be bribed in the ensuing phase F.4.2, possibly even by another player (who has
anticipated what would happen)."  003's sequence of play numbers those sub-phases F.4.2 (bribes
on committed units) and F.4.3 (on independent ones); F.4.1 is the counter-bribes'.  Ruling A-8
reads the sentence by the sequence of play, and says which sub-phase a bribe belongs to:

- F.4.2 takes the bribes on the units committed when the campaign's bribes begin; but a bribe
  that could succeed only on an independent unit, an ``operate`` or ``permission`` bribe, or a
  ``buy`` or ``disband`` paying less than the committed unit's price (18 and 12, doubled for a
  garrison in a major city), *waits* for F.4.3 (:func:`waits_for_independent`);
- F.4.3 takes the bribes on the independent units, those made independent in F.4.2 included,
  each judged on the unit as it then stands, at the independent unit's price (BAR-11.8: "the
  price of a bribe is the one for the unit as it stands when the bribe is carried out");
  several on one unit contest as in BAR-11.5, against the highest counter-bribe (BAR-11.4);
- a bribe that waited and finds its unit still committed (nobody made it independent, or
  another power bought it) is impossible at its amount: void, its ducats given back (003
  7.1, BAR-7.2: as a bribe below its price; no other power's order nullified it);
- BAR-11.9: "a bribe at a unit that is not there (moved by an earlier sub-phase) is void, not
  charged": a bribe or counter-bribe naming a place without such a unit when the expenditures
  begin is void and costs nothing (:func:`unit_problem`), and so is a bribe that waited for
  F.4.3 when its unit was disbanded in F.4.2 (:func:`judged_again`; its ducats go back).

BAR-16.2: "There may not exist more than one independent unit for each native area at a time
... no ducats are expended if this restriction is in effect but the bribing is attempted
anyway": a ``make independent`` bribe on a unit whose province holds an independent unit
already is void, not charged (:func:`unit_problem`).
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board
from machiavelli.core.orders import Expense, ExpenseKind
from machiavelli.core.results import Outcome
from machiavelli.core.state import State, Unit
from machiavelli.money.bribes import KIND_NAMES, bar_bribe_kind, bribe_price

#: the expenditures that name a unit
UNIT_KINDS = frozenset({"counter_bribe", "disband", "buy", "garrison_to_autonomous",
                        "operate", "permission"})
#: the bribes only an independent unit takes (BAR-11.6)
ONLY_INDEPENDENT = frozenset({"operate", "permission"})


def unit_problem(state: State, expense: Expense) -> str | None:
    """Why a bribe or counter-bribe is void and costs nothing when the expenditures begin
    (BAR-11.9, BAR-16.2, ruling A-3), or None."""
    province = expense.province
    if expense.kind not in UNIT_KINDS or province is None:
        return None
    here = [u for u in state.units if u.province == province]
    named = [u for u in here if expense.unit_kind is None or u.kind == expense.unit_kind]
    if not named:
        what = KIND_NAMES.get(expense.unit_kind or "", "unit")
        return (f"there is no {what} in {province}: void, nothing charged (BAR-11.9, "
                "ruling A-3)")
    if expense.kind == "garrison_to_autonomous" and any(u.owner is None for u in here):
        return (f"an independent unit is in {province} already: one independent unit per "
                "native area, void, nothing charged (BAR-16.2)")
    return None


def waits_for_independent(board: Board, kind: ExpenseKind, unit: Unit, amount: int) -> bool:
    """Ruling A-8: whether a bribe on ``unit`` waits for F.4.3 (module doc)."""
    if unit.owner is None:
        return False
    if kind in ONLY_INDEPENDENT:
        return True
    if kind not in ("buy", "disband"):
        return False
    committed = bar_bribe_kind(kind, unit)
    return committed is not None and amount < bribe_price(board, committed, unit)


def unit_now(units: Sequence[Unit], unit: Unit) -> Unit | None:
    """The unit in ``unit``'s place (its province, garrison or not) now."""
    garrison = unit.kind == "G"
    for found in units:
        if found.province == unit.province and (found.kind == "G") == garrison:
            return found
    return None


def judged_again(board: Board, units: Sequence[Unit], kind: ExpenseKind, unit: Unit
                 ) -> tuple[Outcome, str] | Unit:
    """F.4.3's judgement of a bribe that waited (ruling A-8), on the units after F.4.2: the
    unit it now names, or ``("void", why)``: its unit is gone (BAR-11.9), or still committed,
    so the bribe is impossible at its amount (003 7.1: not carried out, nothing charged; no
    other power's order nullified it)."""
    now = unit_now(units, unit)
    name = KIND_NAMES[unit.kind]
    where = board.display_name(unit.province)
    if now is None or now.kind != unit.kind:
        return "void", (f"the {name} in {where} is no longer there: void, nothing charged "
                        "(BAR-11.9)")
    if now.owner is not None:
        if kind in ONLY_INDEPENDENT:
            return "void", (f"the {name} in {where} did not turn independent: only an "
                            f"independent unit takes {kind} bribes (BAR-11.6, ruling A-8): "
                            "void, nothing charged (BAR-7.2)")
        committed = bar_bribe_kind(kind, now)
        assert committed is not None
        return "void", (f"the {name} in {where} did not turn independent: "
                        f"{bribe_price(board, committed, now)} needed to {committed.what} "
                        "(ruling A-8): void, nothing charged (BAR-7.2)")
    return now


__all__ = ["judged_again", "unit_now", "unit_problem", "waits_for_independent"]

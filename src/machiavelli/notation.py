"""The order language: reading players' orders and writing them back.

:func:`parse_orders` reads a whole submission (one order a line, or several on a
line separated by ``;``; blank lines and ``#`` comments are ignored; case does
not matter), :func:`parse_order` one order, and :func:`format_order` writes the
canonical form, so that ``parse_order(format_order(o)) == o`` in the phase the
order belongs to, given a position holding its units.

Syntax choices (001 ORDER SYNTAX, with the DATC's spellings as well):

- Every alias of 001's keyword groups is accepted (ORD-KW-*), plus the plurals
  ``converts``, ``besieges``, ``lifts``, ``builds``, ``removes``, ``maintains``,
  ``disbands``, ``retreat(s) [to]``, ``by convoy`` for ``via convoy``, and
  ``unally``/``unallow``/``disallow`` [``with``] to withdraw an alliance.
- Which order a word starts depends on where it stands and on the phase:
  a keyword *before* the unit (``build``/``b``, ``remove``/``r``,
  ``disband``/``d``, ``maintain``/``m``) starts an adjustment order, or in the
  retreat phase (``d``/``disband``/``r``/``remove``) a disband; after the unit,
  ``b`` is besiege, ``m`` and ``-`` a move (a retreat in the retreat phase),
  ``d`` a disband (a removal in the adjustment phase), ``r`` a retreat (a
  removal in the adjustment phase when nothing follows) and ``m`` with nothing
  after it in the adjustment phase a maintain.
- ``c`` after the unit is a *convoy* when a place follows it (``F ion C A nap -
  tun``, the DATC's style, ``F nth C yor - lon``), otherwise a *conversion*
  (``A gen C G``, ``G cro C F/sc``).  ``convert``/``convert to`` always convert,
  ``t``/``transport``/``convoy`` always convoy.
- A unit with no order is a hold (movement phase only).  Besiege takes an
  optional ``G`` or ``garrison`` and the unit's own province (``A LON B G``,
  001 Appendix 3); lift takes an optional ``siege``.
- Special-unit words (``militia``, ``citizen's militia``, ``elite mercenary``,
  ``mercenary``, ``elite professional``, ``professional``, ``elite_mercenary``;
  plurals too) name a build's special type; before a unit in any other order
  they are accepted and ignored (``elite a tur m pav``, 001 Movement).
- Coasts may be written ``/nc``, ``(nc)``, `` nc``, ``north coast``; after a
  slash or in brackets also ``n``, ``s``, ``e``, ``w``.  A coast written after an
  army's destination is dropped; after a fleet's destination in a province
  without separate coasts it is an error.
- The unit type is optional.  With none, the unit there is meant; where a
  province holds both an army or fleet and a garrison the order's form decides
  where it can (a move, convoy, besiege, lift or conversion to garrison is the
  army's or fleet's; a conversion to army or fleet is the garrison's; a support
  into the unit's own province is the garrison's), else the type is required.
  A supported or convoyed unit without a type is taken from the position (the
  army or fleet where both are there, except a support of a move into the
  garrison's own province, which is the garrison converting out); a support of
  an empty place needs a type, a convoy of one means an army.  A written type
  for a supported unit is kept even when it does not match (the support fails).
- A fleet moving to a province with several coasts without naming one gets the
  only coast it can reach filled in; with two reachable the coast stays empty
  and the order is illegal (DATC 6.B.1), see :mod:`machiavelli.legality`.
- Powers are named in full or by an abbreviation of two letters or more that
  fits only one power.
- A support of a garrison converting out into its province is written as a
  support of a move into that province: ``A mod S G gen - gen`` (also ``A mod S
  G gen C A``).
- Canonical forms: ``A gen H``, ``A gen - mod``, ``A nap - ion - tun`` (a
  route), ``A nap - tun via convoy``, ``F cro/nc S A ist - dal``, ``A gen S A
  mod``, ``F ion C A nap - tun``, ``A gen C G``, ``G cro C F/sc``, ``A gen B``,
  ``A gen L``, ``ally Milan``, ``unally Milan``; retreat phase ``A gen R mod``
  (a retreat, also accepted as ``A gen - mod``), ``A gen R G`` (a retreat by
  conversion into the city, also ``A gen C G``), ``A gen D`` (disband);
  adjustment phase ``build A gen``, ``build elite_mercenary A mil``, ``build F
  cro/sc``, ``remove A gen``, ``maintain A gen``, ``waive``.
- Expenditure orders (borrow, give, pay, loan, expense) are not read here.
- ``disband`` in a movement phase (001 tech note, "a sav disband") is read as a
  :class:`Disband` only when the ``disband`` option is set (ORD-TN-1).
- A submission's errors are only what the text and the position's units decide
  (unknown words and places, missing or foreign units, a garrison ordered to
  move, besiege or lift, anything but a fleet ordered to convoy, orders of
  another phase); whether an order can
  work (adjacency, coasts, convoy routes, conversions, sieges) is
  :func:`machiavelli.legality.check_order`'s, so that an illegal order is
  still reported as void by the adjudicator, as the DATC expects.

The words live in :mod:`machiavelli.order_words`, the reader in
:mod:`machiavelli.order_reader`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from machiavelli.board import Board
from machiavelli.order_reader import OrderReader, a_or_an, describe, phase_of
from machiavelli.order_words import OrderSyntaxError, tokens
from machiavelli.orders import (
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    order_key,
)
from machiavelli.state import PhaseKind, State

__all__ = [
    "OrderError",
    "OrderSyntaxError",
    "Submission",
    "format_order",
    "parse_order",
    "parse_orders",
    "tokens",
]


@dataclass(frozen=True, slots=True)
class OrderError:
    line: int  # 1-based line number in the submission
    text: str  # the order as written
    reason: str


@dataclass
class Submission:
    orders: list[Order] = field(default_factory=list)
    errors: list[OrderError] = field(default_factory=list)


# ----------------------------------------------------------------------
# Public API
# ----------------------------------------------------------------------
def parse_order(
    text: str, board: Board, state: State, power: str, phase: PhaseKind | None = None
) -> Order:
    """One order, read against the position; raises :class:`OrderSyntaxError`."""
    phase = phase or state.phase
    order = OrderReader(text, board, state, power, phase).read()
    wanted = phase_of(order)
    if wanted != phase and not (isinstance(order, Disband) and phase == "movement"):
        raise OrderSyntaxError(
            f"{describe(order)} is ordered only in {a_or_an(wanted)} phase, "
            f"not in the {phase} phase"
        )
    return order


def parse_orders(
    text: str, board: Board, state: State, power: str, phase: PhaseKind | None = None
) -> Submission:
    """A whole submission: good orders kept, each bad one reported with its line."""
    sub = Submission()
    keyed: dict[tuple[str, ...], int] = {}
    kept: list[Order | None] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        for part in line.split(";"):
            written = part.strip()
            if not written:
                continue
            try:
                order = parse_order(written, board, state, power, phase)
            except OrderSyntaxError as err:
                sub.errors.append(OrderError(number, written, err.reason))
                continue
            key = order_key(order)
            if key in keyed:
                kept[keyed[key]] = None
            keyed[key] = len(kept)
            kept.append(order)
    sub.orders = [o for o in kept if o is not None]
    return sub


def _unit(ref: UnitRef) -> str:
    return f"{ref.kind} {ref.location}"


def _loc(province: str, coast: str | None) -> str:
    return f"{province}/{coast}" if coast else province


def format_order(order: Order) -> str:
    """The canonical text of an order (see the module notes)."""
    if isinstance(order, Hold):
        return f"{_unit(order.unit)} H"
    if isinstance(order, Move):
        route = " - ".join((*order.via, _loc(order.dest, order.dest_coast)))
        return f"{_unit(order.unit)} - {route}" + (" via convoy" if order.convoy else "")
    if isinstance(order, SupportHold):
        return f"{_unit(order.unit)} S {_unit(order.target)}"
    if isinstance(order, SupportMove):
        dest = _loc(order.dest, order.dest_coast)
        return f"{_unit(order.unit)} S {_unit(order.target)} - {dest}"
    if isinstance(order, Convoy):
        return f"{_unit(order.unit)} C {_unit(order.target)} - {order.dest}"
    if isinstance(order, Convert):
        return f"{_unit(order.unit)} C {order.to}" + (f"/{order.coast}" if order.coast else "")
    if isinstance(order, Besiege):
        return f"{_unit(order.unit)} B"
    if isinstance(order, LiftSiege):
        return f"{_unit(order.unit)} L"
    if isinstance(order, Ally):
        return ("ally " if order.allow else "unally ") + order.power
    if isinstance(order, Retreat):
        if order.to == "G":
            return f"{_unit(order.unit)} R G"
        return f"{_unit(order.unit)} R {_loc(order.dest, order.dest_coast)}"
    if isinstance(order, Disband):
        return f"{_unit(order.unit)} D"
    if isinstance(order, Build):
        special = f"{order.special} " if order.special else ""
        return f"build {special}{order.kind} {_loc(order.province, order.coast)}"
    if isinstance(order, Remove):
        return f"remove {_unit(order.unit)}"
    if isinstance(order, Maintain):
        return f"maintain {_unit(order.unit)}"
    return "waive"

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
  ``unally``/``unallow``/``disallow`` [``with``] to withdraw an alliance
  (and nJudge's ``allies``, ``not allies``, ``unalliance``, ``don't allow``).
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
  and the order is illegal (DATC 6.B.1), see :mod:`machiavelli.movement.legality`.
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
- Expenditure orders (001 ORDER SYNTAX, ORD-EXP-*) are read in the movement
  phase when money is in play (:func:`machiavelli.movement.legality.money_in_play`),
  else refused ("there is no money in this game"; in other phases "an
  expenditure order is ordered only in a movement phase ...").  Canonical
  forms: ``borrow 25 ducats for 2 years``, ``pay 14 ducats to bank``, ``pay 6
  ducats to Milan``, ``give Papacy to Milan`` (an assassination chit),
  ``expense 1: 12 ducats disband A bol``, ``expense 3: 24 ducats assassinate
  Papacy``, ``expense 2: 3 ducats famine relief mil``, ``expense 2: none``.
- An amount is a whole number, bare or followed by ``d``, ``ducat`` or
  ``ducats`` (also ``12d`` and sums ``12+3d``); a minus sign is refused.
  ``borrow``'s duration is ``for 1 year`` / ``for 2 years`` (``for`` optional,
  ``one``/``two``, ``year``/``years`` either way, ``for 1``) and/or ``at 20 %``
  / ``at 50 %`` (``percent``); they must agree.  ``borrow 0 ...`` is read
  as a :class:`Borrow` of 0 (what it does is the bank's, RULES.md ambiguity 14).
- ``pay``, ``give`` and ``loan`` are one keyword: with an amount they pay
  (``to bank`` / ``to the bank`` or ``to`` a power), with a power they give that
  power's assassination chit (``give Papacy [assassination] [chit] to Milan``).
  ``pay 0 ducats to Milan`` is a :class:`Pay` of 0 that replaces the earlier
  payment to Milan (ORD-EXAMPLE-2).  Errors: paying or giving a chit to
  oneself, a chit one does not hold (``state.chits``), a chit to the bank.
- ``expense N:`` (also ``exp``, ``e``, ``expense1:``; the colon optional; N
  1 to 4), then the amount, then the expenditure: ``famine relief`` (``fr``,
  ``famine``, ``relief``), ``pacify rebellion`` (``pr``, ``pacify``),
  ``counter-bribe`` (``counter bribe``, ``counterbribe``, ``cb``, ``counter``),
  ``disband`` (``d``), ``buy`` (``purchase``, ``b``), ``garrison to
  autonomous`` (``gta``, ``g``, ``autonomous``, ``to autonomous``), ``cause
  rebellion`` (``cr``, ``cause``, ``rebellion``), ``assassinate``
  (``assassination``, ``a``) (the short forms are nJudge's), then the place
  (famine relief, pacify and cause rebellion), the unit (counter-bribe, disband,
  buy, garrison to autonomous: ``[special] [type] place``) or the power
  (assassinate).  The amount may instead follow the target (nJudge); it may not
  be left out (nJudge then charges the minimum; here it is an error).  In
  ``12 d a bol`` the ``d`` is ducats if that reads, else ``disband``.
- ``expense N: none`` (also ``nothing``, after an optional amount) is kept as
  ``Expense(N, 0, "none")``: it replaces expense N, and the expense step treats
  it as no expense (ORD-EXAMPLE-3).
- An expense's unit gets its kind from the position.  With no type written and
  both an army/fleet and a garrison there, a counter-bribe means one's own unit
  and a bribe another's, the army or fleet first (nJudge's reading); ``garrison
  to autonomous`` always means the garrison.  Errors: no unit there, the written
  type not there, a bribe of one's own unit ("you can only counter-bribe it"),
  assassinating oneself, borrowing when ``loans`` is off, chits and
  assassinations when ``assassinations`` is off.  Costs, adjacency, chits held
  for an attempt, rebellions and famine are the expense steps' (reported at
  adjudication).
- A power may order a unit its final ``buy`` expense of the submission names
  (001 bribes note 3, ORD-EXAMPLE-4): :func:`parse_orders` reads the expenses
  first; :func:`parse_order` takes them as ``bought``.
- ``Signon ...`` and ``Signoff`` lines (a judge mail's envelope) are skipped.
- Special types for builds also have nJudge's short forms ``cm``, ``em``,
  ``ep`` (``cm`` is also a place on the classic board: it is the special type
  only when a unit type follows).
- ``disband`` in a movement phase (001 tech note, "a sav disband") is read as a
  :class:`Disband` only when the ``disband`` option is set (ORD-TN-1).
- A submission's errors are only what the text and the position's units decide
  (unknown words and places, missing or foreign units, a garrison ordered to
  move, besiege or lift, anything but a fleet ordered to convoy, orders of
  another phase); whether an order can
  work (adjacency, coasts, convoy routes, conversions, sieges) is
  :func:`machiavelli.movement.legality.check_order`'s, so that an illegal order is
  still reported as void by the adjudicator, as the DATC expects.

The words live in :mod:`machiavelli.text.order_words`, the reader in
:mod:`machiavelli.text.order_reader`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass, field

from machiavelli.core.board import Board
from machiavelli.core.options import flag
from machiavelli.core.order_kinds import kind_of
from machiavelli.core.orders import (
    Build,
    Expense,
    Order,
    Remove,
    order_key,
)
from machiavelli.core.state import PhaseKind, State, Unit, UnitKind
from machiavelli.text.canonical import (
    UnitsAt,
    plainest,
    read_canonical,
    read_words,
    single_places,
    units_at,
)
from machiavelli.text.money_reader import EXPENSE_GLUED
from machiavelli.text.order_reader import OrderReader
from machiavelli.text.order_words import (
    EXPENSES,
    OrderSyntaxError,
    a_or_an,
    tokens,
)
from machiavelli.text.order_writer import FORMATTERS as FORMATTERS
from machiavelli.text.order_writer import format_order

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
    """An order that could not be read, and why."""

    line: int  # 1-based line number in the submission
    text: str  # the order as written
    reason: str


@dataclass
class Submission:
    """The orders read from a submission, and the lines refused."""

    orders: list[Order] = field(default_factory=list)
    errors: list[OrderError] = field(default_factory=list)


# ----------------------------------------------------------------------
# Public API
# ----------------------------------------------------------------------
def parse_order(
    text: str,
    board: Board,
    state: State,
    power: str,
    phase: PhaseKind | None = None,
    *,
    bought: Collection[tuple[str, UnitKind]] = (),
) -> Order:
    """One order, read against the position; raises :class:`OrderSyntaxError`.

    ``bought`` lists the (province, kind) of units the power's expenses buy: the
    power may order them too (001 bribes, note 3).
    """
    return _parse(text, board, state, power, phase or state.phase, bought, None)


def _parse(
    text: str,
    board: Board,
    state: State,
    power: str,
    phase: PhaseKind,
    bought: Collection[tuple[str, UnitKind]],
    units: UnitsAt | None,
    places: dict[str, str] | None = None,
) -> Order:
    """:func:`parse_order`, with the units by province (and the board's one-word places)
    shared by a submission's orders."""
    if phase == "movement" and not _area_support(state):  # the usual forms first
        order = read_canonical(text, board, units or units_at(state.units), power, bought,
                               places)
        if order is not None:
            return order
    return _parse_in_full(text, board, state, power, phase, bought)


def _area_support(state: State) -> bool:
    """Seed 003's supports of an area (option ``area_support``): ``A bol S mod`` is then
    a support of the power's own operation at Modena, not of the unit there, so the usual
    forms' fast path (:mod:`machiavelli.text.canonical`), which reads the latter, is not
    taken."""
    return bool(state.options) and flag(state.options, "area_support")


def _parse_in_full(
    text: str,
    board: Board,
    state: State,
    power: str,
    phase: PhaseKind,
    bought: Collection[tuple[str, UnitKind]],
) -> Order:
    """:func:`parse_order` by the full reader (the usual forms' fast path not tried)."""
    order = OrderReader(text, board, state, power, phase, bought).read()
    kind = kind_of(order)
    if phase not in kind.phases:  # (a disband: a retreat phase's, or a movement phase's)
        raise OrderSyntaxError(
            f"{kind.described} is ordered only in {a_or_an(kind.phases[0])} phase, "
            f"not in the {phase} phase"
        )
    return order


def parse_orders(
    text: str, board: Board, state: State, power: str, phase: PhaseKind | None = None
) -> Submission:
    """A whole submission: good orders kept, each bad one reported with its line.

    A later order with the same :func:`~machiavelli.core.orders.order_key` replaces the
    earlier one.  Units bought by the submission's final expenses may be ordered.
    """
    if (phase or state.phase) == "movement" and not _area_support(state):
        usual = _usual_submission(text, board, state, power)
        if usual is not None:
            return usual
    return _submission(text, board, state, power, phase)


def _submission(
    text: str, board: Board, state: State, power: str, phase: PhaseKind | None
) -> Submission:
    """:func:`parse_orders` by the general rules, whatever the text and the phase."""
    parts = _parts(text)
    bought = _bought(parts, board, state, power, phase)
    errors: list[OrderError] = []
    # the orders kept, by order_key: a later order takes the place of an earlier one
    kept: dict[tuple[str, ...], Order] = {}
    units = units_at(state.units)
    builds: dict[tuple[str, ...], Build] = {}  # the builds kept so far, by key
    now = phase or state.phase
    places = (single_places(board) if now == "movement" and not _area_support(state)
              else None)
    for number, written in parts:
        # the usual forms of a movement phase first, as _parse reads them
        order = (None if places is None
                 else read_canonical(written, board, units, power, bought, places))
        try:
            if order is None:
                order = _parse_in_full(written, board, state, power, now, bought)
        except OrderSyntaxError as err:
            withdrawn = _withdrawn_build(written, board, state, power, phase, builds)
            if withdrawn is None:
                errors.append(OrderError(number, written, err.reason))
            else:  # a disband after a build withdraws the build (ADJ-ORD-3)
                del kept[withdrawn]
                del builds[withdrawn]
            continue
        key = order_key(order)
        if key in kept:  # replaced: the later order comes where it stands
            del kept[key]
            builds.pop(key, None)
        kept[key] = order
        if isinstance(order, Build):
            builds[key] = order
    return Submission(list(kept.values()), errors)


#: what the one pass leaves to the general rules: comments, several orders a line, a judge
#: mail's envelope, and what only the regular expression splits well (``quick_tokens``)
_NOT_USUAL = ("#", ";", "sign", "(", ")", ":", ".", ",", ">")


def _usual_submission(text: str, board: Board, state: State, power: str) -> Submission | None:
    """A movement phase's submission read in one pass, when it is plain text: ASCII, one
    order a line, no comment, no envelope and no expense (nothing bought).  The text is
    lowered and spaced out once, not a line at a time, and the usual forms are read at
    once (:func:`~machiavelli.text.canonical.plainest`).  It gives what :func:`_submission`
    gives (``tests/test_notation_usual.py``); None: that text is for :func:`_submission`.
    """
    if not text.isascii():
        return None
    low = text.lower()
    for mark in _NOT_USUAL:  # (a test a mark: faster than a regular expression's scan)
        if mark in low:
            return None
    if "-" in low:  # as quick_tokens spaces out each line
        low = low.replace("-", " - ")
    if "/" in low:
        low = low.replace("/", " / ")
    units = units_at(state.units)
    places = single_places(board)
    errors: list[OrderError] = []
    kept: dict[tuple[str, ...], Order] = {}
    key: tuple[str, ...]
    written_lines: list[str] = []  # the text's lines, split when an order needs them
    # ASCII text lowered and spaced out: its lines are the text's, one for one
    for number, line in enumerate(low.splitlines(), start=1):
        toks = line.split()
        if not toks:
            continue
        if toks[0][0] == "e":
            return None  # perhaps an expense, which may buy a unit: the general rules'
        usual = plainest(toks, board, places, units, power, ())
        if usual is not None:
            ref = usual.unit
            key = ("unit", ref.province, "G" if ref.kind == "G" else "AF")  # order_key's
            order: Order = usual
        else:
            found = read_words(toks, board, places, units, power, ())  # (the words at hand)
            if found is None:
                if not written_lines:
                    written_lines = text.splitlines()
                written = written_lines[number - 1].strip()
                try:
                    found = _parse_in_full(written, board, state, power, "movement", ())
                except OrderSyntaxError as err:
                    errors.append(OrderError(number, written, err.reason))
                    continue
            order = found
            key = order_key(order)
        if key in kept:  # replaced: the later order comes where it stands
            del kept[key]
        kept[key] = order
    return Submission(list(kept.values()), errors)


def _withdrawn_build(
    written: str, board: Board, state: State, power: str, phase: PhaseKind | None,
    builds: dict[tuple[str, ...], Build],
) -> tuple[str, ...] | None:
    """The key of the build that a removal of a not-yet-built unit withdraws, if any.

    ``builds`` are the builds kept so far (at most one per place): the scan stays short
    however many lines the submission has.
    """
    if (phase or state.phase) != "adjustment" or not builds:
        return None
    planned = [Unit(b.kind, power, b.province, b.coast, b.special) for b in builds.values()]
    try:
        order = parse_order(written, board, state.but(units=[*state.units, *planned]),
                            power, phase)
    except OrderSyntaxError:
        return None
    if not isinstance(order, Remove):
        return None
    key = order_key(order)
    return key if key in builds else None


_ENVELOPE = frozenset({"signon", "signoff"})  # a judge mail's first and last lines


def _parts(text: str) -> list[tuple[int, str]]:
    """The orders as written, with their line numbers (a UTF-8 byte order mark skipped)."""
    text = text.removeprefix("\ufeff")
    if "#" in text or ";" in text or "sign" in text.lower():
        return list(_every_part(text))
    found = []
    for number, raw in enumerate(text.splitlines(), start=1):
        written = raw.strip()
        if written:
            found.append((number, written))
    return found


def _every_part(text: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0]
        for part in line.split(";"):
            written = part.strip()
            if written and written.split(None, 1)[0].lower() not in _ENVELOPE:
                yield number, written


_NOTHING_BOUGHT: frozenset[tuple[str, UnitKind]] = frozenset()


def _bought(
    parts: list[tuple[int, str]], board: Board, state: State, power: str,
    phase: PhaseKind | None,
) -> frozenset[tuple[str, UnitKind]]:
    """The units the submission's last expense of each number buys."""
    expenses: dict[int, Expense] = {}
    for _, written in parts:
        if written[0] != "e" and written[0] != "E":
            continue  # every spelling of an expense begins so
        first = written.split(None, 1)[0].lower()
        if (first,) not in EXPENSES and not EXPENSE_GLUED.match(first):
            continue
        try:
            order = parse_order(written, board, state, power, phase)
        except OrderSyntaxError:
            continue
        if isinstance(order, Expense):
            expenses[order.number] = order
    if not expenses:
        return _NOTHING_BOUGHT
    return frozenset(
        (e.province, e.unit_kind)
        for e in expenses.values()
        if e.kind in ("buy", "operate") and e.province is not None and e.unit_kind is not None
    )

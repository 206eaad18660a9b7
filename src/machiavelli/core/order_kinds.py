"""Machiavelli's order kinds, in one list: the kind, its class, unit or money, its phases.

Every stage an order passes through (the order language's reader and its formatter,
static legality, the legal-order lists the bots choose from, the results' wording and
the map's painter) must know every kind listed here.  ``tests/test_order_kinds.py``
holds each stage to this list, so that a kind added here (the Balance at Risk orders)
and missing a stage fails a test, not a game:

- the stages that dispatch through a table keyed by class (the formatter
  :data:`machiavelli.text.order_writer.FORMATTERS`, the painter
  :data:`machiavelli.render.arrows.PAINTERS`) must have exactly the classes listed;
- every kind's :attr:`OrderKind.examples` are read, written back, checked, worded and
  painted, each in the kind's phase, by Venice on the classic 1454 board (in the
  position the test sets up), and the legal lists must offer each kind there.

Plain data: nothing here reads a position.  Each order's class is in
:mod:`machiavelli.core.orders`; the kind of an order is :func:`kind_of`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from machiavelli.core.orders import (
    EXPENSE_KINDS,
    Ally,
    Besiege,
    Borrow,
    Build,
    Convert,
    Convoy,
    Disband,
    Excommunicate,
    Expense,
    GiveChit,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Old,
    Order,
    Pay,
    Permit,
    Remove,
    Retreat,
    SupportArea,
    SupportHold,
    SupportMove,
    Tax,
    Transport,
    Waive,
)
from machiavelli.core.state import PhaseKind


@dataclass(frozen=True, slots=True)
class OrderKind:
    """One kind of order."""

    #: the kind's name (lower case, one word): ``"move"``
    name: str
    #: its class (:mod:`machiavelli.core.orders`): one class per kind
    cls: type
    #: a money order (001's expenditure orders: private to its power, paid in ducats), or
    #: not (an order of the board: a unit's order, a build, an alliance, a waive)
    money: bool
    #: the phases in which it is accepted; the first is the kind's own (the one the
    #: messages name), any other an exception (a disband in a movement phase needs the
    #: ``disband`` option, ORD-TN-1)
    phases: tuple[PhaseKind, ...]
    #: the kind named in a message: ``"a move"``
    described: str
    #: canonical lines of this kind, as Venice gives them on the classic 1454 board in the
    #: position ``tests/test_order_kinds.py`` sets up for the kind's first phase: every
    #: form worth trying (an expense: one line per expenditure, :data:`EXPENSE_KINDS`)
    examples: tuple[str, ...]
    #: the options the kind needs (seed 003's orders need their flag): the test's
    #: position turns them on
    options: tuple[str, ...] = ()
    #: the power whose orders the examples are when not any power's (Venice's): the
    #: Papacy's excommunication
    by: str | None = None


ORDER_KINDS: Final[tuple[OrderKind, ...]] = (
    # -- a movement phase's orders of the board ---------------------------------------
    OrderKind("hold", Hold, False, ("movement",), "a hold", ("A pad H", "G ven H")),
    OrderKind("move", Move, False, ("movement",), "a move",
              ("A ver - man", "F dal - uas", "A ist - uas - fer", "A ist - fer via convoy")),
    OrderKind("support_hold", SupportHold, False, ("movement",), "a support",
              ("A ver S A pad",)),
    OrderKind("support_move", SupportMove, False, ("movement",), "a support",
              ("A pad S A ver - vic",)),
    OrderKind("convoy", Convoy, False, ("movement",), "a convoy", ("F uas C A ist - fer",)),
    # seed 003's support of an area in favour of a power (Balance at Risk, BAR-8.5)
    OrderKind("support_area", SupportArea, False, ("movement",), "a support",
              ("A pad S ver", "A ver S man for Milan", "A pad S fer for independent"),
              ("area_support",)),
    # seed 003's transport named for a power (Balance at Risk, BAR-8.6)
    OrderKind("transport", Transport, False, ("movement",), "a transport",
              ("F uas T", "F uas T for Milan"), ("area_support",)),
    OrderKind("convert", Convert, False, ("movement",), "a conversion",
              ("A pad C G", "G ven C F")),
    OrderKind("besiege", Besiege, False, ("movement",), "a siege", ("A fer B",)),
    OrderKind("lift_siege", LiftSiege, False, ("movement",), "lifting a siege", ("A man L",)),
    OrderKind("ally", Ally, False, ("movement",), "an alliance",
              ("ally Milan", "unally Milan")),
    # -- retreats --------------------------------------------------------------------
    OrderKind("retreat", Retreat, False, ("retreat",), "a retreat",
              ("A pad R trv",)),
    OrderKind("disband", Disband, False, ("retreat", "movement"), "a disband", ("A pad D",)),
    # -- adjustments -----------------------------------------------------------------
    OrderKind("build", Build, False, ("adjustment",), "a build",
              ("build A trv", "build militia A trv")),
    OrderKind("remove", Remove, False, ("adjustment",), "a removal", ("remove A ver",)),
    OrderKind("maintain", Maintain, False, ("adjustment",), "maintaining a unit",
              ("maintain A pad",)),
    OrderKind("waive", Waive, False, ("adjustment",), "a waive", ("waive",)),
    # seed 003's excommunication (Balance at Risk, BAR-15.1): the Papacy's
    OrderKind("excommunicate", Excommunicate, False, ("movement", "adjustment"),
              "an excommunication", ("excommunicate Milan",), ("excommunication",), "Papacy"),
    # seed 003's permission to bribe (Balance at Risk, BAR-11.2)
    OrderKind("permit", Permit, False, ("movement",), "a permission to bribe",
              ("permit Milan bribe G man", "permit all bribe A bol", "permit all bribe Milan"),
              ("bar",)),
    # seed 003's old unit of the first Spring (Balance at Risk, BAR-3.3): tried on a board
    # where no power has a unit yet
    OrderKind("old", Old, False, ("adjustment",), "an old unit", ("old A pad", "old G ven"),
              ("bar",)),
    # seed 003's forced taxation (Balance at Risk, BAR-5.3)
    OrderKind("tax", Tax, False, ("adjustment",), "a forced taxation", ("tax pad",),
              ("forced_tax",)),
    # -- money: 001's expenditure orders, given with a movement phase's orders ---------
    OrderKind("borrow", Borrow, True, ("movement",), "a loan",
              ("borrow 10 ducats for 1 year", "borrow 25 ducats for 2 years")),
    # (seed 003's B.4: a power gives ducats in the adjustment phase too, under bar)
    OrderKind("pay", Pay, True, ("movement", "adjustment"), "a payment",
              ("pay 6 ducats to Milan", "pay 12 ducats to bank")),
    OrderKind("give_chit", GiveChit, True, ("movement",), "giving a chit",
              ("give Papacy to Milan",)),
    OrderKind("expense", Expense, True, ("movement",), "an expense", (
        "expense 1: 3 ducats famine relief vic",
        "expense 1: 12 ducats pacify rebellion fri",
        "expense 1: 3 ducats counter-bribe A pad",
        "expense 1: 12 ducats disband A bol",
        "expense 1: 18 ducats buy A bol",
        "expense 1: 9 ducats garrison to autonomous G man",
        "expense 1: 12 ducats cause rebellion cre",
        "expense 1: 12 ducats assassinate Papacy",
        "expense 1: 3 ducats bodyguard Venice",
        "expense 1: 3 ducats operate G fer",
        "expense 1: 3 ducats permission G fer",
        "expense 1: none",
    )),
)

#: each kind by its class
KINDS_BY_CLASS: Final[dict[type, OrderKind]] = {k.cls: k for k in ORDER_KINDS}
#: each kind by its name
KINDS_BY_NAME: Final[dict[str, OrderKind]] = {k.name: k for k in ORDER_KINDS}
#: the expenditures an expense names (``Expense.kind``), each with an example above
EXPENDITURES: Final = EXPENSE_KINDS


def kind_of(order: Order) -> OrderKind:
    """The kind of an order (KeyError: a class that is no kind listed here)."""
    return KINDS_BY_CLASS[type(order)]

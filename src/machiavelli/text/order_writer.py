"""The order language written back: the canonical text of every kind of order
(:func:`format_order`), so that reading it again gives the same order
(:mod:`machiavelli.text.notation`, whose module notes give the canonical forms)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from machiavelli.core.orders import (
    BANK,
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
    UnitRef,
    Waive,
)
from machiavelli.text.order_words import ETYPE_NAMES


def _unit(ref: UnitRef) -> str:
    return f"{ref.kind} {ref.location}"


def _loc(province: str, coast: str | None) -> str:
    return f"{province}/{coast}" if coast else province


def format_order(order: Order) -> str:
    """The canonical text of an order (see the module notes)."""
    return FORMATTERS[type(order)](order)


def _format_hold(order: Hold) -> str:
    return f"{_unit(order.unit)} H"


def _format_move(order: Move) -> str:
    route = " - ".join((*order.via, _loc(order.dest, order.dest_coast)))
    return f"{_unit(order.unit)} - {route}" + (" via convoy" if order.convoy else "")


def _format_support_hold(order: SupportHold) -> str:
    return f"{_unit(order.unit)} S {_unit(order.target)}"


def _format_support_move(order: SupportMove) -> str:
    dest = _loc(order.dest, order.dest_coast)
    return f"{_unit(order.unit)} S {_unit(order.target)} - {dest}"


def _for(power: str | None) -> str:
    """`` for Milan`` after a support or transport in favour of a power (none: its own)."""
    return "" if power is None else f" for {power}"


def _format_support_area(order: SupportArea) -> str:
    return f"{_unit(order.unit)} S {order.area}{_for(order.power)}"


def _format_transport(order: Transport) -> str:
    return f"{_unit(order.unit)} T{_for(order.power)}"


def _format_convoy(order: Convoy) -> str:
    return f"{_unit(order.unit)} C {_unit(order.target)} - {order.dest}"


def _format_convert(order: Convert) -> str:
    return f"{_unit(order.unit)} C {order.to}" + (f"/{order.coast}" if order.coast else "")


def _format_besiege(order: Besiege) -> str:
    return f"{_unit(order.unit)} B"


def _format_lift_siege(order: LiftSiege) -> str:
    return f"{_unit(order.unit)} L"


def _format_ally(order: Ally) -> str:
    return ("ally " if order.allow else "unally ") + order.power


def _format_retreat(order: Retreat) -> str:
    if order.to == "G":
        return f"{_unit(order.unit)} R G"
    return f"{_unit(order.unit)} R {_loc(order.dest, order.dest_coast)}"


def _format_disband(order: Disband) -> str:
    return f"{_unit(order.unit)} D"


def _format_build(order: Build) -> str:
    special = f"{order.special} " if order.special else ""
    return f"build {special}{order.kind} {_loc(order.province, order.coast)}"


def _format_remove(order: Remove) -> str:
    return f"remove {_unit(order.unit)}"


def _format_maintain(order: Maintain) -> str:
    return f"maintain {_unit(order.unit)}"


def _format_waive(order: Waive) -> str:
    return "waive"


def _format_tax(order: Tax) -> str:
    return f"tax {order.province}"


def _format_old(order: Old) -> str:
    return f"old {order.kind} {_loc(order.province, order.coast)}"


def _format_excommunicate(order: Excommunicate) -> str:
    return f"excommunicate {order.power}"


def _format_permit(order: Permit) -> str:
    if order.province is not None:
        return f"permit {order.to} bribe {order.unit_kind} {order.province}"
    return f"permit {order.to} bribe {order.power}"


def _format_borrow(order: Borrow) -> str:
    return f"borrow {ducats(order.amount)} for " + ("1 year" if order.years == 1 else
                                                    f"{order.years} years")


def _format_pay(order: Pay) -> str:
    return f"pay {ducats(order.amount)} to {'bank' if order.to == BANK else order.to}"


def _format_give_chit(order: GiveChit) -> str:
    return f"give {order.target} to {order.to}"


def _format_expense(order: Expense) -> str:
    head = f"expense {order.number}: "
    if order.kind == "none":
        return head + "none"
    if order.kind in ("assassinate", "bodyguard"):
        target = order.power or ""
    else:
        target = f"{order.unit_kind} " if order.unit_kind else ""
        target += order.province or ""
    name = ETYPE_NAMES[order.kind]
    if order.kind == "garrison_to_autonomous" and order.unit_kind not in (None, "G"):
        name = "make independent"  # (seed 003's, on an army or fleet: BAR-11.7)
    return f"{head}{ducats(order.amount)} {name} {target}".rstrip()


def ducats(amount: int) -> str:
    """``1 ducat``, ``12 ducats`` (the reader takes either spelling)."""
    return f"{amount} ducat" if amount == 1 else f"{amount} ducats"


#: the writer of each kind of order, by its class (every class of
#: :data:`machiavelli.core.order_kinds.ORDER_KINDS`: tests/test_order_kinds.py)
FORMATTERS: Final[dict[type, Callable[[Any], str]]] = {
    Hold: _format_hold,
    Move: _format_move,
    SupportHold: _format_support_hold,
    SupportMove: _format_support_move,
    SupportArea: _format_support_area,
    Transport: _format_transport,
    Convoy: _format_convoy,
    Convert: _format_convert,
    Besiege: _format_besiege,
    LiftSiege: _format_lift_siege,
    Ally: _format_ally,
    Retreat: _format_retreat,
    Disband: _format_disband,
    Build: _format_build,
    Remove: _format_remove,
    Maintain: _format_maintain,
    Waive: _format_waive,
    Tax: _format_tax,
    Old: _format_old,
    Excommunicate: _format_excommunicate,
    Permit: _format_permit,
    Borrow: _format_borrow,
    Pay: _format_pay,
    GiveChit: _format_give_chit,
    Expense: _format_expense,
}

"""Special units (001, SPECIAL UNITS, optional): the limit, the costs and the bribe prices.

Three kinds (``Unit.special``), each an army, a fleet or a garrison (SPEC-3):

================== ======= ======== ============
kind               upkeep  strength bribe price
================== ======= ======== ============
militia            6       1        x2
elite_mercenary    6       2        x1
elite_professional 9       2        x2
(normal unit)      3       1        x1
================== ======= ======== ============

(SPEC-MILITIA-1..3, SPEC-ELMERC-1..3, SPEC-ELPRO-1..3; the strength itself is
:attr:`machiavelli.core.state.Unit.strength`.)  A power may have one special unit in
play at a time (SPEC-1); an order that would give it a second fails and its
ducats are lost (SPEC-2): a build in the adjustment phase, or a bribe that buys
another power's special unit.  The caller charges the ducats;
:func:`special_limit_problem` says whether the order breaks the limit.
"""

from __future__ import annotations

from collections.abc import Iterable

from machiavelli.core.state import SPECIAL_KINDS, State, Unit

NORMAL_UPKEEP = 3  # ADJ-1
SPECIAL_UPKEEP: dict[str, int] = {  # SPEC-MILITIA-1, SPEC-ELMERC-1, SPEC-ELPRO-1
    "militia": 6,
    "elite_mercenary": 6,
    "elite_professional": 9,
}
SPECIAL_STRENGTH: dict[str, int] = {  # SPEC-MILITIA-2, SPEC-ELMERC-2, SPEC-ELPRO-2
    "militia": 1,
    "elite_mercenary": 2,
    "elite_professional": 2,
}
SPECIAL_BRIBE_MULTIPLIER: dict[str, int] = {  # SPEC-MILITIA-3, SPEC-ELMERC-3, SPEC-ELPRO-3
    "militia": 2,
    "elite_mercenary": 1,
    "elite_professional": 2,
}
SPECIAL_NAMES: dict[str, str] = {
    "militia": "Citizen's Militia",
    "elite_mercenary": "Elite Mercenaries",
    "elite_professional": "Elite Professionals",
}
MAX_SPECIALS = 1  # SPEC-1


def is_special(kind: str | None) -> bool:
    return kind is not None and kind in SPECIAL_KINDS


def upkeep(special: str | None) -> int:
    """Ducats to build, or to keep for a year, a unit of this kind (3, 6, 6 or 9)."""
    if special is None:
        return NORMAL_UPKEEP
    return SPECIAL_UPKEEP[special]


def unit_upkeep(unit: Unit) -> int:
    return upkeep(unit.special)


def strength_of(special: str | None) -> int:
    """A unit's strength by kind; the same as :attr:`Unit.strength`."""
    return 1 if special is None else SPECIAL_STRENGTH[special]


def bribe_multiplier(unit: Unit) -> int:
    """The factor on the price of a bribe against ``unit`` for its kind (1 or 2).

    Only the unit's kind: the doubling for a garrison in a major city (BRIBE-2)
    multiplies with it and is the bribe's own (BRIBE-5: 12 x 2 x 2 = 48).
    """
    if unit.special is None:
        return 1
    return SPECIAL_BRIBE_MULTIPLIER[unit.special]


def specials_of(state: State, power: str) -> list[Unit]:
    """The power's special units in play: on the board, or dislodged and awaiting retreat."""
    units = [u for u in state.units if u.owner == power and u.special is not None]
    units += [d.unit for d in state.dislodged if d.unit.owner == power and d.unit.special]
    return units


def special_limit_problem(
    state: State,
    power: str,
    special: str | None,
    *,
    leaving: Iterable[Unit] = (),
    added: int = 0,
) -> str | None:
    """Why a new unit of kind ``special`` would break the one-special-unit limit, or None.

    ``leaving``: units of the power that go in the same action (a unit removed
    earlier in the same adjustment, the unit being bought itself);
    ``added``: special units already given to the power earlier in the same
    phase and not yet in ``state``.
    """
    if special is None:
        return None
    if special not in SPECIAL_KINDS:
        return f"unknown special unit {special!r}"
    gone = list(leaving)
    held = [u for u in specials_of(state, power) if u not in gone]
    if len(held) + added >= MAX_SPECIALS:
        have = held[0] if held else None
        what = (
            f"{SPECIAL_NAMES[have.special]} in {have.province}"
            if have is not None and have.special is not None
            else "one already"
        )
        return (f"{power} already has a special unit ({what}); "
                "a power may have only one (SPEC-1, SPEC-2)")
    return None


def buy_problem(state: State, buyer: str, unit: Unit) -> str | None:
    """SPEC-2 for a bribe that buys ``unit``: the buyer may not end with two special units."""
    return special_limit_problem(state, buyer, unit.special, leaving=[unit])


__all__ = [
    "MAX_SPECIALS",
    "NORMAL_UPKEEP",
    "SPECIAL_BRIBE_MULTIPLIER",
    "SPECIAL_NAMES",
    "SPECIAL_STRENGTH",
    "SPECIAL_UPKEEP",
    "bribe_multiplier",
    "buy_problem",
    "is_special",
    "special_limit_problem",
    "specials_of",
    "strength_of",
    "unit_upkeep",
    "upkeep",
]

"""The words of the order language: keyword groups, unit types, coasts, place names.

Read by :mod:`machiavelli.text.order_reader`; the syntax is described in
:mod:`machiavelli.text.notation`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from machiavelli.core.board import COASTS, Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.order_kinds import kind_of
from machiavelli.core.orders import ExpenseKind, Order
from machiavelli.core.state import PhaseKind, Unit, UnitKind


class OrderSyntaxError(ValueError):
    """An order that cannot be accepted; ``reason`` says why in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


# ----------------------------------------------------------------------
# Words
# ----------------------------------------------------------------------
Words = tuple[tuple[str, ...], ...]


def _words(*spellings: str) -> Words:
    return tuple(tuple(s.split()) for s in spellings)


HOLDS = _words("h", "hold", "holds", "stand", "stands")
MOVES = _words("-", "m", "move", "moves", "move to", "moves to")
SUPPORTS = _words("s", "support", "supports")
CONVOYS = _words("t", "transport", "transports", "convoy", "convoys")
CONVERTS = _words("convert", "converts", "convert to", "converts to")
BESIEGES = _words("b", "besiege", "besieges", "siege")
LIFTS = _words("l", "lift", "lifts", "lift siege", "lifts siege")
DISBANDS = _words("d", "disband", "disbands")
RETREATS = _words("r", "retreat", "retreats", "retreat to", "retreats to")
BUILDS = _words("b", "build", "builds")
REMOVES = _words("r", "remove", "removes", "d", "disband", "disbands")
MAINTAINS = _words("m", "maintain", "maintains")
WAIVES = _words("waive", "waives")
#: seed 003's excommunication (BAR-15.1), a movement or adjustment order of the Papacy
EXCOMMUNICATES = _words("excommunicate", "excommunicates", "excommunication of",
                        "excommunication", "crusade against", "crusade")
#: seed 003's permission to bribe (BAR-11.2), a movement order
PERMITS = _words("permit", "permits", "permission", "allow bribe")
BRIBE_WORDS = _words("bribe", "bribes", "to bribe", "bribing")
#: seed 003's old unit of the first Spring (BAR-3.3), an adjustment order
OLDS = _words("old", "place old", "old unit", "place old unit")
#: seed 003's forced taxation (BAR-5.3), an adjustment order
TAXES = _words("tax", "taxes", "force tax", "forced tax", "forced taxation")
ALLIES = _words("allow", "alliance", "alliance with", "ally with", "ally", "allies", "allies with")
UNALLIES = _words("unally", "unally with", "unallow", "disallow", "not allies", "unalliance",
                  "don't allow", "dont allow")
#: seed 003's support or transport in favour of a power (BAR-8.5, BAR-8.6): ``for Milan``
FAVOURS = _words("for", "in favour of", "in favor of", "on behalf of")
#: the words for an independent power in ``for independent`` (BAR-8.5)
INDEPENDENT_WORDS = frozenset({"independent", "independents", "autonomous", "independent power"})
VIA_CONVOY = _words("via convoy", "by convoy")
SIEGE_WORD = _words("siege")
ZERO = _words("0")
C_WORD = _words("c")
CITY_WORDS = _words("g", "garrison", "city")

# -- expenditure orders (001 ORDER SYNTAX; the short forms are nJudge's) -----------
BORROWS = _words("borrow", "borrows")
GIVES = _words("give", "gives", "pay", "pays", "loan", "loans")
EXPENSES = _words("expense", "exp", "e")
EXPENDITURE_WORDS = frozenset(w[0] for w in (*BORROWS, *GIVES, *EXPENSES))
DUCATS = _words("d", "ducat", "ducats")
TO_BANK = _words("bank", "the bank")
CHIT_WORDS = _words("chit", "assassination chit", "assassination")
NONE_WORDS = _words("none", "nothing")
_ETYPE_SPELLINGS: dict[ExpenseKind, tuple[str, ...]] = {
    "famine_relief": ("famine relief", "fr", "famine", "relief", "prevent famine",
                      "preventive famine relief", "abundance"),
    "pacify_rebellion": ("pacify rebellion", "pr", "pacify"),
    "counter_bribe": ("counter - bribe", "counter bribe", "counterbribe", "cb", "counter"),
    "disband": ("disband", "d"),
    "buy": ("buy", "purchase", "b"),
    "garrison_to_autonomous": ("garrison to autonomous", "gta", "g", "autonomous",
                               "to autonomous", "make independent", "make autonomous",
                               "independent", "mi"),
    "cause_rebellion": ("cause rebellion", "cr", "cause", "rebellion"),
    "assassinate": ("assassinate", "assassination", "a"),
    "bodyguard": ("bodyguard", "body guard", "bodyguard for", "bodyguard of", "bg"),
    "operate": ("operate", "op"),
    "permission": ("permission", "permission to bribe from", "perm"),
}
ETYPES: dict[tuple[str, ...], ExpenseKind] = {
    words: kind for kind, spellings in _ETYPE_SPELLINGS.items() for words in _words(*spellings)
}
ETYPE_NAMES: dict[ExpenseKind, str] = {
    "famine_relief": "famine relief", "pacify_rebellion": "pacify rebellion",
    "counter_bribe": "counter-bribe", "disband": "disband", "buy": "buy",
    "garrison_to_autonomous": "garrison to autonomous", "cause_rebellion": "cause rebellion",
    "assassinate": "assassinate", "bodyguard": "bodyguard",
    "operate": "operate", "permission": "permission", "none": "none",
}

TYPES: dict[str, UnitKind] = {
    "a": "A", "army": "A", "f": "F", "fleet": "F", "g": "G", "garrison": "G",
}
KIND_NAMES: dict[str, str] = {"A": "army", "F": "fleet", "G": "garrison"}
SPECIALS: dict[tuple[str, ...], str] = {
    words: kind
    for kind, spellings in {
        "militia": ("militia", "militias", "citizen's militia", "citizens militia",
                    "citizens' militia", "citizen militia", "cm"),
        "elite_mercenary": ("elite_mercenary", "elite mercenary", "elite mercenaries",
                            "mercenary", "mercenaries", "em"),
        "elite_professional": ("elite_professional", "elite professional",
                               "elite professionals", "professional", "professionals", "ep"),
    }.items()
    for words in _words(*spellings)
}
COAST_WORDS: dict[tuple[str, ...], str] = {
    **{(c,): c for c in COASTS},
    **{(d, "coast"): d[0] + "c" for d in ("north", "south", "east", "west")},
}
SHORT_COASTS: dict[str, str] = {
    "n": "nc", "s": "sc", "e": "ec", "w": "wc", "north": "nc", "south": "sc", "east": "ec",
    "west": "wc",
}
COAST_NAMES = {"nc": "north coast", "sc": "south coast", "ec": "east coast", "wc": "west coast"}
KEYWORDS = frozenset(
    w
    for group in (HOLDS, MOVES, SUPPORTS, CONVOYS, CONVERTS, BESIEGES, LIFTS, DISBANDS,
                  RETREATS, BUILDS, REMOVES, MAINTAINS, WAIVES, ALLIES, UNALLIES, VIA_CONVOY)
    for spelling in group
    for w in spelling
) | {"c", "/", "(", ")"} | set(TYPES)

_TOKEN = re.compile(r"->|[-/():]|[^\s\-/():]+")


def tokens(text: str) -> list[str]:
    """Lower-case words of an order; ``-``, ``/``, ``:``, brackets and ``->`` stand alone."""
    out: list[str] = []
    for tok in _TOKEN.findall(text.lower()):
        tok = "-" if tok == "->" else tok.strip(".,")
        if tok:
            out.append(tok)
    return out


# ----------------------------------------------------------------------
# Place names
# ----------------------------------------------------------------------
@dataclass(frozen=True)
class PlaceNames:
    """Every accepted name of every province, as word tuples."""

    places: dict[tuple[str, ...], str]
    longest: int


def _names(board: Board) -> PlaceNames:
    """Every accepted name of every province as a word tuple."""
    places: dict[tuple[str, ...], str] = {}
    spellings: list[tuple[str, str]] = [(p.id, p.id) for p in board.provinces.values()]
    spellings += [(p.name, p.id) for p in board.provinces.values()]
    spellings += list(board.aliases.items())
    for name, pid in spellings:
        words = tuple(tokens(name))
        if words and pid in board.provinces:
            places.setdefault(words, pid)
    return PlaceNames(places, max((len(w) for w in places), default=1))


#: the place names of a board, as word tuples (made once per board)
names_of: PerBoard[PlaceNames] = PerBoard(_names)


# ----------------------------------------------------------------------
# Naming orders in messages
# ----------------------------------------------------------------------
def a_or_an(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def unit_of_kind(here: list[Unit], written: UnitKind, name: str) -> Unit:
    """The first unit of the written type among ``here`` (the units in the province
    ``name``), or an error that says which units are there."""
    for unit in here:
        if unit.kind == written:
            return unit
    others = " and ".join(a_or_an(KIND_NAMES[u.kind]) for u in here)
    raise OrderSyntaxError(f"there is no {KIND_NAMES[written]} in {name}, there is {others}")


def describe(order: Order) -> str:
    """The order's kind named in a message: ``"a move"`` (:mod:`machiavelli.core.order_kinds`)."""
    return kind_of(order).described


def phase_of(order: Order) -> PhaseKind:
    """The phase an order belongs to (its kind's first, :mod:`machiavelli.core.order_kinds`)."""
    return kind_of(order).phases[0]

"""The data of test-case files: what a case states (see docs/case-format.md).

:mod:`machiavelli.cases.files` reads case files into these objects,
:mod:`machiavelli.cases.runner` runs, writes and checks them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from machiavelli.cases.history import CaseError
from machiavelli.core.board import Board
from machiavelli.core.options import ALIASES, MACH1_DEFAULTS, OPTION_NAMES
from machiavelli.core.options import DIPLOMACY_OPTIONS as _DIPLOMACY
from machiavelli.core.state import Dislodged, Loan, PhaseKind, Rebellion, Season, Unit

BoardLoader = Callable[[str], Board]

AUTONOMOUS = "Autonomous"  # the owner label of an autonomous garrison
OUTCOMES = ("succeeds", "fails", "bounced", "cut", "dislodged", "void")

# The option tables come from machiavelli.core.options (their one source): a Machiavelli
# case starts from 001's Mach1 defaults (FLAG-DEF-MACH1, with summer turns and
# garrisons), a Standard one from the Diplomacy rules.
MACHIAVELLI_OPTIONS: dict[str, bool] = dict(MACH1_DEFAULTS)
DIPLOMACY_OPTIONS: dict[str, bool] = dict(_DIPLOMACY)

# Spellings accepted in option lists -> the option's key in State.options (one word
# each: option lists are split at spaces).
OPTION_ALIASES: dict[str, str] = {k: v for k, v in ALIASES.items() if " " not in k}
KNOWN_OPTIONS = frozenset(OPTION_NAMES)


@dataclass(frozen=True)
class Variant:
    """A case file's variant: its name, board and options."""

    name: str
    board: str
    options: dict[str, bool]


VARIANTS: dict[str, Variant] = {
    "standard": Variant("Standard", "standard", DIPLOMACY_OPTIONS),
    "machiavelli": Variant("Machiavelli", "classic", MACHIAVELLI_OPTIONS),
}

# Sections of the Machiavelli extension: the writer prints the matching
# POSTSTATE_ section when a case used one of them.
EXTRA_SECTIONS = (
    "SIEGES",
    "REBELLIONS",
    "PROVINCE_OWNERS",
    "CITY_OWNERS",
    "TREASURY",
    "LOANS",
    "CHITS",
    "FAMINE",
    "PEACE",
    "EXCOMMUNICATED",
    "ABUNDANCE",
    "PLAGUE",
    "DEFAULTED",
    "ASSASSINATED",
    "ROLLS",
    "RESULTS",
)
# The sections read only to check a case (machiavelli.cases.entries._expectations): a
# case read to be run, not checked, leaves their entries unread.
EXPECTATIONS = frozenset(
    {
        "POSTSTATE",
        "POSTSTATE_SAME",
        "POSTSTATE_DISLODGED",
        "POSTSTATE_SIEGES",
        "POSTSTATE_REBELLIONS",
        "POSTSTATE_PROVINCE_OWNERS",
        "POSTSTATE_CITY_OWNERS",
        "POSTSTATE_TREASURY",
        "POSTSTATE_RESULTS",
    }
)
# Where an adjustment case starts (PRESTATE_SETPHASE): "before" income (the whole
# phase: income, then the orders), income "only", or income already "done".
IncomeStep = Literal["before", "only", "done"]


@dataclass(slots=True)
class OrderLine:
    """One line of ORDERS: the power and the order text exactly as written.

    Not frozen: a file's cases hold many, and a frozen dataclass is made three times
    slower by the interpreter."""

    power: str
    text: str
    line: int


@dataclass(frozen=True)
class ExpectedResult:
    """One line of POSTSTATE_RESULTS: the outcome expected for an order."""

    outcome: str
    power: str
    text: str
    line: int


@dataclass(frozen=True)
class ExpectedDislodged:
    """A unit expected among the dislodged; ``attacker_from`` is checked only if given."""

    unit: Unit
    attacker_from: str | None = None
    from_given: bool = False


@dataclass(frozen=True)
class ExpectedRoll:
    """One line of POSTSTATE_ROLLS: a roll's purpose (words it contains) and its dice."""

    purpose: str  # "" = any purpose
    dice: tuple[int, ...]
    line: int


@dataclass(slots=True)
class Case:
    """One test case: the position, orders and expected results."""

    name: str
    file: str
    line: int
    variant: str = "Standard"
    board: str = "standard"
    options: dict[str, bool] = field(default_factory=dict)
    year: int = 1901
    season: Season = "spring"
    phase: PhaseKind = "movement"
    units: list[Unit] = field(default_factory=list)
    dislodged: list[Dislodged] = field(default_factory=list)
    contested: list[str] = field(default_factory=list)
    province_owner: dict[str, str] = field(default_factory=dict)
    city_owner: dict[str, str] = field(default_factory=dict)
    rebellions: dict[str, Rebellion] = field(default_factory=dict)
    treasury: dict[str, int] = field(default_factory=dict)
    loans: dict[str, list[Loan]] = field(default_factory=dict)
    chits: dict[str, list[str]] = field(default_factory=dict)
    famine: list[str] = field(default_factory=list)
    #: seed 003's peace record (PRESTATE_PEACE): "Milan/Venice" -> campaigns at peace
    peace: dict[str, list[str]] = field(default_factory=dict)
    #: seed 003's excommunications in force for the next transfer (PRESTATE_EXCOMMUNICATED)
    excommunicated: list[str] = field(default_factory=list)
    #: seed 003's Abundance markers (PRESTATE_ABUNDANCE, BAR-12.2)
    abundance: list[str] = field(default_factory=list)
    #: seed 003's plague markers (PRESTATE_PLAGUE, BAR-2.5, BAR-17.4)
    plague: list[str] = field(default_factory=list)
    defaulted: list[str] = field(default_factory=list)
    assassinated: list[str] = field(default_factory=list)
    dice: list[int] | None = None  # DICE: the values the case's dice give, in order
    # Cases from games (machiavelli.cases.game_cases): SCENARIO, SEED, PRESTATE_HOMES,
    # PRESTATE_ELIMINATED
    scenario: str | None = None
    players: int | None = None
    seed: str | None = None
    home: dict[str, list[str]] | None = None
    eliminated: list[str] = field(default_factory=list)
    income: IncomeStep = "before"
    #: CAMPAIGN_END: seed 003's end of the campaign (H.3.2-H.3.4, and the winter after a
    #: Fall) runs after the phase
    campaign_end: bool = False
    #: RENEGADE <area>: where the renegade step strikes (A.2, BAR-17.6), for a board
    #: without 003's Renegade Table
    renegade: str | None = None
    #: POSTSTATE_PLACES: the provinces whose units and owners are compared (None: all)
    places: list[str] | None = None
    orders: list[OrderLine] = field(default_factory=list)
    # Expected results; None = the case does not state it (not compared).
    expect_units: list[Unit] | None = None
    expect_dislodged: list[ExpectedDislodged] | None = None
    expect_sieges: list[Unit] | None = None
    expect_rebellions: dict[str, Rebellion] | None = None
    expect_province_owner: dict[str, str] | None = None
    expect_city_owner: dict[str, str] | None = None
    expect_treasury: dict[str, int] | None = None
    expect_loans: dict[str, list[Loan]] | None = None
    expect_chits: dict[str, list[str]] | None = None
    expect_famine: list[str] | None = None
    expect_abundance: list[str] | None = None
    expect_plague: list[str] | None = None
    expect_peace: dict[str, list[str]] | None = None
    expect_excommunicated: list[str] | None = None
    expect_defaulted: list[str] | None = None
    expect_assassinated: list[str] | None = None
    expect_rolls: list[ExpectedRoll] | None = None
    expect_results: list[ExpectedResult] | None = None
    #: POSTSTATE_WINNERS (a game case): the powers that won when the phase ended
    expect_winners: list[str] | None = None
    # How the file spelled each province (id -> text), for writing it back.
    spelling: dict[str, str] = field(default_factory=dict)
    # Machiavelli sections the case used ("SIEGES", "REBELLIONS", ...).
    extras: set[str] = field(default_factory=set)
    error: str | None = None

    @property
    def machiavelli(self) -> bool:
        return self.variant != "Standard"

    def place(self, location: str) -> str:
        """A location as the file spelled it: ``"stp/sc"``, ``"Genoa"``, ``"gen#"``."""
        city = location.endswith("#")
        location = location.rstrip("#")
        province, _, coast = location.partition("/")
        text = self.spelling.get(province, province)
        return text + (f"/{coast}" if coast else "") + ("#" if city else "")


@dataclass
class RawCase:
    """A case as read, before its entries are checked against the board."""

    name: str
    line: int
    values: dict[str, tuple[str, int]] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    error: CaseError | None = None


def unit_key(u: Unit) -> tuple[str, str, str, str]:
    """What identifies a unit in a position: owner, kind, location, special kind."""
    return ((u.owner or AUTONOMOUS).lower(), u.kind, u.location, u.special or "")

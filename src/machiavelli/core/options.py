"""Game options: the one place for their names, aliases, defaults, couplings and what holds.

001 "VARIANT SPECIFIC JUDGE COMMANDS FOR GAME OPTIONS" (RULES.md FLAG-*): the game
master switches rules with ``set [no]FLAG`` (read and applied by
:mod:`machiavelli.core.option_commands`, with the flags listing).  A game keeps its options in
``State.options`` (name -> bool, the names of :data:`OPTION_NAMES`); a name left
out takes the default of the game's variant, so the stored dictionary may be
partial.  :func:`options_in_force` (or :func:`flag` for one option) says what
actually holds, and the query helpers (:func:`money_in_play`,
:func:`loans_in_play`, ...) say it for a State.

The variants and their defaults (FLAG-DEF-MACH1, FLAG-DEF-MACH2, FLAG-DEF-BASIC;
ambiguities 2 and 3 in docs/rulings.md, section "Options"):

=============== ===== ===== ===== =========
option          Mach1 Mach2 Basic Diplomacy
=============== ===== ===== ===== =========
mach2           off   on    off   off
summer          on    on    on    off
money           on    on    off   off
dice            on    on    off   off
loans           on    on    off   off
famine          on    on    off   off
plague          off   off   off   off
storm           off   off   off   off
assassinations  on    on    off   off
garrisons       on    on    on    off
special         on    on    off   off
fortresses      off   off   off   off
adjacency       on    on    off   off
coastal_convoys on    off   on    off
disband         off   off   on    off
=============== ===== ===== ===== =========

``bar`` (aliases ``balance``, ``balance_at_risk``) is seed 003's family, "Balance at
Risk", stored like ``mach2``: its defaults are :data:`BAR_DEFAULTS` (money, dice, summer,
garrisons, adjacency, coastal convoys and the 003 flags built so far on; the rest off),
and setting it states them (:mod:`~machiavelli.core.option_commands`).  Its six flags
(:data:`BAR_FLAGS`) are off in every other family and may be set on their own on any
board; those whose rules are not built yet (:data:`NOT_IMPLEMENTED`) are refused with
the reason.  docs/balance-at-risk.md says what each does.

``diplomacy`` is ours, not 001's: the standard Diplomacy rules on the standard map
(DATC); a game stores ``{"diplomacy": True}`` and every other option follows.  It
is chosen with the variant and cannot be ``set``.

Couplings:

- when set (:mod:`~machiavelli.core.option_commands`): ``nodice`` turns famine,
  plague, loans, assassinations and storms off; turning any of them on turns dice
  on (FLAG-DICE-1, FLAG-DICE-2; storms as nJudge does);
- when read (:func:`flag`): without money there are no loans, assassinations or
  special units (FLAG-MONEY-2: nor bribes or income, :func:`bribes_in_play`,
  :func:`income_in_play`); famine, plague and storms never strike without dice
  (nothing to roll); a dice-driven option the game does not state follows
  ``dice``.  A stated value is otherwise read as written, so an option dictionary
  written by hand (a case file) may say ``nodice`` with ``loans``.
- under ``nodice`` variable income is still paid, every die counting 4 in odd
  years and 3 in even years (FLAG-DICE-3, ambiguity 15; :mod:`machiavelli.money.income`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from machiavelli.core.state import State

# ----------------------------------------------------------------------
# Names
# ----------------------------------------------------------------------
#: 001's flags, in the order of its defaults table (mach2, summer and garrisons,
#: which the table leaves out, where 001 describes them).
FLAGS: tuple[str, ...] = (
    "mach2",
    "summer",
    "money",
    "dice",
    "loans",
    "famine",
    "plague",
    "storm",
    "assassinations",
    "garrisons",
    "special",
    "fortresses",
    "adjacency",
    "coastal_convoys",
    "disband",
)
DIPLOMACY = "diplomacy"
#: Seed 003 ("Balance at Risk", docs/balance-at-risk.md): the family flag, stored like
#: ``mach2``, then the six flags that also work on their own on any board.
BAR = "bar"
BAR_FLAGS: tuple[str, ...] = (
    "area_support",
    "auto_retreat",
    "forced_tax",
    "peace",
    "excommunication",
    "high_seas",
)
#: seed 003's options: the family flag and its six
BAR_NAMES: tuple[str, ...] = (BAR, *BAR_FLAGS)
#: Every option a game may store.
OPTION_NAMES: tuple[str, ...] = (*FLAGS, *BAR_NAMES, DIPLOMACY)
_STATED_NAMES = frozenset(OPTION_NAMES)

#: Further spellings -> the option's name (001 and nJudge's ``set`` words).  Spaces,
#: "_" and "-" do not count when a word is looked up (:func:`option_name`).
ALIASES: Mapping[str, str] = MappingProxyType(
    {
        "machiavelli2": "mach2",
        "mach-2": "mach2",
        "summers": "summer",
        "bank": "loans",
        "bankers": "loans",
        "banker": "loans",
        "loan": "loans",
        "storms": "storm",
        "assassination": "assassinations",
        "assassins": "assassinations",
        "assassin": "assassinations",
        "garrison": "garrisons",
        "specials": "special",
        "forts": "fortresses",
        "fort": "fortresses",
        "fortress": "fortresses",
        "adj": "adjacency",
        "adjacent": "adjacency",
        "coastalconvoy": "coastal_convoys",
        "coastalconvoys": "coastal_convoys",
        "coastal_convoy": "coastal_convoys",
        "coastal convoy": "coastal_convoys",
        "coastal convoys": "coastal_convoys",
        "balance": "bar",
        "balance_at_risk": "bar",
        "balance at risk": "bar",
        "bar003": "bar",
        "autoretreat": "auto_retreat",
        "autoretreats": "auto_retreat",
        "auto_retreats": "auto_retreat",
        "forcedtax": "forced_tax",
        "forced_taxation": "forced_tax",
        "areasupport": "area_support",
        "highseas": "high_seas",
        "altomare": "high_seas",
        "excommunications": "excommunication",
    }
)

#: ``nodice`` turns these off, turning one on turns dice on (FLAG-DICE-1, -2).
DICE_FLAGS: tuple[str, ...] = ("famine", "plague", "loans", "assassinations", "storm")
#: Disasters: nothing strikes without dice to roll.
ROLLED_FLAGS: tuple[str, ...] = ("famine", "plague", "storm")
#: Nothing of these without money (FLAG-MONEY-2).
MONEY_FLAGS: tuple[str, ...] = ("loans", "assassinations", "special")


#: Seed 003's rules not built yet, by option: what a game master who asks for one is told
#: (the option is refused, never accepted and left without effect).
NOT_IMPLEMENTED: Mapping[str, str] = MappingProxyType({})  # (none left: all six are built)

#: What of seed 003 a game with ``bar`` does not get yet (001's rule holds instead, or the
#: rule is absent); ``flags_listing`` and the game's information say so.
BAR_NOT_YET: tuple[str, ...] = (
    *NOT_IMPLEMENTED.values(),
    "independent control, independents' native areas and rebellions against them "
    "(BAR-1.3, 4.1, 16.2, 16.3)",
    "rebellion taking control away, and liberation (BAR-4.3, 10.6)",
    "a conquered home country replacing a lost one (BAR-4.6)",
    "forced holds (BAR-7.4)",
    "a bribe on a unit no longer there or made independent in the same campaign "
    "(BAR-11.8, 11.9)",
    "strait control by a holding fleet (BAR-14.5)",
    "transfers told at the campaign's end and never withdrawn (BAR-2.4, 18.1)",
    "003's random events (BAR-17: they need 003's tables; off), plague markers all Summer "
    "and famine ending a rebellion (BAR-2.5, 17.2, 17.4)",
    "trade income (BAR-5.2: 001's variable income holds until 003's map)",
)


def not_implemented(name: str) -> str | None:
    """Why option ``name`` cannot be turned on yet, or None when it can."""
    what = NOT_IMPLEMENTED.get(name)
    return None if what is None else f"not implemented yet: {what}"


def squash_option(word: str) -> str:
    """A word as option names are looked up: lower case, without spaces, ``_`` or ``-``."""
    return re.sub(r"[\s_\-]+", "", word.lower())


_LOOKUP: dict[str, str] = {squash_option(n): n for n in OPTION_NAMES}
_LOOKUP.update({squash_option(a): n for a, n in ALIASES.items()})


def option_name(word: str) -> str | None:
    """The option a word names (``"Forts"``, ``"coastal convoys"``, ``"bank"``), or None."""
    return _LOOKUP.get(squash_option(word))


class OptionError(ValueError):
    """A ``set`` command (or an option list) that cannot be applied; the message says why."""


def unknown_option_message(word: str) -> str:
    known = ", ".join(n.replace("_", " ") for n in (*FLAGS, *BAR_NAMES))
    return f"unknown option {word!r} (the options are: {known}; 'no' before one turns it off)"


# ----------------------------------------------------------------------
# Defaults
# ----------------------------------------------------------------------
def _table(on: Iterable[str]) -> Mapping[str, bool]:
    wanted = set(on)
    return MappingProxyType({name: name in wanted for name in FLAGS})


#: FLAG-DEF-MACH1 (with ambiguities 2 and 3: nodisband, summer and garrisons).
MACH1_DEFAULTS = _table(
    ("summer", "money", "dice", "loans", "famine", "assassinations", "garrisons", "special",
     "adjacency", "coastal_convoys")
)
#: FLAG-DEF-MACH2: as Mach1 but the 1995 rules and no coastal convoys.
MACH2_DEFAULTS = _table(
    ("mach2", "summer", "money", "dice", "loans", "famine", "assassinations", "garrisons",
     "special", "adjacency")
)
#: FLAG-DEF-BASIC: nomoney and nodice (FLAG-BASIC), coastal convoys and disband.
BASIC_DEFAULTS = _table(("summer", "garrisons", "coastal_convoys", "disband"))
#: Standard Diplomacy: every Machiavelli option off.
DIPLOMACY_DEFAULTS: Mapping[str, bool] = MappingProxyType(
    {**_table(()), **dict.fromkeys(BAR_NAMES, False), DIPLOMACY: True})
#: What a Diplomacy game stores: the rest follows from it.
DIPLOMACY_OPTIONS: Mapping[str, bool] = MappingProxyType({DIPLOMACY: True})

#: Seed 003's family (BAR-1.1, docs/balance-at-risk.md): money, dice, summer, garrisons
#: and coastal convoys; no loans, special units, fortresses, disbanding at will or Mach2;
#: and the 003 flags built so far.  Until 003's own bribe rule (BAR-11.1) is built, 001's
#: adjacency rule stands in for it; 003's famine, plague and storm need 003's tables and
#: are off (the game master may still set 001's).  (001's chit assassinations are off:
#: 003's BAR-9 replaces them.)
BAR_DEFAULTS: Mapping[str, bool] = MappingProxyType(
    {
        **_table(("summer", "money", "dice", "garrisons", "adjacency", "coastal_convoys")),
        BAR: True,
        **{name: name not in NOT_IMPLEMENTED for name in BAR_FLAGS},
    }
)

VARIANT_DEFAULTS: Mapping[str, Mapping[str, bool]] = MappingProxyType(
    {
        "mach1": MACH1_DEFAULTS,
        "mach2": MACH2_DEFAULTS,
        "basic": BASIC_DEFAULTS,
        "diplomacy": DIPLOMACY_DEFAULTS,
    }
)
#: The options a Diplomacy game may set (FLAG-MISSING; 001 Appendix 3's
#: "3-season mach with garrisons" and what needs neither money nor dice tables).
DIPLOMACY_SETTABLE = frozenset({"summer", "garrisons", "coastal_convoys", "disband"})


def defaults(variant: str) -> dict[str, bool]:
    """A fresh copy of the options a new game of ``variant`` stores.

    ``variant``: ``mach1``, ``mach2``, ``basic`` or ``diplomacy`` (which stores only
    ``{"diplomacy": True}``).
    """
    if variant == "diplomacy":
        return dict(DIPLOMACY_OPTIONS)
    try:
        return dict(VARIANT_DEFAULTS[variant])
    except KeyError:
        known = ", ".join(VARIANT_DEFAULTS)
        raise ValueError(f"unknown variant {variant!r} (known: {known})") from None


def variant_of(options: Mapping[str, bool]) -> str:
    """The rules family whose defaults fill what ``options`` leaves out."""
    if options.get(DIPLOMACY):
        return "diplomacy"
    if options.get(BAR):
        return BAR
    return "mach2" if options.get("mach2") else "mach1"


def _base(options: Mapping[str, bool]) -> Mapping[str, bool]:
    if options.get(DIPLOMACY):
        return DIPLOMACY_DEFAULTS
    if options.get(BAR):
        return BAR_DEFAULTS
    return MACH2_DEFAULTS if options.get("mach2") else MACH1_DEFAULTS


# ----------------------------------------------------------------------
# What holds
# ----------------------------------------------------------------------
def _stated(options: Mapping[str, bool], name: str) -> bool:
    """The option as the game states it, or its variant's default."""
    value = options.get(name)
    if value is not None:
        return bool(value)
    default = _base(options).get(name, False)
    if default and name in DICE_FLAGS:
        return _stated(options, "dice")  # unstated: follows dice (FLAG-DICE-1)
    return default


def flag(options: Mapping[str, bool], name: str) -> bool:
    """Whether option ``name`` is in force, couplings applied (module docstring)."""
    if name not in _STATED_NAMES:
        raise ValueError(f"unknown option {name!r}")
    if name in MONEY_FLAGS and not _stated(options, "money"):
        return False  # FLAG-MONEY-2
    value = _stated(options, name)
    if value and name in ROLLED_FLAGS:
        return _stated(options, "dice")
    return value


def options_in_force(options: Mapping[str, bool]) -> dict[str, bool]:
    """Every option (:data:`OPTION_NAMES`) with the value in force."""
    return {name: flag(options, name) for name in OPTION_NAMES}


# -- the snapshot taken once per phase --------------------------------------------
@dataclass(frozen=True, slots=True)
class Rules:
    """Every option (:data:`machiavelli.core.options.OPTION_NAMES`) as it holds."""

    diplomacy: bool
    mach2: bool
    summer: bool
    money: bool
    dice: bool
    loans: bool
    famine: bool
    plague: bool
    storm: bool
    assassinations: bool
    garrisons: bool
    special: bool
    fortresses: bool
    adjacency: bool
    coastal_convoys: bool
    disband: bool
    bar: bool
    area_support: bool
    auto_retreat: bool
    forced_tax: bool
    peace: bool
    excommunication: bool
    high_seas: bool


def _snapshot(options: Mapping[str, bool]) -> Rules:
    return Rules(
        diplomacy=flag(options, DIPLOMACY),
        mach2=flag(options, "mach2"),
        summer=flag(options, "summer"),
        money=flag(options, "money"),
        dice=flag(options, "dice"),
        loans=flag(options, "loans"),
        famine=flag(options, "famine"),
        plague=flag(options, "plague"),
        storm=flag(options, "storm"),
        assassinations=flag(options, "assassinations"),
        garrisons=flag(options, "garrisons"),
        special=flag(options, "special"),
        fortresses=flag(options, "fortresses"),
        adjacency=flag(options, "adjacency"),
        coastal_convoys=flag(options, "coastal_convoys"),
        disband=flag(options, "disband"),
        bar=flag(options, BAR),
        area_support=flag(options, "area_support"),
        auto_retreat=flag(options, "auto_retreat"),
        forced_tax=flag(options, "forced_tax"),
        peace=flag(options, "peace"),
        excommunication=flag(options, "excommunication"),
        high_seas=flag(options, "high_seas"),
    )


_SNAPSHOTS: dict[frozenset[tuple[str, bool]], Rules] = {}
_LAST: list[tuple[dict[str, bool], Rules]] = []  # the options last asked for, as they were


def rules_of(options: Mapping[str, bool]) -> Rules:
    """The rules a game's options put in force (cached per distinct dictionary)."""
    if _LAST and _LAST[0][0] == options:
        return _LAST[0][1]
    key = frozenset(options.items())
    found = _SNAPSHOTS.get(key)
    if found is None:
        if len(_SNAPSHOTS) > 256:  # games with odd options: keep the cache small
            _SNAPSHOTS.clear()
        found = _SNAPSHOTS[key] = _snapshot(options)
    _LAST[:] = [(dict(options), found)]
    return found


def normalize_options(raw: Mapping[str, bool]) -> dict[str, bool]:
    """Options with every alias replaced by the option's name; unknown names raise."""
    out: dict[str, bool] = {}
    for key, value in raw.items():
        name = option_name(key)
        if name is None:
            raise OptionError(unknown_option_message(key))
        if value and not_implemented(name):
            raise OptionError(f"{name}: {not_implemented(name)}")
        out[name] = bool(value)
    return out


# -- per State -------------------------------------------------------------------
def diplomacy_rules(state: State) -> bool:
    """Standard Diplomacy rules (our internal ``diplomacy`` option)."""
    return rules_of(state.options).diplomacy


def mach2_rules(state: State) -> bool:
    """The 1995 second-edition rules (FLAG-MACH2; docs/mach2.md)."""
    return rules_of(state.options).mach2


def summer_in_play(state: State) -> bool:
    """Three campaigns a year (FLAG-SUMMER; ambiguity 3: on unless ``nosummer``)."""
    return rules_of(state.options).summer


def money_in_play(state: State) -> bool:
    """Ducats, income, expenses and bribes (FLAG-MONEY-1, -2)."""
    return rules_of(state.options).money


income_in_play = money_in_play
bribes_in_play = money_in_play


def dice_in_play(state: State) -> bool:
    """Random events; without dice variable-income dice count 4 or 3 (FLAG-DICE-1..3)."""
    return rules_of(state.options).dice


def loans_in_play(state: State) -> bool:
    """May powers borrow from the bank (FLAG-LOANS-1; payments are not affected, -3)?"""
    return rules_of(state.options).loans


def assassinations_in_play(state: State) -> bool:
    """The assassination expenditure and its chits (FLAG-ASSN-1; the bankers still
    assassinate debtors whatever it says, FLAG-ASSN-2)."""
    return rules_of(state.options).assassinations


chits_in_play = assassinations_in_play


def famine_in_play(state: State) -> bool:
    return rules_of(state.options).famine


def plague_in_play(state: State) -> bool:
    return rules_of(state.options).plague


def storms_in_play(state: State) -> bool:
    return rules_of(state.options).storm


def garrisons_in_play(state: State) -> bool:
    """Garrisons may be used, built and converted to (FLAG-GARRISONS-1)."""
    return rules_of(state.options).garrisons


def specials_in_play(state: State) -> bool:
    """Special units (FLAG-SPECIAL; none without money, FLAG-MONEY-2)."""
    return rules_of(state.options).special


def fortresses_in_use(state: State) -> bool:
    """The extra fortified cities (FLAG-FORTS, FORT-0)."""
    return rules_of(state.options).fortresses


def adjacency_required(state: State) -> bool:
    """Bribes need a unit adjacent to their target (FLAG-ADJ-1, ADJTAB-*)."""
    return rules_of(state.options).adjacency


def coastal_convoys(state: State) -> bool:
    """May fleets in coastal provinces convoy (CVY-1, FLAG-COASTAL)?"""
    return rules_of(state.options).coastal_convoys


def bar_rules(state: State) -> bool:
    """Seed 003's rules family, Balance at Risk (docs/balance-at-risk.md)."""
    return rules_of(state.options).bar


def auto_retreats(state: State) -> bool:
    """The judge makes every retreat itself: no retreat phase (BAR-2.9, BAR-13.5)."""
    return rules_of(state.options).auto_retreat


def disband_anytime(state: State) -> bool:
    """May units be disbanded in a movement phase (FLAG-DISBAND, ORD-TN-1)?"""
    return rules_of(state.options).disband


def basic_rules(state: State) -> bool:
    """Machiavelli Basic: no money and no dice (FLAG-BASIC)."""
    return not money_in_play(state) and not dice_in_play(state) and not diplomacy_rules(state)


def drop_setup_garrisons(state: State) -> State:
    """The setup without its garrisons when garrisons are off (FLAG-GARRISONS-2)."""
    if garrisons_in_play(state) or not any(u.kind == "G" for u in state.units):
        return state
    return state.but(units=[u for u in state.units if u.kind != "G"])


__all__ = [
    "ALIASES",
    "BAR",
    "BAR_DEFAULTS",
    "BAR_FLAGS",
    "BAR_NAMES",
    "BAR_NOT_YET",
    "NOT_IMPLEMENTED",
    "auto_retreats",
    "bar_rules",
    "not_implemented",
    "BASIC_DEFAULTS",
    "DICE_FLAGS",
    "DIPLOMACY",
    "DIPLOMACY_DEFAULTS",
    "DIPLOMACY_OPTIONS",
    "DIPLOMACY_SETTABLE",
    "FLAGS",
    "MACH1_DEFAULTS",
    "MACH2_DEFAULTS",
    "MONEY_FLAGS",
    "OPTION_NAMES",
    "ROLLED_FLAGS",
    "OptionError",
    "VARIANT_DEFAULTS",
    "Rules",
    "adjacency_required",
    "assassinations_in_play",
    "basic_rules",
    "bribes_in_play",
    "chits_in_play",
    "coastal_convoys",
    "defaults",
    "dice_in_play",
    "diplomacy_rules",
    "disband_anytime",
    "drop_setup_garrisons",
    "famine_in_play",
    "flag",
    "fortresses_in_use",
    "garrisons_in_play",
    "income_in_play",
    "loans_in_play",
    "mach2_rules",
    "money_in_play",
    "normalize_options",
    "option_name",
    "options_in_force",
    "plague_in_play",
    "rules_of",
    "specials_in_play",
    "squash_option",
    "storms_in_play",
    "summer_in_play",
    "unknown_option_message",
]

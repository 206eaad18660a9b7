"""The game master's ``set`` command and the flags listing (001, "VARIANT SPECIFIC JUDGE
COMMANDS FOR GAME OPTIONS"; RULES.md FLAG-*).

:func:`parse_set_command` reads the options a ``set`` command names,
:func:`apply_set_command` applies them with their couplings (FLAG-DICE-1, -2) or says
why it refuses, :func:`describe_changes` says what changed and :func:`flags_listing`
writes a game's "flags" line (FLAG-LIST).  The names, defaults and what holds are
:mod:`machiavelli.core.options`'.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from machiavelli.core.options import (
    BAR,
    BAR_DEFAULTS,
    BAR_FLAGS,
    BAR_NOT_YET,
    DICE_FLAGS,
    DIPLOMACY,
    DIPLOMACY_SETTABLE,
    FLAGS,
    MACH1_DEFAULTS,
    OPTION_NAMES,
    OptionError,
    flag,
    not_implemented,
    option_name,
    options_in_force,
    squash_option,
    unknown_option_message,
)

#: the options a game master may ``set``: 001's, seed 003's family and its six flags
SETTABLE: tuple[str, ...] = (*FLAGS, BAR, *BAR_FLAGS)


def set_option(options: Mapping[str, bool], name: str, value: bool) -> dict[str, bool]:
    """``options`` after ``set [no]name``, with the couplings of FLAG-DICE-1 and -2.

    ``bar`` (seed 003's family) states its family's defaults (:data:`BAR_DEFAULTS`) when
    turned on and Mach1's when turned off, as a family flag does: the options set after it
    in one command change them one by one."""
    if name not in SETTABLE:
        raise OptionError(unknown_option_message(name))
    if name == BAR:
        if value:
            return {**options, **BAR_DEFAULTS}
        return {**options, **MACH1_DEFAULTS, **{n: False for n in (BAR, *BAR_FLAGS)}}
    new = dict(options)
    new[name] = value
    if name == "dice" and not value:
        for other in DICE_FLAGS:
            new[other] = False
    elif name in DICE_FLAGS and value:
        new["dice"] = True
    return new


_SEPARATORS = re.compile(r"[,;\n]")
_MAX_WORDS = 4  # "no coastal convoys" and the like


def _match(words: list[str]) -> tuple[str, bool] | None:
    text = squash_option("".join(words))
    name = option_name(text)
    if name is not None:
        return name, True
    if text.startswith("no"):
        name = option_name(text[2:])
        if name is not None:
            return name, False
    return None


def parse_set_command(text: str) -> list[tuple[str, bool]]:
    """The options a ``set`` command names, in order: ``[("famine", False), ...]``.

    Accepts ``set nofamine``, ``set no famine``, ``set forts``, ``set nobankers``,
    ``set no coastal convoys``, several options separated by spaces, commas,
    semicolons or further ``set`` words.  Raises :class:`OptionError`.
    """
    found: list[tuple[str, bool]] = []
    for part in _SEPARATORS.split(text):
        words = [w for w in part.lower().split() if w != "set"]
        i = 0
        while i < len(words):
            for j in range(min(len(words), i + _MAX_WORDS), i, -1):
                hit = _match(words[i:j])
                if hit is not None:
                    found.append(hit)
                    i = j
                    break
            else:
                raise OptionError(unknown_option_message(words[i]))
    if not found:
        raise OptionError("no option given: write e.g. 'set nofamine' or 'set forts'")
    return found


def apply_set_command(
    options: Mapping[str, bool], text: str, *, started: bool = False
) -> dict[str, bool] | str:
    """The options after a game master's ``set`` command, or the reason it is refused.

    Options apply in the order written, each with its couplings (``set nodice,
    famine`` leaves dice on for the famine).  Refused: an unknown option, the
    variant choice ``diplomacy``, an option a Diplomacy game does not have
    (FLAG-MISSING), and ``mach2`` once the game has ``started`` (nJudge's rule:
    the edition is fixed for the whole game).
    """
    try:
        wanted = parse_set_command(text)
    except OptionError as err:
        return str(err)
    new = dict(options)
    diplomacy = bool(options.get(DIPLOMACY))
    for name, value in wanted:
        shown = name.replace("_", " ")
        if name == DIPLOMACY:
            return "'diplomacy' is chosen with the variant (the standard map): it cannot be set"
        if diplomacy and name not in DIPLOMACY_SETTABLE:
            return f"'{shown}' is not an option of a Diplomacy game (FLAG-MISSING)"
        if name == "mach2" and started and flag(new, "mach2") != value:
            return "the edition (mach2) can only be changed before the game starts"
        if name == BAR and started and flag(new, BAR) != value:
            return "the rules family (bar) can only be changed before the game starts"
        if value and not_implemented(name):
            return f"'{shown}': {not_implemented(name)}"
        if value and ((name == "mach2" and flag(new, BAR)) or (name == BAR and flag(new, "mach2"))):
            return "'mach2' and 'bar' are two rules families: a game has one of them"
        new = set_option(new, name, value)
    return new


def describe_changes(before: Mapping[str, bool], after: Mapping[str, bool]) -> list[str]:
    """One sentence per option whose value in force changed: ``"famine is now off"``."""
    old, new = options_in_force(before), options_in_force(after)
    said = [
        f"{name.replace('_', ' ')} is now {'on' if new[name] else 'off'}"
        for name in OPTION_NAMES
        if old[name] != new[name]
    ]
    if new[BAR] and not old[BAR]:
        said.append(bar_note())
    return said


def bar_note() -> str:
    """What a game with ``bar`` does not get of seed 003 yet (docs/balance-at-risk.md)."""
    return "Balance at Risk (seed 003): not implemented yet: " + "; ".join(BAR_NOT_YET)


def basic_rules_of(held: Mapping[str, bool]) -> bool:
    """FLAG-BASIC for a dictionary of options in force."""
    return not held["money"] and not held["dice"] and not held[DIPLOMACY]


_LISTING_NAMES = {"fortresses": "forts", "coastal_convoys": "coastalconvoy"}
_LISTING_ORDER: tuple[str, ...] = (
    "famine",
    "plague",
    "loans",
    "assassinations",
    "dice",
    "special",
    "fortresses",
    "adjacency",
    "storm",
    "money",
    "coastal_convoys",
    "disband",
    "summer",
    "garrisons",
)


def flags_listing(options: Mapping[str, bool]) -> str:
    """The "flags" line of a game's full listing (FLAG-LIST), 001's spelling.

    ``"Mach1: famine, noplague, loans, ... , nodisband, summer, garrisons"``
    """
    held = options_in_force(options)
    if held[DIPLOMACY]:
        title = "Diplomacy"
        names: Iterable[str] = sorted(DIPLOMACY_SETTABLE, key=FLAGS.index)
    else:
        title = "Mach2" if held["mach2"] else "Mach1"
        if held[BAR]:
            title = "Balance at Risk"
        if basic_rules_of(held):
            title += " (Basic)"
        names = _LISTING_ORDER
        if held[BAR] or any(held[n] for n in BAR_FLAGS):
            names = (*_LISTING_ORDER, *BAR_FLAGS)
    words = [("" if held[n] else "no") + _LISTING_NAMES.get(n, n) for n in names]
    return f"{title}: " + ", ".join(words)


__all__ = [
    "OptionError",
    "apply_set_command",
    "SETTABLE",
    "bar_note",
    "basic_rules_of",
    "describe_changes",
    "flags_listing",
    "parse_set_command",
    "set_option",
]

"""The words of ``SET``: which setting, who may use it, and its value.

One ``SET`` line may hold several settings (``SET GREY, PARTIAL FAKES BROADCAST``,
``SET NOFAMINE NOPLAGUE``), as in nJudge (``ml_set.c``): a setting that takes no value
is followed by the next one; one that takes a value (a date, a list, a password, a
comment) takes the rest of the line.  :func:`read_set` reads them into
:class:`Setting` values, in :class:`SetGroup` groups:

* ``PLAYER``: the players' own (``WAIT``, ``DRAW``, ``CONCEDE``, ``ABSENCE``,
  ``PASSWORD``, ``ADDRESS``, ``PREFERENCE``, ``[NO] BROADCAST``, ``ALL PRESS``);
* ``DEADLINE``: ``DEADLINE``, ``GRACE``, ``START``, ``MOVE|RETREAT|ADJUST ...``,
  ``NMR``, ``STRICT GRACE``, ``STRICT WAIT``, ``MANUAL PROCESS``, ``MAX ABSENCE``
  (for :mod:`machiavelli.service.house.deadlines` and :mod:`machiavelli.service.house.absence`);
* ``PRESS``: the press settings of :func:`machiavelli.service.house.press.set_press`;
* ``DRAWS``: ``DIAS`` and ``CONCESSIONS`` (:mod:`machiavelli.service.house.draws`);
* ``FLAGS``: 001's Machiavelli flags, read by
  :meth:`machiavelli.service.judge.Judge.option_words`;
* ``GAME``: the game's own (``PLAYERS``, ``VARIANT``, ``LIST``, ``MODERATED``,
  ``COMMENT``, ``CENTERS``, ``QUIET`` ...);
* ``UNSUPPORTED``: nJudge settings for rules or records this judge does not have
  (ratings, Boardman numbers, transformations, railways ...): refused, saying so.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from machiavelli.commands.words import Who, lookfor
from machiavelli.service.refusal import Refused


class SetGroup(StrEnum):
    PLAYER = "player"
    DEADLINE = "deadline"
    PRESS = "press"
    DRAWS = "draws"
    FLAGS = "flags"
    GAME = "game"
    UNSUPPORTED = "unsupported"


class Takes(StrEnum):
    NOTHING = "nothing"
    REST = "rest"          # the rest of the line (may be empty)
    VALUE = "value"        # the rest of the line, which must not be empty


@dataclass(frozen=True)
class Setting:
    """One setting of a ``SET`` line.

    ``name``: the setting (``"wait"``, ``"deadline"``, ``"schedule"``, ``"press"``,
    ``"flags"`` ...); ``on``: False for its ``NO`` form; ``value``: the words after it
    (for ``PRESS`` the canonical press words, for ``schedule`` the kind then the
    settings); ``flags``: for ``FLAGS``, the options and values
    (:meth:`machiavelli.service.judge.Judge.option_words`).
    """

    group: SetGroup
    name: str
    who: Who
    on: bool = True
    value: str = ""
    flags: tuple[tuple[str, bool], ...] = ()
    text: str = ""


_P, _D, _R, _G, _U = (SetGroup.PLAYER, SetGroup.DEADLINE, SetGroup.PRESS, SetGroup.GAME,
                      SetGroup.UNSUPPORTED)
_N, _REST, _VAL = Takes.NOTHING, Takes.REST, Takes.VALUE

# phrase -> (group, name, on, takes, who); longer phrases before the shorter ones they
# begin with.  For the press group the name is the words given to set_press.
_TABLE: dict[str, tuple[SetGroup, str, bool, Takes, Who]] = {
    # the players' own
    "password#": (_P, "password", True, _VAL, Who.PLAYER),
    "pw#": (_P, "password", True, _VAL, Who.PLAYER),
    "address": (_P, "address", True, _REST, Who.PLAYER),
    "no wait": (_P, "wait", False, _N, Who.PLAYER),
    "wait": (_P, "wait", True, _N, Who.PLAYER),
    "preferences": (_P, "preference", True, _REST, Who.PLAYER),
    "preference": (_P, "preference", True, _REST, Who.PLAYER),
    "pref": (_P, "preference", True, _REST, Who.PLAYER),
    "no draw": (_P, "draw", False, _N, Who.PLAYER),
    "draw": (_P, "draw", True, _REST, Who.PLAYER),
    "no concede": (_P, "concede", False, _N, Who.PLAYER),
    "no conc": (_P, "concede", False, _N, Who.PLAYER),
    "concede": (_P, "concede", True, _VAL, Who.PLAYER),
    "conc": (_P, "concede", True, _VAL, Who.PLAYER),
    "no absence": (_P, "absence", False, _VAL, Who.PLAYER),
    "no holidays": (_P, "absence", False, _VAL, Who.PLAYER),
    "no holiday": (_P, "absence", False, _VAL, Who.PLAYER),
    "no vacations": (_P, "absence", False, _VAL, Who.PLAYER),
    "no vacation": (_P, "absence", False, _VAL, Who.PLAYER),
    "absence": (_P, "absence", True, _VAL, Who.PLAYER),
    "holidays": (_P, "absence", True, _VAL, Who.PLAYER),
    "holiday": (_P, "absence", True, _VAL, Who.PLAYER),
    "vacations": (_P, "absence", True, _VAL, Who.PLAYER),
    "vacation": (_P, "absence", True, _VAL, Who.PLAYER),
    "no normal broadcast": (_P, "broadcast", False, _N, Who.PLAYER),
    "no broadcast press": (_P, "broadcast", False, _N, Who.PLAYER),
    "no broadcast": (_P, "broadcast", False, _N, Who.PLAYER),
    "normal broadcast": (_P, "broadcast", True, _N, Who.PLAYER),
    "broadcast press": (_P, "broadcast", True, _N, Who.PLAYER),
    "broadcast": (_P, "broadcast", True, _N, Who.PLAYER),
    "all press": (_P, "all press", True, _N, Who.PLAYER),
    "normal press": (_P, "all press", False, _N, Who.PLAYER),
    # deadlines
    "deadline": (_D, "deadline", True, _VAL, Who.MODERATOR),
    "grace press": (_R, "grace press", True, _N, Who.MODERATOR),
    "no grace press": (_R, "no grace press", True, _N, Who.MODERATOR),
    "grace": (_D, "grace", True, _VAL, Who.MODERATOR),
    "start": (_D, "start", True, _VAL, Who.MODERATOR),
    "no nmr": (_D, "nmr", False, _N, Who.MODERATOR),
    "no cd": (_D, "nmr", False, _N, Who.MODERATOR),
    "nmr": (_D, "nmr", True, _N, Who.MODERATOR),
    "cd": (_D, "nmr", True, _N, Who.MODERATOR),
    "no strict grace": (_D, "strict grace", False, _N, Who.MODERATOR),
    "strict grace": (_D, "strict grace", True, _N, Who.MODERATOR),
    "no strict wait": (_D, "strict wait", False, _N, Who.MODERATOR),
    "strict wait": (_D, "strict wait", True, _N, Who.MODERATOR),
    "no manual process": (_D, "manual process", False, _N, Who.MODERATOR),
    "no man proc": (_D, "manual process", False, _N, Who.MODERATOR),
    "manual process": (_D, "manual process", True, _N, Who.MODERATOR),
    "man proc": (_D, "manual process", True, _N, Who.MODERATOR),
    "no auto process": (_D, "manual process", True, _N, Who.MODERATOR),
    "no auto proc": (_D, "manual process", True, _N, Who.MODERATOR),
    "auto process": (_D, "manual process", False, _N, Who.MODERATOR),
    "auto proc": (_D, "manual process", False, _N, Who.MODERATOR),
    "max absence": (_D, "max absence", True, _VAL, Who.MODERATOR),
    "time bank": (_D, "time bank", True, _VAL, Who.MODERATOR),
    "no time bank": (_D, "time bank", False, _N, Who.MODERATOR),
    "max vacations": (_D, "max absence", True, _VAL, Who.MODERATOR),
    "max holidays": (_D, "max absence", True, _VAL, Who.MODERATOR),
    # press (the name is what machiavelli.service.house.press.set_press reads)
    "white/grey": (_R, "white/grey", True, _N, Who.MODERATOR),
    "white/gray": (_R, "white/grey", True, _N, Who.MODERATOR),
    "grey/white": (_R, "grey/white", True, _N, Who.MODERATOR),
    "gray/white": (_R, "grey/white", True, _N, Who.MODERATOR),
    "white observer": (_R, "observer white", True, _N, Who.MODERATOR),
    "white": (_R, "white", True, _N, Who.MODERATOR),
    "grey": (_R, "grey", True, _N, Who.MODERATOR),
    "gray": (_R, "grey", True, _N, Who.MODERATOR),
    "no white": (_R, "no white", True, _N, Who.MODERATOR),
    "no grey": (_R, "no grey", True, _N, Who.MODERATOR),
    "no gray": (_R, "no grey", True, _N, Who.MODERATOR),
    "no press": (_R, "no press", True, _N, Who.MODERATOR),
    "press none": (_R, "no press", True, _N, Who.MODERATOR),
    "none": (_R, "no press", True, _N, Who.MODERATOR),
    "no fake broadcast": (_R, "no fake", True, _N, Who.MODERATOR),
    "no fake": (_R, "no fake", True, _N, Who.MODERATOR),
    "partial may be faked": (_R, "partial may be faked", True, _N, Who.MODERATOR),
    "partial may": (_R, "partial may be faked", True, _N, Who.MODERATOR),
    "partial fakes broadcast by default": (_R, "partial fakes broadcast by default", True,
                                           _N, Who.MODERATOR),
    "partial fakes by default": (_R, "partial fakes broadcast by default", True, _N,
                                 Who.MODERATOR),
    "partial by default": (_R, "partial fakes broadcast by default", True, _N, Who.MODERATOR),
    "partial default": (_R, "partial fakes broadcast by default", True, _N, Who.MODERATOR),
    "default": (_R, "partial fakes broadcast by default", True, _N, Who.MODERATOR),
    "partial fakes broadcast": (_R, "partial fakes broadcast", True, _N, Who.MODERATOR),
    "partial fakes": (_R, "partial fakes broadcast", True, _N, Who.MODERATOR),
    "no partial": (_R, "no partial", True, _N, Who.MODERATOR),
    "partial": (_R, "partial", True, _N, Who.MODERATOR),
    "observer any": (_R, "observer any", True, _N, Who.MODERATOR),
    "any observer": (_R, "observer any", True, _N, Who.MODERATOR),
    "observer partial": (_R, "observer partial", True, _N, Who.MODERATOR),
    "observer white": (_R, "observer white", True, _N, Who.MODERATOR),
    "observer none": (_R, "observer none", True, _N, Who.MODERATOR),
    "observer no": (_R, "observer none", True, _N, Who.MODERATOR),
    "no observer": (_R, "observer none", True, _N, Who.MODERATOR),
    "no postal press": (_R, "no postal press", True, _N, Who.MODERATOR),
    "postal press": (_R, "postal press", True, _N, Who.MODERATOR),
    "no minor press": (_R, "no minor press", True, _N, Who.MODERATOR),
    "minor press": (_R, "minor press", True, _N, Who.MODERATOR),
    "no late press": (_R, "no late press", True, _N, Who.MODERATOR),
    "late press": (_R, "late press", True, _N, Who.MODERATOR),
    "no must order": (_R, "no must order", True, _N, Who.MODERATOR),
    "must order": (_R, "must order", True, _N, Who.MODERATOR),
    "no blank press": (_R, "no blank press", True, _N, Who.MODERATOR),
    "blank press": (_R, "blank press", True, _N, Who.MODERATOR),
    "no touch press": (_R, "no touch press", True, _N, Who.MODERATOR),
    "touch press": (_R, "touch press", True, _N, Who.MODERATOR),
    "no watch all press": (_R, "no watch all press", True, _N, Who.MODERATOR),
    "watch all press": (_R, "watch all press", True, _N, Who.MODERATOR),
    # draws
    "no dias": (SetGroup.DRAWS, "dias", False, _N, Who.MODERATOR),
    "dias": (SetGroup.DRAWS, "dias", True, _N, Who.MODERATOR),
    "no concessions": (SetGroup.DRAWS, "concessions", False, _N, Who.MODERATOR),
    "concessions": (SetGroup.DRAWS, "concessions", True, _N, Who.MODERATOR),
    # the game's own
    "players": (_G, "players", True, _VAL, Who.MODERATOR),
    "powers": (_G, "powers", True, _VAL, Who.MODERATOR),
    "not variant": (_G, "variant", False, _VAL, Who.MODERATOR),
    "variant": (_G, "variant", True, _VAL, Who.MODERATOR),
    "no list": (_G, "list", False, _N, Who.MODERATOR),
    "unlist": (_G, "list", False, _N, Who.MODERATOR),
    "private": (_G, "list", False, _N, Who.MODERATOR),
    "list": (_G, "list", True, _N, Who.MODERATOR),
    "public": (_G, "list", True, _N, Who.MODERATOR),
    "unmoderated": (_G, "moderated", False, _N, Who.MASTER),
    "unmoderate": (_G, "moderated", False, _N, Who.MASTER),
    "moderated": (_G, "moderated", True, _N, Who.PLAYER),
    "moderate": (_G, "moderated", True, _N, Who.PLAYER),
    "comment": (_G, "comment", True, _REST, Who.MODERATOR),
    "information": (_G, "comment", True, _REST, Who.MODERATOR),
    "info": (_G, "comment", True, _REST, Who.MODERATOR),
    "centres": (_G, "centers", True, _VAL, Who.MODERATOR),
    "centers": (_G, "centers", True, _VAL, Who.MODERATOR),
    "no quiet": (_G, "quiet", False, _N, Who.MODERATOR),
    "quiet": (_G, "quiet", True, _N, Who.MODERATOR),
    "no show": (_G, "show", False, _N, Who.MODERATOR),
    "show": (_G, "show", True, _N, Who.MODERATOR),
    "no reveal": (_G, "reveal", False, _N, Who.MODERATOR),
    "reveal": (_G, "reveal", True, _N, Who.MODERATOR),
    "no secret": (_G, "secret", False, _N, Who.MODERATOR),
    "secret": (_G, "secret", True, _N, Who.MODERATOR),
    "no resume": (_G, "resume", False, _N, Who.MODERATOR),
    "resume": (_G, "resume", True, _N, Who.MODERATOR),
    "no manual start": (_G, "manual start", False, _N, Who.MODERATOR),
    "no man start": (_G, "manual start", False, _N, Who.MODERATOR),
    "manual start": (_G, "manual start", True, _N, Who.MODERATOR),
    "man start": (_G, "manual start", True, _N, Who.MODERATOR),
    "no auto start": (_G, "manual start", True, _N, Who.MODERATOR),
    "auto start": (_G, "manual start", False, _N, Who.MODERATOR),
    "no approval": (_G, "approval", False, _N, Who.MODERATOR),
    "approval": (_G, "approval", True, _N, Who.MODERATOR),
    "not approved": (_G, "approve", False, _VAL, Who.MODERATOR),
    "not approve": (_G, "approve", False, _VAL, Who.MODERATOR),
    "approved": (_G, "approve", True, _VAL, Who.MODERATOR),
    "approve": (_G, "approve", True, _VAL, Who.MODERATOR),
    "no late count": (_G, "late count", False, _N, Who.MODERATOR),
    "late count": (_G, "late count", True, _N, Who.MODERATOR),
    "prflist": (_G, "assignment", True, _N, Who.MODERATOR),
    "prfboth": (_G, "assignment", True, _N, Who.MODERATOR),
    "prfrand": (_G, "assignment", True, _N, Who.MODERATOR),
    "rated": (_G, "rated", True, _N, Who.MODERATOR),
    "unrated": (_G, "rated", False, _N, Who.MODERATOR),
}
for _phrase in ("allow player", "allow players", "player allow", "players allow"):
    _TABLE[_phrase] = (_G, "allow", True, _VAL, Who.MODERATOR)
for _phrase in ("deny player", "deny players", "player deny", "players deny"):
    _TABLE[_phrase] = (_G, "deny", True, _VAL, Who.MODERATOR)
for _phrase in ("allow masters", "allow master", "master allow", "masters allow",
                "deny masters", "deny master", "master deny", "masters deny"):
    _TABLE[_phrase] = (_U, _phrase, True, _REST, Who.ADMIN)
for _phrase in (
        "access", "level", "dedication", "ontimerat", "resrat", "ep number", "ep num", "ep",
        "bnc number", "bnc num", "bnc", "bn number", "bn num", "bn", "mnc number", "mnc num",
        "mnc", "mn number", "mn num", "mn", "xflags", "xflag"):
    _TABLE[_phrase] = (_U, _phrase, True, _REST, Who.MODERATOR)
for _phrase in (
        "no proxy", "proxy", "no strict convoy", "strict convoy", "no transform", "no trafo",
        "transform", "trafo", "any centres", "any centre", "any centers", "any center",
        "home centres", "home centre", "home centers", "home center", "one centres",
        "one centre", "one centers", "one center", "no air lifts", "no air lift", "air lifts",
        "air lift", "blank board",
        "empty board", "no auto disband", "auto disband", "any disband", "normal disband",
        "no attack transforms", "no attack transform", "attack transforms",
        "attack transform", "no duality", "duality", "no hong kong", "hong kong",
        "no gateways", "no gateway", "gateways", "gateway", "no railways", "no railway",
        "railways", "railway", "no bcentres", "no bcenters", "bcenters", "bcentres",
        "no neutrals", "neutrals", "no capture win", "capture win", "no auto create",
        "auto create", "no portage", "portage", "no allied win", "allied win",
        "no home transfer", "home transfer", "basic", "advanced"):
    _TABLE[_phrase] = (_U, _phrase, True, _REST, Who.MODERATOR)
# the schedule of a kind of phase: SET MOVE|RETREAT|ADJUST setting value ...
_KINDS = {"moves": "move", "move": "move", "movement": "move", "retreats": "retreat",
          "retreat": "retreat", "adjusts": "adjust", "adjust": "adjust",
          "adjustments": "adjust", "adjustment": "adjust", "builds": "adjust",
          "build": "adjust"}
# words nJudge skips between settings
_NOOPS = (",", "press")
_PHRASES = sorted(_TABLE, key=lambda p: -len(p))


@dataclass(frozen=True)
class SetLine:
    """The settings of one ``SET`` line, in order."""

    settings: tuple[Setting, ...]


def read_set(words: str) -> list[Setting] | Refused:
    """The settings of a ``SET`` line (the words after ``SET``), or why it cannot be read."""
    found: list[Setting] = []
    rest = words.strip()
    if not rest:
        return Refused("SET what? (see the help file 'index' for the settings)")
    while rest:
        if rest.startswith(","):
            rest = rest[1:].strip()
            continue
        kind = lookfor(rest, sorted(_KINDS, key=lambda p: -len(p)))
        if kind is not None:
            if not kind[1]:
                return Refused(f"SET {kind[0].upper()} needs a setting and a value "
                               "(CLOCK, MIN, NEXT, GRACE, DELAY or DAYS).")
            pairs, _, rest = kind[1].partition(",")
            found.append(Setting(SetGroup.DEADLINE, "schedule", Who.MODERATOR,
                                 value=f"{_KINDS[kind[0]]} {pairs.strip()}",
                                 text=f"{kind[0]} {pairs.strip()}"))
            rest = rest.strip()
            continue
        hit = lookfor(rest, _PHRASES)
        if hit is None:
            noop = lookfor(rest, _NOOPS)
            if noop is not None and noop[1] != rest:
                rest = noop[1]
                continue
            flags = _flags(rest)
            if isinstance(flags, Refused):
                return flags
            setting, rest = flags
            found.append(setting)
            continue
        phrase, after = hit
        group, name, on, takes, who = _TABLE[phrase]
        if takes is Takes.NOTHING:
            found.append(Setting(group, name, who, on, text=phrase))
            rest = after
            continue
        if takes is Takes.VALUE and not after:
            return Refused(f"SET {phrase.replace('#', ' ').strip().upper()} needs a value.")
        found.append(Setting(group, name, who, on, value=after,
                             text=f"{phrase} {after}".strip()))
        break
    return found


def _flags(text: str) -> tuple[Setting, str] | Refused:
    """001's Machiavelli flags at the start of ``text`` (as many words as read) and the rest."""
    from machiavelli.service.judge import Judge  # (the storage's imports only when asked)

    words = text.split()
    for end in range(len(words), 0, -1):
        flags = Judge.option_words(" ".join(words[:end]))
        if flags is None:
            continue
        shown = " ".join(words[:end])
        return (Setting(SetGroup.FLAGS, "flags", Who.MODERATOR, flags=tuple(flags), text=shown),
                " ".join(words[end:]))
    return Refused(f"Unknown setting '{words[0]}' in SET {text} (see the help file 'index' "
                   "for the settings, and 001 for the Machiavelli flags).")

"""The options of ``PRESS`` and ``BROADCAST`` (nJudge's help file ``press``).

::

    BROADCAST [options]          -or-            PRESS options

    WHITE | UNANONYMOUS | UNANONYMOUSLY          the sender is shown
    GREY | GRAY | ANONYMOUS | ANONYMOUSLY        the sender is not shown
    TO list | +list                              to those letters only
    TO ALL BUT list | -list                      to everybody but those
    TO ALL                                       to everybody
    [NO]FAKE [BROADCAST]                         (not) faked as a broadcast
    FAKE [PARTIAL] TO [ALL BUT] list | FAKE +list | FAKE -list
                                                 faked as going to those

A list is the powers' letters run together (``frg``), ``M`` the Master and ``O`` the
Observers.  "The real recipients first (a broadcast if not said), then FAKE and the
addressees to show": ``PRESS FAKE TO FRG`` is a broadcast shown as going to F, R and G;
``PRESS TO FRG FAKE`` and ``PRESS FAKE BROADCAST TO FRG`` go to F, R and G shown as a
broadcast.  ``PRESS`` without options sends nothing ("to prevent accidental
broadcasts"); ``BROADCAST`` without options goes to everybody.

:func:`read_press_options` reads the words into a :class:`PressRequest`;
:func:`letter_of` makes the service's :class:`~machiavelli.service.house.press.Letter` once
the game's letters are known (the service's press policy then clears it).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from machiavelli.service.house.press import Addressees, Colour, Letter
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Seat

_WHITE = frozenset({"white", "unanonymous", "unanonymously"})
_GREY = frozenset({"grey", "gray", "anonymous", "anonymously"})
#: a list of power letters (a Princes seat is its number: ``TO 23``)
_LIST = re.compile(r"[a-z0-9]+", re.IGNORECASE)


@dataclass(frozen=True)
class ListWords:
    """A list of letters as written (upper case), or everybody but them."""

    letters: str
    all_but: bool = False

    def __str__(self) -> str:
        return ("all but " if self.all_but else "") + self.letters


@dataclass(frozen=True)
class PressRequest:
    """What a ``PRESS`` or ``BROADCAST`` line asks for.

    ``to``: the real addressees (None: everybody).  ``colour``: None for the game's
    default.  ``fake_broadcast``: True for ``FAKE [BROADCAST]``, False for ``NO FAKE``,
    None when not said.  ``fake_to``: the addressees to show.
    """

    to: ListWords | None = None
    colour: Colour | None = None
    fake_broadcast: bool | None = None
    fake_to: ListWords | None = None


def read_press_options(words: str, *, broadcast: bool) -> PressRequest | Refused:
    """The options of a ``PRESS`` (``broadcast`` False) or ``BROADCAST`` line."""
    tokens = _tokens(words)
    if not tokens and not broadcast:
        return Refused("PRESS needs options (such as TO list): no message is sent. "
                       "Use BROADCAST to write to everybody.")
    to: ListWords | None = None
    colour: Colour | None = None
    fake_broadcast: bool | None = None
    fake_to: ListWords | None = None
    said_to = False
    i = 0
    while i < len(tokens):
        word = tokens[i]
        if word in _WHITE or word in _GREY:
            wanted = Colour.WHITE if word in _WHITE else Colour.GREY
            if colour is not None and colour is not wanted:
                return Refused("Both white and grey asked for.")
            colour, i = wanted, i + 1
        elif word in ("to", "+", "-"):
            if said_to:
                return Refused("Two lists of addressees given.")
            found = _list_after(tokens, i)
            if isinstance(found, Refused):
                return found
            to, i = found
            said_to = True
        elif word in ("nofake", "no"):
            if word == "no" and (i + 1 >= len(tokens) or tokens[i + 1] != "fake"):
                return Refused(f"Unknown press option 'no {' '.join(tokens[i + 1:i + 2])}'.")
            i += 1 if word == "nofake" else 2
            if i < len(tokens) and tokens[i] == "broadcast":
                i += 1
            fake_broadcast = False
        elif word == "fake":
            i += 1
            if i < len(tokens) and tokens[i] == "partial":
                i += 1
            if i < len(tokens) and tokens[i] in ("to", "+", "-"):
                found = _list_after(tokens, i)
                if isinstance(found, Refused):
                    return found
                fake_to, i = found
                if fake_to is None:
                    fake_broadcast = True
            else:
                if i < len(tokens) and tokens[i] == "broadcast":
                    i += 1
                fake_broadcast = True
        elif word == "broadcast":
            i += 1  # "PRESS BROADCAST": to everybody, as BROADCAST alone
        else:
            return Refused(f"Unknown press option '{word}' (options are WHITE, GREY, "
                           "TO list, TO ALL BUT list, FAKE, NO FAKE).")
    if fake_to is not None and fake_broadcast is not None:
        return Refused("Conflicting fake options in the press command.")
    return PressRequest(to, colour, fake_broadcast, fake_to)


def _tokens(words: str) -> list[str]:
    """Words in lower case, with ``+frg`` and ``-frg`` split into ``+ frg`` and ``- frg``."""
    out: list[str] = []
    for word in words.replace(",", " ").split():
        low = word.lower()
        if low[:1] in "+-" and len(low) > 1:
            out.extend([low[0], low[1:]])
        else:
            out.append(low)
    return out


def _list_after(tokens: list[str], i: int) -> tuple[ListWords | None, int] | Refused:
    """The list after ``TO``, ``+`` or ``-`` at ``i`` and the index after it."""
    all_but = tokens[i] == "-"
    i += 1
    if tokens[i - 1] == "to" and tokens[i:i + 2] == ["all", "but"]:
        all_but, i = True, i + 2
    elif tokens[i - 1] == "to" and tokens[i:i + 1] == ["all"] and (
            i + 1 >= len(tokens) or tokens[i + 1] != "but"):
        return None, i + 1
    if i >= len(tokens) or not _LIST.fullmatch(tokens[i]):
        return Refused("A list of power letters must follow TO (for example TO frg).")
    return ListWords(tokens[i].upper(), all_but), i + 1


def addressees_of(words: ListWords, letters: Mapping[str, str]) -> Addressees | Refused:
    """The service's addressees for a list, ``letters`` being the game's letter -> power.

    ``M`` is the Master and ``O`` the Observers in every game.
    """
    powers: set[str] = set()
    master = observers = False
    for letter in words.letters:
        if letter == "M":
            master = True
        elif letter == "O":
            observers = True
        elif letter in letters:
            powers.add(letters[letter])
        else:
            known = ", ".join(f"{k} ({v})" for k, v in sorted(letters.items()))
            return Refused(f"'{letter}' is not a power's letter in this game (the letters are "
                           f"{known}, M for the Master and O for the Observers).")
    return Addressees(frozenset(powers), master, observers, words.all_but)


def letter_of(request: PressRequest, sender: Seat, letters: Mapping[str, str], *,
              blank: bool = False, postal: bool = False) -> Letter | Refused:
    """The letter a press request makes, for the service's press policy to judge."""
    to = fake_to = None
    if request.to is not None:
        to_or = addressees_of(request.to, letters)
        if isinstance(to_or, Refused):
            return to_or
        to = to_or
    if request.fake_to is not None:
        fake_or = addressees_of(request.fake_to, letters)
        if isinstance(fake_or, Refused):
            return fake_or
        fake_to = fake_or
    return Letter(sender, to, request.colour, request.fake_broadcast, fake_to, postal, blank)

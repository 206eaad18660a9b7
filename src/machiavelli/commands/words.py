"""Keywords as nJudge matches them: case does not matter, spaces inside are optional.

nJudge's tables (``mail.c``, ``ml_set.c``) write a phrase in lower case with a blank
where blanks are optional (``"sign on"`` matches ``SIGNON`` and ``Sign  On``) and a
``#`` where a blank is required (``"who#"``).  nJudge matches a phrase as a prefix of
the line, so ``listing`` would be read as ``LIST``; here a phrase must end at the end of
a word (a blank, the end of the line, or one of ``( ; / , )``), so that a word that
merely begins like a command is not taken for one (docs/rulings.md, "The judge by
mail").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import lru_cache


class Who(StrEnum):
    """Who may use a command (help file ``index``): ``any`` anyone, ``ply`` a signed-on
    player or observer (and the Master), ``mod`` the Master in a moderated game and
    anyone in an unmoderated one, ``mas`` a Master only, ``adm`` the judge keeper."""

    ANY = "any"
    PLAYER = "ply"
    MODERATOR = "mod"
    MASTER = "mas"
    ADMIN = "adm"

#: What may follow a phrase: the end of the line, a blank or one of nJudge's separators.
_WORD_END = r"(?=$|[\s(;/,)])"


@lru_cache(maxsize=512)
def _pattern(phrase: str) -> re.Pattern[str]:
    parts: list[str] = []
    end = _WORD_END
    if phrase.endswith("#"):  # a blank (or a digit, or a bracket) must follow
        phrase, end = phrase[:-1], r"(?=[\s\d(;/,)])"
    for char in phrase:
        if char == " ":
            parts.append(r"\s*")
        elif char == "#":
            parts.append(r"\s+")
        else:
            parts.append(re.escape(char))
    return re.compile(r"\s*" + "".join(parts) + end, re.IGNORECASE)


def match_phrase(text: str, phrase: str) -> str | None:
    """The rest of ``text`` (stripped) after ``phrase`` at its start, or None."""
    found = _pattern(phrase).match(text)
    if found is None:
        return None
    return text[found.end():].strip()


def lookfor(text: str, phrases: Iterable[str]) -> tuple[str, str] | None:
    """The first phrase that starts ``text`` and the rest of ``text``, or None.

    Phrases are tried in order, so a longer phrase that shares a start with a shorter
    one ("sign off" and "sign on" do not; "who game" and "who" do) must come first.
    """
    for phrase in phrases:
        rest = match_phrase(text, phrase)
        if rest is not None:
            return phrase, rest
    return None


def lookup(text: str, table: Mapping[str, str]) -> tuple[str, str] | None:
    """:func:`lookfor` over a table's phrases, giving the phrase's value and the rest."""
    found = lookfor(text, table)
    if found is None:
        return None
    return table[found[0]], found[1]


def squash(text: str) -> str:
    """Lower case, blanks removed: how two spellings of one phrase compare."""
    return re.sub(r"\s+", "", text.lower())

"""nJudge's ``index`` help file: every command phrase it lists, each spelling, is recognised
by our reader; and the record make test reads them from (tests/golden/njudge_index.json,
tests/test_mail_reader.py) is what the index says today (tools/njudge_index.py writes it)."""

from __future__ import annotations

import itertools
import re

from njudge_help import help_text
from test_mail_reader import recorded_index_phrases

from machiavelli.commands.command import Verb
from machiavelli.commands.reader import read_message
from machiavelli.commands.settings import read_set
from machiavelli.service.refusal import Refused

_ENTRY = re.compile(r"^(any|ply|mod|mas|adm)/\S*\s+!?(.+)$")


def _keyword_tokens(synopsis: str) -> list[str]:
    """The leading keyword tokens of an index entry (upper case, brackets, bars)."""
    out: list[str] = []
    for token in synopsis.split():
        if re.search(r"[a-z]", token) or token in ("...", "*") or token.startswith("?"):
            break
        out.append(token)
    return out


def _expand(token: str) -> list[str]:
    """A token's spellings: ``[NO]`` optional, ``X[Y]`` and ``[UN]X`` both ways, ``A|B``."""
    spellings: list[str] = []
    for alternative in token.split("|"):
        if alternative in ("[NO]", "[NOT]", "[PRESS]", "[ME]", "[NUMBER]", "[BROADCAST]",
                           "[FULL", "[-]"):
            spellings.append("")
            if alternative.strip("[]-"):
                spellings.append(alternative.strip("[]"))
            continue
        parts = re.split(r"(\[[^\]]*\])", alternative)
        options = [[p[1:-1], ""] if p.startswith("[") else [p] for p in parts if p]
        spellings.extend("".join(c) for c in itertools.product(*options))
    return spellings


_NESTED = {
    "SET PARTIAL [FAKES [BROADCAST]] [BY DEFAULT]": (
        "SET PARTIAL", "SET PARTIAL FAKES", "SET PARTIAL FAKES BROADCAST",
        "SET PARTIAL BY DEFAULT", "SET PARTIAL FAKES BY DEFAULT",
        "SET PARTIAL FAKES BROADCAST BY DEFAULT"),
    "SET PARTIAL MAY [BE FAKED]": ("SET PARTIAL MAY", "SET PARTIAL MAY BE FAKED"),
}


def index_phrases() -> list[tuple[str, str]]:
    """Every (who, command phrase) the index lists, each spelling of it."""
    found: list[tuple[str, str]] = []
    for line in help_text("index").splitlines():
        entry = _ENTRY.match(line.strip())
        if not entry:
            continue
        who, synopsis = entry.group(1), re.sub(r"\s+\{.*$", "", entry.group(2))
        for nested, flat_forms in _NESTED.items():
            if nested in synopsis:
                found.extend((who, form) for form in flat_forms)
                synopsis = ""
        tokens = _keyword_tokens(synopsis)
        for combo in itertools.product(*(_expand(t) for t in tokens)):
            phrase = " ".join(w for w in combo if w)
            if phrase:
                found.append((who, phrase))
    return found


def test_every_command_of_the_index_is_recognised() -> None:
    phrases = index_phrases()
    assert len(phrases) > 250
    unread = []
    for who, phrase in phrases:
        if phrase.upper().startswith("SET "):
            words = phrase[4:]
            settings = read_set(words)
            if isinstance(settings, Refused):
                settings = read_set(words + " 1")
            if isinstance(settings, Refused):
                unread.append(f"{who} {phrase}: {settings.reason}")
            continue
        reading = read_message(f"signon fgame pass\n{phrase} x\n")
        verb = reading.commands[1].verb if len(reading.commands) > 1 else Verb.UNKNOWN
        if verb in (Verb.ORDERS, Verb.UNKNOWN):
            unread.append(f"{who} {phrase}: read as {verb}")
    assert not unread, "\n".join(unread)


def test_the_index_record_is_current() -> None:
    assert recorded_index_phrases() == index_phrases(), "run: python tools/njudge_index.py"

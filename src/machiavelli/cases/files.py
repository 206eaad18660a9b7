"""Test-case files: the DATC text format, extended for Machiavelli.

A case file holds positions, orders and expected results as plain text (see
docs/case-format.md).  :func:`read_cases` turns a file into :class:`Case`
objects; running, writing and checking them lives in
:mod:`machiavelli.cases.runner`.

A case that cannot be read does not stop the others: it comes back with
``error`` set to a message naming the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from machiavelli.cases.entries import build_case, parse_phase
from machiavelli.cases.history import CaseError
from machiavelli.cases.model import (
    AUTONOMOUS,
    EXPECTATIONS,
    MACHIAVELLI_OPTIONS,
    VARIANTS,
    BoardLoader,
    Case,
    ExpectedDislodged,
    ExpectedResult,
    OrderLine,
    RawCase,
    unit_key,
)
from machiavelli.core import maps

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "AUTONOMOUS",
    "MACHIAVELLI_OPTIONS",
    "VARIANTS",
    "BoardLoader",
    "Case",
    "CaseError",
    "ExpectedDislodged",
    "ExpectedResult",
    "OrderLine",
    "iter_cases",
    "iter_parsed",
    "parse_cases",
    "parse_phase",
    "read_cases",
    "strip_comment",
    "unit_key",
]

# Keywords that take their value on the same line.
VALUE_KEYWORDS = frozenset(
    {
        "VARIANT_ALL",
        "OPTIONS_ALL",
        "CASE",
        "VARIANT",
        "PRESTATE_SETPHASE",
        "PRESTATE_OPTIONS",
        "DICE",
        "SCENARIO",
        "SEED",
        "CAMPAIGN_END",
        "RENEGADE",
        "POSTSTATE_PLACES",
    }
)
# Keywords that open a section of indented entries.
SECTION_KEYWORDS = frozenset(
    {
        "PRESTATE",
        "PRESTATE_SUPPLYCENTER_OWNERS",
        "PRESTATE_DISLODGED",
        "PRESTATE_RESULTS",
        "PRESTATE_CONTESTED",
        "PRESTATE_SIEGES",
        "PRESTATE_REBELLIONS",
        "PRESTATE_PROVINCE_OWNERS",
        "PRESTATE_CITY_OWNERS",
        "PRESTATE_TREASURY",
        "PRESTATE_LOANS",
        "PRESTATE_CHITS",
        "PRESTATE_FAMINE",
        "PRESTATE_PEACE",
        "PRESTATE_EXCOMMUNICATED",
        "PRESTATE_ABUNDANCE",
        "PRESTATE_PLAGUE",
        "PRESTATE_DEFAULTED",
        "PRESTATE_ASSASSINATED",
        "PRESTATE_HOMES",
        "PRESTATE_ELIMINATED",
        "ORDERS",
        "POSTSTATE",
        "POSTSTATE_SAME",
        "POSTSTATE_DISLODGED",
        "POSTSTATE_SIEGES",
        "POSTSTATE_REBELLIONS",
        "POSTSTATE_PROVINCE_OWNERS",
        "POSTSTATE_CITY_OWNERS",
        "POSTSTATE_TREASURY",
        "POSTSTATE_LOANS",
        "POSTSTATE_CHITS",
        "POSTSTATE_FAMINE",
        "POSTSTATE_PEACE",
        "POSTSTATE_EXCOMMUNICATED",
        "POSTSTATE_ABUNDANCE",
        "POSTSTATE_PLAGUE",
        "POSTSTATE_DEFAULTED",
        "POSTSTATE_ASSASSINATED",
        "POSTSTATE_ROLLS",
        "POSTSTATE_RESULTS",
        "POSTSTATE_WINNERS",
    }
)


# -- the lines of a file -------------------------------------------------------


_COMMENT = re.compile(r"(^|\s)#")
_KEYWORD = re.compile(r"[A-Z][A-Z0-9_]*$")


def strip_comment(line: str) -> str:
    """Drop a ``#`` comment: ``#`` at the start of a line or after white space.

    ``gen#`` (Genoa's city) is not a comment.
    """
    if "#" not in line:
        return line
    m = _COMMENT.search(line)
    return line[: m.start()] if m else line


def read_cases(
    path: str | Path, load_board: BoardLoader | None = None, *, expected: bool = True
) -> list[Case]:
    """Read every case of a file; unreadable ones come back with ``error`` set.

    ``expected=False`` leaves the expected results (``POSTSTATE...``) unread: what
    running a case needs without checking it.
    """
    return list(iter_cases(path, load_board, expected=expected))


def iter_cases(
    path: str | Path, load_board: BoardLoader | None = None, *, expected: bool = True
) -> Iterator[Case]:
    """:func:`read_cases` one case at a time, each read when the one before is done with
    (a long file is never held as cases all at once)."""
    name = str(path)
    try:
        with open(path, encoding="utf-8") as given:  # (no pathlib: docs/speed.md)
            text = given.read()
    except (OSError, UnicodeDecodeError) as exc:
        yield Case(name=name, file=name, line=0, error=f"{name}: cannot read: {exc}")
        return
    yield from iter_parsed(text, name, load_board, expected=expected)


def parse_cases(
    text: str,
    file: str = "<text>",
    load_board: BoardLoader | None = None,
    *,
    expected: bool = True,
    quick: bool = True,
) -> list[Case]:
    """Read the cases in ``text`` (named ``file`` in messages); ``expected``: see read_cases.

    ``quick=False`` reads every line by the general rules (for the tests: the cases
    read are the same)."""
    return list(iter_parsed(text, file, load_board, expected=expected, quick=quick))


def iter_parsed(
    text: str,
    file: str = "<text>",
    load_board: BoardLoader | None = None,
    *,
    expected: bool = True,
    quick: bool = True,
) -> Iterator[Case]:
    """:func:`parse_cases` one case at a time."""
    if load_board is None:
        load_board = maps.load_board
    file_variant: tuple[str, int] = ("Standard", 0)
    file_options: list[tuple[str, int]] = []
    for raw in _raw_cases(text, expected, quick):
        if raw.error is not None:
            yield _failed(raw.name, file, raw.line, raw.error)
            continue
        if raw.name == "":  # a file-level keyword
            if "VARIANT_ALL" in raw.values:  # a new variant starts from its own defaults
                file_variant, file_options = raw.values["VARIANT_ALL"], []
            if "OPTIONS_ALL" in raw.values:
                file_options.append(raw.values["OPTIONS_ALL"])
            continue
        try:
            case = build_case(raw, file, file_variant, file_options, load_board, expected)
        except CaseError as exc:
            case = _failed(raw.name, file, raw.line, exc)
        except Exception as other:  # e.g. the board cannot be loaded
            err = CaseError(f"{type(other).__name__}: {other}", raw.line)
            case = _failed(raw.name, file, raw.line, err)
        yield case


def _failed(name: str, file: str, line: int, exc: CaseError) -> Case:
    return Case(name=name, file=file, line=line, error=f"{file}:{exc.line}: {exc}")


#: line breaks other than "\n" (and "\r\n") that str.splitlines() knows: in ASCII, and
#: beyond it
_ODD_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e")
_ODD_BREAKS_BEYOND = ("\x85", "\u2028", "\u2029")
#: where a line starts that is not indented (the start of a keyword, most often)
_UNINDENTED = re.compile(r"\n(?=\S)")


def _raw_cases(text: str, expected: bool = True, quick: bool = True) -> Iterator[RawCase]:
    """Split a file into raw cases; file-level keywords come as cases named "".

    ``quick``: the lines are taken a keyword at a time, each with the indented lines
    under it; a section's entries without a comment are taken together, and without
    ``expected`` the entries of the sections read only to check a case
    (``EXPECTATIONS``) are passed over (the sections are there, empty).
    ``quick=False`` reads every line by the general rules (:class:`_Splitter`), for
    the tests."""
    splitter = _Splitter(quick and not expected)
    if quick and "\r" in text:
        text = text.replace("\r\n", "\n")  # the same lines, numbered the same
    if not quick or _odd_breaks(text):
        for number, full in enumerate(text.splitlines(), start=1):
            raw = splitter.line(number, full)
            if raw is not None:
                yield raw
    else:
        number = 1
        for chunk in _UNINDENTED.split(text):
            head, _, body = chunk.partition("\n")
            raw = splitter.line(number, head)
            if raw is not None:
                yield raw
            if body and not splitter.entries_taken(number + 1, body):
                for n, full in enumerate(body.split("\n"), number + 1):
                    raw = splitter.line(n, full)
                    if raw is not None:
                        yield raw
            number += 1 + chunk.count("\n")
    last = splitter.current
    if last is not None:
        last.error = last.error or CaseError("CASE without END", last.line)
        yield last


def _odd_breaks(text: str) -> bool:
    """Whether ``text`` breaks lines otherwise than with "\\n"."""
    return any(b in text for b in _ODD_BREAKS) or (
        not text.isascii() and any(b in text for b in _ODD_BREAKS_BEYOND))


class _Splitter:
    """The lines of a file put in raw cases, one line (or run of entries) at a time."""

    def __init__(self, pass_over: bool) -> None:
        #: the sections read only to check a case are passed over
        self.pass_over = pass_over
        self.current: RawCase | None = None
        self.section: str | None = None
        #: the list the current section's entries go to (None: no section, or none yet)
        self.entries: list[tuple[str, int]] | None = None
        #: the entries of the current section are left out (a POSTSTATE... section unread)
        self.passed_over = False

    def entries_taken(self, number: int, body: str) -> bool:
        """Take the lines of ``body`` (the first on line ``number``), each blank or
        indented, as entries of the current section when they are its usual entries;
        False: read them by the general rules (:meth:`line`)."""
        if self.passed_over:
            return True
        entries = self.entries
        if entries is None or "#" in body:
            return False
        entries.extend([(e, n) for n, full in enumerate(body.split("\n"), number)
                        if (e := full.strip())])
        return True

    def line(self, number: int, full: str) -> RawCase | None:
        """Read one line by the general rules; a case (or a file-level keyword's) comes
        back when the line ends it."""
        current, section = self.current, self.section
        if self.passed_over and (not full or full[0].isspace()):
            return None  # an entry (or a blank line or a comment) of a section left out
        line = (strip_comment(full) if "#" in full else full).rstrip()
        if not line:
            return None
        indented = line[0].isspace()
        if indented and current is not None and section is not None:  # an entry
            found = current.sections.get(section)
            if found is None:
                found = current.sections[section] = []
            if not self.passed_over:
                found.append((line.strip(), number))
                self.entries = found
            return None
        word, _, rest = line.strip().partition(" ")
        if "\t" in word:
            word, _, more = word.partition("\t")
            rest = (more + " " + rest).strip()
        rest = rest.strip()
        if indented or not _KEYWORD.match(word):
            if current is None:
                return RawCase(
                    "", number, error=CaseError(f"entry outside a case: {full.strip()!r}", number)
                )
            if section is None:
                current.error = current.error or CaseError(
                    f"entry before any section: {full.strip()!r}", number
                )
            elif not self.passed_over:
                self.entries = current.sections.setdefault(section, [])
                self.entries.append((line.strip(), number))
            return None
        self.entries, self.passed_over = None, False
        if word == "CASE":
            self.current = RawCase(rest or f"line {number}", number)
            self.section = None
            if not rest:
                self.current.error = CaseError("CASE needs a name", number)
            if current is not None:
                current.error = current.error or CaseError("CASE without END", current.line)
            return current
        if word in ("VARIANT_ALL", "OPTIONS_ALL") and current is None:
            raw = RawCase("", number)
            raw.values[word] = (rest, number)
            return raw
        if current is None:
            return RawCase(
                f"line {number}", number, error=CaseError(f"{word} outside a case", number)
            )
        if word == "END":
            if rest:
                current.error = current.error or CaseError("END takes no value", number)
            self.current, self.section = None, None
            return current
        if word in VALUE_KEYWORDS:
            if word == "PRESTATE_OPTIONS":
                self.section = word
                if rest:
                    self.entries = current.sections.setdefault(word, [])
                    self.entries.append((rest, number))
            else:
                current.values[word] = (rest, number)
                self.section = None
        elif word in SECTION_KEYWORDS:
            if rest:
                current.error = current.error or CaseError(f"{word} takes no value", number)
            self.section = word
            self.entries = current.sections.setdefault(word, [])
            if self.pass_over and word in EXPECTATIONS:
                self.entries, self.passed_over = None, True
        else:
            current.error = current.error or CaseError(f"unknown keyword {word}", number)
            self.section = None
        return None

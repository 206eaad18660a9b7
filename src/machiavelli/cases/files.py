"""Test-case files: the DATC text format, extended for Machiavelli.

A case file holds positions, orders and expected results as plain text (see
docs/case-format.md).  :func:`read_cases` turns a file into :class:`Case`
objects; running, writing and checking them lives in
:mod:`machiavelli.cases.runner`.

A case that cannot be read does not stop the others: it comes back with
``error`` set to a message naming the file and line.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path

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
from machiavelli.core.board import Board

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
        "POSTSTATE_DEFAULTED",
        "POSTSTATE_ASSASSINATED",
        "POSTSTATE_ROLLS",
        "POSTSTATE_RESULTS",
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
        text = Path(path).read_text(encoding="utf-8")
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
        load_board = _default_loader
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


def _default_loader(name: str) -> Board:
    """``machiavelli.core.maps.load_board``, imported when first needed."""
    board: Board = importlib.import_module("machiavelli.core.maps").load_board(name)
    return board


def _raw_cases(text: str, expected: bool = True, quick: bool = True) -> Iterator[RawCase]:
    """Split a file into raw cases; file-level keywords come as cases named "".

    ``quick``: the usual line, an indented entry without a comment under a section, is
    taken at once; and without ``expected``, the entries of the sections read only to
    check a case (``EXPECTATIONS``) are passed over: the sections are there, empty.
    ``quick=False`` reads every line by the general rules below, for the tests."""
    current: RawCase | None = None
    section: str | None = None
    # the list the current section's entries go to (None: no section, or none yet)
    entries: list[tuple[str, int]] | None = None
    # the entries of the current section are left out (a POSTSTATE... section unread)
    passed_over = False
    for number, full in enumerate(text.splitlines(), start=1):
        if passed_over and (not full or full[0].isspace()):
            continue  # an entry (or a blank line or a comment) of a section left out
        if quick and entries is not None and "#" not in full:
            entry = full.strip()
            if entry and full[0].isspace():  # the usual entry
                entries.append((entry, number))
                continue
        line = (strip_comment(full) if "#" in full else full).rstrip()
        if not line:
            continue
        indented = line[0].isspace()
        if indented and current is not None and section is not None:  # an entry
            found = current.sections.get(section)
            if found is None:
                found = current.sections[section] = []
            if not passed_over:
                found.append((line.strip(), number))
                entries = found
            continue
        word, _, rest = line.strip().partition(" ")
        if "\t" in word:
            word, _, more = word.partition("\t")
            rest = (more + " " + rest).strip()
        rest = rest.strip()
        if indented or not _KEYWORD.match(word):
            if current is None:
                yield RawCase(
                    "", number, error=CaseError(f"entry outside a case: {full.strip()!r}", number)
                )
            elif section is None:
                current.error = current.error or CaseError(
                    f"entry before any section: {full.strip()!r}", number
                )
            elif not passed_over:
                entries = current.sections.setdefault(section, [])
                entries.append((line.strip(), number))
            continue
        entries, passed_over = None, False
        if word == "CASE":
            if current is not None:
                current.error = current.error or CaseError("CASE without END", current.line)
                yield current
            current = RawCase(rest or f"line {number}", number)
            section = None
            if not rest:
                current.error = CaseError("CASE needs a name", number)
            continue
        if word in ("VARIANT_ALL", "OPTIONS_ALL") and current is None:
            raw = RawCase("", number)
            raw.values[word] = (rest, number)
            yield raw
            continue
        if current is None:
            yield RawCase(
                f"line {number}", number, error=CaseError(f"{word} outside a case", number)
            )
            continue
        if word == "END":
            if rest:
                current.error = current.error or CaseError("END takes no value", number)
            yield current
            current, section = None, None
        elif word in VALUE_KEYWORDS:
            if word == "PRESTATE_OPTIONS":
                section = word
                if rest:
                    entries = current.sections.setdefault(word, [])
                    entries.append((rest, number))
            else:
                current.values[word] = (rest, number)
                section = None
        elif word in SECTION_KEYWORDS:
            if rest:
                current.error = current.error or CaseError(f"{word} takes no value", number)
            section = word
            entries = current.sections.setdefault(word, [])
            if quick and not expected and word in EXPECTATIONS:
                entries, passed_over = None, True
        else:
            current.error = current.error or CaseError(f"unknown keyword {word}", number)
            section = None
    if current is not None:
        current.error = current.error or CaseError("CASE without END", current.line)
        yield current

"""The fast paths of ``machiavelli adjudicate`` give what the general paths give.

- Reading a case file: the usual entry lines taken at once, and the entries of the
  expected results passed over when they are not checked (``quick``), read the same
  cases as every line read by the general rules; one case at a time
  (:func:`iter_cases`) reads what :func:`read_cases` reads.
- A position's entries (:meth:`EntryReader.units`) and the orders
  (:meth:`EntryReader.order_lines`) read as each entry alone reads.
- Running a case without keeping the position before the phase writes the same result.
- Writing a position (``_unit_lines``) writes each unit as :func:`format_unit` does,
  in the order :func:`sorted` with ``_sort_key`` gives.
- The orders of the plainest forms, kept and given again when read again, are the
  full reader's.
- The map files are found where importlib.resources finds them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from machiavelli.cases import entries as case_entries
from machiavelli.cases.engine import default_engine
from machiavelli.cases.files import iter_cases, parse_cases, read_cases
from machiavelli.cases.history import CaseError
from machiavelli.cases.model import EXTRA_SECTIONS, Case, OrderLine
from machiavelli.cases.reader import EntryReader
from machiavelli.cases.result_text import _sort_key, _unit_lines, format_unit
from machiavelli.cases.runner import (
    format_result,
    initial_state,
    orders_by_power,
    run_case,
)
from machiavelli.core import maps
from machiavelli.core.maps import load_board
from machiavelli.core.state import Unit
from machiavelli.text import canonical
from machiavelli.text.canonical import UnitsAt, quick_tokens, single_places
from machiavelli.text.notation import parse_orders
from machiavelli.text.order_reader import OrderReader

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "adjudicate"
FILES = sorted((ROOT / "cases").rglob("*.txt")) + [
    GOLDEN / "random_phases.txt", GOLDEN / "odd_forms.txt"]


def _name(path: Path) -> str:
    return path.name


# -- odd texts: what the quick reading must leave to the general rules --------------------

ODD = (GOLDEN / "odd_forms.txt").read_text(encoding="utf-8")
ODD_TEXTS = {
    "as written": ODD,
    "spaces for tabs": ODD.replace("\t", "    "),
    "CR LF": ODD.replace("\r\n", "\n").replace("\n", "\r\n"),
    "CR": ODD.replace("\r\n", "\n").replace("\n", "\r"),
    "no last newline": ODD.rstrip("\n"),
    "blank and white lines in sections": ODD.replace(
        "\tEngland: A yor\n", "\n\t\n\tEngland: A yor\n \t \n"),
    "comments in sections": ODD.replace(
        "\tItaly: A ven - tri\n", "\t# a comment\n\tItaly: A ven - tri  # and another\n"),
    "a form feed and other white space": ODD.replace(
        "\tRussia: F bot\n", "\tRussia: F bot\x0c\n\u3000Germany: A mun\n"),
    "an entry before any section": ODD.replace(
        "CASE odd 2: coasts and convoys\n", "CASE odd 2: coasts and convoys\n\tRussia: A mos\n"),
    "an entry outside a case": "\tEngland: A lon\n" + ODD,
    "a section keyword with a value": ODD.replace("\nORDERS\n", "\nORDERS now\n", 1),
    "unindented entries": ODD.replace("\tFrance: A pic\n", "France: A pic\nFrance A bur\n"),
    "options with and without a value": ODD.replace(
        "PRESTATE_SETPHASE Spring 1901, Movement\n",
        "PRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE_OPTIONS\n\tdisband\n", 1),
    "entries under the expected results": ODD.replace(
        "POSTSTATE_SAME\n", "POSTSTATE_SAME\n\tRussia: F fin\nbroken line\n"
        "POSTSTATE\n\tRussia: F fin\n\n\t# c\n\tRussia: F bot\n"
        "POSTSTATE_DISLODGED\n\tGermany: F kie\n"),
    "a tab in a keyword line": ODD.replace("CASE odd 1", "CASE\todd 1"),
    # the lines are taken a keyword at a time: what must keep every line's number
    "a next line and line separators": ODD.replace(
        "\tRussia: F bot\n", "\tRussia: F bot\x85\tGermany: A mun\u2028\n\u2029"),
    "a file separator": ODD.replace("\tFrance: A pic - bel\n", "\tFrance: A pic - bel\x1c\n"),
    "CR LF and a lone CR": ODD.replace("\n", "\r\n").replace(
        "\tFrance: F mao\r\n", "\tFrance: F mao\r"),
    "blank lines first, between and last": "\n\n \n" + ODD.replace(
        "\nORDERS\n", "\n\n\n\t\nORDERS\n\n") + "\n \t\n\n",
    "an unknown keyword after blank lines": ODD.replace(
        "CASE odd 3: an unknown place\n", "CASE odd 3: an unknown place\n\n\nNOT_A_KEYWORD\n"),
}


@pytest.mark.parametrize("expected", [True, False])
@pytest.mark.parametrize("path", FILES, ids=_name)
def test_case_files_read_quick_as_by_the_general_rules(path: Path, expected: bool) -> None:
    text = path.read_text(encoding="utf-8")
    quick = parse_cases(text, str(path), expected=expected)
    general = parse_cases(text, str(path), expected=expected, quick=False)
    assert quick == general


@pytest.mark.parametrize("expected", [True, False])
@pytest.mark.parametrize("name", sorted(ODD_TEXTS))
def test_odd_texts_read_quick_as_by_the_general_rules(name: str, expected: bool) -> None:
    text = ODD_TEXTS[name]
    quick = parse_cases(text, "odd.txt", expected=expected)
    general = parse_cases(text, "odd.txt", expected=expected, quick=False)
    assert quick == general
    assert len(quick) >= 6


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_one_case_at_a_time_reads_the_same(path: Path) -> None:
    for expected in (True, False):
        assert list(iter_cases(path, expected=expected)) == read_cases(path, expected=expected)


def test_an_unreadable_file_is_one_case_in_error_either_way(tmp_path: Path) -> None:
    path = tmp_path / "missing.txt"
    [case] = list(iter_cases(path))
    assert case.error is not None and "cannot read" in case.error
    assert read_cases(path) == [case]


def test_the_usual_sections_name_no_extra() -> None:
    extra = {f"{when}_{name}" for name in EXTRA_SECTIONS for when in ("PRESTATE", "POSTSTATE")}
    assert not case_entries._USUAL_SECTIONS & (extra - {"PRESTATE_RESULTS"})


# -- entries -------------------------------------------------------------------------------


def _reader() -> EntryReader:
    return EntryReader(load_board("standard"), Case("c", "f", 1))


UNIT_ENTRIES = [
    ("France: A par", 3), ("France: A par", 4), ("England: F stp/sc", 5), ("Germnay: F kie", 6),
    ("Russia: F stp(nc)", 7), ("Italy A ven", 8), ("italy: a rom", 9), ("Austria:  A  vie ", 10),
]


def test_units_of_a_position_read_as_each_entry_alone() -> None:
    together, alone = _reader(), _reader()
    units = together.units(UNIT_ENTRIES, "PRESTATE")
    assert units == [alone.unit(text, line)[0] for text, line in UNIT_ENTRIES]
    assert together.case.spelling == alone.case.spelling


@pytest.mark.parametrize("section", ["PRESTATE", "POSTSTATE"])
def test_units_of_a_position_refuse_from(section: str) -> None:
    with pytest.raises(CaseError, match=f"'from' belongs in {section}_DISLODGED"):
        _reader().units([("France: A par", 1), ("France: A bur from mar", 2)], section)


ORDER_ENTRIES = [
    ("France: A par - bur", 3), ("Germnay: F kie H", 4), ("england:F lon - nth ", 5),
    ("Russia: A mos S A war - ukr", 6), ("France:   A mar H", 7),
]


def test_order_lines_read_as_each_entry_alone() -> None:
    rd = _reader()
    expected = []
    for text, line in ORDER_ENTRIES:
        who, order = rd.split_power(text, line)
        power = rd.power(who, line)
        assert power is not None
        expected.append(OrderLine(power, order, line))
    assert _reader().order_lines(ORDER_ENTRIES) == expected


@pytest.mark.parametrize("entry", ["France A par - bur", ": A par H", "  : A par H"])
def test_order_lines_refuse_what_split_power_refuses(entry: str) -> None:
    with pytest.raises(CaseError) as alone:
        _reader().split_power(entry, 4)
    with pytest.raises(CaseError) as together:
        _reader().order_lines([("France: A par H", 3), (entry, 4)])
    assert str(together.value) == str(alone.value)
    assert together.value.line == alone.value.line == 4


# -- running and writing ---------------------------------------------------------------------


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_results_are_written_the_same_without_the_position_before(path: Path) -> None:
    engine = default_engine()
    for case in read_cases(path, engine.load_board, expected=False):
        kept = run_case(case, engine)
        lean = run_case(case, engine, before=False)
        assert format_result(case, lean) == format_result(case, kept)
        assert (lean.before is None) == ("ASSASSINATED" not in case.extras) or case.error


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_units_are_written_as_format_unit_writes_them(path: Path) -> None:
    engine = default_engine()
    for case in read_cases(path, engine.load_board, expected=False):
        run = run_case(case, engine, before=False)
        if run.state is None:
            continue
        for units in (run.state.units, [d.unit for d in run.state.dislodged], case.units):
            assert _unit_lines(case, units) == [
                f"\t{format_unit(case, u)}" for u in sorted(units, key=_sort_key)]


def test_units_with_equal_keys_keep_their_order() -> None:
    case = Case("c", "f", 1, "Machiavelli", "classic", spelling={"mil": "Milan"})
    units = [
        Unit("A", "Milan", "mil", special="elite_mercenary"), Unit("A", "Milan", "mil"),
        Unit("G", None, "pis"), Unit("F", "Florence", "spa", "sc"), Unit("A", "milan", "gen"),
        Unit("F", "Florence", "spa", "nc"), Unit("A", "Milan", "mil", special="mercenary"),
    ]
    for order in (units, units[::-1]):
        assert _unit_lines(case, order) == [
            f"\t{format_unit(case, u)}" for u in sorted(order, key=_sort_key)]


# -- orders read: those of the plainest forms given again ------------------------------------


def test_orders_read_again_are_the_ones_made_before_and_equal_the_full_readers() -> None:
    engine = default_engine()
    cases = read_cases(GOLDEN / "random_phases.txt", engine.load_board, expected=False)
    board = load_board("standard")
    places = single_places(board)
    plainest = 0
    for case in cases:
        state = initial_state(case, board)
        units = UnitsAt(state.units)
        for order in case.orders:
            full = OrderReader(order.text, board, state, order.power, "movement", ()).read()
            tokens = quick_tokens(order.text)
            first = canonical.plainest(tokens, board, places, units, order.power, ())
            again = canonical.plainest(tokens, board, places, units, order.power, ())
            if first is not None:
                plainest += 1
                assert first is again
                assert first == full
        for power, text in orders_by_power(case):
            assert parse_orders(text, board, state, power).orders == [
                OrderReader(line, board, state, power, "movement", ()).read()
                for line in text.splitlines()]
    assert plainest > 400


# -- the map files -----------------------------------------------------------------------------


def test_the_maps_folder_is_the_one_importlib_resources_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found = maps._maps_folder()
    assert isinstance(found, Path)  # on a file system: the folder itself
    monkeypatch.setattr(sys.modules["machiavelli"], "__file__", None)
    by_resources = maps._maps_folder()
    assert not isinstance(by_resources, Path) or by_resources == found
    for name in maps.available_boards():
        text = found.joinpath(f"{name}.toml").read_text(encoding="utf-8")
        assert text == by_resources.joinpath(f"{name}.toml").read_text(encoding="utf-8")

"""The parser's fast path (machiavelli.text.canonical) gives exactly what the full reader gives."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli.core.board import Board
from machiavelli.core.state import State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.movement.random_moves import uniform_orders
from machiavelli.text.canonical import UnitsAt, quick_tokens, read_canonical
from machiavelli.text.notation import format_order
from machiavelli.text.order_reader import OrderReader
from machiavelli.text.order_words import (
    BESIEGES,
    CITY_WORDS,
    CONVERTS,
    CONVOYS,
    HOLDS,
    LIFTS,
    MOVES,
    SPECIALS,
    SUPPORTS,
    TYPES,
    VIA_CONVOY,
    OrderSyntaxError,
    names_of,
    tokens,
)

STANDARD = load_scenario("standard_1901")
CLASSIC = load_scenario("classic_1454")


def _crowded_classic() -> tuple[Board, State]:
    """Classic 1454 with armies or fleets beside garrisons, and a fleet on a coast."""
    board, start = CLASSIC
    units = list(start.units) + [
        Unit("A", "Florence", "luc"), Unit("F", "Milan", "gen"), Unit("A", "Venice", "mod"),
    ]
    return board, replace(start, units=units)


POSITIONS = {"standard": STANDARD, "classic": CLASSIC, "crowded": _crowded_classic()}


def _spellings(*groups: tuple[tuple[str, ...], ...]) -> list[str]:
    return [" ".join(words) for group in groups for words in group]


KEYWORDS = _spellings(HOLDS, MOVES, SUPPORTS, CONVOYS, CONVERTS, BESIEGES, LIFTS, VIA_CONVOY,
                      CITY_WORDS) + ["c", "to", "siege", "r", "d", "retreat", "build", "0"]
PUNCTUATION = ["-", "/", "(", ")", ":", "->", ".", ",", "/nc", "/sc", "(nc)", "nc", "sc", "ec",
               "north coast", "n", "s"]
SPECIAL_WORDS = [" ".join(w) for w in SPECIALS] + ["elite"]
TYPE_WORDS = list(TYPES) + ["A", "F", "G", "Army"]


def words_of(board: Board, state: State) -> list[str]:
    """Place names of the board (ids, names, aliases), the units' provinces first."""
    names = [" ".join(w) for w in names_of(board).places]
    return sorted({u.province for u in state.units}) + names


@st.composite
def order_texts(draw: st.DrawFn, position: str) -> str:
    board, state = POSITIONS[position]
    places = words_of(board, state)
    place = st.one_of(st.sampled_from(places[:40]), st.sampled_from(places))
    word = st.one_of(
        place, place, place, st.sampled_from(KEYWORDS), st.sampled_from(TYPE_WORDS),
        st.sampled_from(PUNCTUATION), st.sampled_from(SPECIAL_WORDS),
        st.text(alphabet="abcxyz-/ ", min_size=1, max_size=3),
    )
    head = [draw(st.sampled_from(TYPE_WORDS)), draw(place)]
    if draw(st.booleans()):
        head.append(draw(st.sampled_from(["/nc", "/sc", " / sc", "(sc)", ""])))
    shape = draw(st.sampled_from(["hold", "move", "support", "convoy", "convert", "free"]))
    rest: list[str] = []
    if shape == "hold":
        rest = [draw(st.sampled_from(["", "H", "hold", "stands"]))]
    elif shape == "move":
        rest = [draw(st.sampled_from(["-", "m", "move to", "moves"])), draw(place)]
        while draw(st.integers(0, 3)) == 0:
            rest += ["-", draw(place)]
        rest.append(draw(st.sampled_from(["", "", "via convoy", "by convoy", "/nc", "/sc"])))
    elif shape in ("support", "convoy"):
        verb = draw(st.sampled_from(["S", "supports"] if shape == "support" else ["C", "convoys"]))
        rest = [verb, draw(st.sampled_from([*TYPE_WORDS, ""])), draw(place)]
        if shape == "convoy" or draw(st.booleans()):
            rest += [draw(st.sampled_from(["-", "move to"])), draw(place)]
    elif shape == "convert":
        rest = [draw(st.sampled_from(["C", "convert to", "converts"])),
                draw(st.sampled_from([*TYPE_WORDS, ""])),
                draw(st.sampled_from(["", "/nc", "/sc", "/ec"]))]
    rest += draw(st.lists(word, max_size=2 if shape == "free" else 1))
    glue = draw(st.sampled_from([" ", "  ", "\t"]))
    text = glue.join(w for w in head + rest if w)
    if draw(st.booleans()):
        text = text.replace(" - ", "-")
    return text.upper() if draw(st.integers(0, 4)) == 0 else text


def full_reader(text: str, board: Board, state: State, power: str) -> object:
    try:
        return OrderReader(text, board, state, power, "movement").read()
    except OrderSyntaxError as err:
        return err


def agree(text: str, position: str, bought: frozenset[tuple[str, str]] = frozenset()) -> bool:
    """The fast path gives nothing, or exactly what the full reader gives; True if it read."""
    board, state = POSITIONS[position]
    units = UnitsAt(state.units)
    read = False
    for power in state.powers:
        fast = read_canonical(text, board, units, power, bought)  # type: ignore[arg-type]
        if fast is not None:
            reader = OrderReader(text, board, state, power, "movement", bought)  # type: ignore[arg-type]
            assert reader.read() == fast, (text, power)
            read = True
    return read


@settings(max_examples=600)
@given(st.data())
def test_canonical_reading_is_the_full_readers(data: st.DataObject) -> None:
    position = data.draw(st.sampled_from(sorted(POSITIONS)))
    agree(data.draw(order_texts(position)), position)


@settings(max_examples=300)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=30))
def test_canonical_tokens_are_the_full_readers(text: str) -> None:
    assert quick_tokens(text) == tokens(text)


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_canonical_forms_take_the_fast_path(position: str) -> None:
    """Every legal order, written as format_order writes it, is read on the fast path."""
    board, state = POSITIONS[position]
    units = UnitsAt(state.units)
    for power in state.powers:
        for options in legal_orders(board, state, power).values():
            for order in options:
                if not hasattr(order, "unit"):
                    continue  # alliances: the full reader's
                text = format_order(order)
                assert read_canonical(text, board, units, power) == order, text
                assert agree(text, position)


def test_canonical_datc_forms_take_the_fast_path() -> None:
    board, state = STANDARD
    units = UnitsAt(state.units)
    for text, power in (("A lvp-yor", "England"), ("F lon supports A lvp-yor", "England"),
                        ("F edi Convoys A lvp - nwg", "England"), ("A par HOLD", "France"),
                        ("F stp/sc - bot", "Russia"), ("A ven-tri", "Italy")):
        assert read_canonical(text, board, units, power) is not None, text
        assert agree(text, "standard")


def test_canonical_random_positions_agree() -> None:
    """Random positions and their legal orders, plus each written with a bought unit."""
    rng = random.Random(9)
    for name, (board, start) in (("standard", STANDARD), ("classic", CLASSIC)):
        for _ in range(5):
            orders = uniform_orders(board, start, rng)
            for power, given_orders in orders.items():
                for order in given_orders:
                    text = format_order(order)
                    assert read_canonical(text, board, UnitsAt(start.units), power) == order
                    assert agree(text, name)
    bought = frozenset({("fer", "G")})
    assert agree("G fer H", "classic", bought)

"""Seed 003's renegades (003 2 A.2, 17.2; BAR-17.6, BAR-2.1; ruling A-15) and the winter
they belong to.

The classic board has no Renegade Table, so cases name the area
(cases/balance_at_risk/renegades.txt); here a board given a table rolls on it, the map
file's table is checked on load, and a game's Fall ends with the winter's steps in 003's
order."""

from __future__ import annotations

import dataclasses
from importlib.resources import files

import pytest

from machiavelli.core.board import BoardError
from machiavelli.core.dice import LoadedDice
from machiavelli.core.maps import load_board, parse_board
from machiavelli.core.rules import rules_of
from machiavelli.core.state import INDEPENDENT_CONTROL, State, Unit
from machiavelli.game.bar_campaign import renegades
from machiavelli.game.process import adjudicate

B = load_board("classic")
# a Renegade Table for the test: Pavia on 10, the Upper Adriatic on 11, nothing elsewhere
TABLE = tuple("pav" if t == 10 else "uas" if t == 11 else None for t in range(3, 19))
TABLED = dataclasses.replace(B, renegade_table=TABLE)


def fall(units: list[Unit], **options: bool) -> State:
    return State(board="classic", year=1455, season="fall", phase="movement",
                 powers=list(B.powers.values()), units=units,
                 province_owner={"pav": "Milan", "mil": "Milan"},
                 city_owner={"pav": "Milan", "mil": "Milan"},
                 options={"bar": True, "dice": True, **options})


def test_bar_17_6_the_table_is_rolled_with_3d6() -> None:
    """A roll of 3 + 3 + 4 = 10 strikes Pavia: Milan's army there turns independent."""
    state = fall([Unit("A", "Milan", "pav")])
    dice = LoadedDice("t", values=[3, 3, 4])
    after, events = renegades(TABLED, state, dice, rules_of(state.options))
    assert after.units == [Unit("A", None, "pav")]
    assert after.province_owner["pav"] == INDEPENDENT_CONTROL  # (BAR-1.3, BAR-4.1)
    assert [r.purpose for r in dice.rolls] == ["renegades"]
    assert events == ["The renegades strike Pavia: Milan's army in Pavia turns independent "
                      "(BAR-17.6)."]


def test_bar_17_6_no_roll_without_a_table_or_without_dice() -> None:
    """The classic board has no table: nothing is rolled; with dice off (BAR-17.7) no
    roll either, table or not."""
    state = fall([Unit("A", "Milan", "pav")])
    for board, options in ((B, {}), (TABLED, {"dice": False})):
        dice = LoadedDice("t", values=[])
        s = fall(state.units, **options)
        assert renegades(board, s, dice, rules_of(s.options)) == (s, [])
        assert dice.rolls == []


def test_bar_17_6_an_empty_row_strikes_nothing() -> None:
    state = fall([Unit("A", "Milan", "pav")])
    after, events = renegades(TABLED, state, LoadedDice("t", values=[1, 1, 1]),
                              rules_of(state.options))
    assert after is state and "strikes no area" in events[0]


def test_bar_2_1_a_games_fall_ends_with_the_winter_renegades_after_the_checks() -> None:
    """In a game the Fall's end runs H.3, then the winter: the renegades roll comes after
    the campaign (no roll without a table)."""
    state = fall([Unit("A", "Milan", "pav"), Unit("A", "Milan", "mil")])
    done = adjudicate(TABLED, state, {}, seed="renegades")
    rolls = [r.purpose for r in done.rolls]
    assert "renegades" in rolls
    renegade = [u for u in done.after.units if u.owner is None and u.kind == "A"]
    total = sum(next(r for r in done.rolls if r.purpose == "renegades").dice)
    assert bool(renegade) == (TABLE[total - 3] == "pav")
    assert done.after.season == "winter" or done.after.phase == "adjustment"


def _classic_text() -> str:
    return (files("machiavelli") / "data" / "maps" / "classic.toml").read_text(encoding="utf-8")


def test_bar_17_6_a_board_file_gives_the_renegade_table() -> None:
    """`[tables] renegade`: 16 areas for the totals 3..18, "" for nothing."""
    cells = ", ".join('"pav"' if t == 10 else '""' for t in range(3, 19))
    board = parse_board(_classic_text().replace("[tables]\n", f"[tables]\nrenegade = [{cells}]\n"),
                        "classic+renegades")
    assert board.renegade_table[10 - 3] == "pav" and board.renegade_table.count(None) == 15
    assert B.renegade_table == ()


@pytest.mark.parametrize(("cells", "problem"), [
    ('"pav"', "must be 16 areas"),
    (", ".join('"mil"' if t == 10 else '""' for t in range(3, 19)), "major city"),
    (", ".join('"xyz"' if t == 10 else '""' for t in range(3, 19)), "unknown province"),
])
def test_bar_17_6_a_wrong_renegade_table_is_refused_on_load(cells: str, problem: str) -> None:
    with pytest.raises(BoardError, match=problem):
        parse_board(_classic_text().replace("[tables]\n", f"[tables]\nrenegade = [{cells}]\n"),
                    "classic+renegades")

"""The board index: the same facts as the board's own names, as dense integers."""

from __future__ import annotations

import pytest

from machiavelli.core.board import province_of, space_of
from machiavelli.core.board_index import PerBoard, board_index
from machiavelli.core.maps import available_boards, load_board


@pytest.mark.parametrize("name", available_boards())
def test_board_index_agrees_with_the_board(name: str) -> None:
    board = load_board(name)
    ix = board_index(board)
    assert board_index(board) is ix  # built once per board
    assert ix.provinces == list(board.provinces)
    for i, a in enumerate(ix.provinces):
        assert ix.number[a] == i and ix.sea[i] == board.is_sea(a)
        assert ix.coastal[i] == board.is_coastal(a)
        assert ix.venice[i] == board.provinces[a].venice
        for garrison in (False, True):
            if garrison and board.provinces[a].city is None:
                continue
            space = ix.space(a, garrison)
            assert ix.spaces[space] == space_of(board, a, garrison)
            assert ix.space_number[space_of(board, a, garrison)] == space
            assert ix.province_of_space(space) == i
            assert ix.is_city(space) == space_of(board, a, garrison).endswith("#")
        assert [ix.locations[x] for x in ix.province_locations[i]] == list(
            board.fleet_locations(a))
        for j, b in enumerate(ix.provinces):
            assert ix.army_adjacent(i, j) == board.army_adjacent(a, b)
            assert ix.army_adjacent(i, j) == ((ix.army_adj[i] >> j) & 1 == 1)  # the bitmask
    for x, loc in enumerate(ix.locations):
        assert ix.location_number[loc] == x
        assert ix.provinces[ix.location_province[x]] == province_of(loc)
        for y, other in enumerate(ix.locations):
            assert ix.fleet_adjacent(x, y) == board.fleet_adjacent(loc, other)
            assert ix.fleet_adjacent(x, y) == ((ix.fleet_adj[x] >> y) & 1 == 1)
            strait = board.strait_between(loc, other)
            k = ix.strait(ix.location_province[x], ix.location_province[y])
            assert (ix.straits[k] if k >= 0 else None) == strait
        for j, b in enumerate(ix.provinces):
            reach = board.fleet_reaches(loc, b)
            assert ix.fleet_reaches(x, j) == bool(reach) == ((ix.fleet_reach[x] >> j) & 1 == 1)
            assert [ix.locations[r] for r in ix.reachable(x, j)] == list(reach)
    assert ix.strait(-1, 0) == -1


def test_per_board_keeps_the_last_boards_only() -> None:
    made: list[str] = []

    def build(board: object) -> str:
        made.append("x")
        return "x"

    cache = PerBoard(build, keep=2)
    boards = [load_board("standard"), load_board("classic"), load_board("machfive")]
    for board in boards:
        cache(board)
    cache(boards[2])
    assert len(made) == 3 and len(cache.made) == 2

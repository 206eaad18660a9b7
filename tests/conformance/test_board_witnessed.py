"""The boards against other judges' files: nJudge's map.machiavelli (every abbreviation) and
godip's DATC copy (every place it names).  make test checks the same facts against the
repository's records (tests/test_board.py's DATC_PLACES, tests/golden/witnessed/)."""

from __future__ import annotations

import pytest
from njudge_files import njudge, witness
from test_board import DATC_PLACES, _datc_places, _resolves

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board


@pytest.fixture(scope="module")
def classic() -> Board:
    return load_board("classic")


@pytest.fixture(scope="module")
def standard() -> Board:
    return load_board("standard")


def test_ord_abbr_6_every_njudge_abbreviation_resolves(classic: Board) -> None:
    text = njudge("data/map.machiavelli")
    head = text.split("\n-1")[0]
    seen = 0
    for line in head.splitlines():
        if line.startswith("#") or line.startswith("XXXXXX") or "," not in line:
            continue
        _, rest = line.split(",", 1)
        abbrs = rest.split()[1:]
        pid = abbrs[0]
        for a in abbrs:
            assert classic.lookup(a) == pid, a
        seen += 1
    assert seen == 81


def test_every_datc_place_resolves_from_the_file(standard: Board) -> None:
    text = witness("godip/datc_v2.4_06.txt")
    places = _datc_places(text)
    assert places == DATC_PLACES
    assert sorted(p for p in places if not _resolves(standard, p)) == []

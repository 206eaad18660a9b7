"""The facts other judges' files state about our boards and scenarios, as records kept in
the repository (tests/golden/witnessed/<name>.json).

make conformance compares our maps and scenarios with nJudge's files themselves
(tests/conformance/): every province line, abbreviation, move, table, variable income row
and seed.  Those files are outside the repository, so make test compares the same data with
these records instead (tests/test_witnessed_facts.py): a change to a map or a scenario that
conformance would catch fails make test too, on any machine.

A record is written from our data (``python tools/witnessed_facts.py``) only where make
conformance passes: it is then what the witnesses prove, in our own words (province ids).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.game.scenario import load_scenario

RECORDS = Path(__file__).resolve().parent / "golden" / "witnessed"

#: the boards nJudge's map files describe (map.machiavelli, map.machiavelli2, map.dipmach,
#: map.machfive; the classic one is also seed 004's tables)
BOARDS = ("classic", "machiavelli2", "dipmach", "machfive")
#: the scenarios nJudge's map, seed and info files set up (mach_aoc, mach_aoc2, mach_este,
#: mach2_eai, seed.dipmach, seed.machfive; the other Machiavelli 2 scenarios' limits are
#: literals in tests/test_scenarios_njudge.py)
SCENARIOS = ("communes_1335", "communes_1335_v2", "expansion_1385_este", "mach2_1051",
             "dipmach_1901", "machfive_3001")


def _table(rows: tuple[tuple[str | None, ...], ...]) -> list[list[str | None]]:
    return [list(row) for row in rows]


def board_facts(board: Board) -> dict[str, Any]:
    """What the map files say of a board: provinces and cities, names, moves, straits, the
    disaster tables, the variable income and the special units' limits."""
    return {
        "powers": dict(sorted(board.powers.items())),
        "provinces": {
            pid: {
                "name": p.name, "sea": p.sea, "home": p.home, "venice": p.venice,
                "coasts": list(p.coasts),
                "city": None if p.city is None else {
                    "kind": p.city.kind, "port": p.city.port, "income": p.city.income},
            }
            for pid, p in sorted(board.provinces.items())
        },
        "aliases": dict(sorted(board.aliases.items())),
        "army": {pid: sorted(to) for pid, to in sorted(board.army_adj.items())},
        "fleet": {loc: sorted(to) for loc, to in sorted(board.fleet_adj.items())},
        "straits": sorted([sorted(s.ends), s.controller] for s in board.straits),
        "famine": _table(board.famine_table),
        "plague": _table(board.plague_table),
        "storm": _table(board.storm_table),
        "plague_from": board.plague_from,
        "variable_income": {key: [dice, list(values)]
                            for key, (dice, values) in board.variable_income.items()},
        "special_limits": {power: list(kinds)
                           for power, kinds in sorted(board.special_limits.items())},
    }


def scenario_facts(name: str) -> dict[str, Any]:
    """What the seed, map and info files say of a scenario: its board (where the scenario
    changes it), its units, owners, home countries and treasuries."""
    board, state = load_scenario(name)
    facts: dict[str, Any] = {"board": board.name}
    if board_facts(board) != board_facts(load_board(board.name)):
        facts["board_facts"] = board_facts(board)
    facts |= {
        "units": sorted([u.owner or "", u.kind, u.location] for u in state.units),
        "province_owner": dict(sorted(state.province_owner.items())),
        "city_owner": dict(sorted(state.city_owner.items())),
        "home_countries": {power: sorted(provinces)
                           for power, provinces in sorted(state.home_countries.items())},
        "treasury": dict(sorted(state.treasury.items())),
    }
    return facts


def facts(name: str) -> dict[str, Any]:
    """The facts of a board or a scenario, as its record holds them (JSON's own types)."""
    found = board_facts(load_board(name)) if name in BOARDS else scenario_facts(name)
    return json.loads(json.dumps(found))


def record_path(name: str) -> Path:
    return RECORDS / f"{name}.json"


def recorded(name: str) -> dict[str, Any]:
    return json.loads(record_path(name).read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _layout(value: Any, depth: int = 0, levels: int = 2) -> str:
    """JSON with one line per entry of the first two levels (and of a scenario's board's):
    a diff names what changed."""
    if levels == 0 or not isinstance(value, dict) or not value:
        return _compact(value)
    pad = " " * depth
    items = [f"{pad} {_compact(k)}: "
             + _layout(v, depth + 1, 2 if k == "board_facts" else levels - 1)
             for k, v in value.items()]
    return "{\n" + ",\n".join(items) + f"\n{pad}}}"


def record_text(name: str) -> str:
    """The record of a board's or a scenario's facts, as tools/witnessed_facts.py writes it."""
    return _layout(facts(name)) + "\n"

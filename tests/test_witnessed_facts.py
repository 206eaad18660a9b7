"""Our boards and scenarios hold the facts other judges' files state, as recorded in the
repository (tests/witnessed_facts.py, tests/golden/witnessed/): nJudge's map, seed and info
files, and seed 004's tables.

make conformance checks our data against those files themselves (tests/conformance/); this
test checks it against the records, so that make test needs nothing outside the repository.
"""

from __future__ import annotations

import pytest
from witnessed_facts import BOARDS, SCENARIOS, facts, record_path, recorded


@pytest.mark.parametrize("name", BOARDS + SCENARIOS)
def test_our_data_holds_the_witnessed_facts(name: str) -> None:
    ours, record = facts(name), recorded(name)
    changed = {key: {k for k in set(ours[key]) | set(record[key])
                     if ours[key].get(k) != record[key].get(k)}
               if isinstance(ours.get(key), dict) and isinstance(record.get(key), dict)
               else "differs"
               for key in set(ours) | set(record) if ours.get(key) != record.get(key)}
    assert not changed, (
        f"{name} differs from {record_path(name).name}: {changed} (a deliberate change: "
        "run python tools/witnessed_facts.py where make conformance passes)")


def test_every_record_is_of_a_board_or_a_scenario() -> None:
    kept = sorted(path.stem for path in record_path("x").parent.glob("*.json"))
    assert kept == sorted(BOARDS + SCENARIOS)

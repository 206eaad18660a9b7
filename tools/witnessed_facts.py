"""Write the records of what other judges' files say of our boards and scenarios.

    python tools/witnessed_facts.py

Writes tests/golden/witnessed/<name>.json from our own data (tests/witnessed_facts.py says
what each holds), for make test to compare the maps and scenarios with.  Run it after a
deliberate change to a map or a scenario, and only where make conformance passes (the
witnesses beside the repository): the records are then what those files prove.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from witnessed_facts import BOARDS, RECORDS, SCENARIOS, record_path, record_text  # noqa: E402


def main() -> None:
    RECORDS.mkdir(parents=True, exist_ok=True)
    for name in BOARDS + SCENARIOS:
        record_path(name).write_text(record_text(name), encoding="utf-8")
        print(f"wrote {record_path(name).relative_to(REPO)}")


if __name__ == "__main__":
    main()

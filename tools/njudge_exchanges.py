"""Write nJudge's test exchanges, classified, to tests/njudge_exchanges.json.

    python tools/njudge_exchanges.py [NJUDGE_TESTS_DIR]

Default: ../shared/witnesses/njudge/tests beside the repository.  Each command of each
exchange gets nJudge's outcome (done, refused and why, skipped, noted) as
machiavelli.mail.conformance classifies it; tests/test_mail_conformance.py checks that
the file is current and compares our interpreter's outcomes with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from machiavelli.mail.conformance import exchanges_in, expectations_json

REPO = Path(__file__).resolve().parent.parent
DEFAULT = REPO.parent / "shared" / "witnesses" / "njudge" / "tests"
OUT = REPO / "tests" / "njudge_exchanges.json"


def main() -> None:
    tests = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    OUT.write_text(expectations_json(exchanges_in(tests)), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()

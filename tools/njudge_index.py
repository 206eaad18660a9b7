"""Write the commands of nJudge's ``index`` help file to tests/golden/njudge_index.json.

    python tools/njudge_index.py

Reads the index where make conformance does (../shared/witnesses/njudge/data/index, or
under MACHIAVELLI_WITNESSES) and writes every (who, command phrase) it lists, each spelling
of it, as tests/conformance/test_mail_reader_witnessed.py reads them: tests/test_mail_reader.py
checks our reader recognises each, and make conformance that the record is current.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "conformance")]

from test_mail_reader import INDEX  # noqa: E402
from test_mail_reader_witnessed import index_phrases  # noqa: E402


def main() -> None:
    lines = [json.dumps([who, phrase], ensure_ascii=False) for who, phrase in index_phrases()]
    INDEX.write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")
    print(f"wrote {INDEX.relative_to(REPO)} ({len(lines)} phrases)")


if __name__ == "__main__":
    main()

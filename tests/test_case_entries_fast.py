"""The usual unit entry of a case file (``France: A par``) is read by a fast path
(:meth:`EntryReader._plain_unit`), kept per board once read: every case file reads
the same with it, with it kept from an earlier read, and with the general rules only."""

from __future__ import annotations

from pathlib import Path

import pytest

from machiavelli.cases.files import read_cases
from machiavelli.cases.reader import EntryReader

CASES = Path(__file__).resolve().parent.parent / "cases"
FILES = sorted(CASES.rglob("*.txt"))


def test_case_files_are_found() -> None:
    assert len(FILES) > 10


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CASES)))
def test_usual_unit_entries_read_as_the_general_rules_read_them(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast = read_cases(path)
    kept = read_cases(path)  # the entries read again, from what the first read kept
    with monkeypatch.context() as m:
        m.setattr(EntryReader, "_plain_unit", lambda self, entry, line: None)
        general = read_cases(path)
    assert len(fast) == len(general)
    for a, b, c in zip(fast, kept, general, strict=True):
        assert a == c, a.name
        assert b == c, b.name

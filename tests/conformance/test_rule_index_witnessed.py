"""The package's rule index (data/rules.tsv, which the rules page and the checker's links
show) is ../shared/RULES.md's tables, every row: the same ids, texts and sources."""

from __future__ import annotations

import re

from njudge_files import shared

from machiavelli.text.rule_index import rule_index

ROW = re.compile(r"^\| ([A-Z][A-Z0-9]*(?:-[A-Z0-9.]+)+) \| (.*) \| (.*) \|\s*$")


def test_the_packaged_rule_index_is_the_shared_one() -> None:
    rows = [m.groups() for line in shared("RULES.md").read_text(encoding="utf-8").splitlines()
            if (m := ROW.match(line))]
    packaged = [(r.id, r.text, r.source) for r in rule_index().values()]
    assert packaged == rows

"""Every rule id of the rule index (../shared/RULES.md, outside the repository) is named by a
test or a case that checks it, and every ambiguity has its ruling: the meta-tests that read
the index (how names are read: tests/test_rule_coverage.py, which make test runs)."""

from __future__ import annotations

import re

import pytest
from njudge_files import shared
from test_rule_coverage import (
    PENDING,
    RULINGS,
    ambiguity_numbers,
    bar_states,
    case_ids,
    covered,
    rule_ids,
)


def rules_text() -> str:
    return shared("RULES.md").read_text(encoding="utf-8")


def all_ids() -> list[str]:
    text = rules_text()
    return rule_ids(text) + [f"AMBIGUITY-{n}" for n in ambiguity_numbers(text)]


def test_every_rule_id_is_named_by_a_test_or_a_case() -> None:
    ids = all_ids()
    named = covered(ids)
    missing = [i for i in ids if i not in named and i not in PENDING]
    if missing:
        pytest.fail(f"{len(missing)} rule ids named by no test or case: {', '.join(missing)}")


def test_pending_rules_are_rules_still_uncovered() -> None:
    ids = all_ids()
    assert set(PENDING) <= set(ids)
    assert not PENDING & covered(ids), "a pending rule is covered now: take it out of PENDING"


def test_every_ambiguity_has_a_ruling() -> None:
    ruled: set[int] = set()
    text = RULINGS.read_text(encoding="utf-8")
    for found in re.finditer(r"ambiguit(?:y|ies) (\d+(?:(?:, | and | / |/)\d+)*)", text, re.I):
        ruled |= {int(n) for n in re.findall(r"\d+", found.group(1))}
    missing = [n for n in ambiguity_numbers(rules_text()) if n not in ruled]
    assert not missing, f"ambiguities with no ruling in docs/rulings.md: {missing}"


def test_bar_document_lists_every_id_of_the_specification() -> None:
    """docs/balance-at-risk.md has a state for each BAR id and ambiguity of seed 003's
    specification (specs/balance-at-risk.md in the shared folder); beyond them only the
    ambiguities the judge found itself (A-24: retreats to the High Seas), never a BAR id
    the specification does not have."""
    spec = shared("specs/balance-at-risk.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"^\| ((?:BAR|A)-[0-9.]+b?) \|", spec, flags=re.MULTILINE))
    states = set(bar_states())
    assert sorted(ids - states) == []
    assert all(extra.startswith("A-") for extra in states - ids), sorted(states - ids)


def test_case_lines_name_only_known_ids() -> None:
    known = set(all_ids()) | set(bar_states())  # and seed 003's (docs/balance-at-risk.md)
    unknown = sorted({f"{path.name}: {i}" for path, i in case_ids() if i not in known})
    assert not unknown, f"CASE lines name ids RULES.md does not have: {unknown}"


def test_rule_ids_reads_column_one_of_the_tables() -> None:
    ids = rule_ids(rules_text())
    assert ids[0] == "GEN-1"
    assert {"REB-EFF-6.1", "D004-37", "INC-CHART-NOTE-2", "CTRL-7"} <= set(ids)
    assert len(ids) == len(set(ids))
    assert ambiguity_numbers(rules_text()) == list(range(1, 16))


def test_princes_rule_ids_are_the_specification_s() -> None:
    """The ids tests/test_princes_scenarios.py holds scenarios to (PR- and its 22 rulings)
    are those of seed 002's specification (specs/princes.md in the shared folder): every
    ``**PR-x.n**`` rule, every table row ``| PR-x.n |`` and every section with no
    numbered rules (``(PR-TRP)``)."""
    from test_princes_scenarios import RULE_IDS
    from test_princes_scenarios import RULINGS as PRINCES_RULINGS

    spec = shared("specs/princes.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"\*\*(PR-[A-Z]+\.\d+)\*\*", spec))
    ids |= set(re.findall(r"^\| (PR-[A-Z]+\.\d+)\b", spec, flags=re.MULTILINE))
    sections = set(re.findall(r"^#+ .*\((PR-[A-Z]+)\)", spec, flags=re.MULTILINE))
    ids |= {s for s in sections if not any(i.startswith(s + ".") for i in ids)}
    assert sorted(ids) == sorted(RULE_IDS)
    rulings = {int(n) for n in re.findall(r"\bR-(\d+)\b", spec)}
    assert {f"R-{n}" for n in rulings} == set(PRINCES_RULINGS)

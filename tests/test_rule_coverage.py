"""Every rule id of ../shared/RULES.md is named by a test or a case that checks it.

The index is outside the repository: the meta-tests that read it are make conformance's
(tests/conformance/test_rule_coverage_witnessed.py); here, how names and case lines are read.

A rule id (column 1 of RULES.md's tables) is named

- by a test function in tests/ (read with the AST, so comments and strings do not count):
  the id lowercased, ``-`` and ``.`` written as ``_``, as a run of whole ``_``-separated
  tokens of the name (``test_reb_eff_6_1_x`` names REB-EFF-6.1, not REB-EFF-6.10; one test
  may name several ids, ``test_ctrl_3_ctrl_4_...``);
- or by a ``CASE`` line of a case file in cases/: the ids written first on the line, before
  the case's description (``CASE CTRL-3 CTRL-4 a unit leaves ...``).

The places where 001 is ambiguous (RULES.md's last section, numbered) are covered the same way
under the id ``AMBIGUITY-<n>`` (``test_ambiguity_3_...``, ``CASE SIEGE-8 AMBIGUITY-1 ...``),
and each needs its ruling in docs/rulings.md ("ambiguity <n>").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RULINGS = REPO / "docs" / "rulings.md"
#: seed 003's rules (Balance at Risk): every BAR id and ambiguity with its state
BAR_DOC = REPO / "docs" / "balance-at-risk.md"
BAR_RULINGS_HEADING = "## Balance at Risk (seed 003)"
MAKEFILE = REPO / "Makefile"
TESTS = REPO / "tests"
CASES = REPO / "cases"

# Rules other developers are covering right now (issue 8), left out until their work is merged;
# LOAN-2 and STR-G, named here at first, are covered already.
PENDING: set[str] = set()

ID_SHAPE = re.compile(r"[A-Z][A-Z0-9]*(?:-[A-Z0-9.]+)+")
AMBIGUITY_SECTION = "## Known ambiguities in 001"


def rule_ids(text: str) -> list[str]:
    """Column 1 of every `| id | rule | source |` table."""
    ids: list[str] = []
    in_table = False
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("|"):
            in_table = False
        elif cells[0] == "id":
            in_table = True
        elif in_table and not set(cells[0]) <= set("-: "):
            ids.append(cells[0])
    return ids


def ambiguity_numbers(text: str) -> list[int]:
    """The numbered items of RULES.md's last section, the ambiguities of 001."""
    section = text.split(AMBIGUITY_SECTION, 1)[1]
    return [int(n) for n in re.findall(r"^(\d+)\. ", section, flags=re.MULTILINE)]


def tokens(name: str) -> list[str]:
    return name.lower().replace("-", "_").replace(".", "_").split("_")


def names_of_tests() -> Iterator[str]:
    """Names of the test functions in tests/ (module level and in Test classes)."""
    for path in sorted(TESTS.glob("**/test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        bodies: list[list[ast.stmt]] = [tree.body]
        bodies += [c.body for c in tree.body if isinstance(c, ast.ClassDef)]
        for body in bodies:
            for node in body:
                is_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                if is_function and node.name.startswith("test"):  # type: ignore[union-attr]
                    yield node.name  # type: ignore[union-attr]


def case_files() -> list[Path]:
    return sorted(CASES.glob("**/*.txt"))


def case_line_ids(line: str) -> list[str]:
    """The ids a `CASE` line starts with: `CASE CTRL-3 CTRL-4 what it checks`."""
    ids: list[str] = []
    for word in line.split()[1:]:
        parts = [p for p in re.split(r"[,/]", word) if p]
        if not parts or not all(ID_SHAPE.fullmatch(p) for p in parts):
            break
        ids += parts
    return ids


def case_ids() -> Iterator[tuple[Path, str]]:
    for path in case_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("CASE "):
                for rule_id in case_line_ids(line):
                    yield path, rule_id


def token_runs(name: str) -> set[str]:
    """Every run of whole tokens of a name, joined by `_`."""
    t = tokens(name)
    return {"_".join(t[i:j]) for i in range(len(t)) for j in range(i + 1, len(t) + 1)}


def covered(ids: Iterable[str]) -> set[str]:
    named = {run for name in names_of_tests() for run in token_runs(name)}
    named |= {"_".join(tokens(rule_id)) for _, rule_id in case_ids()}
    return {rule_id for rule_id in ids if "_".join(tokens(rule_id)) in named}


def bar_states() -> dict[str, str]:
    """Seed 003's ids (``BAR-5.4``, ``A-7``) -> their state in docs/balance-at-risk.md."""
    states: dict[str, str] = {}
    for line in BAR_DOC.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and re.fullmatch(r"(BAR|A)-[0-9.]+b?",
                                                                      cells[0]):
            states[cells[0]] = cells[1]
    return states


#: the states that claim something built: a test or a case must name the id
BAR_CLAIMS = {"works", "partly", "data", "ruled"}


# -- the meta-test itself --------------------------------------------------------------------


def test_bar_ids_claimed_built_are_named_by_a_test_or_a_case() -> None:
    """Seed 003 (Balance at Risk): every rule docs/balance-at-risk.md calls built ("works",
    "partly", "data") and every ambiguity it calls ruled is named by a test or a case, as
    RULES.md's ids are."""
    states = bar_states()
    assert sum(1 for i in states if i.startswith("BAR-")) == 104  # the specification's
    claimed = [i for i, state in states.items() if state in BAR_CLAIMS]
    named = covered(claimed)
    assert [i for i in claimed if i not in named] == []


#: seed 003's cases: issue 40 asks for a case per BAR id, run by make test and the compiled build
BAR_CASES = CASES / "balance_at_risk"

#: BAR ids no case can show, each with its reason; their tests name them
BAR_NOT_IN_CASES = {
    # 003 18: rules of the mail and web service, not of adjudication: a case file holds a
    # position and one phase's orders, not a stored submission or a mail's recipients
    "BAR-18.1": "a `give` line once stored stands (tests/test_bar_transfers.py)",
    "BAR-18.4": "orders only from a mail to the judge alone (tests/test_bar_mail.py)",
}


def test_bar_ids_each_named_by_a_case_of_balance_at_risk() -> None:
    """Issue 40: every BAR id of docs/balance-at-risk.md, but those waiting for 003's map
    ("needs map"), its data ("data", checked by tests/test_bar_data.py) and the service's
    (BAR_NOT_IN_CASES), is named by a CASE line of cases/balance_at_risk/, so `make test`
    and the compiled build's check run it.  Ids 001 keeps ("as 001") are shown under bar."""
    wanted = [i for i, state in bar_states().items()
              if i.startswith("BAR-") and state not in {"needs map", "data"}
              and i not in BAR_NOT_IN_CASES]
    named = {"_".join(tokens(i)) for path, i in case_ids() if BAR_CASES in path.parents}
    assert [i for i in wanted if "_".join(tokens(i)) not in named] == []


def test_bar_ids_left_out_of_cases_are_known_and_tested() -> None:
    """The short list of BAR ids no case shows names ids the document has, each named by a
    test."""
    states = bar_states()
    assert [i for i in BAR_NOT_IN_CASES if i not in states] == []
    assert sorted(covered(BAR_NOT_IN_CASES)) == sorted(BAR_NOT_IN_CASES)


def test_bar_states_are_known_words() -> None:
    known = BAR_CLAIMS | {"not yet", "needs map", "as 001", "open"}
    assert {i: s for i, s in bar_states().items() if s not in known} == {}


def test_bar_rulings_are_in_their_own_section() -> None:
    """Each ambiguity of seed 003 called ruled has its ruling under "Balance at Risk (seed
    003)" in docs/rulings.md."""
    text = RULINGS.read_text(encoding="utf-8")
    assert BAR_RULINGS_HEADING in text
    section = text.split(BAR_RULINGS_HEADING, 1)[1].split("\n## ", 1)[0]
    ruled = [i for i, state in bar_states().items() if state == "ruled"]
    assert ruled and [i for i in ruled if f"**{i}," not in section] == []


def test_bar_case_lines_name_seed_003_ids_only_as_the_document_has_them() -> None:
    """A case line naming a BAR id or an ambiguity of 003 names one the document lists."""
    states = bar_states()
    unknown = sorted({f"{path.name}: {i}" for path, i in case_ids()
                      if re.fullmatch(r"(BAR|A)-[0-9.]+b?", i) and i not in states})
    assert unknown == []



def test_every_case_file_is_checked_by_make_test() -> None:
    """A case names a rule only if `make test` runs its file."""
    check_line = next(
        line for line in MAKEFILE.read_text().splitlines() if "adjudicate --check" in line
    )
    patterns = check_line.split("--check", 1)[1].split()
    run = {path for pattern in patterns for path in REPO.glob(pattern)}
    assert [p.relative_to(REPO) for p in case_files() if p not in run] == []


# -- the reader of names ----------------------------------------------------------------------


def names_id(test_name: str, rule_id: str) -> bool:
    return "_".join(tokens(rule_id)) in token_runs(test_name)


def test_a_name_names_ids_by_whole_tokens() -> None:
    assert names_id("test_reb_eff_6_1_x", "REB-EFF-6.1")
    assert not names_id("test_reb_eff_6_1_x", "REB-EFF-6.10")
    assert not names_id("test_reb_eff_6_10_x", "REB-EFF-6.1")
    assert names_id("test_ctrl_3_ctrl_4_x", "CTRL-4")
    assert not names_id("test_own_3a_x", "OWN-3")
    assert names_id("test_ambiguity_3_x", "AMBIGUITY-3")


def test_case_line_ids_are_the_leading_ids() -> None:
    assert case_line_ids("CASE CTRL-3 CTRL-4 a unit leaves X-1") == ["CTRL-3", "CTRL-4"]
    assert case_line_ids("CASE SIEGE-10/SIEGE-13, a bribe") == ["SIEGE-10", "SIEGE-13"]
    assert case_line_ids("CASE 6.A.5 (Move to own sector)") == []
    assert case_line_ids("CASE M5 hold under mach2") == []



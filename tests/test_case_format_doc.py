"""docs/case-format.md: every example block is exercised as what it is.

The fenced blocks carry their kind: ``case`` (a whole case file: read, run and
checked, each case passing with no order refused by the parser), ``shell``
(``machiavelli`` commands, run on the DATC file), ``output`` (what the runner
prints: a failure message, or the printed form with ``<...>`` placeholders).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cases.engine import default_engine
from machiavelli.cases.files import parse_cases, strip_comment
from machiavelli.cases.model import Case
from machiavelli.cases.runner import check_case, format_result, run_case
from machiavelli.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "case-format.md"
DATC = ROOT / "cases" / "datc_v2.4_06.txt"
KINDS = ("case", "shell", "output")


@dataclass(frozen=True)
class Block:
    kind: str
    text: str
    line: int  # of the opening fence

    def __str__(self) -> str:
        return f"{self.kind}@{self.line}"


def _blocks() -> list[Block]:
    text = DOC.read_text(encoding="utf-8")
    found = []
    for m in re.finditer(r"^```([\w-]*)\n(.*?)^```[ \t]*$", text, re.S | re.M):
        found.append(Block(m.group(1), m.group(2), text[: m.start()].count("\n") + 1))
    return found


BLOCKS = _blocks()


def _of(kind: str) -> list[Block]:
    return [b for b in BLOCKS if b.kind == kind]


def _doc_cases() -> list[Case]:
    return [c for b in _of("case") for c in parse_cases(b.text, f"{DOC.name}:{b.line}")]


def test_every_block_is_of_a_kind_the_test_exercises() -> None:
    fences = [x for x in DOC.read_text(encoding="utf-8").splitlines() if x.startswith("```")]
    assert len(fences) == 2 * len(BLOCKS)  # no block missed by the pattern
    assert [b for b in BLOCKS if b.kind not in KINDS] == []
    assert {b.kind for b in BLOCKS} == set(KINDS)


@pytest.mark.parametrize("block", _of("case"), ids=str)
def test_a_case_block_reads_runs_and_passes(block: Block) -> None:
    engine = default_engine()
    cases = parse_cases(block.text, f"{DOC.name}:{block.line}")
    assert cases
    for case in cases:
        assert case.error is None
        run = run_case(case, engine)
        assert run.error is None
        assert run.order_errors == [], case.name  # every order reads as a player writes it
        verdict = check_case(case, run, engine)
        assert verdict.passed, verdict.message


@pytest.mark.parametrize("block", _of("shell"), ids=str)
def test_the_shell_block_runs_on_the_datc_file(block: Block) -> None:
    commands = [strip_comment(line).strip() for line in block.text.splitlines()]
    assert len(commands) == 3
    for command in commands:
        words = shlex.split(command)
        assert words[:2] == ["machiavelli", "adjudicate"]
        args = [str(DATC) if w in ("FILE", "FILE...") else w for w in words[1:]]
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, (command, result.output[-2000:])
        lines = result.output.splitlines()
        if "--check" not in args:  # each case's adjudicated position
            assert lines[0].startswith("CASE ") and "POSTSTATE" in lines
            continue
        assert re.fullmatch(r"\d+ passed, 0 failed", lines[-1])
        verdicts = lines[:-1]
        assert verdicts and all(v.startswith("PASS ") for v in verdicts)
        if "-k" in args:
            selected = args[args.index("-k") + 1]
            assert all(selected in v for v in verdicts)
            assert len(verdicts) < len(re.findall(r"^CASE ", DATC.read_text(), re.M))


def test_the_failure_message_is_that_of_6_a_5_without_its_orders() -> None:
    [message] = [b for b in _of("output") if b.text.startswith("FAIL ")]
    name = message.text.split(":")[0].removeprefix("FAIL ")
    [case] = [c for c in _doc_cases() if c.name == name]
    holding = replace(case, orders=[])
    engine = default_engine()
    verdict = check_case(holding, run_case(holding, engine), engine)
    assert not verdict.passed
    assert verdict.message == message.text.strip()


def test_the_printed_form_matches_every_standard_case_of_the_doc() -> None:
    [template] = [b for b in _of("output") if b.text.startswith("CASE <")]
    patterns = [_pattern(line) for line in template.text.splitlines()]
    headers = [line for line in template.text.splitlines() if "<" not in line]
    standard = [c for c in _doc_cases() if not c.machiavelli]
    assert len(standard) == 2
    for case in standard:
        printed = format_result(case, run_case(case)).splitlines()
        assert patterns[0].fullmatch(printed[0]) and printed[-1] == "END"
        assert all(any(p.fullmatch(line) for p in patterns) for line in printed), printed
        shown = [line for line in printed if line in headers]
        assert shown == [h for h in headers if h in shown]  # in the template's order
    dislodging = format_result(standard[0], run_case(standard[0])).splitlines()
    assert "POSTSTATE_DISLODGED" in dislodging and "\tEngland: A yor" in dislodging


def _pattern(line: str) -> re.Pattern[str]:
    """A template line as a pattern: ``<name>`` any text, ``<A|F|G>`` one of them..."""
    parts = re.split(r"(<[^>]+>)", line)
    words = {"<name>": ".+", "<Power>": r"\w+", "<place>": r"\S+"}
    out = []
    for part in parts:
        if part in words:
            out.append(words[part])
        elif part.startswith("<") and part.endswith(">"):  # <A|F|G>: one of them
            out.append("(?:" + "|".join(map(re.escape, part[1:-1].split("|"))) + ")")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out))


def test_the_options_block_sets_the_options_its_comments_name() -> None:
    own, diplomacy = [c for c in _doc_cases() if "among them" in c.name or "options" in c.name]
    assert (own.variant, diplomacy.variant) == ("Machiavelli", "Standard")
    assert own.options["mach2"] and not own.options["coastal_convoys"]
    assert own.options["famine"] is False and diplomacy.options["famine"] is False
    assert diplomacy.options["diplomacy"]


def test_bar_1_2_a_unit_line_reads_independent_as_autonomous() -> None:
    """Seed 003 calls the units no power owns independent: a case's unit line may say
    ``Independent:`` as well as ``Autonomous:`` (docs/case-format.md)."""
    text = ("VARIANT_ALL Machiavelli\nOPTIONS_ALL bar\nCASE independent\n"
            "PRESTATE_SETPHASE Spring 1455, Movement\nPRESTATE\n\tIndependent: A luc\n"
            "\tAutonomous: G psa\nORDERS\nPOSTSTATE_SAME\nEND\n")
    (case,) = parse_cases(text)
    run = run_case(case)
    assert run.before is not None
    assert sorted((u.owner or "", u.kind, u.province) for u in run.before.units) == [
        ("", "A", "luc"), ("", "G", "psa")]

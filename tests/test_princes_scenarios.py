"""The Princes of the Renaissance acceptance scenarios (cases/princes/*.json) and the
``machiavelli princes check`` command: every scenario agrees, every rule id and ruling of
the specification has a scenario, and bad input gets a clear message, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.princes.scenario import check, check_file, read

CASES = Path(__file__).resolve().parent.parent / "cases" / "princes"
FILES = sorted(CASES.glob("*.json"))

#: every rule id of the specification (princes.md section 1) and its 22 rulings
RULE_IDS = (
    [f"PR-COMP.{i}" for i in range(1, 10)] + [f"PR-SET.{i}" for i in range(1, 13)]
    + [f"PR-START.{i}" for i in range(1, 6)] + [f"PR-TURN.{i}" for i in range(1, 7)]
    + [f"PR-BUY.{i}" for i in range(1, 11)] + [f"PR-AUC.{i}" for i in range(1, 18)]
    + [f"PR-WAR.{i}" for i in range(1, 15)] + [f"PR-BAT.{i}" for i in range(1, 8)]
    + [f"PR-STAT.{i}" for i in range(1, 5)] + ["PR-PASS.1"]
    + [f"PR-DEC.{i}" for i in range(1, 6)] + [f"PR-END.{i}" for i in range(1, 10)]
    + [f"PR-GEN.{i}" for i in range(1, 7)] + [f"PR-FAM.{i}" for i in range(1, 7)]
    + [f"PR-TILE.{i}" for i in range(1, 14)] + [f"PR-TRA.{i}" for i in range(1, 9)]
    + ["PR-TRP", "PR-EVD", "PR-TAB"]
)
RULINGS = [f"R-{i}" for i in range(1, 23)]
#: ids a scenario cannot show (the board drawn at random, the money hidden from view):
#: unit tests in test_princes_engine.py carry them
UNIT_TESTED = {"PR-SET.4", "PR-SET.5", "PR-COMP.4", "PR-GEN.4"}
#: the engine's rulings a scenario cannot show (who is asked, a missed decision's default):
#: unit tests in test_princes_rulings.py carry them
RULINGS_UNIT_TESTED = {"R-28", "R-32"}
DOC_RULINGS = CASES.parent.parent / "docs" / "princes-rulings.md"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_agrees(path: Path) -> None:
    outcome = check_file(path)
    assert outcome.agree, outcome.notes


def test_every_rule_id_and_ruling_has_a_scenario() -> None:
    rules: set[str] = set()
    rulings: set[str] = set()
    for path in FILES:
        data = json.loads(path.read_text())
        rules |= set(data["rules"])
        rulings |= set(data["rulings"])
    assert sorted(set(RULE_IDS) - rules - UNIT_TESTED) == []
    assert sorted(set(RULINGS) - rulings) == []
    assert all(re.fullmatch(r"PR-[A-Z]+(\.\d+)?", r) for r in rules)
    assert rules <= set(RULE_IDS)


def test_every_ruling_of_the_rulings_document_has_a_scenario_or_a_test() -> None:
    """docs/princes-rulings.md: the specification's R-1 to R-22 and the engine's own
    (R-23 on) are each named by a scenario's ``rulings``, or by a test (``test_r_28_...``)
    where a scenario cannot show it."""
    documented = set(re.findall(r"\bR-\d+\b", DOC_RULINGS.read_text(encoding="utf-8")))
    assert set(RULINGS) <= documented and "R-23" in documented
    named = {r for path in FILES for r in json.loads(path.read_text())["rulings"]}
    tested = {r for r in RULINGS_UNIT_TESTED if _test_named(f"test_r_{r[2:]}_")}
    assert sorted(documented - named - tested, key=lambda r: int(r[2:])) == []


def test_the_ids_left_to_unit_tests_are_named_by_one() -> None:
    """A rule id a scenario cannot show is named by a test (``test_pr_set_4_...``)."""
    missing = [i for i in sorted(UNIT_TESTED)
               if not _test_named("test_" + i.lower().replace("-", "_").replace(".", "_")
                                  + "_")]
    assert missing == []


def _test_named(prefix: str) -> bool:
    tests = Path(__file__).resolve().parent
    return any(re.search(rf"^def {prefix}", path.read_text(encoding="utf-8"), re.MULTILINE)
               for path in tests.glob("test_princes_*.py"))


def test_a_wrong_expectation_disagrees() -> None:
    data = read(CASES / "seed_war_example.json")
    data["expect"]["status"]["roma"] = 6
    outcome = check(data)
    assert not outcome.agree
    assert any("status.roma: expected 6, found 7" in n for n in outcome.notes)


def test_an_expected_refusal_that_is_accepted_disagrees() -> None:
    data = read(CASES / "pr_turn_pass_and_order.json")
    data["script"][0]["expect_illegal"] = True
    assert not check(data).agree


def test_check_prints_one_line_each_and_the_count() -> None:
    result = CliRunner().invoke(main, ["princes", "check", *map(str, FILES[:3])])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 4 and lines[-1] == "3/3 scenarios agree"


BAD = {
    "malformed.json": ('{"id": "x", ', "malformed JSON"),
    "unknown_tile.json": (json.dumps({"id": "t", "rules_params": {"players": 3}, "state": {
        "seats": {"P1": {"family": "deste", "city_tiles": ["palazzo_vecchio"]}}},
        "script": [], "expect": {}}), "unknown city tile 'palazzo_vecchio'"),
    "huge.json": (json.dumps({"id": "h", "rules_params": {"players": 3}, "state": {
        "seats": {"P1": {"gold": int("9" * 4000)}}}}), "a number of 4000 digits is outside"),
    "digits5000.json": ('{"id": "d", "state": {"seats": {"P1": {"gold": ' + "7" * 5000 + "}}}}",
                        "malformed JSON: Exceeds the limit"),
    "odd.json": (json.dumps({"id": "o", "rules_params": {"players": 3}, "state": {
        "seats": {"P1": {"gold": "12,5"}}}}), "is not a whole number"),
    "players.json": (json.dumps({"id": "p", "rules_params": {"players": 9}}), "outside 3..6"),
    "list.json": ("[1, 2]", "a scenario is one JSON object"),
    "bad_bid.json": (json.dumps({"id": "b", "rules_params": {"players": 3},
                                 "state": {"seats": {}},
                                 "script": [{"seat": "P1", "act": "auction",
                                             "item": {"kind": "pope"}, "bid": 10 ** 30}],
                                 "expect": {}}), "PR-AUC.15 the opening bid of 31 digits"),
    "unknown_seat.json": (json.dumps({"id": "s", "rules_params": {"players": 3},
                                      "script": [{"seat": "P9", "act": "pass_turn"}]}),
                          "unknown seat 'P9'"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_names_the_file_and_the_reason(tmp_path: Path, name: str) -> None:
    text, reason = BAD[name]
    path = tmp_path / name
    path.write_text(text)
    result = CliRunner().invoke(main, ["princes", "check", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and result.exception is None or \
        isinstance(result.exception, SystemExit)
    assert name in result.output and reason in result.output, result.output
    assert result.output.strip().endswith("0/1 scenarios agree")


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["princes", "check", str(tmp_path / "nope.json")])
    assert result.exit_code == 1
    assert "nope.json" in result.output and "cannot read it" in result.output


WEIRD = [None, -1, 10 ** 40, "x", [], {}, True, 2.5, ["venezia"], {"a": 1}]


@pytest.mark.parametrize("path", FILES[::7], ids=[p.stem for p in FILES[::7]])
def test_mangled_scenarios_never_raise(tmp_path: Path, path: Path) -> None:
    """Every value of a scenario replaced in turn by odd ones: a verdict, never an exception."""
    data = json.loads(path.read_text())

    def spots(node: object, trail: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        out = [trail]
        if isinstance(node, dict):
            for k, v in node.items():
                out += spots(v, (*trail, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                out += spots(v, (*trail, i))
        return out

    for n, trail in enumerate(spots(data)[1:]):
        mangled = json.loads(json.dumps(data))
        node = mangled
        for key in trail[:-1]:
            node = node[key]  # type: ignore[index]
        node[trail[-1]] = WEIRD[n % len(WEIRD)]  # type: ignore[index]
        file = tmp_path / f"m{n}.json"
        file.write_text(json.dumps(mangled))
        check_file(file)


def test_catalogue_command_marks_provisional_values() -> None:
    result = CliRunner().invoke(main, ["princes", "catalogue", "--provisional"])
    assert result.exit_code == 0
    assert "troops.stradiots.price = 6  [provisional]" in result.output
    assert "[seed]" not in result.output
    full = CliRunner().invoke(main, ["princes", "catalogue"]).output
    assert "troops.cavalry.defence = no symbol  [seed]" in full


def test_a_scenario_whose_dice_run_out_disagrees() -> None:
    data = read(CASES / "seed_war_example.json")
    data["dice"] = data["dice"][:2]
    outcome = check(data)
    assert not outcome.agree
    assert any("dice ran out" in n and "Roma attack, round 2" in n for n in outcome.notes)

"""Case files: reading, the Machiavelli extension, errors, writing and checking.

The tiny board and fake adjudicator of ``case_fakes`` stand in for the real
map, parser and resolver, so these tests exercise only the case-file code.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from case_fakes import FakeSubmission, fake_engine, tiny_board

from machiavelli.cases.engine import Engine
from machiavelli.cases.files import parse_cases, read_cases, strip_comment
from machiavelli.cases.model import MACHIAVELLI_OPTIONS, Case, ExpectedRoll
from machiavelli.cases.runner import (
    CaseRun,
    check_case,
    format_result,
    initial_state,
    run_case,
    run_cases,
)
from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, Roll
from machiavelli.core.orders import Expense, Hold, Order, Pay, UnitRef
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Dislodged, Loan, Rebellion, State, Unit


def load(name: str) -> Board:
    return tiny_board(name)


def read(text: str) -> list[Case]:
    return parse_cases(text, "t.txt", load)


def one(text: str) -> Case:
    cases = read(text)
    assert len(cases) == 1
    return cases[0]


DATC_LIKE = """\
# a comment
VARIANT_ALL Standard

CASE 1 simple
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tMilan: A gen\t\t# trailing comment
\tFlorence: F spa/sc
ORDERS
\tMilan: A gen-mod
\tFlorence: F spa/sc H   # a comment
POSTSTATE
\tMilan: A mod
\tFlorence: F spa/sc
END
"""


# -- reading the DATC format --------------------------------------------------------


def test_reads_variant_phase_units_orders_and_expectation() -> None:
    case = one(DATC_LIKE)
    assert case.error is None
    assert case.name == "1 simple"
    assert (case.file, case.line) == ("t.txt", 4)
    assert (case.variant, case.board, case.options) == ("Standard", "standard", {"diplomacy": True})
    assert (case.year, case.season, case.phase) == (1901, "spring", "movement")
    assert case.units == [Unit("A", "Milan", "gen"), Unit("F", "Florence", "spa", "sc")]
    assert [(o.power, o.text, o.line) for o in case.orders] == [
        ("Milan", "A gen-mod", 10),
        ("Florence", "F spa/sc H", 11),
    ]
    assert case.expect_units == [Unit("A", "Milan", "mod"), Unit("F", "Florence", "spa", "sc")]
    assert case.expect_dislodged == []  # POSTSTATE without POSTSTATE_DISLODGED: none


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Spring 1901, Movement", (1901, "spring", "movement")),
        ("Fall 1901, Retreat", (1901, "fall", "retreat")),
        ("Fall 1901, Adjustment", (1901, "winter", "adjustment")),
        ("Winter 1455", (1455, "winter", "adjustment")),
        ("Summer 1454, Movement", (1454, "summer", "movement")),
        ("Spring 1902", (1902, "spring", "movement")),
    ],
)
def test_phase_line(text: str, expected: tuple[int, str, str]) -> None:
    case = one(f"CASE x\nPRESTATE_SETPHASE {text}\nPRESTATE\nEND\n")
    assert case.error is None
    assert (case.year, case.season, case.phase) == expected


def test_no_phase_line_means_spring_1901_movement() -> None:
    case = one("CASE x\nPRESTATE\n\tMilan: A gen\nEND\n")
    assert (case.year, case.season, case.phase) == (1901, "spring", "movement")


def test_comment_needs_line_start_or_white_space() -> None:
    assert strip_comment("\tMilan: A gen from gen#") == "\tMilan: A gen from gen#"
    assert strip_comment("\tMilan: A gen # note") == "\tMilan: A gen"
    assert strip_comment("### all gone") == ""


def test_supply_centre_owners_set_province_and_city() -> None:
    case = one(
        "CASE x\nPRESTATE_SETPHASE Fall 1901, Adjustment\nPRESTATE_SUPPLYCENTER_OWNERS\n"
        "\tMilan: A gen\n\tFlorence: mod\nPRESTATE\nORDERS\n\tMilan: Build A gen\nPOSTSTATE\nEND\n"
    )
    assert case.error is None
    assert case.province_owner == {"gen": "Milan", "mod": "Florence"}
    assert case.city_owner == {"gen": "Milan"}  # Modena has no city
    assert case.units == []


def test_misspelt_power_and_missing_colon_are_forgiven() -> None:
    case = one(
        "CASE x\nPRESTATE\n\tMilan: A gen\n\tFlorence F pis\nORDERS\n\tMilna: A gen-mod\n"
        "POSTSTATE\n\tflorence f pis\n\tMILAN: a GEN\nEND\n"
    )
    assert case.error is None
    assert case.orders[0].power == "Milan"
    assert Unit("F", "Florence", "pis") in case.units
    assert case.expect_units == [Unit("F", "Florence", "pis"), Unit("A", "Milan", "gen")]


def test_poststate_same_is_the_prestate() -> None:
    case = one("CASE x\nPRESTATE\n\tMilan: A gen\nORDERS\nPOSTSTATE_SAME\nEND\n")
    assert case.expect_units == [Unit("A", "Milan", "gen")]
    assert case.expect_dislodged == []


def test_no_poststate_means_nothing_compared() -> None:
    case = one("CASE x\nPRESTATE\n\tMilan: A gen\nORDERS\nEND\n")
    assert case.expect_units is None and case.expect_dislodged is None


# -- retreats: attacker origin and contested provinces from PRESTATE_RESULTS ---------


RETREAT = """\
CASE r
PRESTATE_SETPHASE Spring 1901, Retreat
PRESTATE
\tFlorence: A mod
\tFlorence: A pis
\tFlorence: F gen
\tVenice: A ven
PRESTATE_DISLODGED
\tMilan: A mod
\tMilan: A gen
PRESTATE_RESULTS
\tSUCCESS: Florence: A gen-mod
\tSUCCESS: Florence: A pis S A gen-mod
\tFAILURE: Milan: A mod-gen
\tSUCCESS: Florence: F lig-gen
\tFAILURE: Milan: A gen H
\tFAILURE: Venice: A ven-mil
\tFAILURE: Venice: F lig-spa
\tFAILURE: Venice: A ven-pis
ORDERS
\tMilan: A mod-gen
END
"""


def test_prestate_results_give_attacker_origin_and_contested() -> None:
    case = one(RETREAT)
    assert case.error is None
    assert case.dislodged == [
        Dislodged(Unit("A", "Milan", "mod"), "gen"),
        Dislodged(Unit("A", "Milan", "gen"), "lig"),
    ]
    # mil, spa: failed moves into empty provinces; gen: occupied (and mod-gen lost a
    # head-to-head battle); pis: occupied
    assert case.contested == ["mil", "spa"]


def test_convoyed_attack_leaves_no_origin_and_broken_convoy_no_standoff() -> None:
    case = one(
        "CASE r\nPRESTATE_SETPHASE Spring 1901, Retreat\nPRESTATE\n\tFlorence: A mod\n"
        "PRESTATE_DISLODGED\n\tMilan: A mod\n\tMilan: F lig\nPRESTATE_RESULTS\n"
        "\tSUCCESS: Florence: A gen-mod via convoy\n"
        "\tFAILURE: Milan: A mil-pis via convoy\n\tSUCCESS: Milan: F lig C A mil-pis\n"
        "ORDERS\nEND\n"
    )
    assert case.error is None
    assert case.dislodged[0] == Dislodged(Unit("A", "Milan", "mod"), None)
    assert case.contested == []


def test_explicit_from_and_contested_win() -> None:
    case = one(
        "VARIANT_ALL Machiavelli\nCASE r\nPRESTATE_SETPHASE Spring 1454, Retreat\nPRESTATE\n"
        "\tFlorence: A gen\nPRESTATE_DISLODGED\n\tMilan: A gen from gen#\n"
        "\tMilan: A mod from Pisa\n"
        "\tMilan: A mil\nPRESTATE_CONTESTED\n\tpis, gen#\n\tven#\nORDERS\nEND\n"
    )
    assert case.error is None
    assert case.dislodged == [
        Dislodged(Unit("A", "Milan", "gen"), "gen#", by_conversion=True),
        Dislodged(Unit("A", "Milan", "mod"), "pis"),
        Dislodged(Unit("A", "Milan", "mil"), None),
    ]
    assert case.contested == ["pis", "gen#", "ven"]  # Venice: city and province are one space


# -- the Machiavelli extension -------------------------------------------------------


MACH = """\
VARIANT_ALL Machiavelli
OPTIONS_ALL nofamine

CASE SIEGE-1 everything
PRESTATE_SETPHASE Summer 1454, Movement
PRESTATE_OPTIONS mach2, nocoastal_convoys
\tforts
PRESTATE
\tMilan: A gen
\tAutonomous: G gen
\tMilan: elite_mercenary A mil
\tVenice: militia G Venice
\tFlorence: elite professional F pis
PRESTATE_SIEGES
\tMilan: A gen
PRESTATE_REBELLIONS
\tgen: Milan province city
\tmod: Florence
PRESTATE_PROVINCE_OWNERS
\tMilan: gen, mil
\tFlorence: Modena Pisa
PRESTATE_CITY_OWNERS
\tMilan: mil
PRESTATE_TREASURY
\tMilan: 12
\tFlorence: 3 ducats
ORDERS
\tMilan: A gen B
POSTSTATE
\tMilan: A gen
POSTSTATE_SIEGES
POSTSTATE_REBELLIONS
\tmod: Florence province
POSTSTATE_PROVINCE_OWNERS
\tMilan: gen
POSTSTATE_CITY_OWNERS
\tMilan: mil, gen
POSTSTATE_TREASURY
\tMilan: 9
POSTSTATE_RESULTS
\tsucceeds: Milan: A gen B
\tbounced: Milan: A mil-mod
END
"""


def test_machiavelli_sections() -> None:
    case = one(MACH)
    assert case.error is None
    assert (case.variant, case.board) == ("Machiavelli", "classic")
    assert case.options == MACHIAVELLI_OPTIONS | {
        "famine": False,
        "mach2": True,
        "coastal_convoys": False,
        "fortresses": True,
    }
    assert (case.season, case.phase) == ("summer", "movement")
    assert case.units == [
        Unit("A", "Milan", "gen", siege=1),
        Unit("G", None, "gen"),
        Unit("A", "Milan", "mil", special="elite_mercenary"),
        Unit("G", "Venice", "ven", special="militia"),
        Unit("F", "Florence", "pis", special="elite_professional"),
    ]
    assert case.rebellions == {
        "gen": Rebellion("gen", "Milan", True, True),
        "mod": Rebellion("mod", "Florence", True, False),
    }
    assert case.province_owner == {
        "gen": "Milan",
        "mil": "Milan",
        "mod": "Florence",
        "pis": "Florence",
    }
    assert case.city_owner == {"mil": "Milan"}
    assert case.treasury == {"Milan": 12, "Florence": 3}
    assert case.expect_sieges == []
    assert case.expect_rebellions == {"mod": Rebellion("mod", "Florence", True, False)}
    assert case.expect_province_owner == {"gen": "Milan"}
    assert case.expect_city_owner == {"mil": "Milan", "gen": "Milan"}
    assert case.expect_treasury == {"Milan": 9}
    assert [(r.outcome, r.power, r.text) for r in case.expect_results or []] == [
        ("succeeds", "Milan", "A gen B"),
        ("bounced", "Milan", "A mil-mod"),
    ]
    assert case.extras == {
        "SIEGES",
        "REBELLIONS",
        "PROVINCE_OWNERS",
        "CITY_OWNERS",
        "TREASURY",
        "RESULTS",
    }


@pytest.mark.parametrize(
    ("words", "coastal"),
    [("mach2", False), ("mach2 coastal_convoys", True), ("coastalconvoy mach2", True), ("", True)],
)
def test_mach2_brings_no_coastal_convoys_unless_said(words: str, coastal: bool) -> None:
    case = one(f"VARIANT_ALL Machiavelli\nCASE x\nPRESTATE_OPTIONS {words}\nPRESTATE\nEND\n")
    assert case.error is None
    assert case.options["coastal_convoys"] is coastal


def test_machiavelli_defaults_are_the_classic_scenarios() -> None:
    from machiavelli.game import scenario
    _, state = scenario.load_scenario("classic_1454")
    assert state.options == MACHIAVELLI_OPTIONS


def test_per_case_variant_overrides_file_variant() -> None:
    cases = read(
        "VARIANT_ALL Machiavelli\nCASE a\nVARIANT Standard\nPRESTATE\nEND\nCASE b\nPRESTATE\nEND\n"
    )
    assert [(c.variant, c.board) for c in cases] == [
        ("Standard", "standard"),
        ("Machiavelli", "classic"),
    ]


def test_initial_state_carries_everything() -> None:
    case = one(MACH)
    state = initial_state(case, tiny_board())
    assert state.board == "classic"
    assert (state.year, state.season, state.phase) == (1454, "summer", "movement")
    assert state.powers == ["Milan", "Florence", "Venice"]
    assert state.home == {"Milan": ("gen", "mil"), "Florence": ("pis",), "Venice": ("ven",)}
    assert state.units == case.units and state.units is not case.units
    assert state.treasury == {"Milan": 12, "Florence": 3}
    assert state.options["mach2"] is True


# -- errors ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("PRESTATE\n\tMilan: A xyz\n", 3, "unknown place 'xyz'"),
        ("PRESTATE\n\tMilan A\n", 3, "expected 'Power: ...'"),
        ("PRESTATE\n\tMilan: Q gen\n", 3, "expected 'Power: A|F|G place'"),
        ("PRESTATE\n\tNobody: A gen\n", 3, "unknown power 'Nobody'"),
        ("PRESTATE\n\tMilan: A lig\n", 3, "army cannot be in the sea"),
        ("PRESTATE\n\tMilan: F spa\n", 3, "needs a coast"),
        ("PRESTATE\n\tMilan: F spa/ec\n", 3, "no coast 'ec'"),
        ("PRESTATE\n\tMilan: G mod\n", 3, "no city for a garrison"),
        ("PRESTATE\n\tAutonomous: A gen\n", 3, "only garrisons can be autonomous (but under bar"),
        ("PRESTATE_WHATEVER\n", 2, "unknown keyword PRESTATE_WHATEVER"),
        ("PRESTATE_SETPHASE Someday\n", 2, "expected e.g. 'Spring 1901, Movement'"),
        ("PRESTATE_SETPHASE Spring 1901, Adjustment\n", 2, "adjustment phase follows fall"),
        ("PRESTATE_OPTIONS mach3\n", 2, "unknown option 'mach3'"),
        ("VARIANT Chess\n", 2, "unknown variant 'Chess'"),
        ("PRESTATE\nPRESTATE_SIEGES\n\tMilan: A gen\n", 4, "no such unit in PRESTATE"),
        ("PRESTATE\nPRESTATE_REBELLIONS\n\tgen: Milan town\n", 4, "'province' and/or 'city'"),
        ("PRESTATE\nPRESTATE_TREASURY\n\tMilan: lots\n", 4, "expected 'Power: <ducats>'"),
        ("PRESTATE\nPRESTATE_RESULTS\n\tMAYBE: Milan: A gen H\n", 4, "SUCCESS|FAILURE"),
        ("PRESTATE\nORDERS\nPOSTSTATE_RESULTS\n\twon: Milan: A gen H\n", 5, "outcome one of"),
        ("\tMilan: A gen\n", 2, "entry before any section"),
        ("PRESTATE extra\n", 2, "PRESTATE takes no value"),
    ],
)
def test_unreadable_case_names_file_and_line(body: str, line: int, message: str) -> None:
    cases = read(f"CASE bad\n{body}END\nCASE good\nPRESTATE\n\tMilan: A gen\nEND\n")
    assert len(cases) == 2
    bad, good = cases
    assert bad.name == "bad"
    assert bad.error is not None
    assert bad.error.startswith(f"t.txt:{line}: ")
    assert message in bad.error
    assert good.error is None and good.units == [Unit("A", "Milan", "gen")]


def test_case_without_end() -> None:
    cases = read("CASE a\nPRESTATE\nCASE b\nPRESTATE\n")
    assert [(c.name, c.error) for c in cases] == [
        ("a", "t.txt:1: CASE without END"),
        ("b", "t.txt:3: CASE without END"),
    ]


def test_lines_outside_cases() -> None:
    cases = read("\tMilan: A gen\nPRESTATE\nCASE ok\nPRESTATE\nEND\n")
    assert [c.error for c in cases] == [
        "t.txt:1: entry outside a case: 'Milan: A gen'",
        "t.txt:2: PRESTATE outside a case",
        None,
    ]


def test_board_that_cannot_load_is_a_case_error() -> None:
    def broken(name: str) -> Board:
        raise FileNotFoundError(f"no map {name}")

    (case,) = parse_cases("CASE x\nPRESTATE\nEND\n", "t.txt", broken)
    assert case.error == "t.txt:1: FileNotFoundError: no map standard"


def test_read_cases_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "c.txt"
    path.write_text(DATC_LIKE, encoding="utf-8")
    (case,) = read_cases(path, load)
    assert case.file == str(path) and case.error is None
    missing = read_cases(tmp_path / "none.txt", load)
    assert missing[0].error is not None and "cannot read" in missing[0].error


# -- running ---------------------------------------------------------------------------


def test_run_joins_each_powers_orders_and_never_reads_the_expectation() -> None:
    seen: list[tuple[str, str]] = []

    def parse(text: str, board: Board, state: State, power: str) -> FakeSubmission:
        seen.append((power, text))
        return FakeSubmission([Hold(UnitRef("A", "gen"))], ["one bad line"])

    def resolve(board: Board, state: State, orders: object) -> Adjudication:
        return Adjudication(state, [])

    engine = Engine(load, parse, {"movement": resolve})
    case = one(
        DATC_LIKE.replace("\tFlorence: F spa/sc H", "\tFlorence: F spa/sc H\n\tMilan: A gen H")
    )
    run = run_case(case, engine)
    assert seen == [("Milan", "A gen-mod\nA gen H"), ("Florence", "F spa/sc H")]
    assert run.error is None and run.state is not None
    assert run.state.units == case.units  # the resolver's position, not POSTSTATE
    assert run.order_errors == ["Milan: one bad line", "Florence: one bad line"]


def test_resolver_exception_is_a_case_failure() -> None:
    def boom(board: Board, state: State, orders: object) -> Adjudication:
        raise KeyError("zzz")

    engine = Engine(load, fake_engine().parse_orders, {"movement": boom})
    (run, verdict), (run2, verdict2) = run_cases(read(DATC_LIKE + DATC_LIKE), engine)
    assert run.error == "adjudicating the movement phase: KeyError: 'zzz'"
    assert verdict.message == "FAIL 1 simple: adjudicating the movement phase: KeyError: 'zzz'"
    assert not verdict2.passed


# -- writing ---------------------------------------------------------------------------


def test_writer_keeps_spelling_sorts_units_and_lists_dislodged() -> None:
    case = one(
        "CASE w\nPRESTATE\n\tMilan: A Genoa\n\tMilan: A MOD\n\tVenice: F spa/sc\n"
        "\tFlorence: A pis\nORDERS\n\tMilan: A Genoa-pis\nEND\n"
    )
    run = run_case(case, fake_engine())
    assert run.error is None
    assert format_result(case, run) == (
        "CASE w\n"
        "POSTSTATE\n"
        "\tMilan: A MOD\n"
        "\tMilan: A pis\n"
        "\tVenice: F spa/sc\n"
        "POSTSTATE_DISLODGED\n"
        "\tFlorence: A pis\n"
        "END\n"
    )


def test_writer_prints_machiavelli_sections_the_case_used() -> None:
    case = one(MACH)
    state = initial_state(case, tiny_board())
    state.dislodged = [Dislodged(Unit("A", "Milan", "mod"), "gen#", True)]
    result = OrderResult("Milan", Hold(UnitRef("A", "gen")), "succeeds", "held")
    text = format_result(case, CaseRun(case, state, [result]))
    assert text.splitlines()[1:] == [
        "POSTSTATE",
        "\tAutonomous: G gen",
        "\tFlorence: elite_professional F pis",
        "\tMilan: A gen",
        "\tMilan: elite_mercenary A mil",
        "\tVenice: militia G Venice",
        "POSTSTATE_DISLODGED",
        "\tMilan: A mod from gen#",  # spelt as the case file first did
        "POSTSTATE_SIEGES",
        "\tMilan: A gen",
        "POSTSTATE_REBELLIONS",
        "\tgen: Milan province city",
        "\tmod: Florence province",
        "POSTSTATE_PROVINCE_OWNERS",
        "\tFlorence: mod, pis",
        "\tMilan: gen, mil",
        "POSTSTATE_CITY_OWNERS",
        "\tMilan: mil",
        "POSTSTATE_TREASURY",
        "\tFlorence: 3",
        "\tMilan: 12",
        "POSTSTATE_RESULTS",
        "\tsucceeds: Milan: A gen H\t# held",
        "END",
    ]


def test_writer_output_reads_back() -> None:
    case = one(MACH)
    state = initial_state(case, tiny_board())
    text = format_result(case, CaseRun(case, state, []))
    again = one("VARIANT_ALL Machiavelli\n" + text)
    assert again.error is None
    assert again.expect_units is not None
    assert sorted(map(repr, again.expect_units)) == sorted(
        repr(Unit(u.kind, u.owner, u.province, u.coast, u.special)) for u in case.units
    )


def test_writer_reports_a_failed_run() -> None:
    case = one("CASE x\nPRESTATE\n\tMilan: A xyz\nEND\n")
    text = format_result(case, run_case(case, fake_engine()))
    assert text == "CASE x\n# no result: t.txt:3: unknown place 'xyz'\nEND\n"


# -- checking --------------------------------------------------------------------------


def verdict(text: str) -> str:
    case = one(text)
    engine = fake_engine()
    return check_case(case, run_case(case, engine), engine).message


def test_check_pass() -> None:
    assert verdict(DATC_LIKE) == "PASS 1 simple"


def test_check_ignores_order_and_letter_case() -> None:
    text = DATC_LIKE.replace(
        "\tMilan: A mod\n\tFlorence: F spa/sc", "\tflorence: F SPA/SC\n\tMILAN: a Mod"
    )
    assert verdict(text) == "PASS 1 simple"


def test_check_fail_names_missing_and_extra() -> None:
    text = DATC_LIKE.replace("\tMilan: A mod\n", "\tMilan: A gen\n")
    assert verdict(text) == (
        "FAIL 1 simple: POSTSTATE missing Milan: A gen; POSTSTATE extra Milan: A mod"
    )


def test_check_dislodged() -> None:
    base = (
        "CASE d\nPRESTATE\n\tMilan: A gen\n\tMilan: A mil\n\tFlorence: A mod\nORDERS\n"
        "\tMilan: A gen-mod\nPOSTSTATE\n\tMilan: A mod\n\tMilan: A mil\n"
    )
    assert verdict(base + "END\n") == "FAIL d: POSTSTATE_DISLODGED extra Florence: A mod"
    assert verdict(base + "POSTSTATE_DISLODGED\n\tFlorence: A mod\nEND\n") == "PASS d"
    assert verdict(base + "POSTSTATE_DISLODGED\n\tFlorence: A mod from gen\nEND\n") == "PASS d"
    assert verdict(base + "POSTSTATE_DISLODGED\n\tFlorence: A mod from mil\nEND\n") == (
        "FAIL d: POSTSTATE_DISLODGED Florence: A mod attacked from gen, expected mil"
    )


def test_check_may_omit_a_dislodged_unit_with_no_retreat() -> None:
    """DATC files from jDip/godip leave out units that are disbanded at once (6.D.8)."""
    text = (
        "CASE d\nPRESTATE\n\tMilan: A gen\n\tMilan: A mil\n\tFlorence: A mod\nORDERS\n"
        "\tMilan: A gen-mod\nPOSTSTATE\n\tMilan: A mod\n\tMilan: A mil\nEND\n"
    )
    case = one(text)
    asked: list[Dislodged] = []

    def can_retreat(board: Board, state: State, d: Dislodged) -> bool:
        asked.append(d)
        return d.unit.province != "mod"

    fake = fake_engine()
    engine = Engine(fake.load_board, fake.parse_orders, fake.resolvers, can_retreat)
    assert check_case(case, run_case(case, engine), engine).message == "PASS d"
    assert asked == [Dislodged(Unit("A", "Florence", "mod"), "gen")]


def test_check_poststate_same_fails_when_a_unit_moved() -> None:
    text = "CASE s\nPRESTATE\n\tMilan: A gen\nORDERS\n\tMilan: A gen-mod\nPOSTSTATE_SAME\nEND\n"
    assert verdict(text) == "FAIL s: POSTSTATE missing Milan: A gen; POSTSTATE extra Milan: A mod"


def test_check_retreat_without_dislodged_section_means_none() -> None:
    text = (
        "CASE r\nPRESTATE_SETPHASE Spring 1901, Retreat\nPRESTATE\n\tFlorence: A gen\n"
        "PRESTATE_DISLODGED\n\tMilan: A mod\nPRESTATE_RESULTS\n\tSUCCESS: Florence: A gen-mod\n"
        "ORDERS\n\tMilan: A mod-gen\nPOSTSTATE\n\tFlorence: A gen\nEND\n"
    )
    assert verdict(text) == "PASS r"  # no retreat to the attacker's origin: disbanded
    assert verdict(text.replace("A mod-gen", "A mod-pis")) == (
        "FAIL r: POSTSTATE extra Milan: A pis"
    )


def test_check_only_stated_sections() -> None:
    # the fake resolver leaves treasuries alone; no POSTSTATE_TREASURY -> not compared
    text = "CASE x\nPRESTATE\n\tMilan: A gen\nPRESTATE_TREASURY\n\tMilan: 5\nORDERS\nEND\n"
    assert verdict(text) == "PASS x"
    assert verdict(text.replace("END", "POSTSTATE_TREASURY\n\tMilan: 4\nEND")) == (
        "FAIL x: POSTSTATE_TREASURY Milan: expected 4, got 5"
    )


def test_check_machiavelli_sections() -> None:
    text = (
        "VARIANT_ALL Machiavelli\nCASE m\nPRESTATE\n\tMilan: A gen\n"
        "PRESTATE_SIEGES\n\tMilan: A gen\n"
        "PRESTATE_REBELLIONS\n\tmod: Milan\nPRESTATE_PROVINCE_OWNERS\n\tMilan: gen\nORDERS\n"
        "POSTSTATE_SIEGES\nPOSTSTATE_REBELLIONS\n\tpis: Milan city\n"
        "POSTSTATE_PROVINCE_OWNERS\n\tMilan: gen, mil\nEND\n"
    )
    assert verdict(text) == (
        "FAIL m: POSTSTATE_SIEGES extra Milan: A gen; "
        "POSTSTATE_REBELLIONS extra mod: Milan province; "
        "POSTSTATE_REBELLIONS missing pis: Milan city; "
        "POSTSTATE_PROVINCE_OWNERS missing mil: Milan"
    )


def test_check_expected_results() -> None:
    text = (
        "CASE o\nPRESTATE\n\tMilan: A gen\n\tFlorence: A pis\nORDERS\n\tMilan: A gen-mod\n"
        "\tFlorence: A pis-mod\nPOSTSTATE_RESULTS\n\tbounced: Milan: A gen-mod\n"
        "\tbounced: Florence: A pis - mod\nEND\n"
    )
    assert verdict(text) == "PASS o"
    assert verdict(text.replace("bounced: Milan", "succeeds: Milan")) == (
        "FAIL o: POSTSTATE_RESULTS line 9 Milan: A gen-mod: expected succeeds, got bounced"
    )


def test_check_reports_order_errors_with_a_failure() -> None:
    text = DATC_LIKE.replace("A gen-mod", "A gen to mod")
    assert verdict(text) == (
        "FAIL 1 simple: POSTSTATE missing Milan: A mod; POSTSTATE extra Milan: A gen "
        "(order errors: Milan: cannot read 'A gen to mod')"
    )


def test_check_an_unreadable_case_fails_with_its_message() -> None:
    assert verdict("CASE x\nPRESTATE\n\tMilan: A xyz\nEND\n") == (
        "FAIL x: t.txt:3: unknown place 'xyz'"
    )


def test_result_lookup_falls_back_to_the_unit() -> None:
    """A resolver may report a replaced order (e.g. a hold); the unit finds it."""

    def resolve(board: Board, state: State, orders: Mapping[str, Sequence[Order]]) -> Adjudication:
        return Adjudication(state, [OrderResult("Milan", Hold(UnitRef("A", "gen")), "void")])

    engine = Engine(load, fake_engine().parse_orders, {"movement": resolve})
    case = one(
        "CASE v\nPRESTATE\n\tMilan: A gen\nORDERS\n\tMilan: A gen-mod\n"
        "POSTSTATE_RESULTS\n\tvoid: Milan: A gen-mod\nEND\n"
    )
    run = run_case(case, engine)
    assert [type(r.order) for r in run.results] == [Hold]  # the move itself is not reported
    assert check_case(case, run, engine).message == "PASS v"


# -- the real DATC file -------------------------------------------------------------------


def test_datc_file_reads_completely() -> None:
    from machiavelli.core import maps
    path = Path(__file__).parent.parent / "cases" / "datc_v2.4_06.txt"
    cases = read_cases(path, maps.load_board)
    assert len(cases) == 167
    assert [c.error for c in cases if c.error] == []
    assert sum(c.phase == "retreat" for c in cases) == 17
    assert sum(c.phase == "adjustment" for c in cases) == 20
    a5 = next(c for c in cases if c.name.startswith("6.A.5 "))
    assert [o.power for o in a5.orders].count("Germany") == 2  # "Germnay" read as Germany


# -- money (issue 3: treasuries, loans, chits, famine, dice) --------------------------------


MONEY = """\
VARIANT_ALL Machiavelli

CASE LOAN-1 money sections
PRESTATE_SETPHASE Summer 1494, Movement
DICE 3 5, 6
PRESTATE
\tMilan: A gen
PRESTATE_TREASURY
\tMilan: 13
PRESTATE_LOANS
\tMilan: 15 + 8 due Summer 1494
\tMilan: 10+2 due spring 1495, 4 + 2 ducats due Autumn 1495
PRESTATE_CHITS
\tMilan: Venice Florence
\tFlorence: Milan, Venice
PRESTATE_FAMINE
\tgen, mod
PRESTATE_DEFAULTED
\tVenice
PRESTATE_ASSASSINATED
\tFlorence
ORDERS
\tMilan: A gen H
POSTSTATE_TREASURY
\tMilan: 0
POSTSTATE_LOANS
\tMilan: 10 + 2 due Spring 1495
POSTSTATE_CHITS
\tMilan: Venice
POSTSTATE_FAMINE
POSTSTATE_DEFAULTED
\tVenice, Milan
POSTSTATE_ASSASSINATED
\tMilan
POSTSTATE_ROLLS
\tassassination of Milan: 3
\tfamine severity: 5 + 6 = 11
\t4
END
"""


def test_money_sections_are_read() -> None:
    case = one(MONEY)
    assert case.error is None
    assert case.dice == [3, 5, 6]
    assert case.loans == {
        "Milan": [
            Loan(15, 8, "summer", 1494),
            Loan(10, 2, "spring", 1495),
            Loan(4, 2, "fall", 1495),
        ]
    }
    assert case.chits == {"Milan": ["Venice", "Florence"], "Florence": ["Milan", "Venice"]}
    assert case.famine == ["gen", "mod"]
    assert case.defaulted == ["Venice"]
    assert case.assassinated == ["Florence"]
    assert case.expect_treasury == {"Milan": 0}
    assert case.expect_loans == {"Milan": [Loan(10, 2, "spring", 1495)]}
    assert case.expect_chits == {"Milan": ["Venice"]}
    assert case.expect_famine == []
    assert case.expect_defaulted == ["Venice", "Milan"]
    assert case.expect_assassinated == ["Milan"]
    assert case.expect_rolls == [
        ExpectedRoll("assassination of Milan", (3,), 36),
        ExpectedRoll("famine severity", (5, 6), 37),
        ExpectedRoll("", (4,), 38),
    ]
    assert {"TREASURY", "LOANS", "CHITS", "FAMINE", "DEFAULTED", "ASSASSINATED", "ROLLS"} <= (
        case.extras
    )


def test_initial_state_carries_the_money() -> None:
    case = one(MONEY)
    state = initial_state(case, tiny_board())
    assert state.treasury == {"Milan": 13}
    assert state.loans["Milan"][0] == Loan(15, 8, "summer", 1494)
    assert state.chits == {"Milan": ["Venice", "Florence"], "Florence": ["Milan", "Venice"]}
    assert (state.famine, state.defaulted, state.assassinated) == (
        ["gen", "mod"],
        ["Venice"],
        ["Florence"],
    )
    state.loans["Milan"].clear()
    assert case.loans["Milan"]  # the case is not changed by the run


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("PRESTATE\nPRESTATE_LOANS\n\tMilan: 15 due 1494\n", 4, "<principal> + <interest>"),
        ("PRESTATE\nPRESTATE_CHITS\n\tMilan: Nobody\n", 4, "unknown power 'Nobody'"),
        ("PRESTATE\nPRESTATE_DEFAULTED\n\tMilan Nobody\n", 4, "unknown power"),
        ("PRESTATE\nPRESTATE_FAMINE\n\txyz\n", 4, "unknown place 'xyz'"),
        ("DICE 3 7\n", 2, "DICE takes die values 1 to 6"),
        ("DICE\n", 2, "DICE takes die values"),
        ("PRESTATE\nORDERS\nPOSTSTATE_ROLLS\n\tfamine: 0\n", 5, "<die values>"),
        ("PRESTATE_SETPHASE Spring 1454, Movement after income\n", 2, "'after income'"),
        ("PRESTATE_SETPHASE Spring 1454, Income\n", 2, "adjustment phase follows fall"),
    ],
)
def test_unreadable_money_entries(body: str, line: int, message: str) -> None:
    (bad,) = read(f"CASE bad\n{body}END\n")
    assert bad.error is not None
    assert bad.error.startswith(f"t.txt:{line}: ")
    assert message in bad.error


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("Winter 1454, Adjustment", "before"),
        ("Fall 1454, Adjustment", "before"),
        ("Winter 1454", "before"),
        ("Winter 1454, Income", "only"),
        ("Winter 1454, Adjustment after income", "done"),
        ("Fall 1454 builds after income", "done"),
    ],
)
def test_where_an_adjustment_case_starts(text: str, step: str) -> None:
    case = one(f"VARIANT_ALL Machiavelli\nCASE x\nPRESTATE_SETPHASE {text}\nPRESTATE\nEND\n")
    assert case.error is None
    assert (case.season, case.phase, case.income) == ("winter", "adjustment", step)


# -- running money cases -----------------------------------------------------------------


class Recorder:
    """Fake campaign, income and adjustment steps that record their calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def campaign(
        self, board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Adjudication:
        self.calls.append("campaign")
        dice.roll(2, "famine severity")
        new = replace(state, treasury={**state.treasury, "Milan": 1})
        return Adjudication(new, [], ["campaign event"])

    def income(
        self, board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Adjudication:
        self.calls.append("income")
        (die,) = dice.roll(1, "variable income of Milan")
        treasury = {**state.treasury, "Milan": state.treasury.get("Milan", 0) + die}
        return Adjudication(replace(state, treasury=treasury), [], ["income event"])

    def movement(
        self, board: Board, state: State, orders: Mapping[str, Sequence[Order]]
    ) -> Adjudication:
        self.calls.append("movement")
        return Adjudication(state)

    def adjustment(
        self, board: Board, state: State, orders: Mapping[str, Sequence[Order]]
    ) -> Adjudication:
        self.calls.append("adjustment")
        treasury = {**state.treasury, "Milan": state.treasury.get("Milan", 0) - 3}
        return Adjudication(replace(state, treasury=treasury), [], ["adjustment event"])

    def engine(self) -> Engine:
        fake = fake_engine()
        return Engine(
            fake.load_board,
            fake.parse_orders,
            {"movement": self.movement, "retreat": self.movement, "adjustment": self.adjustment},
            campaign=self.campaign,
            income=self.income,
        )


def test_machiavelli_movement_is_a_campaign_with_the_cases_dice() -> None:
    rec = Recorder()
    case = one(
        "VARIANT_ALL Machiavelli\nCASE c\nDICE 4 2\nPRESTATE\n\tMilan: A gen\nORDERS\n"
        "\tMilan: A gen H\nPOSTSTATE_ROLLS\n\tfamine: 4 2\nEND\n"
    )
    run = run_case(case, rec.engine())
    assert run.error is None and rec.calls == ["campaign"]
    assert run.rolls == [Roll("famine severity", (4, 2))]
    assert run.events == ["campaign event"]
    assert check_case(case, run, rec.engine()).passed


def test_loaded_dice_that_run_out_fail_the_case() -> None:
    rec = Recorder()
    case = one("VARIANT_ALL Machiavelli\nCASE c\nDICE 4\nPRESTATE\nORDERS\nEND\n")
    run = run_case(case, rec.engine())
    assert run.error == (
        "adjudicating the movement phase: ValueError: loaded dice ran out for 'famine severity'"
    )


def test_without_dice_a_case_rolls_dice_seeded_by_its_name() -> None:
    case = one("VARIANT_ALL Machiavelli\nCASE seeded\nPRESTATE\nORDERS\nEND\n")
    first, again = run_case(case, Recorder().engine()), run_case(case, Recorder().engine())
    assert first.rolls == again.rolls
    assert first.rolls[0].dice == Dice("seeded").roll(2, "x")


def test_standard_movement_keeps_the_plain_resolver() -> None:
    rec = Recorder()
    run_case(one("CASE s\nPRESTATE\nORDERS\nEND\n"), rec.engine())
    assert rec.calls == ["movement"]


@pytest.mark.parametrize(
    ("phase", "options", "calls", "treasury"),
    [
        ("Winter 1454, Adjustment", "", ["income", "adjustment"], 7),
        ("Winter 1454, Income", "", ["income"], 10),
        ("Winter 1454, Adjustment after income", "", ["adjustment"], 2),
        ("Winter 1454, Adjustment", "nomoney", ["adjustment"], 2),
    ],
)
def test_adjustment_phase_with_money_starts_with_income(
    phase: str, options: str, calls: list[str], treasury: int
) -> None:
    rec = Recorder()
    case = one(
        f"VARIANT_ALL Machiavelli\nCASE a\nPRESTATE_SETPHASE {phase}\n"
        f"PRESTATE_OPTIONS {options}\nDICE 5\n"
        "PRESTATE\nPRESTATE_TREASURY\n\tMilan: 5\nORDERS\nEND\n"
    )
    run = run_case(case, rec.engine())
    assert run.error is None and run.state is not None
    assert rec.calls == calls
    assert run.state.treasury == {"Milan": treasury}
    if calls == ["income", "adjustment"]:
        assert run.events == ["income event", "adjustment event"]


def test_income_case_needs_an_income_step() -> None:
    case = one(
        "VARIANT_ALL Machiavelli\nCASE i\nPRESTATE_SETPHASE Winter 1454, Income\nPRESTATE\n"
        "ORDERS\nEND\n"
    )
    run = run_case(case, fake_engine())
    assert run.error == (
        "adjudicating the adjustment phase: MissingStep: this engine has no income step"
    )


def test_check_money_sections() -> None:
    state = State("classic", 1494, "summer", "movement", powers=["Milan", "Florence", "Venice"])
    case = one(MONEY)
    before = initial_state(case, tiny_board())
    state.treasury = {"Milan": 0, "Florence": 0}
    state.loans = {"Milan": [Loan(10, 2, "spring", 1495), Loan(4, 2, "fall", 1495)]}
    state.chits = {"Milan": ["Venice", "Venice"], "Florence": []}
    state.famine = ["gen"]
    state.defaulted = ["Venice"]
    run = CaseRun(case, state, [], before=before)
    run.rolls = [Roll("assassination of Milan by Florence", (3,)), Roll("famine", (5, 6))]
    assert check_case(case, run, fake_engine()).message == (
        "FAIL LOAN-1 money sections: "
        "POSTSTATE_LOANS extra Milan: 4 + 2 due Fall 1495; "
        "POSTSTATE_CHITS extra Milan: Venice; "
        "POSTSTATE_FAMINE extra gen; "
        "POSTSTATE_DEFAULTED missing Milan; "
        "POSTSTATE_ASSASSINATED missing Milan; "
        "POSTSTATE_ROLLS line 37: expected famine severity: 5 6, got famine: 5 6; "
        "POSTSTATE_ROLLS line 38: no roll made, expected 4"
    )
    state.loans["Milan"].pop()
    state.chits["Milan"].pop()
    state.famine = []
    state.defaulted = ["Venice", "Milan"]  # the bankers assassinated Milan
    run.rolls = [
        Roll("assassination of Milan by Florence", (3,)),
        Roll("famine severity", (5, 6)),
        Roll("anything", (4,)),
    ]
    assert check_case(case, run, fake_engine()).message == "PASS LOAN-1 money sections"
    run.rolls.append(Roll("more", (1,)))
    assert check_case(case, run, fake_engine()).message.endswith("POSTSTATE_ROLLS extra more: 1")


def test_assassinated_powers_come_from_results_bankers_and_state() -> None:
    before = State("classic", 1454, "spring", "movement", powers=["Milan", "Florence", "Venice"])
    after = replace(before, defaulted=["Florence"], assassinated=["Venice"])
    results = [
        OrderResult("Florence", Expense(3, 24, "assassinate", power="milan"), "succeeds"),
        OrderResult("Venice", Expense(1, 12, "assassinate", power="Florence"), "fails"),
    ]
    run = CaseRun(one("CASE x\nPRESTATE\nEND\n"), after, results, before=before)
    assert run.assassinated == ["Milan", "Florence", "Venice"]


def money_parse(text: str, board: Board, state: State, power: str) -> FakeSubmission:
    """The fake parser, plus ``expense N: <amount> ducats assassinate <power>`` and
    ``pay N ducats to <power>``."""
    sub = FakeSubmission()
    for line in text.splitlines():
        m = re.fullmatch(r"\s*expense (\d): (\d+) ducats assassinate (\w+)\s*", line, re.I)
        p = re.fullmatch(r"\s*pay (\d+) ducats to (\w+)\s*", line, re.I)
        if m:
            sub.orders.append(Expense(int(m[1]), int(m[2]), "assassinate", power=m[3]))
        elif p:
            sub.orders.append(Pay(int(p[1]), p[2]))
        else:
            sub.orders.extend(fake_engine().parse_orders(line, board, state, power).orders)
    return sub


def test_check_expected_results_of_money_orders() -> None:
    """A money order is found by itself, else by its number (expense) or payee (pay)."""

    def campaign(
        board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Adjudication:
        return Adjudication(
            state,
            [
                OrderResult("Milan", Expense(1, 12, "assassinate", power="Venice"), "fails"),
                OrderResult("Milan", Pay(5, "Florence"), "succeeds"),
            ],
        )

    fake = fake_engine()
    engine = Engine(fake.load_board, money_parse, fake.resolvers, campaign=campaign)
    case = one(
        "VARIANT_ALL Machiavelli\nCASE m\nPRESTATE\nORDERS\n"
        "\tMilan: expense 1: 12 ducats assassinate Venice\n\tMilan: pay 5 ducats to Florence\n"
        "POSTSTATE_RESULTS\n\tfails: Milan: expense 1: 12 ducats assassinate Venice\n"
        "\tsucceeds: Milan: expense 1: 24 ducats assassinate Venice\n"
        "\tsucceeds: Milan: pay 7 ducats to Florence\n"
        "\tsucceeds: Milan: expense 2: 12 ducats assassinate Venice\nEND\n"
    )
    assert check_case(case, run_case(case, engine), engine).message == (
        "FAIL m: POSTSTATE_RESULTS line 9 Milan: expense 1: 24 ducats assassinate Venice: "
        "expected succeeds, got fails; "
        "POSTSTATE_RESULTS line 11 Milan: expense 2: 12 ducats assassinate Venice: "
        "expected succeeds, got no result"
    )


def test_writer_prints_the_money_sections_the_case_used() -> None:
    case = one(MONEY)
    state = initial_state(case, tiny_board())
    run = CaseRun(case, state, [], before=state.copy())
    run.rolls = [Roll("famine severity", (5, 6))]
    text = format_result(case, run)
    assert text.splitlines()[3:] == [
        "POSTSTATE_TREASURY",
        "\tMilan: 13",
        "POSTSTATE_LOANS",
        "\tMilan: 15 + 8 due Summer 1494",
        "\tMilan: 10 + 2 due Spring 1495",
        "\tMilan: 4 + 2 due Fall 1495",
        "POSTSTATE_CHITS",
        "\tFlorence: Milan Venice",
        "\tMilan: Florence Venice",
        "POSTSTATE_FAMINE",
        "\tgen, mod",
        "POSTSTATE_DEFAULTED",
        "\tVenice",
        "POSTSTATE_ASSASSINATED",
        "\tFlorence",
        "POSTSTATE_ROLLS",
        "\tfamine severity: 5 6",
        "END",
    ]
    again = one("VARIANT_ALL Machiavelli\n" + text)
    assert again.error is None
    assert again.expect_loans == case.loans
    assert again.expect_famine == ["gen", "mod"]


def test_expected_result_of_an_order_for_a_unit_being_bought() -> None:
    """ORD-EXAMPLE-4: an order for a unit the power buys reads only after its expenses."""

    def parse(text: str, board: Board, state: State, power: str) -> FakeSubmission:
        sub = FakeSubmission()
        bought: set[str] = set()
        for line in text.splitlines():
            m = re.fullmatch(r"expense (\d): (\d+) ducats buy A (\w+)", line.strip())
            if m:
                bought.add(m[3])
                sub.orders.append(Expense(int(m[1]), int(m[2]), "buy", "A", m[3]))
                continue
            unit = state.unit_in(line.split()[1], garrison=False)
            if unit is None or (unit.owner != power and unit.province not in bought):
                sub.errors.append(f"{line}: not yours")
                continue
            sub.orders.extend(fake_engine().parse_orders(line, board, state, power).orders)
        return sub

    def campaign(
        board: Board, state: State, orders: Mapping[str, Sequence[Order]], dice: Dice
    ) -> Adjudication:
        return Adjudication(
            state, [OrderResult(p, o, "succeeds") for p, os in orders.items() for o in os]
        )

    fake = fake_engine()
    engine = Engine(fake.load_board, parse, fake.resolvers, campaign=campaign)
    case = one(
        "VARIANT_ALL Machiavelli\nCASE b\nPRESTATE\n\tFlorence: A pis\n\tVenice: A mod\nORDERS\n"
        "\tFlorence: A pis H\n\tFlorence: expense 1: 18 ducats buy A mod\n"
        "\tFlorence: A mod - gen\nPOSTSTATE_RESULTS\n\tsucceeds: Florence: A mod - gen\n"
        "\tsucceeds: Florence: A gen - mil\nEND\n"
    )
    run = run_case(case, engine)
    assert check_case(case, run, engine).message == (
        "FAIL b: POSTSTATE_RESULTS line 12 Florence: A gen - mil: expected succeeds, "
        "got an unreadable order (A gen - mil: not yours)"
    )

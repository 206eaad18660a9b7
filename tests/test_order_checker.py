"""The order checker (:mod:`machiavelli.game.checking`, through the kind's ``read``): a line
the adjudicator will void or fail for a reason the power can know says so, in words, with
the rule ids apart; a line that replaces an earlier one says which.

The cases are the ✓ lines of the newcomer's report (issue 36, item 1) that then failed.
"""

from __future__ import annotations

import pytest

from machiavelli.core.state import Loan
from machiavelli.game.checking import split_rules
from machiavelli.service.kinds import kind_named
from machiavelli.service.kinds.machiavelli import MachiavelliKind, Table
from machiavelli.service.kinds.machiavelli.table import setup_of
from machiavelli.service.port import LineError

SETUP = setup_of("classic_1454", None, ("money",), seed="checker-test")


@pytest.fixture(scope="module")
def kind() -> MachiavelliKind:
    found = kind_named("machiavelli")
    assert isinstance(found, MachiavelliKind)
    return found


@pytest.fixture(scope="module")
def spring(kind: MachiavelliKind) -> Table:
    """Spring 1454 with money: Florence has 7 ducats, Venice 12."""
    step = kind.new_game(SETUP)
    assert isinstance(step.position, Table)
    return step.position.with_state(step.position.state.but(
        treasury={**step.position.state.treasury, "Florence": 7, "Venice": 12}))


def warned(kind: MachiavelliKind, table: Table, power: str, text: str) -> dict[int, LineError]:
    reading = kind.read(table, power, text)
    assert not reading.errors, reading.errors
    return {w.line: w for w in reading.warnings}


def test_mov_1_cvy_2_a_move_to_a_province_not_adjacent_will_fail(kind: MachiavelliKind,
                                                                   spring: Table) -> None:
    found = warned(kind, spring, "Venice", "A pad - fer\nA ver - rome\nF dal - ion\n")
    assert list(found) == [2, 3]
    assert found[2].reason == ("an army cannot go from Verona to Rome: not adjacent, and an "
                               "army is convoyed only from a coastal province to a coastal "
                               "province")
    assert found[2].rule == "MOV-1, CVY-2"
    assert found[3].reason.endswith(": not adjacent") and found[3].rule == "MOV-1"


def test_cvy_2_no_convoy_possible_will_fail(kind: MachiavelliKind, spring: Table) -> None:
    found = warned(kind, spring, "Florence", "A flo - rome\n")
    assert "cannot go from Florence to Rome" in found[1].reason


def test_a_legal_spring_gets_no_warning(kind: MachiavelliKind, spring: Table) -> None:
    assert warned(kind, spring, "Florence", "A are - urb\nA flo - sie\nF psa H\n") == {}


def test_exp_d_bribe_4_a_disband_below_its_price_will_fail_and_its_ducats_are_spent(
        kind: MachiavelliKind, spring: Table) -> None:
    found = warned(kind, spring, "Florence", "expense 1: 3 ducats disband garrison siena\n")
    assert found[1].reason == ("6 needed to disband an autonomous garrison; its 3 ducats are "
                               "spent all the same")
    assert found[1].rule == "EXP-D, BRIBE-4, EXP-GEN-3"
    assert warned(kind, spring, "Florence", "expense 1: 6 ducats disband garrison siena\n") == {}


def test_exp_c_a_counter_bribe_under_3_ducats_will_fail(kind: MachiavelliKind,
                                                       spring: Table) -> None:
    found = warned(kind, spring, "Venice", "expense 1: 2 ducats counter-bribe A ver\n")
    assert found[1].reason.startswith("3 ducats needed")
    assert found[1].rule is not None and "EXP-C" in found[1].rule
    assert warned(kind, spring, "Venice", "expense 1: 3 ducats counter-bribe A ver\n") == {}


def test_exp_gen_4_the_treasury_left_after_the_earlier_expenses_counts(
        kind: MachiavelliKind, spring: Table) -> None:
    """Florence's 7 ducats: the first expense takes 6, the second has 1 left of its 3."""
    found = warned(kind, spring, "Florence", "expense 1: 6 ducats disband garrison siena\n"
                                             "expense 2: 3 ducats counter-bribe A flo\n")
    assert list(found) == [2]
    assert "1 ducats (all that was left of the 3 ordered) are spent" in found[2].reason


def test_loan_13_a_power_owing_the_bank_cannot_pay_another(kind: MachiavelliKind,
                                                          spring: Table) -> None:
    state = spring.state.copy()
    state.loans = {"Florence": [Loan(10, 2, "summer", 1455)]}
    owing = spring.with_state(state)
    found = warned(kind, owing, "Florence", "pay 1 ducat to Venice\n")
    assert found[1].reason == ("owes the bank 12 ducats: nothing may be given to another power "
                               "before it is repaid")
    assert found[1].rule == "LOAN-13"
    # repaid first in the same submission (LOAN-SEQ-A before B): nothing to say
    assert warned(kind, spring.with_state(state.but(treasury={**state.treasury,
                                                              "Florence": 20})),
                  "Florence", "pay 12 ducats to bank\npay 1 ducat to Venice\n") == {}


def test_adj_a_a_build_outside_the_home_country_will_fail(kind: MachiavelliKind,
                                                         spring: Table) -> None:
    state = spring.state.but(season="fall", phase="adjustment")
    found = warned(kind, spring.with_state(state), "Florence",
                   "build A rome\nmaintain A flo\n")
    assert 1 in found and found[1].rule == "ADJ-A"


def test_a_later_line_for_the_same_unit_replaces_the_earlier(kind: MachiavelliKind,
                                                             spring: Table) -> None:
    reading = kind.read(spring, "Florence", "A flo - sie\nF psa H\nA flo H\n")
    assert reading.notes == {3: "replaces line 1"}
    assert reading.lines == ("F psa H", "A flo H")


def test_rule_ids_are_taken_out_of_the_words() -> None:
    assert split_rules("3 ducats needed (EXP-C)") == ("3 ducats needed", ("EXP-C",))
    assert split_rules("6 needed; EXP-D, BRIBE-4; its 3 ducats are spent (EXP-GEN-3)") == (
        "6 needed; its 3 ducats are spent", ("EXP-D", "BRIBE-4", "EXP-GEN-3"))
    assert split_rules("no reason given") == ("no reason given", ())

"""The results report: public part and each power's private part."""

from __future__ import annotations

from dataclasses import replace

from machiavelli.core.dice import LoadedDice, Roll
from machiavelli.core.maps import load_board
from machiavelli.core.results import Adjudication
from machiavelli.core.state import Dislodged, Loan, Rebellion
from machiavelli.game.adjustments import resolve_adjustments
from machiavelli.game.disasters import famine
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.retreats import resolve_retreats
from machiavelli.text.notation import parse_orders
from machiavelli.text.report import control_changes, phase_report, position_text, private_report


def test_report_lists_orders_outcomes_rolls_control_and_position() -> None:
    board, start = load_scenario("classic_1454")
    orders = {
        "Milan": parse_orders("A pav - for\nA mil - pav", board, start, "Milan").orders,
        "Venice": parse_orders("A ver - man", board, start, "Venice").orders,
    }
    result = resolve_movement(board, start, orders)
    text = phase_report(board, start, result, [Roll("famine severity", (3, 4))])
    assert "Results for Spring 1454 movement" in text
    assert "A pav - for" in text and "A ver - man" in text
    assert "famine severity: 3 + 4 = 7" in text
    assert "Fornova (province): Milan -> Milan" not in text  # unchanged: not listed
    assert "Position, Summer 1454 movement:" in text
    assert "Treasury" not in text  # private information stays out of the public report


def test_every_power_is_in_the_report_its_units_without_orders_named_as_holding() -> None:
    """Issue 36: a power that sent no orders used to vanish from the report.  A movement
    phase's report names every power with units; a unit given no order holds, and says
    so; a power that gave its units no order is named as such (whatever money orders it
    gave in secret)."""
    board, start = load_scenario("classic_1454")
    orders = {"Milan": parse_orders("A pav - for", board, start, "Milan").orders}
    text = phase_report(board, start, resolve_movement(board, start, orders))
    results = text.split("Position")[0]
    assert "Milan:\n  A pav - for" in results
    assert "  A mil H  (no order: holds)" in results  # Milan's other units
    for power in ("Florence", "Naples", "Papacy", "Venice"):
        assert f"{power}: no orders for its units\n" in results
    assert "  G ven H  (no order: holds)" in results and "  F dal H  (no order: holds)" in results
    assert "Autonomous" not in results  # autonomous garrisons give no orders


def test_every_power_is_in_a_retreat_report_a_dislodged_unit_without_orders_disbanded(
) -> None:
    """Issue 36, as in a movement report: a retreat report names every power in play; one
    whose dislodged unit got no order is named as sending nothing (its unit disbanded), one
    with nothing dislodged as having nothing to retreat."""
    board, start = load_scenario("classic_1454")
    position = start.copy()
    position.phase = "retreat"
    padua, pavia = (next(u for u in start.units if u.province == p) for p in ("pad", "pav"))
    position.units = [u for u in start.units if u not in (padua, pavia)]
    position.dislodged = [Dislodged(padua, "vic"), Dislodged(pavia, "mil")]
    orders = {"Venice": parse_orders("A pad - fer", board, position, "Venice").orders}
    text = phase_report(board, position, resolve_retreats(board, position, orders))
    results = text.split("Position")[0]
    assert "Results for Spring 1454 retreat" in results
    assert "Venice:\n  A pad R fer\n" in results
    assert "Milan: no orders for its units\n  A pav D  (no retreat ordered)\n" in results
    for power in ("Florence", "Naples", "Papacy", "Turkey"):
        assert f"{power}: nothing to retreat\n" in results
    assert "Autonomous" not in results


def test_every_power_is_in_an_adjustment_report_adj_ord_1_units_without_orders_removed(
) -> None:
    """Issue 36: an adjustment report names every power in play.  A power that sent nothing
    is named so, with its units removed for want of a maintain order (ADJ-ORD-1); one whose
    only order the public may not read (a build that placed nothing) reads the same, so the
    report gives no hint of it."""
    board, start = load_scenario("classic_1454")
    winter = start.copy()
    winter.season, winter.phase = "winter", "adjustment"
    orders = {
        "Venice": parse_orders("maintain A pad", board, winter, "Venice").orders,
        "Milan": parse_orders("build A mil", board, winter, "Milan").orders,  # occupied
    }
    results = phase_report(board, winter, resolve_adjustments(board, winter, orders)
                           ).split("Position")[0]
    assert "Results for Winter 1454 adjustment" in results
    assert "Venice:\n  maintain A pad" in results
    assert "  remove G ven  (no maintain order: removed (ADJ-ORD-1))" in results
    assert "Milan: no orders\n  remove A cre  (no maintain order" in results
    assert "build" not in results  # Milan's failed build is its own business
    for power in ("Florence", "Naples", "Papacy", "Turkey"):
        assert f"{power}: no orders\n" in results


def test_control_changes_name_old_and_new_controller() -> None:
    board = load_board("classic")
    _, start = load_scenario("classic_1454")
    after = replace(start, province_owner={**start.province_owner, "for": "Venice"})
    assert control_changes(board, start, after) == ["Fornova (province): Milan -> Venice"]


def test_private_report_shows_treasury_loans_and_chits_of_one_power() -> None:
    _, start = load_scenario("classic_1454")
    state = replace(
        start,
        treasury={"Milan": 17, "Venice": 40},
        loans={"Milan": [Loan(15, 8, "summer", 1456)]},
        chits={"Milan": ["Venice", "Naples"]},
    )
    text = private_report(state, "Milan")
    assert "Treasury: 17 ducats" in text
    assert "Loan: 15 + 8 ducats due Summer 1456" in text
    assert "Assassination chits: Venice, Naples" in text
    assert "40" not in text  # Venice's treasury is not Milan's business


def test_a_treasury_of_one_reads_one_ducat() -> None:
    _, start = load_scenario("classic_1454")
    assert "Treasury: 1 ducat\n" in private_report(replace(start, treasury={"Milan": 1}),
                                                    "Milan") + "\n"
    assert "Treasury: 0 ducats" in private_report(replace(start, treasury={}), "Milan")


def test_fam_mark_reb_mark_famine_and_rebellion_marks_in_the_results() -> None:
    """Famine-hit provinces carry "%" (FAM-MARK), rebellions "+" (REB-MARK)."""
    board, start = load_scenario("classic_1454")
    fall = replace(start, season="fall")
    struck, events = famine(board, fall, LoadedDice("fam-mark", values=[1, 3, 1, 1]))  # row 2
    struck.rebellions = {"rme": Rebellion("rme", "Papacy")}
    text = phase_report(board, fall, Adjudication(struck, [], events))
    famine_line = next(line for line in text.splitlines() if line.startswith("  Famine: "))
    assert famine_line == "  Famine: Ancona%, Corsica%, Modena%, Patrimony%, Provence%"
    assert "Rome+ (against Papacy)" in text
    assert "%" not in phase_report(board, start, Adjudication(start, [], []))


def test_rebellions_listed_by_province_whatever_order_the_position_holds_them_in() -> None:
    """A position read back from its JSON (keys sorted) reports as it did before: the same
    position, the same report (same state, same result)."""
    board, start = load_scenario("classic_1454")
    rebellions = {"sle": Rebellion("sle", "Naples"), "bol": Rebellion("bol", "Papacy"),
                  "mes": Rebellion("mes", "Naples")}
    state = replace(start, rebellions=rebellions)
    again = replace(start, rebellions=dict(sorted(rebellions.items(), reverse=True)))
    text = position_text(board, state)
    assert "Rebellions: Bologna+ (against Papacy), Messina+ (against Naples), Salerno+" in text
    assert position_text(board, again) == text


def test_bar_4_2_the_position_list_names_independent_units_as_the_control_lines_do() -> None:
    """BAR-4.2: under ``bar`` a unit no power owns is an independent's, and the report's
    position list says ``Independent:`` as its changes of control do (``nobody ->
    Independent``); without ``bar`` 001's garrisons stay ``Autonomous:``."""
    from machiavelli.bots.env import Env

    env = Env()
    env.reset("classic_1454", ("bar",), "independents", max_years=1)
    report = ""
    for _ in range(4):  # the first Spring's garrisons spring up (BAR-16.1)
        report = env.step({}).report
        if "nobody -> Independent" in report:
            break
    position = report.split("Position, ")[1]
    assert "\n  Independent: Garrison Ferrara" in position
    assert "Autonomous" not in report
    board, start = load_scenario("classic_1454")
    assert "\n  Autonomous: Garrison " in position_text(board, start)

"""The phase machine: 001's SEQUENCE OF PLAY AND ORDER RESOLUTION (RES-*, SEQ-*, CTRL-*)."""

from __future__ import annotations

from dataclasses import replace

from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.orders import (
    Borrow,
    Expense,
    Hold,
    Maintain,
    Move,
    Pay,
    Retreat,
    SupportMove,
    UnitRef,
)
from machiavelli.core.state import Loan, Rebellion, Unit
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.process import needs_orders, process_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.money.expenses import expenses
from machiavelli.text.notation import parse_orders


def classic(**options: bool):  # type: ignore[no-untyped-def]
    board, start = load_scenario("classic_1454")
    return board, replace(start, options={**start.options, **options})


def test_seq_mov_2_res_1_1a_res_1_1b_res_1_1e_ctrl_2_money_steps_come_before_the_moves(
) -> None:
    """A gift and a loan (banking, step a) pay for an expense (b) that buys a unit whose
    order the buyer gave in the same submission as the borrow and the expense (SEQ-MOV-2);
    the unit moves for its buyer (e), and control follows the move (CTRL-2)."""
    board, state = classic(adjacency=False)
    state.treasury = {**state.treasury, "Venice": 0, "Milan": 40}
    orders = {
        "Milan": [Pay(18, "Venice")],
        "Venice": parse_orders(
            "borrow 12 ducats for 1 year\nexpense 1: 30 ducats buy army pavia\nA pav - for",
            board, state, "Venice").orders,
    }
    assert any(isinstance(o, Expense) for o in orders["Venice"])
    assert any(isinstance(o, Borrow) for o in orders["Venice"])
    result = process_phase(board, state, orders, seed="s")
    assert Unit("A", "Venice", "for") in result.after.units
    assert result.after.treasury["Venice"] == 0
    assert result.after.loans["Venice"] == [Loan(12, 3, "spring", 1455)]
    assert result.after.province_owner["for"] == "Venice"  # CTRL-2: control after the moves


def test_res_1_2h2_res_1_3_famine_units_removed_after_the_spring_campaign_and_reported(
) -> None:
    board, state = classic()
    state.famine = ["pav"]
    result = process_phase(board, state, {}, seed="s")
    assert all(u.province != "pav" for u in result.after.units)  # FAM-A, step h2
    assert result.after.province_owner.get("pav") == "Milan"  # FAM-C: control unchanged
    # RES-1.3: the results mailed are the final ones, the campaign's end included
    assert "Milan's army in Pavia is eliminated by famine." in result.report
    position = result.report.split("Position, Summer 1454 movement:")[1]
    assert "Milan: Army Cremona, Army Milan\n" in position


def test_seq_mov_1_res_1_2i_plague_comes_on_entering_summer_before_orders() -> None:
    """PLG-1: the plague of summer strikes when the spring campaign ends (step i, "only
    after spring turn"), so the players order their summer moves knowing it; its rolls are
    in the spring report."""
    board, state = classic(plague=True)
    result = process_phase(board, state, {}, seed="plague-demo")
    assert result.after.season == "summer" and result.after.phase == "movement"
    assert any("plague" in roll.purpose for roll in result.rolls)
    assert "Milan's army in Milan is eliminated by plague." in result.events
    assert Unit("A", "Milan", "mil") not in result.after.units  # gone before summer orders
    summer = process_phase(board, result.after, {}, seed="plague-demo")
    assert not any("plague" in roll.purpose for roll in summer.rolls)  # not after summer


def test_seq_adj_1_famine_then_income_before_adjustment_orders() -> None:
    """SEQ-ADJ-1, RES-1.2K: after fall, famine is rolled, then income is paid as the
    adjustment phase opens, before the players order their units."""
    board, state = classic()
    state = replace(state, season="fall")
    before = dict(state.treasury)
    result = process_phase(board, state, {}, seed="s")
    assert result.after.phase == "adjustment"
    purposes = [roll.purpose for roll in result.rolls]
    assert any("famine" in p for p in purposes)
    assert sum(result.after.treasury.values()) > sum(before.values())  # income paid
    famine_at = min(i for i, p in enumerate(purposes) if "famine" in p)
    income_at = [i for i, p in enumerate(purposes) if "famine" not in p]
    assert all(i > famine_at for i in income_at)


def test_a_power_that_sends_nothing_holds_and_spends_nothing() -> None:
    board, state = classic()
    state.treasury = {**state.treasury, "Milan": 20}
    result = process_phase(board, state, {}, seed="s")
    assert result.after.treasury["Milan"] == 20
    assert sorted(u.province for u in result.after.units if u.owner == "Milan") == [
        "cre", "mil", "pav"]


def test_phases_nobody_decides_are_skipped() -> None:
    board, state = load_scenario("standard_1901")
    state = replace(state, season="fall")
    result = process_phase(board, state, {}, seed="s")
    # nobody gains or loses a centre by holding: the winter adjustment needs no orders
    assert (result.after.season, result.after.phase) == ("spring", "movement")
    assert result.after.year == 1902
    assert needs_orders(board, result.after)


def test_same_state_orders_and_seed_give_the_same_result() -> None:
    board, state = classic(plague=True, storm=True)
    state = replace(state, season="fall")
    first = process_phase(board, state, {}, seed="x")
    second = process_phase(board, state.copy(), {}, seed="x")
    assert first.after == second.after and first.report == second.report
    assert [r.dice for r in first.rolls] == [r.dice for r in second.rolls]


def test_a_board_without_units_does_not_process_forever() -> None:
    board, state = load_scenario("standard_1901")
    state = replace(state, units=[])
    result = process_phase(board, state, {}, seed="s")
    assert result.after.year <= 1904  # a few empty phases at most, then it stops


# -- the steps of a campaign (RES-*, CTRL-*) --------------------------------------------------


def test_res_0_each_step_is_simultaneous_the_turn_is_not() -> None:
    """Step b judges every expense on the position it started from: the army Venice buys with
    expense 1 gives no adjacency for expense 2 (void).  The turn is not simultaneous: in step
    e the bought army obeys the move Venice gave it."""
    board, state = classic()
    state = replace(state, units=[Unit("A", "Venice", "ver"), Unit("A", "Milan", "bre"),
                                  Unit("A", "Milan", "ber")])
    state.treasury = {**state.treasury, "Venice": 30}
    assert "ber" not in board.army_adj["ver"] and "ber" in board.army_adj["bre"]
    buy = Expense(1, 18, "buy", "A", "bre")
    disband = Expense(2, 12, "disband", "A", "ber")
    orders = {"Venice": [buy, disband, Move(UnitRef("A", "bre"), "man")]}
    done = resolve_campaign(board, state, orders, Dice("res-0"))
    outcomes = {r.order: r.outcome for r in done.results}
    assert outcomes[buy] == "succeeds" and outcomes[disband] == "void"
    assert Unit("A", "Milan", "ber") in done.state.units
    assert Unit("A", "Venice", "man") in done.state.units


def test_res_1_1b_ctrl_1_control_adjudication_after_the_expenses() -> None:
    """The army Venice buys is Venice's, and so are its province and open city, as soon as
    step b ends (control adjudication 1), before it moves away in step e."""
    board, state = classic(adjacency=False)
    state.treasury = {**state.treasury, "Venice": 18}
    buy = Expense(1, 18, "buy", "A", "pav")
    orders = {"Venice": [buy, Move(UnitRef("A", "pav"), "for")]}
    after_b = expenses(board, state, orders, Dice("ctrl-1")).state
    assert Unit("A", "Venice", "pav") in after_b.units
    assert (after_b.province_owner["pav"], after_b.city_owner["pav"]) == ("Venice", "Venice")
    done = resolve_campaign(board, state, orders, Dice("ctrl-1"))
    assert Unit("A", "Venice", "for") in done.state.units
    assert done.state.province_owner["pav"] == "Venice"  # kept after the army left


def test_ctrl_1_step_b_without_expenses_still_adjudicates_control() -> None:
    """A phase with no expense (or only ``none``, which deletes one) still ends step b with
    control adjudication 1: an army standing in a province another power controls takes
    it, and nothing else of the position changes (the step takes no money, no unit)."""
    board, state = classic(adjacency=False)
    state = replace(state, units=[*state.units, Unit("A", "Venice", "man")],
                    province_owner={**state.province_owner, "man": "Milan"})
    for orders in ({}, {"Venice": [Move(UnitRef("A", "man"), "ver")]},
                   {"Venice": [Expense(1, 0, "none")]}):
        done = expenses(board, state, orders, Dice("ctrl-1"))
        assert done.state.province_owner["man"] == "Venice"
        assert done.results == [] and done.events == []
        assert replace(done.state, province_owner=state.province_owner,
                       city_owner=state.city_owner) == state
        assert done.state.units == state.units and done.state.treasury == state.treasury


def test_res_1_1c_assassinations_come_after_the_other_expenses() -> None:
    """Florence buys Milan's army in Pavia (step b), then assassinates Milan (step c): the
    bought army is no longer the victim's and moves, Milan's own armies hold, and Pavia,
    Florence's since control adjudication 1, is not among the provinces that roll to rebel."""
    board, state = classic(adjacency=False)
    state.treasury = {**state.treasury, "Florence": 30}
    state.chits = {"Florence": ["Milan"]}
    orders = {
        "Florence": [Expense(1, 18, "buy", "A", "pav"),
                     Expense(2, 12, "assassinate", power="Milan"),
                     Move(UnitRef("A", "pav"), "for")],
        "Milan": [Move(UnitRef("A", "mil"), "pia")],
    }
    dice = LoadedDice("res-1.1c", values=[1] + [6] * 12)
    done = resolve_campaign(board, state, orders, dice)
    assert dice.rolls[0].purpose == "assassination of Milan by Florence"
    rebellion_rolls = [r.purpose for r in dice.rolls[1:]]
    assert rebellion_rolls and all(p.startswith("rebellion in ") for p in rebellion_rolls)
    assert not any("Pavia" in p for p in rebellion_rolls)
    assert any("Milan" in p.split(" after ")[0] for p in rebellion_rolls)
    assert Unit("A", "Florence", "for") in done.state.units
    assert Unit("A", "Milan", "mil") in done.state.units  # ASN-EFF-1: forced to hold


def test_res_1_1f_ctrl_3_province_rebellions_go_after_the_moves() -> None:
    """Fornova and Como rebel against Milan.  France's army takes the rebels' support into
    Fornova (2 against Milan's 1), then liberates it: removed after the moves, it is
    France's; Milan's army holding in Como puts that rebellion down and Como stays Milan's."""
    board, state = classic()
    state = replace(state, units=[Unit("A", "France", "mon"), Unit("A", "Milan", "pav"),
                                  Unit("A", "Milan", "com")],
                    rebellions={"for": Rebellion("for", "Milan"),
                                "com": Rebellion("com", "Milan")})
    orders = {"France": [Move(UnitRef("A", "mon"), "for")],
              "Milan": [Move(UnitRef("A", "pav"), "for"), Hold(UnitRef("A", "com"))]}
    done = resolve_campaign(board, state, orders, Dice("res-1.1f"))
    assert Unit("A", "France", "for") in done.state.units
    assert Unit("A", "Milan", "pav") in done.state.units
    assert done.state.rebellions == {}
    assert done.state.province_owner["for"] == "France"
    assert done.state.province_owner["com"] == "Milan"


def test_res_1_2_res_1_2h_res_1_2h2_ambiguity_6_retreats_then_control_then_famine() -> None:
    """With a retreat to make, the movement's results go out first (RES-1.2) and the famine
    is not yet done.  Milan's dislodged army retreats into famined Fornova (step h), gains it
    (control adjudication 4) and dies there at the end of the campaign (step h2, the second
    h: after the retreats, ruling on ambiguity 6); famine changes no control (FAM-C)."""
    board, state = classic()
    state = replace(state, units=[Unit("A", "France", "tur"), Unit("A", "France", "mon"),
                                  Unit("A", "Milan", "pav"), Unit("A", "Milan", "mil")],
                    famine=["for"],
                    province_owner={**state.province_owner, "for": "France"})
    orders = {"France": [Move(UnitRef("A", "tur"), "pav"),
                         SupportMove(UnitRef("A", "mon"), UnitRef("A", "tur"), "pav")]}
    moved = process_phase(board, state, orders, seed="s")
    assert (moved.after.season, moved.after.phase) == ("spring", "retreat")
    assert "Dislodged:" in moved.report and "Results for Spring 1454 movement" in moved.report
    assert moved.after.famine == ["for"]  # step h2 has not come yet
    assert moved.after.province_owner["pav"] == "France"  # CTRL-2
    retreat = {"Milan": [Retreat(UnitRef("A", "pav"), "for")]}
    done = process_phase(board, moved.after, retreat, seed="s")
    assert any(r.outcome == "succeeds" for r in done.results)
    assert "Milan's army in Fornova is eliminated by famine." in done.events
    assert all(u.province != "for" for u in done.after.units)
    assert done.after.province_owner["for"] == "Milan"  # CTRL-4, then famine changes nothing
    assert (done.after.season, done.after.phase, done.after.famine) == ("summer", "movement", [])


def test_res_1_2j_res_1_2k_storms_then_famine_only_after_the_fall_campaign() -> None:
    board, state = classic(storm=True)
    spring = process_phase(board, state, {}, seed="s")
    assert spring.after.season == "summer"
    assert not any(r.purpose.startswith(("storm", "famine")) for r in spring.rolls)
    summer = process_phase(board, spring.after, {}, seed="s")
    assert summer.after.season == "fall"
    assert not any(r.purpose.startswith(("storm", "famine")) for r in summer.rolls)
    fall = process_phase(board, summer.after, {}, seed="s")
    purposes = [r.purpose for r in fall.rolls]
    assert purposes.index("storm severity") < purposes.index("famine severity")
    assert fall.after.phase == "adjustment"


def test_gen_8_res_1_res_2_three_campaigns_then_the_adjustment_after_fall() -> None:
    """Orders are taken in spring, summer and fall (RES-1); the adjustment comes after fall,
    in the same year (GEN-8), and takes the builds and maintenance orders (RES-2)."""
    board, state = classic()
    assert parse_orders("maintain A mil", board, state, "Milan").errors  # not in spring
    seen = []
    for _ in range(3):
        seen.append((state.year, state.season, state.phase))
        state = process_phase(board, state, {}, seed="s").after
    assert seen == [(1454, "spring", "movement"), (1454, "summer", "movement"),
                    (1454, "fall", "movement")]
    assert (state.year, state.season, state.phase) == (1454, "winter", "adjustment")
    read = parse_orders("maintain A mil", board, state, "Milan")
    assert read.orders == [Maintain(UnitRef("A", "mil"))] and not read.errors
    after = process_phase(board, state, {"Milan": read.orders}, seed="s").after
    assert (after.year, after.season, after.phase) == (1455, "spring", "movement")
    assert [u.province for u in after.units if u.owner == "Milan"] == ["mil"]

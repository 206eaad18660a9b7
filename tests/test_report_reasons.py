"""Every failure in a report with a reason in words (issue 36, item 8): an outcome the
adjudicator leaves without a note gets one, and an expense that fails says whether its
ducats are spent."""

from __future__ import annotations

from dataclasses import replace

from machiavelli.game.process import process_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.text.notation import parse_orders


def test_cvy_1_a_move_no_convoy_carried_says_why() -> None:
    """The newcomer's ``A alb - aqu (fails)``: a fleet could carry the army, but did not."""
    board, state = load_scenario("classic_1454")
    state.units = [replace(u, province="low") if u.owner == "Turkey" and u.province == "dur"
                   else u for u in state.units]
    orders = {"Turkey": parse_orders("A alb - aqu\nF low H\n", board, state, "Turkey").orders}
    report = process_phase(board, state, orders, "reasons").report
    assert ("A alb - aqu  (fails: no convoy carried the army (a fleet of the chain did not "
            "convoy it or was dislodged))") in report


def test_exp_gen_3_a_failed_expense_says_its_ducats_are_spent() -> None:
    board, state = load_scenario("classic_1454")
    state.options["money"] = True
    state.treasury = {p: 0 for p in state.powers} | {"Florence": 7}
    text = "expense 1: 3 ducats disband garrison siena\n"
    orders = {"Florence": parse_orders(text, board, state, "Florence").orders}
    private = process_phase(board, state, orders, "reasons").private["Florence"]
    assert ("expense 1: 3 ducats disband G sie  (fails: 6 needed to disband an autonomous "
            "garrison; EXP-D, BRIBE-4; its 3 ducats are spent all the same (EXP-GEN-3))"
            ) in private
    assert "Ledger: 7 at the start; -3 expense 1 (bribe to disband, fails); = 4 at the end" \
        in private

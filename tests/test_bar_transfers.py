"""Seed 003's transfers of ducats (003 7.1, 2 B, 18.1; BAR-2.4, BAR-18.1): told at the end
of the campaign, and never withdrawn once sent."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS
from machiavelli.core.state import State, Unit
from machiavelli.game.process import adjudicate
from machiavelli.service.kinds.machiavelli.orders import NO_WITHDRAWAL, read
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.text.notation import parse_orders

B = load_board("classic")


def spring(options: dict[str, bool] | None = None) -> State:
    return State(board="classic", year=1455, season="spring", phase="movement",
                 powers=list(B.powers.values()),
                 units=[Unit("A", "Milan", "mil"), Unit("A", "Venice", "ven")],
                 treasury={"Milan": 10, "Venice": 0},
                 options=dict(BAR_DEFAULTS if options is None else options))


def test_bar_2_4_a_transfer_is_told_to_its_receiver_when_the_campaign_ends() -> None:
    """Milan gives Venice 5 ducats, which Venice spends at once on a bodyguard (F.1 comes
    before F.2); the public report says nothing of it; Venice learns it in its private
    part of the campaign's results, and its treasury before the campaign shows none."""
    state = spring()
    orders = {
        "Milan": parse_orders("give 5 ducats to Venice\nA mil H", B, state, "Milan").orders,
        "Venice": parse_orders("expense 1: 3 ducats bodyguard Venice", B, state,
                               "Venice").orders,
    }
    done = adjudicate(B, state, orders, seed="bar-2.4")
    assert "ducats" not in done.report
    assert "Received 5 ducats from Milan" in done.private["Venice"]
    assert done.after.treasury["Venice"] == 2  # 5 received, 3 spent at once
    assert state.treasury["Venice"] == 0  # (what Venice saw while writing its orders)


def test_bar_18_1_a_transfer_once_sent_cannot_be_changed() -> None:
    """A later line giving Venice another sum is an error on its line; the first stands;
    the other orders are replaced as usual."""
    table = Table(B, spring())
    first = read(table, "Milan", "give 5 ducats to Venice\nA mil H")
    again = read(table, "Milan", "give 3 ducats to Venice\nA mil - pav", list(first.lines))
    assert again.lines == ("pay 5 ducats to Venice", "A mil - pav")
    assert [(e.line, e.text, e.reason, e.rule) for e in again.errors] == [
        (1, "give 3 ducats to Venice", NO_WITHDRAWAL, "BAR-18.1")]


def test_bar_18_1_a_replacing_submission_keeps_the_transfers() -> None:
    """Orders sent to replace all the earlier ones still keep the transfer; the same
    transfer sent again is no error."""
    table = Table(B, spring())
    first = read(table, "Milan", "give 5 ducats to Venice\nA mil H")
    replaced = read(table, "Milan", "A mil - pav", list(first.lines), replace=True)
    assert replaced.lines == ("pay 5 ducats to Venice", "A mil - pav")
    same = read(table, "Milan", "give 5 ducats to Venice", list(first.lines))
    assert same.errors == () and sorted(same.lines) == sorted(first.lines)


def test_bar_18_1_outside_bar_a_later_payment_replaces_the_earlier() -> None:
    table = Table(B, spring(dict(MACH1_DEFAULTS)))
    first = read(table, "Milan", "give 5 ducats to Venice")
    again = read(table, "Milan", "give 3 ducats to Venice", list(first.lines))
    assert again.lines == ("pay 3 ducats to Venice",) and again.errors == ()
    assert read(table, "Milan", "A mil H", list(first.lines), replace=True).lines == ("A mil H",)

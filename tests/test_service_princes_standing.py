"""Standing orders of a Princes game carried out by the host (spec princes.md section
4.4.6; issue 35 item 4): proxy bids (``BID UP TO n``), ``PASS ALL AUCTIONS``, ``NEXT
ACTION``, ``SET REACT AUTO`` (section 4.4.5), ``CLEAR``; private to their seat and the
master; given by mail too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_service_princes import KIND, MASTER, T0, _to_action, forming, look, ok, player, position

from machiavelli.commands.interpreter import judge_text
from machiavelli.princes.state import State
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.sheets import Stored


@pytest.fixture
def judge(tmp_path: object) -> Iterator[Judge]:
    with Judge(f"sqlite:///{tmp_path}/standing.db") as judge:
        yield judge


def started(judge: Judge) -> tuple[State, str, str, str]:
    """A 3-player game at its first action: the state and the seats in turn order from
    the one to act."""
    forming(judge)
    ok(judge.start("p", now=T0))
    state = _to_action(judge, "p")
    first = state.pending.seats[0]
    seats = state.from_seat(first)
    return state, seats[0], seats[1], seats[2]


def give(judge: Judge, seat: str, text: str) -> Stored:
    stored = judge.submit_orders("p", player(seat), None, text, now=T0)
    assert isinstance(stored, Stored), stored
    return stored


def test_proxy_bids_and_passes_answer_the_auction_at_once(judge: Judge) -> None:
    state, opener, second, third = started(judge)
    tile = state.display["firenze"][0]
    lowest = min(c.low for c in KIND.legal(state, opener)
                 if c.line.startswith(f"AUCTION CITY {tile} ") and c.low is not None)
    given = give(judge, second, f"BID UP TO {lowest + 2}")
    assert given.standing == (f"BID UP TO {lowest + 2}",) and not given.errors
    assert give(judge, third, "pass all auctions").standing == ("PASS ALL AUCTIONS",)
    assert judge.standing_orders("p", player(second), second) == (f"BID UP TO {lowest + 2}",)
    assert isinstance(judge.standing_orders("p", player(third), second), Refused)  # private
    assert judge.standing_orders("p", MASTER, third) == ("PASS ALL AUCTIONS",)

    give(judge, opener, f"AUCTION CITY {tile} BID {lowest}")
    now = position(judge, "p")
    assert now.pending.kind == "auction_bid" and now.pending.seats == (opener,)
    bids = [e for e in now.log if e["type"] == "bid"]
    assert (bids[-1]["seat"], bids[-1]["amount"]) == (second, lowest + 1)  # the proxy's bid
    assert third in now.auction.passed  # type: ignore[union-attr]
    give(judge, opener, f"BID {lowest + 3}")  # over the proxy's limit: it passes
    after = position(judge, "p")
    assert tile in after.seats[opener].city_tiles
    assert after.pending.kind != "auction_bid"
    assert judge.standing_orders("p", MASTER, second) == (f"BID UP TO {lowest + 2}",)
    assert give(judge, second, "CLEAR").standing == ()
    assert judge.standing_orders("p", MASTER, second) == ()


def test_a_next_action_is_taken_when_its_turn_comes_and_used_up(judge: Judge) -> None:
    state, first, second, _ = started(judge)
    assert give(judge, second, "NEXT ACTION BUY TRAITOR").standing == (
        "NEXT ACTION BUY TRAITOR",)
    give(judge, first, "PASS TURN")
    for _ in range(6):  # the first seat's end of turn, if it has one
        now = position(judge, "p")
        if now.pending.seats == (first,):
            give(judge, first, "END TURN")
    now = position(judge, "p")
    assert any(e["type"] == "payment" and e.get("seat") == second
               and e.get("item") == "traitor card" for e in now.log)
    assert judge.standing_orders("p", MASTER, second) == ()


def test_react_auto_all_round_closes_a_reaction_window_at_once(judge: Judge) -> None:
    state, first, second, third = started(judge)
    for seat in (second, third):
        assert give(judge, seat, "SET REACT AUTO").standing == ("SET REACT AUTO",)
    war = next(c.line for c in KIND.legal(state, first) if c.line.startswith("WAR "))
    give(judge, first, war)
    now = position(judge, "p")
    assert now.pending.kind == "war_reaction"  # the first seat is asked: it is not on AUTO
    seen = look(judge, "p", player(third))
    assert set(seen.orders) <= {third}  # nobody learns who answered already
    assert give(judge, first, "SET REACT AUTO").standing == ("SET REACT AUTO",)
    later = position(judge, "p")
    assert later.pending.kind != "war_reaction" or later.war.reaction_round > 1  # type: ignore[union-attr]


def test_standing_orders_by_mail(judge: Judge) -> None:
    started(judge)
    ok(judge.update_seat("p", "bob", password="bobpw", address="bob@x.org"))
    reply = judge_text(judge, "bob@x.org", "SIGN ON 2p bobpw\nSET REACT AUTO\n"
                                           "BID UP TO 9 ON POPE\nPASS ON CITY doge\n", T0)
    assert "Standing orders of P2: SET REACT AUTO; BID UP TO 9 ON POPE; PASS ON CITY doge." \
        in reply
    reply = judge_text(judge, "bob@x.org", "SIGN ON 2p bobpw\nCLEAR\n", T0)
    assert judge.standing_orders("p", MASTER, "P2") == ()

"""The time bank of a live Princes game (spec princes.md section 4.4.7): each seat has H
hours per decade for the decisions it owns alone; a decision's deadline is the earlier of
its schedule's and the owner's bank running out; an empty bank takes the default at once.
Sealed windows follow their schedule and draw on no bank."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from test_service_princes import KIND, PLAYERS, T0, look, ok, player, position

from machiavelli.service.games import NewGame, Settings
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused

HOUR = 3600.0


@pytest.fixture
def judge(tmp_path: object) -> Iterator[Judge]:
    with Judge(f"sqlite:///{tmp_path}/bank.db") as judge:
        yield judge


def deadline(judge: Judge) -> datetime:
    clock = look(judge, "p").clock["clock"]
    assert isinstance(clock, dict)
    return datetime.fromisoformat(clock["deadline"])


def left(judge: Judge) -> dict[str, float]:
    bank = look(judge, "p").clock["bank"]
    assert isinstance(bank, dict)
    return dict(bank["left"])


def test_a_seat_spends_its_bank_and_then_decides_nothing(judge: Judge) -> None:
    ok(judge.create_game(NewGame("p", "princes_A", 3, seed="s7", kind="princes",
                                 settings=Settings(deadlines={"bank_hours": 1.0})),
                         start=False, now=T0))
    for who, seat in PLAYERS.items():
        ok(judge.join("p", who, "player", [seat], now=T0))
    ok(judge.start("p", now=T0))
    assert deadline(judge) == T0 + timedelta(hours=12)  # a sealed window: its schedule
    for seat, bid in (("P1", 3), ("P2", 2), ("P3", 1)):
        ok(judge.submit_orders("p", player(seat), None, f"ORDER BID {bid}", now=T0))
    ok(judge.process("p", now=T0))
    assert left(judge) == {"P1": HOUR, "P2": HOUR, "P3": HOUR}
    now = T0
    spent: dict[str, float] = {"P1": 0.0, "P2": 0.0, "P3": 0.0}
    emptied = None
    for _ in range(12):
        decision = KIND.pending(position(judge, "p"))
        assert decision is not None
        if decision.simultaneous:
            break
        owner = decision.seats[0]
        room = HOUR - spent[owner]
        assert deadline(judge) == now + timedelta(seconds=room)  # the bank, not 24 h
        if room <= 0:
            number = look(judge, "p").phase
            swept = judge.sweep(["p"], now=now)  # an empty bank: the default at once
            assert not isinstance(swept[0], Refused) and swept[0].processed
            assert look(judge, "p").phase == number + 1
            emptied = owner
            break
        took = min(room, 40 * 60.0)
        now += timedelta(seconds=took)
        spent[owner] += took
        line = next(c.line for c in KIND.legal(position(judge, "p"), owner)
                    if c.line in ("PASS", "PASS TURN", "END TURN") or
                    c.line.startswith(("CHOOSE", "NO ")))
        ok(judge.submit_orders("p", player(owner), None, line, now=now))
        assert left(judge)[owner] == HOUR - spent[owner]
    assert emptied is not None, "some seat spent its hour"

"""A game of *Princes of the Renaissance* played by mail over real SMTP on the loopback
(issue 35 item 6, spec princes.md section 4.5).

Four players and a Master register; the Master creates the game by mail (``CREATE
?prin sesame princes 4``), the players join (``SIGN ON ?prin password``) and it starts
when the fourth has.  Each seat signs on by its number (``SIGN ON 2prin password``) and
plays in the Princes command language: the sealed order bids (resolved by the sweeper
once all are in), the family auction and choice, then a round of actions with a city
tile put up for auction and bid on.  Every single-owner decision is taken the moment its
owner's mail is read, and the reply says whose decision is next.  An illegal bid and an
answer out of turn are refused with the rule and change nothing; ``LIST`` shows the board
in words, the provisional values and the seat's own money only; each result mail holds
its reader's own part only.  A second game is played by mail to its final scoring.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_mail_game_by_mail import Table

from machiavelli.mail.mailroom import sweep_and_deliver
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

GAME = "prin"
NAMES = ("ann", "bob", "cy", "dee")
FREE = ("EXCHANGE", "GIVE", "STEAL", "TAKE FREE TRAITOR", "DECLARE WAR")
EASY = ("PASS TURN", "PASS", "END TURN", "NO REACTION", "NO LEAGUE", "NO BRIBE",
        "NO REROLL", "COMPENSATION NO")


class Princes(Table):
    def view(self, viewer: Viewer | None = None) -> GameView:
        found = self.judge.view(GAME, viewer or Viewer.master("gm@x.org"))
        assert isinstance(found, GameView), found
        return found

    def seat_of(self, name: str) -> str:
        seats = self.judge.seats(GAME)
        assert not isinstance(seats, Refused)
        power = next(s.power for s in seats if s.name == f"{name}@x.org")
        assert power is not None
        return power

    def play(self, name: str, text: str) -> str:
        """``name`` signs on to its seat (by its number) and sends ``text``."""
        number = self.seat_of(name)[1:]
        return self.mail(f"{name}@x.org", f"SIGN ON {number}{GAME} {name}pw\n{text}\n")

    def sweep(self) -> list[str]:
        return sweep_and_deliver(self.judge, self.relay, self.config).processed


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Princes]:
    table = Princes(tmp_path)
    yield table
    table.close()


def owner_name(table: Princes, seat: str) -> str:
    return next(n for n in NAMES if table.seat_of(n) == seat)


def a_line(table: Princes, seat: str, played: dict[str, str]) -> str:
    """The line a seat mails: the first action puts a city tile up for auction (at its
    lowest opening bid), the first auction bid raises, else a pass or the first choice."""
    name = owner_name(table, seat)
    legal = table.judge.legal(GAME, Viewer.player(seat, f"{name}@x.org"), seat)
    assert not isinstance(legal, Refused), legal
    lines = [c.line for c in legal if not c.line.startswith(FREE)]
    city = next((c for c in legal if c.line.startswith("AUCTION CITY")), None)
    if city is not None and "auction" not in played:
        played["auction"] = seat
        return re.sub(r"\d+$", str(city.low), city.line)
    bid = next((c for c in legal if c.line.startswith("BID ")), None)
    if bid is not None and "bid" not in played:
        played["bid"] = seat
        return f"BID {bid.low}"
    return next((e for e in EASY if e in lines), lines[0])


def test_a_four_player_princes_game_by_mail(table: Princes) -> None:
    for name in ("gm", *NAMES):
        assert "Registration processed." in table.mail(f"{name}@x.org",
                                                        f"REGISTER\nName: {name}\nEND")
    reply = table.mail("gm@x.org", f"CREATE ?{GAME} sesame princes 4")
    assert f"You've been selected to play Master in game '{GAME}'" in reply
    for name in NAMES:
        reply = table.mail(f"{name}@x.org", f"SIGN ON ?{GAME} {name}pw")
        assert "You've been selected to play a power" in reply
    view = table.view()
    assert view.kind == "princes" and view.status == "playing" and len(view.powers) == 4
    for name in NAMES:
        [start] = table.catcher.texts(f"{name}@x.org", "Game Starting")
        assert f"You have been selected as {table.seat_of(name)}" in start

    # the sealed order bids: each reply shows its own bid only; the sweeper resolves them
    bids = {"ann": 9, "bob": 5, "cy": 3, "dee": 1}
    for name, bid in bids.items():
        reply = table.play(name, f"ORDER BID {bid}")
        assert f"Accepted for {table.seat_of(name)}" in reply
        assert "Waiting for: Start: order bid by all" in reply
        others = [f"ORDER BID {b}" for n, b in bids.items() if n != name]
        assert not any(line in reply for line in others)
    assert table.sweep() == [GAME]
    results = table.catcher.texts("ann@x.org", "Results")
    assert results and "order bids" in results[-1]
    own = table.seat_of("ann")
    assert f"{own}'s own part" in results[-1]
    assert not any(f"{table.seat_of(n)}'s own part" in results[-1] for n in NAMES if n != "ann")

    # one decision after another, each taken when its owner's mail is read
    played: dict[str, str] = {}
    actions: list[str] = []
    refused_once = False
    for _ in range(80):
        view = table.view()
        decision = view.decision
        assert decision is not None
        if decision.kind == "action" and len(set(actions)) == 4:
            break
        if decision.simultaneous:
            for seat in decision.seats:
                table.play(owner_name(table, seat), a_line(table, seat, played))
            assert table.sweep() == [GAME]
            continue
        seat = decision.seats[0]
        name = owner_name(table, seat)
        if decision.kind == "auction_bid" and not refused_once:
            refused_once = True  # an illegal bid, and a bid out of turn, change nothing
            reply = table.play(name, "BID 0")
            assert "Refused" in reply and "R-3 a bid must be at least" in reply, reply
            other = next(n for n in NAMES if n != name)
            reply = table.play(other, "PASS")
            assert "Refused" in reply and "PR-TURN.2" in reply, reply
            assert table.view().phase == view.phase
        line = a_line(table, seat, played)
        reply = table.play(name, line)
        assert "Taken:" in reply, reply
        assert "Waiting for:" in reply or table.view().status == "over"
        assert table.view().phase == view.phase + 1
        if decision.kind == "action":
            actions.append(seat)
    assert len(set(actions)) == 4, actions
    assert "auction" in played and "bid" in played and refused_once
    assert any("auction won" in text for text in table.catcher.texts("gm@x.org", "Results"))

    # LIST: the board in words, the provisional values, whose turn, the own money only
    reply = table.play("bob", "LIST")
    bob = table.seat_of("bob")
    assert "Provisional values" in reply and "Waiting for:" in reply
    assert "Display venezia" in reply and f"{bob}: " in reply
    hands = [line for line in reply.splitlines() if "; hand " in line]
    assert len(hands) == 1 and hands[0].startswith(f"{bob} (")


def test_a_four_player_princes_game_by_mail_to_its_end(table: Princes) -> None:
    """Issue 35's "a 4-player game can be played to the end by mail on loopback SMTP":
    every decision mailed by its owner (event auctions and passes preferred, so that the
    decades go by), the sealed windows closed by the sweeper, to the final scoring; every
    seat is told the result."""
    for name in ("gm", *NAMES):
        table.mail(f"{name}@x.org", f"REGISTER\nName: {name}\nEND")
    table.mail("gm@x.org", f"CREATE ?{GAME} sesame princes 4")
    for name in NAMES:
        table.mail(f"{name}@x.org", f"SIGN ON ?{GAME} {name}pw")
    draw = random.Random(4)
    for _ in range(400):
        view = table.view()
        if view.status == "over":
            break
        decision = view.decision
        assert decision is not None
        for seat in decision.seats:
            name = owner_name(table, seat)
            legal = table.judge.legal(GAME, Viewer.player(seat, f"{name}@x.org"), seat)
            assert not isinstance(legal, Refused)
            lines = [c.line for c in legal if not c.line.startswith(FREE)]
            liked = [c for c in lines if c.startswith(("AUCTION EVENT", "PASS", "END TURN",
                                                       "NO REACTION", "ORDER BID"))]
            reply = table.play(name, draw.choice(liked or lines))
            assert "Accepted for" in reply, reply
        if decision.simultaneous:
            assert table.sweep() == [GAME]
    view = table.view()
    assert view.status == "over" and view.winners
    for name in NAMES:
        last = table.catcher.texts(f"{name}@x.org", "Results")[-1]
        assert "The game is over" in last and "final scoring" in last

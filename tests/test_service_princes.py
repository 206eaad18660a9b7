"""A Princes of the Renaissance game on the host, through the port (spec princes.md
section 4; issue 35 item 4), on SQLite and on PostgreSQL: created, joined, started,
played through the Judge to its final scoring, one phase row per resolved decision,
rolled back and replayed, exported and imported; late, illegal and out-of-turn answers
refused; traitor cards and closed money private; a missed deadline takes the default."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from service_db import ok
from sqlalchemy import select

from machiavelli.princes.state import State
from machiavelli.princes.text import apply_text
from machiavelli.service.games import NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.kinds import kind_named
from machiavelli.service.port import Setup
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game, Phase
from machiavelli.service.sheets import Stored
from machiavelli.service.visibility import GameView, Viewer

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
MASTER = Viewer.master()
KIND = kind_named("princes")
PLAYERS = {"ann": "P1", "bob": "P2", "cy": "P3"}
#: free acts leave the decision pending: the scripted players keep to the answers
FREE = ("EXCHANGE", "GIVE", "STEAL", "TAKE FREE TRAITOR", "DECLARE WAR")


def look(judge: Judge, name: str, viewer: Viewer = MASTER) -> GameView:
    view = judge.view(name, viewer)
    assert isinstance(view, GameView), view
    return view


def rows(judge: Judge, name: str) -> list[Phase]:
    with judge.db.reading() as session:
        game = session.scalars(select(Game).where(Game.name == name)).one()
        return list(session.scalars(select(Phase).where(
            Phase.game_id == game.id, Phase.superseded_at.is_(None)).order_by(Phase.number)))


def position(judge: Judge, name: str) -> State:
    found = KIND.load(rows(judge, name)[-1].state, Setup("princes_A", "", 3))
    assert isinstance(found, State)
    return found


def player(seat: str) -> Viewer:
    name = next(n for n, s in PLAYERS.items() if s == seat)
    return Viewer.player(seat, name)


def forming(judge: Judge, name: str = "p", setup: str = "princes_A",
            flags: tuple[str, ...] = ()) -> None:
    ok(judge.create_game(NewGame(name, setup, 3, flags, seed="s7", kind="princes"),
                         start=False, now=T0))
    for who, seat in PLAYERS.items():
        ok(judge.join(name, who, "player", [seat], now=T0))
    ok(judge.join(name, "olga", "observer", now=T0))


def answer(state: State, seat: str, draw: random.Random) -> str:
    choices = [c.line for c in KIND.legal(state, seat) if not c.line.startswith(FREE)]
    return draw.choice(choices)


def play_one(judge: Judge, name: str, draw: random.Random, now: datetime
             ) -> list[tuple[str, str]]:
    """One decision answered (a simultaneous one by every seat, then processed by the
    master); the answers given, to replay them."""
    state = position(judge, name)
    decision = KIND.pending(state)
    assert decision is not None
    given: list[tuple[str, str]] = []
    base = state
    for seat in decision.seats:
        before = look(judge, name).phase
        state = base
        for _ in range(8):
            text = answer(state, seat, draw)
            stored = judge.submit_orders(name, player(seat), None, text, now=now)
            assert isinstance(stored, Stored), stored
            assert all(e.line == 0 for e in stored.errors), stored.errors
            given.append((seat, text))
            if stored.resolved or not stored.errors:
                break
            state = _after(base, seat, stored.lines)  # free acts, bribes: more to answer
        if not decision.simultaneous:
            assert look(judge, name).phase == before + 1  # resolved by its owner's answer
    if decision.simultaneous:
        done = judge.process(name, now=now)
        assert not isinstance(done, Refused), done
    return given


def _after(state: State, seat: str, lines: list[str]) -> State:
    """The position after ``seat``'s lines (free acts, bribes) so far."""
    return apply_text("\n".join(lines), state, seat)[0]


def test_a_three_player_game_is_played_to_its_final_scoring(judge: Judge,
                                                             tmp_path: Path) -> None:
    forming(judge)
    assert look(judge, "p").status == "forming"
    ok(judge.start("p", now=T0))
    view = look(judge, "p")
    assert view.kind == "princes" and view.powers == ("P1", "P2", "P3")
    assert {s.name: s.power for s in view.seats if s.role == "player"} == PLAYERS
    assert view.decision is not None and view.decision.simultaneous
    assert view.decision.kind == "order_bid" and view.decision.schedule == "bid"
    draw = random.Random(3)
    played: dict[int, list[tuple[str, str]]] = {}
    seen_hand = False
    now = T0
    while look(judge, "p").status == "playing":
        number = look(judge, "p").phase
        played[number] = play_one(judge, "p", draw, now)
        now += timedelta(minutes=1)
        seen_hand = seen_hand or _check_privacy(judge, "p")
        if len(played) == 40:  # exported and imported mid-game, answers pending
            ok(judge.export_game("p", tmp_path / "mid"))
            ok(judge.import_game(tmp_path / "mid", "pmid", now=now))
            assert [r.state for r in rows(judge, "pmid")] == [r.state for r in rows(judge, "p")]
            assert look(judge, "pmid").decision == look(judge, "p").decision
        assert len(played) < 2000
    view = look(judge, "p")
    assert view.status == "over" and view.winners
    assert len(rows(judge, "p")) == len(played) + 1  # one row per resolved decision
    final = position(judge, "p")
    assert final.final is not None and final.final["winner"] == view.winners
    standing = KIND.standing(final)
    assert standing.over and standing.draw == "" and set(standing.scores) == set(PLAYERS.values())
    assert "final scoring" in rows(judge, "p")[-1].report
    assert seen_hand, "some seat held traitor cards during the game"

    # export and import give the same game
    folder = tmp_path / "archive"
    ok(judge.export_game("p", folder))
    ok(judge.import_game(folder, "p2", now=now))
    assert [r.state for r in rows(judge, "p2")] == [r.state for r in rows(judge, "p")]
    assert look(judge, "p2").status == "over"

    # roll back to an earlier decision and replay: the same positions
    back = len(played) // 2
    kept = rows(judge, "p")
    ok(judge.rollback("p", MASTER, back, now=now))
    assert look(judge, "p").phase == back and look(judge, "p").status == "playing"
    ok(judge.process("p", now=now))  # the answers of that decision are pending again
    for number in range(back + 1, len(played)):
        for seat, text in played[number]:
            judge.submit_orders("p", player(seat), None, text, now=now)
        if look(judge, "p").phase == number:
            ok(judge.process("p", now=now))
    assert [r.state for r in rows(judge, "p")] == [r.state for r in kept]
    assert look(judge, "p").status == "over"


def _check_privacy(judge: Judge, name: str) -> bool:
    """Traitor cards and closed money: each seat's own, the master's; nobody else's."""
    state = position(judge, name)
    holder = next((s for s in state.order if state.seats[s].traitors), None)
    if holder is None or look(judge, name).status != "playing":
        return False
    cards = state.seats[holder].traitors
    other = next(s for s in state.order if s != holder)
    own = look(judge, name, player(holder))
    assert own.state["seats"][holder]["traitors"] == cards
    assert own.state["seats"][holder]["gold"] == state.seats[holder].gold
    assert ", ".join(cards) in own.private[holder]
    for viewer in (player(other), Viewer.observer("olga"), Viewer.public()):
        seen = look(judge, name, viewer)
        assert seen.state["seats"][holder]["traitors"] is None
        assert seen.state["seats"][holder]["traitor_count"] == len(cards)
        assert seen.state["seats"][holder]["gold"] is None  # closed money (PR-GEN.4)
        assert holder not in seen.private
        assert "hand" not in seen.position.split(f"{holder} (")[1].split("\n")[0]
    master = look(judge, name, MASTER)
    assert master.state["seats"][holder]["traitors"] == cards and holder in master.private
    return True


def _to_action(judge: Judge, name: str) -> State:
    """The order bids and the family auction answered, to the first action."""
    for seat in ("P1", "P2", "P3"):
        ok(judge.submit_orders(name, player(seat), None, f"ORDER BID {seat[1]}",
                               now=T0))
    ok(judge.process(name, now=T0))
    state = position(judge, name)
    while (decision := KIND.pending(state)) is not None and decision.kind != "action":
        seat = decision.seats[0]
        line = "PASS" if decision.kind == "family_raise" else next(
            c.line for c in KIND.legal(state, seat))
        assert isinstance(judge.submit_orders(name, player(seat), None, line, now=T0), Stored)
        state = position(judge, name)
    return state


def test_late_illegal_and_out_of_turn_answers_change_nothing(judge: Judge) -> None:
    forming(judge)
    ok(judge.start("p", now=T0))
    state = _to_action(judge, "p")
    decision = KIND.pending(state)
    assert decision is not None and decision.schedule == "action" and not decision.simultaneous
    seat = decision.seats[0]
    number = look(judge, "p").phase
    tile = state.display["firenze"][0]
    low = f"AUCTION CITY {tile} BID 1"
    stored = judge.submit_orders("p", player(seat), None, low, now=T0)
    assert isinstance(stored, Stored) and stored.lines == [] and not stored.resolved
    assert stored.errors[0].rule == "PR-AUC.6" and "PR-AUC.6" in stored.errors[0].reason
    assert look(judge, "p").phase == number and rows(judge, "p")[-1].state == KIND.dump(state)
    other = next(s for s in ("P1", "P2", "P3") if s != seat)
    stored = judge.submit_orders("p", player(other), None, "PASS TURN", now=T0)
    assert isinstance(stored, Stored) and stored.errors[0].rule == "PR-TURN.2"
    assert look(judge, "p").phase == number
    assert isinstance(judge.submit_orders("p", player(seat), None, "nonsense!", now=T0), Stored)
    assert look(judge, "p").phase == number
    done = judge.submit_orders("p", player(seat), None, "PASS TURN", phase=number, now=T0)
    assert isinstance(done, Stored) and done.resolved and look(judge, "p").phase == number + 1
    late = judge.submit_orders("p", player(seat), None, "PASS TURN", phase=number, now=T0)
    assert isinstance(late, Refused) and "has been processed" in late.reason
    assert look(judge, "p").phase == number + 1
    vote = judge.vote_draw("p", player(seat), None, True, now=T0)
    assert isinstance(vote, Refused) and "no draws" in vote.reason


def test_a_missed_deadline_applies_the_default(judge: Judge) -> None:
    forming(judge)
    ok(judge.start("p", now=T0))
    clock = look(judge, "p").clock["clock"]
    assert isinstance(clock, dict)
    assert datetime.fromisoformat(clock["deadline"]) == T0 + timedelta(hours=12)  # a bid
    ok(judge.submit_orders("p", player("P1"), None, "ORDER BID 5", now=T0))
    swept = judge.sweep(["p"], now=T0 + timedelta(hours=1))
    assert not isinstance(swept[0], Refused) and not swept[0].processed
    swept = judge.sweep(["p"], now=T0 + timedelta(hours=12))
    assert not isinstance(swept[0], Refused) and swept[0].processed, swept
    report = rows(judge, "p")[-1].report
    assert "P2: no answer, the default: ORDER BID 0" in report
    assert "P1: no answer" not in report
    assert look(judge, "p").standing == {"P2": "missed 1", "P3": "missed 1"}  # not abandoned
    state = _to_action(judge, "p")
    start = T0 + timedelta(hours=12)
    decision = KIND.pending(state)
    assert decision is not None and decision.kind == "action"
    number = look(judge, "p").phase
    swept = judge.sweep(["p"], now=start + timedelta(hours=25))
    assert not isinstance(swept[0], Refused) and swept[0].processed
    assert look(judge, "p").phase == number + 1
    assert f"{decision.seats[0]}: no answer, the default: PASS TURN" in rows(judge, "p")[-1].report


def test_princes_set_ups_and_open_money(judge: Judge) -> None:
    names = [s.name for s in KIND.setups()]
    assert names == ["princes_A", "princes_B", "princes_beginner"]
    for bad in (NewGame("x", "princes_A", None, kind="princes"),
                NewGame("x", "princes_A", 7, kind="princes"),
                NewGame("x", "princes_C", 3, kind="princes"),
                NewGame("x", "princes_A", 3, ("bogus",), kind="princes")):
        assert isinstance(judge.create_game(bad, now=T0), Refused)
    forming(judge, "o", "princes_beginner", ("open money",))
    ok(judge.start("o", now=T0))
    seen = look(judge, "o", Viewer.observer("olga"))
    assert seen.state["seats"]["P1"]["gold"] == 45  # open money: totals public
    assert seen.state["seats"]["P1"]["traitors"] is None
    assert seen.decision is not None and seen.decision.kind == "family_choice"
    assert "<svg" in KIND.picture(position(judge, "o"), Viewer.observer("olga").sight)


def test_defaults_in_a_row_put_a_seat_in_civil_disorder(judge: Judge) -> None:
    forming(judge)
    ok(judge.start("p", now=T0))
    _to_action(judge, "p")
    now = T0
    for _ in range(12):  # every action passed by default, a day apart
        now += timedelta(hours=25)
        swept = judge.sweep(["p"], now=now)
        assert not isinstance(swept[0], Refused) and swept[0].processed
        if "civil disorder" in look(judge, "p").standing.values():
            break
    standing = look(judge, "p").standing
    out = [s for s, how in standing.items() if how == "civil disorder"]
    assert out and all(how in ("missed 2", "civil disorder") for how in standing.values())
    state = position(judge, "p")
    decision = KIND.pending(state)
    assert decision is not None
    if decision.seats[0] in out:  # its decisions are taken at once, not at the deadline
        number = look(judge, "p").phase
        swept = judge.sweep(["p"], now=now + timedelta(minutes=1))
        assert not isinstance(swept[0], Refused) and swept[0].processed
        assert look(judge, "p").phase == number + 1
    seat = out[0]
    ok(judge.set_wait("p", player(seat), None, False, now=now))  # the player is back
    assert seat not in look(judge, "p").standing


def test_answers_are_kept_as_the_command_language_writes_them(judge: Judge) -> None:
    forming(judge)
    ok(judge.start("p", now=T0))
    stored = judge.submit_orders("p", player("P1"), None, "# my bid\norder bid 5", now=T0)
    assert isinstance(stored, Stored) and stored.lines == ["ORDER BID 5"] and not stored.errors
    assert not stored.resolved  # a sealed bid waits for the others
    stored = judge.submit_orders("p", player("P1"), None, "ORD BID 7", now=T0)
    assert isinstance(stored, Stored) and stored.lines == ["ORDER BID 7"]
    own = look(judge, "p", player("P1")).orders["P1"]
    assert own.lines == ["ORDER BID 7"]
    assert "P1" not in look(judge, "p", player("P2")).orders  # sealed
    stored = judge.submit_orders("p", player("P2"), None, "ORDER BID 99", now=T0)
    assert isinstance(stored, Stored) and stored.errors[0].rule == "PR-START.1"
    stored = judge.submit_orders("p", player("P2"), None, "BID UP TO 12", now=T0)
    assert isinstance(stored, Stored) and stored.standing == ("BID UP TO 12",)  # kept apart
    assert not stored.errors and stored.lines == []
    for seat in ("P2", "P3"):  # every sealed bid in: resolved at the next sweep
        ok(judge.submit_orders("p", player(seat), None, "ORDER BID 1", replace=True, now=T0))
    swept = judge.sweep(["p"], now=T0 + timedelta(minutes=1))
    assert not isinstance(swept[0], Refused) and swept[0].processed
    assert swept[0].why == "every due power has orders in and nobody waits"
    assert "order bids: bids {'P1': 7, 'P2': 1, 'P3': 1}" in rows(judge, "p")[-1].report

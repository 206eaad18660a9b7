"""Who sees what: for each role, nothing of another power's ducats, expenses, orders or
private press reaches it, in the position, the reports, the orders or the press."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import asdict
from datetime import UTC, datetime

import pytest

from machiavelli.game.random_orders import CARELESS, random_orders
from machiavelli.service.games import NewGame, Settings
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.text.notation import format_order

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
PHASES = 9  # through the first winter: income, builds paid for, loans, expenses


def look(judge: Judge, viewer: Viewer) -> GameView:
    view = judge.view("g", viewer, history=True)
    assert isinstance(view, GameView), view
    return view


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Judge]:
    """A money game of careless players (loans, expenses, bribes, chits), with press."""
    url = f"sqlite:///{tmp_path_factory.mktemp('vis')}/judge.db"
    judge = Judge(url)
    view = judge.create_game(NewGame("g", "classic_1454", seed="vis",
                                     settings=Settings(press={"colours": "white/grey"})),
                             now=T0)
    assert isinstance(view, GameView)
    rng = random.Random(5)
    for number in range(PHASES):
        state = look(judge, Viewer.master()).state
        from machiavelli.game.scenario import scenario_board

        board = scenario_board("classic_1454")
        for power, orders in random_orders(board, state, rng, CARELESS).items():
            text = "".join(format_order(o) + "\n" for o in orders)
            assert not isinstance(judge.submit_orders("g", Viewer.master(), power, text,
                                                      now=T0), Refused)
        for sender, to, grey in (("Milan", ["Venice"], False), ("Venice", ["Milan"], True),
                                 ("Naples", ["all"], False), ("Papacy", ["master"], False)):
            assert not isinstance(judge.send_press(
                "g", Viewer.player(sender), to, f"{sender} secret {number}", grey=grey,
                now=T0), Refused)
        assert not isinstance(judge.process("g", expected=number, now=T0), Refused)
    yield judge
    judge.close()


def test_the_game_had_money_to_hide(played: Judge) -> None:
    master = look(played, Viewer.master())
    reports = "\n".join(text for h in master.history for text in h.private.values())
    assert re.search(r"expense \d: \d+ ducats", reports)
    assert re.search(r"borrow \d+ ducats", reports)
    assert "receives" in reports  # income
    assert len(master.history) == PHASES


def _everything(view: GameView) -> str:
    """All a viewer receives, as text."""
    return repr(asdict(view))


def _lines(view: GameView) -> set[str]:
    """Every line of every text a viewer receives, stripped."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, str):
            found.update(x.strip() for x in value.splitlines())
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(k)
                walk(v)
        elif isinstance(value, list | tuple | set):
            for v in value:
                walk(v)

    walk(asdict(view))
    return found


def _private_lines(master: GameView, power: str) -> set[str]:
    """Every line that only ``power`` (and the master) may read."""
    lines: set[str] = set()
    for text in [master.start_private.get(power, ""),
                 *(entry.private.get(power, "") for entry in master.history)]:
        lines |= {x.strip() for x in text.splitlines()}
    return {x for x in lines if x and x not in _public_lines(master)}


def _public_lines(master: GameView) -> set[str]:
    return {x.strip() for text in [master.start, *(h.report for h in master.history)]
            for x in text.splitlines()}


@pytest.mark.parametrize("power", ["Milan", "Venice", "Naples", "Turkey"])
def test_a_player_sees_its_own_money_and_no_one_elses(played: Judge, power: str) -> None:
    master = look(played, Viewer.master())
    view = look(played, Viewer.player(power))
    others = [p for p in master.state.powers if p != power]
    assert set(view.state.treasury) <= {power} and set(view.state.loans) <= {power}
    assert set(view.state.chits) <= {power} and set(view.state.defaulted) <= {power}
    assert set(view.private) <= {power} and set(view.orders) <= {power}
    assert view.submitted == []
    for entry in view.history:
        assert set(entry.private) <= {power} and set(entry.orders) <= {power}
        assert set(entry.position.treasury) <= {power}
        assert not any(line.strip().startswith(("borrow", "pay ", "give", "expense"))
                       for line in entry.report.splitlines())
    text = _everything(view)
    lines = _lines(view)
    own = _private_lines(master, power)
    for other in others:
        assert f"Private to {other}" not in text
        for line in _private_lines(master, other) - own:
            assert line not in lines, (other, line)
    assert own and own <= lines


@pytest.mark.parametrize("power", ["Milan", "Venice", "Naples"])
def test_a_player_reads_only_the_press_it_may(played: Judge, power: str) -> None:
    view = look(played, Viewer.player(power))
    bodies = {x.body for x in view.press}
    for letter in view.press:
        reaches = letter.to == ["all"] or power in letter.to or letter.sender == power
        assert reaches or letter.sender == "(anonymous)" and power in letter.to
    expected = {"Milan": ("Milan", "Venice", "Naples"), "Venice": ("Milan", "Venice", "Naples"),
                "Naples": ("Naples",)}[power]
    assert {b.split()[0] for b in bodies} == set(expected)
    assert not any(b.startswith("Papacy") for b in bodies)  # to the master only
    if power == "Milan":  # Venice's grey letter to Milan: the sender is hidden
        grey = [x for x in view.press if x.body.startswith("Venice")]
        assert grey and all(x.sender == "(anonymous)" for x in grey)
        assert "Venice secret" in _everything(view)
    if power == "Venice":  # it sent the grey letter: it knows it did
        assert all(x.sender == "Venice" for x in view.press if x.body.startswith("Venice"))


def test_an_observer_sees_the_public_board_only(played: Judge) -> None:
    master = look(played, Viewer.master())
    for viewer in (Viewer.observer("cy"), Viewer.public()):
        view = look(played, viewer)
        assert view.state.treasury == {} and view.state.loans == {} and view.state.chits == {}
        assert view.private == {} and view.orders == {} and view.submitted == []
        assert all(h.private == {} and h.orders == {} for h in view.history)
        assert "Private to" not in _everything(view)
        lines = _lines(view)
        for power in master.state.powers:
            for line in _private_lines(master, power):
                assert line not in lines, line
        assert view.position == master.position  # the board is public
        expected = {"Naples"} if viewer.role == "observer" else set()
        assert {x.body.split()[0] for x in view.press} == expected


def test_the_master_sees_everything(played: Judge) -> None:
    master = look(played, Viewer.master())
    assert set(master.state.treasury) == set(master.state.powers)
    assert set(master.private) == set(master.state.powers) - set(master.state.eliminated)
    assert {x.sender for x in master.press} == {"Milan", "Venice", "Naples", "Papacy"}
    assert all(x.sender != "(anonymous)" for x in master.press)
    assert any("expense" in text for h in master.history for text in h.private.values())


def test_public_reports_name_no_sum_of_money(played: Judge) -> None:
    view = look(played, Viewer.player("Milan"))
    for entry in [*view.history]:
        public_part = entry.report
        for line in public_part.splitlines():
            assert not re.search(r"\d+ ducats?", line), line
    observer = look(played, Viewer.observer())
    assert not re.search(r"\d+ ducats?", observer.start)

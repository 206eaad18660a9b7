"""A Princes game by mail (issue 35 items 4 and 6): the master sets the time bank (``SET
TIME BANK h``, spec princes.md section 4.4.2), ``LIST`` gives the board in words, and bad
input gets a clear refusal that changes nothing: an illegal bid, an action out of turn, an
unknown tile, an amount in other digits or of 5,000 digits."""

from __future__ import annotations

from test_mail_princes import GAME, NAMES, Princes, owner_name, table  # noqa: F401

from machiavelli.service.refusal import Refused


def started(table: Princes) -> None:  # noqa: F811
    for name in ("gm", *NAMES):
        table.mail(f"{name}@x.org", f"REGISTER\nName: {name}\nEND")
    assert "selected to play Master" in table.mail("gm@x.org",
                                                   f"CREATE ?{GAME} sesame princes 4")
    for name in NAMES:
        assert "selected to play a power" in table.mail(f"{name}@x.org",
                                                        f"SIGN ON ?{GAME} {name}pw")


def bank_hours(table: Princes) -> float:  # noqa: F811
    settings = table.judge.settings(GAME)
    assert not isinstance(settings, Refused)
    return float(settings.deadlines.get("bank_hours", 0))


def test_the_master_sets_the_time_bank_by_mail(table: Princes) -> None:  # noqa: F811
    started(table)
    reply = table.mail("gm@x.org", f"SIGN ON M{GAME} sesame\nSET TIME BANK 2")
    assert "Time bank: 2 hours a decade" in reply, reply
    assert bank_hours(table) == 2
    reply = table.mail("gm@x.org", f"SIGN ON M{GAME} sesame\nSET TIME BANK 1.5 hours")
    assert "Time bank: 1.5 hours" in reply and bank_hours(table) == 1.5
    for bad in ("SET TIME BANK soon", "SET TIME BANK " + "9" * 5000, "SET TIME BANK -3",
                "SET TIME BANK 99999"):
        reply = table.mail("gm@x.org", f"SIGN ON M{GAME} sesame\n{bad}")
        assert "Bad time bank time specification" in reply, (bad[:30], reply)
        assert bank_hours(table) == 1.5
    reply = table.mail("gm@x.org", f"SIGN ON M{GAME} sesame\nSET NO TIME BANK")
    assert "No time bank" in reply and bank_hours(table) == 0


def test_a_player_may_not_set_the_time_bank(table: Princes) -> None:  # noqa: F811
    started(table)
    reply = table.play("ann", "SET TIME BANK 5")
    assert "Only the Master may SET TIME BANK" in reply and bank_hours(table) == 0


def test_list_gives_the_board_in_words(table: Princes) -> None:  # noqa: F811
    started(table)
    reply = table.play("cy", "LIST")
    assert "Display venezia" in reply and "Waiting for: Start: order bid by all" in reply
    assert "Options:  side A, start auction, money closed" in reply


def test_bad_input_by_mail_is_refused_and_changes_nothing(table: Princes) -> None:  # noqa: F811
    started(table)
    phase = table.view().phase
    for line, why in (("ORDER BID " + "9" * 5000, "at most 6 digits (5000 given)"),
                      ("ORDER BID １２", "with the digits 0-9, not '１２'"),
                      ("ORDER BID 1,000", "with the digits 0-9"),
                      ("ORDER BID 999", "R-"),  # more gold than the seat holds
                      ("AUCTION CITY dragon BID 20", "dragon"),
                      ("BUY TROOP elephants", "elephants")):
        reply = table.play("ann", line)
        assert "Refused" in reply or "refused" in reply, (line[:30], reply)
        assert why in reply, (line[:30], reply)
        view = table.view()
        # the refused line is kept with its reason for the seat to read, never as an answer
        assert view.phase == phase and all(not o.lines for o in view.orders.values())
    for _ in range(4):  # past the sealed bids to a decision of one seat
        for name in NAMES:
            table.play(name, "ORDER BID 0")
        if table.sweep():
            break
    view = table.view()
    assert view.decision is not None and not view.decision.simultaneous
    other = next(n for n in NAMES if table.seat_of(n) not in view.decision.seats)
    reply = table.play(other, "PASS")
    assert "Refused" in reply and "PR-TURN.2" in reply, reply
    assert table.view().phase == view.phase


def test_press_by_mail_reaches_only_its_reader(table: Princes) -> None:  # noqa: F811
    started(table)
    bob = table.seat_of("bob")
    reply = table.play("ann", f"PRESS TO {bob[1:]}\nMilano is yours if you pass\nENDPRESS")
    assert "Refused" not in reply, reply
    letters = table.judge.view(GAME, table.view().viewer).press  # the master's: every one
    assert [x.body.strip() for x in letters] == ["Milano is yours if you pass"]
    got = table.catcher.texts("bob@x.org", "")
    assert any("Milano is yours" in text for text in got)
    for name in ("cy", "dee"):
        assert not any("Milano is yours" in t for t in table.catcher.texts(f"{name}@x.org", ""))

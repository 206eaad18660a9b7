"""The judge by mail for Masters and for the record: the Master's commands and settings,
the Machiavelli flags by mail, result mails per seat (each power its own part only),
processing by deadline through the sweeper, LIST, HISTORY, SUMMARY, WHOIS and the help."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from mail_sessions import MASTER, Post, outcomes, register, said, status, three_player_game

from machiavelli.mail.mailroom import sweep_and_deliver
from machiavelli.mail.postman import Outbox
from machiavelli.service.judge import Judge

GM = "signon mrome sesame\n"


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    with Judge(f"sqlite:///{tmp_path}/judge.db") as judge:
        yield Post(judge)


def test_flag_famine_flag_plague_and_flag_dice_1_set_by_mail_before_the_start(
        post: Post) -> None:
    register(post, "gm", "ann")
    answer = post.send(MASTER, "create ?rome sesame machiavelli\nset nofamine\n"
                       "set plague storm\nset nodice\nset players 8")
    assert [s for _, s, _ in outcomes(answer)] == ["done"] * 5
    assert "famine is now off" in said(answer, "set nofamine")
    assert "plague is now on" in said(answer, "set plague storm")
    options = post.view("rome").state.options
    assert options.get("famine") is False and options.get("dice") is False
    # FLAG-DICE-1: nodice turns plague off again
    assert "plague is now off" in said(answer, "set nodice")
    assert status(post.send("ann@x.org", "signon ?rome pw\nset famine"), "set famine") == (
        "refused", "not allowed")
    post.send(MASTER, GM + "force begin")
    assert post.view("rome").status == "playing"
    assert status(post.send(MASTER, GM + "set famine"), "set famine") == (
        "refused", "not now")  # only before the start ("mod/mac")


def test_a_masters_deadline_press_and_draw_settings(post: Post) -> None:
    three_player_game(post)
    answer = post.send(MASTER, GM + "set deadline 20 Nov 2026 23:30\nset grace 25 Nov 2026\n"
                       "set nmr\nset move next 48 days SMTWTFS\nset grey, no partial\n"
                       "set nodias\nset max absence 20\nset deadline 1 Jan 2020\n"
                       "set ratings")
    got = [(t, s) for t, s, _ in outcomes(answer)][1:]
    assert got[:7] == [(t, "done") for t, _ in got[:7]], answer.reply
    assert got[7:] == [("set deadline 1 Jan 2020", "refused"), ("set ratings", "refused")]
    assert "Fri Nov 20 2026 23:30:00" in said(answer, "set deadline 20 Nov 2026 23:30")
    listing = said(post.send("eve@y.org", "list rome"), "list rome")
    assert "NMR" in listing and "NoDIAS" in listing and "Grey, No Partial" in listing
    assert "next  48.00" in listing and "days SMTWTFS" in listing
    answer = post.send("ann@x.org", "signon irome annpw\npress to v\nx\nendpress")
    assert status(answer, "press to v") == ("refused", "rules")  # no partial press now


def test_become_process_predict_rollback_pause_resume_terminate(post: Post) -> None:
    three_player_game(post)
    post.send("ann@x.org", "signon irome annpw\nA pav - for")
    answer = post.send(MASTER, GM + "predict\nbecome venice\nF dal H")
    assert "A pav - for" in said(answer, "predict")
    assert status(answer, "F dal H") == ("done", None)
    answer = post.send(MASTER, GM + "process fall 1454\nprocess spring 1454 movement")
    assert status(answer, "process fall 1454") == ("refused", "not now")
    assert status(answer, "process spring 1454 movement") == ("done", None)
    assert post.view("rome").label == "Summer 1454 movement"
    assert status(post.send("ann@x.org", "signon irome annpw\nprocess"), "process") == (
        "refused", "not allowed")
    answer = post.send(MASTER, GM + "rollback\npause\nprocess\nresume\nterminate")
    assert [(t, s) for t, s, _ in outcomes(answer)] == [
        ("signon mrome sesame", "done"), ("rollback", "done"), ("pause", "done"),
        ("process", "refused"), ("resume", "done"), ("terminate", "done")]
    view = post.view("rome")
    assert view.status == "over" and view.phase == 0
    assert post.mails_to("bob@x.org", "Terminated")


def test_eject_and_promote(post: Post) -> None:
    three_player_game(post)
    post.send("eve@y.org", "observe rome look")
    answer = post.send(MASTER, GM + "eject v\npromote eve@y.org\neject nobody@x.org")
    assert [s for _, s, _ in outcomes(answer)] == ["done", "done", "done", "refused"]
    view = post.view("rome")
    assert "Venice" not in {s.power for s in view.seats}
    assert {s.name: s.role for s in view.seats}["eve@y.org"] == "master"
    assert status(post.send("eve@y.org", "signon mrome look\nbecome milan"), "become milan") \
        == ("done", None)


def test_res_1_3_results_are_mailed_to_each_power_with_only_its_own_part(post: Post) -> None:
    three_player_game(post)
    post.send("eve@y.org", "observe rome look")
    post.send("ann@x.org", "signon irome annpw\nA pav - for\n"
                           "expense 1: 3 ducats counter-bribe army pav")
    post.send("bob@x.org", "signon vrome bobpw\nborrow 10 ducats for 1 year")
    post.send(MASTER, GM + "process")
    mails = {m.to: m for m in post.owed()}
    assert set(mails) == {"ann@x.org", "bob@x.org", "cy@x.org", "eve@y.org", MASTER}
    ann, bob, cy, eve, gm = (mails[a].text for a in (
        "ann@x.org", "bob@x.org", "cy@x.org", "eve@y.org", MASTER))
    for text in (ann, bob, cy, eve, gm):
        assert "A pav - for" in text  # the public report
    assert "counter-bribe" in ann and "borrow" not in ann and "Private to Venice" not in ann
    assert "borrow 10 ducats" in bob and "counter-bribe" not in bob
    assert "Private to Florence" in cy and "Private to Milan" not in cy
    assert "Private to" not in eve and "Treasury" not in eve
    assert "counter-bribe" in gm and "borrow 10 ducats" in gm and "Private to Florence" in gm
    assert mails["ann@x.org"].subject == "MACH:rome - U1454M Results"
    assert post.owed() == []  # delivered once


def test_processing_by_deadline_through_the_sweeper(post: Post, tmp_path: Path) -> None:
    three_player_game(post)
    view = post.view("rome")
    deadline = datetime.fromisoformat(str(view.clock["clock"]["deadline"]))  # type: ignore
    for name, letter in (("ann", "i"), ("bob", "v"), ("cy", "l")):
        post.send(f"{name}@x.org", f"signon {letter}rome {name}pw\nset wait\n"
                  + {"i": "A pav - for", "v": "F dal H", "l": "A are H"}[letter])
    # the powers the players resigned are abandoned, not in civil disorder: the Master
    # says they are ready, so that the deadline finds every power in (one BECOME a message)
    for power in ("naples", "papacy", "turkey"):
        post.send(MASTER, GM + f"become {power}\nset nowait\n")
    outbox = Outbox(tmp_path / "outbox")
    early = sweep_and_deliver(post.judge, outbox, post.config, now=deadline - timedelta(hours=1))
    assert early.processed == [] and post.view("rome").phase == 0
    assert outbox.messages() == [] or all(b"Reminder" in p.read_bytes()
                                          for p in outbox.messages())
    done = sweep_and_deliver(post.judge, outbox, post.config, now=deadline)
    assert done.processed == ["rome"] and post.view("rome").label == "Summer 1454 movement"
    results = [p.read_bytes() for p in outbox.messages() if b"Results" in p.read_bytes()]
    assert len(results) == 4  # the three players and the Master


def test_late_notices_are_mailed_to_the_late_power(post: Post, tmp_path: Path) -> None:
    three_player_game(post)
    view = post.view("rome")
    deadline = datetime.fromisoformat(str(view.clock["clock"]["deadline"]))  # type: ignore
    post.send("ann@x.org", "signon irome annpw\nA pav H")
    post.send("bob@x.org", "signon vrome bobpw\nF dal H")
    outbox = Outbox(tmp_path / "outbox")
    sweep_and_deliver(post.judge, outbox, post.config, now=deadline + timedelta(minutes=1))
    sent = [p.read_text() for p in outbox.messages()]
    assert any("cy@x.org" in t and "Late notice" in t and "are late" in t for t in sent)
    assert not any("ann@x.org" in t and "are late" in t for t in sent)


def test_list_history_summary_whois_who_game_version_and_get(post: Post) -> None:
    three_player_game(post)
    post.send("ann@x.org", "signon irome annpw\nA pav - for\nexpense 1: 3 ducats "
                           "counter-bribe army pav\nbroadcast\nHello all\nendbroadcast")
    post.send(MASTER, GM + "process")
    answer = post.send("eve@y.org", "list\nlist rome\nhistory rome\nsummary rome\n"
                       "whois ann@x.org nobody@x.org\nwho game rome\nversion\nget press\n"
                       "get nothing")
    assert [s for _, s, _ in outcomes(answer)] == ["done"] * 8 + ["refused"]
    assert "rome" in said(answer, "list") and "Milan        ann@x.org" in said(answer,
                                                                                  "list rome")
    history = said(answer, "history rome")
    assert "A pav - for" in history and "Hello all" in history
    assert "counter-bribe" not in history and "Treasury" not in history
    assert "Milan" in said(answer, "summary rome")
    assert "Name:      Ann" in said(answer, "whois ann@x.org nobody@x.org")
    assert "nobody@x.org: not registered." in said(answer, "whois ann@x.org nobody@x.org")
    assert "machiavelli-judge" in said(answer, "version")
    assert "TO ALL BUT" in said(answer, "get press")
    # signed on, a player's LIST and HISTORY carry its own part
    mine = post.send("ann@x.org", "signon irome annpw\nlist\nhistory")
    assert "Treasury" in said(mine, "list") and "counter-bribe" in said(mine, "history")
    assert "Private to Venice" not in said(mine, "list")


def test_a_draw_voted_by_every_survivor_ends_the_game_and_everyone_is_told(post: Post) -> None:
    three_player_game(post)
    for name, letter in (("ann", "i"), ("bob", "v"), ("cy", "l")):
        answer = post.send(f"{name}@x.org", f"signon {letter}rome {name}pw\nset draw")
        assert status(answer, "set draw") == ("done", None), answer.reply
    assert post.view("rome").status == "playing"  # the powers in civil disorder have not
    answer = post.send("ann@x.org", "signon irome annpw\nset concede venice")
    assert status(answer, "set concede venice") == ("refused", "rules")  # not the largest
    for power in ("naples", "papacy", "turkey"):  # one BECOME a message
        answer = post.send(MASTER, GM + f"become {power}\nset draw\n")
        assert all(s == "done" for _, s, _ in outcomes(answer)), answer.reply
    view = post.view("rome")
    assert view.status == "over" and view.outcome is not None and "drawn" in view.outcome
    told = {m.to for m in post.owed() if "Draw" in m.subject and "is over" in m.text}
    assert {"ann@x.org", "cy@x.org"} <= told

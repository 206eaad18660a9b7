"""The judge by mail, command by command: sign-on, orders with money, later orders, press,
the players' SET, resignations and take-overs (Machiavelli sessions of our own)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from mail_sessions import MASTER, Post, outcomes, register, said, status, three_player_game

from machiavelli.commands.interpreter import judge_text
from machiavelli.service.judge import Judge
from machiavelli.service.visibility import Viewer


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    with Judge(f"sqlite:///{tmp_path}/judge.db") as judge:
        yield Post(judge)


def test_a_game_is_created_joined_and_started_by_mail(post: Post) -> None:
    three_player_game(post)
    view = post.view("rome")
    assert view.status == "playing"
    assert {s.name: s.power for s in view.seats if s.role == "player"} == {
        "ann@x.org": "Milan", "bob@x.org": "Venice", "cy@x.org": "Florence"}
    # each was dealt two powers (the 3-player variant) and resigned the second
    assert set(view.standing) == {"Naples", "Papacy", "Turkey"}
    assert view.standing["Naples"] == "abandoned"
    starts = post.mails_to("ann@x.org", "Game Starting")
    assert len(starts) == 2  # one for each power ann was dealt, with its own part
    milan = next(m.text for m in starts if "You have been selected as Milan" in m.text)
    naples = next(m.text for m in starts if "You have been selected as Naples" in m.text)
    assert "Private to Milan" in milan and "Private to Venice" not in milan
    assert "Private to Naples" in naples and "Private to Venice" not in naples
    master = post.mails_to(MASTER, "Game Starting")[0].text
    assert "Private to Milan" in master and "Private to Venice" in master
    assert post.mails_to(MASTER, "New Player Signon")  # the first two sign-ons


def test_d004_11_powers_sign_on_by_their_letters_milan_i_florence_l(post: Post) -> None:
    three_player_game(post)
    assert said(post.send("ann@x.org", "signon irome annpw"), "signon irome annpw") == \
        "Signed on as Milan in game 'rome'."
    assert said(post.send("cy@x.org", "signon lrome cypw"), "signon lrome cypw") == \
        "Signed on as Florence in game 'rome'."
    # press lists use the same letters
    answer = post.send("ann@x.org", "signon irome annpw\npress to l\nhi Florence\nendpress")
    assert "Florence" in said(answer, "press to l")


def test_a_failed_sign_on_skips_the_rest_of_the_message(post: Post) -> None:
    three_player_game(post)
    answer = post.send("ann@x.org", "signon irome wrong\nA pav - for\nset wait\nsignoff")
    assert outcomes(answer) == [
        ("signon irome wrong", "refused", "bad sign-on"), ("A pav - for", "skipped", None),
        ("set wait", "skipped", None), ("signoff", "skipped", None)]
    assert post.view("rome").orders == {}
    assert status(post.send("ann@x.org", "signon vrome annpw"), "signon vrome annpw") == (
        "refused", "bad sign-on")  # Venice's password is bob's
    assert status(post.send("ann@x.org", "signon irome annpw\nsignon vrome bobpw"),
                  "signon vrome bobpw") == ("refused", "one sign-on")


def test_unknown_senders_may_ask_but_not_join_or_create(post: Post) -> None:
    three_player_game(post, "rome")
    register(post, "dan")
    post.send(MASTER, "create ?open sesame machiavelli")
    answer = post.send("eve@y.org", "list\nhelp")
    assert status(answer, "list") == ("done", None) and "open" in said(answer, "list")
    assert "The Machiavelli judge" in said(answer, "help")
    assert status(post.send("eve@y.org", "signon ?open pw"), "signon ?open pw") == (
        "refused", "not registered")
    assert status(post.send("eve@y.org", "create ?mine pw"), "create ?mine pw") == (
        "refused", "not registered")
    assert status(post.send("eve@y.org", "signon ?nogame pw"), "signon ?nogame pw") == (
        "refused", "no such game")
    assert status(post.send("dan@x.org", "signon ?rome pw"), "signon ?rome pw") == (
        "refused", "not now")  # started
    assert status(post.send("dan@x.org", "signon ? pw"), "signon ? pw") == ("done", None)
    assert "dan@x.org" in {s.name for s in post.view("open").seats}
    # an observer needs no registration
    assert status(post.send("eve@y.org", "observe rome look"), "observe rome look") == (
        "done", None)


def test_orders_with_money_a_later_order_for_a_unit_replaces_the_earlier(post: Post) -> None:
    three_player_game(post)
    answer = post.send("ann@x.org", "signon irome annpw\nA pav - for\n"
                       "expense 1: 3 ducats counter-bribe army pav\nA mil - xyz\n"
                       "borrow 5 ducats for 1 year\nsignoff")
    assert status(answer, "A pav - for") == ("done", None)
    assert "Line 4: A mil - xyz" in said(answer, "A pav - for")
    assert "A pav - for" in answer.reply.split("as they stand:")[1]
    answer = post.send("ann@x.org", "signon irome annpw\nA pav - cre\nexpense 1: none\n")
    milan = post.view("rome", Viewer.player("Milan")).orders["Milan"].lines
    assert "A pav - cre" in milan and "A pav - for" not in milan
    assert not any(line.startswith("expense 1: 3") for line in milan)
    assert any(line.startswith("borrow 5") for line in milan)
    # every line refused: the command is refused, with each line's number and reason
    answer = post.send("ann@x.org", "signon irome annpw\nxyzzy\nplugh")
    assert status(answer, "xyzzy") == ("refused", "syntax")
    assert "Line 2: xyzzy" in said(answer, "xyzzy") and "Line 3: plugh" in said(answer, "xyzzy")
    # observers give no orders; the master only as a power he has become
    post.send("eve@y.org", "observe rome look")
    assert status(post.send("eve@y.org", "signon orome look\nA pav H"), "A pav H") == (
        "refused", "not allowed")
    assert status(post.send(MASTER, "signon mrome sesame\nA pav H"), "A pav H") == (
        "refused", "not allowed")
    answer = post.send(MASTER, "signon mrome sesame\nbecome milan\nA pav H")
    assert status(answer, "A pav H") == ("done", None)


def test_phase_holds_orders_for_a_later_phase_and_clear_drops_them(post: Post) -> None:
    three_player_game(post)
    answer = post.send("ann@x.org", "signon irome annpw\nA pav - for\n"
                       "phase summer 1454 movement\nA for - par\nsignoff")
    assert status(answer, "A pav - for") == ("done", None)
    assert status(answer, "A for - par") == ("done", None)
    assert "Held for Summer 1454 movement" in said(answer, "A for - par")
    assert post.view("rome").orders["Milan"].lines == ["A pav - for"]
    post.send(MASTER, "signon mrome sesame\nprocess")
    while post.view("rome").label != "Summer 1454 movement":
        post.send(MASTER, "signon mrome sesame\nprocess")
    assert post.view("rome").orders["Milan"].lines == ["A for - par"]
    answer = post.send("ann@x.org", "signon irome annpw\nphase fall 1454 movement\nA par H\n"
                       "clear")
    assert "(1 set(s))" in said(answer, "clear")
    answer = post.send("ann@x.org", "signon irome annpw\nphase spring 1454 movement\nA par H")
    assert status(answer, "A par H") == ("refused", "not now")  # past


def test_press_white_grey_lists_and_fakes_as_each_reader_is_shown(post: Post) -> None:
    three_player_game(post, settings="set grey/white\nset partial may be faked\n")
    post.send("eve@y.org", "observe rome look")
    post.mails.clear()
    answer = post.send("ann@x.org", "signon irome annpw\npress grey to lv\nWho am I?\n"
                       "endpress\npress white to all but v\nNot for Venice\nendpress\n"
                       "press to v fake broadcast\nShown as a broadcast\nendpress\n"
                       "broadcast\nTo everybody\nendbroadcast\npress\nnobody\nendpress")
    assert [s for _, s, _ in outcomes(answer)] == ["done"] * 5 + ["refused"]
    to_cy = [m.text for m in post.mails_to("cy@x.org")]
    assert any("(anonymous)" in t and "Who am I?" in t for t in to_cy)
    assert any("from Milan" in t and "Not for Venice" in t for t in to_cy)
    to_bob = [m.text for m in post.mails_to("bob@x.org")]
    assert not any("Not for Venice" in t for t in to_bob)
    assert any("to everybody" in t and "Shown as a broadcast" in t for t in to_bob)
    to_master = [m.text for m in post.mails_to(MASTER)]
    assert any("from Milan to Florence Venice" in t and "Who am I?" in t for t in to_master)
    assert any("from Milan to Venice" in t and "Shown as a broadcast" in t for t in to_master)
    to_eve = [m.text for m in post.mails_to("eve@y.org")]
    assert any("To everybody" in t for t in to_eve) and len(to_eve) == 2  # and all but v
    assert not any("Who am I?" in t for t in to_eve)
    # a white-only game refuses grey press, but the Master is always reachable
    post.send(MASTER, "signon mrome sesame\nset white")
    answer = post.send("ann@x.org", "signon irome annpw\npress grey to v\nx\nendpress\n"
                       "press grey to m\ny\nendpress")
    assert status(answer, "press grey to v") == ("refused", "rules")
    assert status(answer, "press grey to m") == ("done", None)


def test_the_players_own_settings(post: Post) -> None:
    three_player_game(post)
    answer = post.send("ann@x.org", "signon irome annpw\nset wait\nset draw\n"
                       "set absence 20 Nov to 22 Nov\nset address ann@home.org\n"
                       "set password newpw\nset sideways")
    assert [s for _, s, _ in outcomes(answer)][1:] == ["done"] * 5 + ["refused"]
    view = post.view("rome")
    assert view.orders["Milan"].wait
    assert status(post.send("ann@x.org", "signon irome annpw"), "signon irome annpw") == (
        "refused", "bad sign-on")
    answer = post.send("ann@other.org", "signon irome newpw\nset nowait\nset nodraw\n"
                       "set noabsence 21 Nov")
    assert [s for _, s, _ in outcomes(answer)] == ["done"] * 4
    assert answer.copy_to == "ann@home.org"  # signed on from elsewhere: a copy to the seat
    assert not post.view("rome").orders["Milan"].wait
    # the Master's settings are the Master's
    answer = post.send("ann@x.org", "signon irome newpw\nset deadline 20 Nov\nset nmr\n"
                       "set grey\nset nofamine")
    assert {w for _, s, w in outcomes(answer)[1:]} == {"not allowed"}
    # a preference list is for a forming game only
    assert status(post.send("ann@x.org", "signon irome newpw\nset preference VIL"),
                  "set preference VIL") == ("refused", "not now")


def test_resign_return_and_take_over(post: Post) -> None:
    three_player_game(post)
    register(post, "dan")
    answer = post.send("ann@x.org", "signon irome annpw\nresign\nA pav - for")
    assert status(answer, "resign") == ("done", None)
    assert status(answer, "A pav - for") == ("refused", "not now")
    assert post.mails_to("bob@x.org", "Resignation")
    assert "Milan" not in {s.power for s in post.view("rome").seats}
    answer = post.send("ann@x.org", "signon irome annpw")
    assert "You have returned as Milan" in said(answer, "signon irome annpw")
    post.send("ann@x.org", "signon irome annpw\nresign")
    assert status(post.send("eve@y.org", "signon irome any"), "signon irome any") == (
        "refused", "not registered")
    answer = post.send("dan@x.org", "signon irome danpw\nA pav - for")
    assert "Take over of abandoned Milan" in said(answer, "signon irome danpw")
    assert status(answer, "A pav - for") == ("done", None)
    assert {s.name: s.power for s in post.view("rome").seats}["dan@x.org"] == "Milan"
    assert any(m.to == "dan@x.org" and "Takeover" in m.subject
               for m in post.owed())  # the sender too, as nJudge does
    # a power in civil disorder from the start may be taken over as well
    answer = post.send("dan@x.org", "signon nrome x")  # dan plays Milan already
    assert status(answer, "signon nrome x") == ("refused", "not allowed")
    register(post, "fay")
    answer = post.send("fay@x.org", "signon nrome fpw")
    assert status(answer, "signon nrome fpw") == ("done", None)
    assert "Naples" not in post.view("rome").standing


def test_judge_text_is_the_reply(post: Post) -> None:
    three_player_game(post)
    text = judge_text(post.judge, "ann@x.org", "signon irome annpw\nA pav - for", post.now)
    assert text.startswith(":: Judge: MACH  Game: Rome  Variant: Machiavelli\n")
    assert "> A pav - for\nAccepted for Milan" in text


@pytest.mark.parametrize("text", ["", "\n\n", "signon", "signon ?", "set", "press to",
                                  "signon irome", "create ?", "register\nName:\nend",
                                  "phase", "process", "rollback x", "become", "eject",
                                  "\x00\x01", "SIGN ON irome annpw\n" + "A pav - for\n" * 300])
def test_nothing_a_sender_writes_raises(post: Post, text: str) -> None:
    three_player_game(post)
    answer = post.send("ann@x.org", text)
    assert answer.reply.startswith(":: Judge: MACH")


def test_mov_1_exp_c_the_reply_says_which_accepted_lines_will_fail_and_which_replace(
        post: Post) -> None:
    """The mail judge's reply uses the one checker: a line taken that the adjudicator
    will void or fail says why, with the rule ids; a line for a unit already ordered
    says which line it replaces."""
    three_player_game(post)
    answer = post.send("ann@x.org", "signon irome annpw\nA pav - for\n"
                       "A mil - rome\nexpense 1: 2 ducats counter-bribe army pav\n"
                       "A pav H\nsignoff")
    reply = said(answer, "A pav - for")
    assert "Line 3: A mil - rome: will fail: an army cannot go from Milan to Rome" in reply
    assert "Line 4: expense 1: 2 ducats counter-bribe army pav: will fail: 3 ducats needed" \
        in reply and "(EXP-C, EXP-GEN-3)" in reply
    assert "Line 5: replaces line 2." in reply

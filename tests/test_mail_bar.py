"""Balance at Risk by mail (issue 40, item 6): a game made by mail with ``set bar`` takes
seed 003's orders in a player's mail with the order checker's verdicts on each line
(BAR-8.5's support of an area for a power, BAR-9.2's bodyguard; a power that does not
exist refused on its line), and its results mail reports them adjudicated; in the
adjustments, a forced tax (BAR-5.3) and a gift of the ducat exchange (BAR-2.3)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from mail_sessions import MASTER, Post, said, status, three_player_game

from machiavelli.service.judge import Judge

GM = "signon mrome sesame\n"


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    with Judge(f"sqlite:///{tmp_path}/judge.db") as judge:
        yield Post(judge)


def test_bar_8_5_a_support_for_a_power_by_mail_is_checked_and_adjudicated(post: Post) -> None:
    three_player_game(post, settings="set bar")
    assert post.view("rome").state.options.get("area_support")
    answer = post.send("bob@x.org", "signon vrome bobpw\nA ver S man for Milan\n"
                       "A pad S man for Milan\nF dal S her for Bavaria\n"
                       "expense 1: 3 ducats bodyguard Venice\nsignoff")
    reply = said(answer, "A ver S man for Milan")
    assert "Line 3: A pad S man for Milan: will fail: the army in Padua could not advance " \
        "to Mantua, so cannot support there (BAR-8.5)" in reply
    assert "Line 4: F dal S her for Bavaria: unknown power 'bavaria'" in reply
    stored = post.view("rome").orders["Venice"].lines
    assert stored[:2] == ["A ver S man for Milan", "A pad S man for Milan"]
    assert "expense 1: 3 ducats bodyguard Venice" in stored
    assert not any("Bavaria" in line for line in stored)
    answer = post.send("ann@x.org", "signon irome annpw\nA cre - man\nsignoff")
    assert status(answer, "A cre - man") == ("done", None)

    post.send(MASTER, GM + "process")
    mails = {m.to: m.text for m in post.owed()}
    for text in (mails["ann@x.org"], mails["bob@x.org"]):
        assert "A ver S man for Milan" in text and "A cre - man" in text
        # the advance succeeds; Mantua's independent garrison leaves the province to
        # nobody while both are there (BAR-4.2)
        assert "Milan: Army Mantua, Army Milan, Army Pavia" in text
        assert "Mantua (province): nobody -> Milan" not in text
        # the position list names the independents' units as the control lines do
        assert re.search(r"\n  Independent: [^\n]*Garrison Mantua,", text)
        assert "Autonomous" not in text
    assert "bodyguard Venice" in mails["bob@x.org"]  # a money order: Venice's part alone
    assert "bodyguard" not in mails["ann@x.org"]
    assert any(u.owner == "Milan" and u.province == "man" for u in post.view("rome").state.units)


def test_bar_5_3_bar_2_3_a_forced_tax_and_a_gift_by_mail_in_the_adjustment_phase(
        post: Post) -> None:
    """BAR-5.3, BAR-2.3: in the winter's adjustments Milan taxes Pavia by force and gives
    Venice 2 ducats by mail; a tax on a province not its own will fail, saying why, and a
    place the judge does not know is refused on its line."""
    three_player_game(post, settings="set bar")
    for _ in range(3):  # spring, summer, fall: the winter's adjustments
        post.send(MASTER, GM + "process")
    assert post.view("rome").state.phase == "adjustment"
    answer = post.send("ann@x.org", "signon irome annpw\ntax pav\ntax vic\n"
                       "give 2 ducats to Venice\ntax xyz\nsignoff")
    reply = said(answer, "tax pav")
    assert "Accepted for Milan, Winter 1454 adjustment: 3 order(s)." in reply
    assert "Line 3: tax vic: will fail: Milan does not control Vicenza" in reply
    assert "Line 5: tax xyz: unknown place 'xyz'" in reply
    post.send(MASTER, GM + "process")
    mails = {m.to: m.text for m in post.owed()}
    ann, bob = mails["ann@x.org"], mails["bob@x.org"]
    for text in (ann, bob):  # public: the rebellion the tax raises
        assert "tax pav  (Pavia rebels against Milan (BAR-5.3))" in text
        assert "tax vic  (void: Milan does not control Vicenza)" in text
    assert "Milan taxes Pavia by force: 2 ducats" in ann  # the ducats: Milan's part
    assert "+2 forced tax of pav; -2 paid to Venice" in ann and " other" not in ann
    assert "taxes Pavia by force" not in bob
    assert "pay 2 ducats to Venice  (paid 2 ducats to Venice)" in ann
    assert "Received 2 ducats from Milan" in bob and "Received 2 ducats" not in ann
    assert post.view("rome").state.rebellions["pav"].against == "Milan"

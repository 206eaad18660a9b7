"""Seed 003 by mail and its bad input (003 18.4; BAR-18.4, and the issue's bad input: a
support for a power that does not exist, a tax on a province not one's own, an order for
an independent unit without an operate bribe).  Each bad line is an error on its line and
changes nothing."""

from __future__ import annotations

from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from mail_sessions import Post, said, status, three_player_game

from machiavelli.commands.interpreter import interpret
from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS
from machiavelli.core.state import State, Unit
from machiavelli.mail.envelope import parse_message
from machiavelli.service.judge import Judge
from machiavelli.service.kinds.machiavelli.orders import read
from machiavelli.service.kinds.machiavelli.table import Table
from machiavelli.service.visibility import Viewer

JUDGE = "judge@machiavelli.test"


@pytest.fixture
def post(tmp_path: Path) -> Iterator[Post]:
    with Judge(f"sqlite:///{tmp_path}/judge.db") as judge:
        post = Post(judge)
        three_player_game(post, settings="set bar")
        yield post


def orders_of(post: Post, power: str) -> list[str]:
    found = post.view("rome", Viewer.player(power)).orders.get(power)
    return list(found.lines) if found is not None else []


def mail(to: str, cc: str = "") -> bytes:
    message = EmailMessage()
    message["From"] = "Ann <ann@x.org>"
    message["To"] = to
    if cc:
        message["Cc"] = cc
    message["Subject"] = "orders"
    message.set_content("signon irome annpw\nA mil H\n")
    return message.as_bytes()


def test_bar_18_4_the_other_addresses_a_message_went_to() -> None:
    """To: and Cc: but the judge's and the sender's own; none when the judge's address is
    not known."""
    assert parse_message(mail(JUDGE), judge_address=JUDGE).copied == ()
    assert parse_message(mail(f"{JUDGE}, ann@x.org"), judge_address=JUDGE).copied == ()
    copied = parse_message(mail(JUDGE, cc="Bob <bob@x.org>"), judge_address=JUDGE)
    assert copied.copied == ("bob@x.org",)
    assert parse_message(mail(f"{JUDGE}, cy@x.org"), judge_address=JUDGE).copied == (
        "cy@x.org",)
    assert parse_message(mail(f"{JUDGE}, cy@x.org")).copied == ()


def test_bar_18_4_orders_only_from_a_message_to_the_judge_alone(post: Post) -> None:
    """A message also sent to Bob carries no orders: each order line is refused with its
    line; the other commands stand; the same orders sent to the judge alone are taken."""
    answer = interpret(post.judge, "ann@x.org", "signon irome annpw\nA mil H\nA pav - cre\n"
                       "signoff", post.now, post.config, copied=("bob@x.org",))
    assert status(answer, "signon irome annpw") == ("done", None)
    assert status(answer, "A mil H") == ("refused", "not allowed")
    words = said(answer, "A mil H")
    assert "Line 2: A mil H" in words and "Line 3: A pav - cre" in words
    assert "BAR-18.4" in words and "bob@x.org" in words
    assert orders_of(post, "Milan") == []
    answer = interpret(post.judge, "ann@x.org", "signon irome annpw\nA mil H\n", post.now,
                       post.config)
    assert status(answer, "A mil H") == ("done", None)
    assert orders_of(post, "Milan") == ["A mil H"]


def test_bar_8_5_a_support_for_a_power_that_does_not_exist_by_mail(post: Post) -> None:
    answer = post.send("ann@x.org", "signon irome annpw\nA mil H\nA pav S mod for Narnia")
    assert "Line 3: A pav S mod for Narnia: unknown power 'narnia'" in said(answer, "A mil H")
    assert orders_of(post, "Milan") == ["A mil H"]


def test_bar_11_6_an_order_for_an_independent_unit_without_an_operate_bribe(
        post: Post) -> None:
    """Florence orders Lucca's independent garrison without bribing it to operate: an
    error on its line; with the bribe, the order is taken."""
    answer = post.send("cy@x.org", "signon lrome cypw\nA flo H\nG luc H")
    assert ("Line 3: G luc H: the independent garrison in Lucca is not yours: an order for it "
            "needs an operate bribe") in said(answer, "A flo H")
    assert orders_of(post, "Florence") == ["A flo H"]
    post.send("cy@x.org", "signon lrome cypw\nexpense 1: 3 ducats operate G luc\nG luc H")
    assert "G luc H" in orders_of(post, "Florence")


def test_bar_5_3_a_tax_on_a_province_not_ones_own() -> None:
    """In the adjustment phase Milan's `tax psa` is read, and the checker says on its line
    that it will be void: Milan does not control Pisa (the case
    `CASE BAR-5.3 no forced taxation in famine, outside control or in rebellion` shows it
    changes nothing when processed)."""
    board = load_board("classic")
    state = State(board="classic", year=1454, season="winter", phase="adjustment",
                  powers=list(board.powers.values()), units=[Unit("A", "Milan", "mil")],
                  province_owner={"mil": "Milan", "psa": "Florence"},
                  city_owner={"mil": "Milan", "psa": "Florence"},
                  treasury={"Milan": 5}, options=dict(BAR_DEFAULTS))
    reading = read(Table(board, state), "Milan", "maintain A mil\ntax psa")
    assert [(w.line, w.text) for w in reading.warnings] == [(2, "tax psa")]
    assert "control" in reading.warnings[0].reason

"""Standing orders across a game's history (issue 35 item 4; spec princes.md 4.4.6): a
game's export carries them and its import gives them back, and a rollback leaves each
seat the standing orders it held when the phase rolled back to was pending (those given
later dropped, those used up later given back).  On SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path

from test_service_princes import MASTER, T0, ok, rows
from test_service_princes_standing import give, started

from machiavelli.service.judge import Judge


def phase(judge: Judge, name: str = "p") -> int:
    return rows(judge, name)[-1].number


def test_export_and_import_keep_the_standing_orders(judge: Judge, tmp_path: Path) -> None:
    _, _, second, third = started(judge)
    give(judge, second, "BID UP TO 9 ON POPE")
    give(judge, third, "SET REACT AUTO\nPASS ALL AUCTIONS")
    ok(judge.export_game("p", tmp_path / "out"))
    ok(judge.import_game(tmp_path / "out", "q", now=T0))
    assert judge.standing_orders("q", MASTER, second) == ("BID UP TO 9 ON POPE",)
    assert judge.standing_orders("q", MASTER, third) == ("SET REACT AUTO",
                                                         "PASS ALL AUCTIONS")


def test_a_rollback_gives_back_a_standing_order_used_up_after_its_phase(judge: Judge) -> None:
    _, first, second, _ = started(judge)
    before = phase(judge)
    give(judge, second, "NEXT ACTION BUY TRAITOR")
    give(judge, first, "PASS TURN")
    assert phase(judge) > before
    assert judge.standing_orders("p", MASTER, second) == ()  # used up: the traitor bought
    ok(judge.rollback("p", MASTER, before, now=T0))
    assert judge.standing_orders("p", MASTER, second) == ("NEXT ACTION BUY TRAITOR",)


def test_a_rollback_drops_the_standing_orders_given_after_its_phase(judge: Judge) -> None:
    _, first, second, third = started(judge)
    before = phase(judge)
    give(judge, third, "SET REACT AUTO")
    give(judge, first, "PASS TURN")
    assert phase(judge) > before
    give(judge, second, "PASS ALL AUCTIONS")
    give(judge, third, "CLEAR")
    ok(judge.rollback("p", MASTER, before, now=T0))
    assert judge.standing_orders("p", MASTER, second) == ()  # given after: dropped
    assert judge.standing_orders("p", MASTER, third) == ("SET REACT AUTO",)  # cleared after


def test_a_rollback_survives_an_export_and_import(judge: Judge, tmp_path: Path) -> None:
    _, first, second, _ = started(judge)
    before = phase(judge)
    give(judge, second, "NEXT ACTION BUY TRAITOR")
    give(judge, first, "PASS TURN")
    ok(judge.export_game("p", tmp_path / "out"))
    ok(judge.import_game(tmp_path / "out", "q", now=T0))
    assert judge.standing_orders("q", MASTER, second) == ()
    ok(judge.rollback("q", MASTER, before, now=T0))
    assert judge.standing_orders("q", MASTER, second) == ("NEXT ACTION BUY TRAITOR",)

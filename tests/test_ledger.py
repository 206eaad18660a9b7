"""The ledger (issue 36, item 8): each power's ducats through a processed phase, line by
line (start, loans, payments, gifts received, expenses, income, upkeep = end), for that
power and the game master only, in the service's answer, the API's phase and the game
page's history panel."""

from __future__ import annotations

import random

from web_game import add_user, started_game, web_site

from machiavelli.game.process import process_phase
from machiavelli.game.random_orders import random_orders
from machiavelli.game.scenario import load_scenario
from machiavelli.money.ledger import Ledger, ledgers
from machiavelli.text.notation import parse_orders

SPRING = {
    "Florence": "A are - urb\nborrow 10 ducats for 1 year\npay 3 ducats to Venice\n"
                "expense 1: 3 ducats disband garrison siena\n",
    "Venice": "expense 1: 3 ducats counter-bribe A ver\n",
}


def adds_up(ledger: Ledger) -> bool:
    return ledger.start + sum(d for _, d in ledger.lines) == ledger.end


def test_loan_seq_a_d_exp_gen_3_the_ledger_names_every_movement_of_ducats() -> None:
    board, state = load_scenario("classic_1454")
    state.options["money"] = True
    state.treasury = {p: 0 for p in state.powers} | {"Florence": 7, "Venice": 12}
    orders = {p: parse_orders(text, board, state, p).orders for p, text in SPRING.items()}
    done = process_phase(board, state, orders, "ledger")
    found = ledgers(state, done.after, done.results, done.private_events)
    florence, venice = found["Florence"], found["Venice"]
    assert florence.lines == (("paid to Venice", -3), ("loan for 1 year", 10),
                              ("expense 1 (bribe to disband, fails)", -3))
    assert (florence.start, florence.end) == (7, 11) and adds_up(florence)
    assert venice.lines == (("received from Florence", 3), ("expense 1 (counter-bribe)", -3))
    assert adds_up(venice)
    assert florence.text() == ("Ledger: 7 at the start; -3 paid to Venice; +10 loan for 1 "
                               "year; -3 expense 1 (bribe to disband, fails); = 11 at the end")


def test_inc_and_adj_income_and_upkeep_always_add_up() -> None:
    """A year of random play: every phase's ledger adds up, the income entering the
    adjustments and the units paid for in them are lines of their own."""
    board, state = load_scenario("classic_1454")
    state.options["money"] = True
    state.treasury = {p: 10 for p in state.powers}
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(8):
        done = process_phase(board, state, random_orders(board, state, rng), "year")
        for ledger in ledgers(state, done.after, done.results, done.private_events).values():
            assert adds_up(ledger), ledger
            seen.update(what for what, _ in ledger.lines)
        state = done.after
    assert "income" in seen and "units built and maintained" in seen


def test_the_ledger_is_its_powers_and_the_masters_only(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/ledger.db")
    started_game(site, "books", {"vera": "Venice", "milo": "Milan"})
    vera, milo, boss = site.api("vera"), site.api("milo"), site.api("boss")
    assert site.client.post("/api/v1/games/books/orders", headers=vera,
                            json={"text": "borrow 5 ducats for 1 year"}).status_code == 200
    assert site.client.post("/api/v1/games/books/master/process", headers=boss,
                            json={}).status_code == 200

    def powers(headers: dict[str, str] | None) -> list[str]:
        got = site.client.get("/api/v1/games/books/phases/1", headers=headers or {})
        assert got.status_code == 200, got.text
        return [x["power"] for x in got.json()["ledger"]]

    add_user(site, "olga")
    watching = site.client.post("/api/v1/games/books/join", headers=site.api("olga"),
                                json={"role": "observer"})
    assert watching.status_code == 200, watching.text
    assert powers(vera) == ["Venice"] and powers(milo) == ["Milan"]
    assert powers(None) == [] and powers(site.api("olga")) == []
    assert "Venice" in powers(boss) and "Milan" in powers(boss) and len(powers(boss)) > 2
    mine = site.client.get("/api/v1/games/books/phases/1", headers=vera).json()["ledger"][0]
    assert {"what": "loan for 1 year", "ducats": 5} in mine["lines"]
    assert mine["start"] + sum(x["ducats"] for x in mine["lines"]) == mine["end"]
    page = site.client.get("/games/books/phase?phase=1")
    assert "Ducats of" not in page.text  # anonymous
    site.judge.close()


def test_the_game_page_shows_the_players_own_ledger(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/page.db")
    started_game(site, "pages", {"vera": "Venice", "milo": "Milan"})
    site.client.post("/api/v1/games/pages/orders", headers=site.api("vera"),
                     json={"text": "borrow 5 ducats for 1 year"})
    site.client.post("/api/v1/games/pages/master/process", headers=site.api("boss"), json={})
    page = site.sign_in("vera").get("/games/pages/phase?phase=1").text
    assert "Ducats of Venice" in page and "loan for 1 year" in page
    assert "Ducats of Milan" not in page
    site.judge.close()


"""A game still forming is no damaged game (issue 38, N5): orders, ready and draw in it,
from a seated player, its master naming a power or a stranger, are answered 409 with
words ("has not started"), not 503 "phase 0 is missing", and nothing is logged as an
error; by mail the same words."""

from __future__ import annotations

import logging

import pytest
from web_game import add_user, web_site

from machiavelli.service.refusal import NotStarted
from machiavelli.service.visibility import Viewer


def test_forming_game_actions_are_409_in_words_N5(db_url: str,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    site = web_site(db_url)
    for user in ("boss", "vera", "stranger"):
        add_user(site, user)
    made = site.client.post("/api/v1/games", headers=site.api("boss"),
                            json={"name": "g3", "scenario": "classic_1454", "players": 5})
    assert made.status_code == 201
    assert site.client.post("/api/v1/games/g3/join", headers=site.api("vera"),
                            json={"powers": ["Venice"]}).status_code == 200
    asks = [("orders", {"text": "A mil H"}), ("ready", {"ready": True}),
            ("draw", {"vote": True})]
    with caplog.at_level(logging.ERROR, logger="machiavelli.web"):
        for who, extra in (("vera", {}), ("boss", {"power": "Venice"}), ("stranger", {})):
            for path, body in asks:
                answer = site.client.post(f"/api/v1/games/g3/{path}", headers=site.api(who),
                                          json={**body, **extra})
                assert answer.status_code == 409, (who, path, answer.text)
                detail = answer.json()["detail"]
                assert "has not started" in detail and "missing" not in detail
    assert not caplog.records
    refused = site.judge.submit_orders("g3", Viewer.master(), "Venice", "A ven H")
    assert isinstance(refused, NotStarted)
    site.judge.close()

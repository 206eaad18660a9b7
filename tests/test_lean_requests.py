"""The request path made lean (issue 38, item 6) answers as before: the API key's user in
one query, a seat's viewer from one read of the seats."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from web_game import add_user, started_game, web_site

from machiavelli.service import games
from machiavelli.service.games import NewGame
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer, seat_viewer
from machiavelli.web.sessions import issue_api_key, make_api_key, revoke_key, user_of_key
from machiavelli.web.tables import upgrade_web_tables

NOW = datetime(2026, 11, 29, tzinfo=UTC)


@pytest.fixture
def judge(db_url: str) -> Iterator[Judge]:
    found = Judge(db_url)
    upgrade_web_tables(found.db)
    yield found
    found.close()


def test_an_api_key_names_its_own_user_until_it_is_revoked(judge: Judge) -> None:
    ann, bob = judge.add_user("ann"), judge.add_user("bob")
    assert not isinstance(ann, Refused) and not isinstance(bob, Refused)
    ann_id, ann_key = issue_api_key(judge.db, ann.id, "a", NOW)
    bob_key = make_api_key(judge.db, bob.id, "b", NOW)
    found = user_of_key(judge.db, ann_key)
    assert found is not None and found.name == "ann" and found.id == ann.id
    found = user_of_key(judge.db, bob_key)
    assert found is not None and found.name == "bob"
    assert user_of_key(judge.db, ann_key[:-1] + ("x" if ann_key[-1] != "x" else "y")) is None
    assert user_of_key(judge.db, "not a key") is None
    assert revoke_key(judge.db, ann.id, ann_id)
    assert user_of_key(judge.db, ann_key) is None
    assert user_of_key(judge.db, bob_key) is not None  # another's key lives on


def test_a_seats_viewer_is_what_its_seat_among_those_present_makes_it(judge: Judge) -> None:
    """Players of one and of several powers, an observer, the master, one who left and a
    stranger: the viewer (or the refusal) the seat and the seats present make."""
    assert not isinstance(judge.create_game(NewGame("v", "classic_1454", seed="s"),
                                            master="boss", start=False), Refused)
    assert not isinstance(judge.join("v", "ann", "player", ["Milan"]), Refused)
    assert not isinstance(judge.join("v", "cy", "observer"), Refused)
    assert not isinstance(judge.join("v", "dee", "player", ["Venice"]), Refused)
    assert not isinstance(judge.start("v"), Refused)
    dee = judge.viewer_for("v", "dee")
    assert isinstance(dee, Viewer)
    assert not isinstance(judge.resign("v", dee), Refused)
    with judge.db.reading() as session:
        game = games.find_game(session, "v")
        assert not isinstance(game, Refused)
        present = games.seats(session, game)
        for name in ("ann", "boss", "cy", "dee", "nobody"):
            seat = next((s for s in present if s.name == name), None)
            expected = seat_viewer(game, seat, name, present)
            assert judge.viewer_for("v", name) == expected, name
    assert judge.viewer_for("v", "ann") == Viewer.player("Milan", "ann")
    assert judge.viewer_for("v", "boss") == Viewer.master("boss")
    assert judge.viewer_for("v", "cy") == Viewer.observer("cy")
    assert isinstance(judge.viewer_for("v", "dee"), Refused)  # left
    assert isinstance(judge.viewer_for("v", "nobody"), Refused)


def test_orders_without_a_power_field_answer_as_before(tmp_path: object) -> None:
    """``POST /orders`` without ``power`` finds the seat's viewer inside its write: the
    player's own power stored, a stranger and a master without a power refused (400) and
    nothing stored, an unknown game 404, a forming game 409."""
    site = web_site(f"sqlite:///{tmp_path}/lean.db")
    started_game(site, "lean", {"ann": "Venice"})
    add_user(site, "stranger")
    legal = site.client.get("/api/v1/games/lean/legal", headers=site.api("ann")).json()
    line = next(o[0] for u, o in sorted(legal["orders"].items()) if u.startswith("unit") and o)
    stored = site.client.post("/api/v1/games/lean/orders", headers=site.api("ann"),
                              json={"text": line, "replace": True})
    assert stored.status_code == 200, stored.text
    assert stored.json()["power"] == "Venice" and stored.json()["stored"] == [line]
    for user in ("stranger", "boss"):
        refused = site.client.post("/api/v1/games/lean/orders", headers=site.api(user),
                                   json={"text": line, "replace": True})
        assert refused.status_code == 400, (user, refused.text)
    view = site.judge.view("lean", Viewer.master())
    assert not isinstance(view, Refused)
    assert [list(s.lines) for p, s in view.orders.items()] == [[line]]
    missing = site.client.post("/api/v1/games/nowhere/orders", headers=site.api("ann"),
                               json={"text": "A ven H"})
    assert missing.status_code == 404 and "nowhere" in missing.json()["detail"]
    assert site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "forming", "scenario": "classic_1454"}).status_code == 201
    forming = site.client.post("/api/v1/games/forming/orders", headers=site.api("boss"),
                               json={"text": "A ven H"})
    assert forming.status_code == 409
    site.judge.close()

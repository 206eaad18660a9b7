"""The request path made lean (issue 38, item 6) answers as before: the API key's user in
one query, a seat's viewer from one read of the seats."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

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

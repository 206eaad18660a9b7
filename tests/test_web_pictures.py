"""The maps the web keeps (web.pictures): a kept map is the map drawn anew, for the viewer
it was drawn for only; new orders or a rollback give a new map, never a stale one."""

from __future__ import annotations

from web_game import GAME, POWERS, borrowed, money_game

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.pictures import draw_picture, map_picture, picture_key
from machiavelli.web.seen import Seen, look

VIEWERS = ("player-milan", "player-venice", "observer", "master", None)


def seen_by(site: object, user: str | None) -> Seen:
    found = look(site.judge, GAME, user, history=True)  # type: ignore[attr-defined]
    assert not isinstance(found, Refused)
    return found


def test_a_kept_map_is_the_map_drawn_anew_for_its_viewer_only(tmp_path: object) -> None:
    site = money_game(f"sqlite:///{tmp_path}/maps.db")
    keys: dict[tuple[str | None, int | None], object] = {}
    for user in VIEWERS:
        seen = seen_by(site, user)
        for phase in (None, 1):
            first = map_picture(site.judge, seen, phase)
            assert first is not None
            assert map_picture(site.judge, seen, phase) == first == draw_picture(
                site.judge, seen, phase)
            keys[(user, phase)] = picture_key(seen, phase)
    # each power's pending map shows its own orders: never the same key as another's
    assert keys[("player-milan", None)] != keys[("player-venice", None)]
    assert keys[("player-milan", None)] != keys[("master", None)]
    assert keys[("player-milan", 1)] != keys[("master", 1)]
    # the observer and the public are shown the same things
    assert keys[("observer", None)] == keys[(None, None)]
    assert map_picture(site.judge, seen_by(site, None), 9) is None  # no such phase
    site.judge.close()


def test_new_orders_and_a_rollback_give_new_maps(tmp_path: object) -> None:
    site = money_game(f"sqlite:///{tmp_path}/fresh.db")
    before = seen_by(site, "player-milan")
    old_pending = picture_key(before, None)
    old_done = picture_key(before, 1)
    map_picture(site.judge, before, None)
    map_picture(site.judge, before, 1)
    milan = Viewer.player("Milan", "player-milan")
    stored = site.judge.submit_orders(GAME, milan, None, borrowed("Milan", 7))
    assert not isinstance(stored, Refused) and not stored.errors
    after = seen_by(site, "player-milan")
    assert picture_key(after, None) != old_pending
    assert map_picture(site.judge, after, None) == draw_picture(site.judge, after, None)
    # roll back to the start and process again: phase 1 is a new row, a new map
    master = Viewer.master("master")
    assert not isinstance(site.judge.rollback(GAME, master, 0), Refused)
    assert picture_key(seen_by(site, "player-milan"), 1) is None
    for power in POWERS:
        actor = Viewer.player(power, f"player-{power.lower()}")
        assert not isinstance(site.judge.submit_orders(GAME, actor, None,
                                                       borrowed(power, 3)), Refused)
    assert not isinstance(site.judge.process(GAME), Refused)
    again = seen_by(site, "player-milan")
    assert picture_key(again, 1) != old_done
    assert map_picture(site.judge, again, 1) == draw_picture(site.judge, again, 1)
    site.judge.close()

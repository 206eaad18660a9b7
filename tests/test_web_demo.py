"""The demo game (issue 36, item 10): its first phase waits for a human.  Nothing is
played at the server's start; while only bots hold powers the deadline never processes
the opening; once a visitor takes a free power, the short deadlines start from then, and
the phase is processed at the deadline or a minute or so after everyone is in."""

from __future__ import annotations

from datetime import timedelta

from web_game import add_user, web_site

from machiavelli.service.visibility import Viewer
from machiavelli.web.demo import GAME, MASTER, set_up_demo, wake
from machiavelli.web.site import clock


def _phase(judge: object) -> int:
    view = judge.view(GAME, Viewer.master(MASTER))  # type: ignore[attr-defined]
    assert not isinstance(view, str)
    return int(view.phase)


def test_the_demos_first_phase_waits_for_a_human(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/web.db")
    judge = site.judge
    demo = set_up_demo(judge, "http://127.0.0.1")
    assert demo.free == ["Florence", "Venice"] and "waits for you" in demo.announce
    assert _phase(judge) == 0  # Spring 1454 movement: nothing played at the start
    now = clock()
    # the bots are in; a day passes: no human, no processing
    judge.sweep([GAME], now=now + timedelta(days=1))
    assert _phase(judge) == 0
    assert not wake(judge, now + timedelta(days=1))  # still nobody to wake for
    # a visitor takes Florence: the deadlines start from then
    add_user(site, "flora")
    assert not isinstance(judge.take_over(GAME, "flora", "Florence"), str)
    arrived = now + timedelta(days=2)
    assert wake(judge, arrived) and not wake(judge, arrived)  # once
    settings = judge.settings(GAME)
    assert not isinstance(settings, str) and not settings.deadlines.get("manual_process")
    judge.sweep([GAME], now=arrived + timedelta(minutes=5))
    assert _phase(judge) == 0  # the visitor has 12 minutes for the opening
    judge.sweep([GAME], now=arrived + timedelta(minutes=13))
    assert _phase(judge) == 1
    judge.close()

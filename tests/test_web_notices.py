"""The game page shows the judge's notices as mail and the API do (issue 37, item 4): one
statement per event, each reader the notices meant for them."""

from __future__ import annotations

import html
from pathlib import Path

from web_game import paused_with_become, web_site

from machiavelli.service.refusal import Refused


def test_the_game_page_shows_the_notices_the_api_and_the_mail_judge_give(
        tmp_path: Path) -> None:
    site = web_site(f"sqlite:///{tmp_path}/page.db")
    paused_with_become(site, "page-game")
    for user, hidden in (("vera", None), ("milo", "become")):
        api = site.client.get("/api/v1/games/page-game/notices", headers=site.api(user)).json()
        page = html.unescape(site.sign_in(user).get("/games/page-game").text)
        notices = page.split('id="notices"', 1)[1].split("</section>", 1)[0]
        assert api and all(n["text"] in notices for n in api), user
        assert all(f'data-kind="{n["kind"]}"' in notices for n in api)
        if hidden:
            assert f'data-kind="{hidden}"' not in notices
    mailed = {n.body for n in site.judge.notices("page-game") if not isinstance(n, Refused)}
    vera_page = html.unescape(site.sign_in("vera").get("/games/page-game").text)
    assert {b for b in mailed if "BECOME" in b or "paused" in b.lower()}
    assert all(b in vera_page for b in mailed if "BECOME" in b)

"""A Princes game with a catalogue override (spec princes.md section 4.9, issue 35 item 2):
made from the create page and the API, its values in play on the game page, marked
provisional, kept through an export and import; a wrong override refused, saying why,
and no game made.  While any value in play is provisional the game page says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from web_game import Site, add_user, csrf_of, web_site

from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

OVERRIDE = {"troops": {"pikemen": {"attack": 4, "defence": 5}}}
NOTICE = "Provisional values: some printed numbers of this game are not the rulebook"


def site_with_users(tmp_path: object) -> Site:
    site = web_site(f"sqlite:///{tmp_path}/catalogue.db")
    for user in ("boss", "ann", "bob", "cy"):
        add_user(site, user)
    return site


def started(site: Site, name: str) -> None:
    for user in ("ann", "bob", "cy"):
        assert not isinstance(site.judge.join(name, user, "player"), Refused)
    assert not isinstance(site.judge.start(name), Refused)


def test_the_api_makes_a_game_with_a_catalogue_override(tmp_path: Path) -> None:
    site = site_with_users(tmp_path)
    made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "over", "kind": "princes", "scenario": "princes_A", "players": 3,
        "catalogue": OVERRIDE})
    assert made.status_code == 201, made.text
    started(site, "over")
    page = site.sign_in("ann").get("/games/over").text
    assert NOTICE in page
    assert "Pikemen</strong>*: price" in page and "attack 4, defence 5" in page
    listed = site.client.post("/api/v1/judge", headers=site.api("boss"),
                              json={"text": "LIST over"})
    assert "catalogue overridden: troops" in listed.text
    folder = tmp_path / "out"
    assert not isinstance(site.judge.export_game("over", folder), Refused)
    assert not isinstance(site.judge.import_game(folder, "back"), Refused)
    assert "attack 4, defence 5" in site.sign_in("ann").get("/games/back").text


def test_a_game_without_an_override_says_its_provisional_values_too(tmp_path: Path) -> None:
    site = site_with_users(tmp_path)
    made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
        "name": "plain", "kind": "princes", "scenario": "princes_A", "players": 3})
    assert made.status_code == 201, made.text
    started(site, "plain")
    page = site.browser().get("/games/plain").text
    assert NOTICE in page and "attack 4, defence 5" not in page


def test_a_wrong_override_is_refused_by_the_api_and_no_game_made(tmp_path: Path) -> None:
    site = site_with_users(tmp_path)
    for wrong, why in (({"troops": {"dragons": {"attack": 9}}}, "unknown troop"),
                       ({"troops": {"pikemen": {"attack": "9" * 5000}}}, "whole number"),
                       ({"weather": {}}, "unknown section")):
        made = site.client.post("/api/v1/games", headers=site.api("boss"), json={
            "name": "bad", "kind": "princes", "scenario": "princes_A", "players": 3,
            "catalogue": wrong})
        assert made.status_code in (400, 409, 422) and why in made.text, made.text
        assert isinstance(site.judge.view("bad", Viewer.master()), Refused)


def test_the_create_page_takes_an_override_and_refuses_a_wrong_one(tmp_path: Path) -> None:
    site = site_with_users(tmp_path)
    boss = site.sign_in("boss")
    form: dict[str, Any] = {"csrf": csrf_of(boss.get("/games/new/princes").text),
                            "name": "paged", "setup": "princes_A", "players": "3",
                            "catalogue": "{not json"}
    refused = boss.post("/games/new/princes", data=form)
    assert refused.status_code == 400 and "not JSON" in refused.text
    assert "{not json" in refused.text  # the form keeps what was typed
    assert isinstance(site.judge.view("paged", Viewer.master()), Refused)
    made = boss.post("/games/new/princes", data={**form, "catalogue": json.dumps(OVERRIDE)})
    assert made.status_code == 200 and "The game is made" in made.text
    started(site, "paged")
    view = site.judge.view("paged", Viewer.master())
    assert isinstance(view, GameView)
    assert "attack 4, defence 5" in site.sign_in("ann").get("/games/paged").text

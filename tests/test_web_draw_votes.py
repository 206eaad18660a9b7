"""Draw votes are seen (issue 36, item 10): a vote shows on its voter's page at once; the
other players do not see it, the master does; in a game whose draw votes are public
(``draws: {"public": true}``, the create form's "Draw votes are public") everyone does,
the API's view too.  A vote is good for one phase only."""

from __future__ import annotations

from web_game import csrf_of, started_game, web_site


def test_a_draw_vote_is_seen_by_its_voter_and_the_master_only(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/web.db")
    started_game(site, "quiet", {"vera": "Venice", "fred": "Florence"})
    vera, fred, boss = site.sign_in("vera"), site.sign_in("fred"), site.sign_in("boss")
    page = vera.get("/games/quiet")
    assert "You have not voted for a draw this phase." in page.text
    voted = vera.post("/games/quiet/draw", data={"csrf": csrf_of(page.text), "vote": "yes"})
    assert "Your vote this phase: <strong>Venice votes for a draw</strong>" in voted.text
    assert "A vote is seen by its voter and the master only." in voted.text
    other = fred.get("/games/quiet").text
    assert "Venice votes for a draw" not in other
    assert "You have not voted for a draw this phase." in other
    assert "Venice votes for a draw" not in site.browser().get("/games/quiet").text
    assert "<li>Venice votes for a draw</li>" in boss.get("/games/quiet/master").text
    api = site.client.get("/api/v1/games/quiet", headers=site.api("fred")).json()
    assert api["votes"] == {}
    assert site.client.get("/api/v1/games/quiet", headers=site.api("vera")).json()[
        "votes"] == {"Venice": "votes for a draw"}
    # withdrawn, it is gone; a vote is good for one phase only
    page = vera.get("/games/quiet")
    vera.post("/games/quiet/draw", data={"csrf": csrf_of(page.text), "vote": "no"})
    assert "You have not voted" in vera.get("/games/quiet").text
    page = vera.get("/games/quiet")
    vera.post("/games/quiet/draw", data={"csrf": csrf_of(page.text), "vote": "yes"})
    site.judge.process("quiet")
    assert "You have not voted" in vera.get("/games/quiet").text
    site.judge.close()


def test_in_a_game_whose_votes_are_public_everyone_sees_them(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/web.db")
    started_game(site, "open", {"vera": "Venice", "fred": "Florence"},
                 draws={"public": True})
    vera, fred = site.sign_in("vera"), site.sign_in("fred")
    page = vera.get("/games/open")
    vera.post("/games/open/draw", data={"csrf": csrf_of(page.text), "vote": "yes"})
    other = fred.get("/games/open").text
    assert "<li>Venice votes for a draw</li>" in other
    assert "In this game the votes are public" in other
    assert "<li>Venice votes for a draw</li>" in site.browser().get("/games/open").text
    assert site.client.get("/api/v1/games/open").json()["votes"] == {
        "Venice": "votes for a draw"}
    # and the create form offers it
    boss = site.sign_in("boss")
    form = boss.get("/games/new")
    assert 'name="public_votes"' in form.text
    made = boss.post("/games/new", data={"csrf": csrf_of(form.text), "name": "public2",
                                         "setup": "classic_1454@5", "dias": "on",
                                         "public_votes": "on"})
    assert "The game is made" in made.text
    settings = site.judge.settings("public2")
    assert not isinstance(settings, str) and settings.draws["public"] is True
    site.judge.close()

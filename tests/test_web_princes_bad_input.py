"""Bad input to a Princes game through the JSON API and the pages (issue 35, "Done when"):
an illegal bid, an action out of turn, an unknown tile, an amount in other digits or of
5,000 digits get a clear refusal naming the reason, and change nothing."""

from __future__ import annotations

from test_web_princes import GAME, master, princes_site
from web_game import csrf_of

BAD = (("ORDER BID " + "9" * 5000, "at most 6 digits (5000 given)"),
       ("ORDER BID １２", "with the digits 0-9"),
       ("ORDER BID 1,000", "with the digits 0-9"),
       ("ORDER BID 999", "R-"),
       ("AUCTION CITY dragon BID 20", "dragon"),
       ("BUY TROOP elephants", "elephants"))


def test_the_api_refuses_bad_input_and_changes_nothing(tmp_path: object) -> None:
    site, seats = princes_site(tmp_path)
    ann = site.api("ann")
    before = master(site).phase
    for text, why in BAD:
        done = site.client.post(f"/api/v1/games/{GAME}/act", headers=ann, json={"text": text})
        assert done.status_code == 400 and why in done.json()["detail"], (text[:30], done.text)
        view = master(site)
        assert view.phase == before and all(not o.lines for o in view.orders.values())
    for name in seats:  # past the sealed bids: one seat decides
        site.client.post(f"/api/v1/games/{GAME}/act", headers=site.api(name),
                         json={"text": "ORDER BID 0"})
    site.judge.process(GAME)  # the sealed window closes
    view = master(site)
    assert view.decision is not None and not view.decision.simultaneous
    other = next(n for n, s in seats.items() if s not in view.decision.seats)
    done = site.client.post(f"/api/v1/games/{GAME}/act", headers=site.api(other),
                            json={"text": "PASS"})
    assert done.status_code in (400, 409) and "PR-TURN.2" in done.text, done.text
    assert master(site).phase == view.phase


def test_the_page_refuses_other_digits_and_unknown_tiles(tmp_path: object) -> None:
    site, _ = princes_site(tmp_path)
    ann = site.sign_in("ann")
    token = csrf_of(ann.get(f"/games/{GAME}").text)
    before = master(site).phase
    for text, why in BAD[1:]:
        done = ann.post(f"/games/{GAME}/act", data={"csrf": token, "orders": text})
        assert done.status_code == 200 and 'class="flash bad"' in done.text, text
        assert why in done.text.replace("&#39;", "'"), (text, why)
        view = master(site)
        assert view.phase == before and all(not o.lines for o in view.orders.values())

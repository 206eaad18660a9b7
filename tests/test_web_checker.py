"""The order box (/games/{name}/check) and the API's check answer with the one checker: a
line the adjudicator will void or fail is marked ⚠ with its reason in words and links to
its rules (/rules#ID, the rules page), a line for a unit already ordered says which line
it replaces, a line with nothing known against it gets ✓ (issue 36, item 1)."""

from __future__ import annotations

from web_game import csrf_of, started_game, web_site


def test_mov_1_exp_c_the_order_box_says_why_a_line_will_fail(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/box.db")
    started_game(site, "box", {"vera": "Venice"})
    browser = site.sign_in("vera")
    page = browser.get("/games/box").text
    text = ("A pad - rome\nexpense 1: 2 ducats counter-bribe A ver\nA ver - vic\n"
            "A pad - fer\n")
    checked = browser.post("/games/box/check", data={"csrf": csrf_of(page), "orders": text}
                           ).text
    alone = browser.post("/games/box/check", data={"csrf": csrf_of(page),
                                                   "orders": "A pad - rome\n"}).text
    assert "will fail: an army cannot go from Padua to Rome" in alone
    assert 'class="warn"' in checked
    assert "replaced by line 4: only the later order counts" in checked
    assert "will fail: 3 ducats needed" in checked
    assert '<a class="rule" href="/rules#EXP-C"' in checked
    assert "replaces line 1" in checked
    assert checked.count('class="ok"') == 2  # A ver - vic, A pad - fer
    api = site.client.post("/api/v1/games/box/check", headers=site.api("vera"),
                           json={"text": text}).json()["lines"]
    assert [(x["ok"], x["will_fail"], x["replaced_by"]) for x in api] == [
        (False, True, 4), (False, True, None), (True, False, None), (True, False, None)]
    assert api[1]["rules"] == ["EXP-C", "EXP-GEN-3"] and api[3]["note"] == "replaces line 1"
    sent = browser.post("/games/box/orders", data={"csrf": csrf_of(page),
                                                   "orders": "A pad - rome\nA ver H"})
    assert "Will fail: A pad - rome: an army cannot go from Padua to Rome" in sent.text
    site.judge.close()


def test_the_rules_page_has_an_anchor_per_rule(tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/rules.db")
    page = site.client.get("/rules")
    assert page.status_code == 200
    assert '<dt id="EXP-C">' in page.text and '<dt id="LOAN-13">' in page.text
    assert "Counter-bribe: any multiple of 3 ducats" in page.text
    site.judge.close()


def test_exp_c_exp_gen_3_the_results_link_their_rule_ids_and_say_the_ducats_are_spent(
        tmp_path: object) -> None:
    site = web_site(f"sqlite:///{tmp_path}/results.db")
    started_game(site, "told", {"vera": "Venice"})
    site.client.post("/api/v1/games/told/orders", headers=site.api("vera"),
                     json={"text": "expense 1: 2 ducats counter-bribe A ver\n"
                                   "A pad - <b>fer</b>"})
    site.client.post("/api/v1/games/told/master/process", headers=site.api("boss"), json={})
    page = site.sign_in("vera").get("/games/told/phase?phase=1").text
    assert "its 2 ducats are spent all the same" in page
    assert '<a class="rule" href="/rules#EXP-GEN-3" title="An invalid expenditure still ' \
           'costs its ducats.">EXP-GEN-3</a>' in page
    assert "<b>fer</b>" not in page
    site.judge.close()

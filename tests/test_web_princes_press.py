"""Press on the Princes game page (the host's press works for any kind of game): a seat
writes from the page's press card; the letter is on its correspondents' pages and the
master's, never on another seat's, an observer's or the public's."""

from __future__ import annotations

from test_web_princes import GAME, princes_site
from web_game import csrf_of


def test_a_letter_from_the_princes_page_reaches_only_its_correspondents(
        tmp_path: object) -> None:
    site, seats = princes_site(tmp_path)
    ann = site.sign_in("ann")
    page = ann.get(f"/games/{GAME}").text
    assert 'id="press"' in page and f'name="to" value="{seats["bob"]}"' in page
    assert f'name="to" value="{seats["ann"]}"' not in page  # not to oneself
    sent = ann.post(f"/games/{GAME}/press", data={
        "csrf": csrf_of(page), "to": seats["bob"], "body": "Milano is yours if you pass"})
    assert sent.status_code == 200 and "Letter sent." in sent.text
    letter = "Milano is yours if you pass"
    assert letter in site.sign_in("bob").get(f"/games/{GAME}").text
    assert letter in site.sign_in("boss").get(f"/games/{GAME}").text
    for reader in ("cy", "olga", "stranger"):
        assert letter not in site.sign_in(reader).get(f"/games/{GAME}").text, reader
    assert letter not in site.browser().get(f"/games/{GAME}").text
    empty = ann.post(f"/games/{GAME}/press", data={
        "csrf": csrf_of(page), "to": "nobody", "body": "x"})
    assert 'class="flash bad"' in empty.text

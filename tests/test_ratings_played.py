"""Ratings (seed 000 XI) from games played to the end through the mail: a finished game
with four players is rated, one with three or one the Master terminated is not; the
ratings show on /players, a player's page, GET /api/v1/players, and by mail in WHOIS and
LIST (XI-C's "games-rating")."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest
from mail_sessions import MASTER, Post, outcomes, register, said, status
from web_game import Site, web_site

from machiavelli.service.refusal import Refused

GM = "signon m{game} sesame\n"
PLAYERS = ("ann", "bob", "cy", "dan")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    made = web_site(f"sqlite:///{tmp_path}/ratings.db")
    yield made
    made.judge.close()


def _game(post: Post, game: str, players: tuple[str, ...]) -> dict[str, str]:
    """classic_1454 for ``players`` (its variant for that many: for four, two powers a
    player); one power of each player."""
    made = post.send(MASTER, f"create ?{game} sesame machiavelli\nset players {len(players)}")
    assert all(s == "done" for _, s, _ in outcomes(made)), made.reply
    for name in players:
        joined = post.send(f"{name}@x.org", f"signon ?{game} {name}pw")
        assert all(s == "done" for _, s, _ in outcomes(joined)), joined.reply
    return {s.name.split("@")[0]: s.power or "" for s in post.view(game).seats
            if s.role == "player"}


def _drawn(post: Post, game: str, powers: dict[str, str]) -> None:
    """Every survivor votes for the draw: the players, and the Master for the powers in
    civil disorder (one BECOME a message)."""
    letters = {p: s for s, p in post.judge.power_letters(post.view(game)).items()}
    for name, power in powers.items():
        answer = post.send(f"{name}@x.org",
                           f"signon {letters[power]}{game} {name}pw\nset draw")
        assert status(answer, "set draw") == ("done", None), answer.reply
    played = set(powers.values())
    for power in post.view(game).powers:
        if power not in played and post.view(game).status != "over":
            answer = post.send(MASTER, GM.format(game=game) + f"become {power}\nset draw")
            assert status(answer, "set draw") == ("done", None), answer.reply
    assert post.view(game).status == "over"


def test_xi_a_finished_four_player_game_is_rated_and_shown_everywhere(site: Site) -> None:
    post = Post(site.judge)
    register(post, "gm", *PLAYERS, "eve")
    powers = _game(post, "rome", PLAYERS)
    _drawn(post, "rome", powers)
    three = _game(post, "pisa", ("ann", "bob", "eve"))
    _drawn(post, "pisa", three)  # three players: not rated (XI)
    _game(post, "lodi", PLAYERS)
    post.send(MASTER, "signon mlodi sesame\nterminate")  # not finished by play

    rated = site.client.get("/api/v1/players").json()
    # a user registered by mail is known by its address, as LIST shows its seat
    assert {r["player"] for r in rated} == {f"{n}@x.org" for n in PLAYERS}
    assert all(r["games"] == 1 and r["shown"] == f"1-{r['points']:.1f}" for r in rated)
    # the 4-player variant deals two powers a player: eight powers finish, and the chart's
    # row for eight (10, 8, 6, 4, 2, 1, 1, 1) is shared among them (XI-D: a player's sum)
    assert sorted(r["points"] for r in rated) != [] and sum(r["points"] for r in rated) == 33
    best = rated[0]
    assert best["points"] == max(r["points"] for r in rated)

    page = html.unescape(site.client.get("/players").text)
    assert all(r["shown"] in page and r["player"] in page for r in rated)
    assert "The Ratings Chart" in page and "<td>10</td><td>7</td><td>4</td><td>1</td>" in \
        page.replace("\n", "")

    ann = site.client.get("/api/v1/players/ann@x.org").json()
    assert [g["game"] for g in ann["games"]] == ["rome", "pisa"]
    assert [g["rated"] for g in ann["games"]] == [True, False]
    assert powers["ann"] in {p["power"] for p in ann["games"][0]["powers"]}
    ann_page = html.unescape(site.client.get("/players/ann@x.org").text)
    assert "not rated (3 players)" in ann_page and "rome" in ann_page
    assert site.client.get("/players/nobody").status_code == 404
    assert site.client.get("/api/v1/ratings/chart").json()[1] == {
        "powers": 5, "points": [10, 8, 6, 4, 2]}

    shown = {r["player"]: r["shown"] for r in rated}
    asked = "whois ann@x.org eve@x.org"
    whois = said(post.send("eve@x.org", asked), asked)
    assert f"Rating:    {shown['ann@x.org']}" in whois
    assert "none yet" in whois.split("eve@x.org:")[1]
    listing = said(post.send("eve@x.org", "list rome"), "list rome")
    assert f"ann@x.org  (rating {shown['ann@x.org']})" in listing


def test_xi_set_unrated_is_refused_saying_every_finished_game_of_four_is_rated(
        site: Site) -> None:
    post = Post(site.judge)
    register(post, "gm", *PLAYERS)
    _game(post, "rome", PLAYERS)
    answer = post.send(MASTER, "signon mrome sesame\nset unrated\nset rated")
    assert status(answer, "set unrated") == ("refused", "rules")
    assert "a ruling of this judge" in said(answer, "set unrated")
    assert status(answer, "set rated") == ("done", None)


def test_xi_d_a_player_seated_for_two_powers_scores_their_sum_in_one_game(
        site: Site) -> None:
    post = Post(site.judge)
    register(post, "gm", *PLAYERS)
    made = post.send(MASTER, "create ?rome sesame machiavelli\nset players 5")
    assert all(s == "done" for _, s, _ in outcomes(made)), made.reply
    for name in PLAYERS:
        post.send(f"{name}@x.org", f"signon ?rome {name}pw")
    ann = site.judge.registered("ann@x.org")
    assert ann is not None  # ann holds a second seat, as the same user
    second = site.judge.join("rome", "ann-second", "player", user_id=ann.id, password="x2")
    assert not isinstance(second, Refused), second
    assert not isinstance(site.judge.start("rome", now=post.now), Refused)
    powers = {s.name: s.power or "" for s in post.view("rome").seats if s.role == "player"}
    # the players vote by mail; the Master for the powers in civil disorder and for
    # ann's second power (one BECOME a message)
    _drawn(post, "rome", {n.split("@")[0]: p for n, p in powers.items() if "@" in n})

    record = site.client.get("/api/v1/players/ann@x.org").json()
    [game] = record["games"]
    assert sorted(p["power"] for p in game["powers"]) == sorted(
        [powers["ann@x.org"], powers["ann-second"]])
    assert game["points"] == sum(p["points"] for p in game["powers"])
    assert game["players"] == 4 and record["rating"]["games"] == 1
    rated = {r["player"]: r["points"] for r in site.client.get("/api/v1/players").json()}
    assert set(rated) == {f"{n}@x.org" for n in PLAYERS}
    assert sum(rated.values()) == 10 + 8 + 6 + 4 + 2  # five powers finish: the 5 row

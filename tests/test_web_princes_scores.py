"""The Princes game page's score sheet and wars (spec princes.md section 4.6; issue 35 item
5): each family's victory points by source as the final scoring counts them (PR-END),
during play the points now, with the gold and influence majorities hidden from all but the
master while money is closed (PR-GEN.4); the war in progress, or the last one, round by
round with its strengths and dice (PR-BAT).  The positions are the rulebook's war
example and final scoring (cases/princes/), imported as games."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

from web_game import Site, add_user, web_site

from machiavelli.princes.scenario import play
from machiavelli.princes.state import State
from machiavelli.service.archive import Archive
from machiavelli.service.kinds import kind_named
from machiavelli.service.refusal import Refused

CASES = Path(__file__).resolve().parent.parent / "cases" / "princes"
KIND = kind_named("princes")
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)


def played(name: str) -> State:
    state, problems = play(json.loads((CASES / f"{name}.json").read_text()))
    assert problems == []
    return state


def as_game(site: Site, name: str, state: State) -> dict[str, str]:
    """``state`` imported as game ``name``, its seats taken by users, ``boss`` its master;
    seat -> user."""
    users = {seat: f"u{n}" for n, seat in enumerate(state.seats, 1)}
    for user in (*users.values(), "boss"):
        add_user(site, user)
    seats = [{"name": user, "role": "player", "power": seat, "preferences": [],
              "joined_at": T0.isoformat()} for seat, user in users.items()]
    seats.append({"name": "boss", "role": "master", "power": None, "preferences": [],
                  "joined_at": T0.isoformat()})
    archive = Archive("princes_A", "s", len(users), None, [], KIND.dump(state), "",
                      service={"seats": seats, "status": "playing"}, kind="princes")
    assert not isinstance(site.judge.import_archive(archive, name, T0), Refused)
    return users


def cells(page: str, family: str) -> list[str]:
    row = re.search(rf"<tr><td>{re.escape(family)}</td>(.*?)</tr>", page)
    assert row is not None, family
    return re.findall(r"<td>(?:<strong>)?(.*?)(?:</strong>)?</td>", row.group(1))


def test_the_last_war_is_shown_round_by_round_with_strengths_and_dice(
        tmp_path: Path) -> None:
    """The rulebook's war (seed_war_example): each round's strengths and the dice in them."""
    state = played("seed_war_example")
    rounds = [e for e in state.log if e["type"] == "battle_round"]
    assert rounds
    site = web_site(f"sqlite:///{tmp_path}/w.db")
    as_game(site, "war", state)
    page = site.browser().get("/games/war").text
    assert "Last war:" in page
    for event in rounds:
        attack_die, defence_die = event["dice"]
        assert (f"Round {event['round']}</dt><dd>attack {event['attack']} (die {attack_die}),"
                f" defence {event['defence']} (die {defence_die})") in page


def test_the_score_sheet_counts_each_source_of_the_final_scoring(tmp_path: Path) -> None:
    """At the end the sheet is the final scoring's, every source shown to everyone."""
    state = played("pr_end_final_scoring_seed_ranking")
    assert state.final is not None
    site = web_site(f"sqlite:///{tmp_path}/s.db")
    as_game(site, "over", state)
    page = site.browser().get("/games/over").text
    assert "Score sheet" in page and "The final scoring (PR-END)" in page
    for seat, parts in state.final["breakdown"].items():
        family = next(t for t in re.findall(r"<tr><td>([^<]*)</td>", page)
                      if t.startswith(seat))
        assert cells(page, family) == [str(parts[k]) for k in (
            "cities", "events", "pope", "gold", "influence", "triumphs")] + [
            str(state.final["vp"][seat])]


def test_during_play_closed_money_hides_the_money_majorities_but_from_the_master(
        tmp_path: Path) -> None:
    state = played("seed_war_example")
    assert state.final is None and state.rules.money == "closed"
    site = web_site(f"sqlite:///{tmp_path}/p.db")
    users = as_game(site, "now", state)
    public = site.browser().get("/games/now").text
    assert "Score sheet: victory points now" in public and "majorities are hidden" in public
    assert public.count('title="closed money">hidden') == 2 * len(state.seats)
    seat, user = next(iter(users.items()))
    own = site.sign_in(user).get("/games/now").text
    assert own.count('title="closed money">hidden') == 2 * len(state.seats)
    shown = site.sign_in("boss").get("/games/now").text
    assert "Score sheet" in shown and 'title="closed money"' not in shown

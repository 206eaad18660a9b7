"""Ratings points and Skill Ratings, seed 000 Optional rules XI (the rule ids are the
seed's: XI, XI-A ... XI-D; RULES.md indexes 001, which has no ratings)."""

from __future__ import annotations

import pytest

from machiavelli.service.house.ratings import (
    Finisher,
    Rating,
    chart,
    chart_row,
    game_points,
    places,
    player_order,
    ratings,
)


def _game(*cities: float, winners: tuple[int, ...] = ()) -> list[Finisher]:
    """Powers P1, P2 ... each held by its own player p1, p2 ..."""
    return [Finisher(f"P{i}", f"p{i}", c, i in winners) for i, c in enumerate(cities, 1)]


def test_xi_only_finished_games_with_four_or_more_players_count() -> None:
    assert game_points(_game(9, 5, 2)) == {}
    assert ratings([_game(9, 5, 2)]) == []
    assert game_points(_game(9, 5, 2, 1))["p1"] == 10


def test_xi_a_the_chart_gives_10_and_7_to_four_players_and_10_8_6_4_2_to_five() -> None:
    assert chart_row(4)[:2] == (10, 7)
    assert chart_row(5) == (10, 8, 6, 4, 2)
    assert places(_game(12, 9, 7, 3, 1)) == {"P1": 10, "P2": 8, "P3": 6, "P4": 4, "P5": 2}


def test_xi_a_the_order_of_finishing_is_by_cities_controlled() -> None:
    got = places(_game(3, 11, 7, 5))
    assert sorted(got, key=lambda p: -got[p]) == ["P2", "P3", "P4", "P1"]


def test_xi_a_three_tied_for_second_in_five_share_8_6_4_and_get_6_each() -> None:
    got = places(_game(12, 6, 6, 6, 1))
    assert got == {"P1": 10, "P2": 6, "P3": 6, "P4": 6, "P5": 2}


def test_xi_a_ruled_rows_four_players_10_7_4_1_and_more_than_five_add_1_a_place() -> None:
    assert chart_row(4) == (10, 7, 4, 1)
    assert chart_row(6) == (10, 8, 6, 4, 2, 1)
    assert chart_row(8) == (10, 8, 6, 4, 2, 1, 1, 1)
    assert chart_row(3) == ()
    assert [n for n, _ in chart()][:3] == [4, 5, 6]


def test_xi_a_ruled_winners_by_victory_concession_or_draw_finish_ahead() -> None:
    got = places(_game(8, 9, 4, 2, winners=(1,)))  # conceded to P1, though P2 is larger
    assert got["P1"] == 10 and got["P2"] == 7
    drawn = places(_game(8, 8, 4, 2, 0, winners=(1, 2)))
    assert drawn["P1"] == drawn["P2"] == 9


@pytest.mark.parametrize(("places_won", "points", "skill"), [
    ((2, 2, 1, 3, 2), 58, 5.8),  # player "A"
    ((1, 4, 2, 1, 2), 62, 6.2),  # player "B"
])
def test_xi_b_the_skill_rating_is_the_points_divided_by_the_games(
        places_won: tuple[int, ...], points: int, skill: float) -> None:
    games = []
    for place, times in enumerate(places_won):
        for _ in range(times):
            cities = [10.0 - i for i in range(5)]
            cities[0], cities[place] = cities[place], cities[0]  # "a" finishes at place
            games.append([Finisher("A", "a", cities[0])] + [
                Finisher(f"X{i}", f"x{i}", c) for i, c in enumerate(cities[1:])])
    found = next(r for r in ratings(games) if r.player == "a")
    assert (found.games, found.points) == (10, points)
    assert found.skill == pytest.approx(skill)


def test_xi_c_a_rating_is_shown_as_games_dash_skill() -> None:
    assert Rating("a", 32, 182.4).shown == "32-5.7"
    assert Rating("a", 10, 58).shown == "10-5.8"


def test_xi_d_a_players_powers_finish_each_on_its_own_and_their_points_add_up() -> None:
    finishers = [Finisher("Milan", "ann", 9), Finisher("Florence", "ann", 2),
                 Finisher("Venice", "bob", 8), Finisher("Naples", "cy", 7),
                 Finisher("Papacy", "dan", 5), Finisher("Turkey", "eve", 3)]
    points = game_points(finishers)  # six powers: 10, 8, 6, 4, 2, 1
    assert points == {"ann": 10 + 1, "bob": 8, "cy": 6, "dan": 4, "eve": 2}
    assert player_order(finishers)[0] == ("ann", 11)
    [rating] = [r for r in ratings([finishers]) if r.player == "ann"]
    assert rating.games == 1  # one game, whatever the powers held

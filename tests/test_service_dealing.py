"""Seats as the rulebook deals them (issue 36, item 2): every scenario variant that gives a
player several powers deals them so; a player holding two powers orders for each, reads
each one's money and no one else's; the lobby's free powers never include a seated
player's."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from service_db import ok

from machiavelli.game.scenario import list_scenarios
from machiavelli.service.games import ANY_POWER, NewGame, deal_sides
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.sheets import Stored
from machiavelli.service.visibility import GameView, Viewer

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
GM = Viewer.master("gm")

VARIANTS = [(info.name, v.players, v.option, v.powers, v.sides)
            for info in list_scenarios() for v in info.variants
            if any(len(side) > 1 for side in v.sides)]


def test_some_variants_give_a_player_several_powers() -> None:
    names = {(name, players, option) for name, players, option, _, _ in VARIANTS}
    assert ("classic_1454", 3, 1) in names and ("spanish_1521", 3, 1) in names


@pytest.mark.parametrize(("name", "players", "option", "powers", "sides"), VARIANTS,
                         ids=[f"{n}-{p}-{o}" for n, p, o, _, _ in VARIANTS])
def test_every_variant_deals_every_power_in_play_as_its_sides_say(
        name: str, players: int, option: int, powers: tuple[str, ...],
        sides: tuple[tuple[str, ...], ...]) -> None:
    people = [(f"p{i}", []) for i in range(players)]
    dealt = deal_sides(powers, sides, people, "seed")
    held = [p for ps in dealt.values() for p in ps]
    assert sorted(held) == sorted(powers)  # every power dealt once
    assert sorted(sorted(len(ps) for ps in dealt.values())) == \
        sorted(len(side) for side in sides)
    for ps in dealt.values():  # each player holds one side: its named powers and free ones
        assert any(set(p for p in side if p != ANY_POWER) <= set(ps) and len(side) == len(ps)
                   for side in sides)
    assert dealt == deal_sides(powers, sides, people, "seed")  # the seed decides


def test_preferences_pick_the_side_and_fill_the_free_choices() -> None:
    sides = (("Austria",), ("France", "Turkey", "Florence"), ("Venice", "Papacy"))
    powers = ("Austria", "France", "Turkey", "Florence", "Venice", "Papacy")
    dealt = deal_sides(powers, sides, [("a", ["Papacy"]), ("b", ["Turkey"]), ("c", [])],
                       "s")
    assert dealt == {"a": ["Venice", "Papacy"], "b": ["France", "Turkey", "Florence"],
                     "c": ["Austria"]}
    free = (("*", "*"), ("*", "*"), ("*", "*"))
    six = ("Milan", "Florence", "Venice", "Naples", "Papacy", "Turkey")
    dealt = deal_sides(six, free, [("a", ["Milan", "Naples"]), ("b", ["Milan", "Venice"]),
                                   ("c", ["Florence", "Turkey"])], "s")
    assert dealt == {"a": ["Milan", "Naples"], "b": ["Venice", "Papacy"],
                     "c": ["Florence", "Turkey"]}


def three_players(judge: Judge) -> GameView:
    ok(judge.create_game(NewGame("trio", "classic_1454", players=3, seed="s"), master="gm",
                         start=False, now=T0))
    for name, wanted in (("alice", ["Milan", "Naples"]), ("bob", ["Venice", "Papacy"]),
                         ("carol", ["Florence", "Turkey"])):
        ok(judge.join("trio", name, "player", wanted, now=T0))
    assert isinstance(judge.join("trio", "dave", "player", [], now=T0), Refused)  # full
    started = judge.start("trio", now=T0)
    assert isinstance(started, GameView)
    return started


def test_classic_1454_for_three_deals_two_powers_to_each_player(judge: Judge) -> None:
    started = three_players(judge)
    assert started.places == 3 and set(started.powers) == {
        "Milan", "Florence", "Venice", "Naples", "Papacy", "Turkey"}
    held: dict[str, set[str]] = {}
    for seat in started.seats:
        if seat.role == "player":
            held.setdefault(seat.name, set()).add(seat.power or "")
    assert held == {"alice": {"Milan", "Naples"}, "bob": {"Venice", "Papacy"},
                    "carol": {"Florence", "Turkey"}}
    public = judge.view("trio", Viewer.public())
    assert isinstance(public, GameView) and not public.standing
    taken = {s.power for s in public.seats if s.role == "player"}
    assert all(p in taken for p in public.powers)  # the lobby lists no power free


def test_a_player_of_two_powers_orders_for_each_and_sees_each_ones_money(
        judge: Judge) -> None:
    three_players(judge)
    alice = ok(judge.viewer_for("trio", "alice"))
    assert isinstance(alice, Viewer) and set(alice.held) == {"Milan", "Naples"}
    milan = ok(judge.submit_orders("trio", alice, "Milan", "A mil H", now=T0))
    naples = ok(judge.submit_orders("trio", alice, "Naples", "A nap H", now=T0))
    assert isinstance(milan, Stored) and milan.power == "Milan" and milan.lines == ["A mil H"]
    assert isinstance(naples, Stored) and naples.power == "Naples"
    default = ok(judge.submit_orders("trio", alice, None, "A pav H", now=T0))
    assert isinstance(default, Stored) and default.power == alice.power
    refused = judge.submit_orders("trio", alice, "Venice", "A ven H", now=T0)
    assert isinstance(refused, Refused) and "cannot act for Venice" in refused.reason
    seen = judge.view("trio", alice)
    assert isinstance(seen, GameView)
    assert set(seen.private) == {"Milan", "Naples"}  # each one's money, apart
    assert set(seen.orders) == {"Milan", "Naples"}
    bob = ok(judge.viewer_for("trio", "bob"))
    assert isinstance(bob, Viewer)
    theirs = judge.view("trio", bob)
    assert isinstance(theirs, GameView) and set(theirs.private) == {"Venice", "Papacy"}
    assert not set(theirs.orders) & {"Milan", "Naples"}
    # press to either power reaches its player
    ok(judge.send_press("trio", bob, ["Naples"], "to your second power", now=T0))
    letters = judge.view("trio", alice)
    assert isinstance(letters, GameView)
    assert any(letter.body == "to your second power" for letter in letters.press)


def test_a_mail_password_covers_every_power_of_the_player(judge: Judge) -> None:
    three_players(judge)
    ok(judge.update_seat("trio", "alice", password="secret"))
    ok(judge.sign_on("trio", "player", "secret", power="Milan"))
    ok(judge.sign_on("trio", "player", "secret", power="Naples"))


def test_orders_for_a_processed_phase_are_refused_with_a_clear_message(
        judge: Judge) -> None:
    three_players(judge)
    ok(judge.process("trio", expected=0, now=T0))
    alice = ok(judge.viewer_for("trio", "alice"))
    assert isinstance(alice, Viewer)
    late = judge.submit_orders("trio", alice, "Milan", "A mil H", phase=0, now=T0)
    assert isinstance(late, Refused)
    assert "written for phase 0, which has been processed" in late.reason
    assert "nothing was stored" in late.reason
    seen = judge.view("trio", GM)
    assert isinstance(seen, GameView) and not seen.orders


def test_a_player_of_two_powers_ejected_by_name_leaves_both(judge: Judge) -> None:
    three_players(judge)
    ok(judge.eject("trio", GM, "alice", now=T0))
    seen = judge.view("trio", GM)
    assert isinstance(seen, GameView)
    assert seen.standing == {"Milan": "abandoned", "Naples": "abandoned"}
    assert not any(s.name == "alice" for s in seen.seats)
    ok(judge.eject("trio", GM, "Venice", now=T0))  # named by a power: that power only
    after = judge.view("trio", GM)
    assert isinstance(after, GameView)
    assert [s.power for s in after.seats if s.name == "bob"] == ["Papacy"]

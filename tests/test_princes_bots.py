"""The Princes bots: the environment (spec section 4.7), the baseline players, self-play
with the invariants, the PettingZoo wrapper and ``machiavelli selfplay --game princes``."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.bots.fleet import run_games
from machiavelli.bots.princes_env import PrincesEnv, final_problems, step_problems
from machiavelli.bots.princes_players import PLAYERS, battle_odds, greedy_player, random_player
from machiavelli.bots.princes_selfplay import parse_scenario, play_princes_game, princes_scenarios
from machiavelli.bots.selfplay import GameConfig
from machiavelli.bots.summary import summarize
from machiavelli.princes.serial import to_data
from machiavelli.princes.state import Rules


def env(players: int = 4, seed: str = "e1") -> PrincesEnv:
    return PrincesEnv(Rules(players=players, side="A", start="auction"), seed=seed)


def play(e: PrincesEnv, rng: random.Random, bot: str = "random", until: int = 10**6) -> None:
    while not e.done and e.decisions < until:
        seat = e.pending()[1][0]
        e.step(seat, PLAYERS[bot](e.state, seat, rng))


def test_the_environment_api() -> None:
    e = env()
    assert e.pending() == ("order_bid", ("P1", "P2", "P3", "P4"))
    templates = e.legal_actions("P1")
    assert templates[0].ranges == {"gold": (0, 45)}
    assert {a["gold"] for a in e.actions("P1", 3)} == {0, 22, 45}
    e.step({"P1": {"act": "order_bid", "gold": 5}, "P2": {"act": "order_bid", "gold": 1}})
    assert e.pending() == ("order_bid", ("P3", "P4"))
    obs = e.observation("P1")
    assert obs["seats"]["P1"]["gold"] == 45 and obs["seats"]["P2"]["gold"] is None
    assert obs["ceilings"] == {}          # P1 has answered
    assert e.observation("P3")["ceilings"] == {"order_bid": {"gold": 45}}
    assert e.returns() == dict.fromkeys(["P1", "P2", "P3", "P4"], 0.0)
    rng = random.Random(0)
    while e.state.pending.kind != "action":
        seat = e.pending()[1][0]
        e.step(seat, random_player(e.state, seat, rng))
    ceilings = e.observation(e.state.pending.seats[0])["ceilings"]
    assert "auction event bellini" in ceilings and "auction pope" in ceilings


def test_clone_and_replay() -> None:
    e = env(seed="cl")
    rng = random.Random(1)
    play(e, rng, until=60)
    twin = e.clone()
    assert to_data(twin.state) == to_data(e.state)
    play(twin, random.Random(2), until=90)
    assert twin.decisions > e.decisions and to_data(twin.state) != to_data(e.state)
    again = env(seed="cl")
    again.replay(e.history)
    assert to_data(again.state) == to_data(e.state)


def test_a_random_game_ends_with_returns_and_sound_positions() -> None:
    e = env(5, "rg")
    rng = random.Random(5)
    while not e.done:
        seat = e.pending()[1][0]
        action = random_player(e.state, seat, rng)
        before = e.state
        events = e.step(seat, action)
        assert step_problems(before, seat, action, e.state, events) == []
    assert final_problems(e.state) == []
    assert sum(e.returns().values()) == pytest.approx(1.0)
    assert e.final_vp() == e.state.final["vp"]  # type: ignore[index]


def test_a_money_transfer_that_is_not_conserved_is_reported() -> None:
    e = env()
    after = e.clone().state
    after.seats["P2"].gold += 1
    problems = step_problems(e.state, "P1", {"act": "give"}, after, [{"type": "give"}])
    assert problems and "changed the money" in problems[0]
    # the income the engine ran on to after the act explains the money
    assert step_problems(e.state, "P1", {"act": "give"}, after, [{"type": "income"}]) == []


def test_battle_odds_are_the_two_dice_distribution() -> None:
    # equal strengths: the attacker wins round 1 with 15/36; round 2 alike
    att, dfn = battle_odds(0, 0, 0, 0)
    assert att == pytest.approx(15 / 36)
    assert dfn == pytest.approx(21 / 36 * 15 / 36)
    assert battle_odds(6, 0, 0, 0) == (1.0, 0.0)      # 7 or more against at most 6


def test_greedy_answers_every_decision_with_a_legal_act() -> None:
    e = env(3, "gr")
    rng = random.Random(0)
    play(e, rng, "greedy", until=30)
    for _ in range(400):
        if e.done:
            break
        seat = e.pending()[1][0]
        action = greedy_player(e.state, seat, rng)
        legal = [a for t in e.legal_actions(seat) for a in
                 [{"act": t.act, **t.fixed}]]
        assert action["act"] in {a["act"] for a in legal}
        e.step(seat, action)


def test_scenario_names() -> None:
    assert parse_scenario("princes-5p-B") == (5, "B")
    assert len(princes_scenarios()) == 8
    for bad in ("princes-7p-A", "princes-4p-C", "classic_1454"):
        with pytest.raises(ValueError):
            parse_scenario(bad)


def test_self_play_games_over_3_to_6_players_keep_every_invariant() -> None:
    start = time.perf_counter()
    plan = [GameConfig(i, princes_scenarios()[i % 8], ("greedy", "random"), f"t-{i}",
                       game="princes") for i in range(160)]
    records = list(run_games(plan, 1))
    summary = summarize(records, time.perf_counter() - start)
    assert summary.crashes == 0 and summary.invariants == 0, \
        [r.problems or r.crash for r in records if r.failed][:3]
    assert all(r.end == "over" and r.winners and r.years == 3 for r in records)
    assert {len(r.seats) for r in records} == {3, 4, 5, 6}
    assert summary.bots["greedy"].wins_per_seat > summary.bots["random"].wins_per_seat
    assert time.perf_counter() - start < 30   # ~10 s on a quiet core


def test_a_game_is_repeatable_from_its_seed() -> None:
    config = GameConfig(3, "princes-4p-B", ("random", "greedy"), "rep", game="princes")
    first, second = play_princes_game(config), play_princes_game(config)
    assert first.vp == second.vp and first.phases == second.phases


def test_selfplay_command_plays_princes(tmp_path: Path) -> None:
    from machiavelli.cli.selfplay import selfplay
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(selfplay, ["--game", "princes", "--games", "8", "--quiet",
                                           "--out", str(out), "--failures",
                                           str(tmp_path / "f")])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 8 and all(x["scenario"].startswith("princes-") for x in lines)
    assert all(x["vp"] and x["winners"] for x in lines)
    assert "invariants broken: 0" in result.output


def test_selfplay_command_refuses_unknown_princes_bots_and_scenarios() -> None:
    from machiavelli.cli.selfplay import selfplay
    bad = CliRunner().invoke(selfplay, ["--game", "princes", "--bots", "hold", "--quiet"])
    assert bad.exit_code != 0 and "Princes bots" in bad.output
    bad = CliRunner().invoke(selfplay, ["--game", "princes", "--scenario", "princes-9p-A",
                                        "--quiet"])
    assert bad.exit_code != 0 and "princes-<3..6>p" in bad.output

"""Self-play: games played and checked, failures saved as replayable cases, the command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.bots import selfplay
from machiavelli.bots.env import Env
from machiavelli.bots.fleet import run_games
from machiavelli.bots.players import RandomLegal
from machiavelli.bots.selfplay import GameConfig, GameRecord, configs, play_game, seats
from machiavelli.bots.summary import summarize
from machiavelli.cases.files import read_cases
from machiavelli.cases.game_cases import game_case
from machiavelli.cases.runner import format_result, run_case
from machiavelli.cli.main import main
from machiavelli.game.scenario import available_scenarios
from machiavelli.text.notation import format_order


def test_a_game_is_played_to_its_bound_and_recorded() -> None:
    record = play_game(GameConfig(0, "classic_1454", ("greedy", "random"), "sp-1", 2))
    assert not record.failed
    assert record.years == 2 and record.end == "Spring 1456 movement"
    assert set(record.seats) == set(record.cities) and set(record.seats.values()) == {
        "greedy", "random"}
    assert record.phases >= 8
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record


def test_the_same_config_plays_the_same_game() -> None:
    config = GameConfig(3, "mach2_1454", ("greedy", "random", "hold"), "sp-same", 2)
    first, second = play_game(config), play_game(config)
    first.seconds = second.seconds = 0.0
    assert first == second


def test_seats_deal_the_bots_in_turn_starting_one_further_each_game() -> None:
    powers = ["A", "B", "C"]
    assert seats(powers, ["greedy", "random"], 0) == {"A": "greedy", "B": "random",
                                                       "C": "greedy"}
    assert seats(powers, ["greedy", "random"], 1) == {"A": "random", "B": "greedy",
                                                       "C": "random"}


def test_all_means_every_scenario_in_turn() -> None:
    plan = configs(len(available_scenarios()) + 1, ["all"], ["random"], "s")
    assert [c.scenario for c in plan[:-1]] == available_scenarios()
    assert plan[-1].scenario == available_scenarios()[0]
    assert [c.seed for c in plan[:2]] == ["s-0", "s-1"]


def _replayed(path: str) -> tuple[str, str]:
    [case] = read_cases(path)
    run = run_case(case)
    assert run.error is None and not run.order_errors, (run.error, run.order_errors)
    return case.name, format_result(case, run)


def test_an_engine_failure_stops_the_game_and_saves_a_case_that_replays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = selfplay.Env.step
    calls = []

    def failing(env: selfplay.Env, orders: selfplay.Mapping[str, object]) -> object:
        calls.append(env.state())
        if len(calls) == 3:
            raise RuntimeError("the engine broke")
        return real(env, orders)  # type: ignore[arg-type]

    monkeypatch.setattr(selfplay.Env, "step", failing)
    config = GameConfig(0, "classic_1454", ("greedy", "random"), "sp-crash", 3,
                        failures=str(tmp_path))
    record = play_game(config)
    assert record.crash == "RuntimeError: the engine broke" and record.phases == 2
    assert record.case_file is not None
    text = Path(record.case_file).read_text()
    assert "SCENARIO classic_1454" in text and "SEED sp-crash" in text
    assert "RuntimeError: the engine broke" in text  # the traceback's end, as a comment
    monkeypatch.setattr(selfplay.Env, "step", real)
    name, printed = _replayed(record.case_file)
    assert name.startswith("SELFPLAY crash in classic_1454")
    assert "POSTSTATE" in printed


def test_a_broken_invariant_is_counted_and_saved(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(selfplay, "phase_problems", lambda *a, **k: ["two units in gen"])
    record = play_game(GameConfig(0, "standard_1901", ("random",), "sp-inv", 2,
                                  failures=str(tmp_path)))
    assert record.problems == ["two units in gen"] and record.phases == 1
    assert record.case_file is not None and "# two units in gen" in Path(
        record.case_file).read_text()
    summary = summarize([record])
    assert summary.invariants == 1 and summary.case_files == [record.case_file]


def test_a_saved_case_replays_the_phase_the_game_played(tmp_path: Path) -> None:
    """The case of a game's phase gives, through `machiavelli adjudicate`, the position
    the game reached (scenario board, homes, money, seed-rolled dice and all)."""
    env = Env()
    env.reset("struggle_1513", seed="sp-replay")
    bot, rng = RandomLegal(spend=1.0, borrow=0.5), random.Random(4)
    for _ in range(4):
        env.step({p: bot.choose(env.board, env.observation(p), env.legal_orders(p), rng)
                  for p in env.deciding()})
    before = env.state()
    orders = {p: bot.choose(env.board, env.observation(p), env.legal_orders(p), rng)
              for p in env.deciding()}
    path = tmp_path / "replay.txt"
    path.write_text(game_case("replay", before, {p: [format_order(o) for o in os]
                                                 for p, os in orders.items()},
                              scenario="struggle_1513", seed="sp-replay"))
    env.step(orders)
    [case] = read_cases(path)
    run = run_case(case)
    assert run.error is None and not run.order_errors
    assert run.state == env.state()


def test_selfplay_command_writes_json_lines_and_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(main, [
        "selfplay", "--games", "3", "--scenario", "standard_1901,classic_1454",
        "--bots", "greedy,random", "--years", "1", "--seed", "cli", "--out", str(out),
        "--failures", str(tmp_path / "failed"), "--quiet"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["index"] for r in lines) == [0, 1, 2]
    assert {r["scenario"] for r in lines} == {"standard_1901", "classic_1454"}
    assert "Self-play: 3 games" in result.output and "greedy" in result.output
    assert "crashes: 0; invariants broken: 0" in result.output


def test_selfplay_command_refuses_unknown_bots_and_scenarios(tmp_path: Path) -> None:
    runner = CliRunner()
    bad_bot = runner.invoke(main, ["selfplay", "--bots", "clever", "--out", "-"])
    assert bad_bot.exit_code == 2 and "the bots are" in bad_bot.output
    bad = runner.invoke(main, ["selfplay", "--scenario", "atlantis", "--out", "-"])
    assert bad.exit_code == 2 and "atlantis" in bad.output


def test_worker_processes_give_the_games_one_process_gives() -> None:
    plan = configs(3, ["standard_1901"], ["greedy", "random"], "pool", max_years=1)
    alone = sorted(run_games(plan, workers=1), key=lambda r: r.index)
    pooled = sorted(run_games(plan, workers=2), key=lambda r: r.index)
    for record in (*alone, *pooled):
        record.seconds = 0.0
    assert alone == pooled

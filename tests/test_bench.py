"""``machiavelli bench``'s parts: the phases it measures and what it prints (never timings)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cases.phase_cases import read_movement_phases
from machiavelli.cli import bench, bench_workers
from machiavelli.cli.bench import Figure, run_bench, write_cases
from machiavelli.cli.bench_phases import (
    diplomacy_order,
    random_phases,
    tiled_board,
    tiled_phases,
)
from machiavelli.cli.main import main
from machiavelli.core.board_index import board_index
from machiavelli.core.orders import Move, SupportMove, UnitRef
from machiavelli.game.scenario import load_scenario
from machiavelli.text.notation import parse_orders

BOARD, START = load_scenario("standard_1901")


def test_bench_phases_round_trip_through_a_case_file(tmp_path: Path) -> None:
    phases = random_phases(BOARD, START, 6, seed=3)
    assert all(14 <= len(p.state.units) <= 38 for p in phases)
    path = tmp_path / "phases.txt"
    assert write_cases(phases, path) == 6
    read, skipped = read_movement_phases(path)
    assert skipped == []
    for wrote, back in zip(phases, read, strict=True):
        assert back.name == wrote.name and back.state.units == wrote.state.units
        assert back.texts == {p: t for p, t in wrote.texts.items() if t}
        parsed = {p: parse_orders(t, back.board, back.state, p).orders
                  for p, t in back.texts.items()}
        assert parsed == {p: o for p, o in wrote.orders.items() if o}
    checked = CliRunner().invoke(main, ["adjudicate", "--check", str(path)])
    assert checked.exit_code == 0, checked.output
    assert checked.output.endswith("6 passed, 0 failed\n")


def test_bench_case_file_repeats_the_phases_under_new_names(tmp_path: Path) -> None:
    phases = random_phases(BOARD, START, 4, seed=3)
    path = tmp_path / "phases.txt"
    assert write_cases(phases, path, at_least=10) == 12
    read, _ = read_movement_phases(path)
    assert len({m.name for m in read}) == 12
    assert [m.state.units for m in read[4:8]] == [p.state.units for p in phases]


def test_datc_file_gives_its_standard_movement_cases() -> None:
    read, skipped = read_movement_phases(Path(__file__).parent.parent / "cases/datc_v2.4_06.txt")
    assert len(read) > 100 and skipped  # retreats and adjustments are left out
    assert all(m.state.phase == "movement" for m in read)


def test_tiled_board_is_copies_of_the_board() -> None:
    tiled = tiled_board(BOARD, 3)
    assert len(tiled.provinces) == 3 * len(BOARD.provinces)
    assert tiled.army_adj["par2"] == frozenset(p + "2" for p in BOARD.army_adj["par"])
    assert tiled.fleet_adj["stp2/sc"] == frozenset(
        p.replace("/", "2/") if "/" in p else p + "2" for p in BOARD.fleet_adj["stp/sc"])
    board_index(tiled)  # a board like any other
    phases = tiled_phases(BOARD, START, 3, 2, 20, 3, seed=1)
    used = [{u.province[-1] if u.province[-1].isdigit() else "0" for u in p.state.units}
            for p in phases]
    assert all(len(p.state.units) == 40 for p in phases)
    assert used == [{"0", "1"}, {"2", "0"}, {"1", "2"}]  # the copies used turn


def test_orders_written_for_the_diplomacy_package() -> None:
    army = UnitRef("A", "lon")
    assert diplomacy_order(Move(army, "nor", via=(), convoy=True)) == "A LON - NWY VIA"
    assert diplomacy_order(Move(army, "nor", via=("nth",))) == "A LON - NTH - NWY"
    support = SupportMove(UnitRef("F", "stp", "sc"), UnitRef("F", "fin"), "bot")
    assert diplomacy_order(support) == "F STP/SC S F FIN - BOT"


def test_bench_prints_every_figure(tmp_path: Path) -> None:
    lines: list[str] = []
    saved = tmp_path / "saved.txt"
    figures = run_bench(lines.append, phases=3, rounds=1, save=saved, quick=True)
    text = "\n".join(lines)
    for name in ("in-process", "parse+adjudicate", "adjudicate command", "scaling",
                 "classic 1454 campaign"):
        assert f"\n{name}" in text, name
    # the campaign's movement phases alone are measured too, and shared like the whole
    assert "; classic 1454 movement phases: " in text
    # the bots' legal orders against the checked lists, in the same rounds
    assert "\nlegal orders: " in text and "x the checked lists' time (rounds" in text
    assert "; legal orders, checked: " in text and "; bots' menu: " in text
    # whole games of self-play, in phases a processor-second
    assert "\nself-play, greedy against random on classic 1454, one worker: " in text
    assert " phases a processor-second (min " in text
    # one command's start-up as a process, against a bare python
    assert "\nstart-up, one process: adjudicate, one case: " in text
    assert "x python -c pass; mail --check: " in text
    if "diplomacy process()" in figures:
        assert text.count("x diplomacy's phase (rounds") == 2
    assert all(f.median > 0 for f in figures.values())
    assert len(read_movement_phases(saved)[0]) == 3
    again: list[str] = []
    run_bench(again.append, cases=saved, rounds=1, quick=True)
    assert "3 Standard movement phases of" in again[0]


def test_a_figure_is_measured_over_a_tenth_of_a_second_at_least(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (a fake clock: each run of 10 items takes 0.03 s)
    now = [0.0]
    runs: list[int] = []

    def run() -> int:
        now[0] += 0.03
        runs.append(10)
        return 10

    monkeypatch.setattr(bench, "_clock", lambda: now[0])
    assert bench.AT_LEAST == 0.1
    per_item = bench._per_item(run)
    assert len(runs) == 4  # 0.12 s: the first run, and again until 0.1 s had passed
    assert abs(per_item - 0.12 / 40) < 1e-12
    runs.clear()
    bench._per_item(run, at_least=0.0)  # (--quick: one run)
    assert len(runs) == 1


def test_ratios_to_the_reference_are_taken_round_by_round() -> None:
    # a round that slows both (the second) gives the same ratio as the others
    ours = Figure("in-process", [100e-6, 200e-6, 110e-6])
    reference = Figure("diplomacy process()", [1000e-6, 2000e-6, 1210e-6])
    assert [round(r, 9) for r in ours.ratios(reference)] == [10.0, 10.0, 11.0]
    assert ours.line(reference).endswith(
        "10.0x diplomacy (rounds 10.0-11.0; fastest against fastest 10.0x)")
    campaign = Figure("classic 1454 campaign", [300e-6, 600e-6, 363e-6])
    assert campaign.share(reference) == (
        "0.30x diplomacy's phase (rounds 0.30-0.30; fastest against fastest 0.30x)")


def test_fastest_rounds_are_set_against_each_other() -> None:
    # a busy machine slowed the reference's first round more than ours: the round-by-round
    # median says 15x, the two fastest rounds 10x
    ours = Figure("in-process", [120e-6, 100e-6, 110e-6])
    reference = Figure("diplomacy process()", [2400e-6, 1000e-6, 1650e-6])
    assert ours.line(reference).endswith(
        "15.0x diplomacy (rounds 10.0-20.0; fastest against fastest 10.0x)")
    campaign = Figure("classic 1454 campaign", [360e-6, 300e-6, 330e-6])
    assert campaign.share(reference) == (
        "0.20x diplomacy's phase (rounds 0.15-0.30; fastest against fastest 0.30x)")


def test_workers_figure_sets_each_round_against_one_workers_round() -> None:
    """``bench --workers``: phases a wall-second and processor time a phase, each as a
    ratio to one worker's in the same round."""
    one = bench_workers.Backend("1 worker", [], [bench_workers.Run(100, 1.0, 2.0),
                                                 bench_workers.Run(100, 2.0, 2.0)])
    two = bench_workers.Backend("2 workers", [], [bench_workers.Run(100, 0.5, 2.2),
                                                  bench_workers.Run(100, 1.25, 2.0)])
    line = bench_workers.ratio_line(two, one)
    assert line.startswith("2 workers: 140 phases a wall-second (min 80, max 200)")
    assert "1.80x one worker's phases a wall-second (rounds 1.60-2.00)" in line
    assert "1.05x its processor time a phase (rounds 1.00-1.10)" in line
    assert "x one worker" not in bench_workers.ratio_line(one, one)


def test_workers_figure_runs_the_selfplay_command(tmp_path: Path) -> None:
    """Each run is ``machiavelli selfplay`` as a process; its phases come from its lines."""
    lines: list[str] = []
    found = bench_workers.run_workers_bench(lines.append, workers=2, games=2, rounds=1,
                                            ray=False)
    assert [b.name for b in found] == ["1 worker", "2 workers", "2 separate commands at once"]
    assert found[0].runs[0].phases == found[1].runs[0].phases > 0  # the same games
    assert all(r.cpu > 0 and r.wall > 0 for b in found for r in b.runs)
    assert lines[0].startswith("self-play on 2 workers against one: 2 games")
    assert "load average" in lines[1] and lines[-2].startswith("2 workers: ")
    refused = CliRunner().invoke(main, ["bench", "--workers", "1"])
    assert refused.exit_code == 2


def test_rays_figure_once_started_leaves_out_its_own_start_and_stop() -> None:
    """``bench --workers K --ray``: Ray's runs a second time, with the seconds the command
    says Ray's own start and stop took taken off the wall clock, still against one
    worker's whole run."""
    said = "...\nRay's own time: 2.000 s to start, 1.500 s to stop\n"
    assert bench_workers.ray_own(said) == 3.5
    assert bench_workers.ray_own("no Ray here") == 0.0
    one = bench_workers.Backend("1 worker", [], [bench_workers.Run(100, 1.0, 1.0)])
    ray = bench_workers.Backend("Ray, 2 CPUs", [], [bench_workers.Run(100, 4.0, 1.0, 3.5)])
    started = bench_workers.once_started(ray)
    assert started.name == ("Ray, 2 CPUs, once started (Ray's own start and stop left out, "
                            "3.5 s a run)")
    assert started.runs == [bench_workers.Run(100, 0.5, 1.0)]
    assert "2.00x one worker's phases a wall-second" in bench_workers.ratio_line(started, one)

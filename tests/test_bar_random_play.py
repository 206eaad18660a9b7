"""Random play under the Balance at Risk flag ``bar``: the engine adjudicates every phase.

Seeded games of four scenarios, each with ``bar`` on and the other flags drawn at random
(as tests/test_legal_lists.py draws them), up to :data:`PHASES` phases: no phase raises an
``AdjudicationError``.  BAR-13.4 (a unit forced to retreat stands nobody off) makes cycles
of decisions that are no circular movement; the resolver once took them for it and put two
units in one area (Mach2 1521, seed 2, Summer 1525: France and Venice both in Pavia).  The
positions found that way are cases in cases/balance_at_risk/cycles.txt.
"""

from __future__ import annotations

import random

import pytest
from random_play import random_course

from machiavelli.core.high_seas import board_in_play
from machiavelli.core.options import BAR_FLAGS
from machiavelli.game.scenario import load_scenario

SCENARIOS = ("mach2_0725", "mach2_1521", "spanish_1521_njudge", "classic_1454")
SEEDS = range(6)
PHASES = 24
#: the flags drawn at random beside ``bar``
FLAGS = ("mach2", "garrisons", "special", "fortresses", "coastal_convoys", "disband",
         "money", "loans", "assassinations", "famine", "dice", *BAR_FLAGS)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_bar_13_4_random_games_under_bar_adjudicate_every_phase(scenario: str) -> None:
    for seed in SEEDS:
        board, state = load_scenario(scenario)
        draw = random.Random(f"{scenario}-{seed}")
        state.options.update({**{f: draw.random() < 0.5 for f in FLAGS}, "bar": True})
        board = board_in_play(board, state.options)  # (the High Seas, BAR-14.3)
        for _ in random_course(board, state, scenario, seed, PHASES + 1, "bar"):
            pass  # (every phase adjudicated: no AdjudicationError)

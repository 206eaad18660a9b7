"""The baseline players: legal orders only, the greedy one ahead of random-legal."""

from __future__ import annotations

import random

import pytest

from machiavelli.bots.env import Env
from machiavelli.bots.menu import LegalOrders
from machiavelli.bots.roster import PLAYER_NAMES, player_named
from machiavelli.bots.selfplay import GameConfig, play_game
from machiavelli.bots.summary import summarize
from machiavelli.core.orders import Expense, Hold, Order, order_key


def allowed(order: Order, legal: LegalOrders) -> bool:
    if isinstance(order, Expense):
        return any(e.kind == order.kind and e.province == order.province
                   and e.unit_kind == order.unit_kind and e.power == order.power
                   and e.amount == order.amount for e in legal.money.expenses)
    return order in legal.units.get(order_key(order), []) or order in list(legal.money)


@pytest.mark.parametrize("name", PLAYER_NAMES)
@pytest.mark.parametrize("scenario", ["classic_1454", "standard_1901", "mach2_1454"])
def test_players_give_only_legal_orders(name: str, scenario: str) -> None:
    env = Env()
    env.reset(scenario, seed=name, max_years=2)
    player, rng = player_named(name), random.Random(1)
    seen_phases = set()
    while not env.done:
        orders = {}
        for power in env.deciding():
            legal = env.legal_orders(power)
            chosen = player.choose(env.board, env.observation(power), legal, rng)
            assert all(allowed(o, legal) for o in chosen), (power, chosen)
            keys = [order_key(o) for o in chosen]
            assert len(keys) == len(set(keys)), chosen  # one order per unit, place, payee
            orders[power] = chosen
        seen_phases.add(env.state().phase)
        env.step(orders)
    # (holding everywhere on a map without money changes nothing to adjust)
    assert seen_phases >= ({"movement"} if name == "hold" else {"movement", "adjustment"})


def test_hold_and_save_holds_and_spends_nothing() -> None:
    env = Env()
    env.reset("classic_1454", seed=1)
    player = player_named("hold")
    for power in env.powers():
        orders = player.choose(env.board, env.observation(power), env.legal_orders(power),
                               random.Random(0))
        assert all(isinstance(o, Hold) for o in orders)
        assert len(orders) == len(env.state().units_of(power))


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="greedy"):
        player_named("clever")


def test_greedy_beats_random_legal() -> None:
    """A small sample of the measurement in docs/bots.md: seats alternate, so each bot
    plays every power; greedy holds far more of the cities."""
    records = [play_game(GameConfig(i, "classic_1454", ("greedy", "random"), f"gr-{i}", 4))
               for i in range(4)]
    assert not any(r.failed for r in records)
    summary = summarize(records)
    greedy, rand = summary.bots["greedy"], summary.bots["random"]
    assert greedy.seats == rand.seats == 16
    assert greedy.city_share > 2 * rand.city_share
    assert greedy.eliminated <= rand.eliminated

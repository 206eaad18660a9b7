"""The bots' environment: set-up, legal orders and the money menu, steps, views, copies."""

from __future__ import annotations

import json
import random

import pytest

from machiavelli.bots.env import Env, SetupError
from machiavelli.bots.menu import MAX_EXPENSES, numbered
from machiavelli.bots.players import RandomLegal
from machiavelli.bots.scoring import city_share, win_loss
from machiavelli.core.orders import Borrow, Expense, GiveChit, Pay
from machiavelli.core.privacy import is_money_order
from machiavelli.money.finance import MAX_PRINCIPAL, principal_owed
from machiavelli.text.notation import format_order, parse_orders


def played(scenario: str = "classic_1454", phases: int = 6, seed: str = "env") -> Env:
    """A game a few phases in, every power playing random legal orders with money."""
    env = Env()
    env.reset(scenario, seed=seed)
    bot = RandomLegal(borrow=0.5, repay=0.5, spend=1.0)
    rng = random.Random(seed)
    for _ in range(phases):
        env.step({p: bot.choose(env.board, env.observation(p), env.legal_orders(p), rng)
                  for p in env.deciding()})
    return env


def test_reset_sets_up_as_new_does() -> None:
    env = Env()
    state = env.reset("classic_1454", flags=["noplague"], seed=3)
    assert state.label == "Spring 1454 movement"
    assert state.options["plague"] is False
    assert sorted(env.powers()) == sorted(state.powers)
    assert all(state.chits[p] for p in state.powers)  # ASN-1: every power its chits
    assert set(state.treasury) == set(state.powers)


def test_reset_refuses_an_unknown_flag_or_scenario() -> None:
    with pytest.raises(SetupError):
        Env().reset("classic_1454", flags=["nonsense"])
    with pytest.raises(SetupError):
        Env().reset("no_such_scenario")


def test_same_seed_and_orders_give_the_same_game() -> None:
    first, second = played(seed="same"), played(seed="same")
    assert first.to_json() == second.to_json()
    assert played(seed="other").to_json() != first.to_json()


def test_every_listed_order_formats_to_text_the_judge_reads_back() -> None:
    env = played(phases=4)  # summer: units, money, chits, loans
    board, state = env.board, env.state()
    assert board is not None
    for power in env.powers():
        legal = env.legal_orders(power)
        orders = [o for opts in legal.units.values() for o in opts] + list(legal.money)
        assert orders
        for order in orders:
            text = format_order(order)
            read = parse_orders(text, board, state, power)
            assert not read.errors, (text, read.errors)
            assert read.orders == [order], text


def test_money_menu_stays_within_the_treasury() -> None:
    env = played(phases=4)
    state = env.state()
    for power in env.powers():
        menu = env.legal_orders(power).money
        cash = state.treasury.get(power, 0)
        assert menu.expenses or cash < 3, power
        assert all(e.amount <= cash for e in menu.expenses if isinstance(e, Expense))
        assert all(p.amount <= cash for p in (*menu.repay, *menu.pay))
        assert not menu.expenses or "counter_bribe" in {e.kind for e in menu.expenses}
        assert all(g.target in state.chits[power] and g.to != g.target for g in menu.chits)


def test_loan_2_money_menu_never_borrows_beyond_25_ducats_of_principal() -> None:
    env = played(phases=4)
    state = env.state()
    for power in env.powers():
        room = MAX_PRINCIPAL - principal_owed(state.loans.get(power, []))
        borrow = env.legal_orders(power).money.borrow
        assert all(isinstance(b, Borrow) and 0 < b.amount <= room for b in borrow)
        assert {b.years for b in borrow} <= {1, 2}


def test_exp_gen_1_expenses_are_numbered_one_to_four() -> None:
    env = played(phases=4)
    many = max((list(env.legal_orders(p).money.expenses) for p in env.powers()), key=len)[:6]
    assert len(many) == 6
    assert [e.number for e in numbered(many)] == list(range(1, MAX_EXPENSES + 1))


def test_no_money_menu_outside_movement_or_without_money() -> None:
    env = Env()
    env.reset("standard_1901", seed=1)
    assert len(env.legal_orders("France").money) == 0
    env.reset("classic_1454", flags=["nomoney"], seed=1)
    assert len(env.legal_orders("Milan").money) == 0


def test_observation_shows_no_other_power_its_money_or_private_events() -> None:
    env = played(phases=7)
    last = env.last
    assert any(last.private_events.values()) and any(is_money_order(r.order)
                                                     for r in last.results)
    for power in env.powers():
        seen = env.observation(power)
        state = seen.state
        assert set(state.treasury) <= {power} and set(state.loans) <= {power}
        assert set(state.chits) <= {power} and set(state.defaulted) <= {power}
        assert state.treasury == {power: env.state().treasury[power]}
        for result in seen.results:
            if is_money_order(result.order) or result.private:
                assert result.power == power
            elif result.power != power:
                assert result.public_note is None
        assert all(r.to in (None, power) for r in seen.rolls)
        text = json.dumps(seen.to_dict())
        for other in env.powers():
            if other == power:
                continue
            for line in last.private_events.get(other, []):
                if line not in last.events:
                    assert line not in seen.events
            if last.private.get(other):
                assert last.private[other] not in text
            assert f'"{other}": {env.state().treasury[other]}' not in json.dumps(
                seen.to_dict()["state"]["treasury"])
        own_money = [r for r in last.results if r.power == power and is_money_order(r.order)]
        assert all(r in seen.results for r in own_money)


def test_public_observation_has_no_treasury_at_all() -> None:
    env = played(phases=3)
    seen = env.observation(None)
    assert not seen.state.treasury and not seen.state.loans and not seen.state.chits
    assert not any(isinstance(r.order, Borrow | Pay | GiveChit | Expense) for r in seen.results)


def test_clone_is_independent() -> None:
    env = played(phases=2)
    twin = env.clone()
    bot, rng = RandomLegal(), random.Random(1)
    env.step({p: bot.choose(env.board, env.observation(p), env.legal_orders(p), rng)
              for p in env.deciding()})
    assert twin.phases == env.phases - 1
    assert twin.state() != env.state()


def test_json_round_trip_plays_on_the_same() -> None:
    env = played(phases=3)
    again = Env.from_json(env.to_json())
    assert again.to_json() == env.to_json()
    orders_rng = [random.Random(5), random.Random(5)]
    bot = RandomLegal()
    for game, rng in zip((env, again), orders_rng, strict=True):
        for _ in range(3):
            game.step({p: bot.choose(game.board, game.observation(p), game.legal_orders(p),
                                     rng) for p in game.deciding()})
    assert again.state() == env.state()


def test_returns_share_the_cities_or_reward_the_winner() -> None:
    env = played(phases=4)
    shares = env.returns()
    assert abs(sum(shares.values()) - 1.0) < 1e-9
    board, state = env.board, env.state()
    assert board is not None
    assert city_share(board, state, ["Milan"])["Milan"] == 1.0
    losses = win_loss(board, state, ["Milan"])
    assert losses["Milan"] == 1.0 and set(losses.values()) <= {1.0, 0.0, -1.0}
    assert Env("win_loss").scoring is win_loss


def test_a_bounded_game_ends_after_its_years() -> None:
    env = Env()
    env.reset("standard_1901", seed=2, max_years=1)
    bot, rng = RandomLegal(), random.Random(2)
    while not env.done:
        env.step({p: bot.choose(env.board, env.observation(p), env.legal_orders(p), rng)
                  for p in env.deciding()})
    assert env.years == 1
    with pytest.raises(RuntimeError):
        env.step({})

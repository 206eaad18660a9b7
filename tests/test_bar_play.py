"""Balance at Risk played whole by bots (issue 40, item 6): the classic 1454 game under
``bar`` plays to a victory by 003's condition (BAR-4.4) with every invariant kept, and
the bots' legal lists offer every order seed 003 adds, each passing the order checker.

The seeded game is the self-play run's game 14 (``machiavelli selfplay --set bar --seed
bar7``: greedy and random dealt from the power after Austria).  A change to the rules or
the bots may change its course: then pick another seed of the run that ends in a victory.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import pytest

from machiavelli.bots.env import Env
from machiavelli.bots.invariants import phase_problems
from machiavelli.bots.menu import legal_orders
from machiavelli.bots.roster import player_named
from machiavelli.bots.selfplay import seats
from machiavelli.core.board import Board
from machiavelli.core.orders import (
    ALL,
    INDEPENDENT,
    Excommunicate,
    Expense,
    Old,
    Order,
    Pay,
    Permit,
    SupportArea,
    Tax,
    Transport,
)
from machiavelli.core.state import State, Unit
from machiavelli.game.bar_end import (
    BAR_VICTORY_CITIES,
    bar_meets,
    capitals,
    cities_with_provinces,
)
from machiavelli.game.checking import problems
from machiavelli.game.victory import victory_line
from machiavelli.text.notation import format_order, parse_order

SEED, INDEX = "bar7-14", 14


def test_bar_4_4_a_self_play_game_under_bar_plays_to_a_victory() -> None:
    """BAR-4.4: seeded greedy and random bots play the classic 1454 game under ``bar``;
    every phase keeps the invariants, and Austria wins at the end of the Summer 1458
    campaign with 18 or more cities with their provinces, one of them its capital."""
    env = Env()
    env.reset("classic_1454", ("bar",), SEED, max_years=10)
    board = env.board
    assert board is not None
    players = {p: player_named(b) for p, b in seats(env.powers(), ("greedy", "random"),
                                                    INDEX).items()}
    rng = random.Random(f"{SEED}/orders")
    report = ""
    while not env.done:
        before = env.state()
        orders = {p: players[p].choose(board, env.observation(p), env.legal_orders(p), rng)
                  for p in env.deciding() if p in players}
        result = env.step(orders)
        assert phase_problems(board, before, orders, result) == [], before.label
        report = result.report
    state = env.state()
    assert env.winners == ["Austria"] and players["Austria"].name == "greedy"
    assert state.label == "Fall 1458 movement"  # the Summer campaign's end
    held = cities_with_provinces(board, state, "Austria")
    assert len(held) >= BAR_VICTORY_CITIES
    assert set(capitals(board, state, "Austria")) & set(held)
    assert bar_meets(board, state, "Austria")
    assert not any(bar_meets(board, state, p) for p in state.powers if p != "Austria")
    assert capitals(board, state, "Austria") == ["aus", "hun", "tyr"]  # (ruling A-26)
    assert report.endswith(f"Victory: Austria won the game: Austria with {len(held)} cities "
                           "and their provinces, among them Austria, Hungary and Tyrolea, "
                           "capitals of its original home country (BAR-4.4).")
    assert "(BAR-4.4)" in victory_line(board, state)


# ----------------------------------------------------------------------
# Every seed 003 order in the bots' lists
# ----------------------------------------------------------------------
@cache
def _start() -> tuple[Board, State]:
    """The classic 1454 game under ``bar`` at its start, every treasury at 60 ducats and a
    Milanese army in Lucca, on the coast by Florence's fleet in Pisa (a transport for
    Milan)."""
    env = Env()
    env.reset("classic_1454", ("bar",), "bar-lists", max_years=1)
    board = env.board
    assert board is not None
    state = env.state()
    return board, state.but(treasury={p: 60 for p in state.powers},
                            units=[*state.units, Unit("A", "Milan", "luc")])


def _movement() -> State:
    return _start()[1]


def _adjustment() -> State:
    return _start()[1].but(phase="adjustment", season="winter")


def _first_spring() -> State:
    """003's first Spring: an adjustment phase before any power has a unit (BAR-3.3)."""
    state = _adjustment()
    return state.but(units=[u for u in state.units if u.owner is None])


def _is_expense(kind: str, *unit_kinds: str) -> Callable[[Order], bool]:
    return lambda o: (isinstance(o, Expense) and o.kind == kind
                      and (not unit_kinds or o.unit_kind in unit_kinds))


#: each order seed 003 adds: (its rule, the position, how to tell it in a list)
KINDS: dict[str, tuple[str, Callable[[], State], Callable[[Order], bool]]] = {
    "support of an area for a power": ("BAR-8.5", _movement, lambda o: isinstance(
        o, SupportArea) and o.power not in (None, INDEPENDENT)),
    "support of an area for independents": ("BAR-8.5", _movement, lambda o: isinstance(
        o, SupportArea) and o.power == INDEPENDENT),
    "transport for a power": ("BAR-8.6", _movement,
                              lambda o: isinstance(o, Transport) and o.power is not None),
    "bodyguard": ("BAR-9.2", _movement, _is_expense("bodyguard")),
    "assassination": ("BAR-9.1", _movement, lambda o: isinstance(o, Expense)
                      and o.kind == "assassinate" and o.amount >= 24),
    "operate": ("BAR-11.6", _movement, _is_expense("operate")),
    "permission": ("BAR-11.6", _movement, _is_expense("permission")),
    "make independent": ("BAR-11.7", _movement,
                         _is_expense("garrison_to_autonomous", "A", "F")),
    "permit ... bribe": ("BAR-11.2", _movement,
                         lambda o: isinstance(o, Permit) and o.to == ALL),
    "excommunicate": ("BAR-15.1", _movement,
                      lambda o: isinstance(o, Excommunicate) and o.power != "Turkey"),
    "crusade": ("BAR-15.1", _movement,
                lambda o: isinstance(o, Excommunicate) and o.power == "Turkey"),
    "tax": ("BAR-5.3", _adjustment, lambda o: isinstance(o, Tax)),
    "give": ("BAR-2.3", _adjustment, lambda o: isinstance(o, Pay)),
    "old": ("BAR-3.3", _first_spring, lambda o: isinstance(o, Old)),
}


@pytest.mark.parametrize("name", list(KINDS))
def test_the_bots_lists_offer_every_seed_003_order_and_each_passes_the_checker(
        name: str) -> None:
    """Every order kind of seed 003 is in some power's legal list (the bots' choices,
    ``bots.menu.legal_orders``); each offered order reads back from its text and the order
    checker (the order box's and the mail's verdicts) finds nothing wrong with it."""
    rule, position, wanted = KINDS[name]
    board, state = _start()[0], position()
    found: list[tuple[str, Order]] = []
    for power in state.powers:
        offered = legal_orders(board, state, power)
        found += [(power, o) for options in offered.units.values() for o in options
                  if wanted(o)] + [(power, o) for o in offered.money if wanted(o)]
    assert found, f"{name} ({rule}) is in no power's list"
    for power, order in found[:25]:
        text = format_order(order)
        assert parse_order(text, board, state, power) == order, text
        assert problems(board, state, power, [order]) == [], (power, text)


def test_a_crusade_is_written_as_the_papacy_s_excommunication_of_turkey() -> None:
    """BAR-15.1: ``crusade Turkey`` is the excommunication the Papacy's list offers."""
    board, state = _start()
    offered = legal_orders(board, state, "Papacy").units
    assert Excommunicate("Turkey") in [o for options in offered.values() for o in options]
    assert parse_order("crusade Turkey", board, state, "Papacy") == Excommunicate("Turkey")
    assert not any(isinstance(o, Excommunicate) for options in legal_orders(
        board, state, "Venice").units.values() for o in options)

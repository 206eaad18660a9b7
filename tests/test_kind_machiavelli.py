"""The Machiavelli kind: the port's operations agree with the engine on classic_1454."""

from __future__ import annotations

import json

import pytest

from machiavelli.core.option_commands import apply_set_command
from machiavelli.core.options import assassinations_in_play
from machiavelli.core.orders import order_key
from machiavelli.game.process import process_phase
from machiavelli.game.scenario import load_scenario, scenario_board, unfunded_powers
from machiavelli.game.start import start_game
from machiavelli.game.victory import cities_controlled
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.service.kinds import KINDS, MACHIAVELLI, UnknownKind, kind_named
from machiavelli.service.kinds.machiavelli import MachiavelliKind, Table
from machiavelli.service.kinds.machiavelli.table import setup_of
from machiavelli.service.port import BadAnswer, Decision, GameKind, Sight, Step
from machiavelli.text.notation import format_order, parse_orders
from machiavelli.text.report import position_text

SEED = "kind-test"
SETUP = setup_of("classic_1454", None, ("money",), seed=SEED)


@pytest.fixture(scope="module")
def kind() -> MachiavelliKind:
    found = kind_named(MACHIAVELLI)
    assert isinstance(found, MachiavelliKind)
    return found


@pytest.fixture(scope="module")
def start(kind: MachiavelliKind) -> Step:
    step = kind.new_game(SETUP)
    assert isinstance(step, Step)
    return step


def test_registry() -> None:
    assert isinstance(KINDS[MACHIAVELLI], GameKind)
    assert kind_named("machiavelli").name == "machiavelli"
    with pytest.raises(UnknownKind):
        kind_named("chess")


def test_new_game_is_the_engines_start(kind: MachiavelliKind, start: Step) -> None:
    options = apply_set_command(load_scenario("classic_1454")[1].options, "set money")
    assert isinstance(options, dict)
    board, state = load_scenario("classic_1454", None, options=options)
    for power in state.powers:
        state.treasury.setdefault(power, 0)
    assert assassinations_in_play(state) and state.chits  # the scenario deals them (ASN-1)
    after, begun = start_game(board, state, SEED, unfunded_powers("classic_1454"))
    assert isinstance(start.position, Table)
    assert start.position.state.to_dict() == after.to_dict()
    assert start.report == begun.report and start.private == begun.private
    assert kind.seats(start.position) == tuple(after.powers)
    assert isinstance(kind.new_game(setup_of("no_such", None)), str)
    assert isinstance(kind.new_game(setup_of("classic_1454", None, victory_cities=-3)), str)
    assert isinstance(kind.new_game(setup_of("classic_1454", None, ("bogus",))), str)


def test_dump_and_load(kind: MachiavelliKind, start: Step) -> None:
    text = kind.dump(start.position)
    assert text == json.dumps(start.position.state.to_dict() if isinstance(
        start.position, Table) else None, sort_keys=True, separators=(",", ":"))
    again = kind.load(text, SETUP)
    assert kind.dump(again) == text
    assert again.board is scenario_board("classic_1454", None)


def test_pending_is_every_power_with_units(kind: MachiavelliKind, start: Step) -> None:
    held = start.position
    assert isinstance(held, Table)
    decision = kind.pending(held)
    assert isinstance(decision, Decision)
    assert decision.simultaneous and decision.schedule == "movement"
    assert decision.label == held.state.label == kind.label(held)
    assert decision.seats == tuple(p for p in held.state.powers
                                   if any(u.owner == p for u in held.state.units))
    assert all(kind.owes(held, p) for p in decision.seats)


def test_read_merges_as_the_sheets_did(kind: MachiavelliKind, start: Step) -> None:
    held = start.position
    assert isinstance(held, Table)
    power = "Venice"
    legal = legal_orders(held.board, held.state, power)
    (first, *_), (second, *_) = list(legal.values())[:2]
    other = next(o for o in list(legal.values())[0][1:])
    text = f"{format_order(first)}\n{format_order(second)}\nnonsense here\n"
    reading = kind.read(held, power, text)
    assert reading.lines == (format_order(first), format_order(second))
    assert [e.line for e in reading.errors] == [3]
    again = kind.read(held, power, format_order(other) + "\n", reading.lines)
    assert again.complete
    assert again.lines == (format_order(second), format_order(other))
    assert order_key(other) == order_key(first)
    assert again.notes == {1: "replaces line 1 of the orders given before"}
    twice = kind.read(held, power, f"{format_order(first)}\n\n{format_order(other)}\n")
    assert twice.notes == {3: "replaces line 1"}
    assert twice.lines == (format_order(other),)


def test_legal_is_the_engines(kind: MachiavelliKind, start: Step) -> None:
    held = start.position
    assert isinstance(held, Table)
    choices = kind.legal(held, "Milan")
    assert [c.line for c in choices] == [format_order(o) for orders in legal_orders(
        held.board, held.state, "Milan").values() for o in orders]


def test_advance_is_process_phase(kind: MachiavelliKind, start: Step) -> None:
    held = start.position
    assert isinstance(held, Table)
    power = "Venice"
    lines = [c.line for c in kind.legal(held, power)][:1]
    step = kind.advance(held, {power: lines, "Nobody": ["x"]}, SEED)
    orders = {power: parse_orders("".join(x + "\n" for x in lines), held.board, held.state,
                                  power).orders}
    result = process_phase(held.board, held.state, orders, SEED, None)
    assert step.report == result.report and step.private == result.private
    assert isinstance(step.position, Table)
    assert kind.dump(step.position) == kind.dump(held.with_state(result.after))
    with pytest.raises(BadAnswer):
        kind.advance(held, {power: ["this is no order"]}, SEED)


def test_sight_text_and_picture(kind: MachiavelliKind, start: Step) -> None:
    held = start.position
    assert isinstance(held, Table)
    seen = kind.sight(held, Sight.of_seat("Venice"))
    assert set(seen.treasury) <= {"Venice"}
    assert kind.sight(held, Sight.of_master()).treasury == held.state.treasury
    assert kind.position_text(held, Sight.public()) == position_text(held.board, held.state)
    assert set(kind.private_parts(held, Sight.of_seat("Venice"))) == {"Venice"}
    assert kind.private_parts(held, Sight.public()) == {}
    assert kind.picture(held, Sight.public()).lstrip().startswith("<")
    lines = [c.line for c in kind.legal(held, "Venice")][:1]
    assert "<svg" in kind.picture(held, Sight.of_seat("Venice"), {"Venice": lines},
                                  seed=SEED)
    assert "<svg" in kind.picture(held, Sight.of_seat("Venice"), {"Venice": lines},
                                  resolved=False)


def test_standing_options(kind: MachiavelliKind, start: Step) -> None:
    held = start.position
    assert isinstance(held, Table)
    standing = kind.standing(held)
    assert standing.draw == "shared" and not standing.over
    assert standing.scores == {p: len(cities_controlled(held.board, held.state, p))
                               for p in held.state.powers}
    assert kind.options(held)["money"] == "on"
    changed = kind.set_options(held, "set nofamine")
    assert isinstance(changed, tuple) and "famine is now off" in changed[1]
    assert isinstance(kind.set_options(held, "set bogus"), str)
    assert kind.eliminated(held) == ()
    assert any(s.name == "classic_1454" for s in kind.setups())

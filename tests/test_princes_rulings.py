"""The engine's own rulings (docs/princes-rulings.md, R-23 to R-32) that a scenario of
cases/princes/ cannot show, because they are about who is asked or what a missed decision
does: the scenario reader answers those itself."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from machiavelli.princes.decisions import default_action
from machiavelli.princes.engine import apply
from machiavelli.princes.scenario import _action, build, play
from machiavelli.princes.state import State

CASES = Path(__file__).resolve().parent.parent / "cases" / "princes"


def scenario(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((CASES / f"{name}.json").read_text())
    return data


def until(state: State, kind: str) -> State:
    """Every decision answered by its default until one of ``kind`` is pending."""
    for _ in range(50):
        if state.pending.kind == kind:
            return state
        seat = state.pending.seats[0]
        state, _ = apply(state, seat, default_action(state, seat))
    raise AssertionError(f"no {kind} decision came")


def test_r_28_troop_bribery_is_asked_of_every_condottiere_holding_no_card() -> None:
    """R-28: the attacker's and the defender's condottieri are asked for Troop Bribery
    in turn though neither holds the card: being asked reveals nothing."""
    sc = scenario("pr_war_deste_defence_both_rounds")
    last = sc["script"][-1]  # the defender's condottiere bid: the auctions end with it
    sc["script"] = sc["script"][:-1]
    state, problems = play(sc)
    assert problems == []
    state, _ = apply(state, last["seat"], _action(last))
    assert all("troop_bribe" not in h.traitors for h in state.seats.values())
    state = until(state, "bribe")
    assert state.pending.seats == ("P1",)  # the attacker's condottiere first
    state, _ = apply(state, "P1", default_action(state, "P1"))
    assert state.pending.kind == "bribe" and state.pending.seats == ("P2",)


def test_r_32_a_missed_status_event_placement_goes_where_the_winner_holds_most_or_fewest(
        ) -> None:
    """R-32: a status event's default city is where its winner holds most city tiles
    (a "+" event) or fewest (a "-" event), ties in board order (Venezia, Milano, Firenze,
    Roma, Napoli)."""
    sc = scenario("pr_auc_status_events")
    sc["state"]["seats"]["P1"]["city_tiles"] = ["lorenzo_medici"]  # Firenze
    sc["state"]["seats"]["P2"]["city_tiles"] = ["doge"]  # Venezia
    state = build(sc)
    for step in sc["script"][:3]:  # P1 wins Botticelli (+2)
        state, _ = apply(state, step["seat"], _action(step))
    assert state.pending.kind == "place_event"
    assert default_action(state, "P1")["city"] == "firenze"  # where P1 holds most
    state, _ = apply(state, "P1", default_action(state, "P1"))
    for step in sc["script"][4:7]:  # P2 wins the French Invasion (-2)
        state, _ = apply(state, step["seat"], _action(step))
    assert state.pending.kind == "place_event"
    # P2 holds none in Milano, Firenze, Roma, Napoli: the first of them in board order
    assert default_action(state, "P2")["city"] == "milano"

"""Focused tests of the Princes of the Renaissance engine, each named after the rule it
checks (ids of the specification, princes.md), plus whole random games with invariants."""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest

from machiavelli.princes.catalogue import (
    CITIES,
    CatalogueError,
    packaged,
    with_override,
)
from machiavelli.princes.decisions import default_action, expand, legal_actions
from machiavelli.princes.engine import advance, apply
from machiavelli.princes.invariants import broken
from machiavelli.princes.scenario import build
from machiavelli.princes.setup import new_game
from machiavelli.princes.state import Illegal, Rules, State
from machiavelli.princes.view import any_provisional, provisional_values, view

NAMES = ["Ann", "Bob", "Cy", "Di"]


def fresh(players: int = 4, seed: str = "s", **kw: str) -> State:
    state = new_game(Rules(players=players, **kw), NAMES[:players] if players <= 4 else
                     [f"S{i}" for i in range(players)], seed)
    advance(state)
    return state


def play_state(**seats: dict[str, object]) -> State:
    """A play position from the scenario format (3 players)."""
    base = {"P1": {"family": "deste", "gold": 30, "influence": 10},
            "P2": {"family": "bentivoglio", "gold": 30, "influence": 10},
            "P3": {"family": "malatesta", "gold": 30, "influence": 10}}
    for k, v in seats.items():
        base[k] = {**base[k], **v}
    return build({"rules_params": {"players": 3}, "state": {"seats": base}})


# ---- catalogue (PR-COMP, section 4.9)

def test_pr_comp_4_thirty_five_city_tiles_seven_per_city() -> None:
    cat = packaged()
    cities = Counter(cat.tile(t).text("city") for t in cat.tiles())
    assert sum(cities.values()) == 35 and set(cities.values()) == {7}
    assert sum(1 for t in cat.tiles() if "merchant" in cat.tile(t).attrs.get("keywords", [])
               and "merchant#" in t) == 11


def test_pr_comp_3_and_7_troop_and_traitor_counts() -> None:
    cat = packaged()
    assert sum(cat.troop(t).num("count") for t in cat.troops()) == 24
    assert sum(cat.traitor(c).num("count") for c in cat.sections["traitors"]) == 25
    assert cat.traitor("freeze_bid").num("count") == 8


def test_catalogue_every_value_has_a_provenance_and_seed_values_are_marked() -> None:
    cat = packaged()
    assert cat.troop("pikemen").values["defence"].provenance == "seed"
    assert cat.troop("cavalry").values["defence"].value is None       # no shield, not 0
    assert cat.family("malatesta", "A").values["gold_income"].provenance == "seed"
    assert "troops.stradiots.price" in cat.provisional()


def test_catalogue_override_replaces_values() -> None:
    cat = with_override(packaged(), {"troops": {"pikemen": {"price": 9, "provenance": "seed"}},
                                     "city_tiles": {"milano:merchant#9": {"city": "milano"}}})
    assert cat.troop("pikemen").num("price") == 9
    assert cat.troop("pikemen").values["price"].provenance == "seed"
    assert cat.tile("milano:merchant#9").attrs["keywords"] == ["merchant"]
    assert packaged().troop("pikemen").num("price") != 9
    with pytest.raises(CatalogueError, match="unknown troop"):
        with_override(packaged(), {"troops": {"musketeers": {"price": 1}}})
    with pytest.raises(CatalogueError, match="not a whole number"):
        with_override(packaged(), {"troops": {"pikemen": {"price": 10 ** 9}}})


def test_provisional_values_in_play_are_reported() -> None:
    state = fresh()
    assert any_provisional(state)
    assert "troops.arquebusiers.price" in provisional_values(state)
    assert view(state, None)["provisional"] is True


# ---- set-up (PR-SET, PR-START)

def test_pr_set_4_six_tiles_per_city_the_seventh_out() -> None:
    state = fresh()
    assert all(len(state.display[c]) == 6 for c in CITIES)
    assert len(state.out_of_game) == 5
    assert {state.catalogue.tile(t).text("city") for t in state.out_of_game} == set(CITIES)


def test_pr_set_5_events_by_decade_pope_available_deck_shuffled() -> None:
    state = fresh()
    cat = state.catalogue
    assert len(state.events_open) == 4
    assert all(cat.event(e).num("decade") == 1 for e in state.events_open)
    assert all(cat.event(e).num("decade") == d for d, es in state.events_later.items()
               for e in es)
    assert state.pope_holder is None and len(state.traitor_deck) == 25


def test_pr_set_9_and_start_1_sealed_bids_are_simultaneous() -> None:
    state = fresh()
    assert state.pending.kind == "order_bid" and state.pending.simultaneous
    assert set(state.pending.seats) == set(NAMES)
    assert all(state.seats[n].gold == 45 and state.seats[n].influence == 12 for n in NAMES)
    state, _ = apply(state, "Ann", {"act": "order_bid", "gold": 5})
    assert "Ann" not in state.pending.seats
    with pytest.raises(Illegal, match="PR-START.1"):
        apply(state, "Bob", {"act": "order_bid", "gold": 46})


def test_pr_set_11_beginners_order_is_dealt_and_side_a_only() -> None:
    state = fresh(start="beginner")
    assert state.stage == "family_choice"
    assert state.pending.seats == (state.order[-1],)
    with pytest.raises(Illegal, match="PR-SET.11"):
        new_game(Rules(players=3, side="B", start="beginner"), NAMES[:3], "x")


# ---- auctions

def test_pr_auc_6_opening_bid_minimum_for_firenze() -> None:
    state = build({"rules_params": {"players": 3}, "state": {
        "status": {"firenze": 10}, "display": {"firenze": ["giovanni_medici"]},
        "seats": {"P1": {"family": "deste", "gold": 30}, "P2": {"family": "gonzaga"},
                  "P3": {"family": "malatesta"}}}})
    city = [t for t in legal_actions(state, "P1") if t.act == "auction"
            and t.fixed["item"].get("id") == "giovanni_medici"]
    assert city[0].ranges["bid"] == (20, 30)
    with pytest.raises(Illegal, match="PR-AUC.6 opening bid for a Firenze tile is at least 20"):
        apply(state, "P1", {"act": "auction", "item": {"kind": "city", "id": "giovanni_medici"},
                            "bid": 19})


def test_pr_auc_4_ceiling_counts_discounts() -> None:
    state = play_state(P1={"family": "gonzaga", "gold": 6})
    ranges = [t.ranges["bid"] for t in legal_actions(state, "P1")
              if t.act == "auction" and t.fixed["item"].get("id") == "bellini"]
    cur = state.catalogue.event("bellini").text("currency")
    assert ranges == [(0, 8 if cur == "gold" else 10)]


def test_apply_is_pure_and_a_refusal_changes_nothing() -> None:
    state = play_state()
    before = repr(state)
    new, events = apply(state, "P1", {"act": "buy_traitor"})
    assert repr(state) == before and new is not state and events
    with pytest.raises(Illegal, match="PR-TURN.2"):
        apply(state, "P2", {"act": "pass_turn"})
    assert repr(state) == before


# ---- wars and dice

def test_pr_bat_every_roll_is_logged_with_index_and_purpose() -> None:
    state = play_state(P1={"troops": ["pikemen"]}, P2={"troops": ["pikemen"]})
    state, _ = apply(state, "P1", {"act": "war", "attacker": "venezia", "defender": "roma"})
    assert state.pending.kind == "war_reaction" and state.pending.simultaneous
    for seat in ("P1", "P2", "P3"):
        state, _ = apply(state, seat, {"act": "react", "play": "none"})
    for seat, act in (("P1", {"act": "bid", "amount": 0}), ("P2", {"act": "pass"}),
                      ("P2", {"act": "bid", "amount": 0})):
        state, _ = apply(state, seat, act)
    assert state.pending.kind == "bribe" and state.pending.seats == ("P1",)
    state, _ = apply(state, "P1", {"act": "no_bribe"})
    state, _ = apply(state, "P2", {"act": "no_bribe"})
    assert state.last_war is not None
    rolls = [e for e in state.log if e["type"] == "roll"]
    assert rolls and [r["index"] for r in rolls] == list(range(rolls[0]["index"],
                                                                rolls[0]["index"] + len(rolls)))
    assert rolls[0]["purpose"] == "Venezia attack, round 1"
    assert all(1 <= r["value"] <= 6 for r in rolls)


def test_same_seed_same_game_and_another_seed_another() -> None:
    a = random_game(3, seed=11)
    b = random_game(3, seed=11)
    c = random_game(3, seed=12)
    assert a.log == b.log and a.final == b.final
    assert a.log != c.log


def test_pr_dec_5_baglioni_b_declares_influence() -> None:
    state = build({"rules_params": {"players": 3, "side": "B"}, "state": {"seats": {
        "P1": {"family": "baglioni", "gold": 30, "influence": 10},
        "P2": {"family": "deste", "gold": 30, "influence": 10},
        "P3": {"family": "malatesta", "gold": 30, "influence": 10}}}})
    assert state.pending.kind == "decade_declare"
    state, _ = apply(state, "P1", {"act": "declare_discount", "currency": "influence"})
    state, _ = apply(state, "P1", {"act": "auction", "item": {"kind": "pope"}, "bid": 3})
    state, _ = apply(state, "P2", {"act": "pass"})
    state, _ = apply(state, "P3", {"act": "pass"})
    assert state.seats["P1"].influence == 8 and state.pope_holder == "P1"


def test_pr_gen_4_money_totals_hidden_in_a_closed_game() -> None:
    state = play_state(P2={"traitors": ["veto"]})
    seen = view(state, "P1")
    assert seen["seats"]["P1"]["gold"] == 30 and seen["seats"]["P2"]["gold"] is None
    assert seen["seats"]["P2"]["traitors"] is None and seen["seats"]["P2"]["traitor_count"] == 1
    state.rules.money = "open"
    assert view(state, "P1")["seats"]["P2"]["gold"] == 30


def test_pr_gen_5_give_gold() -> None:
    state = play_state()
    state, _ = apply(state, "P3", {"act": "give", "target": "P1", "amount": 5,
                                   "currency": "gold"})
    assert state.seats["P1"].gold == 35 and state.seats["P3"].gold == 25


# ---- whole games: every template legal, defaults legal, invariants

def random_game(players: int, seed: int, side: str = "A", start: str = "auction") -> State:
    rng = random.Random(seed)
    state = new_game(Rules(players=players, side=side, start=start),
                     [f"S{i}" for i in range(players)], str(seed))
    advance(state)
    for _ in range(5000):
        if state.stage == "over":
            return state
        seat = state.pending.seats[0]
        if state.pending.kind == "tie_order" and rng.random() < 0.5:
            action: dict[str, object] = default_action(state, seat)
        else:
            options = [a for t in legal_actions(state, seat) for a in expand(t)]
            if state.pending.kind == "action" and rng.random() < 0.7:
                options = [a for a in options if a["act"] != "pass_turn"] or options
            action = rng.choice(options) if options and rng.random() < 0.9 else \
                default_action(state, seat)
        state, _ = apply(state, seat, action)
        check_invariants(state)
    raise AssertionError("the game did not end")


def check_invariants(state: State) -> None:
    assert broken(state) == []


@pytest.mark.parametrize("players,seed,side,start", [
    (3, 1, "A", "auction"), (4, 2, "B", "auction"), (5, 3, "A", "beginner"),
    (6, 4, "B", "auction"), (4, 5, "A", "beginner"), (3, 6, "B", "auction"),
])
def test_random_games_end_with_a_score_and_keep_the_invariants(
        players: int, seed: int, side: str, start: str) -> None:
    state = random_game(players, seed, side, start)
    assert state.stage == "over" and state.final is not None
    assert set(state.final["vp"]) == set(state.seats)
    assert state.final["winner"]


GARBAGE = [None, -3, 10 ** 30, "x", ["P1"], {"kind": "pope"}, True, 2.5, "venezia", "P2"]


def test_malformed_actions_are_refused_never_crash() -> None:
    """Every act of the engine with arguments of every odd shape: refused (or accepted),
    never another exception; a refusal leaves the position as it was."""
    from machiavelli.princes.engine import HANDLERS
    rng = random.Random(3)
    state = play_state(P1={"troops": ["pikemen"], "traitors": ["steal_gold", "veto"],
                           "city_tiles": ["banker#1"]})
    keys = ["amount", "troop", "item", "bid", "attacker", "defender", "target", "card",
            "city", "play", "side", "use", "order", "source", "direction", "currency", "to",
            "gold", "family", "event", "accept", "round", "after_round", "with_cardinal"]
    positions = [state]
    war, _ = apply(state, "P1", {"act": "war", "attacker": "venezia", "defender": "roma"})
    positions.append(war)
    for seat in ("P1", "P2", "P3"):
        war, _ = apply(war, seat, {"act": "react", "play": "none"})
    positions.append(war)                                    # condottiere auction
    war, _ = apply(war, "P1", {"act": "bid", "amount": 0})
    assert war.pending.kind == "bribe"                       # nobody else has troops
    positions.append(war)
    tile, _ = apply(state, "P1", {"act": "auction", "item": {"kind": "pope"}, "bid": 0})
    positions.append(tile)
    for position in positions:
        for act in [*HANDLERS, "bank_exchange", "give", "nonsense"]:
            for _ in range(12):
                action = {"act": act, **{k: rng.choice(GARBAGE) for k in rng.sample(keys, 6)}}
                before = repr(position)
                with contextlib.suppress(Illegal):
                    apply(position, rng.choice(["P1", "P2", "P3"]), action)
                assert repr(position) == before


def test_a_position_survives_the_json_round_trip() -> None:
    import json

    from machiavelli.princes.serial import from_data, to_data
    rng = random.Random(8)
    state = fresh(players=3, seed="rt")
    for _ in range(400):
        if state.stage == "over":
            break
        text = json.dumps(to_data(state))
        back = from_data(json.loads(text))
        assert to_data(back) == to_data(state)
        seat = state.pending.seats[0]
        options = [a for t in legal_actions(state, seat) for a in expand(t)]
        action = rng.choice(options) if options else default_action(state, seat)
        state, _ = apply(state, seat, action)
        back, _ = apply(back, seat, action)
        assert to_data(back) == to_data(state)


def test_broken_invariants_are_reported() -> None:
    state = fresh()
    assert broken(state) == []
    state.status["roma"] = 11
    state.seats["Ann"].traitors.append("veto")
    found = broken(state)
    assert "status of roma is 11" in found and "26 traitor cards, not 25" in found

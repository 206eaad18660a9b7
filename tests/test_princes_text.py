"""The text command language of spec section 4.5 (machiavelli.princes.text)."""

from __future__ import annotations

import random

import pytest

from machiavelli.bots.princes_env import PrincesEnv
from machiavelli.bots.princes_players import random_player
from machiavelli.princes.decisions import expand, legal_actions
from machiavelli.princes.engine import advance, apply
from machiavelli.princes.serial import to_data
from machiavelli.princes.setup import new_game
from machiavelli.princes.state import Illegal, Rules, State
from machiavelli.princes.text import (
    Act,
    BidUpTo,
    Enquiry,
    NextAction,
    PassOn,
    Setting,
    TextError,
    apply_text,
    format_action,
    format_command,
    read,
    read_line,
)


def game(players: int = 4, seed: str = "t1") -> State:
    state = new_game(Rules(players=players, side="A", start="auction"),
                     [f"P{i}" for i in range(1, players + 1)], seed=seed)
    advance(state)
    return state


def in_play(seed: str = "t2") -> State:
    """A position in the play stage: order bids and the family auction done."""
    state = game(seed=seed)
    while state.stage != "play":
        seat = state.pending.seats[0]
        act = {"family_raise": {"act": "family_pass"}}.get(state.pending.kind)
        if state.pending.kind == "order_bid":
            act = {"act": "order_bid", "gold": int(seat[1:])}
        elif state.pending.kind == "family_choice":
            act = legal_actions(state, seat)[0]
            act = expand(act)[0]
        assert act is not None
        state, _ = apply(state, seat, act)
    return state


def line(text: str, state: State, seat: str = "P1") -> object:
    return read_line(text, state, seat)


# ---- reading: case, prefixes, comments, names --------------------------------------------

def test_any_case_and_unique_prefixes() -> None:
    s = game()
    assert line("ORDER BID 3", s) == Act({"act": "order_bid", "gold": 3})
    assert line("ord b 3", s) == Act({"act": "order_bid", "gold": 3})
    assert line("  Order   Bid 03  ", s) == Act({"act": "order_bid", "gold": 3})


def test_an_ambiguous_prefix_names_the_candidates() -> None:
    with pytest.raises(Illegal, match="BID or BRIBE or BUY"):
        line("b 3", game())


def test_comments_and_blank_lines() -> None:
    s = game()
    assert line("# nothing", s) is None
    assert line("   ", s) is None
    assert line("order bid 4 # my bid", s) == Act({"act": "order_bid", "gold": 4})


def test_tile_copies_are_not_comments() -> None:
    s = in_play()
    cmd = line("bid up to 30 on venezia:merchant#2 # proxy", s)
    assert cmd == BidUpTo(30, {"kind": "city", "id": "venezia:merchant#2"})


def test_names_by_id_german_and_english() -> None:
    s = in_play()
    assert line("buy troop Kavallerie", s) == Act({"act": "buy_troop", "troop": "cavalry"})
    assert line("buy troop cavalry", s) == line("BUY TROOP Kavallerie", s)
    assert line("buy troop leichte infanterie", s) == \
        Act({"act": "buy_troop", "troop": "light_infantry"})
    assert line("war Venedig attacks Rom", s) == \
        Act({"act": "war", "attacker": "venezia", "defender": "roma"})
    assert line("war venice naples", s) == \
        Act({"act": "war", "attacker": "venezia", "defender": "napoli"})
    assert line("auction city Giovanni Medici bid 12", s) == \
        Act({"act": "auction", "item": {"kind": "city", "id": "giovanni_medici"}, "bid": 12})
    assert line("auction city der Doge 14", s) == \
        Act({"act": "auction", "item": {"kind": "city", "id": "doge"}, "bid": 14})
    assert line("auction event leonardo bid 0", s) == \
        Act({"act": "auction", "item": {"kind": "event", "id": "da_vinci"}, "bid": 0})
    assert line("keep Gebot einfrieren", s) == Act({"act": "keep_traitor", "card": "freeze_bid"})


def test_players_by_family_or_seat() -> None:
    s = in_play()
    other = s.order[1]
    fam = s.seats[other].family
    assert fam is not None
    assert line(f"steal gold from {fam}", s) == \
        Act({"act": "play_steal", "card": "steal_gold", "target": other})
    assert line(f"give 3 influence to {other}", s) == \
        Act({"act": "give", "amount": 3, "currency": "influence", "target": other})


# ---- standing orders, settings, enquiries: read into values ------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("BID UP TO 25", BidUpTo(25)),
    ("bid up to 25 on pope", BidUpTo(25, {"kind": "pope"})),
    ("bid up to 25 on event botticelli", BidUpTo(25, {"kind": "event", "id": "botticelli"})),
    ("bid up to 40 on doge", BidUpTo(40, {"kind": "city", "id": "doge"})),
    ("condottiere up to 4", BidUpTo(4, {"kind": "condottiere"})),
    ("condottiere defender up to 4", BidUpTo(4, {"kind": "condottiere", "id": "defender"})),
    ("pass on city roderigo borgia", PassOn({"kind": "city", "id": "roderigo_borgia"})),
    ("pass all auctions", PassOn(None)),
    ("next action buy troop pikemen", NextAction({"act": "buy_troop", "troop": "pikemen"})),
    ("next action auction pope bid 2",
     NextAction({"act": "auction", "item": {"kind": "pope"}, "bid": 2})),
    ("set react auto", Setting("react", "auto")),
    ("SET REACT ASK", Setting("react", "ask")),
    ("set wait", Setting("wait", True)),
    ("set no wait", Setting("wait", False)),
    ("clear", Enquiry("clear")),
    ("list", Enquiry("list")),
    ("history", Enquiry("history")),
    ("show", Enquiry("show")),
    ("show auction", Enquiry("show", "auction")),
    ("sh sc", Enquiry("show", "score")),
])
def test_standing_orders_and_enquiries(text: str, value: object) -> None:
    s = in_play()
    assert line(text, s) == value
    assert line(format_command(value, s), s) == value  # type: ignore[arg-type]


def test_next_action_takes_main_actions_only() -> None:
    with pytest.raises(Illegal):
        line("next action bid 3", in_play())


# ---- bad input: a clear error, nothing changed -------------------------------------------

@pytest.mark.parametrize(("text", "reason"), [
    ("buy troop elephants", "refused: PR-TRP unknown troop type 'elephants'"),
    ("auction city nobody 12", "refused: PR-AUC.1 unknown city tile 'nobody'"),
    ("auction city merchant 12", "names several city tiles"),
    ("war atlantis attacks roma", "refused: PR-WAR.2 unknown city 'atlantis'"),
    ("order bid ٣", "refused: R-3 an amount is a whole number written with the digits 0-9"),
    ("order bid 1O", "refused: R-3"),
    ("order bid -3", "refused: R-3"),
    ("order bid 2.5", "refused: R-3"),
    ("order bid " + "9" * 5000, "refused: R-3 an amount has at most 6 digits (5000 given)"),
    ("frobnicate", "refused: §4.5 unknown word 'FROBNICATE'"),
    ("steal gold from gonzagax", "refused: PR-GEN.5"),
])
def test_bad_lines_are_refused_with_the_rule(text: str, reason: str) -> None:
    s = in_play()
    with pytest.raises(Illegal) as err:
        line(text, s)
    assert reason in str(err.value)


def test_a_bad_line_in_a_message_names_its_number_and_changes_nothing() -> None:
    s = game()
    before = to_data(s)
    message = "# my orders\norder bid 3\nbuy troop elephants\n"
    with pytest.raises(TextError) as err:
        apply_text(message, s, "P1")
    assert err.value.line_no == 3
    assert str(err.value).startswith("line 3: > buy troop elephants\nrefused: PR-TRP")
    assert to_data(s) == before


def test_a_huge_amount_is_shown_shortened() -> None:
    with pytest.raises(TextError) as err:
        read("order bid " + "7" * 5000, game(), "P1")
    assert len(str(err.value)) < 300
    assert "5000 given" in str(err.value)


def test_an_action_out_of_turn_is_refused_by_the_engine_and_changes_nothing() -> None:
    s = in_play()
    before = to_data(s)
    idle = next(x for x in s.order if x not in s.pending.seats)
    with pytest.raises(TextError) as err:
        apply_text("pass turn", s, idle)
    assert "refused: PR-TURN.2 it is not" in str(err.value)
    assert to_data(s) == before


def test_an_opening_bid_below_the_minimum_names_pr_auc_6() -> None:
    s = in_play()
    seat = s.pending.seats[0]
    tile = s.display["firenze"][0]
    with pytest.raises(TextError, match="PR-AUC.6"):
        apply_text(f"auction city {tile} bid 1", s, seat)


def test_a_message_applies_all_or_nothing() -> None:
    s = game()
    after, _events = apply_text("order bid 3\n# sealed\n", s, "P1")
    assert after.bids["P1"] == 3 and "P1" not in s.bids


def test_standing_orders_are_not_carried_out_by_the_reader() -> None:
    with pytest.raises(TextError, match="for the host"):
        apply_text("bid up to 3", in_play(), "P1")


# ---- format and read back: every legal action ---------------------------------------------

def _round_trip(state: State) -> int:
    checked = 0
    for seat in state.order:
        for template in legal_actions(state, seat):
            for action in expand(template, 3):
                text = format_action(action, state)
                assert read_line(text, state, seat) == Act(action), (text, action)
                checked += 1
    return checked


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_legal_action_formats_to_a_line_that_reads_back(players: int) -> None:
    rng = random.Random(players)
    checked = 0
    kinds: set[str] = set()
    for g in range(2):
        env = PrincesEnv(Rules(players=players, side="AB"[g % 2], start="auction"),
                         seed=f"rt-{players}-{g}")
        while not env.done:
            if rng.random() < 0.35 or env.state.pending.kind not in ("action", "auction_bid"):
                checked += _round_trip(env.state)
                kinds.add(env.state.pending.kind)
            seat = env.state.pending.seats[0]
            env.step(seat, random_player(env.state, seat, rng))
    assert checked > 500
    assert {"order_bid", "family_raise", "family_choice", "action", "auction_bid",
            "war_reaction"} <= kinds

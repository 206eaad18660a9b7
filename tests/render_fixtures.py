"""Positions and orders for the map's tests: the classic start, and a spring with every order.

``every_order_phase()`` sets up a spring 1454 on the classic map where each kind of
movement order is given once and each outcome happens: a move that succeeds, two
that bounce, a support cut, a unit dislodged, a convoy, a siege begun and one
lifted, a conversion, a hold and an order that fails.  The same orders adjudicated
give the retreat phase after it (``retreat_phase()``).
"""

from __future__ import annotations

from dataclasses import replace

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import Order
from machiavelli.core.results import OrderResult
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.process import adjudicate_phase
from machiavelli.game.scenario import load_scenario
from machiavelli.text.notation import parse_orders

UNITS = {
    "Venice": ["A ver", "A pad", "A vic", "G ven"],
    "Milan": ["A cre", "A mil", "A pav:elite_mercenary"],
    "Papacy": ["A bol:militia", "A fer", "F uas", "A mod*"],
    "Florence": ["A pst", "A flo", "A luc", "F psa"],
    "Naples": ["A nap", "F gon", "A rme:elite_professional"],
    "Austria": ["A tyr", "A cri"],
    "Turkey": ["A rag*", "F dur", "A alb"],
    "France": ["A avi", "F mar", "A swi"],
}
AUTONOMOUS = ["G man", "G fer", "G luc", "G mod", "G rag", "G sie", "G trt", "G gen"]
ORDERS = {
    "Venice": "A ver - man\nA pad H\nA vic - trt\n",
    "Milan": "A cre - man\nA pav H\nA mil S A pav\n",
    "Papacy": "A bol S A cre - man\nA fer - pad\nF uas S A fer - pad\nA mod lift siege\n",
    "Florence": "A pst - bol\nA flo convert to garrison\nA luc besiege\nF psa S A luc\n",
    "Naples": "F gon C A nap - mes\nA nap - mes\nA rme - per\n",
    "Austria": "A tyr - com\nA cri S A tyr - mil\n",
    "Turkey": "A rag besiege\nF dur - low\nA alb - her\n",
    "France": "A avi - tur\nF mar - pro/sc\nA swi - tur\n",
}
PRIVATE = {  # the powers' money orders, given with the moves
    "Venice": "expense 1: 6 ducats counter-bribe a pad\nborrow 10 ducats for 1 year\n",
    "Milan": "expense 1: 9 ducats cause rebellion sav\n",
}
TREASURY = {"Venice": 31, "Milan": 27, "Papacy": 12, "Florence": 19, "Naples": 8,
            "Austria": 5, "Turkey": 14, "France": 3}


def _unit(owner: str | None, text: str) -> Unit:
    """``"A mod*"``: besieging (a campaign of siege done); ``"A pav:militia"``: special."""
    kind, place = text.split()
    place, _, special = place.partition(":")
    siege = 1 if place.endswith("*") else 0
    return Unit(kind, owner, place.rstrip("*"), special=special or None,  # type: ignore[arg-type]
                siege=siege)


def every_order_position() -> tuple[Board, State]:
    board, start = load_scenario("classic_1454")
    units = [_unit(p, u) for p, listed in UNITS.items() for u in listed]
    units += [_unit(None, u) for u in AUTONOMOUS]
    state = replace(start.copy(), units=units, treasury=dict(TREASURY))
    state.rebellions = {"sav": Rebellion("sav", "Milan")}
    state.famine = ["urb"]
    state.province_owner = dict(state.province_owner, fer="Papacy")
    return board, state


def orders_of(board: Board, state: State, texts: dict[str, str]) -> dict[str, list[Order]]:
    out = {}
    for power, text in texts.items():
        parsed = parse_orders(text, board, state, power)
        assert not parsed.errors, (power, parsed.errors)
        out[power] = list(parsed.orders)
    return out


def every_order_phase() -> tuple[Board, State, list[OrderResult], State]:
    """The position, every order's result (money included), and the position after."""
    board, state = every_order_position()
    texts = {p: ORDERS[p] + PRIVATE.get(p, "") for p in ORDERS}
    orders = orders_of(board, state, texts)
    done = adjudicate_phase(board, state, orders, Dice.for_phase("render", state))
    return board, state, done.results, done.state


def retreat_phase() -> tuple[Board, State]:
    board, _, _, after = every_order_phase()
    return board, after

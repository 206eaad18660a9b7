"""Seed 003's excommunication (option ``excommunication``, on under ``bar``): BAR-15.1,
BAR-15.2.  The cases are in cases/balance_at_risk/excommunication.txt; here the order's
reading, once per power and game, the lapse, and the Papacy's elimination."""

from __future__ import annotations

import pytest

from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS, rules_of
from machiavelli.core.orders import Excommunicate, Pay
from machiavelli.core.state import State, Unit
from machiavelli.game.campaign import resolve_campaign
from machiavelli.movement.excommunication import excommunicated_now
from machiavelli.movement.legality import check_order
from machiavelli.text.notation import OrderSyntaxError, format_order, parse_order

B = load_board("classic")
POWERS = ["Papacy", "Milan", "Venice", "Turkey"]


def position(options: dict[str, bool] | None = None, **kw: object) -> State:
    return State(board="classic", year=1455, season="spring", phase="movement",
                 powers=list(POWERS), units=[Unit("A", "Papacy", "rme")],
                 options=dict(BAR_DEFAULTS if options is None else options),
                 treasury=dict.fromkeys(POWERS, 10), **kw)  # type: ignore[arg-type]


def test_bar_15_1_read_and_written() -> None:
    state = position()
    for line in ("excommunicate Milan", "Excommunicate milan", "excommunication of Milan"):
        assert parse_order(line, B, state, "Papacy") == Excommunicate("Milan")
    for line in ("crusade Turkey", "crusade against the Turkey", "crusade tur"):
        assert parse_order(line, B, state, "Papacy") == Excommunicate("Turkey")
    assert format_order(Excommunicate("Milan")) == "excommunicate Milan"
    with pytest.raises(OrderSyntaxError, match="unknown power"):
        parse_order("excommunicate Nobody", B, state, "Papacy")
    with pytest.raises(OrderSyntaxError, match="not in the retreat phase"):
        parse_order("excommunicate Milan", B, state.but(phase="retreat"), "Papacy")


def test_bar_15_1_once_per_power_and_game() -> None:
    state = position(excommunications={"Milan": "done"})
    assert "once" in str(check_order(B, state, "Papacy", Excommunicate("Milan")))
    assert check_order(B, state, "Papacy", Excommunicate("Venice")) is None
    assert "only the Papacy" in str(check_order(B, state, "Venice", Excommunicate("Milan")))
    off = position(dict(MACH1_DEFAULTS))
    assert "'excommunication' option" in str(check_order(B, off, "Papacy",
                                                          Excommunicate("Milan")))


def test_bar_15_2_in_force_once_then_lapses() -> None:
    state = position(excommunications={"Milan": "pending"})
    done = resolve_campaign(B, state, {"Venice": [Pay(5, "Milan")]}, Dice("x", []),
                            rules_of(state.options))
    assert [r.outcome for r in done.results if isinstance(r.order, Pay)] == ["fails"]
    assert done.state.excommunications == {"Milan": "done"}
    assert done.state.treasury["Milan"] == 10
    again = resolve_campaign(B, done.state, {"Venice": [Pay(5, "Milan")]}, Dice("y", []))
    assert again.state.treasury["Milan"] == 15  # lapsed: the next transfer goes through


def test_bar_15_2_lapses_with_the_papacy() -> None:
    state = position(excommunications={"Milan": "pending"}, eliminated=["Papacy"])
    assert excommunicated_now(state) == set()


def test_bar_15_1_announced_publicly() -> None:
    state = position()
    done = resolve_campaign(B, state, {"Papacy": [Excommunicate("Turkey")]}, Dice("x", []))
    assert done.state.excommunications == {"Turkey": "pending"}
    assert any("crusade against Turkey" in e for e in done.events)

"""Seed 003's home countries at the end of a campaign (003 4.3, 4.4; BAR-4.6, ruling
A-20)."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS
from machiavelli.core.state import Rebellion, State, Unit
from machiavelli.game.elimination import eliminations

B = load_board("classic")
POWERS = ["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"]
MILAN_CITIES = ["mil", "pav", "cre"]  # (Milan's fortresses are no cities under bar)
FLORENCE_HOME = ["are", "flo", "psa", "pst"]


def position(cities: dict[str, str], provinces: dict[str, str], **fields: object) -> State:
    return State(board="classic", year=1455, season="fall", phase="movement",
                 powers=list(POWERS), options=dict(BAR_DEFAULTS), city_owner=dict(cities),
                 province_owner=dict(provinces), **fields)  # type: ignore[arg-type]


def test_bar_4_6_a_conquered_home_country_replaces_the_one_lost() -> None:
    """Venice takes every city of Milan's home country while Milan takes the whole of
    Florence's: Milan is not eliminated, Florence's home country is now Milan's; Florence,
    every city of which another power controls, is eliminated."""
    cities = {**dict.fromkeys(MILAN_CITIES, "Venice"),
              **{p: "Milan" for p in FLORENCE_HOME if B.provinces[p].city}}
    provinces = {**dict.fromkeys(MILAN_CITIES, "Venice"), **dict.fromkeys(FLORENCE_HOME, "Milan")}
    state = position(cities, provinces, units=[Unit("A", "Milan", "flo")])
    after, events = eliminations(B, state)
    assert after.eliminated == ["Florence"]
    assert set(FLORENCE_HOME) <= set(after.home["Milan"])
    assert "Milan takes control of the home country of Florence (HOME-2)." in events


def test_bar_4_6_without_the_conquest_the_power_is_eliminated() -> None:
    """The same loss with one province of Florence's not Milan's: Milan is eliminated."""
    cities = {**dict.fromkeys(MILAN_CITIES, "Venice"),
              **{p: "Milan" for p in FLORENCE_HOME if B.provinces[p].city}}
    provinces = {**dict.fromkeys(MILAN_CITIES, "Venice"),
                 **dict.fromkeys(FLORENCE_HOME, "Milan"), "pst": "Papacy"}
    after, _ = eliminations(B, position(cities, provinces))
    assert "Milan" in after.eliminated


def test_ruling_a_20_only_cities_of_other_major_powers_count() -> None:
    """Venice controls Milan and Pavia; Cremona is a rebelling city with no garrison (no
    major power's, 003 4.1): Milan stays.  With an independent garrison in Cremona Milan
    stays too; with Cremona Venice's it is eliminated."""
    taken = {"mil": "Venice", "pav": "Venice"}
    rebelling = position({**taken, "cre": "Milan"}, {**taken, "cre": "Milan"},
                         rebellions={"cre": Rebellion("cre", "Milan", True, True)})
    assert eliminations(B, rebelling)[0].eliminated == []
    independent = position(taken, taken, units=[Unit("G", None, "cre")])
    assert eliminations(B, independent)[0].eliminated == []
    venetian = {**taken, "cre": "Venice"}
    assert eliminations(B, position(venetian, venetian))[0].eliminated == ["Milan"]

"""Seed 003's independent garrisons springing up when a campaign ends (003 2 H.3.2, 16):
BAR-16.1 and BAR-10.7, under ``bar``."""

from __future__ import annotations

from machiavelli.core.maps import load_board
from machiavelli.core.options import BAR_DEFAULTS, MACH1_DEFAULTS, rules_of
from machiavelli.core.state import INDEPENDENT_CONTROL, Rebellion, State, Unit
from machiavelli.game.independents import spring_up
from machiavelli.game.process import process_phase

B = load_board("classic")
RULES = rules_of(dict(BAR_DEFAULTS))
POWERS = ["Milan", "Venice"]


def bare(units: list[Unit], **kw: object) -> State:
    state = State(board="classic", year=1455, season="spring", phase="movement",
                  powers=list(POWERS), units=units, options=dict(BAR_DEFAULTS),
                  treasury=dict.fromkeys(POWERS, 0), **kw)  # type: ignore[arg-type]
    return state


def garrisons(state: State) -> set[str]:
    return {u.province for u in state.units if u.kind == "G" and u.owner is None}


def test_bar_16_1_every_empty_uncontrolled_fortified_city() -> None:
    cities_of_every_power = {p: p for p in B.provinces
                             if B.provinces[p].city is not None and p not in ("cre", "mod")}
    state = bare([Unit("A", "Milan", "man"), Unit("G", "Venice", "pad")],
                 city_owner={p: "Milan" for p in cities_of_every_power if p != "man"})
    after, lines = spring_up(B, state, RULES)
    # Cremona and Modena: fortified, empty, nobody's.  Mantua is held by Milan's army.
    assert garrisons(after) == {"cre", "mod"}
    assert lines == ["An independent garrison springs up in Cremona (BAR-16.1).",
                     "An independent garrison springs up in Modena (BAR-16.1)."]
    # the garrisons control their cities and provinces for the independents (BAR-1.3)
    assert after.city_owner["cre"] == after.city_owner["mod"] == INDEPENDENT_CONTROL
    assert after.province_owner["cre"] == INDEPENDENT_CONTROL


def test_bar_16_1_no_fortress_no_unfortified_city() -> None:
    """Piacenza's fortress is no city under bar (BAR-1.1); Corsica's city is unfortified."""
    state = bare([], city_owner={p: "Milan" for p in B.provinces
                                 if p not in ("pia", "cor")})
    after, lines = spring_up(B, state, RULES)
    assert garrisons(after) == set() and lines == []


def test_bar_10_7_a_rebelling_city_gets_a_garrison_and_the_rebellion_ends() -> None:
    state = bare([Unit("A", "Milan", "cre")], city_owner={p: "Milan" for p in B.provinces},
                 rebellions={"pav": Rebellion("pav", "Milan", in_city=True)})
    after, lines = spring_up(B, state, RULES)
    assert garrisons(after) == {"pav"} and "pav" not in after.rebellions
    assert lines == ["An independent garrison springs up in Pavia (BAR-16.1); the rebellion "
                     "against Milan ends (BAR-10.7)."]
    # a city whose garrison was there when the rebellion began does not rebel: no garrison
    kept = bare([], city_owner={p: "Milan" for p in B.provinces},
                rebellions={"pav": Rebellion("pav", "Milan", in_city=False)})
    assert garrisons(spring_up(B, kept, RULES)[0]) == set()


def test_bar_2_10_bar_16_1_h_3_2_when_a_campaign_ends_only_under_bar() -> None:
    owners = {p: "Milan" for p in B.provinces if p != "cre"}
    for options, expected in ((BAR_DEFAULTS, {"cre"}), (MACH1_DEFAULTS, set())):
        state = State(board="classic", year=1455, season="spring", phase="movement",
                      powers=list(POWERS), units=[Unit("A", "Milan", "mil")],
                      province_owner=dict(owners), city_owner=dict(owners),
                      home_countries={"Milan": ("mil",)}, home={"Milan": ("mil",)},
                      options=dict(options), treasury={"Milan": 0, "Venice": 0})
        done = process_phase(B, state, {}, seed="s")
        assert garrisons(done.after) == expected
        assert ("springs up in Cremona" in done.report) == bool(expected)

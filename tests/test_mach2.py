"""Machiavelli 2 (option ``mach2``): the 1995 rules of docs/mach2.md (M1-M10).

Sources: 001's Machiavelli 2 notes and nJudge's ``data/rules.machiavelli2``, which 001
names for "other changes".  Each test is named by its item; the Mach1 behaviour is
checked beside it, so that nothing changes without ``mach2``.
"""

from __future__ import annotations

from collections.abc import Sequence

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Build, Convert, Convoy, Hold, Move, Order, SupportMove, UnitRef
from machiavelli.core.state import Dislodged, Season, State, Unit
from machiavelli.game.elimination import eliminations
from machiavelli.game.process import process_phase
from machiavelli.game.victory import cities_controlled, winners
from machiavelli.movement.control import update_control, update_control_after_fall
from machiavelli.movement.legality import check_order
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.retreats import conversion_problem
from machiavelli.movement.sieges import forced_siege_order

B: Board = load_board("classic")
POWERS = ["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"]


def position(
    units: Sequence[Unit] = (),
    provinces: dict[str, str] | None = None,
    cities: dict[str, str] | None = None,
    season: Season = "spring",
    **options: bool,
) -> State:
    return State(
        board="classic", year=1455, season=season, phase="movement", powers=list(POWERS),
        units=list(units), province_owner=dict(provinces or {}), city_owner=dict(cities or {}),
        options={"money": False, "dice": False, "famine": False, **options},
    )


def moved(state: State, orders: dict[str, Sequence[Order]]) -> State:
    return resolve_movement(B, state, orders).state


# -- M5: no lift siege needed to move away ------------------------------------------


def test_m5_mach2_besieger_move_is_not_forced_to_hold() -> None:
    army = Unit("A", "France", "gen", siege=1)
    move = Move(UnitRef("A", "gen"), "mon")
    for mach2, expected in ((True, move), (False, Hold(UnitRef("A", "gen")))):
        s = position([Unit("G", None, "gen"), army], mach2=mach2)
        assert forced_siege_order(s, army, move)[0] == expected


def test_m5_mach2_any_order_but_besiege_ends_the_siege() -> None:
    units = [Unit("G", None, "gen"), Unit("A", "France", "gen", siege=1)]
    hold = {"France": [Hold(UnitRef("A", "gen"))]}
    assert moved(position(units, mach2=True), hold).units[1].siege == 0
    assert moved(position(units), hold).units[1].siege == 1  # Mach1: ruling SIEGE-8
    after = moved(position(units, mach2=True), {"France": [Move(UnitRef("A", "gen"), "mon")]})
    assert Unit("A", "France", "mon") in after.units
    assert Unit("G", None, "gen") in after.units


# -- M4: a unit may always retreat into its city --------------------------------------


def test_m4_mach2_retreat_into_the_city_though_another_retreat_is_open() -> None:
    units = [Unit("A", "Florence", "luc"), Unit("A", "Florence", "mod"),
             Unit("A", "Papacy", "bol")]
    out = Dislodged(Unit("A", "Milan", "luc"), "pst")
    mach1 = position(units)
    mach1.phase = "retreat"
    mach2 = position(units, mach2=True)
    mach2.phase = "retreat"
    assert "CONV-P5" in (conversion_problem(B, mach1, out) or "")
    assert conversion_problem(B, mach2, out) is None
    from_city = Dislodged(Unit("A", "Milan", "luc"), "luc#")
    assert "CONV-P6" in (conversion_problem(B, mach2, from_city) or "")


# -- M1: control changes only at the end of the fall campaign ---------------------------


def test_m1_res_mach2_spring_movement_changes_no_control() -> None:
    units = [Unit("A", "France", "gen"), Unit("G", "France", "mar")]
    orders: dict[str, Sequence[Order]] = {"France": [Move(UnitRef("A", "gen"), "mon")]}
    mach1 = moved(position(units, {"mon": "Milan"}, {"mar": "France"}), orders)
    assert mach1.province_owner["mon"] == "France"
    s = position(units, {"mon": "Milan"}, {"mar": "France"}, mach2=True)
    assert moved(s, orders).province_owner["mon"] == "Milan"
    spring = process_phase(B, s, orders, "seed").after
    assert spring.province_owner["mon"] == "Milan"
    assert spring.season == "summer"


def test_m1_res_mach2_control_changes_when_the_fall_campaign_ends() -> None:
    units = [Unit("A", "France", "gen"), Unit("G", "France", "mar")]
    orders: dict[str, Sequence[Order]] = {"France": [Move(UnitRef("A", "gen"), "mon")]}
    s = position(units, {"mon": "Milan"}, {"mar": "France"}, season="fall", mach2=True)
    after = process_phase(B, s, orders, "seed").after
    assert after.province_owner["mon"] == "France"


def test_m1_mach2_only_the_fall_adjudication_counts() -> None:
    s = position([Unit("A", "France", "mon")], {"mon": "Milan"}, mach2=True)
    assert update_control(B, s) == s
    assert update_control_after_fall(B, s).province_owner["mon"] == "France"
    assert update_control(B, position([Unit("A", "France", "mon")])).province_owner["mon"] \
        == "France"  # Mach1: every adjudication


def test_m1_mach2_no_elimination_test_after_spring() -> None:
    s = position([Unit("A", "France", "gen")], mach2=True)  # France holds no city of its own
    assert eliminations(B, s, fall_end=False) == (s, [])
    assert "France" in eliminations(B, s)[0].eliminated


# -- M2: mixed control means no control ------------------------------------------------


def test_m2_mach2_city_and_province_of_two_powers_are_nobodys() -> None:
    units = [Unit("A", "France", "gen"), Unit("G", "Milan", "gen")]
    mach1 = update_control(B, position(units))
    assert (mach1.province_owner["gen"], mach1.city_owner["gen"]) == ("France", "Milan")
    mach2 = update_control_after_fall(B, position(units, mach2=True))
    assert "gen" not in mach2.province_owner
    assert "gen" not in mach2.city_owner


def test_m2_mach2_an_autonomous_garrison_is_no_mixed_control() -> None:
    units = [Unit("A", "France", "gen"), Unit("G", None, "gen")]
    after = update_control_after_fall(B, position(units, mach2=True))
    assert after.province_owner["gen"] == "France"
    assert "gen" not in after.city_owner


# -- M3: victory counts cities only, checked after fall ----------------------------------

VENICE = ["ber", "bre", "dal", "fri", "ist", "pad", "trv", "ven", "ver", "vic"]
NEUTRAL = ["cor", "crn", "cro", "fer", "gen", "luc", "man", "mod", "mon", "pio", "rag", "sar"]


def sixteen_cities_one_home_country(**options: bool) -> State:
    """Venice holds its own country and 12 cities of no home country (16 cities in use)."""
    provinces = {p: "Venice" for p in VENICE + NEUTRAL}
    cities = {p: "Venice" for p in VENICE + NEUTRAL if B.provinces[p].city is not None}
    s = position(provinces=provinces, cities=cities, season="fall", **options)
    assert len(cities_controlled(B, s, "Venice")) == 16
    return s


def test_m3_mach2_victory_needs_no_second_home_country() -> None:
    assert winners(B, sixteen_cities_one_home_country()) == []  # Mach1: VIC-5
    assert winners(B, sixteen_cities_one_home_country(mach2=True)) == ["Venice"]


def test_m3_mach2_victory_is_checked_only_after_fall() -> None:
    s = sixteen_cities_one_home_country(mach2=True)
    assert winners(B, s, fall_end=False) == []
    assert winners(B, sixteen_cities_one_home_country(), cities=12, fall_end=False) == ["Venice"]


# -- M7: no armies in Venice ----------------------------------------------------------


def test_m7_mach2_no_army_move_support_or_convoy_into_venice() -> None:
    units = [Unit("A", "Austria", "pad"), Unit("F", "Austria", "lag")]  # by the Lagoon
    move = Move(UnitRef("A", "pad"), "ven")
    support = SupportMove(UnitRef("F", "lag"), UnitRef("A", "pad"), "ven")
    convoy = Convoy(UnitRef("F", "lag"), UnitRef("A", "pad"), "ven")
    for order in (move, support, convoy):
        assert check_order(B, position(units), "Austria", order) is None
        assert "M7" in (check_order(B, position(units, mach2=True), "Austria", order) or "")


def test_m7_mach2_no_garrison_to_army_conversion_in_venice() -> None:
    units = [Unit("G", "Venice", "ven")]
    convert = Convert(UnitRef("G", "ven"), "A")
    assert check_order(B, position(units), "Venice", convert) is None
    assert "M7" in (check_order(B, position(units, mach2=True), "Venice", convert) or "")


def test_m7_mach2_no_army_built_in_venice() -> None:
    def winter(**options: bool) -> State:
        s = position(provinces={"ven": "Venice"}, cities={"ven": "Venice"}, **options)
        s.season, s.phase = "winter", "adjustment"
        s.home = {"Venice": ("ven",)}
        return s

    build = Build("A", "ven")
    assert check_order(B, winter(), "Venice", build) is None
    assert "M7" in (check_order(B, winter(mach2=True), "Venice", build) or "")
    assert "M7" in (check_order(B, winter(mach2=True, money=True), "Venice", build) or "")
    assert check_order(B, winter(mach2=True), "Venice", Build("F", "ven")) is None


def test_m9_special_units_each_power_may_build() -> None:
    """M9 (rules.machiavelli2 SPECIAL UNITS): on the 1995 map only some powers may build each
    special unit; buying or maintaining one is not limited."""
    from dataclasses import replace

    from machiavelli.game.scenario import load_scenario
    from machiavelli.movement.builds import build_problem

    board = load_board("machiavelli2")
    assert board.special_limits["Turkey"] == ("elite_professional",)
    assert load_board("classic").special_limits == {}
    _, state = load_scenario("mach2_1454")
    state = replace(state, phase="adjustment", season="winter",
                    units=[u for u in state.units if u.owner != "Turkey"])
    home = next(p for p in state.home["Turkey"] if board.provinces[p].city is not None
                and state.city_owner.get(p) == "Turkey"
                and state.province_owner.get(p) == "Turkey"
                and state.unit_in(p, garrison=False) is None)
    refused = build_problem(board, state, "Turkey", Build("A", home, special="militia"))
    assert refused is not None and "may not build militia" in refused
    allowed = build_problem(board, state, "Turkey", Build("A", home, special="elite_professional"))
    assert allowed is None or "M9" not in allowed


def test_m6_fleet_converting_in_messina_does_not_close_the_strait_under_mach2() -> None:
    from dataclasses import replace

    from machiavelli.core.state import Unit
    from machiavelli.game.scenario import load_scenario

    board, start = load_scenario("classic_1454")
    state = replace(start, units=[Unit("F", "Naples", "mes"), Unit("F", "Venice", "gon")],
                    options={**start.options, "mach2": True})
    orders: dict[str, Sequence[Order]] = {
        "Naples": [Convert(UnitRef("F", "mes"), "G")],
        "Venice": [Move(UnitRef("F", "gon"), "ion")],
    }
    after = resolve_movement(board, state, orders).state
    assert Unit("F", "Venice", "ion") in after.units  # STR-F holds under mach2 too
    held = resolve_movement(board, state, {"Venice": orders["Venice"]}).state
    assert Unit("F", "Venice", "gon") in held.units  # a fleet already there closes it


def test_m8_venice_pays_as_a_sea_with_a_city_under_mach2() -> None:
    """M8 (rules.machiavelli2 VENICE SEA AREA): its controller gets the city's ducats and no
    province ducat; a fleet there earns a ducat as at sea."""
    from dataclasses import replace

    from machiavelli.core.state import Unit
    from machiavelli.game.scenario import load_scenario
    from machiavelli.money.income import fixed_income

    board, start = load_scenario("classic_1454")
    state = replace(start, units=[Unit("F", "Venice", "ven")],
                    province_owner={"ven": "Venice"}, city_owner={"ven": "Venice"})
    mach1 = fixed_income(board, state)["Venice"]
    mach2 = fixed_income(board, replace(state, options={**state.options, "mach2": True}))[
        "Venice"]
    assert (mach1.seas, mach1.provinces, mach1.cities) == (0, 1, 3)
    assert (mach2.seas, mach2.provinces, mach2.cities) == (1, 0, 3)

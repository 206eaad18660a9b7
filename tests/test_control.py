"""Control of provinces and cities (001, CONTROL OF PROVINCES AND CITIES: OWN-0..OWN-7A).

"The last power whose unit was present in the province always gains control":
:func:`machiavelli.movement.control.update_control` runs after every step of a campaign
(control adjudications 1-7), so the tests drive the real steps (expenses, moves,
retreats, famine) where a rule names one, and the control step alone otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Build, Expense, Hold, Move, Order, Retreat, UnitRef
from machiavelli.core.state import Dislodged, Season, State, Unit
from machiavelli.game.campaign import resolve_campaign
from machiavelli.game.disasters import famine_removals
from machiavelli.game.elimination import eliminations
from machiavelli.money.income import fixed_income
from machiavelli.movement.control import update_control
from machiavelli.movement.legality import check_order
from machiavelli.movement.moves import resolve_movement
from machiavelli.movement.retreats import resolve_retreats

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


def move(kind: str, src: str, dest: str) -> Move:
    assert kind in ("A", "F")
    return Move(UnitRef("A" if kind == "A" else "F", src), dest)


# -- OWN-0: the last power present, whatever the season or phase ----------------------------


def test_own_0_a_unit_entering_gains_the_province() -> None:
    s = position([Unit("A", "France", "gen")], {"gen": "France", "for": "Milan"})
    after = moved(s, {"France": [move("A", "gen", "for")]})
    assert after.province_owner["for"] == "France"
    assert after.province_owner["gen"] == "France"  # nobody else came: it stays French


def test_own_0_a_province_left_empty_keeps_its_controller() -> None:
    s = position([], {"man": "Venice"}, {"man": "Venice"})
    assert update_control(B, s) == s


def test_own_0_ctrl_4_control_changes_in_the_retreat_phase_too() -> None:
    s = replace(
        position([Unit("A", "France", "pav")], {"pav": "France", "cre": "Milan"},
                 {"cre": "Milan"}),
        phase="retreat", dislodged=[Dislodged(Unit("A", "Venice", "mil"), "pav")],
    )
    done = resolve_retreats(B, s, {"Venice": [Retreat(UnitRef("A", "mil"), "cre")]})
    assert Unit("A", "Venice", "cre") in done.state.units
    assert done.state.province_owner["cre"] == "Venice"
    assert done.state.city_owner["cre"] == "Venice"  # OWN-5 in a retreat


# -- OWN-1 and example 1: buying ------------------------------------------------------------


def money_position(units: Sequence[Unit], treasury: dict[str, int]) -> State:
    s = position(units, {u.province: u.owner for u in units if u.owner},
                 {u.province: u.owner for u in units if u.owner}, money=True)
    return replace(s, treasury=dict(treasury), options={**s.options, "adjacency": False})


def test_own_1_buying_a_unit_gives_the_buyer_its_province() -> None:
    buy = Expense(1, 18, "buy", "A", "pav")
    s = money_position([Unit("A", "Milan", "pav")], {"France": 18})
    done = resolve_campaign(B, s, {"France": [buy]}, Dice("own-1"))
    assert Unit("A", "France", "pav") in done.state.units
    assert done.state.province_owner["pav"] == "France"


def test_own_ex_1_bought_unit_moving_away_leaves_the_province_with_the_buyer() -> None:
    """Control changes at control adjudication 1, before the moves: after the whole
    campaign Pavia is French although the bought army has left it for Piacenza."""
    buy = Expense(1, 18, "buy", "A", "pav")
    s = money_position([Unit("A", "Milan", "pav")], {"France": 18})
    done = resolve_campaign(
        B, s, {"France": [buy, move("A", "pav", "pia")]}, Dice("own-ex-1"))
    assert Unit("A", "France", "pia") in done.state.units
    assert done.state.province_owner["pav"] == "France"
    assert done.state.city_owner["pav"] == "France"
    assert done.state.province_owner["pia"] == "France"


# -- OWN-2: disbanding beside an enemy unit -------------------------------------------------


def test_own_2_army_disbanded_beside_an_enemy_garrison_gives_it_the_province() -> None:
    bribe = Expense(1, 12, "disband", "A", "gen")
    s = money_position([Unit("A", "Milan", "gen"), Unit("G", "France", "gen")], {"Venice": 12})
    s.city_owner["gen"] = "France"
    done = resolve_campaign(B, s, {"Venice": [bribe]}, Dice("own-2"))
    assert done.state.province_owner["gen"] == "France"


def test_own_2_garrison_disbanded_beside_an_enemy_army_gives_it_the_city() -> None:
    bribe = Expense(1, 24, "disband", "G", "gen")
    s = money_position([Unit("A", "Milan", "gen"), Unit("G", "France", "gen")], {"Venice": 24})
    s.city_owner["gen"] = "France"
    done = resolve_campaign(B, s, {"Venice": [bribe]}, Dice("own-2"))
    assert done.state.unit_in("gen", garrison=True) is None
    assert done.state.city_owner["gen"] == "Milan"


# -- OWN-3 / OWN-3A: the garrison gains the province when the unit leaves or dies ----------


def test_own_3_unit_moving_away_gives_the_province_to_the_garrison() -> None:
    s = position([Unit("A", "Milan", "gen"), Unit("G", "France", "gen")],
                 {"gen": "Milan"}, {"gen": "France"})
    after = moved(s, {"Milan": [move("A", "gen", "sav")]})
    assert after.province_owner["gen"] == "France"
    assert after.city_owner["gen"] == "France"
    assert after.province_owner["sav"] == "Milan"


def test_own_3_unit_eliminated_gives_the_province_to_the_garrison() -> None:
    s = position([Unit("G", "France", "gen")], {"gen": "Milan"}, {"gen": "France"})
    # Milan's army that stood in Genoa has just been eliminated (plague, a storm, ...)
    assert update_control(B, s).province_owner["gen"] == "France"


def test_own_3_power_eliminated_gives_the_province_to_the_garrison() -> None:
    """Milan is eliminated (no home city): its army in Genoa goes, France's garrison
    there gains the province (OWN-3 "or are eliminated"), ELIM-3 frees the rest."""
    s = position([Unit("A", "Milan", "gen"), Unit("G", "France", "gen")],
                 {"gen": "Milan", "pav": "Milan"}, {"gen": "France", "mar": "France"})
    s = replace(s, powers=["France", "Milan"])
    after, _ = eliminations(B, s)
    assert "Milan" in after.eliminated
    assert after.province_owner["gen"] == "France"
    assert "pav" not in after.province_owner


def test_own_3a_ambiguity_10_autonomous_garrison_left_alone_leaves_the_province_unowned() -> None:
    s = position([Unit("A", "Milan", "gen"), Unit("G", None, "gen")], {"gen": "Milan"})
    after = moved(s, {"Milan": [move("A", "gen", "sav")]})
    assert "gen" not in after.province_owner  # ruling OWN-3A / ambiguity 10
    assert "gen" not in after.city_owner


def test_own_3a_autonomous_garrison_keeps_the_city_from_an_army_beside_it() -> None:
    s = position([Unit("A", "Milan", "gen"), Unit("G", None, "gen")], {"gen": "Milan"},
                 {"gen": "Milan"})
    after = update_control(B, s)
    assert after.province_owner["gen"] == "Milan"
    assert "gen" not in after.city_owner


# -- OWN-4: both eliminated together -------------------------------------------------------


def test_own_4_garrison_and_unit_eliminated_together_change_nothing() -> None:
    s = replace(
        position([Unit("A", "Milan", "pav"), Unit("G", "France", "pav")],
                 {"pav": "Milan"}, {"pav": "France"}, famine=True),
        famine=["pav"],
    )
    after, events = famine_removals(B, s)
    assert after.units == []
    after = update_control(B, after)
    assert after.province_owner["pav"] == "Milan"
    assert after.city_owner["pav"] == "France"
    assert events


# -- OWN-5: entering a province with an ungarrisoned city ----------------------------------


def test_own_5_entering_a_province_with_an_open_city_gains_the_city() -> None:
    s = position([Unit("A", "Venice", "ver")], {"man": "Milan"}, {"man": "Milan"})
    after = moved(s, {"Venice": [move("A", "ver", "man")]})
    assert after.province_owner["man"] == "Venice"
    assert after.city_owner["man"] == "Venice"


def test_own_5_entering_a_province_with_a_garrison_leaves_the_city_alone() -> None:
    s = position([Unit("A", "Venice", "ver"), Unit("G", "Milan", "man")],
                 {"man": "Milan"}, {"man": "Milan"})
    after = moved(s, {"Venice": [move("A", "ver", "man")], "Milan": [Hold(UnitRef("G", "man"))]})
    assert after.province_owner["man"] == "Venice"
    assert after.city_owner["man"] == "Milan"


# -- OWN-6: split control and income --------------------------------------------------------


def test_own_6_split_control_pays_province_and_city_to_their_controllers() -> None:
    s = position([Unit("A", "Venice", "mil"), Unit("G", "Milan", "mil")], money=True)
    s = replace(update_control(B, s), season="winter", phase="adjustment")
    assert s.province_owner["mil"] == "Venice" and s.city_owner["mil"] == "Milan"
    income = fixed_income(B, s)
    assert income["Venice"].provinces == 1 and income["Venice"].cities == 0
    assert income["Milan"].cities == 3 and income["Milan"].provinces == 0  # Milan pays 3


# -- OWN-7 / OWN-7A: builds need the city and its province ----------------------------------


def adjustment(s: State) -> State:
    home = {"Milan": ("com", "cre", "for", "mil", "par", "pav", "pia")}
    return replace(s, season="winter", phase="adjustment", home=home)


def test_own_7_building_needs_both_the_home_city_and_its_province() -> None:
    both = adjustment(position([], {"pav": "Milan"}, {"pav": "Milan"}))
    assert check_order(B, both, "Milan", Build("A", "pav")) is None
    city_only = adjustment(position([], {"pav": "Venice"}, {"pav": "Milan"}))
    assert check_order(B, city_only, "Milan", Build("A", "pav")) is not None
    province_only = adjustment(position([], {"pav": "Milan"}, {"pav": "Venice"}))
    assert check_order(B, province_only, "Milan", Build("A", "pav")) is not None


def test_own_7a_split_control_frozen_by_famine_lets_neither_power_build() -> None:
    """Venice's army in Milan's province and Milan's garrison in its city both starve:
    control stays split (OWN-4), so neither Milan nor Venice may build there."""
    s = replace(
        position([Unit("A", "Venice", "pav"), Unit("G", "Milan", "pav")], famine=True),
        famine=["pav"],
    )
    s = update_control(B, s)
    after, _ = famine_removals(B, s)
    after = adjustment(update_control(B, after))
    assert after.units == []
    assert check_order(B, after, "Milan", Build("G", "pav")) is not None
    venice = replace(after, home={**after.home, "Venice": ("pav",)})
    assert check_order(B, venice, "Venice", Build("A", "pav")) is not None


# -- Example 2: a march through four provinces ----------------------------------------------


def test_own_ex_2_genoa_fornova_parma_mantua_all_pay_at_the_adjustment() -> None:
    s = position([Unit("A", "France", "gen")], money=True)
    s = update_control(B, s)
    steps: list[tuple[Season, str, str]] = [
        ("spring", "gen", "for"), ("summer", "for", "par"), ("fall", "par", "man")]
    for season, src, dest in steps:
        s = replace(s, season=season, phase="movement")
        s = moved(s, {"France": [move("A", src, dest)]})
    s = replace(s, season="winter", phase="adjustment")
    assert s.units == [Unit("A", "France", "man")]
    for p in ("gen", "for", "par", "man"):
        assert s.province_owner[p] == "France"
    income = fixed_income(B, s)
    assert income["France"].provinces == 4
    # Genoa (3) and Mantua (1); Fornova and Parma are fortresses, not in use here
    assert income["France"].cities == 3 + 1


# -- an adjudication that changes nothing ------------------------------------------------------

# (units, province owners, city owners) where every claim is its owner's already; control
# looks for that before copying the owners (movement/control.py, _settled)
SETTLED = (
    [Unit("A", "Milan", "gen"), Unit("F", "France", "wgl"), Unit("G", "Milan", "pav"),
     Unit("A", "France", "man"), Unit("G", "Venice", "man"), Unit("G", None, "par")],
    {"gen": "Milan", "pav": "Milan", "man": "France", "sie": "Papacy"},
    {"gen": "Milan", "pav": "Milan", "man": "Venice", "sie": "Papacy"},
)


@pytest.mark.parametrize(("provinces", "cities", "why"), [
    ({"gen": "Venice"}, {}, "an army's province held by another power"),
    ({}, {"gen": "Venice"}, "the open city of an army's province held by another power"),
    ({}, {"pav": "Venice"}, "a garrison's city held by another power"),
    ({"pav": "Venice"}, {}, "a lone garrison's province held by another power"),
    ({}, {"par": "Milan"}, "an autonomous garrison's city held by a power"),
    ({"par": "Milan"}, {}, "a lone autonomous garrison's province held by a power"),
])
def test_own_0_one_claim_not_yet_its_owners_changes_control(
    provinces: dict[str, str], cities: dict[str, str], why: str
) -> None:
    units, province_owner, city_owner = SETTLED
    settled = position(units, province_owner, city_owner)
    assert update_control(B, settled) is settled  # nothing to change: the very position
    s = position(units, {**province_owner, **provinces}, {**city_owner, **cities})
    after = update_control(B, s)
    assert after is not s, why
    # the claim made: its owner's again, and the rest as it was
    assert after.province_owner == {
        p: o for p, o in province_owner.items() if p in after.province_owner}
    assert after.city_owner == {p: o for p, o in city_owner.items() if p in after.city_owner}
    assert "par" not in after.province_owner and "par" not in after.city_owner

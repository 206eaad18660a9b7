"""Famine, plague and storms (001 Adjustment phases 1, Movement phases 1, steps h-k).

Each test names the rule it checks (RULES.md ids; rulings in docs/rulings.md,
section "Famine, plague and storms").  Tables: the classic map's, which are 001's
(FAM-TABLE, PLG-TABLE) and nJudge's storm table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli.core.board import Board
from machiavelli.core.dice import Dice, LoadedDice
from machiavelli.core.maps import load_board
from machiavelli.core.orders import Expense
from machiavelli.core.state import Season, State, Unit
from machiavelli.game.disasters import (
    cells,
    famine,
    famine_in_play,
    famine_removals,
    plague,
    plague_in_play,
    severity_band,
    storms,
    storms_in_play,
    strike,
)
from machiavelli.money.expenses import expenses

B: Board = load_board("classic")
POWERS = ["Austria", "Florence", "France", "Milan", "Naples", "Papacy", "Turkey", "Venice"]

# Famine table, row 2: Provence, Patrimony, Modena, Corsica, Ancona.
ROW_2 = ["pro", "pat", "mod", "cor", "anc"]
# Famine table, row 8.
ROW_8 = ["fer", "rme", "pav", "are", "bre", "slu", "alb", "gen"]
# Famine table, column 6.
COLUMN_6 = ["mod", "swi", "ver", "ber", "urb", "flo", "par", "aqu"]


def position(
    units: Sequence[Unit] = (),
    season: Season = "fall",
    famine_marks: Sequence[str] = (),
    provinces: dict[str, str] | None = None,
    cities: dict[str, str] | None = None,
    **options: bool,
) -> State:
    return State(
        board="classic",
        year=1455,
        season=season,
        phase="movement",
        powers=list(POWERS),
        units=list(units),
        province_owner=dict(provinces or {}),
        city_owner=dict(cities or {}),
        famine=list(famine_marks),
        options={"dice": True, "famine": True, **options},
    )


def loaded(*values: int) -> LoadedDice:
    return LoadedDice("test", values=list(values))


def in_board_order(provinces: Sequence[str]) -> list[str]:
    wanted = set(provinces)
    return [p for p in B.provinces if p in wanted]


def purposes(dice: Dice) -> list[str]:
    return [r.purpose for r in dice.rolls]


# -- severity (FAM-SEV-1..4, FAM-SEV-TN, PLG-2) --------------------------------------------


@pytest.mark.parametrize(
    ("total", "band"),
    [(2, "none"), (3, "none"), (4, "row"), (6, "row"), (5, "column"), (7, "column")]
    + [(t, "row and column") for t in range(8, 13)],
)
def test_fam_sev_bands_of_the_judge(total: int, band: str) -> None:
    assert severity_band(total) == band


def test_fam_sev_tn_judge_values_not_the_original_rules() -> None:
    # The original rules: 4 and 7 row only, 5 and 6 column only; the judge: 4, 6 / 5, 7.
    assert severity_band(6) == "row"
    assert severity_band(7) == "column"


@pytest.mark.parametrize("severity", [(1, 1), (1, 2), (2, 1)])
def test_fam_sev_1_no_disaster_on_2_or_3(severity: tuple[int, int]) -> None:
    dice = loaded(*severity)
    after, events = famine(B, position(), dice)
    assert after.famine == []
    assert purposes(dice) == ["famine severity"]  # no row or column is rolled
    assert events == [f"Famine roll {severity[0]} + {severity[1]} = {sum(severity)}: "
                      "no disaster."]


@pytest.mark.parametrize(("severity", "row", "expected"),
                         [((1, 3), (1, 1), ROW_2), ((3, 3), (4, 4), ROW_8)])
def test_fam_sev_2_row_only_on_4_or_6(
    severity: tuple[int, int], row: tuple[int, int], expected: list[str]
) -> None:
    dice = loaded(*severity, *row)
    after, events = famine(B, position(), dice)
    assert after.famine == in_board_order(expected)
    assert purposes(dice) == ["famine severity", "famine row"]
    assert events[0].endswith(f"a good year, row {sum(row)} only.")


@pytest.mark.parametrize("severity", [(2, 3), (3, 4)])
def test_fam_sev_3_column_only_on_5_or_7(severity: tuple[int, int]) -> None:
    dice = loaded(*severity, 3, 3)
    after, events = famine(B, position(), dice)
    assert after.famine == in_board_order(COLUMN_6)
    assert purposes(dice) == ["famine severity", "famine column"]
    assert events[0].endswith("a good year, column 6 only.")
    assert events[1] == (
        "Famine strikes Aquila, Bergamo, Florence, Modena, Parma, Swiss, Urbino, Verona.")


@pytest.mark.parametrize("total", range(8, 13))
def test_fam_sev_4_ambiguity_7_row_and_column_on_8_to_12_strike_the_cross(total: int) -> None:
    first = min(6, total - 1)
    dice = loaded(first, total - first, 1, 1, 3, 3)  # row 2, column 6
    after, events = famine(B, position(), dice)
    assert after.famine == in_board_order(ROW_2 + COLUMN_6)  # the cross; Modena once
    assert purposes(dice) == ["famine severity", "famine row", "famine column"]
    assert events[0].endswith("a bad year, row 2 and column 6.")


def test_fam_sev_row_with_no_province_strikes_nothing() -> None:
    # Storm table row 5 is empty: a good year that strikes no sea.
    dice = loaded(2, 2, 2, 3)
    after, events = storms(B, position([Unit("F", "Venice", "uas")], storm=True), dice)
    assert after.units == [Unit("F", "Venice", "uas")]
    assert events[-1] == "Storm strikes no province."


def test_mach2_severity_is_one_die() -> None:
    # nJudge's Machiavelli 2 coding (ruling "ambiguity 7"): 1 none, 2-3 row, 4-5 column, 6 both.
    assert [severity_band(d, mach2=True) for d in range(1, 7)] == [
        "none", "row", "row", "column", "column", "row and column"]
    dice = loaded(6, 1, 1, 3, 3)
    after, _ = famine(B, position(mach2=True), dice)
    assert after.famine == in_board_order(ROW_2 + COLUMN_6)
    assert [len(r.dice) for r in dice.rolls] == [1, 2, 2]


def test_plg_2_plague_uses_the_same_severity_procedure() -> None:
    dice = loaded(4, 4, 4, 4, 1, 2)  # bad year: row 8, column 3
    hit = strike(B, position(season="summer", plague=True), dice, "plague")
    assert hit.band == "row and column"
    assert (hit.row, hit.column) == (8, 3)
    assert set(hit.provinces) == cells(B.plague_table, 8, 3)
    assert purposes(dice) == ["plague severity", "plague row", "plague column"]


# -- the tables (FAM-TABLE, FLAG-FAMINE-TN, PLG-TABLE, FLAG-PLAGUE-TN) -------------------------


def test_fam_table_flag_famine_tn_perugia_never_starves() -> None:
    for row in range(2, 13):
        for column in range(2, 13):
            assert "per" not in cells(B.famine_table, row, column)
    after, _ = famine(B, position(), loaded(6, 6, 4, 4, 3, 3))  # Perugia's neighbours
    assert "per" not in after.famine


def test_flag_plague_tn_provinces_that_never_get_plague() -> None:
    for row in range(2, 13):
        for column in range(2, 13):
            assert not {"are", "pio", "pst", "rag"} & cells(B.plague_table, row, column)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=8))
def test_fam_table_famine_strikes_only_listed_land(seed: str) -> None:
    after, _ = famine(B, position(), Dice(seed))
    listed = {p for line in B.famine_table for p in line if p}
    assert set(after.famine) <= listed
    assert "per" not in after.famine
    assert not any(B.provinces[p].sea for p in after.famine)


# -- famine markers and removals (FAM-A, FAM-C, EXP-A) -----------------------------------------


def test_famine_adds_to_markers_still_on_the_map() -> None:
    after, _ = famine(B, position(famine_marks=["per"]), loaded(1, 3, 1, 1))
    assert after.famine == in_board_order(["per", *ROW_2])


def test_fam_a_every_unit_in_a_famine_province_is_eliminated_garrisons_included() -> None:
    units = [
        Unit("A", "Milan", "mil"),
        Unit("G", "Milan", "mil"),
        Unit("G", None, "gen"),  # an autonomous garrison
        Unit("F", "France", "gen"),
        Unit("G", "Venice", "ven"),  # Venice: province and city one space
        Unit("A", "Venice", "pad"),  # no famine here
    ]
    s = position(units, season="spring", famine_marks=["mil", "gen", "ven"])
    after, events = famine_removals(B, s)
    assert after.units == [Unit("A", "Venice", "pad")]
    assert "Milan's garrison in Milan is eliminated by famine." in events
    assert "The autonomous garrison in Genoa is eliminated by famine." in events
    assert "France's fleet in Genoa is eliminated by famine." in events
    assert len(events) == 5


def test_fam_a_markers_go_after_the_spring_removals() -> None:
    s = position([Unit("A", "Milan", "pav")], season="spring", famine_marks=["mil"])
    after, events = famine_removals(B, s)
    assert after.famine == []
    assert after.units == s.units
    assert events == []


def test_fam_c_ctrl_5_ambiguity_6_famine_removals_do_not_change_control() -> None:
    # OWN-7A's position: one power in the province, another in the city.
    units = [Unit("A", "Milan", "flo"), Unit("G", "Florence", "flo")]
    s = position(units, "spring", ["flo"], provinces={"flo": "Milan"}, cities={"flo": "Florence"})
    after, _ = famine_removals(B, s)
    assert after.units == []
    assert after.province_owner == {"flo": "Milan"}
    assert after.city_owner == {"flo": "Florence"}


def test_exp_a_famine_relief_spares_the_units() -> None:
    s = position([Unit("A", "Milan", "mil")], "spring", ["mil", "gen"], money=True,
                 adjacency=False)
    s.treasury["Milan"] = 10
    relief = Expense(1, 3, "famine_relief", province="mil")
    relieved = expenses(B, s, {"Milan": [relief]}, Dice("test")).state
    assert relieved.famine == ["gen"]
    after, events = famine_removals(B, relieved)
    assert after.units == [Unit("A", "Milan", "mil")]
    assert events == []


# -- plague (PLG-1..4, CTRL-6) --------------------------------------------------------------


PLAGUE_ROW_8 = ["dur", "nap", "mod", "per", "cre", "ven", "flo"]


def test_plg_4_plague_kills_in_province_and_city() -> None:
    units = [
        Unit("A", "Milan", "flo"),
        Unit("G", "Florence", "flo"),
        Unit("G", None, "per"),
        Unit("F", "Naples", "nap"),
        Unit("A", "Venice", "pad"),  # not struck
    ]
    s = position(units, season="summer", plague=True)
    dice = loaded(1, 3, 4, 4)  # row 8 only
    after, events = plague(B, s, dice)
    assert after.units == [Unit("A", "Venice", "pad")]
    assert events[0] == "Plague roll 1 + 3 = 4: a good year, row 8 only."
    assert events[1] == ("Plague strikes " + ", ".join(
        B.display_name(p) for p in in_board_order(PLAGUE_ROW_8)) + ".")
    assert "Milan's army in Florence is eliminated by plague." in events
    assert "Florence's garrison in Florence is eliminated by plague." in events


def test_plg_3_plague_leaves_no_marker() -> None:
    s = position([Unit("A", "Milan", "flo")], season="summer", plague=True)
    after, _ = plague(B, s, loaded(1, 3, 4, 4))
    assert after.famine == []
    # the next summer's plague strikes only what it rolls
    again, _ = plague(B, replace(after, units=[Unit("A", "Milan", "flo")]), loaded(1, 1))
    assert again.units == [Unit("A", "Milan", "flo")]


@pytest.mark.parametrize("season", ["spring", "fall", "winter"])
def test_plg_1_plague_only_in_summer(season: Season) -> None:
    s = position([Unit("A", "Milan", "flo")], season=season, plague=True)
    dice = loaded(1, 3, 4, 4)
    after, events = plague(B, s, dice)
    assert after.units == s.units
    assert events == [] and dice.rolls == []


def test_ctrl_6_control_after_plague() -> None:
    # Both units of a province die together: control stays (OWN-4); elsewhere the
    # control adjudication runs as after any step.
    units = [Unit("A", "Milan", "flo"), Unit("G", "Florence", "flo"), Unit("A", "Venice", "pad")]
    s = position(units, "summer", provinces={"flo": "Milan", "pad": "Papacy"},
                 cities={"flo": "Florence"}, plague=True)
    after, _ = plague(B, s, loaded(1, 3, 4, 4))
    assert after.province_owner == {"flo": "Milan", "pad": "Venice"}
    assert after.city_owner["flo"] == "Florence"


# -- storms (FLAG-STORM, RES-1.2J, CTRL-7) ----------------------------------------------------


def test_storm_sinks_fleets_only_in_the_seas_struck() -> None:
    units = [
        Unit("F", "Venice", "uas"),  # row 2: the Upper Adriatic
        Unit("F", "Turkey", "low"),  # not struck
        Unit("F", "Venice", "ven"),  # a fleet on the coast
    ]
    s = position(units, storm=True)
    dice = loaded(2, 2, 1, 1)  # severity 4: row 2 only
    after, events = storms(B, s, dice)
    assert after.units == units[1:]
    assert purposes(dice) == ["storm severity", "storm row"]
    assert events == [
        "Storm roll 2 + 2 = 4: a good year, row 2 only.",
        "Storm strikes Upper Adriatic Sea.",
        "Venice's fleet in Upper Adriatic Sea is sunk by the storm.",
    ]


def test_storm_row_and_column() -> None:
    units = [Unit("F", "Naples", "gon"), Unit("F", "France", "wms"), Unit("F", "Turkey", "ion"),
             Unit("F", "Venice", "egl")]
    dice = loaded(6, 6, 5, 5, 5, 6)  # row 10, column 11: ion, wms and gon
    after, _ = storms(B, position(units, storm=True), dice)
    assert after.units == [Unit("F", "Venice", "egl")]


def test_ctrl_7_control_after_storms() -> None:
    # Storms sink fleets at sea only, and seas are nobody's, so the adjudication after them
    # changes what the units on land say as after any step (as test_ctrl_6 for plague).
    units = [Unit("F", "Venice", "uas"), Unit("A", "Venice", "pad")]
    s = position(units, provinces={"pad": "Papacy", "fer": "Venice"}, storm=True)
    after, _ = storms(B, s, loaded(2, 2, 1, 1))  # row 2: the Upper Adriatic
    assert after.units == [Unit("A", "Venice", "pad")]
    assert after.province_owner == {"pad": "Venice", "fer": "Venice"}
    assert "uas" not in after.province_owner


# -- options (FLAG-FAMINE, FLAG-PLAGUE, FLAG-STORM, FLAG-DICE-1) --------------------------------


def test_fam_1_famine_is_optional_and_may_strike_any_land_province_but_perugia() -> None:
    listed = {p for line in B.famine_table for p in line if p}
    land = {p for p, prov in B.provinces.items() if not prov.sea}
    assert listed == land - {"per"}  # FLAG-FAMINE-TN: Perugia is not in the table
    for row in range(2, 13):  # every row (famine row only, FAM-SEV-2) strikes somewhere
        assert cells(B.famine_table, row, None)
    off = famine(B, position(famine=False), loaded(6, 6, 1, 1, 1, 1))[0]
    assert off.famine == []


def test_flag_famine_off_nothing_happens() -> None:
    dice = loaded(6, 6, 1, 1, 1, 1)
    after, events = famine(B, position(famine=False), dice)
    assert after.famine == [] and events == [] and dice.rolls == []


def test_flag_dice_1_nodice_turns_famine_plague_and_storms_off() -> None:
    s = position(dice=False, plague=True, storm=True)
    assert not (famine_in_play(s) or plague_in_play(s) or storms_in_play(s))
    dice = loaded(6, 6, 1, 1, 1, 1)
    assert famine(B, s, dice)[0].famine == []
    assert storms(B, s, dice)[1] == []
    assert plague(B, replace(s, season="summer"), dice)[1] == []
    assert dice.rolls == []


def test_flag_plague_and_storm_off_by_default() -> None:
    s = State(board="classic", year=1455, season="summer", phase="movement",
              units=[Unit("F", "Venice", "uas"), Unit("A", "Milan", "flo")])
    dice = loaded(6, 6, 1, 1, 1, 1)
    assert plague(B, s, dice)[0].units == s.units
    assert storms(B, replace(s, season="fall"), dice)[0].units == s.units
    assert dice.rolls == []
    assert famine_in_play(s)  # famine is on by default (FLAG-DEF-MACH1)
    assert not famine_in_play(replace(s, options={"diplomacy": True}))


def test_flag_plague_off_nothing_happens() -> None:
    s = position([Unit("A", "Milan", "flo")], season="summer", plague=False)
    after, events = plague(B, s, loaded(1, 3, 4, 4))
    assert after.units == s.units and events == []


def test_flag_storm_off_nothing_happens() -> None:
    s = position([Unit("F", "Venice", "uas")], storm=False)
    after, events = storms(B, s, loaded(2, 2, 1, 1))
    assert after.units == s.units and events == []

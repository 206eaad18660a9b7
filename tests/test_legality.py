"""Static legality of orders and the lists of legal orders (GAR-*, CONV-*, SIEGE-*, CVY-*, ...)."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from machiavelli.core.board import Board
from machiavelli.core.maps import load_board
from machiavelli.core.orders import (
    Ally,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    UnitRef,
    Waive,
    order_key,
)
from machiavelli.core.state import Dislodged, PhaseKind, Rebellion, State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.movement.legality import check_order

CLASSIC = load_board("classic")
STANDARD = load_board("standard")
FLO, MIL = "Florence", "Milan"


def position(
    *units: Unit,
    phase: PhaseKind = "movement",
    dislodged: tuple[Dislodged, ...] = (),
    **options: bool,
) -> State:
    """The classic 1454 game (powers, homes, control, options) with these units only."""
    state = load_scenario("classic_1454")[1].copy()
    state.units = list(units)
    state.phase = phase
    state.dislodged = list(dislodged)
    state.options.update(options)
    return state


def standard(*units: Unit, phase: PhaseKind = "movement", **options: bool) -> State:
    state = load_scenario("standard_1901")[1].copy()
    state.units = list(units)
    state.phase = phase
    state.options.update(options)
    return state


def A(province: str, owner: str | None = FLO, siege: int = 0) -> Unit:
    return Unit("A", owner, province, siege=siege)


def F(province: str, owner: str | None = FLO, coast: str | None = None, siege: int = 0) -> Unit:
    return Unit("F", owner, province, coast, siege=siege)


def G(province: str, owner: str | None = FLO) -> Unit:
    return Unit("G", owner, province)


def ref(unit: Unit) -> UnitRef:
    return UnitRef(unit.kind, unit.province, unit.coast)


def check(state: State, order: Order, power: str = FLO) -> str | None:
    board = STANDARD if state.board == "standard" else CLASSIC
    return check_order(board, state, power, order)


# ----------------------------------------------------------------------
# Units and phases
# ----------------------------------------------------------------------
def test_order_needs_own_unit() -> None:
    state = position(A("are"), A("sie", "Papacy"), G("gen", None))
    assert check(state, Hold(ref(A("are")))) is None
    assert check(state, Hold(ref(A("pst")))) == "no army in Pistoia"
    assert check(state, Hold(ref(A("sie")))) == "the army in Siena is not yours"
    assert check(state, Hold(ref(F("are")))) == "there is no fleet in Arezzo, there is an army"


def test_auto_2_autonomous_garrisons_take_no_orders() -> None:
    state = position(G("gen", None))
    assert check(state, Hold(ref(G("gen")))) == "the garrison in Genoa is not yours"
    assert [k for k in legal_orders(CLASSIC, state, FLO) if k[0] == "unit"] == []


def test_orders_of_another_phase_are_void() -> None:
    state = position(A("are"))
    assert check(state, Build("A", "are")) == (
        "an adjustment order is ordered only in an adjustment phase, not in the movement phase"
    )
    assert check(state, Retreat(ref(A("are")), "sie")) == (
        "a retreat is ordered only in a retreat phase, not in the movement phase"
    )
    assert check(replace(state, phase="retreat"), Hold(ref(A("are")))) == (
        "a unit's order is ordered only in a movement phase, not in the retreat phase"
    )


def test_ord_tn_1_disband_in_movement_only_with_option() -> None:
    state = position(A("are"))
    assert check(state, Disband(ref(A("are")))) == (
        "disbanding in a movement phase needs the 'disband' option (ORD-TN-1)"
    )
    assert check(position(A("are"), disband=True), Disband(ref(A("are")))) is None


def test_unknown_place_is_void() -> None:
    assert check(position(A("are")), Move(ref(A("are")), "xyz")) == "unknown place 'xyz'"


# ----------------------------------------------------------------------
# Moves
# ----------------------------------------------------------------------
def test_mov_1_army_moves_by_adjacency() -> None:
    state = position(A("are"))
    assert check(state, Move(ref(A("are")), "sie")) is None
    assert check(state, Move(ref(A("are")), "psa")) == "an army cannot go from Arezzo to Pisa"
    assert check(state, Move(ref(A("are")), "are")) == (
        "a unit cannot move to the province it is in"
    )
    state = position(A("psa"))
    assert check(state, Move(ref(A("psa")), "ets")) == "an army cannot go to sea"


def test_gar_3_garrison_cannot_move() -> None:
    assert check(position(G("flo")), Move(ref(G("flo")), "are")) == "a garrison cannot move"


def test_fleet_moves_by_fleet_adjacency() -> None:
    state = position(F("psa"))
    assert check(state, Move(ref(F("psa")), "ets")) is None
    assert check(state, Move(ref(F("psa")), "flo")) == "a fleet cannot go from Pisa to Florence"
    assert check(state, Move(ref(F("psa")), "ets", via=("wts",))) == "a fleet cannot be convoyed"


def test_map_cro_1_fleet_moves_to_a_coast() -> None:
    state = position(F("dal"), F("ist", coast=None), F("mar", "France"))
    assert check(state, Move(ref(F("dal")), "cro", "sc")) is None
    assert check(state, Move(ref(F("dal")), "cro", "nc")) == (
        "a fleet cannot go from Dalmatia to cro/nc"
    )
    assert check(state, Move(ref(F("dal")), "cro")) is None  # only one coast reachable
    # DATC 6.B.1: two reachable coasts and none named
    assert check(state, Move(ref(F("ist")), "cro")) == "the coast of Croatia must be given"
    assert check(state, Move(ref(F("mar", "France")), "pro", "sc"), "France") is None


def test_cvy_2_convoyed_army_must_start_and_end_on_coast() -> None:
    state = position(A("are"), F("ets"), F("gon"), A("nap"))
    assert check(state, Move(ref(A("are")), "nap", via=("ets",))) == (
        "a convoyed army must start and end in coastal provinces (CVY-2)"
    )
    assert check(state, Move(ref(A("nap")), "flo", convoy=True)) == (
        "a convoyed army must start and end in coastal provinces (CVY-2)"
    )
    assert check(state, Move(ref(A("nap")), "psa", via=("gon", "ets"))) is None
    assert check(state, Move(ref(A("nap")), "psa")) is None  # an implicit convoy
    assert check(state, Move(ref(A("nap")), "psa", convoy=True)) is None


def test_datc_6_d_32_convoyed_move_without_fleets_is_void() -> None:
    state = position(A("nap"))
    assert check(state, Move(ref(A("nap")), "psa")) == (
        "no chain of fleets can convoy an army from Naples to Pisa (DATC 6.D.32)"
    )
    state = standard(A("yor", "Germany"))
    assert check(state, Move(ref(A("yor", "Germany")), "hol"), "Germany") == (
        "no chain of fleets can convoy an army from Yorkshire to Holland (DATC 6.D.32)"
    )


def test_convoy_route_must_be_fleets_each_next_to_the_last() -> None:
    state = position(A("nap"), F("gon"), F("wts"))
    nap = ref(A("nap"))
    assert check(state, Move(nap, "psa", via=("ets",))) == "there is no fleet in Eastern " \
        "Tyrrhenian Sea to convoy"
    assert check(state, Move(nap, "psa", via=("wts",))) == "the convoy route breaks at " \
        "Western Tyrrhenian Sea"
    assert check(state, Move(nap, "psa", via=("gon",))) == "the convoy route does not reach Pisa"
    assert check(state, Move(nap, "psa", via=("flo",))) == "Florence cannot be part of a " \
        "convoy route"


def test_cvy_1_fleet_in_coastal_province_convoys_when_option_on() -> None:
    # Carniola to Istria through a fleet on Croatia's north coast
    units = (A("crn"), F("cro", coast="nc"))
    move = Move(ref(A("crn")), "ist", via=("cro",))
    convoy = Convoy(ref(F("cro", coast="nc")), ref(A("crn")), "ist")
    on = position(*units, coastal_convoys=True)
    off = position(*units, coastal_convoys=False)
    assert check(on, move) is None
    assert check(on, convoy) is None
    assert check(off, move) == "Croatia cannot be part of a convoy route"
    assert check(off, convoy) == "fleets in coastal provinces cannot convoy in this game (CVY-1)"


def test_flag_def_mach2_no_coastal_convoys_by_default() -> None:
    state = position(A("crn"), F("cro", coast="nc"))
    del state.options["coastal_convoys"]
    assert check(state, Convoy(ref(F("cro", coast="nc")), ref(A("crn")), "ist")) is None
    state.options["mach2"] = True
    assert check(state, Convoy(ref(F("cro", coast="nc")), ref(A("crn")), "ist")) is not None


def test_cvy_3_convoy_cannot_jump_coasts() -> None:
    north = position(A("crn"), F("cro", coast="nc"))
    south = position(A("crn"), F("cro", coast="sc"))
    assert check(north, Move(ref(A("crn")), "dal", via=("cro",))) == (
        "the convoy route does not reach Dalmatia"
    )
    assert check(south, Move(ref(A("crn")), "dal", via=("cro",))) == (
        "the convoy route breaks at Croatia"
    )
    assert check(north, Move(ref(A("crn")), "dal")) is not None


# ----------------------------------------------------------------------
# Supports
# ----------------------------------------------------------------------
def test_support_only_where_the_supporter_could_move() -> None:
    state = position(A("are"), A("flo"), F("psa"), A("sie", "Papacy"))
    assert check(state, SupportHold(ref(A("are")), ref(A("flo")))) is None
    assert check(state, SupportMove(ref(A("are")), ref(A("flo")), "sie")) is None
    assert check(state, SupportMove(ref(F("psa")), ref(A("are")), "flo")) == (
        "the fleet in Pisa could not move to Florence, so cannot support there"
    )
    assert check(state, SupportMove(ref(A("are")), ref(A("flo")), "are")) == (
        "a unit cannot support into the province it is in"
    )
    assert check(state, SupportHold(ref(A("are")), ref(A("are")))) == (
        "a unit cannot support itself"
    )
    # DATC 6.A.5-like: a support of a move to where the unit is
    assert check(state, SupportMove(ref(A("are")), ref(A("flo")), "flo")) == (
        "a unit cannot move to the province it is in"
    )


def test_datc_6_b_4_support_ignores_coasts() -> None:
    state = position(F("mar", "France"), F("avi"))
    assert check(state, SupportMove(ref(F("mar", "France")), ref(F("avi")), "pro", "nc"),
                 "France") is None


def test_gar_3_garrison_supports_only_into_own_province() -> None:
    state = position(G("flo"), A("flo"), A("are"), A("pst"))
    garrison = ref(G("flo"))
    assert check(state, SupportHold(garrison, ref(A("flo")))) is None
    assert check(state, SupportMove(garrison, ref(A("are")), "flo")) is None
    assert check(state, SupportHold(garrison, ref(A("are")))) == (
        "a garrison can only support actions into its own province (GAR-3)"
    )
    assert check(state, SupportMove(garrison, ref(A("are")), "pst")) == (
        "a garrison can only support actions into its own province (GAR-3)"
    )
    assert check(state, SupportHold(garrison, garrison)) == "a unit cannot support itself"


def test_siege_7_besieged_garrison_supports_attack_on_besieger() -> None:
    state = position(G("luc"), A("luc", "Papacy", siege=1), A("pst"))
    assert check(state, SupportMove(ref(G("luc")), ref(A("pst")), "luc")) is None


def test_conv_p1_support_of_garrison_converting_out() -> None:
    state = position(G("flo"), A("are"))
    assert check(state, SupportMove(ref(A("are")), ref(G("flo")), "flo")) is None
    assert check(state, SupportMove(ref(A("are")), ref(G("flo")), "sie")) == (
        "a garrison cannot move"
    )


# ----------------------------------------------------------------------
# Convoys
# ----------------------------------------------------------------------
def test_convoy_by_fleets_of_armies() -> None:
    state = position(A("nap"), F("gon"), F("ets"), A("flo"), G("psa"), F("bar"))
    assert check(state, Convoy(ref(F("gon")), ref(A("nap")), "psa")) is None
    assert check(state, Convoy(ref(F("gon")), ref(F("bar")), "psa")) == (
        "only armies can be convoyed"
    )
    assert check(state, Convoy(ref(F("gon")), ref(A("flo")), "psa")) == (
        "a convoyed army must start and end in coastal provinces (CVY-2)"
    )
    assert check(state, Convoy(ref(A("nap")), ref(A("nap")), "psa")) == (
        "only a fleet can convoy, not an army"
    )
    assert check(state, Convoy(ref(G("psa")), ref(A("nap")), "sie")) == (
        "only a fleet can convoy, not a garrison"
    )


def test_datc_6_g_7_convoying_fleet_must_be_on_a_route() -> None:
    state = standard(F("ska", "England"), A("swe", "Russia"), F("bot", "Russia"))
    assert check(state, Convoy(ref(F("ska", "England")), ref(A("swe", "Russia")), "nor"),
                 "England") is None
    assert check(state, Convoy(ref(F("bot", "Russia")), ref(A("swe", "Russia")), "nor"),
                 "Russia") == "the fleet in Gulf of Bothnia is on no chain of fleets from " \
        "Sweden to Norway"


# ----------------------------------------------------------------------
# Conversion
# ----------------------------------------------------------------------
def test_gar_2_army_converts_into_empty_fortified_city() -> None:
    assert check(position(A("flo")), Convert(ref(A("flo")), "G")) is None
    assert check(position(A("flo"), G("flo", MIL)), Convert(ref(A("flo")), "G")) == (
        "the city of Florence is occupied"
    )
    assert check(position(A("cro")), Convert(ref(A("cro")), "G")) == (
        "Croatia has no fortified city to garrison"
    )
    assert check(position(A("ist")), Convert(ref(A("ist")), "G")) == (
        "Istria has no fortified city to garrison"
    )


def test_fort_0_fortress_garrisoned_only_when_fortresses_are_used() -> None:
    assert check(position(A("aqu")), Convert(ref(A("aqu")), "G")) == (
        "Aquila has no fortified city to garrison"
    )
    assert check(position(A("aqu"), fortresses=True), Convert(ref(A("aqu")), "G")) is None


def test_conv_p2_fleet_converts_only_in_port() -> None:
    assert check(position(F("gen")), Convert(ref(F("gen")), "G")) is None
    assert check(position(F("luc")), Convert(ref(F("luc")), "G")) == (
        "a fleet can become a garrison only in a port city (CONV-P2)"
    )
    assert check(position(G("gen")), Convert(ref(G("gen")), "F")) is None
    assert check(position(G("luc")), Convert(ref(G("luc")), "F")) == (
        "a garrison can become a fleet only in a port city (CONV-P2)"
    )
    assert check(position(G("flo")), Convert(ref(G("flo")), "A")) is None


def test_conv_p4_no_army_to_fleet() -> None:
    assert check(position(A("gen")), Convert(ref(A("gen")), "F")) == (
        "an army and a fleet never convert into each other directly (CONV-P4)"
    )
    assert check(position(F("gen")), Convert(ref(F("gen")), "A")) == (
        "an army and a fleet never convert into each other directly (CONV-P4)"
    )
    assert check(position(G("gen")), Convert(ref(G("gen")), "G")) == (
        "the garrison is already a garrison"
    )


def test_ord_tn_2_garrison_to_fleet_in_multicoast_needs_coast() -> None:
    state = standard(G("stp", "Russia"), garrisons=True)
    assert check(state, Convert(ref(G("stp")), "F"), "Russia") == (
        "the coast of St Petersburg must be given (ORD-TN-2)"
    )
    assert check(state, Convert(ref(G("stp")), "F", "nc"), "Russia") is None
    assert check(state, Convert(ref(G("stp")), "F", "wc"), "Russia") is not None
    state = standard(G("lon", "England"), garrisons=True)
    assert check(state, Convert(ref(G("lon")), "F", "nc"), "England") == (
        "London has no separate coasts"
    )


def test_flag_app3_3_garrisons_on_the_standard_map() -> None:
    plain = standard(A("lon", "England"))
    assert check(plain, Convert(ref(A("lon")), "G"), "England") == (
        "there are no garrisons in this game"
    )
    with_garrisons = standard(A("lon", "England"), F("edi", "England"), garrisons=True)
    assert check(with_garrisons, Convert(ref(A("lon")), "G"), "England") is None
    assert check(with_garrisons, Convert(ref(F("edi")), "G"), "England") is None


def test_flag_garrisons_1_no_conversion_without_garrisons() -> None:
    state = position(A("flo"), garrisons=False)
    assert check(state, Convert(ref(A("flo")), "G")) == "there are no garrisons in this game"


def test_siege_6_besieged_garrison_cannot_convert() -> None:
    besieged = position(G("luc"), A("luc", "Papacy", siege=1))
    assert check(besieged, Convert(ref(G("luc")), "A")) == (
        "a besieged garrison cannot convert (SIEGE-6)"
    )
    first_campaign = position(G("luc"), A("luc", "Papacy", siege=0))
    assert check(first_campaign, Convert(ref(G("luc")), "A")) is None
    own_army = position(G("luc"), A("luc", siege=1))
    assert check(own_army, Convert(ref(G("luc")), "A")) is None
    mach2 = position(G("luc"), A("luc", "Papacy", siege=1), mach2=True)
    assert check(mach2, Convert(ref(G("luc")), "A")) is None


# ----------------------------------------------------------------------
# Sieges
# ----------------------------------------------------------------------
def test_siege_1_besiege_a_garrison_in_own_province() -> None:
    state = position(A("luc"), G("luc", None))
    assert check(state, Besiege(ref(A("luc")))) is None
    assert check(position(A("luc")), Besiege(ref(A("luc")))) == (
        "there is nothing to besiege in Lucca"
    )
    assert check(position(A("pst")), Besiege(ref(A("pst")))) == (
        "there is no fortified city in Pistoia to besiege"
    )
    assert check(state, Besiege(ref(G("luc")))) == "the garrison in Lucca is not yours"
    assert check(position(G("luc")), Besiege(ref(G("luc")))) == "a garrison cannot besiege"


def test_reb_rm_besiege_a_rebelling_city() -> None:
    state = position(A("luc"))
    state.rebellions["luc"] = Rebellion("luc", FLO, in_province=False, in_city=True)
    assert check(state, Besiege(ref(A("luc")))) is None


def test_siege_12_besiege_own_garrison_is_accepted() -> None:
    assert check(position(A("luc"), G("luc")), Besiege(ref(A("luc")))) is None


def test_siege_2_fleet_besieges_only_ports() -> None:
    assert check(position(F("gen"), G("gen", None)), Besiege(ref(F("gen")))) is None
    assert check(position(F("luc"), G("luc", None)), Besiege(ref(F("luc")))) == (
        "a fleet can besiege only a port city (SIEGE-2)"
    )


def test_ven_f_venice_garrison_cannot_be_besieged() -> None:
    state = position(A("ven"))
    assert check(state, Besiege(ref(A("ven")))) == (
        "a garrison in Venice can never be besieged (VEN-F)"
    )
    assert "Besiege" not in {type(o).__name__ for v in legal_orders(
        CLASSIC, state, FLO).values() for o in v}


def test_flag_app3_4_no_sieges_on_plain_standard_map() -> None:
    state = standard(A("lon", "England"))
    assert check(state, Besiege(ref(A("lon"))), "England") == (
        "there are no garrisons or sieges in this game"
    )


def test_siege_4_lift_siege_needs_a_siege() -> None:
    assert check(position(A("luc", siege=1), G("luc", None)), LiftSiege(ref(A("luc")))) is None
    assert check(position(A("luc"), G("luc", None)), LiftSiege(ref(A("luc")))) == (
        "the army in Lucca is not besieging"
    )
    assert check(position(G("luc")), LiftSiege(ref(G("luc")))) == (
        "a garrison cannot lift a siege"
    )


# ----------------------------------------------------------------------
# Alliances
# ----------------------------------------------------------------------
def test_str_b_ally_order() -> None:
    state = position(A("are"))
    assert check(state, Ally(MIL)) is None
    assert check(state, Ally(MIL, False)) is None
    assert check(state, Ally(FLO)) == "a power cannot ally with itself"
    assert check(state, Ally("England")) == "unknown power 'England'"


# ----------------------------------------------------------------------
# Retreats (the static part; the rules are in retreats.py)
# ----------------------------------------------------------------------
def test_retreat_destinations() -> None:
    state = position(
        A("are", "Papacy"), A("sie", "Papacy"), phase="retreat",
        dislodged=(Dislodged(A("flo"), "are"),),
    )
    state.contested = ["bol"]
    flo = ref(A("flo"))
    assert check(state, Retreat(flo, "pst")) is None
    assert check(state, Retreat(flo, "are")) is not None  # the attacker came from there
    assert check(state, Retreat(flo, "sie")) is not None  # occupied
    assert check(state, Retreat(flo, "bol")) is not None  # a standoff left it empty
    assert check(state, Retreat(flo, "ven")) is not None  # not adjacent
    assert check(state, Retreat(ref(A("are")), "pst")) == "no dislodged army in Arezzo"
    assert check(state, Disband(flo)) is None


def test_conv_p5_retreat_by_conversion_only_when_nothing_else() -> None:
    open_city = position(phase="retreat", dislodged=(Dislodged(A("flo"), "are"),))
    assert check(open_city, Retreat(ref(A("flo")), "flo", None, "G")) is not None
    hemmed = position(
        *(A(p, "Papacy") for p in ("are", "bol", "pst", "psa", "sie", "urb", "rma")),
        phase="retreat", dislodged=(Dislodged(A("flo"), "are"),),
    )
    assert check(hemmed, Retreat(ref(A("flo")), "flo", None, "G"), ) is None
    assert check(hemmed, Retreat(ref(A("flo")), "are", None, "G")) == (
        "a retreat can only convert into the garrison of the unit's own city"
    )


def test_retreat_fleet_coast() -> None:
    state = position(phase="retreat", dislodged=(Dislodged(F("ist"), "uas"),))
    assert check(state, Retreat(ref(F("ist")), "cro")) == "the coast of Croatia must be given"
    assert check(state, Retreat(ref(F("ist")), "cro", "sc")) is None


# ----------------------------------------------------------------------
# Adjustments (only the position's part; counts and money are adjustments.py's)
# ----------------------------------------------------------------------
def test_adj_a_builds_in_controlled_home_cities() -> None:
    state = position(A("are"), phase="adjustment")
    assert check(state, Build("A", "flo")) is None
    assert check(state, Build("G", "flo")) is None
    assert check(state, Build("A", "sie")) == (
        "Siena is not in a home country Florence holds (ADJ-A)"
    )
    assert check(state, Build("A", "pst")) == "Pistoia has no city to build in (ADJ-A)"
    assert check(state, Build("A", "are")) == (
        "Arezzo held a unit when the phase began: no trading old for new (ADJ-D)"
    )
    assert check(state, Build("G", "are")) is None  # ADJ-B: the city is free
    state.province_owner["flo"] = MIL
    assert check(state, Build("A", "flo")) == (
        "Florence must control both Florence and its city (OWN-7)"
    )


def test_unit_4_fleets_built_only_in_ports() -> None:
    state = position(phase="adjustment")
    assert check(state, Build("F", "psa")) is None
    assert check(state, Build("F", "flo")) == (
        "a fleet can be built only in a port city, not in Florence (ADJ-A3)"
    )
    assert check(state, Build("F", "nap"), "Naples") is None


def test_fort_b_no_garrison_built_in_fortress() -> None:
    state = position(phase="adjustment", fortresses=True)
    assert check(state, Build("G", "aqu"), "Naples") == (
        "no garrison may be built in a fortress (FORT-B)"
    )


def test_adj_e_no_builds_in_rebellion() -> None:
    state = position(phase="adjustment")
    state.rebellions["flo"] = Rebellion("flo", FLO)
    assert check(state, Build("A", "flo")) == "Florence is in rebellion (ADJ-E, REB-EFF-5.5)"


def test_reb_eff_5_6_garrison_built_in_quiet_city_of_rebelling_province() -> None:
    state = position(phase="adjustment")
    state.rebellions["flo"] = Rebellion("flo", FLO, in_province=True, in_city=False)
    assert check(state, Build("G", "flo")) is None
    state.rebellions["flo"] = Rebellion("flo", FLO, in_province=True, in_city=True)
    assert check(state, Build("G", "flo")) == "Florence is in rebellion (ADJ-E, REB-EFF-5.5)"


def test_fam_b_no_builds_in_famine() -> None:
    state = position(phase="adjustment")
    state.famine = ["flo"]
    assert check(state, Build("A", "flo")) == "Florence is struck by famine (FAM-B)"


def test_maintain_void_without_money() -> None:
    state = position(A("are"), phase="adjustment", money=False)
    assert check(state, Maintain(ref(A("are")))) == "without money units need no maintain order"
    assert check(standard(A("mos", "Russia"), phase="adjustment"), Maintain(
        ref(A("mos", "Russia"))), "Russia") == "without money units need no maintain order"


def test_spec_1_special_builds_need_special_units() -> None:
    state = position(phase="adjustment")
    assert check(state, Build("A", "flo", None, "elite_mercenary")) is None
    state.options["special"] = False
    assert check(state, Build("A", "flo", None, "militia")) == (
        "there are no special units in this game"
    )


def test_datc_6_i_builds_on_the_standard_map() -> None:
    state = standard(phase="adjustment")
    assert check(state, Build("F", "stp", "nc"), "Russia") is None
    assert check(state, Build("F", "stp"), "Russia") == "the coast of St Petersburg must be given"
    why = check(state, Build("A", "war"), "Germany")
    assert why == "Warsaw is not one of your home supply centres"
    assert check(state, Build("F", "mos"), "Russia") is not None
    garrisoned = standard(G("mos", "Russia"), phase="adjustment", garrisons=True)
    assert check(garrisoned, Build("A", "mos"), "Russia") == "Moscow is occupied"
    assert check(state, Waive(), "Russia") is None


def test_remove_and_maintain_own_units() -> None:
    state = position(A("are"), A("sie", "Papacy"), phase="adjustment")
    assert check(state, Remove(ref(A("are")))) is None
    assert check(state, Maintain(ref(A("are")))) is None
    assert check(state, Remove(ref(A("sie")))) == "the army in Siena is not yours"


# ----------------------------------------------------------------------
# legal_orders
# ----------------------------------------------------------------------
def _every(board_state: tuple[Board, State]) -> None:
    board, state = board_state
    for power in state.powers:
        for key, orders in legal_orders(board, state, power).items():
            assert orders
            for order in orders:
                assert order_key(order) == key
                assert check_order(board, state, power, order) is None, order


def test_legal_orders_are_legal_classic_1454() -> None:
    _every(load_scenario("classic_1454"))


def test_legal_orders_are_legal_standard_1901() -> None:
    _every(load_scenario("standard_1901"))


def test_legal_orders_classic_1454_content() -> None:
    board, state = load_scenario("classic_1454")
    florence = legal_orders(board, state, FLO)
    are = florence[("unit", "are", "AF")]
    assert Move(UnitRef("A", "are"), "sie") in are
    assert Hold(UnitRef("A", "are")) in are
    assert SupportMove(UnitRef("A", "are"), UnitRef("A", "flo"), "sie") in are
    assert Convert(UnitRef("A", "are"), "G") in are
    psa = florence[("unit", "psa", "AF")]
    assert Convert(UnitRef("F", "psa"), "G") in psa
    assert Move(UnitRef("F", "psa"), "ets") in psa
    assert florence[("ally", MIL)] == [Ally(MIL), Ally(MIL, False)]
    venice = legal_orders(board, state, "Venice")
    garrison = venice[("unit", "ven", "G")]
    assert Convert(UnitRef("G", "ven"), "A") in garrison
    assert Convert(UnitRef("G", "ven"), "F") in garrison
    assert all(not isinstance(o, Move) for o in garrison)


def test_legal_orders_convoys() -> None:
    state = position(A("nap"), F("gon"), F("ets"))
    orders = legal_orders(CLASSIC, state, FLO)
    army = orders[("unit", "nap", "AF")]
    assert Move(UnitRef("A", "nap"), "psa") in army
    assert Move(UnitRef("A", "nap"), "cap", convoy=True) in army
    assert Convoy(UnitRef("F", "gon"), UnitRef("A", "nap"), "psa") in orders[("unit", "gon", "AF")]
    assert Convoy(UnitRef("F", "ets"), UnitRef("A", "nap"), "psa") in orders[("unit", "ets", "AF")]
    # a supporter can support the convoyed move
    state.units.append(A("pst"))
    pst = legal_orders(CLASSIC, state, FLO)[("unit", "pst", "AF")]
    assert SupportMove(UnitRef("A", "pst"), UnitRef("A", "nap"), "psa") in pst


def test_legal_orders_retreat_phase() -> None:
    state = position(
        A("are", "Papacy"), phase="retreat", dislodged=(Dislodged(A("flo"), "are"),)
    )
    orders = legal_orders(CLASSIC, state, FLO)[("unit", "flo", "AF")]
    assert Retreat(UnitRef("A", "flo"), "pst") in orders
    assert Disband(UnitRef("A", "flo")) in orders
    assert Retreat(UnitRef("A", "flo"), "are") not in orders
    assert Retreat(UnitRef("A", "flo"), "flo", None, "G") not in orders
    for order in orders:
        assert check(state, order) is None


def test_legal_orders_adjustment_phase() -> None:
    board, state = load_scenario("classic_1454")
    state = replace(state, phase="adjustment", units=[u for u in state.units if u.owner != FLO])
    orders = legal_orders(board, state, FLO)
    assert Build("F", "psa") in orders[("unit", "psa", "AF")]
    assert Build("G", "flo", None, "militia") in orders[("unit", "flo", "G")]
    assert ("unit", "pst", "AF") not in orders  # no city
    for key_orders in orders.values():
        for order in key_orders:
            assert check_order(board, state, FLO, order) is None


def test_legal_orders_fast() -> None:
    board, state = load_scenario("classic_1454")
    legal_orders(board, state, FLO)  # warm the caches
    start = time.perf_counter()
    for _ in range(10):
        for power in state.powers:
            legal_orders(board, state, power)
    assert (time.perf_counter() - start) / 80 < 0.02


@pytest.mark.parametrize("scenario", ["classic_1454", "standard_1901"])
def test_every_unit_has_a_hold(scenario: str) -> None:
    board, state = load_scenario(scenario)
    for power in state.powers:
        orders = legal_orders(board, state, power)
        for unit in state.units_of(power):
            key = ("unit", unit.province, "G" if unit.kind == "G" else "AF")
            assert Hold(ref(unit)) in orders[key]

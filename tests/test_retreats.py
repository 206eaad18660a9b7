"""Retreat phase: Diplomacy retreats plus Machiavelli's RET-*, CONV-P3/5/6, VEN-C, STR-H rules.

The Machiavelli rules are checked on a small hand-made board (a few real
province names, simplified adjacency); the DATC 6.H positions on the standard
map when ``machiavelli.core.maps`` can load it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from machiavelli.core.board import Board, City, Province, Strait
from machiavelli.core.orders import (
    Convert,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportMove,
    UnitRef,
)
from machiavelli.core.results import Adjudication
from machiavelli.core.state import Dislodged, Rebellion, State, Unit
from machiavelli.movement.retreats import conversion_problem, resolve_retreats, retreat_destinations

FORT_PORT = City("fortified", True, 1)
FORT = City("fortified", False, 1)
OPEN = City("unfortified", False, 1)


def _board() -> Board:
    """A toy Italy: Genoa, Turin, Milan, Pavia on land; Pisa-Piombino by the sea; Venice."""
    provinces = [
        Province("gen", "Genoa", False, "G", FORT_PORT),
        Province("tur", "Turin", False, None, FORT),
        Province("mil", "Milan", False, "M", FORT),
        Province("pav", "Pavia", False),
        Province("lig", "Ligurian Sea", True),
        Province("psa", "Pisa", False, "F", FORT_PORT),
        Province("pio", "Piombino", False),
        Province("sie", "Siena", False, "F", OPEN),
        Province("ets", "Eastern Tyrrhenian Sea", True),
        Province("ven", "Venice", False, "V", FORT_PORT, venice=True),
        Province("pad", "Padua", False, "V", OPEN),
        Province("lag", "Venice Lagoon", True),
        Province("fri", "Friuli", False),
    ]
    army = [
        ("gen", "pav"), ("gen", "tur"), ("pav", "tur"), ("pav", "mil"), ("tur", "mil"),
        ("psa", "pio"), ("psa", "sie"), ("pio", "sie"), ("gen", "psa"),
        ("ven", "pad"), ("pad", "mil"), ("ven", "fri"), ("pad", "fri"),
    ]  # fmt: skip
    fleet = [
        ("gen", "lig"), ("lig", "psa"), ("lig", "ets"), ("psa", "ets"), ("pio", "ets"),
        ("pio", "psa"), ("gen", "psa"), ("ven", "lag"), ("pad", "lag"), ("fri", "lag"),
    ]  # fmt: skip
    return _make_board(provinces, army, fleet, (Strait(("psa", "ets"), "pio"),))


def _make_board(
    provinces: Iterable[Province],
    army: Iterable[tuple[str, str]],
    fleet: Iterable[tuple[str, str]],
    straits: tuple[Strait, ...] = (),
) -> Board:
    provs = {p.id: p for p in provinces}
    army_adj: dict[str, set[str]] = {p: set() for p in provs if not provs[p].sea}
    fleet_adj: dict[str, set[str]] = {}
    for a, b in army:
        army_adj[a].add(b)
        army_adj[b].add(a)
    for a, b in fleet:
        fleet_adj.setdefault(a, set()).add(b)
        fleet_adj.setdefault(b, set()).add(a)
    return Board(
        name="toy",
        title="toy",
        powers={"G": "Genoa", "M": "Milan", "F": "Florence", "V": "Venice"},
        provinces=provs,
        army_adj={k: frozenset(v) for k, v in army_adj.items()},
        fleet_adj={k: frozenset(v) for k, v in fleet_adj.items()},
        straits=straits,
        aliases={p: p for p in provs},
    )


BOARD = _board()


def _state(
    units: Sequence[Unit],
    dislodged: Sequence[Dislodged],
    *,
    season: str = "spring",
    contested: Sequence[str] = (),
    rebellions: Mapping[str, Rebellion] | None = None,
    **options: bool,
) -> State:
    return State(
        board="toy",
        year=1454,
        season=season,  # type: ignore[arg-type]
        phase="retreat",
        powers=["Genoa", "Milan", "Florence", "Venice"],
        units=list(units),
        dislodged=list(dislodged),
        contested=list(contested),
        rebellions=dict(rebellions or {}),
        options=dict(options),
    )


def ref(kind: str, where: str) -> UnitRef:
    province, _, coast = where.partition("/")
    return UnitRef(kind, province, coast or None)  # type: ignore[arg-type]


def retreat(kind: str, where: str, dest: str, to: str | None = None) -> Retreat:
    province, _, coast = dest.partition("/")
    return Retreat(ref(kind, where), province, coast or None, to)  # type: ignore[arg-type]


def unit(kind: str, owner: str | None, where: str, special: str | None = None) -> Unit:
    province, _, coast = where.partition("/")
    return Unit(kind, owner, province, coast or None, special)  # type: ignore[arg-type]


def run(state: State, orders: Mapping[str, Sequence[Order]], board: Board = BOARD) -> Adjudication:
    return resolve_retreats(board, state, orders)


def positions(adj: Adjudication) -> set[tuple[str, str | None, str]]:
    return {(u.kind, u.owner, u.location) for u in adj.state.units}


# -- Diplomacy basics on the toy board --------------------------------------------------


def test_retreat_to_empty_adjacent_province_succeeds() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    order = retreat("A", "gen", "tur")
    adj = run(s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds"
    assert ("A", "Genoa", "tur") in positions(adj)
    assert adj.state.dislodged == [] and adj.state.contested == []


def test_retreat_to_attackers_origin_fails() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    order = retreat("A", "gen", "pav")
    adj = run(s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "fails"
    assert positions(adj) == {("A", "Milan", "gen")}


def test_retreat_to_origin_of_convoyed_attack_succeeds() -> None:
    # attacker_from is None when the winning attack was convoyed (DATC 6.H.11)
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), None)])
    order = retreat("A", "gen", "pav")
    assert run(s, {"Genoa": [order]}).outcome_of(order) == "succeeds"


def test_retreat_to_contested_or_occupied_province_fails() -> None:
    s = _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "tur")],
        [Dislodged(unit("A", "Genoa", "gen"), "psa")],
        contested=["pav"],
    )
    to_pav, to_tur = retreat("A", "gen", "pav"), retreat("A", "gen", "tur")
    assert run(s, {"Genoa": [to_pav]}).outcome_of(to_pav) == "fails"
    assert run(s, {"Genoa": [to_tur]}).outcome_of(to_tur) == "fails"


def test_two_retreats_to_one_province_both_disband() -> None:
    s = _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "mil")],
        [
            Dislodged(unit("A", "Genoa", "gen"), "psa"),
            Dislodged(unit("A", "Florence", "mil"), "pad"),
        ],
    )
    a, b = retreat("A", "gen", "pav"), retreat("A", "mil", "pav")
    adj = run(s, {"Genoa": [a], "Florence": [b]})
    assert adj.outcome_of(a) == adj.outcome_of(b) == "bounced"
    assert positions(adj) == {("A", "Milan", "gen"), ("A", "Milan", "mil")}


def test_unit_without_retreat_order_is_disbanded_and_reported() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    adj = run(s, {})
    assert positions(adj) == {("A", "Milan", "gen")}
    assert adj.outcome_of(Disband(ref("A", "gen"))) == "succeeds"


def test_supports_and_orders_for_other_units_are_void_in_retreats() -> None:
    s = _state(
        [unit("A", "Milan", "gen"), unit("A", "Genoa", "pav")],
        [Dislodged(unit("A", "Genoa", "gen"), "psa")],
    )
    support = SupportMove(ref("A", "pav"), ref("A", "gen"), "tur")
    move = Move(ref("A", "pav"), "tur")
    foreign = retreat("A", "gen", "tur")
    adj = run(s, {"Genoa": [support, move], "Milan": [foreign]})
    assert adj.outcome_of(support) == "void"
    assert adj.outcome_of(move) == "void"
    assert adj.outcome_of(foreign) == "void"  # not Milan's unit
    assert ("A", "Genoa", "pav") in positions(adj)
    assert ("A", "Genoa", "tur") not in positions(adj)


def test_later_order_replaces_earlier_and_move_counts_as_retreat() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    first, second = Disband(ref("A", "gen")), Move(ref("A", "gen"), "tur")
    adj = run(s, {"Genoa": [first, second]})
    assert adj.outcome_of(first) == "void"
    assert adj.outcome_of(second) == "succeeds"
    assert ("A", "Genoa", "tur") in positions(adj)


def test_hold_by_dislodged_unit_disbands_it() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    hold = Hold(ref("A", "gen"))
    adj = run(s, {"Genoa": [hold]})
    assert adj.outcome_of(hold) == "void"
    assert positions(adj) == {("A", "Milan", "gen")}


def test_dislodged_garrison_is_disbanded() -> None:
    s = _state([unit("A", "Milan", "ven")], [Dislodged(unit("G", "Venice", "ven"), "lag")])
    order = retreat("G", "ven", "pad")
    adj = run(s, {"Venice": [order]})
    assert adj.outcome_of(order) == "fails"
    assert positions(adj) == {("A", "Milan", "ven")}


def test_fleet_retreats_along_the_coast_only() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("F", "Genoa", "gen"), "tur")])
    assert retreat_destinations(BOARD, s, s.dislodged[0]) == ("lig", "psa")
    to_pav = retreat("F", "gen", "pav")
    assert run(s, {"Genoa": [to_pav]}).outcome_of(to_pav) == "fails"


def test_retreat_into_a_province_gives_control() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    s.province_owner["tur"] = "Milan"
    adj = run(s, {"Genoa": [retreat("A", "gen", "tur")]})
    assert adj.state.province_owner["tur"] == "Genoa"
    assert adj.state.city_owner["tur"] == "Genoa"


# -- phases ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("season", "options", "expected"),
    [
        ("spring", {}, ("summer", "movement")),
        ("summer", {}, ("fall", "movement")),
        ("fall", {}, ("winter", "adjustment")),
        ("spring", {"summer": False}, ("fall", "movement")),
        ("spring", {"diplomacy": True}, ("fall", "movement")),
        ("fall", {"diplomacy": True}, ("winter", "adjustment")),
    ],
)
def test_phase_after_retreats(
    season: str, options: dict[str, bool], expected: tuple[str, str]
) -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")],
               season=season)  # fmt: skip
    s.options.update(options)
    new = run(s, {}).state
    assert (new.season, new.phase) == expected
    assert new.year == 1454


def test_diplomacy_fall_retreat_updates_supply_centres() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")],
               season="fall", diplomacy=True)  # fmt: skip
    s.city_owner["gen"] = "Genoa"
    s.city_owner["tur"] = "Milan"
    new = run(s, {"Genoa": [retreat("A", "gen", "tur")]}).state
    assert new.city_owner["gen"] == "Milan"
    assert new.city_owner["tur"] == "Genoa"


def test_diplomacy_spring_retreat_keeps_supply_centres() -> None:
    s = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")],
               diplomacy=True)  # fmt: skip
    s.city_owner["gen"] = "Genoa"
    new = run(s, {"Genoa": [retreat("A", "gen", "tur")]}).state
    assert new.city_owner == {"gen": "Genoa"}


# -- RET-1 .. RET-4 ------------------------------------------------------------------------


def _gen_boxed_in(rebel_against: str, in_city: bool = True) -> State:
    """Genoa's army is dislodged from pav; tur and psa are occupied: only the city is left."""
    return _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "tur"), unit("A", "Milan", "psa")],
        [Dislodged(unit("A", "Genoa", "gen"), "pav")],
        rebellions={"gen": Rebellion("gen", rebel_against, True, in_city)},
    )


def test_ret_1_no_retreat_into_rebelling_city() -> None:
    s = _gen_boxed_in("Genoa")
    order = retreat("A", "gen", "gen", "G")
    adj = run(s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "fails"
    assert "rebellion" in adj.results[0].note
    assert all(u.owner != "Genoa" for u in adj.state.units)


def test_ret_1_ambiguity_9_every_power_is_barred_not_only_the_target() -> None:
    # Ruling RET-1 (ambiguity 9): the gates are locked to everybody.
    s = _gen_boxed_in("Milan")
    order = retreat("A", "gen", "gen", "G")
    assert run(s, {"Genoa": [order]}).outcome_of(order) == "fails"


def test_ret_1_no_retreat_into_rebelling_venice() -> None:
    s = _state(
        [unit("A", "Milan", "pad")],
        [Dislodged(unit("A", "Florence", "fri"), "lag")],
        rebellions={"ven": Rebellion("ven", "Venice", False, True)},
    )
    order = retreat("A", "fri", "ven")
    assert run(s, {"Florence": [order]}).outcome_of(order) == "fails"


def test_reb_eff_5_2_target_cannot_retreat_into_rebelling_city() -> None:
    s = _gen_boxed_in("Genoa")
    assert conversion_problem(BOARD, s, s.dislodged[0]) is not None


def test_ret_2_retreat_into_rebelling_province_allowed() -> None:
    s = _state(
        [unit("A", "Milan", "gen")],
        [Dislodged(unit("A", "Genoa", "gen"), "pav")],
        rebellions={"tur": Rebellion("tur", "Genoa", True, True)},
    )
    order = retreat("A", "gen", "tur")
    adj = run(s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds"
    assert ("A", "Genoa", "tur") in positions(adj)
    assert "tur" in adj.state.rebellions  # directed against Genoa: not liberated


def test_reb_rm_8_3_retreat_of_another_power_liberates_rebellion() -> None:
    s = _state(
        [unit("A", "Milan", "gen")],
        [Dislodged(unit("A", "Genoa", "gen"), "pav")],
        rebellions={"tur": Rebellion("tur", "Milan", True, True)},
    )
    adj = run(s, {"Genoa": [retreat("A", "gen", "tur")]})
    assert "tur" not in adj.state.rebellions


def test_ret_3_rebels_do_not_support_retreats() -> None:
    # Moving into Turin, Genoa would get the rebels' support (REB-EFF-6.1); retreating it does not.
    s = _state(
        [unit("A", "Florence", "gen"), unit("A", "Florence", "mil")],
        [
            Dislodged(unit("A", "Genoa", "gen"), "psa"),
            Dislodged(unit("A", "Venice", "mil"), "pad"),
        ],
        rebellions={"tur": Rebellion("tur", "Venice", True, True)},
    )
    a, b = retreat("A", "gen", "tur"), retreat("A", "mil", "tur")
    adj = run(s, {"Genoa": [a], "Venice": [b]})
    assert adj.outcome_of(a) == adj.outcome_of(b) == "bounced"
    assert not any(u.province == "tur" for u in adj.state.units)


def test_ret_4_elites_bounce_in_retreats() -> None:
    s = _state(
        [unit("A", "Florence", "gen"), unit("A", "Florence", "mil")],
        [
            Dislodged(unit("A", "Genoa", "gen", "elite_professional"), "psa"),
            Dislodged(unit("A", "Milan", "mil", "militia"), "pad"),
        ],
    )
    elite, militia = retreat("A", "gen", "pav"), retreat("A", "mil", "pav")
    adj = run(s, {"Genoa": [elite], "Milan": [militia]})
    assert adj.outcome_of(elite) == adj.outcome_of(militia) == "bounced"
    assert not any(u.province == "pav" for u in adj.state.units)


def test_ret_4_own_elite_and_normal_unit_bounce_too() -> None:
    s = _state(
        [unit("A", "Florence", "gen"), unit("A", "Florence", "mil")],
        [
            Dislodged(unit("A", "Genoa", "gen", "elite_mercenary"), "psa"),
            Dislodged(unit("A", "Genoa", "mil"), "pad"),
        ],
    )
    a, b = retreat("A", "gen", "pav"), retreat("A", "mil", "pav")
    adj = run(s, {"Genoa": [a, b]})
    assert adj.outcome_of(a) == adj.outcome_of(b) == "bounced"


# -- conversion in retreats ----------------------------------------------------------------


def test_conv_p5_retreat_into_city_only_when_nothing_else() -> None:
    open_state = _state([unit("A", "Milan", "gen")], [Dislodged(unit("A", "Genoa", "gen"), "pav")])
    order = retreat("A", "gen", "gen", "G")
    adj = run(open_state, {"Genoa": [order]})
    assert adj.outcome_of(order) == "fails"
    assert "CONV-P5" in adj.results[0].note

    boxed = _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "tur"), unit("A", "Milan", "psa")],
        [Dislodged(unit("A", "Genoa", "gen", "elite_mercenary"), "pav")],
    )
    adj = run(boxed, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds"
    assert Unit("G", "Genoa", "gen", special="elite_mercenary") in adj.state.units
    assert adj.state.city_owner["gen"] == "Genoa"
    assert adj.state.province_owner["gen"] == "Milan"


def test_conv_p5_convert_order_is_read_as_retreat_by_conversion() -> None:
    boxed = _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "tur"), unit("A", "Milan", "psa")],
        [Dislodged(unit("A", "Genoa", "gen"), "pav")],
    )
    order = Convert(ref("A", "gen"), "G")
    adj = run(boxed, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds"
    assert ("G", "Genoa", "gen") in positions(adj)


def test_conv_p5_city_must_be_empty_and_fortified() -> None:
    occupied = _state(
        [unit("A", "Milan", "gen"), unit("G", "Milan", "gen"), unit("A", "Milan", "tur"),
         unit("A", "Milan", "psa")],
        [Dislodged(unit("A", "Genoa", "gen"), "pav")],
    )  # fmt: skip
    assert "occupied" in (conversion_problem(BOARD, occupied, occupied.dislodged[0]) or "")
    unfortified = _state(
        [unit("A", "Milan", "sie"), unit("A", "Milan", "pio")],
        [Dislodged(unit("A", "Florence", "sie"), "psa")],
    )
    order = retreat("A", "sie", "sie", "G")
    assert run(unfortified, {"Florence": [order]}).outcome_of(order) == "fails"


def test_conv_p6_no_conversion_when_dislodged_by_that_citys_garrison() -> None:
    s = _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "tur"), unit("A", "Milan", "psa")],
        [Dislodged(unit("A", "Genoa", "gen"), "gen#", by_conversion=True)],
    )
    order = retreat("A", "gen", "gen", "G")
    adj = run(s, {"Genoa": [order]})
    assert adj.outcome_of(order) == "fails"
    assert "CONV-P6" in adj.results[0].note
    # ... while pav, whence nobody attacked, stays open to an ordinary retreat
    to_pav = retreat("A", "gen", "pav")
    assert run(s, {"Genoa": [to_pav]}).outcome_of(to_pav) == "succeeds"


def test_conv_p3_fleet_retreats_by_conversion_only_into_port_city() -> None:
    # Genoa's city is a port; Turin's is not (a fleet there is impossible on a real map,
    # so the toy board lets Turin's fleet stand on the Ligurian coast).
    port = _state(
        [unit("A", "Milan", "gen"), unit("F", "Milan", "lig"), unit("F", "Milan", "psa")],
        [Dislodged(unit("F", "Genoa", "gen"), "tur")],
    )
    order = retreat("F", "gen", "gen", "G")
    adj = run(port, {"Genoa": [order]})
    assert adj.outcome_of(order) == "succeeds"
    assert ("G", "Genoa", "gen") in positions(adj)

    board = _make_board(
        [Province("tur", "Turin", False, None, FORT), Province("lig", "Ligurian Sea", True)],
        [],
        [("tur", "lig")],
    )
    inland = _state([unit("F", "Milan", "lig")], [Dislodged(unit("F", "Genoa", "tur"), "lig")])
    order = retreat("F", "tur", "tur", "G")
    adj = run(inland, {"Genoa": [order]}, board)
    assert adj.outcome_of(order) == "fails"
    assert "CONV-P3" in adj.results[0].note


def test_conversion_needs_garrisons_in_play() -> None:
    s = _state(
        [unit("A", "Milan", "gen"), unit("A", "Milan", "tur"), unit("A", "Milan", "psa")],
        [Dislodged(unit("A", "Genoa", "gen"), "pav")],
        garrisons=False,
    )
    assert conversion_problem(BOARD, s, s.dislodged[0]) == "garrisons are not in play"


def test_ven_c_no_retreat_into_venice_city() -> None:
    s = _state(
        [unit("F", "Milan", "ven"), unit("A", "Milan", "pad"), unit("A", "Milan", "fri")],
        [Dislodged(unit("A", "Venice", "ven"), "lag")],
    )
    order = retreat("A", "ven", "ven", "G")
    adj = run(s, {"Venice": [order]})
    assert adj.outcome_of(order) == "fails"
    assert "VEN-C" in adj.results[0].note
    assert positions(adj) == {("F", "Milan", "ven"), ("A", "Milan", "pad"), ("A", "Milan", "fri")}


def test_ven_c_unit_in_venice_may_still_retreat_to_land() -> None:
    s = _state([unit("F", "Milan", "ven")], [Dislodged(unit("A", "Venice", "ven"), "lag")])
    order = retreat("A", "ven", "pad")
    assert run(s, {"Venice": [order]}).outcome_of(order) == "succeeds"


def test_venice_is_occupied_by_its_garrison() -> None:
    s = _state([unit("G", "Venice", "ven"), unit("A", "Milan", "fri")],
               [Dislodged(unit("A", "Florence", "pad"), "mil")])  # fmt: skip
    order = retreat("A", "pad", "ven")
    assert run(s, {"Florence": [order]}).outcome_of(order) == "fails"


# -- straits ---------------------------------------------------------------------------


def _pisa_fleet(keeper: Unit) -> State:
    return _state(
        [unit("A", "Milan", "psa"), keeper], [Dislodged(unit("F", "Florence", "psa"), "sie")]
    )


def test_str_h_hostile_fleet_closes_strait_to_retreat() -> None:
    s = _pisa_fleet(unit("F", "Milan", "pio"))
    order = retreat("F", "psa", "ets")
    adj = run(s, {"Florence": [order]})
    assert adj.outcome_of(order) == "fails"
    assert "STR-H" in adj.results[0].note
    assert "ets" not in retreat_destinations(BOARD, s, s.dislodged[0])


def test_str_h_own_fleet_army_or_permission_leaves_strait_open() -> None:
    order = retreat("F", "psa", "ets")
    for keeper in (unit("F", "Florence", "pio"), unit("A", "Milan", "pio")):
        assert run(_pisa_fleet(keeper), {"Florence": [order]}).outcome_of(order) == "succeeds"
    s = _pisa_fleet(unit("F", "Milan", "pio"))
    adj = resolve_retreats(BOARD, s, {"Florence": [order]}, permissions={"Milan": ["Florence"]})
    assert adj.outcome_of(order) == "succeeds"


def test_str_h2_fleet_retreating_into_piombino_does_not_block() -> None:
    s = _state(
        [unit("A", "Milan", "psa"), unit("F", "Milan", "lig")],
        [
            Dislodged(unit("F", "Florence", "psa"), "gen"),
            Dislodged(unit("F", "Genoa", "lig"), "gen"),
        ],
    )
    # Genoa's fleet needs a way into Piombino: the toy board plus a Ligurian coast for it
    board = _make_board(
        list(BOARD.provinces.values()),
        [(a, b) for a, ends in BOARD.army_adj.items() for b in ends if a < b],
        [(a, b) for a, ends in BOARD.fleet_adj.items() for b in ends if a < b] + [("lig", "pio")],
        BOARD.straits,
    )
    into_pio, through = retreat("F", "lig", "pio"), retreat("F", "psa", "ets")
    adj = run(s, {"Genoa": [into_pio], "Florence": [through]}, board)
    assert adj.outcome_of(into_pio) == "succeeds"
    assert adj.outcome_of(through) == "succeeds"
    assert {("F", "Genoa", "pio"), ("F", "Florence", "ets")} <= positions(adj)


# -- multi-coast and DATC 6.H on the standard map --------------------------------------


def _standard() -> Board:
    from machiavelli.core import maps

    return maps.load_board("standard")


def _dip(board: Board, units: str, dislodged: Sequence[tuple[str, str, str | None]],
         contested: Sequence[str] = ()) -> State:  # fmt: skip
    """units: "Power: A xxx" lines; dislodged: (power, "A xxx", attacker_from)."""
    placed = []
    for line in units.strip().splitlines():
        power, _, rest = line.strip().partition(": ")
        kind, where = rest.split()
        placed.append(unit(kind, power, where))
    return State(
        board=board.name,
        year=1901,
        season="spring",
        phase="retreat",
        powers=sorted(set(board.powers.values())),
        units=placed,
        dislodged=[
            Dislodged(unit(kind, power, loc), frm)
            for power, u, frm in dislodged
            for kind, loc in [u.split()]
        ],
        contested=list(contested),
        options={"diplomacy": True},
    )


def _r(where: str, dest: str) -> Retreat:
    kind, loc = where.split()
    return retreat(kind, loc, dest)


def test_datc_6_h_1_no_supports_during_retreat() -> None:
    b = _standard()
    s = _dip(b, """Austria: A ser
                   Italy: A tri
                   Italy: F gre""",
             [("Austria", "F tri", "tyr"), ("Turkey", "F gre", "ion")])  # fmt: skip
    a, sup, t = (
        _r("F tri", "alb"),
        SupportMove(ref("A", "ser"), ref("F", "tri"), "alb"),
        _r("F gre", "alb"),
    )
    adj = resolve_retreats(b, s, {"Austria": [a, sup], "Turkey": [t]})
    assert adj.outcome_of(sup) == "void"
    assert adj.outcome_of(a) == adj.outcome_of(t) == "bounced"
    assert {u.province for u in adj.state.units} == {"ser", "tri", "gre"}


def test_datc_6_h_5_no_retreat_to_attackers_origin() -> None:
    b = _standard()
    s = _dip(b, "Russia: F con\nRussia: F ank", [("Turkey", "F ank", "bla")])
    order = _r("F ank", "bla")
    adj = resolve_retreats(b, s, {"Turkey": [order]})
    assert adj.outcome_of(order) == "fails"
    assert retreat_destinations(b, s, s.dislodged[0]) == ("arm",)


def test_datc_6_h_6_no_retreat_to_contested_area() -> None:
    b = _standard()
    s = _dip(b, "Austria: A vie\nGermany: A mun\nGermany: A sil", [("Italy", "A vie", "tri")],
             contested=["boh"])  # fmt: skip
    order = _r("A vie", "boh")
    assert resolve_retreats(b, s, {"Italy": [order]}).outcome_of(order) == "fails"


def test_datc_6_h_9_dislodged_unit_does_not_make_attackers_area_contested() -> None:
    b = _standard()
    s = _dip(b, "England: F kie\nGermany: A pru",
             [("Russia", "A pru", "ber"), ("Germany", "F kie", "hel")])  # fmt: skip
    kie, pru = _r("F kie", "ber"), _r("A pru", "war")
    adj = resolve_retreats(b, s, {"Germany": [kie], "Russia": [pru]})
    assert adj.outcome_of(kie) == adj.outcome_of(pru) == "succeeds"


def test_datc_6_h_13_no_retreat_with_convoy() -> None:
    b = _standard()
    s = _dip(b, "England: F eng\nFrance: A pic", [("England", "A pic", "par")])
    order = _r("A pic", "lon")
    assert resolve_retreats(b, s, {"England": [order]}).outcome_of(order) == "fails"


def test_datc_6_h_16_contested_for_both_coasts() -> None:
    b = _standard()
    s = _dip(b, "France: F mid\nItaly: F wes", [("France", "F wes", "tys")], contested=["spa"])
    order = _r("F wes", "spa/sc")
    assert resolve_retreats(b, s, {"France": [order]}).outcome_of(order) == "fails"


def test_multi_coast_retreat_needs_the_coast_when_both_reachable() -> None:
    b = _standard()
    s = _dip(b, "Italy: F mid", [("France", "F mao", "nao")])
    assert {"spa/nc", "spa/sc"} <= set(retreat_destinations(b, s, s.dislodged[0]))
    vague, exact = _r("F mao", "spa"), _r("F mao", "spa/nc")
    assert resolve_retreats(b, s, {"France": [vague]}).outcome_of(vague) == "fails"
    adj = resolve_retreats(b, s, {"France": [exact]})
    assert adj.outcome_of(exact) == "succeeds"
    assert ("F", "France", "spa/nc") in positions(adj)


def test_fleet_retreat_to_single_reachable_coast_fills_it_in() -> None:
    b = _standard()
    s = _dip(b, "Italy: F lyo", [("France", "F lyo", "tys")])
    order = _r("F lyo", "spa")
    adj = resolve_retreats(b, s, {"France": [order]})
    assert adj.outcome_of(order) == "succeeds"
    assert ("F", "France", "spa/sc") in positions(adj)

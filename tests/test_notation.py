"""The order language (001 ORDER SYNTAX, RULES.md ORD-*): parse, format, errors."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
)
from machiavelli.core.state import Dislodged, PhaseKind, State, Unit
from machiavelli.game.scenario import load_scenario
from machiavelli.movement.legal_lists import legal_orders
from machiavelli.text.notation import OrderError, format_order, parse_order, parse_orders
from machiavelli.text.order_words import OrderSyntaxError, tokens

CLASSIC = load_board("classic")
STANDARD = load_board("standard")
FLO = "Florence"


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


def A(province: str, owner: str | None = FLO) -> Unit:
    return Unit("A", owner, province)


def F(province: str, owner: str | None = FLO, coast: str | None = None) -> Unit:
    return Unit("F", owner, province, coast)


def G(province: str, owner: str | None = FLO) -> Unit:
    return Unit("G", owner, province)


def ref(kind: str, province: str, coast: str | None = None) -> UnitRef:
    return UnitRef(kind, province, coast)  # type: ignore[arg-type]


# A position with something of every kind for Florence.
BASE = position(
    A("are"), A("flo"), G("flo"), F("psa"), F("gon"), A("nap"), G("luc"), A("luc"),
    F("cro", coast="nc"), F("dal"), F("avi"), A("sie", "Papacy"), G("gen", None),
)


def parse(text: str, state: State = BASE, board: Board = CLASSIC, power: str = FLO) -> Order:
    return parse_order(text, board, state, power)


def error(text: str, state: State = BASE, board: Board = CLASSIC, power: str = FLO) -> str:
    with pytest.raises(OrderSyntaxError) as info:
        parse_order(text, board, state, power)
    return info.value.reason


# ----------------------------------------------------------------------
# Keyword aliases (ORD-KW-*)
# ----------------------------------------------------------------------
@pytest.mark.parametrize("word", ["h", "hold", "holds", "stand", "stands", "HOLD", ""])
def test_ord_kw_holds(word: str) -> None:
    assert parse(f"A are {word}") == Hold(ref("A", "are"))


@pytest.mark.parametrize(
    "word", ["-", "->", "m", "move", "moves", "move to", "moves to", "MOVES TO"]
)
def test_ord_kw_moves(word: str) -> None:
    assert parse(f"A are {word} sie") == Move(ref("A", "are"), "sie")


@pytest.mark.parametrize("text", ["A are-sie", "A are->sie", "a are -> sie."])
def test_ord_kw_moves_without_spaces(text: str) -> None:
    assert parse(text) == Move(ref("A", "are"), "sie")


@pytest.mark.parametrize("word", ["s", "support", "supports"])
def test_ord_kw_support(word: str) -> None:
    assert parse(f"A are {word} A flo") == SupportHold(ref("A", "are"), ref("A", "flo"))
    assert parse(f"A are {word} A flo - sie") == SupportMove(
        ref("A", "are"), ref("A", "flo"), "sie"
    )


@pytest.mark.parametrize("word", ["t", "transport", "transports", "convoy", "convoys", "c"])
def test_ord_kw_convoy(word: str) -> None:
    assert parse(f"F gon {word} A nap - psa") == Convoy(ref("F", "gon"), ref("A", "nap"), "psa")


@pytest.mark.parametrize("word", ["c", "convert", "convert to", "converts", "converts to"])
def test_ord_kw_convert(word: str) -> None:
    assert parse(f"F psa {word} G") == Convert(ref("F", "psa"), "G")
    assert parse(f"G flo {word} army") == Convert(ref("G", "flo"), "A")


@pytest.mark.parametrize(
    "text", ["A luc b", "A luc besiege", "A luc siege", "A luc B G", "A luc besiege garrison",
             "A luc b g luc", "a lucca besieges"],
)
def test_ord_kw_besiege(text: str) -> None:
    assert parse(text) == Besiege(ref("A", "luc"))


@pytest.mark.parametrize("text", ["A luc l", "A luc lift", "A luc lift siege", "A luc L siege"])
def test_ord_kw_lift(text: str) -> None:
    assert parse(text) == LiftSiege(ref("A", "luc"))


@pytest.mark.parametrize(
    ("word", "kind"),
    [("army", "A"), ("a", "A"), ("fleet", "F"), ("f", "F"), ("garrison", "G"), ("g", "G")],
)
def test_ord_kw_type(word: str, kind: str) -> None:
    place = {"A": "are", "F": "psa", "G": "flo"}[kind]
    assert parse(f"{word} {place} h") == Hold(ref(kind, place))


@pytest.mark.parametrize("coast", ["/sc", "/ sc", "(sc)", " sc", " south coast", "(south coast)",
                                   "/s", "(s)", "/SC"])
def test_ord_kw_coast(coast: str) -> None:
    assert parse(f"F dal - cro{coast}") == Move(ref("F", "dal"), "cro", "sc")


@pytest.mark.parametrize("word", ["allow", "alliance", "alliance with", "ally with", "ally"])
def test_ord_kw_ally(word: str) -> None:
    assert parse(f"{word} Milan") == Ally("Milan")


@pytest.mark.parametrize("word", ["unally", "unally with", "unallow", "disallow"])
def test_ally_withdrawn(word: str) -> None:
    assert parse(f"{word} Milan") == Ally("Milan", allow=False)


@pytest.mark.parametrize("name", ["Milan", "milan", "MILAN", "mi", "mil", "Mila"])
def test_ord_kw_power_name_or_abbreviation(name: str) -> None:
    assert parse(f"ally {name}") == Ally("Milan")


def test_ord_kw_power_ambiguous_and_unknown() -> None:
    state = replace(BASE, powers=["Papacy", "Pavia", FLO])
    assert error("ally pa", state) == "'pa' could be Papacy or Pavia"
    assert error("ally m") == "unknown power 'm'"
    assert error("ally england") == "unknown power 'england'"
    assert error("ally") == "a power is missing"


@pytest.mark.parametrize("text", ["A nap - psa via convoy", "A nap - psa by convoy"])
def test_via_convoy(text: str) -> None:
    assert parse(text) == Move(ref("A", "nap"), "psa", convoy=True)


def test_ord_mv_3_convoy_route() -> None:
    assert parse("A nap - gon - ets - psa") == Move(ref("A", "nap"), "psa", via=("gon", "ets"))
    assert parse("A nap m gulf of naples m pisa via convoy") == Move(
        ref("A", "nap"), "psa", via=("gon",), convoy=True
    )


# -- retreat phase (ORD-RT-*) -------------------------------------------------
RETREAT = position(
    A("are"), A("sie", "Papacy"),
    phase="retreat",
    dislodged=(Dislodged(A("flo"), "are"), Dislodged(F("psa"), "ets")),
)


@pytest.mark.parametrize(
    "word", ["-", "->", "m", "move", "moves to", "r", "retreat", "retreats", "retreat to"]
)
def test_ord_rt_1_retreat(word: str) -> None:
    assert parse(f"A flo {word} pst", RETREAT) == Retreat(ref("A", "flo"), "pst")


@pytest.mark.parametrize("text", ["A flo d", "A flo disband", "d A flo", "disband army flo",
                                  "remove A flo", "r flo", "flo disbands"])
def test_ord_rt_2_disband(text: str) -> None:
    assert parse(text, RETREAT) == Disband(ref("A", "flo"))


@pytest.mark.parametrize("text", ["A flo c g", "A flo convert to garrison", "A flo R G",
                                  "A flo retreat to city"])
def test_conv_p5_retreat_by_conversion_notation(text: str) -> None:
    assert parse(text, RETREAT) == Retreat(ref("A", "flo"), "flo", None, "G")


# -- adjustment phase (ORD-ADJ-*) ----------------------------------------------
ADJUST = replace(BASE, phase="adjustment")


@pytest.mark.parametrize("word", ["b", "build", "builds", "BUILD"])
def test_ord_adj_1_build(word: str) -> None:
    assert parse(f"{word} A pst", ADJUST) == Build("A", "pst")
    assert parse(f"{word} fleet psa", ADJUST) == Build("F", "psa")


@pytest.mark.parametrize(
    ("words", "special"),
    [("militia", "militia"), ("citizen's militia", "militia"), ("citizens militia", "militia"),
     ("elite mercenary", "elite_mercenary"), ("mercenary", "elite_mercenary"),
     ("elite_mercenary", "elite_mercenary"), ("elite mercenaries", "elite_mercenary"),
     ("elite professional", "elite_professional"), ("professional", "elite_professional"),
     ("elite_professional", "elite_professional")],
)
def test_ord_kw_stype_d004_33_special_build(words: str, special: str) -> None:
    assert parse(f"build {words} A flo", ADJUST) == Build("A", "flo", None, special)


@pytest.mark.parametrize("text", ["r A are", "remove A are", "d A are", "disband A are",
                                  "removes are", "A are remove", "A are d", "A are r"])
def test_ord_adj_2_remove(text: str) -> None:
    assert parse(text, ADJUST) == Remove(ref("A", "are"))


@pytest.mark.parametrize("text", ["m A are", "maintain A are", "maintains army arezzo",
                                  "A are maintain", "A are m"])
def test_ord_adj_3_maintain(text: str) -> None:
    assert parse(text, ADJUST) == Maintain(ref("A", "are"))


def test_waive_and_datc_adjustment_spellings() -> None:
    state = load_scenario("standard_1901")[1].copy()
    state.phase = "adjustment"
    assert parse("Waive", state, STANDARD, "Russia") == Waive()
    assert parse("Build F stp/nc", state, STANDARD, "Russia") == Build("F", "stp", "nc")
    assert parse("Build F stp", state, STANDARD, "Russia") == Build("F", "stp")
    assert parse("Remove mos", state, STANDARD, "Russia") == Remove(ref("A", "mos"))


def test_ord_tn_1_disband_in_movement_needs_option() -> None:
    assert error("A are disband") == (
        "disbanding a unit in a movement phase needs the 'disband' option"
    )
    state = replace(BASE, options={**BASE.options, "disband": True})
    assert parse("A are disband", state) == Disband(ref("A", "are"))
    assert parse("a are 0", state) == Disband(ref("A", "are"))


# ----------------------------------------------------------------------
# Places, names, case
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "pid"), [("psa", "psa"), ("pis", "pst"), ("crn", "crn"), ("car", "cri"),
                      ("pisa", "psa"), ("pistoia", "pst"), ("carniola", "crn"),
                      ("carinthia", "cri")],
)
def test_ord_abbr_5_abbreviations(name: str, pid: str) -> None:
    order = parse(f"A flo s A {name}")
    assert isinstance(order, SupportHold)
    assert order.target.province == pid


@pytest.mark.parametrize(
    "text", ["F gon - eastern tyrrhenian sea", "F Gulf of Naples - ETS", "F gulf of naples-ets",
             "fleet GULF OF NAPLES moves to Eastern Tyrrhenian Sea"],
)
def test_multi_word_names(text: str) -> None:
    assert parse(text) == Move(ref("F", "gon"), "ets")


def test_case_insensitive_001_example() -> None:
    sub = parse_orders(
        "ARMY AREZZO -> SIENNA; army florence -> arezzo\nFleet Pisa Convert to Garrison",
        CLASSIC, BASE, FLO,
    )
    assert sub.errors == []
    assert sub.orders == [
        Move(ref("A", "are"), "sie"), Move(ref("A", "flo"), "are"), Convert(ref("F", "psa"), "G"),
    ]


def test_standard_map_names_and_datc_spellings() -> None:
    state = load_scenario("standard_1901")[1]
    assert parse("F bre - Mid-Atlantic Ocean", state, STANDARD, "France") == Move(
        ref("F", "bre"), "mao"
    )
    assert parse("F lon-english channel", state, STANDARD, "England") == Move(
        ref("F", "lon"), "eng"
    )
    assert parse("F stp/sc - bot", state, STANDARD, "Russia") == Move(
        ref("F", "stp", "sc"), "bot"
    )
    assert parse("A lvp - edi via Convoy", state, STANDARD, "England") == Move(
        ref("A", "lvp"), "edi", convoy=True
    )


# ----------------------------------------------------------------------
# Unit types and coasts filled from the position
# ----------------------------------------------------------------------
def test_type_optional_where_unambiguous() -> None:
    assert parse("are - sie") == Move(ref("A", "are"), "sie")
    assert parse("psa h") == Hold(ref("F", "psa"))
    assert parse("F cro h") == Hold(ref("F", "cro", "nc"))


def test_order_form_chooses_between_army_and_garrison() -> None:
    assert parse("flo - pst") == Move(ref("A", "flo"), "pst")
    assert parse("flo c g") == Convert(ref("A", "flo"), "G")
    assert parse("flo c a") == Convert(ref("G", "flo"), "A")
    assert parse("luc b") == Besiege(ref("A", "luc"))
    assert parse("flo s are - pst") == SupportMove(ref("A", "flo"), ref("A", "are"), "pst")
    # a support into the unit's own province is the garrison's (GAR-3)
    assert parse("flo s are - flo") == SupportMove(ref("G", "flo"), ref("A", "are"), "flo")
    assert parse("flo s flo") == SupportHold(ref("G", "flo"), ref("A", "flo"))
    assert parse("A flo s flo") == SupportHold(ref("A", "flo"), ref("G", "flo"))
    assert error("flo h") == "Florence holds an army and a garrison: write the unit type"


def test_supported_and_convoyed_units_filled_from_position() -> None:
    assert parse("A are s flo - sie") == SupportMove(ref("A", "are"), ref("A", "flo"), "sie")
    assert parse("A are s G flo") == SupportHold(ref("A", "are"), ref("G", "flo"))
    assert parse("F dal s cro") == SupportHold(ref("F", "dal"), ref("F", "cro", "nc"))
    # a written type is kept even where another unit stands (the support then fails)
    assert parse("A are s F sie - flo") == SupportMove(ref("A", "are"), ref("F", "sie"), "flo")
    # nothing there: accepted with the written type, a convoy means an army
    assert parse("A are s A per") == SupportHold(ref("A", "are"), ref("A", "per"))
    assert parse("F gon c mes - psa") == Convoy(ref("F", "gon"), ref("A", "mes"), "psa")
    # support of the garrison converting out into its province
    assert parse("A are s G flo - flo") == SupportMove(ref("A", "are"), ref("G", "flo"), "flo")
    assert parse("A are s G flo c A") == SupportMove(ref("A", "are"), ref("G", "flo"), "flo")
    assert parse("A are s flo c a") == SupportMove(ref("A", "are"), ref("G", "flo"), "flo")


def test_datc_4_b_coast_filled_when_only_one_reachable() -> None:
    assert parse("F dal - cro") == Move(ref("F", "dal"), "cro", "sc")
    assert parse("F avi - pro") == Move(ref("F", "avi"), "pro", "nc")
    # two reachable coasts and none named: left empty, the order is void (DATC 6.B.1)
    state = position(F("mar"))
    assert parse("F mar - pro", state) == Move(ref("F", "mar"), "pro")
    assert parse("F mar - pro/sc", state) == Move(ref("F", "mar"), "pro", "sc")


def test_datc_6_b_10_wrong_coast_of_ordered_unit_ignored() -> None:
    assert parse("F cro/sc - uas") == Move(ref("F", "cro", "nc"), "uas")


def test_army_destination_coast_dropped() -> None:
    assert parse("A are - sie/nc") == Move(ref("A", "are"), "sie")


def test_ord_tn_2_convert_coast() -> None:
    state = position(G("cro"))
    assert parse("G cro c f/sc", state) == Convert(ref("G", "cro"), "F", "sc")
    assert parse("G cro convert to fleet (north coast)", state) == Convert(
        ref("G", "cro"), "F", "nc"
    )
    assert parse("G cro c f", state) == Convert(ref("G", "cro"), "F")


# ----------------------------------------------------------------------
# Errors
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A xyz - mod", "unknown place 'xyz'"),
        ("xyz - mod", "unknown place 'xyz'"),
        ("A are - xyz", "unknown place 'xyz'"),
        ("foo", "unknown word 'foo'"),
        ("A are foo", "unknown word 'foo'"),
        ("A are - sie foo", "unknown word 'foo'"),
        ("A are - sie sie", "unexpected 'sie' after the order"),
        ("A are sie", "unexpected 'sie' after the unit"),
        ("A pst - flo", "no unit in Pistoia"),
        ("A sie - are", "the army in Siena is not yours"),
        ("G gen h", "the garrison in Genoa is not yours"),
        ("G luc - pst", "a garrison cannot move"),
        ("G flo - pst", "a garrison cannot move"),
        ("F are h", "there is no fleet in Arezzo, there is an army"),
        ("G are h", "there is no garrison in Arezzo, there is an army"),
        ("F flo h", "there is no fleet in Florence, there is an army and a garrison"),
        ("A are - ", "a place is missing after '-'"),
        ("A", "the unit's place is missing"),
        ("A - sie", "the unit's place is missing"),
        ("A are s", "a place is missing after 'support'"),
        ("A are s pst", "no unit in Pistoia to support: write its type"),
        ("F gon c A nap", "a convoy must name where the army goes ('- place')"),
        ("A are t A nap - psa", "only a fleet can convoy, not an army"),
        ("G flo t A nap - psa", "only a fleet can convoy, not a garrison"),
        ("A are c", "convert to what: army, fleet or garrison?"),
        ("A are convert to xyz", "unknown unit type 'xyz'"),
        ("G flo b", "a garrison cannot besiege"),
        ("G flo l", "a garrison cannot lift a siege"),
        ("A luc b pst", "a unit can only besiege the city of its own province"),
        ("F dal - cro/ec", "Croatia has no east coast"),
        ("F dal - uas/nc", "Upper Adriatic Sea has no separate coasts"),
        ("F dal - cro/xx", "unknown coast 'xx'"),
        ("F dal - cro (sc", "a ')' is missing after the coast"),
        ("A are s G flo c G", "only a garrison converting out can be supported"),
        ("build A pst",
         "a build is ordered only in an adjustment phase, not in the movement phase"),
        ("A are R sie", "a retreat is ordered only in a retreat phase, not in the movement phase"),
        ("remove A are", "a removal is ordered only in an adjustment phase, not in the movement "
                         "phase"),
        ("waive", "a waive is ordered only in an adjustment phase, not in the movement phase"),
        ("maintain A are", "maintaining a unit is ordered only in an adjustment phase, not in the "
                           "movement phase"),
    ],
)
def test_error_messages(text: str, reason: str) -> None:
    assert error(text) == reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A are - sie", "no dislodged unit in Arezzo"),
        ("A flo h", "a hold is ordered only in a movement phase, not in the retreat phase"),
        ("A flo", "the order is missing after the unit"),
        ("A flo - ets - pst", "a retreat cannot go by convoy"),
        ("A flo - pst via convoy", "a retreat cannot go by convoy"),
        ("A flo c a", "a retreat can only convert into a garrison"),
        ("ally Milan", "an alliance is ordered only in a movement phase, not in the retreat phase"),
        ("A flo s A are", "a support is ordered only in a movement phase, not in the retreat "
                          "phase"),
    ],
)
def test_error_messages_retreat_phase(text: str, reason: str) -> None:
    assert error(text, RETREAT) == reason


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("build pst", "a build must name the unit type (army, fleet or garrison)"),
        ("build foo pst", "unknown word 'foo'"),
        ("build elite A pst", "'elite' alone: write elite mercenary or elite professional"),
        ("A are - sie", "only builds, removals and maintenance are ordered in the adjustment "
                        "phase"),
        ("A are", "the order is missing after the unit"),
        ("remove flo", "Florence holds an army and a garrison: write the unit type"),
        ("remove A sie", "the army in Siena is not yours"),
        ("build A flo foo", "unknown word 'foo'"),
    ],
)
def test_error_messages_adjustment_phase(text: str, reason: str) -> None:
    assert error(text, ADJUST) == reason


def test_empty_order() -> None:
    assert error("   ") == "empty order"


# ----------------------------------------------------------------------
# Submissions
# ----------------------------------------------------------------------
def test_submission_lines_comments_and_errors() -> None:
    text = (
        "# Florence, spring 1454\n"
        "\n"
        "A are - sie   # attack\n"
        "A xyz - mod\n"
        "F psa c g; A flo - foo; F gon h\n"
    )
    sub = parse_orders(text, CLASSIC, BASE, FLO)
    assert sub.orders == [
        Move(ref("A", "are"), "sie"), Convert(ref("F", "psa"), "G"), Hold(ref("F", "gon")),
    ]
    assert sub.errors == [
        OrderError(4, "A xyz - mod", "unknown place 'xyz'"),
        OrderError(5, "A flo - foo", "unknown place 'foo'"),
    ]


def test_later_order_replaces_earlier_and_takes_its_position() -> None:
    sub = parse_orders("A are - sie\nF psa h\nA are s A flo\nally Milan\nunally mi",
                       CLASSIC, BASE, FLO)
    assert sub.orders == [
        Hold(ref("F", "psa")), SupportHold(ref("A", "are"), ref("A", "flo")),
        Ally("Milan", False),
    ]


def test_army_and_garrison_of_one_province_keep_separate_orders() -> None:
    sub = parse_orders("A flo - pst; G flo h", CLASSIC, BASE, FLO)
    assert sub.orders == [Move(ref("A", "flo"), "pst"), Hold(ref("G", "flo"))]


def test_explicit_phase_argument() -> None:
    sub = parse_orders("A flo - pst", CLASSIC, RETREAT, FLO, phase="retreat")
    assert sub.orders == [Retreat(ref("A", "flo"), "pst")]
    sub = parse_orders("build A pst", CLASSIC, BASE, FLO, phase="adjustment")
    assert sub.orders == [Build("A", "pst")]


def test_tokens() -> None:
    assert tokens("F spa/nc-gol") == ["f", "spa", "/", "nc", "-", "gol"]
    assert tokens("A Arezzo -> Sienna.") == ["a", "arezzo", "-", "sienna"]


# ----------------------------------------------------------------------
# Formatting
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("order", "text"),
    [
        (Hold(ref("A", "gen")), "A gen H"),
        (Move(ref("A", "gen"), "mod"), "A gen - mod"),
        (Move(ref("F", "dal"), "cro", "sc"), "F dal - cro/sc"),
        (SupportMove(ref("F", "cro", "nc"), ref("A", "ist"), "dal"), "F cro/nc S A ist - dal"),
        (SupportHold(ref("A", "gen"), ref("A", "mod")), "A gen S A mod"),
        (Move(ref("A", "nap"), "tun", via=("ion",)), "A nap - ion - tun"),
        (Move(ref("A", "nap"), "tun", convoy=True), "A nap - tun via convoy"),
        (Convoy(ref("F", "ion"), ref("A", "nap"), "tun"), "F ion C A nap - tun"),
        (Convert(ref("A", "gen"), "G"), "A gen C G"),
        (Convert(ref("G", "gen"), "F"), "G gen C F"),
        (Convert(ref("G", "cro"), "F", "sc"), "G cro C F/sc"),
        (Besiege(ref("A", "gen")), "A gen B"),
        (LiftSiege(ref("A", "gen")), "A gen L"),
        (Ally("Milan"), "ally Milan"),
        (Ally("Milan", False), "unally Milan"),
        (Retreat(ref("A", "gen"), "mod"), "A gen R mod"),
        (Retreat(ref("A", "gen"), "gen", None, "G"), "A gen R G"),
        (Disband(ref("A", "gen")), "A gen D"),
        (Build("A", "gen"), "build A gen"),
        (Build("A", "mil", None, "elite_mercenary"), "build elite_mercenary A mil"),
        (Build("F", "stp", "nc"), "build F stp/nc"),
        (Remove(ref("A", "gen")), "remove A gen"),
        (Maintain(ref("A", "gen")), "maintain A gen"),
        (Waive(), "waive"),
    ],
)
def test_format_order(order: Order, text: str) -> None:
    assert format_order(order) == text


def _all_legal(board: Board, state: State) -> list[tuple[str, Order]]:
    return [
        (power, order)
        for power in state.powers
        for orders in legal_orders(board, state, power).values()
        for order in orders
    ]


def _positions() -> list[tuple[Board, State]]:
    board, start = load_scenario("classic_1454")
    std_board, std = load_scenario("standard_1901")
    retreat = position(
        A("are"), F("ets", "Papacy"), A("sie", "Papacy"), F("gon"),
        phase="retreat",
        dislodged=(Dislodged(A("flo"), "are"), Dislodged(F("psa"), "ets"),
                   Dislodged(F("wts", "Naples"), "gon")),
    )
    adjust = replace(start, phase="adjustment", units=[
        u for u in start.units if u.province not in ("flo", "pal", "ven")
    ])
    return [(board, start), (std_board, std), (CLASSIC, retreat), (board, adjust),
            (CLASSIC, BASE), (std_board, replace(std, phase="adjustment", units=[]))]


POSITIONS = _positions()
LEGAL = [(board, state, power, order) for board, state in POSITIONS
         for power, order in _all_legal(board, state)]


def test_round_trip_every_legal_order() -> None:
    assert len(LEGAL) > 500
    for board, state, power, order in LEGAL:
        assert parse_order(format_order(order), board, state, power) == order, order


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(LEGAL))
def test_parse_format_round_trip_property(case: tuple[Board, State, str, Order]) -> None:
    board, state, power, order = case
    assert parse_order(format_order(order), board, state, power) == order


WORDS = st.sampled_from(
    ["a", "f", "g", "-", "->", "/", "(", ")", "s", "c", "t", "b", "l", "d", "r", "m", "h",
     "via", "convoy", "build", "remove", "ally", "gen", "psa", "flo", "are", "cro", "nc",
     "gulf", "of", "naples", "sie", "elite", "militia", "to", "move", "#", ";", "\n", "0",
     "garrison", "lift", "siege", "waive", "pay", "mi", "zzz", "sc", "ets", "nap"]
)


@settings(max_examples=400)
@given(
    st.one_of(st.text(max_size=60), st.lists(WORDS, max_size=12).map(" ".join)),
    st.sampled_from(["movement", "retreat", "adjustment"]),
)
def test_random_text_never_raises(text: str, phase: PhaseKind) -> None:
    state = RETREAT if phase == "retreat" else BASE
    sub = parse_orders(text, CLASSIC, state, FLO, phase=phase)
    for err in sub.errors:
        assert err.reason and err.line >= 1
    for order in sub.orders:
        assert parse_order(format_order(order), CLASSIC, state, FLO, phase=phase) == order

"""Game options (001 "VARIANT SPECIFIC JUDGE COMMANDS FOR GAME OPTIONS", RULES.md FLAG-*).

Names, aliases, the defaults of Mach1, Mach2 and Basic, the couplings, the ``set``
command, and that the rest of the engine reads its options from machiavelli.core.options.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from machiavelli.cases import model as case_model
from machiavelli.core import option_commands, options
from machiavelli.core.dice import Dice
from machiavelli.core.maps import load_board
from machiavelli.core.option_commands import OptionError, apply_set_command, parse_set_command
from machiavelli.core.options import (
    ALIASES,
    BASIC_DEFAULTS,
    DICE_FLAGS,
    DIPLOMACY_DEFAULTS,
    DIPLOMACY_OPTIONS,
    FLAGS,
    MACH1_DEFAULTS,
    MACH2_DEFAULTS,
    OPTION_NAMES,
    flag,
    options_in_force,
)
from machiavelli.core.orders import BANK, Borrow, Convert, Disband, Pay, UnitRef
from machiavelli.core.phases import campaigns
from machiavelli.core.state import Loan, State, Unit
from machiavelli.money import bribes, finance, income
from machiavelli.movement import legality

B = load_board("classic")

# 001's flag words (the `set` section) -> our option names.
FLAGS_001 = {
    "mach2": "mach2",
    "summer": "summer",
    "money": "money",
    "dice": "dice",
    "loans": "loans",
    "bank": "loans",
    "bankers": "loans",
    "famine": "famine",
    "plague": "plague",
    "storm": "storm",
    "assassinations": "assassinations",
    "garrisons": "garrisons",
    "special": "special",
    "fortresses": "fortresses",
    "forts": "fortresses",
    "adjacency": "adjacency",
    "coastal convoys": "coastal_convoys",
    "coastalconvoy": "coastal_convoys",  # the defaults table's spelling
    "disband": "disband",
}

# 001's defaults table, word for word (FLAG-DEF-MACH1, -MACH2, -BASIC).
TABLE_001 = {
    "mach1": "famine, noplague, loans, assassinations, dice, special, noforts, adjacency, "
    "nostorm, money, coastalconvoy, nodisband",
    "mach2": "famine, noplague, loans, assassinations, dice, special, noforts, adjacency, "
    "nostorm, money, nocoastalconvoy, nodisband",
    "basic": "nofamine, noplague, noloans, noassassinations, nodice, nospecial, noforts, "
    "noadjacency, nostorm, nomoney, coastalconvoy, disband",
}


def _cells(variant: str) -> list[tuple[str, bool]]:
    return parse_set_command(TABLE_001[variant])


def state(**opts: bool) -> State:
    return State(board="classic", year=1454, season="spring", phase="movement",
                 powers=["Milan", "Venice", "Florence"], options=dict(opts))


def mach1(**changes: bool) -> State:
    return state(**{**MACH1_DEFAULTS, **changes})


def applied(opts: dict[str, bool], text: str, **kw: Any) -> dict[str, bool]:
    result = apply_set_command(opts, text, **kw)
    assert isinstance(result, dict), result
    return result


# -- names and aliases ------------------------------------------------------------


def test_every_flag_of_001_is_an_option() -> None:
    assert set(FLAGS_001.values()) == set(FLAGS)
    # seed 003's family and its six flags (tests/test_bar_options.py) come after 001's
    assert (*FLAGS, *options.BAR_NAMES, "diplomacy") == OPTION_NAMES
    for word, name in FLAGS_001.items():
        assert options.option_name(word) == name, word


@pytest.mark.parametrize(("alias", "name"), sorted(ALIASES.items()))
def test_every_alias_sets_and_clears_its_option(alias: str, name: str) -> None:
    assert options.option_name(alias) == name
    assert options.option_name(alias.upper()) == name
    assert parse_set_command(f"set {alias}") == [(name, True)]
    assert parse_set_command(f"set no{alias}") == [(name, False)]
    assert parse_set_command(f"set no {alias}") == [(name, False)]


def test_flag_loans_2_bank_and_bankers_are_loans() -> None:
    for word in ("bank", "bankers"):
        assert parse_set_command(f"set no{word}") == [("loans", False)]
        assert parse_set_command(f"set {word}") == [("loans", True)]


def test_flag_forts_forts_is_fortresses() -> None:
    assert parse_set_command("set forts") == [("fortresses", True)]
    assert parse_set_command("set nofortresses") == [("fortresses", False)]


def test_flag_coastal_set_coastal_convoys_in_every_spelling() -> None:
    for text in ("set coastal convoys", "set coastalconvoys", "set coastal_convoys",
                 "set Coastal Convoy"):
        assert parse_set_command(text) == [("coastal_convoys", True)], text
    for text in ("set nocoastal convoys", "set no coastal convoys", "set nocoastalconvoy"):
        assert parse_set_command(text) == [("coastal_convoys", False)], text


# -- defaults -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "value"), _cells("mach1"))
def test_flag_def_mach1(name: str, value: bool) -> None:
    assert MACH1_DEFAULTS[name] is value
    assert flag({}, name) is value  # an empty option set is a Mach1 game


@pytest.mark.parametrize(("name", "value"), _cells("mach2"))
def test_flag_def_mach2(name: str, value: bool) -> None:
    assert MACH2_DEFAULTS[name] is value
    assert flag({"mach2": True}, name) is value  # unstated options: Mach2's defaults


@pytest.mark.parametrize(("name", "value"), _cells("basic"))
def test_flag_def_basic(name: str, value: bool) -> None:
    assert BASIC_DEFAULTS[name] is value
    assert options_in_force(BASIC_DEFAULTS)[name] is value


def test_flag_def_tables_cover_every_flag() -> None:
    for variant, table in (("mach1", MACH1_DEFAULTS), ("mach2", MACH2_DEFAULTS),
                           ("basic", BASIC_DEFAULTS)):
        named = {name for name, _ in _cells(variant)}
        # the table leaves out mach2, summer and garrisons (ambiguity 3)
        assert set(FLAGS) - named == {"mach2", "summer", "garrisons"}
        assert set(table) == set(FLAGS)
        assert options_in_force(table) == {**table, **dict.fromkeys(options.BAR_NAMES, False),
                                           "diplomacy": False}


def test_flag_mach2_off_except_in_the_mach2_variant() -> None:
    assert not MACH1_DEFAULTS["mach2"] and not BASIC_DEFAULTS["mach2"]
    assert MACH2_DEFAULTS["mach2"]
    assert {k: v for k, v in MACH2_DEFAULTS.items() if k not in ("mach2", "coastal_convoys")} \
        == {k: v for k, v in MACH1_DEFAULTS.items() if k not in ("mach2", "coastal_convoys")}


@pytest.mark.parametrize("table", [MACH1_DEFAULTS, MACH2_DEFAULTS, BASIC_DEFAULTS])
def test_flag_plague_storm_forts_off_by_default(table: dict[str, bool]) -> None:
    # FLAG-PLAGUE, FLAG-STORM, FLAG-FORTS: "Always disabled by default"
    assert not table["plague"] and not table["storm"] and not table["fortresses"]


@pytest.mark.parametrize("table", [MACH1_DEFAULTS, MACH2_DEFAULTS, BASIC_DEFAULTS])
def test_ambiguity_3_flag_summer_and_flag_garrisons_on_by_default(table: dict[str, bool]) -> None:
    assert table["summer"] and table["garrisons"]
    assert options_in_force(table)["summer"] and options_in_force(table)["garrisons"]


def test_ambiguity_2_flag_disband_off_for_mach1_and_mach2_on_for_basic() -> None:
    assert not MACH1_DEFAULTS["disband"] and not MACH2_DEFAULTS["disband"]
    assert BASIC_DEFAULTS["disband"]
    assert not options.disband_anytime(state())


def test_diplomacy_defaults_everything_off() -> None:
    assert options_in_force(DIPLOMACY_OPTIONS) == DIPLOMACY_DEFAULTS
    assert DIPLOMACY_DEFAULTS == {**dict.fromkeys((*FLAGS, *options.BAR_NAMES), False),
                                  "diplomacy": True}
    # a stated option still holds (dipmach-style play, Appendix 3)
    assert flag({"diplomacy": True, "garrisons": True}, "garrisons")


def test_defaults_are_fresh_copies() -> None:
    first = options.defaults("mach1")
    first["famine"] = False
    assert options.defaults("mach1") == dict(MACH1_DEFAULTS)
    assert options.defaults("diplomacy") == {"diplomacy": True}
    assert options.defaults("basic") == dict(BASIC_DEFAULTS)
    with pytest.raises(ValueError, match="unknown variant 'chess'"):
        options.defaults("chess")


def test_variant_of() -> None:
    assert options.variant_of({}) == "mach1"
    assert options.variant_of(MACH2_DEFAULTS) == "mach2"
    assert options.variant_of(DIPLOMACY_OPTIONS) == "diplomacy"


# -- couplings ---------------------------------------------------------------------


def test_flag_dice_1_nodice_turns_famine_plague_loans_assassinations_off() -> None:
    opts = applied({**MACH1_DEFAULTS, "plague": True, "storm": True}, "set nodice")
    for name in ("dice", *DICE_FLAGS):
        assert opts[name] is False, name
    assert opts["money"] and opts["special"]  # not a dice option


def test_flag_dice_1_unstated_dice_options_follow_dice() -> None:
    held = options_in_force({"dice": False})
    assert not held["famine"] and not held["loans"] and not held["assassinations"]
    assert held["money"] and held["adjacency"]


@pytest.mark.parametrize("name", DICE_FLAGS)
def test_flag_dice_2_turning_a_dice_option_on_turns_dice_on(name: str) -> None:
    opts = applied(dict(BASIC_DEFAULTS), f"set {name}")
    assert opts[name] and opts["dice"]


def test_flag_dice_2_order_of_one_command() -> None:
    assert applied(dict(MACH1_DEFAULTS), "set nodice, famine")["dice"]
    after = applied(dict(MACH1_DEFAULTS), "set famine, nodice")
    assert not after["dice"] and not after["famine"]


def test_flag_dice_3_nodice_fixes_variable_income() -> None:
    assert not options.dice_in_play(mach1(dice=False))
    assert (income.fixed_die(1455), income.fixed_die(1456)) == (4, 3)


def test_ambiguity_15_nodice_still_pays_variable_income() -> None:
    game = state(**applied(dict(MACH1_DEFAULTS), "set nodice"))
    game.province_owner = {"gen": "Milan"}
    game.city_owner = {"gen": "Milan"}
    dice = Dice("options")
    rolls = income.roll_variable_income(B, game, dice)
    genoa = next(r for r in rolls if r.source == "gen")
    assert genoa.fixed and genoa.dice == (3,) and genoa.ducats == 2


def test_rolled_disasters_never_strike_without_dice() -> None:
    # a hand-written option set may say nodice with famine: nothing to roll
    game = state(dice=False, famine=True, plague=True, storm=True)
    assert not options.famine_in_play(game)
    assert not options.plague_in_play(game)
    assert not options.storms_in_play(game)


def test_flag_famine_plague_storm_switch() -> None:
    assert options.famine_in_play(mach1()) and not options.famine_in_play(mach1(famine=False))
    assert options.plague_in_play(mach1(plague=True)) and not options.plague_in_play(mach1())
    assert options.storms_in_play(mach1(storm=True)) and not options.storms_in_play(mach1())


def test_flag_money_1_nomoney_means_no_money_rules() -> None:
    game = mach1(money=False)
    assert not options.money_in_play(game)
    assert not options.income_in_play(game) and not options.bribes_in_play(game)
    assert legality.check_order(B, game, "Milan", Pay(3, "Venice")) == (
        "there is no money in this game"
    )


def test_flag_money_2_nomoney_no_loans_assassinations_or_specials() -> None:
    game = mach1(money=False)  # loans, assassinations and special are still stated on
    assert not options.loans_in_play(game)
    assert not options.assassinations_in_play(game)
    assert not options.specials_in_play(game)
    assert options.garrisons_in_play(game) and options.dice_in_play(game)
    # set money back: what was stated holds again
    again = state(**applied(game.options, "set money"))
    assert options.loans_in_play(again) and options.specials_in_play(again)


def test_flag_basic_nomoney_and_nodice() -> None:
    assert options.basic_rules(state(**BASIC_DEFAULTS))
    assert not options.basic_rules(mach1(money=False))
    assert not options.basic_rules(mach1(dice=False))
    assert options.basic_rules(state(**applied(dict(MACH1_DEFAULTS), "set nomoney nodice")))
    assert not options.basic_rules(state(diplomacy=True))


def _bank(game: State, *orders: Any) -> Any:
    return finance.banking(B, game, {"Milan": list(orders)}, Dice("options"))


def test_flag_loans_1_noloans_no_borrowing() -> None:
    game = mach1(loans=False)
    game.treasury = {"Milan": 10}
    done = _bank(game, Borrow(5, 1))
    assert [r.outcome for r in done.results] == ["fails"]


def test_flag_loans_3_noloans_does_not_stop_payments() -> None:
    game = mach1(loans=False)
    game.treasury = {"Milan": 10}
    done = _bank(game, Pay(4, "Venice"))
    assert [r.outcome for r in done.results] == ["succeeds"]
    assert done.state.treasury["Venice"] == 4


def test_d004_23_noloans_does_not_stop_payments_to_the_bank_either() -> None:
    """004: noloans "does not affect whether one player can give money to another player
    (or the bank)": a loan taken before the flag was set is repaid (interest first)."""
    game = mach1(loans=False)
    game.treasury = {"Milan": 10}
    game.loans = {"Milan": [Loan(10, 2, "fall", 1455)]}
    done = _bank(game, Pay(5, BANK))
    assert [r.outcome for r in done.results] == ["succeeds"]
    assert done.state.loans["Milan"] == [Loan(7, 0, "fall", 1455)]
    assert done.state.treasury["Milan"] == 5


def test_flag_assn_1_noassassinations_only_the_expenditure() -> None:
    game = mach1(assassinations=False)
    assert not options.assassinations_in_play(game) and not options.chits_in_play(game)
    assert options.loans_in_play(game) and options.money_in_play(game)


def test_flag_assn_2_bankers_assassinate_even_with_noassassinations() -> None:
    game = mach1(assassinations=False)
    game.season = "summer"
    game.treasury = {"Milan": 0}
    game.loans = {"Milan": [Loan(10, 2, "summer", 1454)]}
    done = _bank(game)
    assert "Milan" in done.state.assassinated


def test_flag_garrisons_1_nogarrisons_no_conversion() -> None:
    game = mach1(garrisons=False)
    game.units = [Unit("A", "Milan", "mil")]
    reason = legality.check_order(B, game, "Milan", Convert(UnitRef("A", "mil"), "G"))
    assert reason == "there are no garrisons in this game"
    game.options["garrisons"] = True
    assert legality.check_order(B, game, "Milan", Convert(UnitRef("A", "mil"), "G")) is None


def test_flag_garrisons_2_setup_garrisons_ignored() -> None:
    game = mach1(garrisons=False)
    game.units = [Unit("A", "Milan", "mil"), Unit("G", None, "gen"), Unit("G", "Venice", "ven")]
    assert options.drop_setup_garrisons(game).units == [Unit("A", "Milan", "mil")]
    kept = mach1()
    kept.units = list(game.units)
    assert options.drop_setup_garrisons(kept) is kept


def test_flag_special_nospecial() -> None:
    assert options.specials_in_play(mach1())
    assert not options.specials_in_play(mach1(special=False))


def test_flag_forts_fortresses_hold_garrisons_only_when_in_use() -> None:
    assert B.provinces["aqu"].city is not None and B.provinces["aqu"].city.kind == "fortress"
    assert not legality.can_hold_garrison(B, mach1(), "aqu")
    assert legality.can_hold_garrison(B, state(**applied(dict(MACH1_DEFAULTS), "set forts")),
                                      "aqu")


def test_flag_adj_1_adjacency_switch() -> None:
    assert options.adjacency_required(mach1())
    assert not options.adjacency_required(mach1(adjacency=False))
    assert bribes.adjacency_required is options.adjacency_required


def test_flag_coastal_default_and_switch() -> None:
    assert options.coastal_convoys(mach1())
    assert not options.coastal_convoys(state(mach2=True))  # FLAG-DEF-MACH2
    assert not options.coastal_convoys(mach1(coastal_convoys=False))
    assert options.coastal_convoys(state(mach2=True, coastal_convoys=True))


def test_flag_disband_movement_phase_disband() -> None:
    game = mach1()
    game.units = [Unit("A", "Milan", "sav")]
    order = Disband(UnitRef("A", "sav"))  # 001: "a sav disband"
    assert "ORD-TN-1" in (legality.check_order(B, game, "Milan", order) or "")
    on = state(**applied(game.options, "set disband"))
    on.units = list(game.units)
    assert legality.check_order(B, on, "Milan", order) is None


def test_flag_summer_nosummer_two_campaigns() -> None:
    assert campaigns(mach1()) == ("spring", "summer", "fall")
    assert campaigns(state(**applied(dict(MACH1_DEFAULTS), "set nosummer"))) == ("spring", "fall")
    assert options.summer_in_play(mach1()) and not options.summer_in_play(mach1(summer=False))


def test_flag_mach2_switch() -> None:
    assert not options.mach2_rules(mach1())
    assert options.mach2_rules(state(**applied(dict(MACH1_DEFAULTS), "set mach2")))


def test_flag_app3_2_flag_app3_5_three_season_diplomacy_setup() -> None:
    opts = applied(dict(MACH1_DEFAULTS), "set mach2\nset nodice\nset nomoney\nset nospecial")
    held = options_in_force(opts)
    assert held["mach2"] and held["summer"] and held["garrisons"]
    assert campaigns(state(**opts)) == ("spring", "summer", "fall")  # FLAG-APP3-5
    for off in ("dice", "money", "special", "famine", "plague", "loans", "assassinations"):
        assert not held[off], off


def test_flag_app3_6_nogarrisons_nosummer() -> None:
    opts = applied(dict(MACH1_DEFAULTS), "set mach2, nodice, nomoney, nospecial, "
                                          "nogarrisons, nosummer")
    game = state(**opts)
    assert not options.garrisons_in_play(game)
    assert campaigns(game) == ("spring", "fall")


def test_flag_list_flags_listing() -> None:
    assert option_commands.flags_listing(MACH1_DEFAULTS) == (
        "Mach1: famine, noplague, loans, assassinations, dice, special, noforts, adjacency, "
        "nostorm, money, coastalconvoy, nodisband, summer, garrisons"
    )
    assert option_commands.flags_listing(MACH2_DEFAULTS).startswith("Mach2: famine, noplague")
    assert "nocoastalconvoy" in option_commands.flags_listing(MACH2_DEFAULTS)
    assert option_commands.flags_listing(BASIC_DEFAULTS).startswith("Mach1 (Basic): nofamine")
    assert option_commands.flags_listing(DIPLOMACY_OPTIONS) == (
        "Diplomacy: nosummer, nogarrisons, nocoastalconvoy, nodisband"
    )


def test_flag_missing_diplomacy_game_has_no_money_options() -> None:
    result = apply_set_command(DIPLOMACY_OPTIONS, "set famine")
    assert result == "'famine' is not an option of a Diplomacy game (FLAG-MISSING)"
    assert applied(dict(DIPLOMACY_OPTIONS), "set garrisons, summer") == {
        "diplomacy": True, "garrisons": True, "summer": True
    }


# -- the set command -------------------------------------------------------------


def test_set_command_several_options() -> None:
    assert parse_set_command("set nofamine forts, no storm; set bankers") == [
        ("famine", False), ("fortresses", True), ("storm", False), ("loans", True)
    ]
    assert parse_set_command("SET NoFamine") == [("famine", False)]


def test_set_command_returns_new_options_and_leaves_the_old() -> None:
    before = dict(MACH1_DEFAULTS)
    after = applied(before, "set nofamine")
    assert before == dict(MACH1_DEFAULTS) and after == {**before, "famine": False}
    assert option_commands.describe_changes(before, after) == ["famine is now off"]
    assert option_commands.describe_changes(before, applied(before, "set nodice")) == [
        "dice is now off", "loans is now off", "famine is now off", "assassinations is now off"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("set nofamin", "unknown option 'nofamin'"),
        ("set famine banana", "unknown option 'banana'"),
        ("set", "no option given"),
        ("", "no option given"),
        ("set no", "unknown option 'no'"),
        ("set diplomacy", "'diplomacy' is chosen with the variant"),
    ],
)
def test_set_command_bad_input_gets_a_clear_message(text: str, message: str) -> None:
    result = apply_set_command(dict(MACH1_DEFAULTS), text)
    assert isinstance(result, str) and message in result, result


def test_unknown_option_message_lists_the_options() -> None:
    result = apply_set_command({}, "set teleport")
    assert isinstance(result, str)
    assert result.startswith("unknown option 'teleport' (the options are: mach2, summer")
    assert "coastal convoys" in result
    with pytest.raises(OptionError, match="unknown option 'teleport'"):
        parse_set_command("set teleport")
    with pytest.raises(OptionError):
        option_commands.set_option({}, "teleport", True)


def test_flag_mach2_fixed_once_the_game_started() -> None:
    result = apply_set_command(dict(MACH1_DEFAULTS), "set mach2", started=True)
    assert result == "the edition (mach2) can only be changed before the game starts"
    assert applied(dict(MACH1_DEFAULTS), "set nomach2", started=True) == dict(MACH1_DEFAULTS)
    assert applied(dict(MACH1_DEFAULTS), "set nofamine", started=True)["famine"] is False


def test_normalize_options() -> None:
    assert options.normalize_options({"forts": True, "Bank": False, "famine": True}) == {
        "fortresses": True, "loans": False, "famine": True
    }
    with pytest.raises(OptionError, match="unknown option 'teleport'"):
        options.normalize_options({"teleport": True})
    with pytest.raises(ValueError, match="unknown option"):
        flag({}, "teleport")


_WORDS = st.sampled_from([("no" if off else "") + n for n in FLAGS for off in (False, True)])


@given(st.lists(_WORDS, min_size=1, max_size=8), st.sampled_from(["mach1", "mach2", "basic"]))
def test_flag_dice_1_2_set_keeps_options_consistent(words: list[str], variant: str) -> None:
    opts = applied(options.defaults(variant), "set " + ", ".join(words))
    held = options_in_force(opts)
    if not held["dice"]:
        assert not any(held[n] for n in DICE_FLAGS)
    assert set(opts) == set(FLAGS)
    last = words[-1]
    name, value = parse_set_command(last)[0]
    assert opts[name] is value  # the last word always holds


# -- the rest of the engine reads options.py ---------------------------------------


def test_legality_option_helpers_are_options_helpers() -> None:
    assert finance.loans_in_play is options.loans_in_play
    assert finance.chits_in_play is options.chits_in_play
    assert income.dice_in_play is options.dice_in_play


def test_case_model_tables_come_from_options() -> None:
    assert dict(MACH1_DEFAULTS) == case_model.MACHIAVELLI_OPTIONS
    assert case_model.DIPLOMACY_OPTIONS == {"diplomacy": True}
    assert frozenset(OPTION_NAMES) == case_model.KNOWN_OPTIONS
    for alias, name in case_model.OPTION_ALIASES.items():
        assert " " not in alias and ALIASES[alias] == name
    assert case_model.OPTION_ALIASES["bankers"] == "loans"
    assert case_model.OPTION_ALIASES["forts"] == "fortresses"


def test_flag_def_mach1_classic_scenario_options_are_mach1_defaults() -> None:
    from machiavelli.game import scenario
    _, game = scenario.load_scenario("classic_1454")
    assert game.options == dict(MACH1_DEFAULTS)
    _, standard = scenario.load_scenario("standard_1901")
    assert options_in_force(standard.options) == DIPLOMACY_DEFAULTS

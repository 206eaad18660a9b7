"""The order language for money (001 ORDER SYNTAX, expenditure orders; RULES.md ORD-EXP-*,
ORD-KW-*, ORD-ADJ-*, ORD-TN-1, ORD-EXAMPLE-*): parse, format, errors, replacement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli.core.maps import load_board
from machiavelli.core.orders import (
    BANK,
    EXPENSE_KINDS,
    Ally,
    Borrow,
    Build,
    Convert,
    Disband,
    Expense,
    ExpenseKind,
    GiveChit,
    Hold,
    Maintain,
    Move,
    Order,
    Pay,
    Remove,
    UnitRef,
)
from machiavelli.core.state import PhaseKind, State, Unit, UnitKind
from machiavelli.game.scenario import load_scenario
from machiavelli.text.notation import format_order, parse_order, parse_orders
from machiavelli.text.order_words import OrderSyntaxError

CLASSIC = load_board("classic")
FLO = "Florence"


def U(kind: str, province: str, owner: str | None = FLO) -> Unit:
    return Unit(kind, owner, province)  # type: ignore[arg-type]


def position(*units: Unit, phase: PhaseKind = "movement", **options: bool) -> State:
    """The classic 1454 game (Mach1 options, money in play) with these units only."""
    state = load_scenario("classic_1454")[1].copy()
    state.units = list(units)
    state.phase = phase
    state.options.update(options)
    state.chits = {FLO: ["Papacy", "Milan", "Venice"], "Milan": ["Florence"]}
    state.treasury = {p: 30 for p in state.powers}
    return state


# Florence's units, others' units, mixed provinces (army/fleet and garrison of
# different owners), an autonomous garrison.
BASE = position(
    U("A", "are"), U("A", "flo"), U("G", "flo"), U("F", "psa"),
    U("A", "bol", "Papacy"), U("G", "gen", None), U("F", "bot", "Naples"),
    U("A", "sie", "Papacy"), U("G", "sie"),  # Papacy's army, Florence's garrison
    U("A", "luc"), U("G", "luc", "Milan"),  # Florence's army, Milan's garrison
    U("A", "mil", "Milan"),
)


def parse(text: str, state: State = BASE, power: str = FLO) -> Order:
    return parse_order(text, CLASSIC, state, power)


def error(text: str, state: State = BASE, power: str = FLO) -> str:
    with pytest.raises(OrderSyntaxError) as info:
        parse_order(text, CLASSIC, state, power)
    return info.value.reason


def exp(number: int, amount: int, kind: ExpenseKind, unit_kind: UnitKind | None = None,
        province: str | None = None, power: str | None = None) -> Expense:
    return Expense(number, amount, kind, unit_kind, province, power)


def ref(kind: UnitKind, province: str) -> UnitRef:
    return UnitRef(kind, province)


# ----------------------------------------------------------------------
# Borrow (ORD-EXP-1, ORD-KW-BORROW, ORD-KW-DURATION, ORD-KW-AMOUNT)
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "years"),
    [
        ("borrow 25 ducats for 2 years", 2),
        ("borrow 25 ducats for 1 year", 1),
        ("Borrow 25 ducats for 2 years", 2),
        ("borrow 25 d for 2 years", 2),
        ("borrow 25d for 1 year", 1),
        ("borrow 25 ducat for 1 year", 1),
        ("borrow 25 for 1 year", 1),
        ("borrow 25 ducats for 1 years", 1),
        ("borrow 25 ducats for 2 year", 2),
        ("borrow 25 ducats for one year", 1),
        ("borrow 25 ducats for two years", 2),
        ("borrow 25 ducats 2 years", 2),
        ("borrow 25 ducats for 1", 1),
        ("borrow 25 ducats for 2", 2),
        ("borrow 25 ducats at 20%", 1),
        ("borrow 25 ducats at 50 %", 2),
        ("borrow 25 ducats at 50 percent", 2),
        ("borrow 25 ducats for 2 years at 50% interest", 2),
        ("borrow 20+5 ducats for 2 years", 2),
        ("borrows 25 ducats for 2 years.", 2),
    ],
)
def test_ord_exp_1_ord_kw_borrow_ord_kw_duration_borrow_aliases(text: str, years: int) -> None:
    assert parse(text) == Borrow(25, years)


@pytest.mark.parametrize("years", [1, 2])
def test_ord_exp_1_borrow_zero_is_read_as_a_borrow_of_nothing(years: int) -> None:
    # 001 loan example 3: what it does is the bank's (RULES.md ambiguity 14)
    text = f"borrow 0 ducats for {years} year{'s' if years == 2 else ''}"
    assert parse(text) == Borrow(0, years)


# ----------------------------------------------------------------------
# Pay, give, loan (ORD-EXP-2, ORD-KW-GIVE, ORD-KW-POWER)
# ----------------------------------------------------------------------
@pytest.mark.parametrize("verb", ["pay", "give", "loan", "Pay", "pays", "gives", "loans"])
@pytest.mark.parametrize("amount", ["6 ducats", "6 d", "6d", "6", "6 ducat", "3+3 d"])
@pytest.mark.parametrize(
    ("payee", "to"),
    [("Milan", "Milan"), ("milan", "Milan"), ("mi", "Milan"), ("mil", "Milan"),
     ("the Papacy", "Papacy"), ("pa", "Papacy"), ("bank", BANK), ("the bank", BANK),
     ("Bank", BANK)],
)
def test_ord_exp_2_ord_kw_give_pay_aliases(verb: str, amount: str, payee: str, to: str) -> None:
    assert parse(f"{verb} {amount} to {payee}") == Pay(6, to)


def test_ord_exp_2_pay_zero_is_a_payment_of_nothing() -> None:
    assert parse("pay 0 ducats to Milan") == Pay(0, "Milan")


# ----------------------------------------------------------------------
# Assassination chits (ORD-EXP-3)
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["give Papacy to Milan", "pay papacy to milan", "loan pa to mi", "give the Papacy to Milan",
     "give Papacy chit to Milan", "give Papacy assassination chit to Milan",
     "give Papacy assassination to the Milan", "GIVE PAPACY TO MILAN"],
)
def test_ord_exp_3_give_chit_aliases(text: str) -> None:
    assert parse(text) == GiveChit("Papacy", "Milan")


# ----------------------------------------------------------------------
# Expenses (ORD-EXP-4, ORD-KW-EXPENSE, ORD-KW-ETYPE)
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "head",
    ["expense 1:", "expense 1", "Expense 1 :", "expense1:", "expense1", "exp 1:", "e 1:",
     "e1", "EXPENSE 1:"],
)
def test_ord_kw_expense_heads(head: str) -> None:
    assert parse(f"{head} 12 ducats disband army bologna") == exp(1, 12, "disband", "A", "bol")


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_ord_kw_expense_numbers_1_to_4(number: int) -> None:
    assert parse(f"expense {number}: 3 ducats famine relief mil") == exp(
        number, 3, "famine_relief", None, "mil"
    )


@pytest.mark.parametrize("amount", ["12 ducats", "12 d", "12d", "12", "12 ducat", "9+3d",
                                    "9+3 ducats"])
def test_ord_kw_amount_in_expenses(amount: str) -> None:
    assert parse(f"expense 1: {amount} disband a bol") == exp(1, 12, "disband", "A", "bol")


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("famine relief", "famine_relief"), ("fr", "famine_relief"), ("famine", "famine_relief"),
        ("relief", "famine_relief"),
        ("pacify rebellion", "pacify_rebellion"), ("pr", "pacify_rebellion"),
        ("pacify", "pacify_rebellion"),
        ("cause rebellion", "cause_rebellion"), ("cr", "cause_rebellion"),
        ("cause", "cause_rebellion"), ("rebellion", "cause_rebellion"),
        ("Famine Relief", "famine_relief"),
    ],
)
def test_ord_kw_etype_place_expenses(words: str, kind: ExpenseKind) -> None:
    assert parse(f"expense 2: 9 ducats {words} milan") == exp(2, 9, kind, None, "mil")


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("counter-bribe", "counter_bribe"), ("counter bribe", "counter_bribe"),
        ("counterbribe", "counter_bribe"), ("cb", "counter_bribe"), ("counter", "counter_bribe"),
        ("Counter-Bribe", "counter_bribe"),
        ("disband", "disband"), ("d", "disband"),
        ("buy", "buy"), ("purchase", "buy"), ("b", "buy"),
    ],
)
def test_ord_exp_4_ord_kw_etype_unit_expenses(words: str, kind: ExpenseKind) -> None:
    assert parse(f"expense 3: 18 ducats {words} army bologna") == exp(3, 18, kind, "A", "bol")
    assert parse(f"expense 3: 18 ducats {words} a bol") == exp(3, 18, kind, "A", "bol")
    assert parse(f"expense 3: 18 ducats {words} bol") == exp(3, 18, kind, "A", "bol")


@pytest.mark.parametrize(
    "words", ["garrison to autonomous", "gta", "g", "autonomous", "to autonomous"]
)
def test_ord_kw_etype_garrison_to_autonomous(words: str) -> None:
    expected = exp(1, 9, "garrison_to_autonomous", "G", "luc")
    assert parse(f"expense 1: 9 ducats {words} lucca") == expected
    assert parse(f"expense 1: 9 ducats {words} g luc") == expected
    assert parse(f"expense 1: 9 ducats {words} garrison luc") == expected


@pytest.mark.parametrize("words", ["assassinate", "assassination", "a", "Assassinate"])
@pytest.mark.parametrize(("written", "power"), [("Papacy", "Papacy"), ("pa", "Papacy"),
                                                 ("the papacy", "Papacy"), ("ve", "Venice")])
def test_ord_kw_etype_assassinate(words: str, written: str, power: str) -> None:
    assert parse(f"expense 3: 24 ducats {words} {written}") == exp(
        3, 24, "assassinate", power=power
    )


@pytest.mark.parametrize(
    "text", ["expense 2: none", "Expense 2: None", "expense 2 none", "e2: none",
             "expense 2: 0 ducats none", "expense 2: nothing"],
)
def test_ord_kw_etype_none(text: str) -> None:
    assert parse(text) == exp(2, 0, "none")


def test_every_expense_kind_has_a_reading() -> None:
    read = {parse(f"expense 1: 18 ducats {w}").kind  # type: ignore[union-attr]
            for w in ("famine relief mil", "pacify rebellion mil", "counter-bribe a are",
                      "disband a bol", "buy a bol", "gta luc", "cause rebellion mil",
                      "assassinate papacy", "bodyguard papacy", "operate g luc",
                      "permission g luc", "none")}
    assert read == set(EXPENSE_KINDS)


def test_expense_amount_may_follow_the_target() -> None:
    # nJudge reads "expense 1: buy a bol 18d" too
    assert parse("expense 1: buy a bol 18d") == exp(1, 18, "buy", "A", "bol")
    assert parse("expense 3: assassinate papacy 24 ducats") == exp(3, 24, "assassinate",
                                                                  power="Papacy")
    assert parse("expense 2: famine relief milan 3 d") == exp(2, 3, "famine_relief", None, "mil")


def test_d_after_the_amount_is_ducats_if_that_reads_else_disband() -> None:
    assert parse("expense 1: 12 d a bol") == exp(1, 12, "disband", "A", "bol")
    assert parse("expense 1: 12 d d a bol") == exp(1, 12, "disband", "A", "bol")
    assert parse("expense 1: 12 d a papacy") == exp(1, 12, "assassinate", power="Papacy")
    assert parse("expense 1: 12 d bol") == exp(1, 12, "disband", "A", "bol")


def test_expense_unit_kind_comes_from_the_position() -> None:
    assert parse("expense 1: 9 ducats buy genoa") == exp(1, 9, "buy", "G", "gen")
    assert parse("expense 1: 18 ducats buy bay of tunis") == exp(1, 18, "buy", "F", "bot")
    assert parse("expense 1: 18 ducats buy elite mercenary a bol") == exp(1, 18, "buy", "A",
                                                                          "bol")


def test_expense_unit_without_type_counter_bribe_means_own_bribe_means_other() -> None:
    # Siena: Papacy's army, Florence's garrison; Lucca: Florence's army, Milan's garrison
    assert parse("expense 1: 3 d counter-bribe sie") == exp(1, 3, "counter_bribe", "G", "sie")
    assert parse("expense 1: 18 d buy sie") == exp(1, 18, "buy", "A", "sie")
    assert parse("expense 1: 3 d counter-bribe luc") == exp(1, 3, "counter_bribe", "A", "luc")
    assert parse("expense 1: 18 d disband luc") == exp(1, 18, "disband", "G", "luc")
    # with a type, that unit
    assert parse("expense 1: 3 d counter-bribe a sie") == exp(1, 3, "counter_bribe", "A", "sie")
    # another power's units in both: the army or fleet
    both = position(U("A", "sie", "Papacy"), U("G", "sie", "Milan"))
    assert parse("expense 1: 18 d buy sie", both) == exp(1, 18, "buy", "A", "sie")
    assert parse("expense 1: 3 d counter sie", both) == exp(1, 3, "counter_bribe", "A", "sie")


def test_expense_coast_of_a_fleet_is_accepted_and_dropped() -> None:
    state = position(Unit("F", "Venice", "cro", "nc"))
    assert parse("expense 1: 18 d buy f cro/nc", state) == exp(1, 18, "buy", "F", "cro")


# ----------------------------------------------------------------------
# Formatting and the round trip
# ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("order", "text"),
    [
        (Borrow(25, 2), "borrow 25 ducats for 2 years"),
        (Borrow(10, 1), "borrow 10 ducats for 1 year"),
        (Borrow(0, 1), "borrow 0 ducats for 1 year"),
        (Pay(14, BANK), "pay 14 ducats to bank"),
        (Pay(6, "Milan"), "pay 6 ducats to Milan"),
        (Pay(1, "Venice"), "pay 1 ducat to Venice"),  # one ducat, not "1 ducats"
        (Borrow(1, 2), "borrow 1 ducat for 2 years"),
        (exp(1, 1, "famine_relief", None, "mil"), "expense 1: 1 ducat famine relief mil"),
        (GiveChit("Papacy", "Milan"), "give Papacy to Milan"),
        (exp(1, 12, "disband", "A", "bol"), "expense 1: 12 ducats disband A bol"),
        (exp(2, 3, "counter_bribe", "A", "are"), "expense 2: 3 ducats counter-bribe A are"),
        (exp(1, 21, "buy", "A", "bol"), "expense 1: 21 ducats buy A bol"),
        (exp(1, 9, "garrison_to_autonomous", "G", "luc"),
         "expense 1: 9 ducats garrison to autonomous G luc"),
        (exp(2, 3, "famine_relief", None, "mil"), "expense 2: 3 ducats famine relief mil"),
        (exp(1, 12, "pacify_rebellion", None, "mil"),
         "expense 1: 12 ducats pacify rebellion mil"),
        (exp(1, 9, "cause_rebellion", None, "mil"), "expense 1: 9 ducats cause rebellion mil"),
        (exp(3, 24, "assassinate", power="Papacy"), "expense 3: 24 ducats assassinate Papacy"),
        (exp(2, 0, "none"), "expense 2: none"),
    ],
)
def test_format_money_orders(order: Order, text: str) -> None:
    assert format_order(order) == text
    assert parse(text) == order


# ----------------------------------------------------------------------
# Static errors
# ----------------------------------------------------------------------
NO_MONEY = position(U("A", "are"), money=False)
NO_LOANS = position(U("A", "are"), loans=False)
NO_ASSASSINS = position(U("A", "are"), assassinations=False)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("borrow", "an amount of ducats is missing after 'borrow'"),
        ("borrow lots for 1 year", "'lots' is not an amount of ducats"),
        ("borrow 2.5 ducats for 1 year", "'2.5' is not a whole number of ducats"),
        ("borrow -5 ducats for 1 year", "an amount of ducats cannot be negative"),
        ("borrow 25 ducats", "the loan's duration is missing: write 'for 1 year' or "
                             "'for 2 years'"),
        ("borrow 25 ducats soon", "the loan's duration is missing: write 'for 1 year' or "
                                  "'for 2 years', not 'soon'"),
        ("borrow 25 ducats for 3 years", "a loan is for 1 or 2 years, not 3"),
        ("borrow 25 ducats at 30%", "a loan is at 20 % (1 year) or 50 % (2 years), not 30 %"),
        ("borrow 25 ducats for 1 year at 50%", "a loan for 1 year is at 20 %, not 50 %"),
        ("borrow 25 ducats at", "an interest rate is missing after 'at'"),
        ("borrow 25 ducats for 1 year please", "unknown word 'please'"),
        ("pay", "an amount of ducats or a power is missing"),
        ("pay 6 ducats milan", "'to' is missing: pay N ducats to a power or to the bank, "
                               "not 'milan'"),
        ("pay 6 ducats", "'to' is missing: pay N ducats to a power or to the bank"),
        ("pay 6 ducats to", "the power to pay is missing"),
        ("pay 6 ducats to Atlantis", "unknown power 'atlantis'"),
        ("pay 6 ducats to m", "unknown power 'm'"),
        ("pay -6 ducats to Milan", "an amount of ducats cannot be negative"),
        ("pay lots to Milan", "'lots' is neither an amount of ducats nor a power"),
        ("pay 6 ducats to Florence", "you cannot pay yourself"),
        ("give Papacy Milan", "'to' is missing: give <power> to <power> (an assassination "
                              "chit), not 'milan'"),
        ("give Papacy to", "the power to give the chit to is missing"),
        ("give Papacy to bank", "an assassination chit cannot be given to the bank"),
        ("give Papacy to Atlantis", "unknown power 'atlantis'"),
        ("give Naples to Milan", "you hold no assassination chit for Naples"),
        ("give Papacy to Florence", "you cannot give a chit to yourself"),
        ("expense", "the expense's number is missing: expense 1: to expense 4:"),
        ("expense one: none", "the expense's number is missing: expense 1: to expense 4:"),
        ("expense 0: none", "an expense's number is 1 to 4, not 0"),
        ("expense 5: none", "an expense's number is 1 to 4, not 5"),
        ("expense 1:", "the expense is missing: write famine relief, pacify rebellion, "
                       "counter-bribe, disband, buy, garrison to autonomous, cause rebellion, "
                       "assassinate, bodyguard, operate, permission or none"),
        ("expense 1: 12 ducats bribe a bol", "unknown expense 'bribe': write famine relief, "
                                             "pacify rebellion, counter-bribe, disband, buy, "
                                             "garrison to autonomous, cause rebellion, "
                                             "assassinate, bodyguard, operate, permission or none"),
        ("expense 1: many ducats buy a bol", "'many' is neither an amount of ducats nor an "
                                             "expense"),
        ("expense 1: -12 ducats buy a bol", "an amount of ducats cannot be negative"),
        ("expense 1: 1.5 ducats buy a bol", "'1.5' is not a whole number of ducats"),
        ("expense 1: buy a bol", "the expense's amount is missing: write it as 'N ducats'"),
        ("expense 1: 12 ducats buy", "a place is missing after 'buy'"),
        ("expense 1: 12 ducats buy a atlantis", "unknown place 'atlantis'"),
        ("expense 1: 12 ducats disband a pst", "no unit in Pistoia"),
        ("expense 1: 12 ducats disband f bol", "there is no fleet in Bologna, there is an army"),
        ("expense 1: 12 ducats disband a are", "the army in Arezzo is yours: you can only "
                                               "counter-bribe it"),
        ("expense 1: 18 ducats buy g sie", "the garrison in Siena is yours: you can only "
                                           "counter-bribe it"),
        ("expense 1: 9 ducats gta a bol", "only a garrison can be made autonomous"),
        ("expense 1: 9 ducats gta bol", "there is no garrison in Bologna, there is an army"),
        ("expense 1: 9 ducats gta flo", "the garrison in Florence is yours: you can only "
                                        "counter-bribe it"),
        ("expense 1: 3 ducats famine relief", "a place is missing after 'famine relief'"),
        ("expense 1: 3 ducats famine relief atlantis", "unknown place 'atlantis'"),
        ("expense 1: 12 ducats pacify rebellion milan now", "unknown word 'now'"),
        ("expense 3: 24 ducats assassinate", "the power to assassinate is missing"),
        ("expense 3: 24 ducats assassinate Atlantis", "unknown power 'atlantis'"),
        ("expense 3: 24 ducats assassinate Florence", "you cannot assassinate yourself"),
    ],
)
def test_money_error_messages(text: str, reason: str) -> None:
    assert error(text) == reason


def test_ambiguous_power_abbreviation() -> None:
    # France, Florence: "f" is too short, "fr" is France, "fl" Florence
    assert error("pay 3 ducats to f") == "unknown power 'f'"
    assert parse("pay 3 ducats to fr") == Pay(3, "France")
    assert parse("pay 3 ducats to fl", power="Milan") == Pay(3, "Florence")


@pytest.mark.parametrize(
    "text",
    ["borrow 25 ducats for 2 years", "pay 6 ducats to Milan", "give Papacy to Milan",
     "expense 1: 12 ducats disband a bol", "expense 2: none", "e1: none", "loan 3 d to bank"],
)
def test_money_orders_refused_without_money(text: str) -> None:
    assert error(text, NO_MONEY) == "there is no money in this game"


@pytest.mark.parametrize("phase", ["retreat", "adjustment"])
@pytest.mark.parametrize(
    "text",
    ["borrow 25 ducats for 2 years", "pay 6 ducats to Milan", "give Papacy to Milan",
     "expense 1: 12 ducats disband a bol", "expense 2: none"],
)
def test_money_orders_only_in_movement_phases(text: str, phase: PhaseKind) -> None:
    with pytest.raises(OrderSyntaxError) as info:
        parse_order(text, CLASSIC, BASE, FLO, phase=phase)
    assert info.value.reason == (
        f"an expenditure order is ordered only in a movement phase, not in the {phase} phase"
    )


def test_borrow_refused_when_loans_are_off() -> None:
    assert error("borrow 5 ducats for 1 year", NO_LOANS) == "there are no bank loans in this game"
    assert parse("pay 5 ducats to bank", NO_LOANS) == Pay(5, BANK)  # 004 D004-23


def test_nodice_turns_loans_off_unless_loans_is_set() -> None:
    # finance.loans_in_play (docs/rulings.md, Banking)
    state = position(U("A", "are"), dice=False)
    del state.options["loans"]
    assert error("borrow 5 ducats for 1 year", state) == "there are no bank loans in this game"
    state.options["loans"] = True
    assert parse("borrow 5 ducats for 1 year", state) == Borrow(5, 1)


def test_chits_and_assassination_refused_when_assassinations_are_off() -> None:
    reason = "there are no assassinations in this game"
    assert error("give Papacy to Milan", NO_ASSASSINS) == reason
    assert error("expense 3: 24 ducats assassinate Papacy", NO_ASSASSINS) == reason


def test_standard_game_has_no_money() -> None:
    board, state = load_scenario("standard_1901")
    with pytest.raises(OrderSyntaxError) as info:
        parse_order("pay 3 ducats to bank", board, state, "England")
    assert info.value.reason == "there is no money in this game"


# ----------------------------------------------------------------------
# Submissions: replacement by key, every line checked, the 001 example
# ----------------------------------------------------------------------
def submit(text: str, state: State = BASE, power: str = FLO) -> tuple[list[Order], list[str]]:
    sub = parse_orders(text, CLASSIC, state, power)
    return sub.orders, [f"{e.line}: {e.text}: {e.reason}" for e in sub.errors]


def test_money_orders_in_a_movement_submission() -> None:
    orders, errors = submit(
        "pay 3 d to bank; A are - sie\nexpense 1: 12 d disband a bol\nA flo h"
    )
    assert errors == []
    assert orders == [Pay(3, BANK), Move(ref("A", "are"), "sie"),
                      exp(1, 12, "disband", "A", "bol"), Hold(ref("A", "flo"))]


def test_bad_money_lines_reported_good_lines_kept() -> None:
    orders, errors = submit(
        "pay 3 d to Atlantis\nborrow 5 d for 1 year\nexpense 9: none\ngive Naples to Milan"
    )
    assert orders == [Borrow(5, 1)]
    assert errors == [
        "1: pay 3 d to Atlantis: unknown power 'atlantis'",
        "3: expense 9: none: an expense's number is 1 to 4, not 9",
        "4: give Naples to Milan: you hold no assassination chit for Naples",
    ]


def test_later_order_with_same_key_replaces_the_earlier() -> None:
    orders, errors = submit(
        "\n".join([
            "borrow 10 d for 1 year", "borrow 5 d for 2 years", "borrow 0 d for 1 year",
            "pay 6 d to Milan", "pay 4 d to bank", "pay 2 d to mi",
            "give Papacy to Milan", "give Milan to Venice", "give Papacy to Venice",
            "expense 1: 18 d buy a bol", "expense 2: 3 d famine relief mil",
            "expense 1: 12 d disband a bol",
        ])
    )
    assert errors == []
    assert orders == [
        Borrow(5, 2), Borrow(0, 1), Pay(4, BANK), Pay(2, "Milan"),
        GiveChit("Milan", "Venice"), GiveChit("Papacy", "Venice"),
        exp(2, 3, "famine_relief", None, "mil"), exp(1, 12, "disband", "A", "bol"),
    ]


def test_ord_example_2_pay_zero_cancels_the_earlier_payment() -> None:
    orders, _ = submit("Pay 6 ducats to Milan\nPay 0 ducats to Milan")
    assert orders == [Pay(0, "Milan")]


def test_ord_example_3_expense_replaced_and_deleted_by_none() -> None:
    orders, _ = submit(
        "Expense 1: 12 ducats Disband Army Bologna\nExpense 2: 3 ducats Counter-bribe Army Arezzo\n"
        "Expense 1: 21 ducats buy Army Bologna\nExpense 2: none"
    )
    assert orders == [exp(1, 21, "buy", "A", "bol"), exp(2, 0, "none")]


# The two order sets of 001's EXAMPLE OF ORDERS, as mailed (the notes beside the
# first three lines of 001 left out).
EXAMPLE_1 = """Signon Lname <password>
Pay 14 ducats to bank
Pay  6 ducats to Milan
Borrow 25 ducats for 2 years
Expense 1: 12 ducats Disband Army Bologna
Expense 2:  3 ducats Counter-bribe Army Arezzo
Expense 3: 24 ducats Assassinate Papacy
Army Arezzo -> Sienna
Army Florence -> Arezzo
Fleet Pisa Convert to Garrison
Signoff
"""
EXAMPLE_2 = """Signon Lname <password>
Pay 0 ducats to Milan
Expense 1: 21 ducats buy Army Bologna
Expense 2: none
Army Bologna -> Ferrara
Signoff
"""
EXAMPLE_STATE = position(
    U("A", "are"), U("A", "flo"), U("F", "psa"), U("A", "bol", "Papacy"), U("A", "mil", "Milan")
)


def test_ord_example_1_first_order_set() -> None:
    orders, errors = submit(EXAMPLE_1, EXAMPLE_STATE)
    assert errors == []
    assert orders == [
        Pay(14, BANK), Pay(6, "Milan"), Borrow(25, 2),
        exp(1, 12, "disband", "A", "bol"), exp(2, 3, "counter_bribe", "A", "are"),
        exp(3, 24, "assassinate", power="Papacy"),
        Move(ref("A", "are"), "sie"), Move(ref("A", "flo"), "are"), Convert(ref("F", "psa"), "G"),
    ]


def test_ord_example_2_3_4_revision() -> None:
    orders, errors = submit(EXAMPLE_1 + EXAMPLE_2, EXAMPLE_STATE)
    assert errors == []
    assert orders == [
        Pay(14, BANK), Borrow(25, 2),
        exp(3, 24, "assassinate", power="Papacy"),  # not resent: stays in force
        Move(ref("A", "are"), "sie"), Move(ref("A", "flo"), "are"), Convert(ref("F", "psa"), "G"),
        Pay(0, "Milan"),  # ORD-EXAMPLE-2
        exp(1, 21, "buy", "A", "bol"), exp(2, 0, "none"),  # ORD-EXAMPLE-3
        Move(ref("A", "bol"), "fer"),  # ORD-EXAMPLE-4: the unit being bought
    ]


def test_ord_example_4_bought_unit_order_in_any_line_order() -> None:
    orders, errors = submit("A bol - fer\nexpense 2: 18 d buy a bol", EXAMPLE_STATE)
    assert errors == []
    assert orders == [Move(ref("A", "bol"), "fer"), exp(2, 18, "buy", "A", "bol")]
    assert parse_order("A bol - fer", CLASSIC, EXAMPLE_STATE, FLO,
                       bought={("bol", "A")}) == Move(ref("A", "bol"), "fer")


def test_bought_unit_only_while_the_buy_stands() -> None:
    _, errors = submit("expense 1: 18 d buy a bol\nA bol - fer\nexpense 1: 12 d disband a bol",
                       EXAMPLE_STATE)
    assert errors == ["2: A bol - fer: the army in Bologna is not yours"]
    _, errors = submit("expense 1: 18 d disband a bol\nA bol - fer", EXAMPLE_STATE)
    assert errors == ["2: A bol - fer: the army in Bologna is not yours"]
    _, errors = submit("A bol - fer", EXAMPLE_STATE)
    assert errors == ["1: A bol - fer: the army in Bologna is not yours"]


def test_signon_and_signoff_lines_are_skipped() -> None:
    orders, errors = submit("signon lname pw\nA are h\nsignoff")
    assert errors == [] and orders == [Hold(ref("A", "are"))]


# ----------------------------------------------------------------------
# Adjustment orders (ORD-ADJ-*, ORD-KW-STYPE, D004-33) and ORD-TN-1
# ----------------------------------------------------------------------
ADJ = position(U("A", "flo"), U("G", "flo"), phase="adjustment")


@pytest.mark.parametrize(
    ("words", "special"),
    [
        ("", None), ("militia", "militia"), ("citizen's militia", "militia"), ("cm", "militia"),
        ("elite mercenary", "elite_mercenary"), ("mercenary", "elite_mercenary"),
        ("em", "elite_mercenary"), ("elite mercenaries", "elite_mercenary"),
        ("elite_mercenary", "elite_mercenary"),
        ("elite professional", "elite_professional"), ("professional", "elite_professional"),
        ("ep", "elite_professional"), ("elite_professional", "elite_professional"),
    ],
)
@pytest.mark.parametrize("verb", ["build", "b", "builds"])
def test_ord_adj_1_build_special_types(words: str, special: str | None, verb: str) -> None:
    order = parse_order(f"{verb} {words} a pisa", CLASSIC, ADJ, FLO)
    assert order == Build("A", "psa", None, special)
    assert parse_order(format_order(order), CLASSIC, ADJ, FLO) == order


@pytest.mark.parametrize("verb", ["remove", "r", "disband", "d"])
def test_ord_adj_2_remove(verb: str) -> None:
    assert parse_order(f"{verb} a flo", CLASSIC, ADJ, FLO) == Remove(ref("A", "flo"))


@pytest.mark.parametrize("verb", ["maintain", "m"])
def test_ord_adj_3_maintain(verb: str) -> None:
    assert parse_order(f"{verb} g flo", CLASSIC, ADJ, FLO) == Maintain(ref("G", "flo"))


def test_cm_is_still_a_place_when_no_unit_type_follows() -> None:
    state = position(U("F", "bot"))
    assert parse("cm h", state) == Hold(ref("F", "bot"))
    assert parse("cm a are h") == Hold(ref("A", "are"))  # a special word before the unit


@pytest.mark.parametrize("text", ["disband a are", "a are disband", "a are d", "a are 0",
                                  "d a are"])
def test_ord_tn_1_disband_in_movement_with_the_option(text: str) -> None:
    assert parse(text, position(U("A", "are"), disband=True)) == Disband(ref("A", "are"))
    assert error(text, position(U("A", "are"))) == (
        "disbanding a unit in a movement phase needs the 'disband' option"
    )


@pytest.mark.parametrize(
    ("text", "allow"),
    [("ally Milan", True), ("allies Milan", True), ("allies with mi", True),
     ("unally Milan", False), ("not allies Milan", False), ("unalliance milan", False),
     ("don't allow Milan", False), ("dont allow Milan", False)],
)
def test_ord_exp_5_ally_aliases(text: str, allow: bool) -> None:
    assert parse(text) == Ally("Milan", allow)


# ----------------------------------------------------------------------
# Properties: the round trip and never raising, for money orders
# ----------------------------------------------------------------------
POWERS = [p for p in BASE.powers if p != FLO]
AMOUNTS = st.integers(min_value=0, max_value=200)
UNIT_TARGETS = [  # (kind, what the position answers)
    ("counter_bribe", "A", "are"), ("counter_bribe", "G", "flo"), ("counter_bribe", "G", "sie"),
    ("counter_bribe", "A", "bol"), ("disband", "A", "bol"), ("disband", "G", "gen"),
    ("buy", "F", "bot"), ("buy", "A", "sie"), ("buy", "G", "luc"),
    ("garrison_to_autonomous", "G", "luc"), ("garrison_to_autonomous", "G", "gen"),
]
PLACES = ["mil", "rme", "flo", "ven", "tun", "bol"]


def _expenses() -> st.SearchStrategy[Expense]:
    number = st.integers(min_value=1, max_value=4)
    unit = st.builds(lambda n, a, t: Expense(n, a, t[0], t[1], t[2]), number, AMOUNTS,
                     st.sampled_from(UNIT_TARGETS))
    place = st.builds(
        lambda n, a, k, p: Expense(n, a, k, None, p), number, AMOUNTS,
        st.sampled_from(["famine_relief", "pacify_rebellion", "cause_rebellion"]),
        st.sampled_from(PLACES),
    )
    murder = st.builds(lambda n, a, p: Expense(n, a, "assassinate", power=p), number, AMOUNTS,
                       st.sampled_from(POWERS))
    none = st.builds(lambda n: Expense(n, 0, "none"), number)
    return st.one_of(unit, place, murder, none)


MONEY_ORDERS: st.SearchStrategy[Order] = st.one_of(
    st.builds(Borrow, AMOUNTS, st.sampled_from([1, 2])),
    st.builds(Pay, AMOUNTS, st.sampled_from([*POWERS, BANK])),
    st.builds(GiveChit, st.sampled_from(["Papacy", "Milan", "Venice"]), st.sampled_from(POWERS)),
    _expenses(),
)


@settings(max_examples=400)
@given(MONEY_ORDERS)
def test_money_round_trip_property(order: Order) -> None:
    assert parse(format_order(order)) == order


MONEY_WORDS = st.sampled_from(
    ["borrow", "pay", "give", "loan", "expense", "exp", "e", "e1", "1", "2", "4", "5", "0",
     ":", "12", "12d", "3+3", "-", "d", "ducats", "for", "year", "years", "at", "20%", "50",
     "%", "to", "bank", "the", "milan", "mi", "papacy", "florence", "chit", "none",
     "famine", "relief", "pacify", "rebellion", "counter", "bribe", "cb", "buy", "b", "g",
     "gta", "autonomous", "cause", "assassinate", "a", "f", "bol", "sie", "luc", "gen", "are",
     "pst", "cm", "zzz", ";", "\n", "#", "a bol - fer", "signon", "1.5"]
)


@settings(max_examples=400)
@given(
    st.one_of(st.lists(MONEY_WORDS, max_size=14).map(" ".join), st.text(max_size=40)),
    st.sampled_from(["movement", "retreat", "adjustment"]),
    st.booleans(),
)
def test_random_money_text_never_raises(text: str, phase: PhaseKind, money: bool) -> None:
    state = BASE if money else NO_MONEY
    sub = parse_orders(text, CLASSIC, state, FLO, phase=phase)
    for err in sub.errors:
        assert err.reason and err.line >= 1
    bought = {(o.province, o.unit_kind) for o in sub.orders
              if isinstance(o, Expense) and o.kind == "buy"}
    for order in sub.orders:
        again = parse_order(format_order(order), CLASSIC, state, FLO, phase=phase,
                            bought=bought)  # type: ignore[arg-type]
        assert again == order

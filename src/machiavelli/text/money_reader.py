"""Reading expenditure orders: borrow, pay/give/loan, assassination chits and expenses.

The syntax and its choices are described in :mod:`machiavelli.text.notation`; the words
live in :mod:`machiavelli.text.order_words`.  Only what the text and the position decide
is checked here (unknown powers and places, amounts, expense numbers, durations,
the unit an expense names, the chits a power holds); what an expenditure costs
and whether it works is for the bank and expense steps, which report it at
adjudication.
"""

from __future__ import annotations

import re

from machiavelli.core.options import bar_rules, chits_in_play, loans_in_play, money_in_play
from machiavelli.core.orders import BANK, Borrow, Expense, ExpenseKind, GiveChit, MoneyOrder, Pay
from machiavelli.core.state import Unit, UnitKind
from machiavelli.text.order_words import (
    BORROWS,
    CHIT_WORDS,
    DUCATS,
    ETYPE_NAMES,
    ETYPES,
    EXPENSES,
    GIVES,
    KIND_NAMES,
    NONE_WORDS,
    TO_BANK,
    OrderSyntaxError,
    unit_of_kind,
)
from machiavelli.text.word_reader import WordReader

__all__ = ["EXPENSE_GLUED", "read_money"]

EXPENSE_GLUED = re.compile(r"(?:expense|exp|e)(\d+)", re.ASCII)  # "expense1:"
_AMOUNT = re.compile(r"(\d+(?:\+\d+)*)(d|ducats?)?", re.ASCII)  # "12", "12d", "12+3d"
_UNIT_EXPENSES: frozenset[ExpenseKind] = frozenset(
    {"counter_bribe", "disband", "buy", "garrison_to_autonomous"}
)
_PLACE_EXPENSES: frozenset[ExpenseKind] = frozenset(
    {"famine_relief", "pacify_rebellion", "cause_rebellion"}
)
_YEARS = {"1": 1, "one": 1, "2": 2, "two": 2}
#: The most digits an amount, an expense number, a duration or a rate may have: enough
#: for any treasury, and far below what ``int()`` refuses to read (4,300 digits).
MAX_DIGITS = 9
_RATES = {1: 20, 2: 50}  # 001: 1 year at 20 %, 2 years at 50 %
_ETYPE_LIST = (
    "famine relief, pacify rebellion, counter-bribe, disband, buy, "
    "garrison to autonomous, cause rebellion, assassinate, bodyguard, operate, permission "
    "or none"
)


#: the most expenditures a power numbers in a campaign under seed 003's rules, which set no
#: limit (BAR-7.1): a bound on the numbers only
BAR_EXPENSES = 99


def read_money(r: WordReader) -> MoneyOrder:
    """An expenditure order; ``r`` stands at its first word."""
    if not money_in_play(r.state):
        raise OrderSyntaxError("there is no money in this game")
    if r.phase == "adjustment" and bar_rules(r.state) and r.match(GIVES) is not None:
        r.take(GIVES)  # seed 003's ducat exchange in the adjustment phase (B.4, BAR-2.3)
        order = _give(r)
        if not isinstance(order, Pay) or order.to == BANK:
            raise OrderSyntaxError("in the adjustment phase ducats are only given to a power "
                                   "(seed 003's B.4)")
        return order
    if r.phase != "movement":
        raise r.wrong_phase("an expenditure order", "movement")
    if r.take(BORROWS):
        return _borrow(r)
    if r.take(GIVES):
        return _give(r)
    return _expense(r)


# ----------------------------------------------------------------------
# Amounts and powers
# ----------------------------------------------------------------------
def _take_amount(r: WordReader, ducat_d: bool = True) -> int | None:
    """A number of ducats here (``12``, ``12 d``, ``12 ducats``, ``12+3d``), or None.

    ``ducat_d=False`` leaves a ``d`` after the number alone (it may be "disband").
    """
    tok = r.peek()
    if tok is None:
        return None
    nxt = r.peek(1)
    if tok == "-" and nxt is not None and _digit(nxt[:1]):
        raise OrderSyntaxError("an amount of ducats cannot be negative")
    if not _digit(tok[:1]):
        return None
    found = _AMOUNT.fullmatch(tok)
    if found is None:
        raise OrderSyntaxError(f"'{_short(tok)}' is not a whole number of ducats")
    parts = found.group(1).split("+")
    if any(len(part) > MAX_DIGITS for part in parts) or len(parts) > 100:
        raise OrderSyntaxError(f"'{_short(tok)}' is far more ducats than there are")
    r.i += 1
    total = sum(int(part) for part in parts)
    if found.group(2) is None:
        if ducat_d:
            r.take(DUCATS)
        else:
            r.take(DUCATS[1:])
    return total


def _number(tok: str) -> bool:
    """Whether ``tok`` is a whole number ``int()`` reads (``²`` is a digit, not a number)."""
    return tok.isascii() and tok.isdecimal() and len(tok) <= MAX_DIGITS


def _digit(char: str) -> bool:
    """Whether ``char`` is one of 0-9: numbers are written in ASCII digits (the other
    scripts' digits and ``²`` are refused alike, as words)."""
    return char.isascii() and char.isdigit()


def _short(tok: str) -> str:
    """A word as a message quotes it: a word of thousands of digits is cut short."""
    return tok if len(tok) <= 40 else f"{tok[:20]}...{tok[-10:]}"


def _power(r: WordReader, what: str, stops: frozenset[str] = frozenset()) -> str:
    """A power's name or abbreviation: the longest run of words here that names one
    (up to a stop word or an amount)."""
    end = r.i
    while end < len(r.toks) and r.toks[end] not in stops and not _digit(r.toks[end][:1]):
        end += 1
    if end == r.i:
        raise OrderSyntaxError(f"{what} is missing")
    for n in range(end - r.i, 0, -1):
        try:
            power = r.find_power(" ".join(r.toks[r.i:r.i + n]))
        except OrderSyntaxError:
            continue
        r.i += n
        return power
    return r.find_power(" ".join(r.toks[r.i:end]))  # raises, naming all the words


def _take_to(r: WordReader, what: str) -> None:
    if not r.take((("to",),)):
        tok = r.peek()
        found = f", not '{tok}'" if tok else ""
        raise OrderSyntaxError(f"'to' is missing: {what}{found}")


# ----------------------------------------------------------------------
# Borrow, pay, give
# ----------------------------------------------------------------------
def _borrow(r: WordReader) -> Borrow:
    if not loans_in_play(r.state):
        raise OrderSyntaxError("there are no bank loans in this game")
    amount = _take_amount(r)
    if amount is None:
        raise _not_amount(r, "borrow")
    years = _duration(r)
    r.end()
    return Borrow(amount, years)


def _not_amount(r: WordReader, after: str) -> OrderSyntaxError:
    tok = r.peek()
    if tok is None:
        return OrderSyntaxError(f"an amount of ducats is missing after '{after}'")
    return OrderSyntaxError(f"'{tok}' is not an amount of ducats")


def _duration(r: WordReader) -> int:
    """``for 1 year``, ``for 2 years`` (also ``one``/``two``, ``year``/``years``, no ``for``,
    ``at 20 %``/``at 50 %`` in place of or after the years)."""
    r.take((("for",),))
    years: int | None = None
    tok = r.peek() or ""
    if tok in _YEARS or (_number(tok) and r.peek(1) in ("year", "years")):
        r.i += 1
        r.take((("year",), ("years",)))
        years = _YEARS.get(tok) or int(tok)
        if years not in _RATES:
            raise OrderSyntaxError(f"a loan is for 1 or 2 years, not {years}")
    rate = _rate(r)
    if years is None and rate is None:
        where = f", not '{r.peek()}'" if r.peek() else ""
        raise OrderSyntaxError(
            f"the loan's duration is missing: write 'for 1 year' or 'for 2 years'{where}"
        )
    if years is not None and rate is not None and _RATES[years] != rate:
        year_s = "1 year" if years == 1 else "2 years"
        raise OrderSyntaxError(f"a loan for {year_s} is at {_RATES[years]} %, not {rate} %")
    return years if years is not None else (1 if rate == 20 else 2)


def _rate(r: WordReader) -> int | None:
    """``at 20 %`` / ``at 50 percent`` (001 loan interest), or None."""
    at = r.take((("at",),))
    tok = r.peek()
    if tok is None or not _number(tok.rstrip("%")):
        if at:
            raise OrderSyntaxError("an interest rate is missing after 'at'")
        return None
    r.i += 1
    r.take((("%",), ("percent",), ("%", "interest"), ("percent", "interest"), ("interest",)))
    rate = int(tok.rstrip("%"))
    if rate not in (20, 50):
        raise OrderSyntaxError(f"a loan is at 20 % (1 year) or 50 % (2 years), not {rate} %")
    return rate


def _give(r: WordReader) -> Pay | GiveChit:
    amount = _take_amount(r)
    if amount is None:
        return _give_chit(r)
    _take_to(r, "pay N ducats to a power or to the bank")
    if r.take(TO_BANK):
        r.end()
        return Pay(amount, BANK)
    to = _power(r, "the power to pay")
    r.end()
    if to == r.power:
        raise OrderSyntaxError("you cannot pay yourself")
    return Pay(amount, to)


def _give_chit(r: WordReader) -> GiveChit:
    tok = r.peek()
    if tok is None:
        raise OrderSyntaxError("an amount of ducats or a power is missing")
    try:
        target = _power(r, "a power", frozenset({"to", "chit", "assassination"}))
    except OrderSyntaxError as err:
        if err.reason.startswith("unknown power") or err.reason == "a power is missing":
            reason = f"'{tok}' is neither an amount of ducats nor a power"
            raise OrderSyntaxError(reason) from None
        raise
    r.take(CHIT_WORDS)
    _take_to(r, "give <power> to <power> (an assassination chit)")
    if r.take(TO_BANK):
        raise OrderSyntaxError("an assassination chit cannot be given to the bank")
    to = _power(r, "the power to give the chit to")
    r.end()
    if not chits_in_play(r.state):
        raise OrderSyntaxError("there are no assassinations in this game")
    if target not in r.state.chits.get(r.power, []):
        raise OrderSyntaxError(f"you hold no assassination chit for {target}")
    if to == r.power:
        raise OrderSyntaxError("you cannot give a chit to yourself")
    return GiveChit(target, to)


# ----------------------------------------------------------------------
# Expenses
# ----------------------------------------------------------------------
def _expense(r: WordReader) -> Expense:
    glued = EXPENSE_GLUED.fullmatch(r.peek() or "")
    if glued is not None:
        r.i += 1
        written = glued.group(1)
    else:
        r.take(EXPENSES)
        written = r.peek() or ""
        r.i += 1
    if not _number(written):
        raise OrderSyntaxError("the expense's number is missing: expense 1: to expense 4:")
    number = int(written)
    if bar_rules(r.state):  # seed 003: any number of expenditures (BAR-7.1)
        if not 1 <= number <= BAR_EXPENSES:
            raise OrderSyntaxError(f"an expense's number is 1 to {BAR_EXPENSES}, not {number}")
    elif not 1 <= number <= 4:
        raise OrderSyntaxError(f"an expense's number is 1 to 4, not {number}")
    r.take(((":",),))
    start = r.i
    try:
        return _expense_body(r, number, ducat_d=True)
    except OrderSyntaxError as first:
        # "12 d a bol": the "d" may be "disband" rather than "ducats"
        r.i = start
        if r.peek(1) != "d":
            raise
        try:
            return _expense_body(r, number, ducat_d=False)
        except OrderSyntaxError:
            raise first from None


def _expense_body(r: WordReader, number: int, ducat_d: bool) -> Expense:
    amount = _take_amount(r, ducat_d)
    if r.take(NONE_WORDS):
        r.end()
        return Expense(number, 0, "none")
    kind = _etype(r, amount is None)
    unit_kind: UnitKind | None = None
    province: str | None = None
    power: str | None = None
    if kind == "assassinate":
        if not chits_in_play(r.state) and not bar_rules(r.state):  # (003's: BAR-9.1)
            raise OrderSyntaxError("there are no assassinations in this game")
        power = _power(r, "the power to assassinate")
        if power == r.power:
            raise OrderSyntaxError("you cannot assassinate yourself")
    elif kind == "bodyguard":  # seed 003's (BAR-9.2): for any leader
        power = _power(r, "the power whose leader is guarded")
    elif kind in _PLACE_EXPENSES:
        province = r.take_place(ETYPE_NAMES[kind]).province
    else:
        unit = _target_unit(r, kind)
        unit_kind, province = unit.kind, unit.province
    if amount is None:
        amount = _take_amount(r)
        if amount is None:
            raise OrderSyntaxError("the expense's amount is missing: write it as 'N ducats'")
    r.end()
    return Expense(number, amount, kind, unit_kind, province, power)


def _etype(r: WordReader, amount_missing: bool) -> ExpenseKind:
    best: tuple[str, ...] | None = None
    for n in (3, 2, 1):
        words = tuple(r.toks[r.i:r.i + n])
        if len(words) == n and words in ETYPES:
            best = words
            break
    if best is None:
        tok = r.peek()
        if tok is None:
            raise OrderSyntaxError(f"the expense is missing: write {_ETYPE_LIST}")
        if amount_missing:
            raise OrderSyntaxError(f"'{tok}' is neither an amount of ducats nor an expense")
        raise OrderSyntaxError(f"unknown expense '{tok}': write {_ETYPE_LIST}")
    r.i += len(best)
    return ETYPES[best]


def _target_unit(r: WordReader, kind: ExpenseKind) -> Unit:
    """The unit a bribe or counter-bribe names, from the position (001 d-i, c)."""
    r.take_special()
    written = r.take_type()
    place = r.take_place(ETYPE_NAMES[kind])
    name = r.name(place.province)
    if kind == "garrison_to_autonomous" and not bar_rules(r.state):  # (003: any, BAR-11.7)
        if written not in (None, "G"):
            raise OrderSyntaxError("only a garrison can be made autonomous")
        written = "G"
    here = [u for u in r.state.units if u.province == place.province]
    if not here:
        raise OrderSyntaxError(f"no unit in {name}")
    if written is not None:
        unit = unit_of_kind(here, written, name)
    else:
        unit = _likely_unit(here, r.power, kind == "counter_bribe")
    if kind != "counter_bribe" and unit.owner == r.power:
        raise OrderSyntaxError(
            f"the {KIND_NAMES[unit.kind]} in {name} is yours: you can only counter-bribe it"
        )
    return unit


def _likely_unit(here: list[Unit], power: str, counter: bool) -> Unit:
    """With no type written: a counter-bribe means one's own unit, a bribe another's;
    the army or fleet before the garrison (nJudge's reading)."""
    ordered = sorted(here, key=lambda u: u.kind == "G")
    for u in ordered:
        if (u.owner == power) == counter:
            return u
    return ordered[0]


"""Reasons in words: an order's result note with its rule ids apart, an expense that fails
saying whether its ducats are spent, and a reason for the outcomes the adjudicator leaves
without a note (a move no convoy carried, a convoy whose army did not get through).  The
order checker (:mod:`machiavelli.game.checking`) and the reports
(:mod:`machiavelli.text.report`) say them so."""

from __future__ import annotations

import re

from machiavelli.core.orders import Convoy, Expense, Move, SupportHold, SupportMove
from machiavelli.core.results import OrderResult

#: a rule id as the notes write them (``EXP-D``, ``LOAN-13``, ``ADJTAB-C``, ``SIEGE-8``)
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+(?:\.[0-9]+)*)+\b")


#: an expense's note (:meth:`machiavelli.money.expenses.Spend.note`): what it took, why
_SPENT = re.compile(r"^(\d+) ducats(?: \(all that was left of the (\d+) ordered\))?(?:; (.*))?$",
                    re.S)


def expense_note(result: OrderResult) -> str:
    """An expense's result in words: why it fails first, then whether its ducats are
    spent (an expense that fails is paid all the same, EXP-GEN-3; under seed 003 one
    that cannot be paid in full takes nothing, BAR-2.7)."""
    found = _SPENT.match(result.note)
    if found is None or result.outcome == "succeeds":
        return result.note
    paid, ordered, why = int(found.group(1)), found.group(2), found.group(3) or ""
    if "nothing charged" in why:
        return why
    short = f" (all that was left of the {ordered} ordered)" if ordered else ""
    spent = (f"its {paid} ducats{short} are spent all the same (EXP-GEN-3)" if paid
             else "no ducats were left to pay it")
    return f"{why}; {spent}" if why else spent


def in_words(result: OrderResult, note: str) -> str:
    """``note`` (the result's note as its reader may see it) with the reason an outcome
    left bare has, and an expense's ducats said spent or not."""
    if isinstance(result.order, Expense) and note == result.note:
        return expense_note(result)
    if note or result.outcome in ("succeeds", "void", "dislodged"):
        return note
    order = result.order
    if result.outcome == "bounced" and isinstance(order, Move):
        return "a unit as strong or stronger held or entered the province"
    if result.outcome == "cut":
        return "the supporting unit was attacked"
    if result.outcome == "fails" and isinstance(order, Move):
        return ("no convoy carried the army (a fleet of the chain did not convoy it or "
                "was dislodged)")
    if result.outcome == "fails" and isinstance(order, Convoy):
        return "the army it convoyed did not get through"
    if result.outcome == "fails" and isinstance(order, SupportHold | SupportMove):
        return "what it supported did not happen"
    return note


def split_rules(note: str) -> tuple[str, tuple[str, ...]]:
    """A note's words and its rule ids apart: ``"3 ducats needed (EXP-C)"`` ->
    ``("3 ducats needed", ("EXP-C",))``.  The words keep everything but the ids and the
    punctuation that only held them."""
    ids = tuple(dict.fromkeys(m.group(0) for m in RULE_ID.finditer(note)))
    if not ids:
        return note.strip(), ()
    words = RULE_ID.sub("", note)
    words = re.sub(r"\(\s*(?:[,;]\s*)*\)", "", words)  # "(EXP-C)" and "(EXP-D, BRIBE-4)"
    words = re.sub(r"\(\s*(?:[,;]\s*)+", "(", words)
    words = re.sub(r"(?:\s*[,;])+\s*\)", ")", words)
    words = re.sub(r"\s*;(?:\s*[,;])+\s*", "; ", words)  # "x; EXP-D, BRIBE-4; y"
    words = re.sub(r"\s+([,;:)])", r"\1", words)
    words = re.sub(r"\s{2,}", " ", words).strip(" ;,")
    return words, ids

"""Money in case files: loans, chits, famine, defaulters, assassinations and dice.

Reading (:func:`read_money_sections`), writing (:func:`format_money_sections`) and
comparing (:func:`diff_money`) the money sections of a case; see
docs/case-format.md, "Money".  Treasuries are read with the other Machiavelli
sections in :mod:`machiavelli.cases.entries`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from machiavelli.cases.history import CaseError
from machiavelli.cases.model import Case, ExpectedRoll, IncomeStep
from machiavelli.cases.reader import EntryReader
from machiavelli.core.dice import Roll
from machiavelli.core.orders import Expense
from machiavelli.core.results import OrderResult
from machiavelli.core.state import SEASONS, Loan, Season, State
from machiavelli.money.peace import SEASONS as CAMPAIGNS
from machiavelli.money.peace import pair_key, pair_of

Sections = dict[str, list[tuple[str, int]]]

# -- reading --------------------------------------------------------------------

_LOAN = re.compile(
    r"(\d+)\s*\+\s*(\d+)\s*(?:ducats?\s+|d\s+)?due\s+(spring|summer|fall|autumn|winter)\s+(\d+)",
    re.I,
)


def read_dice(text: str, line: int) -> list[int]:
    """``DICE 3 5 6``: the values the case's dice give, in order."""
    words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
    if not words or not all(re.fullmatch(r"[1-6]", w) for w in words):
        raise CaseError(f"DICE takes die values 1 to 6, got {text.strip()!r}", line)
    return [int(w) for w in words]


def income_step(text: str) -> IncomeStep:
    """Where an adjustment case starts, from its PRESTATE_SETPHASE text."""
    t = text.lower()
    if re.search(r"after\s+income", t):
        return "done"
    if re.search(r"\bincome\b", t):
        return "only"
    return "before"


def read_loans(
    rd: EntryReader, entries: Sequence[tuple[str, int]] | None
) -> dict[str, list[Loan]] | None:
    """``Milan: 15 + 8 due Summer 1494`` (several loans: more lines, or ``,`` between)."""
    if entries is None:
        return None
    found: dict[str, list[Loan]] = {}
    for text, line in entries:
        who, rest = rd.split_power(text, line)
        power = rd.power(who, line)
        assert power is not None
        mine = found.setdefault(power, [])
        for piece in re.split(r"[,;]", rest):
            if not piece.strip():
                continue
            m = _LOAN.fullmatch(piece.strip())
            if m is None:
                raise CaseError(
                    f"expected 'Power: <principal> + <interest> due <season> <year>', got {text!r}",
                    line,
                )
            season_word = m.group(3).lower()
            season: Season = "fall" if season_word == "autumn" else _season(season_word)
            mine.append(Loan(int(m.group(1)), int(m.group(2)), season, int(m.group(4))))
    return found


def _season(word: str) -> Season:
    for s in SEASONS:
        if s == word:
            return s
    raise ValueError(word)  # pragma: no cover - the pattern admits only seasons


def _power_list(rd: EntryReader, text: str, line: int) -> list[str]:
    found = []
    for word in re.split(r"[\s,]+", text.strip()):
        if word:
            power = rd.power(word, line)
            assert power is not None
            found.append(power)
    return found


def read_chits(
    rd: EntryReader, entries: Sequence[tuple[str, int]] | None
) -> dict[str, list[str]] | None:
    """``Milan: Venice Naples``: the chits Milan holds, one per target power."""
    if entries is None:
        return None
    found: dict[str, list[str]] = {}
    for text, line in entries:
        who, rest = rd.split_power(text, line)
        holder = rd.power(who, line)
        assert holder is not None
        found.setdefault(holder, []).extend(_power_list(rd, rest, line))
    return found


def read_powers(rd: EntryReader, entries: Sequence[tuple[str, int]] | None) -> list[str] | None:
    """``Milan, Venice`` (or one power a line)."""
    if entries is None:
        return None
    found: list[str] = []
    for text, line in entries:
        found.extend(p for p in _power_list(rd, text, line) if p not in found)
    return found


def read_places(rd: EntryReader, entries: Sequence[tuple[str, int]] | None) -> list[str] | None:
    """``mil, gen`` (or one place a line)."""
    if entries is None:
        return None
    found: list[str] = []
    for text, line in entries:
        found.extend(p for p in rd.places(text, line) if p not in found)
    return found


def read_peace(
    rd: EntryReader, entries: Sequence[tuple[str, int]] | None
) -> dict[str, list[str]] | None:
    """``Milan Venice: summer fall``: seed 003's record of the campaigns of this year two
    powers were at peace in (option ``peace``, BAR-5.4)."""
    if entries is None:
        return None
    found: dict[str, list[str]] = {}
    for text, line in entries:
        pair, sep, rest = text.partition(":")
        powers = _power_list(rd, pair, line) if sep else []
        if len(powers) != 2 or powers[0] == powers[1]:
            raise CaseError(f"expected '<Power> <Power>: <campaigns>', got {text!r}", line)
        seasons = [w.lower() for w in re.split(r"[\s,]+", rest.strip()) if w]
        if not seasons or any(s not in CAMPAIGNS for s in seasons):
            raise CaseError(f"the campaigns are spring, summer or fall, not {rest.strip()!r}",
                            line)
        found[pair_key(*powers)] = sorted(set(seasons), key=CAMPAIGNS.index)
    return found


def _pending(state: State) -> list[str]:
    """The powers excommunicated for the next transfer (seed 003, BAR-15.2)."""
    return sorted(p for p, how in state.excommunications.items() if how == "pending")


def _peace_lines(peace: dict[str, list[str]]) -> list[str]:
    return sorted(f"{a} {b}: {' '.join(seasons)}"
                  for (a, b), seasons in ((pair_of(k), v) for k, v in peace.items()))


def read_rolls(entries: Sequence[tuple[str, int]] | None) -> list[ExpectedRoll] | None:
    """``assassination of Milan by Venice: 4``, ``famine severity: 3 + 4 = 7``, ``5``."""
    if entries is None:
        return None
    found: list[ExpectedRoll] = []
    for text, line in entries:
        purpose, sep, values = text.rpartition(":")
        if not sep:
            purpose, values = "", text
        values = values.split("=")[0]
        words = [w for w in re.split(r"[\s,+]+", values) if w]
        if not words or not all(re.fullmatch(r"[1-6]", w) for w in words):
            raise CaseError(f"expected '<purpose>: <die values>', got {text!r}", line)
        found.append(ExpectedRoll(purpose.strip(), tuple(int(w) for w in words), line))
    return found


#: the sections :func:`read_money_sections` reads
MONEY_SECTIONS = frozenset(
    f"{when}_{name}"
    for when in ("PRESTATE", "POSTSTATE")
    for name in ("LOANS", "CHITS", "FAMINE", "PEACE", "EXCOMMUNICATED", "DEFAULTED",
                 "ASSASSINATED", "ABUNDANCE", "PLAGUE")
) | {"POSTSTATE_ROLLS"}


def read_money_sections(rd: EntryReader, case: Case, sec: Sections) -> None:
    """The PRESTATE_ and POSTSTATE_ money sections other than treasuries."""
    if sec.keys().isdisjoint(MONEY_SECTIONS):
        return  # none: the case keeps what it starts with (no loans, no famine, ...)
    case.loans.update(read_loans(rd, sec.get("PRESTATE_LOANS")) or {})
    for holder, targets in (read_chits(rd, sec.get("PRESTATE_CHITS")) or {}).items():
        case.chits.setdefault(holder, []).extend(targets)
    case.famine = read_places(rd, sec.get("PRESTATE_FAMINE")) or []
    case.abundance = read_places(rd, sec.get("PRESTATE_ABUNDANCE")) or []
    case.plague = read_places(rd, sec.get("PRESTATE_PLAGUE")) or []
    case.peace = read_peace(rd, sec.get("PRESTATE_PEACE")) or {}
    case.excommunicated = read_powers(rd, sec.get("PRESTATE_EXCOMMUNICATED")) or []
    case.defaulted = read_powers(rd, sec.get("PRESTATE_DEFAULTED")) or []
    case.assassinated = read_powers(rd, sec.get("PRESTATE_ASSASSINATED")) or []
    case.expect_loans = read_loans(rd, sec.get("POSTSTATE_LOANS"))
    case.expect_chits = read_chits(rd, sec.get("POSTSTATE_CHITS"))
    case.expect_famine = read_places(rd, sec.get("POSTSTATE_FAMINE"))
    case.expect_abundance = read_places(rd, sec.get("POSTSTATE_ABUNDANCE"))
    case.expect_plague = read_places(rd, sec.get("POSTSTATE_PLAGUE"))
    case.expect_peace = read_peace(rd, sec.get("POSTSTATE_PEACE"))
    case.expect_excommunicated = read_powers(rd, sec.get("POSTSTATE_EXCOMMUNICATED"))
    case.expect_defaulted = read_powers(rd, sec.get("POSTSTATE_DEFAULTED"))
    case.expect_assassinated = read_powers(rd, sec.get("POSTSTATE_ASSASSINATED"))
    case.expect_rolls = read_rolls(sec.get("POSTSTATE_ROLLS"))


# -- what happened ------------------------------------------------------------------


def assassinated_in(
    before: State, after: State, results: Iterable[OrderResult], powers: Sequence[str]
) -> list[str]:
    """The powers assassinated during the phase.

    The state forgets a campaign's assassinations when the campaign ends, so
    they are gathered from everything that shows them: an assassination
    expense whose result is ``succeeds``, a power the bankers assassinated
    (newly in ``defaulted``), and the powers still in ``assassinated`` (when a
    retreat phase of the same campaign follows).
    """
    by_name = {p.lower(): p for p in powers}
    found: list[str] = []

    def add(name: str) -> None:
        power = by_name.get(name.lower(), name)
        if power not in found:
            found.append(power)

    for r in results:
        order = r.order
        if (
            isinstance(order, Expense)
            and order.kind == "assassinate"
            and r.outcome == "succeeds"
            and order.power
        ):
            add(order.power)
    for p in after.defaulted:
        if p not in before.defaulted:
            add(p)
    for p in after.assassinated:
        add(p)
    return found


# -- writing --------------------------------------------------------------------


def format_loan(loan: Loan) -> str:
    return f"{loan.principal} + {loan.interest} due {loan.due_season.capitalize()} {loan.due_year}"


def format_roll(roll: Roll) -> str:
    return f"{roll.purpose}: {' '.join(str(d) for d in roll.dice)}"


def format_money_sections(
    case: Case, state: State, assassinated: Sequence[str], rolls: Sequence[Roll]
) -> list[str]:
    """The POSTSTATE_ money sections the case used (treasuries excepted)."""
    lines: list[str] = []
    if "LOANS" in case.extras:
        lines.append("POSTSTATE_LOANS")
        for power, loans in sorted(state.loans.items()):
            lines += [f"\t{power}: {format_loan(loan)}" for loan in loans]
    if "CHITS" in case.extras:
        lines.append("POSTSTATE_CHITS")
        for holder, targets in sorted(state.chits.items()):
            if targets:
                lines.append(f"\t{holder}: {' '.join(sorted(targets))}")
    if "FAMINE" in case.extras:
        lines.append("POSTSTATE_FAMINE")
        if state.famine:
            lines.append("\t" + ", ".join(case.place(p) for p in sorted(state.famine)))
    if "ABUNDANCE" in case.extras:
        lines.append("POSTSTATE_ABUNDANCE")
        if state.abundance:
            lines.append("\t" + ", ".join(case.place(p) for p in sorted(state.abundance)))
    if "PLAGUE" in case.extras:
        lines.append("POSTSTATE_PLAGUE")
        if state.plague:
            lines.append("\t" + ", ".join(case.place(p) for p in sorted(state.plague)))
    if "PEACE" in case.extras:
        lines.append("POSTSTATE_PEACE")
        lines += [f"\t{x}" for x in _peace_lines(state.peace)]
    if "EXCOMMUNICATED" in case.extras:
        lines.append("POSTSTATE_EXCOMMUNICATED")
        pending = _pending(state)
        if pending:
            lines.append("\t" + ", ".join(pending))
    for name, powers in (("DEFAULTED", state.defaulted), ("ASSASSINATED", assassinated)):
        if name in case.extras:
            lines.append(f"POSTSTATE_{name}")
            if powers:
                lines.append("\t" + ", ".join(sorted(powers)))
    if "ROLLS" in case.extras:
        lines.append("POSTSTATE_ROLLS")
        lines += [f"\t{format_roll(r)}" for r in rolls]
    return lines


# -- comparing ------------------------------------------------------------------


def _diff_sets(section: str, expected: Iterable[str], actual: Iterable[str]) -> list[str]:
    want, have = set(expected), set(actual)
    out = []
    if want - have:
        out.append(f"{section} missing {', '.join(sorted(want - have))}")
    if have - want:
        out.append(f"{section} extra {', '.join(sorted(have - want))}")
    return out


def _loan_lines(loans: Mapping[str, Sequence[Loan]]) -> list[str]:
    return sorted(f"{p}: {format_loan(loan)}" for p, ls in loans.items() for loan in ls)


def _diff_multiset(section: str, expected: list[str], actual: list[str]) -> list[str]:
    missing = list(expected)
    extra: list[str] = []
    for item in actual:
        if item in missing:
            missing.remove(item)
        else:
            extra.append(item)
    out = []
    if missing:
        out.append(f"{section} missing {', '.join(missing)}")
    if extra:
        out.append(f"{section} extra {', '.join(extra)}")
    return out


def diff_rolls(expected: Sequence[ExpectedRoll], actual: Sequence[Roll]) -> list[str]:
    """Rolls in order: the same dice, and each expected purpose's words in the actual one."""
    out = []
    for i, want in enumerate(expected):
        shown = (f"{want.purpose}: " if want.purpose else "") + " ".join(map(str, want.dice))
        if i >= len(actual):
            out.append(f"POSTSTATE_ROLLS line {want.line}: no roll made, expected {shown}")
            continue
        got = actual[i]
        if got.dice != want.dice or not _purpose_matches(want.purpose, got.purpose):
            out.append(
                f"POSTSTATE_ROLLS line {want.line}: expected {shown}, got {format_roll(got)}"
            )
    for got in actual[len(expected) :]:
        out.append(f"POSTSTATE_ROLLS extra {format_roll(got)}")
    return out


def _purpose_matches(expected: str, actual: str) -> bool:
    words = re.findall(r"\w+", expected.lower())
    have = set(re.findall(r"\w+", actual.lower()))
    return all(w in have for w in words)


def diff_money(
    case: Case, state: State, assassinated: Sequence[str], rolls: Sequence[Roll]
) -> list[str]:
    """What differs in the money sections the case states (treasuries excepted)."""
    out: list[str] = []
    if case.expect_loans is not None:
        out += _diff_multiset(
            "POSTSTATE_LOANS", _loan_lines(case.expect_loans), _loan_lines(state.loans)
        )
    if case.expect_chits is not None:
        out += _diff_multiset(
            "POSTSTATE_CHITS",
            sorted(f"{h}: {t}" for h, ts in case.expect_chits.items() for t in ts),
            sorted(f"{h}: {t}" for h, ts in state.chits.items() for t in ts),
        )
    if case.expect_famine is not None:
        out += _diff_sets(
            "POSTSTATE_FAMINE",
            (case.place(p) for p in case.expect_famine),
            (case.place(p) for p in state.famine),
        )
    if case.expect_abundance is not None:
        out += _diff_sets(
            "POSTSTATE_ABUNDANCE",
            (case.place(p) for p in case.expect_abundance),
            (case.place(p) for p in state.abundance),
        )
    if case.expect_plague is not None:
        out += _diff_sets(
            "POSTSTATE_PLAGUE",
            (case.place(p) for p in case.expect_plague),
            (case.place(p) for p in state.plague),
        )
    if case.expect_excommunicated is not None:
        out += _diff_sets("POSTSTATE_EXCOMMUNICATED", case.expect_excommunicated,
                          _pending(state))
    if case.expect_peace is not None:
        out += _diff_sets("POSTSTATE_PEACE", _peace_lines(case.expect_peace),
                          _peace_lines(state.peace))
    if case.expect_defaulted is not None:
        out += _diff_sets("POSTSTATE_DEFAULTED", case.expect_defaulted, state.defaulted)
    if case.expect_assassinated is not None:
        out += _diff_sets("POSTSTATE_ASSASSINATED", case.expect_assassinated, assassinated)
    if case.expect_rolls is not None:
        out += diff_rolls(case.expect_rolls, rolls)
    return out

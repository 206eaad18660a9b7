"""Reading a case's sections against its board: the position, orders and expectations.

Part of reading a case file (:mod:`machiavelli.cases.files`): the lines of a case,
grouped by section, become a :class:`~machiavelli.cases.model.Case`, each entry
read by :class:`~machiavelli.cases.reader.EntryReader`; every problem raises
:class:`CaseError` with the line it is on.
"""

from __future__ import annotations

import re

from machiavelli.cases.game_cases import (
    read_game_sections,
    read_scenario,
    scenario_case_board,
)
from machiavelli.cases.history import CaseError, derive_history, read_past_order
from machiavelli.cases.model import (
    EXTRA_SECTIONS,
    OUTCOMES,
    VARIANTS,
    BoardLoader,
    Case,
    ExpectedDislodged,
    ExpectedResult,
    IncomeStep,
    RawCase,
    unit_key,
)
from machiavelli.cases.money import income_step, read_dice, read_money_sections
from machiavelli.cases.reader import EntryReader
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.state import (
    INDEPENDENT_CONTROL,
    Dislodged,
    PhaseKind,
    Rebellion,
    Season,
    Unit,
)

#: the PRESTATE_SETPHASE texts read: text -> (year, season, phase, where income starts)
_PHASES: dict[str, tuple[int, Season, PhaseKind, IncomeStep]] = {}
_PHASES_KEPT = 1 << 12
#: the sections a case may name for the writer (EXTRA_SECTIONS): (name, its PRESTATE_
#: section or None, its POSTSTATE_ section); PRESTATE_RESULTS is DATC's account of the
#: previous phase, not an extra
_EXTRA_KEYS = tuple(
    (name, None if name == "RESULTS" else f"PRESTATE_{name}", f"POSTSTATE_{name}")
    for name in EXTRA_SECTIONS
)
#: sections that name no extra (a case with no others has none)
_USUAL_SECTIONS = frozenset(
    {"PRESTATE", "PRESTATE_DISLODGED", "ORDERS", "POSTSTATE", "POSTSTATE_SAME",
     "POSTSTATE_DISLODGED"}
)


def build_case(
    raw: RawCase,
    file: str,
    file_variant: tuple[str, int],
    file_options: list[tuple[str, int]],
    load_board: BoardLoader,
    expected: bool = True,
) -> Case:
    scenario = read_scenario(raw)
    if scenario is not None:  # a case from a game: the scenario's board and options
        board, start = scenario_case_board(*scenario, raw.values["SCENARIO"][1])
        variant = VARIANTS["standard" if start.option("diplomacy") else "machiavelli"]
        case = Case(raw.name, file, raw.line, variant.name, board.name, dict(start.options),
                    scenario=scenario[0], players=scenario[1])
    else:
        variant_text, variant_line = raw.values.get("VARIANT", file_variant)
        found = VARIANTS.get(variant_text.strip().lower())
        if found is None:
            known = ", ".join(v.name for v in VARIANTS.values())
            raise CaseError(f"unknown variant {variant_text!r} (known: {known})", variant_line)
        case = Case(raw.name, file, raw.line, found.name, found.board, dict(found.options))
        board = load_board(found.board)
    rd = EntryReader(board, case)
    read_game_sections(rd, case, raw)
    for text, line in file_options:
        rd.options(text, line, case.options)
    if "PRESTATE_SETPHASE" in raw.values:
        text, line = raw.values["PRESTATE_SETPHASE"]
        case.year, case.season, case.phase, case.income = _phase_of(text, line)
    if "DICE" in raw.values:
        case.dice = read_dice(*raw.values["DICE"])
    sec = raw.sections
    for text, line in sec.get("PRESTATE_OPTIONS", ()):
        rd.options(text, line, case.options)
    if board_in_play(board, case.options) is not board:  # the High Seas (BAR-14.3)
        board = board_in_play(board, case.options)
        spelt_at = rd.spelt_at
        rd = EntryReader(board, case)
        rd.spelt_at = spelt_at
    _campaign_end(rd, case, raw)  # on the board in play: POSTSTATE_PLACES may name `hs`
    # position
    if "PRESTATE" in sec:
        case.units = rd.units(sec["PRESTATE"], "PRESTATE")
    explicit_from: dict[int, tuple[str | None, bool]] = {}
    for text, line in sec.get("PRESTATE_DISLODGED", ()):
        u, origin = rd.unit(text, line)
        if origin is not None:
            space = rd.space(origin, line)
            explicit_from[len(case.dislodged)] = (space, space.endswith("#"))
        case.dislodged.append(Dislodged(u, None))
    for text, line in sec.get("PRESTATE_SUPPLYCENTER_OWNERS", ()):
        who, rest = rd.split_power(text, line)
        power = rd.power(who, line)
        assert power is not None
        words = rest.split()
        place = " ".join(words[1:]) if len(words) > 1 and words[0].upper() in ("A", "F") else rest
        pid = rd.location(place, line)[0]
        case.province_owner[pid] = power
        if board.provinces[pid].city is not None:
            case.city_owner[pid] = power
    _owners(rd, sec.get("PRESTATE_PROVINCE_OWNERS"), case.province_owner)
    _owners(rd, sec.get("PRESTATE_CITY_OWNERS"), case.city_owner)
    if "PRESTATE_REBELLIONS" in sec:
        case.rebellions.update(_rebellions(rd, sec["PRESTATE_REBELLIONS"]) or {})
    if "PRESTATE_TREASURY" in sec:
        case.treasury.update(_treasury(rd, sec["PRESTATE_TREASURY"]) or {})
    read_money_sections(rd, case, sec)
    if "PRESTATE_SIEGES" in sec:
        _sieges_into_units(rd, case, sec["PRESTATE_SIEGES"])
    # what the movement before a retreat phase did
    past = [
        read_past_order(text, line, rd.province, rd.power)
        for text, line in sec.get("PRESTATE_RESULTS", ())
    ]
    if past or case.dislodged:
        moves = derive_history(board, case.units, [d.unit for d in case.dislodged], past)
        for i, d in enumerate(case.dislodged):
            attacker, by_conversion = explicit_from.get(i, (moves.attacker_of(d.unit), False))
            case.dislodged[i] = Dislodged(d.unit, attacker, by_conversion)
        contested = list(moves.contested)
    else:  # nothing happened before: no attacker, nothing contested
        contested = []
    for text, line in sec.get("PRESTATE_CONTESTED", ()):
        contested.extend(rd.space(w, line) for w in re.split(r"[\s,]+", text) if w)
    if contested:
        case.contested = list(dict.fromkeys(contested))
    # orders
    if "ORDERS" in sec:
        case.orders = rd.order_lines(sec["ORDERS"])
    if expected:
        _expectations(rd, case, sec)
    if not sec.keys() <= _USUAL_SECTIONS:
        for name, before, after in _EXTRA_KEYS:
            if (before is not None and before in sec) or after in sec:
                case.extras.add(name)
    if case.dice is not None:
        case.extras.add("ROLLS")
    return case


def _campaign_end(rd: EntryReader, case: Case, raw: RawCase) -> None:
    """Seed 003's ``CAMPAIGN_END``, ``RENEGADE <area>`` and ``POSTSTATE_PLACES <places>``
    (docs/case-format.md, "Seed 003's end of a campaign")."""
    values = raw.values
    if "CAMPAIGN_END" in values:
        text, line = values["CAMPAIGN_END"]
        if text.strip():
            raise CaseError("CAMPAIGN_END takes no value", line)
        if not case.options.get("bar"):
            raise CaseError("CAMPAIGN_END is seed 003's end of a campaign (option bar)", line)
        case.campaign_end = True
    if "RENEGADE" in values:
        text, line = values["RENEGADE"]
        if not text.strip():
            raise CaseError("RENEGADE needs an area", line)
        case.renegade = rd.province(text.strip(), line)
        if not case.campaign_end or case.season != "fall":
            raise CaseError("RENEGADE needs CAMPAIGN_END in a Fall case (the winter's A.2)",
                            line)
    if "POSTSTATE_PLACES" in values:
        text, line = values["POSTSTATE_PLACES"]
        case.places = rd.places(text, line)  # (none: "expected a place")


def _phase_of(text: str, line: int) -> tuple[int, Season, PhaseKind, IncomeStep]:
    """:func:`parse_phase` and :func:`~machiavelli.cases.money.income_step` of a
    PRESTATE_SETPHASE text, each text read once."""
    found = _PHASES.get(text)
    if found is None:
        year, season, phase = parse_phase(text, line)
        found = (year, season, phase, income_step(text))
        if len(_PHASES) >= _PHASES_KEPT:
            _PHASES.clear()
        _PHASES[text] = found
    return found


def _expectations(rd: EntryReader, case: Case, sec: dict[str, list[tuple[str, int]]]) -> None:
    if "POSTSTATE" in sec and "POSTSTATE_SAME" in sec:
        raise CaseError(
            "POSTSTATE and POSTSTATE_SAME together",
            sec["POSTSTATE_SAME"][0][1] if sec["POSTSTATE_SAME"] else case.line,
        )
    if sec.get("POSTSTATE_SAME"):
        raise CaseError("POSTSTATE_SAME takes no entries", sec["POSTSTATE_SAME"][0][1])
    if "POSTSTATE_SAME" in sec:
        case.expect_units = [
            Unit(u.kind, u.owner, u.province, u.coast, u.special) for u in case.units
        ]
    elif "POSTSTATE" in sec:
        case.expect_units = rd.units(sec["POSTSTATE"], "POSTSTATE")
    if "POSTSTATE_DISLODGED" in sec:
        case.expect_dislodged = []
        for text, line in sec["POSTSTATE_DISLODGED"]:
            u, origin = rd.unit(text, line)
            space = rd.space(origin, line) if origin is not None else None
            case.expect_dislodged.append(ExpectedDislodged(u, space, origin is not None))
    elif case.expect_units is not None:
        case.expect_dislodged = []  # a stated position with no dislodged section: none
    if "POSTSTATE_SIEGES" in sec:
        case.expect_sieges = [rd.unit(t, n)[0] for t, n in sec["POSTSTATE_SIEGES"]]
    case.expect_rebellions = _rebellions(rd, sec.get("POSTSTATE_REBELLIONS"))
    if "POSTSTATE_PROVINCE_OWNERS" in sec:
        case.expect_province_owner = {}
        _owners(rd, sec["POSTSTATE_PROVINCE_OWNERS"], case.expect_province_owner)
    if "POSTSTATE_CITY_OWNERS" in sec:
        case.expect_city_owner = {}
        _owners(rd, sec["POSTSTATE_CITY_OWNERS"], case.expect_city_owner)
    case.expect_treasury = _treasury(rd, sec.get("POSTSTATE_TREASURY"))
    if "POSTSTATE_RESULTS" in sec:
        case.expect_results = []
        for text, line in sec["POSTSTATE_RESULTS"]:
            word, sep, rest = text.partition(":")
            outcome = word.strip().lower()
            if not sep or outcome not in OUTCOMES:
                raise CaseError(
                    f"expected '<outcome>: Power: order' with outcome one of {', '.join(OUTCOMES)}",
                    line,
                )
            who, order = rd.split_power(rest, line)
            power = rd.power(who, line)
            assert power is not None
            case.expect_results.append(ExpectedResult(outcome, power, order, line))


def _owners(rd: EntryReader, entries: list[tuple[str, int]] | None, into: dict[str, str]) -> None:
    for text, line in entries or []:
        who, rest = rd.split_power(text, line)
        power = _controller(rd, who, line)
        for pid in rd.places(rest, line):
            into[pid] = power


def _controller(rd: EntryReader, who: str, line: int) -> str:
    """A power, or seed 003's independent control (``Autonomous`` or ``Independent``,
    BAR-1.3): who controls a place, whom a rebellion is directed at."""
    if who.strip().lower() == INDEPENDENT_CONTROL.lower():
        return INDEPENDENT_CONTROL
    power = rd.power(who, line, autonomous=True)
    return INDEPENDENT_CONTROL if power is None else power


def _rebellions(
    rd: EntryReader, entries: list[tuple[str, int]] | None
) -> dict[str, Rebellion] | None:
    """``"gen: Milan province city"``: rebellion in Genoa against Milan."""
    if entries is None:
        return None
    found: dict[str, Rebellion] = {}
    for text, line in entries:
        place, sep, rest = text.partition(":")
        words = rest.split()
        if not sep or not words:
            raise CaseError(f"expected 'place: Power [province] [city]', got {text!r}", line)
        pid = rd.province(place, line)
        against = _controller(rd, words[0], line)
        where = {w.lower() for w in words[1:]}
        if not where <= {"province", "city"}:
            raise CaseError(f"rebellion is in 'province' and/or 'city', got {rest!r}", line)
        in_city = "city" in where
        if in_city and rd.board.provinces[pid].city is None:
            raise CaseError(f"{pid} has no city to rebel", line)
        in_province = "province" in where or not where
        found[pid] = Rebellion(pid, against, in_province, in_city)
    return found


def _treasury(rd: EntryReader, entries: list[tuple[str, int]] | None) -> dict[str, int] | None:
    if entries is None:
        return None
    found: dict[str, int] = {}
    for text, line in entries:
        who, rest = rd.split_power(text, line)
        power = rd.power(who, line)
        assert power is not None
        amount = rest.lower().removesuffix("ducats").strip()
        if not re.fullmatch(r"-?\d+", amount):
            raise CaseError(f"expected 'Power: <ducats>', got {text!r}", line)
        found[power] = int(amount)
    return found


def _sieges_into_units(rd: EntryReader, case: Case, entries: list[tuple[str, int]]) -> None:
    for text, line in entries:
        u, _ = rd.unit(text, line)
        for i, have in enumerate(case.units):
            if unit_key(have) == unit_key(u):
                case.units[i] = Unit(
                    have.kind, have.owner, have.province, have.coast, have.special, siege=1
                )
                break
        else:
            raise CaseError(f"no such unit in PRESTATE: {text!r}", line)


_PHASE = re.compile(
    r"(spring|summer|fall|autumn|winter)\s+(\d+)\s*(?:,\s*|\s+)?"
    r"(movement|moves?|retreats?|adjustments?|builds?|income)?(\s+after\s+income)?",
    re.I,
)


def parse_phase(text: str, line: int) -> tuple[int, Season, PhaseKind]:
    """``"Spring 1901, Movement"``; DATC's ``"Fall 1901, Adjustment"`` is the winter adjustment.

    ``"Winter 1454, Income"`` and ``"Winter 1454, Adjustment after income"`` are
    the adjustment phase too (where the case starts in it: :func:`income_step`).
    """
    m = _PHASE.fullmatch(text.strip())
    if m is None:
        raise CaseError(f"expected e.g. 'Spring 1901, Movement', got {text!r}", line)
    season_word, year, kind = m.group(1).lower(), int(m.group(2)), (m.group(3) or "").lower()
    if m.group(4) and not kind.startswith(("adjust", "build")):
        raise CaseError("'after income' belongs to an adjustment phase", line)
    phase: PhaseKind
    if kind.startswith(("adjust", "build", "income")) or (season_word == "winter" and not kind):
        phase = "adjustment"
    elif kind.startswith("retreat"):
        phase = "retreat"
    else:
        phase = "movement"
    season: Season
    if phase == "adjustment":
        if season_word not in ("fall", "autumn", "winter"):
            raise CaseError("the adjustment phase follows fall", line)
        season = "winter"
    elif season_word == "winter":
        raise CaseError("winter has only the adjustment phase", line)
    else:
        season = "fall" if season_word == "autumn" else season_word  # type: ignore[assignment]
    return year, season, phase

"""Reading the entries of a case against its board: units, places, powers, options.

Part of reading a case file (:mod:`machiavelli.cases`): the lines of a case,
grouped by section, become a :class:`~machiavelli.case_model.Case`; every
problem raises :class:`CaseError` with the line it is on.
"""

from __future__ import annotations

import difflib
import re

from machiavelli.board import Board
from machiavelli.case_history import CaseError, derive_history, read_past_order
from machiavelli.case_model import (
    AUTONOMOUS,
    EXTRA_SECTIONS,
    KNOWN_OPTIONS,
    OPTION_ALIASES,
    OUTCOMES,
    VARIANTS,
    BoardLoader,
    Case,
    ExpectedDislodged,
    ExpectedResult,
    OrderLine,
    RawCase,
    unit_key,
)
from machiavelli.case_money import income_step, read_dice, read_money_sections
from machiavelli.state import SPECIAL_KINDS, Dislodged, PhaseKind, Rebellion, Season, Unit


class EntryReader:
    """Reads the entries of one case against its board."""

    def __init__(self, board: Board, case: Case) -> None:
        self.board = board
        self.case = case
        self.powers = list(board.powers.values())
        self.spelt_at: dict[str, int] = {}

    # names ------------------------------------------------------------------
    def power(self, name: str, line: int, autonomous: bool = False) -> str | None:
        """A power name; misspellings close to one power are forgiven (DATC's "Germnay")."""
        text = name.strip()
        if autonomous and text.lower() == AUTONOMOUS.lower():
            return None
        for p in self.powers:
            if p.lower() == text.lower():
                return p
        for letter, p in self.board.powers.items():
            if letter.lower() == text.lower():
                return p
        lowered = {p.lower(): p for p in self.powers}
        close = difflib.get_close_matches(text.lower(), list(lowered), n=2, cutoff=0.75)
        if len(close) == 1:
            return lowered[close[0]]
        raise CaseError(f"unknown power {text!r}", line)

    def province(self, name: str, line: int) -> str:
        text = name.strip()
        pid = self.board.lookup(text)
        if pid is None:
            raise CaseError(f"unknown place {text!r}", line)
        if line < self.spelt_at.get(pid, line + 1):  # the file's first spelling wins
            self.case.spelling[pid] = text
            self.spelt_at[pid] = line
        return pid

    def location(self, text: str, line: int) -> tuple[str, str | None]:
        """``"stp/sc"``, ``"stp(sc)"`` or ``"gen"`` -> (province id, coast)."""
        m = re.fullmatch(r"(.+?)\s*(?:/\s*([a-z]{2})|\(\s*([a-z]{2})\s*\))", text.strip(), re.I)
        if m is None:
            return self.province(text, line), None
        pid = self.province(m.group(1), line)
        coast = (m.group(2) or m.group(3)).lower()
        if coast not in self.board.provinces[pid].coasts:
            raise CaseError(f"{text.strip()!r}: {pid} has no coast {coast!r}", line)
        return pid, coast

    def space(self, text: str, line: int) -> str:
        """A resolver space: ``"gen"`` or the city ``"gen#"``."""
        t = text.strip()
        if t.endswith("#"):
            pid = self.province(t[:-1], line)
            if self.board.provinces[pid].city is None:
                raise CaseError(f"{t!r}: {pid} has no city", line)
            return pid + ("" if self.board.provinces[pid].venice else "#")
        return self.location(t, line)[0]

    def places(self, text: str, line: int) -> list[str]:
        """Several provinces: separated by commas, or by spaces when names are one word."""
        found: list[str] = []
        for piece in text.split(","):
            piece = piece.strip()
            if not piece:
                continue
            if self.board.lookup(piece) is not None:
                found.append(self.province(piece, line))
            else:
                found.extend(self.province(w, line) for w in piece.split())
        if not found:
            raise CaseError("expected a place", line)
        return found

    # entries ----------------------------------------------------------------
    @staticmethod
    def split_power(entry: str, line: int) -> tuple[str, str]:
        head, sep, rest = entry.partition(":")
        if not sep or not head.strip():
            raise CaseError(f"expected 'Power: ...', got {entry!r}", line)
        return head.strip(), rest.strip()

    def unit(self, entry: str, line: int) -> tuple[Unit, str | None]:
        """``"Milan: elite_mercenary A mil"``, ``"Autonomous: G pis"``, ``"Russia: F stp/sc"``.

        Returns the unit and the text after ``from``, if any.  The colon after
        the power may be missing (DATC 6.B.6 writes ``Italy F gol``).
        """
        if ":" not in entry and len(entry.split()) >= 3:
            who, rest = entry.split(None, 1)
        else:
            who, rest = self.split_power(entry, line)
        owner = self.power(who, line, autonomous=True)
        m = re.fullmatch(r"(.*?)\s+from\s+(\S.*)", rest, re.I)
        body, origin = (m.group(1), m.group(2).strip()) if m else (rest, None)
        words = body.split()
        special = None
        if len(words) >= 2 and f"{words[0]}_{words[1]}".lower() in SPECIAL_KINDS:
            words = [f"{words[0]}_{words[1]}", *words[2:]]  # "elite mercenary"
        if words and words[0].lower().replace("-", "_") in SPECIAL_KINDS:
            special = words.pop(0).lower().replace("-", "_")
        if len(words) < 2 or words[0].upper() not in ("A", "F", "G"):
            raise CaseError(f"expected 'Power: A|F|G place', got {entry!r}", line)
        kind = words[0].upper()
        province, coast = self.location(" ".join(words[1:]), line)
        p = self.board.provinces[province]
        if owner is None and kind != "G":
            raise CaseError("only garrisons can be autonomous", line)
        if kind == "A":
            if p.sea:
                raise CaseError(f"an army cannot be in the sea ({province})", line)
            if coast:
                raise CaseError("an army has no coast", line)
            u = Unit("A", owner, province, special=special)
        elif kind == "F":
            if not self.board.fleet_locations(province):
                raise CaseError(f"a fleet cannot be in {province}", line)
            if p.coasts and coast is None:
                raise CaseError(f"a fleet in {province} needs a coast {'/'.join(p.coasts)}", line)
            u = Unit("F", owner, province, coast, special=special)
        else:
            if p.city is None:
                raise CaseError(f"{province} has no city for a garrison", line)
            if coast:
                raise CaseError("a garrison has no coast", line)
            u = Unit("G", owner, province, special=special)
        return u, origin

    def options(self, text: str, line: int, into: dict[str, bool]) -> None:
        """Set the options a list names; ``mach2`` also brings Mach2's default of no
        coastal convoys (001 FLAG-DEF-MACH2) unless the list says otherwise."""
        given: dict[str, bool] = {}
        for word in re.split(r"[\s,]+", text.strip()):
            w = word.lower()
            if w in ("", "set"):  # "set nofamine" reads too
                continue
            value = True
            if w not in KNOWN_OPTIONS and w not in OPTION_ALIASES and w.startswith("no"):
                value, w = False, w[2:].lstrip("_-")
            key = OPTION_ALIASES.get(w, w)
            if key not in KNOWN_OPTIONS:
                raise CaseError(f"unknown option {word!r}", line)
            given[key] = value
        if given.get("mach2") and "coastal_convoys" not in given:
            given["coastal_convoys"] = False
        into.update(given)


def build_case(
    raw: RawCase,
    file: str,
    file_variant: tuple[str, int],
    file_options: list[tuple[str, int]],
    load_board: BoardLoader,
) -> Case:
    variant_text, variant_line = raw.values.get("VARIANT", file_variant)
    variant = VARIANTS.get(variant_text.strip().lower())
    if variant is None:
        known = ", ".join(v.name for v in VARIANTS.values())
        raise CaseError(f"unknown variant {variant_text!r} (known: {known})", variant_line)
    case = Case(raw.name, file, raw.line, variant.name, variant.board, dict(variant.options))
    board = load_board(variant.board)
    rd = EntryReader(board, case)
    for text, line in file_options:
        rd.options(text, line, case.options)
    if "PRESTATE_SETPHASE" in raw.values:
        text, line = raw.values["PRESTATE_SETPHASE"]
        case.year, case.season, case.phase = parse_phase(text, line)
        case.income = income_step(text)
    if "DICE" in raw.values:
        case.dice = read_dice(*raw.values["DICE"])
    sec = raw.sections
    for text, line in sec.get("PRESTATE_OPTIONS", []):
        rd.options(text, line, case.options)
    # position
    for text, line in sec.get("PRESTATE", []):
        u, origin = rd.unit(text, line)
        if origin is not None:
            raise CaseError("'from' belongs in PRESTATE_DISLODGED", line)
        case.units.append(u)
    explicit_from: dict[int, tuple[str | None, bool]] = {}
    for text, line in sec.get("PRESTATE_DISLODGED", []):
        u, origin = rd.unit(text, line)
        if origin is not None:
            space = rd.space(origin, line)
            explicit_from[len(case.dislodged)] = (space, space.endswith("#"))
        case.dislodged.append(Dislodged(u, None))
    for text, line in sec.get("PRESTATE_SUPPLYCENTER_OWNERS", []):
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
    case.rebellions.update(_rebellions(rd, sec.get("PRESTATE_REBELLIONS")) or {})
    case.treasury.update(_treasury(rd, sec.get("PRESTATE_TREASURY")) or {})
    read_money_sections(rd, case, sec)
    _sieges_into_units(rd, case, sec.get("PRESTATE_SIEGES", []))
    # what the movement before a retreat phase did
    past = [
        read_past_order(text, line, rd.province, rd.power)
        for text, line in sec.get("PRESTATE_RESULTS", [])
    ]
    moves = derive_history(board, case.units, [d.unit for d in case.dislodged], past)
    for i, d in enumerate(case.dislodged):
        attacker, by_conversion = explicit_from.get(i, (moves.attacker_of(d.unit), False))
        case.dislodged[i] = Dislodged(d.unit, attacker, by_conversion)
    contested = list(moves.contested)
    for text, line in sec.get("PRESTATE_CONTESTED", []):
        contested.extend(rd.space(w, line) for w in re.split(r"[\s,]+", text) if w)
    case.contested = list(dict.fromkeys(contested))
    # orders
    for text, line in sec.get("ORDERS", []):
        who, order = rd.split_power(text, line)
        power = rd.power(who, line)
        assert power is not None
        case.orders.append(OrderLine(power, order, line))
    _expectations(rd, case, sec)
    for name in EXTRA_SECTIONS:
        # PRESTATE_RESULTS is DATC's account of the previous phase, not an extra
        if (name != "RESULTS" and f"PRESTATE_{name}" in sec) or f"POSTSTATE_{name}" in sec:
            case.extras.add(name)
    if case.dice is not None:
        case.extras.add("ROLLS")
    return case


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
        case.expect_units = []
        for text, line in sec["POSTSTATE"]:
            u, origin = rd.unit(text, line)
            if origin is not None:
                raise CaseError("'from' belongs in POSTSTATE_DISLODGED", line)
            case.expect_units.append(u)
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
        power = rd.power(who, line)
        assert power is not None
        for pid in rd.places(rest, line):
            into[pid] = power


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
        against = rd.power(words[0], line)
        assert against is not None
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

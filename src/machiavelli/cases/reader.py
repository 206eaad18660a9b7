"""Reading one entry of a case against its board: a power, a place, a unit, options.

:class:`EntryReader` turns the words of a case line into board ids and units,
forgiving what the DATC's files forgive (a misspelt power close to one name);
every problem raises :class:`~machiavelli.cases.history.CaseError` with its line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from machiavelli.cases.history import CaseError
from machiavelli.cases.model import AUTONOMOUS, KNOWN_OPTIONS, OPTION_ALIASES, Case, OrderLine
from machiavelli.core.board import Board
from machiavelli.core.board_index import PerBoard
from machiavelli.core.options import BAR, BAR_DEFAULTS, not_implemented
from machiavelli.core.state import SPECIAL_KINDS, Unit, UnitKind, unit_of

_KINDS: dict[str, UnitKind] = {"A": "A", "a": "A", "F": "F", "f": "F", "G": "G", "g": "G"}
#: the power names read on each board: (name, autonomous allowed) -> power
_POWER_NAMES: PerBoard[dict[tuple[str, bool], str | None]] = PerBoard(lambda board: {})
#: the usual unit entries read on each board: entry -> (the unit, the place as written)
_PLAIN_UNITS: PerBoard[dict[str, tuple[Unit, str]]] = PerBoard(lambda board: {})
#: the powers of the ORDERS entries read on each board: the text before the colon -> power
_ORDER_HEADS: PerBoard[dict[str, str]] = PerBoard(lambda board: {})
_PLAIN_KEPT = 1 << 14  # entries (or heads) kept per board at most


class EntryReader:
    """Reads the entries of one case against its board."""

    def __init__(self, board: Board, case: Case) -> None:
        self.board = board
        self.case = case
        self.spelt_at: dict[str, int] = {}
        self._known = _POWER_NAMES(board)  # names already read (on this board)
        self._plain = _PLAIN_UNITS(board)  # usual unit entries already read (on this board)

    # names ------------------------------------------------------------------
    def power(self, name: str, line: int, autonomous: bool = False) -> str | None:
        """A power name; misspellings close to one power are forgiven (DATC's "Germnay")."""
        key = (name, autonomous)
        if key in self._known:
            return self._known[key]
        found = self._power(name, line, autonomous)
        self._known[key] = found
        return found

    def _power(self, name: str, line: int, autonomous: bool) -> str | None:
        text = name.strip()
        # (seed 003 calls the units no power owns independent, BAR-1.2: either word)
        if autonomous and text.lower() in (AUTONOMOUS.lower(), "independent"):
            return None
        powers = list(self.board.powers.values())
        for p in powers:
            if p.lower() == text.lower():
                return p
        for letter, p in self.board.powers.items():
            if letter.lower() == text.lower():
                return p
        lowered = {p.lower(): p for p in powers}
        import difflib  # (here: only a misspelt power needs it)

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
        m = None
        if "/" in text or "(" in text:
            m = re.fullmatch(r"(.+?)\s*(?:/\s*([a-z]{2})|\(\s*([a-z]{2})\s*\))", text.strip(),
                             re.I)
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
        plain = self._plain_unit(entry, line)
        if plain is not None:
            return plain, None
        return self.full_unit(entry, line)

    def units(self, entries: Sequence[tuple[str, int]], section: str) -> list[Unit]:
        """The units of a position's entries (``section``: PRESTATE or POSTSTATE, where
        ``from`` is refused): :meth:`unit` of each."""
        found: list[Unit] = []
        plain, spelt_at, spelling = self._plain, self.spelt_at, self.case.spelling
        for entry, line in entries:
            known = plain.get(entry)
            if known is not None:  # _plain_unit's entry read before, at hand
                kept, where = known
                pid = kept.province
                at = spelt_at.get(pid)
                if at is None or line < at:
                    spelling[pid] = where
                    spelt_at[pid] = line
                found.append(kept)
                continue
            unit = self._plain_unit(entry, line)
            if unit is None:
                unit, origin = self.full_unit(entry, line)
                if origin is not None:
                    raise CaseError(f"'from' belongs in {section}_DISLODGED", line)
            found.append(unit)
        return found

    def order_lines(self, entries: Sequence[tuple[str, int]]) -> list[OrderLine]:
        """The ORDERS entries, ``Power: order``: each order as written, with its power."""
        heads = _ORDER_HEADS(self.board)
        found: list[OrderLine] = []
        for entry, line in entries:
            head, sep, rest = entry.partition(":")
            power = heads.get(head) if sep else None
            if power is None:
                who = head.strip()
                if not sep or not who:
                    raise CaseError(f"expected 'Power: ...', got {entry!r}", line)
                power = self.power(who, line)
                assert power is not None
                if len(heads) >= _PLAIN_KEPT:
                    heads.clear()
                heads[head] = power
            found.append(OrderLine(power, rest.strip(), line))
        return found

    def full_unit(self, entry: str, line: int) -> tuple[Unit, str | None]:
        """:meth:`unit` read by the general rules (the usual entry too)."""
        if ":" not in entry and len(entry.split()) >= 3:
            who, rest = entry.split(None, 1)
        else:
            who, rest = self.split_power(entry, line)
        owner = self.power(who, line, autonomous=True)
        m = re.fullmatch(r"(.*?)\s+from\s+(\S.*)", rest, re.I) if "from" in rest.lower() else None
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
        if owner is None and kind != "G" and not self.case.options.get(BAR):
            raise CaseError("only garrisons can be autonomous (but under bar, BAR-1.2)", line)
        if kind == "A":
            if p.sea:
                raise CaseError(f"an army cannot be in the sea ({province})", line)
            if coast:
                raise CaseError("an army has no coast", line)
            u = unit_of("A", owner, province, special=special)
        elif kind == "F":
            if not self.board.fleet_locations(province):
                raise CaseError(f"a fleet cannot be in {province}", line)
            if p.coasts and coast is None:
                raise CaseError(f"a fleet in {province} needs a coast {'/'.join(p.coasts)}", line)
            u = unit_of("F", owner, province, coast, special=special)
        else:
            if p.city is None:
                raise CaseError(f"{province} has no city for a garrison", line)
            if coast:
                raise CaseError("a garrison has no coast", line)
            u = unit_of("G", owner, province, special=special)
        return u, origin

    def _plain_unit(self, entry: str, line: int) -> Unit | None:
        """:meth:`unit` of the usual entry, ``"France: A par"`` (a unit type, one word
        naming a place without a coast), when it is a good one; None: read it in full.

        The same entry reads the same on a board: it is read once and kept, and only the
        place's spelling is noted again (:meth:`province`)."""
        known = self._plain.get(entry)
        if known is not None:
            unit, where = known
            pid = unit.province
            if line < self.spelt_at.get(pid, line + 1):
                self.case.spelling[pid] = where
                self.spelt_at[pid] = line
            return unit
        read = self._read_plain_unit(entry, line)
        if read is not None:
            if len(self._plain) >= _PLAIN_KEPT:
                self._plain.clear()
            self._plain[entry] = (read, entry.partition(":")[2].split()[1])
        return read

    def _read_plain_unit(self, entry: str, line: int) -> Unit | None:
        head, sep, rest = entry.partition(":")
        if not sep:
            return None
        words = rest.split()
        if len(words) != 2:
            return None
        kind = _KINDS.get(words[0])
        where = words[1]
        if kind is None or "/" in where or "(" in where:
            return None
        who = head.strip()
        if not who or self.board.lookup(where) is None:
            return None
        owner = self.power(who, line, autonomous=True)
        province = self.province(where, line)
        p = self.board.provinces[province]
        if kind == "A":
            return None if p.sea or owner is None else unit_of("A", owner, province)
        if kind == "F":
            if owner is None or p.coasts or not self.board.fleet_locations(province):
                return None
            return unit_of("F", owner, province)
        return None if p.city is None else unit_of("G", owner, province)

    def options(self, text: str, line: int, into: dict[str, bool]) -> None:
        """Set the options a list names; ``mach2`` also brings Mach2's default of no
        coastal convoys (001 FLAG-DEF-MACH2) unless the list says otherwise, and ``bar``
        its family's defaults (seed 003, BAR_DEFAULTS).  A 003 option not built yet is
        refused."""
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
            why = not_implemented(key)
            if value and why:
                raise CaseError(f"option {word!r}: {why}", line)
            given[key] = value
        if given.get("mach2") and "coastal_convoys" not in given:
            given["coastal_convoys"] = False
        if given.get(BAR):
            given = {**BAR_DEFAULTS, **given}
        into.update(given)

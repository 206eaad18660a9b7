"""Reading words: the token cursor the order and money readers share.

:class:`WordReader` walks the tokens of one order line: it peeks and takes
keywords, unit types, places with their coasts and power names, and builds the
messages that say what was expected.  The grammar of orders lives in
:mod:`machiavelli.text.order_reader` and :mod:`machiavelli.text.money_reader`.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from machiavelli.core.board import Board
from machiavelli.core.high_seas import HIGH_SEAS, fleet_coast
from machiavelli.core.state import PhaseKind, State, UnitKind
from machiavelli.text.order_words import (
    COAST_WORDS,
    KEYWORDS,
    SHORT_COASTS,
    SPECIALS,
    TYPES,
    OrderSyntaxError,
    Words,
    a_or_an,
    names_of,
    tokens,
)


@dataclass
class Place:
    """A province (and coast) read from an order's words."""

    province: str
    coast: str | None
    words: str  # as written, for messages


class WordReader:
    def __init__(
        self,
        text: str,
        board: Board,
        state: State,
        power: str,
        phase: PhaseKind,
        bought: Collection[tuple[str, UnitKind]] = (),
    ) -> None:
        self.bought = bought  # (province, kind) of units this power's expenses buy
        self.toks = tokens(text)
        self.i = 0
        self.board = board
        self.state = state
        self.power = power
        self.phase = phase
        self.names = names_of(board)

    # -- token helpers --------------------------------------------------
    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def at_end(self) -> bool:
        return self.i >= len(self.toks)

    def match(self, group: Words, at: int | None = None) -> tuple[str, ...] | None:
        """The longest spelling of ``group`` at ``at`` (default: here), not consumed."""
        j = self.i if at is None else at
        best: tuple[str, ...] | None = None
        for spelling in group:
            if tuple(self.toks[j:j + len(spelling)]) == spelling and (
                best is None or len(spelling) > len(best)
            ):
                best = spelling
        return best

    def take(self, group: Words) -> bool:
        found = self.match(group)
        if found is None:
            return False
        self.i += len(found)
        return True

    def take_type(self) -> UnitKind | None:
        tok = self.peek()
        if tok in TYPES:
            self.i += 1
            return TYPES[tok]
        return None

    def take_special(self) -> str | None:
        """A special-unit type, or "elite" when only that word is written."""
        for n in (3, 2, 1):
            words = tuple(self.toks[self.i:self.i + n])
            if len(words) == n and words in SPECIALS:
                if words in self.names.places and self.peek(n) not in TYPES:
                    return None  # a place's name ("cm"), not a special type
                self.i += n
                return SPECIALS[words]
        if self.peek() == "elite":
            self.i += 1
            return "elite"
        return None

    def place_at(self, j: int) -> tuple[str, int] | None:
        """The province named by the longest run of words at ``j`` and the run's length."""
        for n in range(min(self.names.longest, len(self.toks) - j), 0, -1):
            pid = self.names.places.get(tuple(self.toks[j:j + n]))
            if pid is not None:
                return pid, n
        return None

    def take_place(self, after: str) -> Place:
        tok = self.peek()
        if tok is None:
            raise OrderSyntaxError(f"a place is missing after '{after}'")
        found = self.place_at(self.i)
        if found is None:
            raise OrderSyntaxError(f"unknown place '{tok}'")
        pid, n = found
        words = " ".join(self.toks[self.i:self.i + n])
        self.i += n
        if pid == HIGH_SEAS and self.peek() == "/" and (self.peek(1) or "").isdigit():
            # one of a power's fleets on the High Seas by number, "hs/2" (ruling A-25)
            number = int(self.toks[self.i + 1])
            self.i += 2
            if number < 1:
                raise OrderSyntaxError("fleets on the High Seas are numbered from 1")
            return Place(pid, fleet_coast(number), f"{words}/{number}")
        return Place(pid, self.take_coast(), words)

    def take_coast(self) -> str | None:
        tok = self.peek()
        if tok in ("/", "("):
            self.i += 1
            coast = self._coast_word(short=True)
            if coast is None:
                raise OrderSyntaxError(f"unknown coast '{self.peek() or tok}'")
            if tok == "(" and not self.take(((")",),)):
                raise OrderSyntaxError("a ')' is missing after the coast")
            return coast
        return self._coast_word(short=False)

    def _coast_word(self, short: bool) -> str | None:
        for n in (2, 1):
            words = tuple(self.toks[self.i:self.i + n])
            if len(words) == n and words in COAST_WORDS:
                self.i += n
                return COAST_WORDS[words]
        tok = self.peek()
        if short and tok is not None and tok in SHORT_COASTS:
            self.i += 1
            return SHORT_COASTS[tok]
        return None

    def end(self) -> None:
        tok = self.peek()
        if tok is None:
            return
        if tok in KEYWORDS or self.place_at(self.i) is not None:
            raise OrderSyntaxError(f"unexpected '{tok}' after the order")
        raise OrderSyntaxError(f"unknown word '{tok}'")

    def name(self, province: str) -> str:
        return self.board.display_name(province)

    def find_power(self, written: str) -> str:
        written = written.removeprefix("the ")
        powers = list(self.state.powers) or list(self.board.powers.values())
        for p in powers:
            if p.lower() == written:
                return p
        hits = [p for p in powers if len(written) >= 2 and p.lower().startswith(written)]
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise OrderSyntaxError(f"'{written}' could be {' or '.join(sorted(hits))}")
        raise OrderSyntaxError(f"unknown power '{written}'")

    def wrong_phase(self, what: str, phase: PhaseKind) -> OrderSyntaxError:
        return OrderSyntaxError(
            f"{what} is ordered only in {a_or_an(phase)} phase, not in the {self.phase} phase"
        )

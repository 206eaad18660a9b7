"""Reading scenario files: the typed checks every part of the reader uses.

Errors name the file, the entry and the problem (:class:`ScenarioError`).
"""

from __future__ import annotations

from typing import Any

from machiavelli.core.board import Board, BoardError


class ScenarioError(BoardError, ValueError):
    """A scenario file is wrong, or a variant is asked for that it does not offer.

    The message names the file, the entry and the problem.
    """


class Checks:
    """Typed access to the data of one scenario file; errors name the file and the entry."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, entry: str, problem: str) -> ScenarioError:
        return ScenarioError(f"{self.source}: {entry}: {problem}")

    # -- typed access ------------------------------------------------------------------
    def table(self, entry: str, raw: object, allowed: frozenset[str]) -> dict[str, Any]:
        if not isinstance(raw, dict):
            raise self.fail(entry, f"must be a table, not {raw!r}")
        unknown = sorted(set(raw) - allowed)
        if unknown:
            raise self.fail(entry, f"unknown key {unknown[0]!r}")
        return raw

    def strings(self, entry: str, raw: object) -> list[str]:
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self.fail(entry, f"must be a list of strings, not {raw!r}")
        return list(raw)

    def integer(self, entry: str, raw: object, low: int, high: int) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise self.fail(entry, f"must be a whole number, not {raw!r}")
        if not low <= raw <= high:
            raise self.fail(entry, f"{raw} is out of range {low}..{high}")
        return raw

    def boolean(self, entry: str, raw: object) -> bool:
        if not isinstance(raw, bool):
            raise self.fail(entry, f"must be true or false, not {raw!r}")
        return raw

    def provinces(self, board: Board, entry: str, raw: object, *, land: bool) -> list[str]:
        out = self.strings(entry, raw)
        for pid in out:
            prov = board.provinces.get(pid)
            if prov is None or (land and prov.sea):
                what = "a land province" if land else "a province"
                raise self.fail(entry, f"{pid!r} is not {what}")
        return out

"""A game kept as files in a directory, written so that a crash never leaves half a phase.

Layout::

    DIR/game.json                 settings: scenario, players, seed, victory cities, phase count
    DIR/state.json                the current position (with a checksum)
    DIR/start.txt                 how the game started (000's starting treasuries), if
                                  anything happened then: the public part
    DIR/start_private/<Power>.txt each power's private part of the start
    DIR/orders/<Power>.txt        orders stored for the current phase, one per line
    DIR/history/NNNN/             one folder per processed phase:
        before.json, after.json   the positions (with checksums)
        orders/<Power>.txt        the orders processed
        report.txt                the public results
        private/<Power>.txt       each power's private part

Every file is written to a temporary name and renamed into place; a processed
phase's history folder is complete before ``state.json`` moves on, and
``game.json`` counts the phases last.  On opening, anything inconsistent (a file
that does not parse, a checksum that does not match, a history folder without
its files, counts that disagree) is refused with a message saying what is wrong.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from machiavelli.core.state import State

GAME_FILE = "game.json"
STATE_FILE = "state.json"
START_FILE = "start.txt"
START_PRIVATE = "start_private"
FORMAT = 1


class GameDirError(Exception):
    """The game directory is missing, damaged or half-written: the message says what."""


@dataclass
class GameSettings:
    scenario: str
    seed: str
    players: int | None = None
    victory_cities: int | None = None
    phases: int = 0  # phases processed so far
    winners: list[str] = field(default_factory=list)
    format: int = FORMAT


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _checksum(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def state_text(state: State) -> str:
    data = state.to_dict()
    return json.dumps({"checksum": _checksum(data), "state": data}, indent=1, sort_keys=True)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise GameDirError(f"{path}: missing") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise GameDirError(f"{path}: damaged ({err})") from None


def read_state(path: Path) -> State:
    data = _read_json(path)
    if not isinstance(data, dict) or "state" not in data or "checksum" not in data:
        raise GameDirError(f"{path}: not a saved position")
    if _checksum(data["state"]) != data["checksum"]:
        raise GameDirError(f"{path}: checksum does not match: the file was changed or cut short")
    try:
        return State.from_dict(data["state"])
    except (TypeError, KeyError, ValueError) as err:
        raise GameDirError(f"{path}: not a valid position ({err})") from None


def _private_parts(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        return {}
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))}


class GameDir:
    """Reading and writing one game's directory."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    # -- creation ----------------------------------------------------------
    def create(self, settings: GameSettings, state: State, start: str = "",
               start_private: dict[str, str] | None = None) -> None:
        """A new game; ``start``: the public report of what happened at its start, if
        anything; ``start_private``: each power's private part of it."""
        if self.path.exists() and any(self.path.iterdir()):
            raise GameDirError(f"{self.path}: exists and is not empty")
        self.path.mkdir(parents=True, exist_ok=True)
        if start:
            _write_atomic(self.path / START_FILE, start)
        for power, text in (start_private or {}).items():
            _write_atomic(self.path / START_PRIVATE / f"{power}.txt", text)
        _write_atomic(self.path / STATE_FILE, state_text(state))
        self.save_settings(settings)  # last: a directory without it is no game

    def start_report(self) -> str:
        path = self.path / START_FILE
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    def start_private(self) -> dict[str, str]:
        """Each power's private part of the game's start."""
        return _private_parts(self.path / START_PRIVATE)

    def private_parts(self, entry: Path) -> dict[str, str]:
        """Each power's private part of a processed phase (a history folder)."""
        return _private_parts(entry / "private")

    # -- reading -----------------------------------------------------------
    def settings(self) -> GameSettings:
        data = _read_json(self.path / GAME_FILE)
        try:
            settings = GameSettings(**data)
        except TypeError as err:
            raise GameDirError(f"{self.path / GAME_FILE}: damaged ({err})") from None
        if settings.format != FORMAT:
            raise GameDirError(f"{self.path / GAME_FILE}: format {settings.format} is unknown")
        return settings

    def state(self) -> State:
        return read_state(self.path / STATE_FILE)

    def open(self) -> tuple[GameSettings, State]:
        """Settings and position, after checking the directory is whole."""
        if not self.path.is_dir():
            raise GameDirError(f"{self.path}: no such game directory")
        settings = self.settings()
        state = self.state()
        entries = self.history_entries()
        if len(entries) not in (settings.phases, settings.phases + 1):
            raise GameDirError(
                f"{self.path}: game.json counts {settings.phases} phases but history has "
                f"{len(entries)}"
            )
        for n, entry in enumerate(entries, 1):
            if entry.name != f"{n:04d}":
                raise GameDirError(f"{entry}: history folders are not numbered 1, 2, 3...")
            for needed in ("before.json", "after.json", "report.txt"):
                if not (entry / needed).is_file():
                    raise GameDirError(f"{entry}: incomplete ({needed} missing)")
        if entries:
            last = read_state(entries[-1] / "after.json")
            if len(entries) == settings.phases + 1:
                # a crash in the middle of saving a phase: finish it or undo it
                if last == state:  # state moved on; the old orders and the count remain
                    shutil.rmtree(self.path / "orders", ignore_errors=True)
                    settings.phases += 1
                    self.save_settings(settings)
                elif read_state(entries[-1] / "before.json") == state:
                    shutil.rmtree(entries[-1])  # processing it again gives the same result
                else:
                    raise GameDirError(
                        f"{self.path}: the last processed phase and state.json disagree"
                    )
            elif last != state:
                raise GameDirError(
                    f"{self.path}: state.json is not the position the last phase left"
                )
        return settings, state

    def history_entries(self) -> list[Path]:
        folder = self.path / "history"
        if not folder.is_dir():
            return []
        return sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith("."))

    # -- orders ------------------------------------------------------------
    def stored_orders(self) -> dict[str, str]:
        folder = self.path / "orders"
        if not folder.is_dir():
            return {}
        return {
            p.stem: p.read_text(encoding="utf-8")
            for p in sorted(folder.glob("*.txt"))
        }

    def store_orders(self, power: str, text: str) -> None:
        _write_atomic(self.path / "orders" / f"{power}.txt", text)

    # -- processing ----------------------------------------------------------
    def save_settings(self, settings: GameSettings) -> None:
        _write_atomic(self.path / GAME_FILE, json.dumps(asdict(settings), indent=1))

    def save_phase(
        self,
        settings: GameSettings,
        before: State,
        after: State,
        orders: dict[str, str],
        report: str,
        private: dict[str, str],
    ) -> Path:
        """Record a processed phase, then move the game on: history, state, orders, count."""
        number = settings.phases + 1
        history = self.path / "history"
        history.mkdir(parents=True, exist_ok=True)
        final = history / f"{number:04d}"
        tmp = Path(tempfile.mkdtemp(dir=history, prefix=f".{number:04d}."))
        try:
            (tmp / "before.json").write_text(state_text(before), encoding="utf-8")
            (tmp / "after.json").write_text(state_text(after), encoding="utf-8")
            (tmp / "report.txt").write_text(report, encoding="utf-8")
            for power, text in orders.items():
                _write_atomic(tmp / "orders" / f"{power}.txt", text)
            for power, text in private.items():
                _write_atomic(tmp / "private" / f"{power}.txt", text)
            if final.exists():  # left by a crash before the count: same phase, same result
                shutil.rmtree(final)
            os.replace(tmp, final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        _write_atomic(self.path / STATE_FILE, state_text(after))
        shutil.rmtree(self.path / "orders", ignore_errors=True)
        settings.phases = number
        self.save_settings(settings)
        return final

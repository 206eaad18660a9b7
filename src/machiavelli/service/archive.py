"""A game as a folder of files: ``machiavelli export`` writes it, ``import`` reads it back.

The layout is the one game folders had before the database (so a game kept the old way
imports as it is)::

    DIR/game.json                 kind, scenario, players, seed, victory cities, phase count
    DIR/state.json                the current position (with a checksum)
    DIR/start.txt                 the game start's public report, if anything happened then
    DIR/start_private/<Power>.txt each power's private part of the start
    DIR/orders/<Power>.txt        the orders stored for the pending phase
    DIR/history/NNNN/             one folder per processed phase:
        before.json, after.json   the positions (with checksums)
        orders/<Power>.txt        the orders processed
        report.txt                the public report
        private/<Power>.txt       each power's private part
    DIR/service.json              the service's own data: settings, options, seats, press
    DIR/SHA256SUMS                the SHA-256 of every other file

Reading refuses, with a message saying which file and why: a symbolic link or anything
but a plain file or folder anywhere, a file the manifest does not list or a listed file
missing or changed, text that is not UTF-8, a position whose checksum does not match,
history folders out of order or counts that disagree.  A folder without ``SHA256SUMS``
is refused unless the reader asks not to verify (``import --no-verify``: a folder written
before the database), and then read with the checks it carries itself; one whose
``game.json`` names no kind is a Machiavelli game.  Reading never changes the folder.

Positions are the game's kind's stored text (:meth:`~machiavelli.service.port.GameKind.dump`),
read back and written again through the kind, which checks them.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from machiavelli.service.kinds import MACHIAVELLI, UnknownKind, kind_named
from machiavelli.service.port import GameKind, Setup

GAME_FILE = "game.json"
STATE_FILE = "state.json"
START_FILE = "start.txt"
START_PRIVATE = "start_private"
SERVICE_FILE = "service.json"
MANIFEST = "SHA256SUMS"
FORMAT = 1


class ArchiveError(Exception):
    """The folder is not a whole, unchanged game: the message says what is wrong."""


@dataclass
class ArchivedPhase:
    number: int  # 1, 2, ...: the n-th processed phase
    before: str  # the positions, as the kind stores them
    after: str
    report: str
    orders: dict[str, str]
    private: dict[str, str]


@dataclass
class Archive:
    """A game as the folder holds it."""

    scenario: str
    seed: str
    players: int | None
    victory_cities: int | None
    winners: list[str]
    start_state: str  # the position at the start, as the kind stores it
    start_report: str
    phases: list[ArchivedPhase] = field(default_factory=list)
    pending: dict[str, str] = field(default_factory=dict)  # power -> orders text
    service: dict[str, Any] = field(default_factory=dict)
    start_private: dict[str, str] = field(default_factory=dict)
    kind: str = MACHIAVELLI
    flags: tuple[str, ...] = ()

    @property
    def state(self) -> str:
        return self.phases[-1].after if self.phases else self.start_state

    @property
    def setup(self) -> Setup:
        """The game's set-up, as its kind reads positions in it."""
        return Setup.recorded(self.scenario, self.players, self.flags, self.victory_cities,
                        self.seed)


# ----------------------------------------------------------------------
# Positions with checksums
# ----------------------------------------------------------------------
def _checksum(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def state_text(position: str) -> str:
    data = json.loads(position)
    return json.dumps({"checksum": _checksum(data), "state": data}, indent=1, sort_keys=True)


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ArchiveError(f"{path}: missing") from None
    except UnicodeDecodeError as err:
        raise ArchiveError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    except OSError as err:
        raise ArchiveError(f"{path}: cannot be read ({err.strerror})") from None


def _read_json(path: Path) -> Any:
    try:
        return json.loads(_read_text(path))
    except json.JSONDecodeError as err:
        raise ArchiveError(f"{path}: damaged ({err})") from None


def read_state(path: Path, kind: GameKind, setup: Setup) -> str:
    """The position saved in ``path``, read back by its kind and stored as the kind does."""
    data = _read_json(path)
    if not isinstance(data, dict) or "state" not in data or "checksum" not in data:
        raise ArchiveError(f"{path}: not a saved position")
    if _checksum(data["state"]) != data["checksum"]:
        raise ArchiveError(f"{path}: checksum does not match: the file was changed or cut short")
    try:
        return kind.dump(kind.load(json.dumps(data["state"]), setup))
    except (TypeError, KeyError, ValueError, AttributeError) as err:
        raise ArchiveError(f"{path}: not a valid position ({err})") from None


# ----------------------------------------------------------------------
# Writing
# ----------------------------------------------------------------------
def write_archive(archive: Archive, folder: Path) -> None:
    """Write ``archive`` into ``folder`` (which must not exist or be empty)."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise ArchiveError(f"{folder}: not a folder")
    if folder.exists() and any(folder.iterdir()):
        raise ArchiveError(f"{folder}: exists and is not empty")
    files: dict[str, str] = {}
    files[GAME_FILE] = json.dumps({
        "kind": archive.kind, "scenario": archive.scenario, "seed": archive.seed,
        "players": archive.players,
        "victory_cities": archive.victory_cities, "phases": len(archive.phases),
        "winners": archive.winners, "format": FORMAT}, indent=1)
    files[STATE_FILE] = state_text(archive.state)
    if archive.start_report:
        files[START_FILE] = archive.start_report
    for power, text in archive.start_private.items():
        files[f"{START_PRIVATE}/{power}.txt"] = text
    for power, text in archive.pending.items():
        files[f"orders/{power}.txt"] = text
    for phase in archive.phases:
        base = f"history/{phase.number:04d}"
        files[f"{base}/before.json"] = state_text(phase.before)
        files[f"{base}/after.json"] = state_text(phase.after)
        files[f"{base}/report.txt"] = phase.report
        for power, text in phase.orders.items():
            files[f"{base}/orders/{power}.txt"] = text
        for power, text in phase.private.items():
            files[f"{base}/private/{power}.txt"] = text
    if archive.service:
        files[SERVICE_FILE] = json.dumps(archive.service, indent=1, sort_keys=True)
    sums = "".join(f"{hashlib.sha256(t.encode()).hexdigest()}  {name}\n"
                   for name, t in sorted(files.items()))
    files[MANIFEST] = sums
    try:
        for name, text in files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "x", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
    except OSError as err:
        raise ArchiveError(f"{folder}: cannot be written ({err.strerror})") from None


# ----------------------------------------------------------------------
# Reading
# ----------------------------------------------------------------------
def _files(folder: Path) -> dict[str, Path]:
    """Every file under ``folder`` by its relative name; links and oddities refused."""
    found: dict[str, Path] = {}
    if folder.is_symlink():
        raise ArchiveError(f"{folder}: a symbolic link: refused")
    if not folder.is_dir():
        raise ArchiveError(f"{folder}: no such game folder")
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = Path(root) / name
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                raise ArchiveError(f"{path}: a symbolic link: refused")
            if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
                raise ArchiveError(f"{path}: neither a file nor a folder: refused")
            if stat.S_ISREG(mode):
                found[path.relative_to(folder).as_posix()] = path
    return found


def _verify_manifest(folder: Path, files: dict[str, Path]) -> None:
    listed: dict[str, str] = {}
    for number, line in enumerate(_read_text(files[MANIFEST]).splitlines(), 1):
        digest, sep, name = line.partition("  ")
        if not sep or len(digest) != 64:
            raise ArchiveError(f"{folder / MANIFEST}: line {number} is not 'SHA256  file'")
        listed[name] = digest
    for name, path in files.items():
        if name == MANIFEST or name.endswith(".db") or ".db-" in name:
            continue
        if name not in listed:
            raise ArchiveError(f"{path}: not listed in {MANIFEST}")
        if hashlib.sha256(path.read_bytes()).hexdigest() != listed[name]:
            raise ArchiveError(f"{path}: changed since the export (checksum does not match)")
    for name in listed:
        if name not in files:
            raise ArchiveError(f"{folder / name}: missing (listed in {MANIFEST})")


def _texts(files: dict[str, Path], prefix: str) -> dict[str, str]:
    """power -> text of the ``prefix/<Power>.txt`` files."""
    out = {}
    for name, path in sorted(files.items()):
        if name.startswith(prefix) and name.endswith(".txt") and "/" not in name[len(prefix):]:
            out[name[len(prefix):-4]] = _read_text(path)
    return out


def read_archive(folder: Path, *, verify: bool = True) -> Archive:
    """The game in ``folder``, after checking every file (see the module's notes).  A
    folder without ``SHA256SUMS`` is refused unless ``verify`` is False (a folder of the
    old format, written before the checksums, or one the caller trusts): without it a
    changed file could not be told from the one written."""
    files = _files(folder)
    if MANIFEST in files:
        _verify_manifest(folder, files)
    elif verify:
        raise ArchiveError(f"{folder / MANIFEST}: missing: the files cannot be checked "
                           "against their export (a folder of the old format, or one you "
                           "trust: import it with --no-verify)")
    if GAME_FILE not in files:
        raise ArchiveError(f"{folder / GAME_FILE}: missing: not a game folder")
    settings = _read_json(files[GAME_FILE])
    try:
        scenario, seed = str(settings["scenario"]), str(settings["seed"])
        count = int(settings.get("phases", 0))
        players = settings.get("players")
        victory = settings.get("victory_cities")
        winners = [str(w) for w in settings.get("winners", [])]
        kind_name = str(settings.get("kind", MACHIAVELLI))
    except (KeyError, TypeError, ValueError) as err:
        raise ArchiveError(f"{folder / GAME_FILE}: damaged ({err})") from None
    try:
        kind = kind_named(kind_name)
    except UnknownKind:
        raise ArchiveError(f"{folder / GAME_FILE}: the kind of game {kind_name!r} is not "
                           "one this judge plays") from None
    if settings.get("format", FORMAT) != FORMAT:
        raise ArchiveError(f"{folder / GAME_FILE}: format {settings.get('format')} is unknown")
    entries = sorted({name.split("/")[1] for name in files if name.startswith("history/")})
    if len(entries) != count:
        raise ArchiveError(f"{folder}: game.json counts {count} phases but history has "
                           f"{len(entries)} (an interrupted process?): refused")
    service = _read_json(files[SERVICE_FILE]) if SERVICE_FILE in files else {}
    service = service if isinstance(service, dict) else {}
    flags = tuple(str(f) for f in service.get("flags", []))
    setup = Setup.recorded(scenario, players if isinstance(players, int) else None, flags,
                     victory if isinstance(victory, int) else None, seed)
    state = read_state(folder / STATE_FILE, kind, setup)
    phases: list[ArchivedPhase] = []
    for number, entry in enumerate(entries, 1):
        base = folder / "history" / entry
        if entry != f"{number:04d}":
            raise ArchiveError(f"{base}: history folders are not numbered 1, 2, 3...")
        before = read_state(base / "before.json", kind, setup)
        after = read_state(base / "after.json", kind, setup)
        if phases and phases[-1].after != before:
            raise ArchiveError(f"{base}/before.json: not the position phase {number - 1} left")
        prefix = f"history/{entry}/"
        phases.append(ArchivedPhase(number, before, after, _read_text(base / "report.txt"),
                                    _texts(files, prefix + "orders/"),
                                    _texts(files, prefix + "private/")))
    if phases and phases[-1].after != state:
        raise ArchiveError(f"{folder / STATE_FILE}: not the position the last phase left")
    start_state = phases[0].before if phases else state
    return Archive(scenario, seed, players if isinstance(players, int) else None,
                   victory if isinstance(victory, int) else None, winners, start_state,
                   _read_text(files[START_FILE]) if START_FILE in files else "", phases,
                   _texts(files, "orders/"), service, _texts(files, f"{START_PRIVATE}/"),
                   kind.name, flags)

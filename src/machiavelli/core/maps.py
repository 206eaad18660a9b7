"""Boards shipped with the package, and board files: found, read and cached.

:func:`load_board` gives a board of ``machiavelli/data/maps/<name>.toml`` (read once,
its parsed TOML kept by the start cache); :func:`load_board_file` and
:func:`parse_board` read any board file.  The file format, and the checks every board
passes, are :mod:`machiavelli.core.map_reader`'s.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from typing import TYPE_CHECKING, Any

from machiavelli.core import start_cache
from machiavelli.core.board import Board, BoardError
from machiavelli.core.map_reader import BoardReader

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

_BOARD_NAME = re.compile(r"[a-z0-9_]+")


@functools.cache
def load_board(name: str) -> Board:
    """The board ``data/maps/<name>.toml`` shipped with the package (cached)."""
    if not _BOARD_NAME.fullmatch(name):
        raise BoardError(f"{name!r}: not a board name")
    text, source = _shipped_text(name), f"{name}.toml"
    if text is None:
        known = ", ".join(available_boards()) or "none"
        raise BoardError(f"{name}.toml: no such board (available: {known})")
    # the shipped boards' TOML parsed once, then kept (start_cache; a third of the board)
    data = start_cache.parsed_toml(text, lambda text: _toml(text, source))
    board = BoardReader(text, source).board(data)
    if board.name != name:
        raise BoardError(f"{name}.toml: name: is {board.name!r}, expected {name!r}")
    return board


def load_board_file(path: str | os.PathLike[str]) -> Board:
    """A board from any TOML file (not cached)."""
    from pathlib import Path

    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise BoardError(f"{p}: cannot read: {exc}") from exc
    return parse_board(text, str(p))


def _shipped_text(name: str) -> str | None:
    """The text of ``data/maps/<name>.toml``, or None: there is no such file.  Read with
    ``open`` when the package is on a file system (neither pathlib nor importlib.resources
    imported: docs/speed.md), else through :func:`_maps_folder`."""
    top = getattr(sys.modules.get("machiavelli"), "__file__", None)
    if isinstance(top, str):
        folder = os.path.join(os.path.dirname(top), "data", "maps")
        if os.path.isdir(folder):
            try:
                with open(os.path.join(folder, f"{name}.toml"), encoding="utf-8") as given:
                    return given.read()
            except (FileNotFoundError, IsADirectoryError):
                return None
    res = _maps_folder().joinpath(f"{name}.toml")
    return res.read_text(encoding="utf-8") if res.is_file() else None


def _maps_folder() -> Traversable:
    """``machiavelli/data/maps``: the folder itself when the package is on a file system
    (importlib.resources, which takes a while to import, is then not needed), else as
    importlib.resources finds it (a zip file)."""
    # the package's own file, as importlib.resources finds it (a compiled module of the
    # package may have no __file__ while it is imported)
    from pathlib import Path

    top = getattr(sys.modules.get("machiavelli"), "__file__", None)
    if isinstance(top, str):
        folder = Path(top).parent / "data" / "maps"
        if folder.is_dir():
            return folder
    from importlib import resources

    return resources.files("machiavelli").joinpath("data", "maps")


def available_boards() -> list[str]:
    folder = _maps_folder()
    return sorted(f.name[: -len(".toml")] for f in folder.iterdir() if f.name.endswith(".toml"))


def parse_board(text: str, source: str) -> Board:
    """Check and build a board from the text of a board file named ``source``."""
    return BoardReader(text, source).board(_toml(text, source))


def _toml(text: str, source: str) -> dict[str, Any]:
    """The TOML read (``tomllib`` imported only when a text is parsed: not when the
    standard boards come from the start cache)."""
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BoardError(f"{source}: TOML syntax error: {exc}") from exc


__all__ = ["available_boards", "load_board", "load_board_file", "parse_board"]

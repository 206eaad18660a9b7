"""What a process of the judge would otherwise make anew each time it starts, kept on disk.

Two things, each found by its exact text, so that a changed source is simply a new entry:

- the methods ``dataclasses`` writes for each of the package's dataclasses (``__init__``,
  ``__repr__``, ``__eq__``...): it writes each as Python source and compiles it, which
  was a third of a one-case ``machiavelli adjudicate``'s processor time
  (docs/speed.md, "A command's start-up"). :func:`install` gives the ``dataclasses``
  module a compiler that keeps the code compiled from each source text: the same text
  compiled once, the same code run;
- the standard boards' TOML, parsed (:func:`parsed_toml`; the parser is not even
  imported when the text is known).

The file is ``start-cache.marshal`` in the package's bytecode cache folder (where
Python keeps ``machiavelli/__init__``'s ``.pyc``, so one per Python version and
installation), read at the first need and written, atomically, as the process exits when
something was added. Like the bytecode cache it is not written when Python writes no
bytecode (``PYTHONDONTWRITEBYTECODE``) or cannot; then the process makes everything as
before. A file that cannot be read, or was written by another Python, counts as empty.
Only the package's own dataclasses use it (their module's name starts with
``machiavelli.``): other libraries' are compiled as the standard library does.
"""

from __future__ import annotations
import __future__

import atexit
import contextlib
import dataclasses
import functools
import marshal
import operator
import os
import sys
from collections.abc import Callable
from importlib.machinery import BYTECODE_SUFFIXES
from types import CodeType
from typing import Any

#: what the file starts with: this format, the Python that wrote its code objects and its
#: optimization level (``-O``, which ``compile`` follows)
_HEADER = (f"machiavelli start cache 1 {sys.implementation.cache_tag} {sys.version_info[:3]}"
           f" -O{sys.flags.optimize}")
#: the ``from __future__`` imports of ``dataclasses``, which its ``exec`` compiles with
_FUTURES = dataclasses.fields.__code__.co_flags & functools.reduce(
    operator.or_, (getattr(__future__, name).compiler_flag
                   for name in __future__.all_feature_names))
#: the file's name in the bytecode cache folder
FILE_NAME = "start-cache.marshal"
#: entries past which the file is written with this process's entries only (stale
#: entries of edited sources are dropped; the whole package makes about 1,200)
LIMIT = 4000


class StartCache:
    """The entries read from the file at ``path`` (None: no file), and those this process
    added or used."""

    def __init__(self, path: str | None) -> None:
        self.path = path
        self.methods: dict[str, bytes] = {}  # source -> its code object, marshalled alone
        self.code: dict[str, CodeType] = {}  # the methods' code this process read or made
        self.toml: dict[str, bytes] = {}  # text -> what it parses to, marshalled
        self.used: set[str] = set()  # the TOML texts this process read or parsed
        self.compiled = 0  # sources compiled by this process (not found in the file)
        self.dirty = False
        self.loaded = False

    def load(self) -> None:
        """The file read, once; a missing, broken or foreign file counts as empty."""
        if self.loaded:
            return
        self.loaded = True
        if self.path is None:
            return
        try:
            with open(self.path, "rb") as given:
                # (read whole: marshal.load reads a file object a piece at a time, 4x slower)
                header, methods, toml = marshal.loads(given.read())
        except (OSError, EOFError, ValueError, TypeError):
            return
        if header == _HEADER and isinstance(methods, dict) and isinstance(toml, dict):
            self.methods, self.toml = methods, toml

    def code_of(self, source: str) -> CodeType:
        """The code compiled from ``source``, as ``exec(source)`` compiles it."""
        code = self.code.get(source)
        if code is None:
            self.load()
            known = self.methods.get(source)
            if known is not None:
                code = marshal.loads(known)
            else:
                code = compile(source, "<string>", "exec", _FUTURES, dont_inherit=True)
                self.methods[source] = marshal.dumps(code)
                self.compiled += 1
                self.dirty = True
            self.code[source] = code
        return code

    def parsed(self, text: str, parse: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
        """``parse(text)``, or a fresh copy of what it gave for this very text before."""
        self.load()
        self.used.add(text)
        known = self.toml.get(text)
        if known is not None:
            data: dict[str, Any] = marshal.loads(known)
            return data
        data = parse(text)
        try:
            self.toml[text] = marshal.dumps(data)
        except ValueError:  # a value marshal does not write (a date): parsed every time
            return data
        self.dirty = True
        return data

    def save(self) -> None:
        """The entries written (past :data:`LIMIT`, this process's only), if any were
        added and Python writes bytecode."""
        if not self.dirty or self.path is None or sys.dont_write_bytecode:
            return
        methods, toml = self.methods, self.toml
        if len(methods) + len(toml) > LIMIT:
            methods = {k: v for k, v in methods.items() if k in self.code}
            toml = {k: v for k, v in toml.items() if k in self.used}
        partial = f"{self.path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(partial, "wb") as out:
                marshal.dump((_HEADER, methods, toml), out)
            os.replace(partial, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                os.remove(partial)
        self.dirty = False


def _file_path() -> str | None:
    """The cache file beside ``machiavelli/__init__``'s bytecode, or None (no bytecode
    cache: a zipped package, say)."""
    top = sys.modules.get("machiavelli")
    cached = getattr(top, "__cached__", None)
    if not isinstance(cached, str) or not cached.endswith(tuple(BYTECODE_SUFFIXES)):
        return None
    return os.path.join(os.path.dirname(cached), FILE_NAME)


#: the process's cache (made by :func:`install`)
_CACHE = StartCache(None)


def _exec(source: object, globals: dict[str, Any] | None = None,
          mapping: dict[str, Any] | None = None) -> None:
    """``exec`` as ``dataclasses`` calls it: for the package's own classes, the code of a
    source text seen before is reused."""
    if isinstance(source, str) and globals is not None and str(
            globals.get("__name__", "")).startswith("machiavelli."):
        exec(_CACHE.code_of(source), globals, mapping)
    else:
        exec(source, globals, mapping)  # type: ignore[arg-type]


def install() -> None:
    """The process's cache found, to be written as it exits, and given to ``dataclasses``
    (idempotent): every method is made from the same source by the same compiler."""
    global _CACHE
    if _CACHE.path is not None or _CACHE.loaded:
        return
    _CACHE = StartCache(_file_path())
    atexit.register(lambda: _CACHE.save())
    dataclasses.exec = _exec  # type: ignore[attr-defined]


def parsed_toml(text: str, parse: Callable[[str], dict[str, Any]]) -> dict[str, Any]:
    """``parse(text)``, or a fresh copy of what it gave for this very text before."""
    return _CACHE.parsed(text, parse)

"""The package's build: pure Python, or its engine compiled with mypyc.

Everything about the package is in pyproject.toml.  This file adds one thing: with
``MACHIAVELLI_COMPILE=1`` in the environment the engine (:data:`ENGINE`) is compiled
with mypyc into the wheel, as ``make wheel`` builds it:

    MACHIAVELLI_COMPILE=1 pip wheel --no-build-isolation --no-deps -w dist .

(``--no-build-isolation``: mypyc is taken from the environment that builds, where the
``dev`` extra installs it.)  The front ends (the command line, the service, the web judge,
mail, the map renderer) and the package's ``__init__`` stay Python.  A compiled module
is imported instead of its source, which the wheel also holds.  Without the variable
(an editable install, ``make run``, ``make test``) nothing is compiled.

``tools/compile.py`` reads :data:`ENGINE` and :data:`LTO` from here to build the same
engine into a folder (``make compiled``).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: the packages compiled: the engine, from the board to the case files
ENGINE = ("core", "text", "movement", "money", "game", "cases")
#: and the bots' modules self-play spends its time in (the greedy player, the money menu,
#: the random and hold players, the invariants checked after every phase): compiled,
#: self-play gives about 1.25x the phases a processor-second (docs/speed.md)
BOTS = ("greedy", "menu", "players", "invariants")

#: C compiler flags added to the build's: link-time optimization, so that mypyc's runtime
#: helpers (a list's item read and written, an int boxed, a string compared) are inlined
#: into the engine's functions across the C files, which a shared library's functions
#: otherwise are not (-fno-semantic-interposition: none of them is replaced at load time).
#: About 6 % fewer instructions a phase (docs/speed.md, "The compiled build and the wheel").
LTO = "-flto=auto -fno-semantic-interposition"

#: mypyc's settings: every optimization (opt_level), no debug information (debug_level),
#: one C file per module (multi_file)
OPT_LEVEL, DEBUG_LEVEL, MULTI_FILE = "3", "0", True

#: where a compiled wheel is built: emptied first, so that nothing of an earlier build
#: (a module since removed) finds its way into the wheel (``make compiled`` builds in a
#: folder of its own, build/compiled)
BUILD_FOLDER = "build/wheel"


def engine_paths(root: Path) -> list[str]:
    """The engine's modules under ``root`` (a folder holding ``machiavelli``), relative
    to it, in a stable order."""
    return sorted([
        *(str(p.relative_to(root))
          for package in ENGINE
          for p in (root / "machiavelli" / package).rglob("*.py")),
        *(str(Path("machiavelli") / "bots" / f"{name}.py") for name in BOTS),
    ])


def with_lto(env: dict[str, str]) -> dict[str, str]:
    """``env`` with :data:`LTO` added to its compiler and linker flags."""
    env = dict(env)
    for name, extra in (("CFLAGS", LTO), ("LDFLAGS", LTO + " -O3")):
        env[name] = f"{env.get(name, '')} {extra}".strip()
    return env


if __name__ == "__main__":
    from setuptools import setup

    if os.environ.get("MACHIAVELLI_COMPILE") == "1":
        from mypyc.build import mypycify

        shutil.rmtree(BUILD_FOLDER, ignore_errors=True)
        os.environ.update(with_lto(dict(os.environ)))
        modules = [str(Path("src") / p) for p in engine_paths(Path("src"))]
        setup(
            ext_modules=mypycify(modules, opt_level=OPT_LEVEL, debug_level=DEBUG_LEVEL,
                                 multi_file=MULTI_FILE, target_dir=f"{BUILD_FOLDER}/mypyc"),
            options={"build": {"build_base": BUILD_FOLDER},
                     "build_ext": {"parallel": os.cpu_count() or 1}},
        )
    else:
        setup()

"""Build the compiled engine: the package compiled with mypyc into build/compiled.

    python tools/compile.py [DIR]

Copies ``src/machiavelli`` to ``DIR/machiavelli`` (default ``build/compiled``) and
compiles the engine there with mypyc: the packages of :data:`ENGINE`.  The front ends
(the command line, the service, the web judge, mail, the map renderer) and the
package's ``__init__`` stay interpreted.  Put ``DIR`` first on ``PYTHONPATH`` to run the
compiled engine: ``PYTHONPATH=build/compiled machiavelli bench``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the packages compiled: the engine, from the board to the case files
ENGINE = ("core", "text", "movement", "money", "game", "cases")

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="machiavelli_compiled",
    ext_modules=mypycify({paths!r}, opt_level="3", debug_level="0", multi_file=True),
)
"""

#: C compiler flags added to the build's: link-time optimization, so that mypyc's runtime
#: helpers (a list's item read and written, an int boxed, a string compared) are inlined
#: into the engine's functions across the C files, which a shared library's functions
#: otherwise are not (-fno-semantic-interposition: none of them is replaced at load time).
#: About 6 % fewer instructions a phase (docs/speed.md, "28 Nov 2026, late morning").
LTO = "-flto=auto -fno-semantic-interposition"


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "compiled"
    start = time.perf_counter()
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "src" / "machiavelli", target / "machiavelli",
                    ignore=shutil.ignore_patterns("__pycache__"))
    paths = sorted(
        str(p.relative_to(target))
        for package in ENGINE
        for p in (target / "machiavelli" / package).rglob("*.py")
    )
    (target / "setup.py").write_text(SETUP.format(paths=paths), encoding="utf-8")
    jobs = str(os.cpu_count() or 1)
    env = dict(os.environ)
    for name, extra in (("CFLAGS", LTO), ("LDFLAGS", LTO + " -O3")):
        env[name] = f"{env.get(name, '')} {extra}".strip()
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", jobs],
        cwd=target, stdout=subprocess.PIPE, text=True, env=env,
    )
    if done.returncode:  # (mypyc writes its errors with the build's output)
        sys.stderr.write(done.stdout)
        sys.exit(f"compiling failed (exit status {done.returncode})")
    print(f"compiled {len(paths)} modules into {target} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()

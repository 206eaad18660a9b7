"""Build the compiled engine: the package compiled with mypyc into build/compiled.

    python tools/compile.py [DIR]

Copies ``src/machiavelli`` to ``DIR/machiavelli`` (default ``build/compiled``) and
compiles the engine there with mypyc: the packages of :data:`ENGINE`.  The front ends
(the command line, the service, the web judge, mail, the map renderer) and the
package's ``__init__`` stay interpreted.  Put ``DIR`` first on ``PYTHONPATH`` to run the
compiled engine: ``PYTHONPATH=build/compiled machiavelli bench``.  What is compiled, and
how, is the package's setup.py's, which compiles the same into a wheel (``make wheel``).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _build_settings() -> ModuleType:
    """The package's setup.py read as a module: what it compiles and how (its ``setup()``
    runs only as a script)."""
    spec = importlib.util.spec_from_file_location("machiavelli_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_settings()
#: the packages compiled (setup.py's ENGINE): the engine, from the board to the case files
ENGINE: tuple[str, ...] = BUILD.ENGINE
#: the link-time optimization flags (setup.py's LTO)
LTO: str = BUILD.LTO

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="machiavelli_compiled",
    ext_modules=mypycify({paths!r}, opt_level={opt!r}, debug_level={debug!r},
                         multi_file={multi!r}),
)
"""


def main() -> None:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "compiled"
    start = time.perf_counter()
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(ROOT / "src" / "machiavelli", target / "machiavelli",
                    ignore=shutil.ignore_patterns("__pycache__"))
    paths = BUILD.engine_paths(target)
    (target / "setup.py").write_text(
        SETUP.format(paths=paths, opt=BUILD.OPT_LEVEL, debug=BUILD.DEBUG_LEVEL,
                     multi=BUILD.MULTI_FILE),
        encoding="utf-8")
    jobs = str(os.cpu_count() or 1)
    env = BUILD.with_lto(dict(os.environ))
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

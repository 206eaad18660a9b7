"""The judge as a wheel with its engine compiled (setup.py, ``make wheel``).

The wheel is built as ``make wheel`` builds it, installed into a folder of its own, and
run from there: the engine's modules are compiled, the front ends are not, the package's
data came with it, and the phases and case files come out as they do from the source.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: run with the package found first on PYTHONPATH: what is compiled, and a digest of
#: random phases of the standard map and of a Classic game with money, adjudicated with
#: their reports and private parts
PROBE = r"""
import hashlib, importlib, json, pkgutil, sys
import machiavelli
from machiavelli.cli.bench_phases import campaign_phases, random_phases
from machiavelli.game.process import adjudicate
from machiavelli.game.scenario import load_scenario

engine = sys.argv[1].split(",")
compiled, interpreted = [], []
for package in engine:
    module = importlib.import_module(f"machiavelli.{package}")
    names = [module.__name__] + [
        m.name for m in pkgutil.walk_packages(module.__path__, module.__name__ + ".")]
    for name in names:
        path = importlib.import_module(name).__file__
        (interpreted if path.endswith(".py") else compiled).append(name)
front = [m.__file__.endswith(".py") for m in (
    machiavelli, importlib.import_module("machiavelli.cli.main"),
    importlib.import_module("machiavelli.service"), importlib.import_module("machiavelli.web"))]
digest = hashlib.sha256()
board, start = load_scenario("standard_1901")
played = [(p.board, p.state, p.orders, "") for p in random_phases(board, start, 20, 3)]
classic, _ = load_scenario("classic_1454")
played += [(classic, p.state, p.orders, p.seed) for p in campaign_phases("classic_1454", 1, 14, 3)]
for b, state, orders, seed in played:
    done = adjudicate(b, state, orders, seed)
    digest.update(done.after.to_json().encode())
    digest.update(done.report.encode())
    for power, text in sorted(done.private.items()):
        digest.update(power.encode() + text.encode())
print(json.dumps({"package": machiavelli.__file__, "compiled": compiled,
                  "interpreted": interpreted, "front ends in Python": front,
                  "phases": len(played), "digest": digest.hexdigest()}))
"""


def _engine() -> tuple[str, ...]:
    sys.path.insert(0, str(ROOT))
    try:
        import tools.compile as compile_tool
    finally:
        sys.path.remove(str(ROOT))
    return compile_tool.ENGINE


def _probe(python_path: Path) -> dict[str, object]:
    env = dict(os.environ, PYTHONPATH=str(python_path))
    done = subprocess.run([sys.executable, "-c", PROBE, ",".join(_engine())], env=env,
                          cwd=python_path, capture_output=True, text=True, check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


class Installed:
    """The wheel built and installed into a folder of its own."""

    def __init__(self, wheel: Path, site: Path) -> None:
        self.wheel = wheel
        self.site = site


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel, built as ``make wheel`` builds it (into a folder of the test's)."""
    folder = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-build-isolation", "--no-deps",
         "-w", str(folder / "dist"), str(ROOT)],
        env=dict(os.environ, MACHIAVELLI_COMPILE="1"), cwd=ROOT, check=True,
        capture_output=True)
    [wheel] = (folder / "dist").glob("machiavelli_judge-*.whl")
    site = folder / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(site), str(wheel)], check=True, capture_output=True)
    return Installed(wheel, site)


def test_the_wheel_is_built_for_this_platform_with_the_command_and_the_data(
    installed: Installed,
) -> None:
    assert not installed.wheel.name.endswith("-none-any.whl")  # (compiled code in it)
    with zipfile.ZipFile(installed.wheel) as archive:
        names = archive.namelist()
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        # the script starts at cli/start.py (a plain adjudicate without click), else click
        assert "machiavelli = machiavelli.cli.start:run" in archive.read(entry_points).decode()
    for data in ("machiavelli/data/maps/", "machiavelli/data/scenarios/",
                 "machiavelli/data/help/", "machiavelli/web/templates/",
                 "machiavelli/service/migrations/versions/"):
        assert any(n.startswith(data) for n in names), data


def test_the_wheels_engine_is_compiled_and_plays_as_the_source(installed: Installed) -> None:
    from_wheel = _probe(installed.site)
    from_source = _probe(ROOT / "src")

    assert Path(str(from_wheel["package"])).is_relative_to(installed.site)
    assert from_wheel["interpreted"] == []
    compiled = from_wheel["compiled"]
    assert isinstance(compiled, list) and len(compiled) > 60
    assert compiled == from_source["interpreted"]
    assert from_source["compiled"] == []
    assert from_wheel["front ends in Python"] == [True, True, True, True]
    assert from_wheel["phases"] == from_source["phases"] == 34
    assert from_wheel["digest"] == from_source["digest"]


def test_the_wheels_command_checks_the_datc_on_its_compiled_engine(
    installed: Installed, tmp_path: Path,
) -> None:
    """The installed wheel's command line (Python) on its compiled engine: every DATC
    case, checked against its expected results."""
    done = subprocess.run(
        [sys.executable, "-m", "machiavelli.cli.main", "adjudicate", "--check",
         str(ROOT / "cases" / "datc_v2.4_06.txt")],
        env=dict(os.environ, PYTHONPATH=str(installed.site)), cwd=tmp_path,
        capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert done.stdout.rstrip().endswith("167 passed, 0 failed")


def test_without_the_variable_the_wheel_is_pure_python(tmp_path: Path) -> None:
    """What ``pip install .`` builds when nobody asks for the compiled engine."""
    env = {k: v for k, v in os.environ.items() if k != "MACHIAVELLI_COMPILE"}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-build-isolation", "--no-deps",
         "-w", str(tmp_path), str(ROOT)],
        env=env, cwd=ROOT, check=True, capture_output=True)
    [wheel] = tmp_path.glob("machiavelli_judge-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    assert "machiavelli/movement/resolver.py" in names

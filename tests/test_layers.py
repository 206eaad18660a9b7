"""The package's layers: arrows point down only, and no module imports itself back.

``src/machiavelli`` is layered by stage of the data flow (see the package's
docstring).  A module may import modules of its own layer and of the layers below
it, never above; the top-level ``machiavelli/__init__`` (the users' re-exports)
stands above everything and nothing inside the package imports it.  Every import
counts: at the top of a module, inside a function, or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

# bottom first; a layer may import itself and every layer before it
LAYERS = ["core", "text", "movement", "money", "game", "cases", "render", "princes", "service",
          "bots", "commands", "mail", "web", "cli"]

#: the Machiavelli engine's packages: Princes of the Renaissance stands beside them
MACHIAVELLI_ENGINE = ["core", "text", "movement", "money", "game", "cases", "render"]


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(root: Path) -> dict[str, set[str]]:
    """Every module of the package under ``root`` and the package modules it imports."""
    files = {module_name(root, p): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")
                    up = up[: len(up) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in files else base
                           for a in node.names]
            for target in targets:
                while target and target not in files:
                    target = target.rpartition(".")[0]
                if target:
                    found.add(target)
        graph[name] = found - {name} if path.name == "__init__.py" else found
    return graph


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) < 2 or parts[1] not in LAYERS:
        return None
    return LAYERS.index(parts[1])


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if target == "machiavelli" and module != "machiavelli":
                wrong.append(f"{module} imports the top-level package (it re-exports everything)")
                continue
            mine, theirs = layer_of(module), layer_of(target)
            if module == "machiavelli" or theirs is None:
                continue
            if mine is None:
                wrong.append(f"{module} is in no layer (add its package to LAYERS)")
            elif theirs > mine:
                wrong.append(f"{module} ({LAYERS[mine]}) imports {target} ({LAYERS[theirs]})")
    return wrong


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph.get(v, ()):
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_package_is_a_layer_with_a_docstring() -> None:
    packages = sorted(p.parent.name for p in (SRC / "machiavelli").glob("*/__init__.py"))
    assert packages == sorted(LAYERS)
    for name in packages:
        doc = ast.get_docstring(ast.parse((SRC / "machiavelli" / name / "__init__.py").read_text()))
        assert doc and "import" in doc, f"{name}/__init__.py must say what it may import"


def test_no_module_sits_outside_the_layers() -> None:
    loose = sorted(p.name for p in (SRC / "machiavelli").glob("*.py") if p.name != "__init__.py")
    assert loose == []


def test_arrows_point_down_only() -> None:
    assert upward_imports(imports_of(SRC)) == []


def test_princes_stands_beside_the_machiavelli_engine() -> None:
    """machiavelli.princes imports none of the Machiavelli engine, and none of it imports
    machiavelli.princes."""
    graph = imports_of(SRC)
    wrong = []
    for module, targets in sorted(graph.items()):
        layer = module.split(".")[1] if module.count(".") else ""
        for target in targets:
            other = target.split(".")[1] if target.count(".") else ""
            if layer == "princes" and other in MACHIAVELLI_ENGINE:
                wrong.append(f"{module} imports {target}")
            if layer in MACHIAVELLI_ENGINE and other == "princes":
                wrong.append(f"{module} imports {target}")
    assert wrong == []
    assert any(m.startswith("machiavelli.princes.") for m in graph)


def test_no_import_circles() -> None:
    assert circles(imports_of(SRC)) == []


# -- the checks themselves catch what they must ------------------------------------


@pytest.fixture
def package(tmp_path: Path) -> Path:
    def write(path: str, text: str = "") -> None:
        file = tmp_path / "machiavelli" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)

    write("__init__.py")
    for layer in ("core", "movement", "game"):
        write(f"{layer}/__init__.py", '"""A layer."""\n')
    write("core/board.py", "")
    write("movement/resolver.py", "from machiavelli.core.board import X\n")
    write("game/process.py", "from machiavelli.movement import resolver\n")
    return tmp_path


def test_the_check_sees_an_upward_import(package: Path) -> None:
    (package / "machiavelli/core/board.py").write_text(
        "def f():\n    from machiavelli.game.process import g\n"
    )
    assert upward_imports(imports_of(package)) == [
        "machiavelli.core.board (core) imports machiavelli.game.process (game)"
    ]


def test_the_check_sees_a_circle_even_under_type_checking(package: Path) -> None:
    assert circles(imports_of(package)) == []
    (package / "machiavelli/movement/legality.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from machiavelli.movement.resolver import R\n"
        "if TYPE_CHECKING:\n    from machiavelli.movement.legality import L\n"
    )
    (package / "machiavelli/movement/resolver.py").write_text(
        "from . import legality\n"
    )
    assert circles(imports_of(package)) == [
        ["machiavelli.movement.legality", "machiavelli.movement.resolver"]
    ]


def test_the_check_sees_the_top_level_package_imported_inside(package: Path) -> None:
    (package / "machiavelli/game/process.py").write_text("from machiavelli import process\n")
    assert upward_imports(imports_of(package)) == [
        "machiavelli.game.process imports the top-level package (it re-exports everything)"
    ]


# -- rooms inside a layer ------------------------------------------------------------

#: the service's house rules (deadlines, absences, draws, press, dates, processing) are
#: pure: they may import each other and the service's plain values, nothing else of the
#: package (no database, no engine)
HOUSE = "machiavelli.service.house"
HOUSE_MAY_IMPORT = {"machiavelli.service.refusal", "machiavelli.service.roles",
                    "machiavelli.service.stored"}


def house_breaches(graph: dict[str, set[str]]) -> list[str]:
    return [f"{module} (house rules) imports {target}"
            for module, targets in sorted(graph.items())
            if module == HOUSE or module.startswith(HOUSE + ".")
            for target in sorted(targets)
            if not (target == HOUSE or target.startswith(HOUSE + ".")
                    or target in HOUSE_MAY_IMPORT)]


def test_the_house_rules_are_pure() -> None:
    assert house_breaches(imports_of(SRC)) == []


def test_the_check_sees_a_house_rule_reaching_the_database(tmp_path: Path) -> None:
    for path, text in {"__init__.py": "", "service/__init__.py": '"""S."""\n',
                       "service/database.py": "", "service/house/__init__.py": '"""H."""\n',
                       "service/house/press.py": "from machiavelli.service import database\n"
                       }.items():
        file = tmp_path / "machiavelli" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
    assert house_breaches(imports_of(tmp_path)) == [
        "machiavelli.service.house.press (house rules) imports machiavelli.service.database"
    ]


#: inside the service only the game kinds' adapters (``service/kinds/``) import an engine:
#: the rest of the host asks a game's kind (:mod:`machiavelli.service.port`)
ENGINES = ("core", "text", "movement", "money", "game", "cases", "render")
KINDS = "machiavelli.service.kinds"
#: (module, engine module) still allowed, each with its reason
SERVICE_ENGINE_LEFT = {
    # Judge.predict still returns the engine's PhaseResult (the Judge's return types
    # become views on the front ends' branch)
    ("machiavelli.service.judge", "machiavelli.game.process"),
}


def engine_breaches(graph: dict[str, set[str]]) -> list[str]:
    engines = tuple(f"machiavelli.{e}" for e in ENGINES)
    return [f"{module} (service) imports {target}: only the adapters may"
            for module, targets in sorted(graph.items())
            if module.startswith("machiavelli.service")
            and not (module == KINDS or module.startswith(KINDS + "."))
            for target in sorted(targets)
            if any(target == e or target.startswith(e + ".") for e in engines)
            and (module, target) not in SERVICE_ENGINE_LEFT]


def test_inside_the_service_only_the_adapters_import_an_engine() -> None:
    assert engine_breaches(imports_of(SRC)) == []


def test_the_check_sees_the_service_reaching_an_engine(tmp_path: Path) -> None:
    for path, text in {"__init__.py": "", "core/__init__.py": '"""C."""\n',
                       "core/state.py": "", "text/__init__.py": '"""T."""\n',
                       "text/report.py": "", "service/__init__.py": '"""S."""\n',
                       "service/kinds/__init__.py": '"""K."""\n',
                       "service/kinds/machiavelli/__init__.py":
                       "from machiavelli.core.state import State\n",
                       "service/sheets.py": "from machiavelli.service.kinds import x\n",
                       "service/visibility.py":
                       "def f():\n    from machiavelli.text import report\n",
                       }.items():
        file = tmp_path / "machiavelli" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
    assert engine_breaches(imports_of(tmp_path)) == [
        "machiavelli.service.visibility (service) imports machiavelli.text.report: "
        "only the adapters may"
    ]


# -- the front ends stand on the service ---------------------------------------------

#: a game's engine: only the service's adapters, the bots and the command line reach it
ENGINE = ENGINES
#: the front ends that ask the service for checks, legal orders, boards and pictures
ENGINE_FREE = ("web", "mail", "commands")
#: every front end: none opens the service's database or its rows ...
FRONT_ENDS = ("web", "mail", "commands", "cli", "bots")
STORAGE = ("machiavelli.service.schema", "machiavelli.service.database")
#: ... but the web's own tables, which live in the same database (its sessions, API keys,
#: outbox) and read the users their rows name: web/tables.py and the web's migrations
OWN_STORAGE = ("machiavelli.web.tables", "machiavelli.web.migrations")


def _in(module: str, *packages: str) -> bool:
    return any(module == f"machiavelli.{p}" or module.startswith(f"machiavelli.{p}.")
               for p in packages)


def _within(module: str, names: tuple[str, ...]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def front_end_breaches(graph: dict[str, set[str]]) -> list[str]:
    """A front end reaching past the service: web, mail and the command language into an
    engine; any front end into the service's database or rows; the web into the mail."""
    wrong = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if _in(module, *ENGINE_FREE) and _in(target, *ENGINE):
                wrong.append(f"{module} imports {target} (an engine: ask the judge)")
            if (_in(module, *FRONT_ENDS) and _within(target, STORAGE)
                    and not _within(module, OWN_STORAGE)):
                wrong.append(f"{module} imports {target} (storage: ask the judge)")
            if _in(module, "web") and _in(target, "mail"):
                wrong.append(f"{module} imports {target} (the web does not use the mail)")
    return wrong


def test_the_front_ends_reach_only_the_service() -> None:
    assert front_end_breaches(imports_of(SRC)) == []


def test_the_check_sees_front_ends_reaching_past_the_service(tmp_path: Path) -> None:
    files = {"__init__.py": "", "core/__init__.py": "", "core/board.py": "",
             "render/__init__.py": "", "service/__init__.py": "", "service/schema.py": "",
             "service/database.py": "", "service/judge.py": "", "mail/__init__.py": "",
             "mail/pictures.py": "from machiavelli.service.judge import Judge\n",
             "web/__init__.py": "", "web/tables.py": "from machiavelli.service import schema\n",
             "web/seen.py": "from machiavelli.service.judge import Judge\n",
             "commands/__init__.py": "", "cli/__init__.py": "",
             "cli/main.py": "from machiavelli.core import board\n", "bots/__init__.py": "",
             "bots/client.py": "import machiavelli.render\n"}
    for path, text in files.items():
        file = tmp_path / "machiavelli" / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text)
    assert front_end_breaches(imports_of(tmp_path)) == []  # the CLI and bots may
    (tmp_path / "machiavelli/web/seen.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "from machiavelli.mail import pictures\n"
        "if TYPE_CHECKING:\n    from machiavelli.core.board import Board\n")
    (tmp_path / "machiavelli/commands/desk.py").write_text(
        "def f():\n    import machiavelli.render\n")
    (tmp_path / "machiavelli/cli/where.py").write_text(
        "from machiavelli.service.database import StorageError\n")
    (tmp_path / "machiavelli/bots/view.py").write_text(
        "from machiavelli.service.schema import Game\n")
    assert front_end_breaches(imports_of(tmp_path)) == [
        "machiavelli.bots.view imports machiavelli.service.schema (storage: ask the judge)",
        "machiavelli.cli.where imports machiavelli.service.database (storage: ask the judge)",
        "machiavelli.commands.desk imports machiavelli.render (an engine: ask the judge)",
        "machiavelli.web.seen imports machiavelli.core.board (an engine: ask the judge)",
        "machiavelli.web.seen imports machiavelli.mail.pictures "
        "(the web does not use the mail)",
    ]


def test_no_engine_name_in_the_web_and_the_mail() -> None:
    """The issue's own check: ``git grep "from machiavelli.(core|...)" -- web mail``."""
    pattern = re.compile(r"from machiavelli\.(" + "|".join(ENGINE) + ")")
    found = [f"{path.relative_to(SRC)}:{n}: {line.strip()}"
             for folder in ("web", "mail") for path in (SRC / "machiavelli" / folder).rglob("*")
             if path.suffix in (".py", ".html", ".md", ".txt") and path.is_file()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert found == []

"""The start cache (:mod:`machiavelli.core.start_cache`): what a process would make anew
at each start (the dataclasses' methods, the shipped boards' TOML parsed) is read from a
file instead, found by its exact text, and gives exactly what making it gives."""

from __future__ import annotations

import dataclasses
import marshal
import os
import subprocess
import sys
import tomllib
import types
from pathlib import Path

import pytest

from machiavelli.core import maps, start_cache
from machiavelli.core.start_cache import StartCache

SOURCE = "def __create_fn__():\n def __init__(self, a):\n  self.a = a\n return __init__"
MODULE: dict[str, object] = {"__name__": "machiavelli.example"}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> StartCache:
    """The process's cache replaced by one with its file in ``tmp_path``."""
    made = StartCache(str(tmp_path / "cache" / start_cache.FILE_NAME))
    monkeypatch.setattr(start_cache, "_CACHE", made)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return made


def made_in(module: dict[str, object], source: str = SOURCE) -> object:
    space: dict[str, object] = {}
    start_cache._exec(source, dict(module), space)
    return space["__create_fn__"]


def test_a_method_source_is_compiled_once_then_read_from_the_file(cache: StartCache) -> None:
    made_in(MODULE)
    made_in(MODULE)
    assert cache.compiled == 1
    cache.save()
    again = StartCache(cache.path)
    code = again.code_of(SOURCE)
    assert again.compiled == 0
    assert code == compile(SOURCE, "<string>", "exec", dont_inherit=True)


def test_a_changed_source_is_a_new_entry(cache: StartCache) -> None:
    made_in(MODULE)
    made_in(MODULE, SOURCE.replace("self.a = a", "self.a = a + 1"))
    assert cache.compiled == 2
    assert len(cache.methods) == 2


def test_other_packages_dataclasses_are_made_as_the_standard_library_makes_them(
        cache: StartCache) -> None:
    made_in({"__name__": "someone_else"})
    assert cache.methods == {}


def test_the_package_dataclasses_behave_as_before(
        cache: StartCache, monkeypatch: pytest.MonkeyPatch) -> None:
    """A frozen dataclass of the package made through the cache, twice: its methods are
    those ``dataclasses`` writes (init, repr, eq, hash, the frozen refusal)."""
    for _ in range(2):
        module = types.ModuleType("machiavelli.example")
        monkeypatch.setitem(sys.modules, module.__name__, module)
        exec("from dataclasses import dataclass\n"
             "@dataclass(frozen=True)\nclass P:\n    x: int\n    y: str = 'a'\n",
             module.__dict__)
        made = module.P
        p = made(1)
        assert repr(p) == "P(x=1, y='a')"
        assert p == made(1, "a") and hash(p) == hash(made(1, "a")) and p != made(2)
        with pytest.raises(dataclasses.FrozenInstanceError):
            p.x = 2
    assert cache.compiled >= 4 and len(cache.code) == cache.compiled


@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps(("other", {}, {})),
                                     marshal.dumps(42)])
def test_a_broken_or_foreign_file_counts_as_empty(cache: StartCache, content: bytes) -> None:
    assert cache.path is not None
    Path(cache.path).parent.mkdir(parents=True)
    Path(cache.path).write_bytes(content)
    made_in(MODULE)
    assert cache.compiled == 1
    cache.save()
    assert StartCache(cache.path).code_of(SOURCE) == compile(
        SOURCE, "<string>", "exec", dont_inherit=True)


def test_nothing_is_written_when_python_writes_no_bytecode(
        cache: StartCache, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    made_in(MODULE)
    cache.save()
    assert cache.path is not None and not os.path.exists(cache.path)


def test_a_file_past_the_limit_keeps_this_process_entries_only(
        cache: StartCache, monkeypatch: pytest.MonkeyPatch) -> None:
    cache.load()
    cache.methods = {f"# stale {n}": b"" for n in range(3)}
    monkeypatch.setattr(start_cache, "LIMIT", 3)
    made_in(MODULE)
    cache.save()
    written = StartCache(cache.path)
    written.load()
    assert set(written.methods) == {SOURCE}


def test_a_standard_board_parsed_from_the_cache_is_the_board_parsed_anew(
        cache: StartCache) -> None:
    load_anew = maps.load_board.__wrapped__  # (the boards other tests hold stay the same)
    first = load_anew("standard")
    assert len(cache.toml) == 1
    cache.save()
    start_cache._CACHE = StartCache(cache.path)
    second = load_anew("standard")
    assert start_cache._CACHE.toml and not start_cache._CACHE.dirty
    text = (Path(maps.__file__).parent.parent / "data" / "maps" / "standard.toml").read_text(
        encoding="utf-8")
    assert second == first == maps.parse_board(text, "standard.toml")


def test_parsed_toml_is_a_fresh_copy_and_a_changed_text_is_parsed_again(
        cache: StartCache) -> None:
    calls: list[str] = []

    def parse(text: str) -> dict[str, object]:
        calls.append(text)
        return tomllib.loads(text)

    first = start_cache.parsed_toml("a = [1, 2]\n", parse)
    first["a"].append(3)
    assert start_cache.parsed_toml("a = [1, 2]\n", parse) == {"a": [1, 2]}
    assert start_cache.parsed_toml("a = [1, 3]\n", parse) == {"a": [1, 3]}
    assert calls == ["a = [1, 2]\n", "a = [1, 3]\n"]


def test_a_toml_value_marshal_cannot_write_is_parsed_every_time(cache: StartCache) -> None:
    text = "when = 1454-01-01\n"
    assert start_cache.parsed_toml(text, tomllib.loads) == tomllib.loads(text)
    assert cache.toml == {} and not cache.dirty


def test_a_second_process_compiles_none_of_what_the_first_wrote(tmp_path: Path) -> None:
    """Two processes importing the orders: the second makes every method from the file
    (the package's own bytecode folder, as Python's ``.pyc``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    line = [sys.executable, "-c", "import machiavelli.core.orders, machiavelli.core.state\n"
            "from machiavelli.core import start_cache\n"
            "print(start_cache._CACHE.compiled, len(start_cache._CACHE.code))"]
    subprocess.run(line, env=env, cwd=tmp_path, check=True, capture_output=True)
    out = subprocess.run(line, env=env, cwd=tmp_path, check=True, capture_output=True, text=True)
    compiled, used = map(int, out.stdout.split())
    assert compiled == 0 and used > 50


def test_a_folder_that_cannot_be_written_leaves_the_process_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No cache written (a read-only installation, say): no error, nothing left behind."""
    blocked = tmp_path / "a file"
    blocked.write_text("")
    cache = StartCache(str(blocked / "__pycache__" / start_cache.FILE_NAME))
    monkeypatch.setattr(start_cache, "_CACHE", cache)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    made_in(MODULE)
    cache.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a file"]

"""The README's examples work as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_library_example_runs() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## As a library", 1)[1].split("\n## ", 1)[0]
    lines = [line[4:] for line in section.splitlines() if line.startswith("    ")]
    code = "\n".join(lines).replace("print(result.report)", "report = result.report")
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    report = str(namespace["report"])
    assert re.search(r"A (pav|Pavia) - (for|Fornovo)", report, re.IGNORECASE), report


def test_the_layout_lists_every_folder() -> None:
    text = README.read_text(encoding="utf-8")
    package = Path(__file__).resolve().parent.parent / "src" / "machiavelli"
    folders = sorted(p.parent.name for p in package.glob("*/__init__.py"))
    listed = sorted(re.findall(r"^    (\w+)/ ", text, re.MULTILINE))
    assert listed == folders


def test_no_merge_conflict_is_left_in_the_documents_or_the_code() -> None:
    """A merge's conflict markers once stayed in this README for days: none anywhere."""
    root = README.parent
    files = [README, *root.glob("docs/**/*.md"), *root.glob("src/**/*.py"),
             *root.glob("tests/*.py"), *root.glob("tools/*.py"), root / "Makefile"]
    left = [
        f"{path.relative_to(root)}:{n}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.startswith(("<<<<<<< ", ">>>>>>> ")) or line == "<<<<<<<"
    ]
    assert left == []

"""The rule index: every rule id with its text, its section and its source in 001, as
``../shared/RULES.md`` lists them (a copy in ``data/rules.tsv``; the conformance run holds
the two equal).  The checker's and the reports' reasons cite these ids; the web's rules
page shows this index with an anchor per id."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Rule:
    id: str
    text: str
    section: str
    source: str


@cache
def rule_index() -> dict[str, Rule]:
    """Every rule of the index by its id, in the index's order."""
    text = resources.files("machiavelli").joinpath("data", "rules.tsv").read_text("utf-8")
    found: dict[str, Rule] = {}
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        section, rule_id, words, source = line.split("\t")
        found[rule_id] = Rule(rule_id, words, section, source)
    return found


def rule_text(rule_id: str) -> str | None:
    """The text of rule ``rule_id``, or None (an id the index does not hold)."""
    found = rule_index().get(rule_id)
    return None if found is None else found.text

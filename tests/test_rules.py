"""The rules snapshot: every option as :func:`machiavelli.core.options.flag` says it holds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from machiavelli.core.options import OPTION_NAMES, VARIANT_DEFAULTS, flag
from machiavelli.core.rules import rules_of

options = st.dictionaries(st.sampled_from(OPTION_NAMES), st.booleans())


@given(options)
def test_rules_snapshot_holds_what_flag_says(stored: dict[str, bool]) -> None:
    rules = rules_of(stored)
    for name in OPTION_NAMES:
        assert getattr(rules, name) == flag(stored, name), name


def test_rules_snapshot_is_shared_by_equal_options() -> None:
    for table in VARIANT_DEFAULTS.values():
        assert rules_of(dict(table)) is rules_of(dict(table))
    assert rules_of({"mach2": True}) is not rules_of({"mach2": False})

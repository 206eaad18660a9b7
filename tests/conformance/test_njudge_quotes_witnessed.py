"""The quotes make test reads (tests/njudge_quotes.py) are in nJudge's help files."""

from __future__ import annotations

import pytest
from njudge_help import flat, help_text
from njudge_quotes import QUOTES


@pytest.mark.parametrize("name", sorted(QUOTES))
def test_every_quote_is_in_its_help_file(name: str) -> None:
    text = flat(help_text(name))
    assert [quote for quote in QUOTES[name] if flat(quote) not in text] == []

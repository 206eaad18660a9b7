"""nJudge's help file against service/draws.py: what the help file says, the service does.
make test checks the same against the quotes recorded from it (tests/njudge_quotes.py)."""

from __future__ import annotations

from njudge_help import undescribed

from machiavelli.service.house.draws import SET_COMMANDS


def test_draws_help_describes_every_set_command_implemented() -> None:
    assert undescribed(SET_COMMANDS) == []

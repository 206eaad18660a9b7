"""nJudge's help file against service/absence.py: what the help file says, the service does.
make test checks the same against the quotes recorded from it (tests/njudge_quotes.py)."""

from __future__ import annotations

from njudge_help import help_text, undescribed

from machiavelli.service.house.absence import SET_COMMANDS


def test_absence_help_describes_every_set_command_implemented() -> None:
    assert undescribed(SET_COMMANDS) == []
    assert "Only a maximum of 3 (three) absences can be pending" in help_text("absence")

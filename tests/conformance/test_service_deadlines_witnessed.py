"""nJudge's help file against service/deadlines.py: what the help file says, the service does.
make test checks the same against the quotes recorded from it (tests/njudge_quotes.py)."""

from __future__ import annotations

import re

from njudge_help import help_text, undescribed

from machiavelli.service.house.deadlines import SET_COMMANDS, DeadlinePolicy, Schedule

DEFAULT = DeadlinePolicy()


def test_deadlines_help_describes_every_set_command_implemented() -> None:
    assert undescribed(SET_COMMANDS) == []


def test_deadlines_help_default_table_is_the_default_policy() -> None:
    # Move    clock 1410 min 12.00 next  71.00 grace 167.00 delay 0.50 days -MTWTF-
    rows = re.findall(r"^(Move|Retreat|Adjust)\s+clock\s+(-?\d+)\s+min\s+([\d.]+)\s+next\s+"
                      r"([\d.]+)\s+grace\s+([\d.]+)\s+delay\s+([\d.]+)\s+days\s+(\S+)",
                      help_text("deadlines"), re.MULTILINE)
    table = {kind: Schedule(int(c), float(m), float(n), float(g), float(d), days)
             for kind, c, m, n, g, d, days in rows}
    assert table == {"Move": DEFAULT.movement, "Retreat": DEFAULT.retreat,
                     "Adjust": DEFAULT.adjustment}
    # If the game is set "NoNMR" (the default) ...
    assert not DEFAULT.nmr and not DEFAULT.strict_grace and not DEFAULT.strict_wait

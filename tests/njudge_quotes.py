"""What nJudge's help files say that the service follows, quoted from them.

The help files themselves are other judges' files, outside the repository
(``../shared/witnesses/njudge/data/``): make conformance checks every quote here is in its
help file (tests/conformance/test_njudge_quotes_witnessed.py) and compares the service with
the files themselves; make test compares the service with these quotes.  A command the
service implements is described when its synopsis is quoted from the help file it names.
"""

from __future__ import annotations

QUOTES: dict[str, tuple[str, ...]] = {
    "absence": (
        "SET ABSENCE start_date [TO end_date]",
        "SET NOABSENCE start_date [TO end_date]",
        "Only a maximum of 3 (three) absences can be pending",
    ),
    "deadlines": (
        "SET DEADLINE date",
        "SET GRACE date",
        "SET START date",
        "SET WAIT",
        "SET NOWAIT",
        # the default settings' table
        "Move    clock 1410 min 12.00 next  71.00 grace 167.00 delay 0.50 days -MTWTF-",
        "Retreat clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -MTWTF-",
        "Adjust  clock   -1 min  0.00 next  23.00 grace  71.00 delay 0.50 days -MTWTF-",
        'If the game is set "NoNMR" (the default), the Judge will wait for orders until the '
        "end of the grace period",
        "the power will be deemed abandoned if orders have not been received by 24 hours "
        "*before* the end of the grace period",
        'the power will be declared in "Civil Disorder" and the phase will be processed with '
        "incomplete orders",
        "powers marked CD will not be considered when deciding whether the deadline should "
        "slide",
    ),
    "draws": (
        "SET NODIAS",
        "SET NO DRAW",
    ),
    "index": (
        "SET MAX ABSENCE number",
        "SET MOVE|RETREAT|ADJUST setting value",
        "SET [NO] NMR",
        "SET [NO] STRICT GRACE",
        "SET [NO] STRICT WAIT",
        "SET [NO] MANUAL PROCESS",
        "SET [NO] DIAS",
        "SET [NO] DRAW [powerlist]",
        "SET [NO] CONC[EDE] p",
        "SET [NO] CONCESSIONS",
        "SET NO PRESS",
        "SET WHITE [PRESS]",
        "SET GREY [PRESS]",
        "SET WHITE/GREY [PRESS]",
        "SET GREY/WHITE [PRESS]",
        "SET [NO] MINOR PRESS",
        "SET [NO] LATE PRESS",
        "SET [NO] GRACE PRESS",
        "SET [NO] MUST ORDER",
        "SET [NO] BLANK PRESS",
        "SET [NO] TOUCH PRESS",
        "SET [NO] WATCH ALL PRESS",
        "SET [NO] BROADCAST [PRESS]",
    ),
    "master": (
        "SET ALL PRESS",
    ),
    "press": (
        "Observer any",
        "Observer partial",
        "Observer white",
        "Observer none",
        "Partial Allowed",
        "No Partial",
        "No Fake",
        "Partial may be Faked",
        "Partial Fakes Broadcast by default",
        "Partial Fakes Broadcast",
        "PostalPress",
        'By default, games are "White, Partial Allowed, No Fake, No PostalPress"',
    ),
}


def flat(text: str) -> str:
    """``text`` in lowercase with every run of white space made one space."""
    return " ".join(text.lower().split())


def quoted(name: str) -> str:
    """The quotes from help file ``name``, one a line (flat)."""
    return "\n".join(flat(quote) for quote in QUOTES.get(name, ()))


def unquoted(commands: tuple[tuple[str, str], ...]) -> list[str]:
    """The (command, help file) claims whose command is quoted from no help file it names."""
    return [f"{command!r} not quoted from {name}" for command, name in commands
            if flat(command) not in {flat(quote) for quote in QUOTES.get(name, ())}]

"""nJudge's help file against service/press.py: what the help file says, the service does.
make test checks the same against the quotes recorded from it (tests/njudge_quotes.py)."""

from __future__ import annotations

from njudge_help import flat, help_text, undescribed

from machiavelli.service.house.press import (
    SET_COMMANDS,
    FakePress,
    ObserverPress,
    PressColours,
    PressPolicy,
)

DEFAULT = PressPolicy()


def test_press_help_describes_every_setting_implemented() -> None:
    assert undescribed(SET_COMMANDS) == []


def test_press_defaults() -> None:
    # By default, games are "White, Partial Allowed, No Fake, No PostalPress".
    assert flat('By default, games are "White, Partial Allowed, No Fake, No PostalPress"') \
        in flat(help_text("press"))
    assert (DEFAULT.colours, DEFAULT.partial, DEFAULT.fake, DEFAULT.postal) == \
        (PressColours.WHITE, True, FakePress.NO_FAKE, False)
    # Observer any: ... This is the default
    assert DEFAULT.observers is ObserverPress.ANY

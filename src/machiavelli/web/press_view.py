"""The press card of a game page, for any kind of game (the host's press knows no game's
rules): the letters the viewer may read (the view holds only those), grouped by thread,
and who the viewer may write to under the game's press rules."""

from __future__ import annotations

from typing import Any

from machiavelli.service.games import Settings
from machiavelli.service.house.press import PressColours, PressPolicy
from machiavelli.service.visibility import GameView, LetterView, Viewer


def threads(press: list[LetterView], me: str) -> list[dict[str, Any]]:
    """Letters grouped by who takes part: broadcasts, then each set of correspondents."""
    found: dict[tuple[str, ...], list[LetterView]] = {}
    for letter in press:
        if letter.to == ["all"]:
            key: tuple[str, ...] = ("everyone",)
        else:
            people = {letter.sender, *letter.to} - {me}
            key = tuple(sorted(people)) or (me,)
        found.setdefault(key, []).append(letter)
    ordered = sorted(found.items(), key=lambda item: (item[0] != ("everyone",), item[0]))
    return [{"with": ", ".join(k), "letters": v} for k, v in ordered]


def press_context(view: GameView, viewer: Viewer, settings: Settings, own: str | None
                  ) -> dict[str, Any]:
    """What ``press_part.html`` needs: the threads, the recipients, grey and press allowed."""
    policy = PressPolicy.from_dict(settings.press)
    held = list(viewer.held)
    return {
        "threads": threads(view.press, own or viewer.name),
        "recipients": [p for p in view.powers if p not in held and p not in view.eliminated],
        "grey_allowed": policy.colours in (PressColours.GREY, PressColours.WHITE_GREY,
                                           PressColours.GREY_WHITE),
        "press_allowed": policy.colours is not PressColours.NONE or viewer.is_master,
    }

"""The map attached to a mail: a power's view, PNG where cairo is installed, else SVG."""

from __future__ import annotations

from machiavelli.game.scenario import load_scenario
from machiavelli.mail.envelope import notice
from machiavelli.mail.pictures import attach_map
from machiavelli.render.picture import draw_map


def test_a_result_mail_carries_the_viewers_map() -> None:
    board, state = load_scenario("classic_1454")
    message = notice("ann@example.org", "Spring 1454", "Results\n", "judge@localhost")
    attach_map(message, draw_map(board, state, viewer="Milan"), name="s1454m")
    [picture] = list(message.iter_attachments())
    assert picture.get_filename() in ("s1454m.png", "s1454m.svg")
    data = picture.get_payload(decode=True)
    assert isinstance(data, bytes)
    assert data.startswith(b"\x89PNG") or b"<svg" in data[:400]

"""Sessions with the judge by mail for the tests: a judge, a clock, and messages in.

:class:`Post` sends a message's text as an address at the current time through the
interpreter and keeps what the judge answered; :func:`outcomes` gives each command's
(text, status, why) so that tests compare outcomes, not wording.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from machiavelli.commands.desk import Config, OutMail
from machiavelli.commands.interpreter import Answer, interpret
from machiavelli.mail.results import owed_mails
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, Viewer

T0 = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)  # a Monday
MASTER = "gm@x.org"


class Post:
    """Messages to one judge, at a clock the test moves."""

    def __init__(self, judge: Judge, now: datetime = T0, **config: object) -> None:
        self.judge = judge
        self.now = now
        self.config = Config(maps=False, **config)  # type: ignore[arg-type]
        self.mails: list[OutMail] = []

    def send(self, sender: str, text: str) -> Answer:
        answer = interpret(self.judge, sender, text, self.now, self.config)
        self.mails += answer.mails
        return answer

    def later(self, **delta: float) -> None:
        self.now += timedelta(**delta)

    def owed(self) -> list[OutMail]:
        """The mails the notices ask for (results, reminders), marked delivered."""
        found: list[OutMail] = []
        for owed in owed_mails(self.judge, self.config):
            found += owed.mails
            self.judge.delivered(owed.game, owed.notices)
        return found

    def mails_to(self, address: str, words: str = "") -> list[OutMail]:
        return [m for m in self.mails if m.to == address and words in m.subject]

    def view(self, game: str, viewer: Viewer | None = None) -> GameView:
        found = self.judge.view(game, viewer or Viewer.master(MASTER))
        assert not isinstance(found, Refused), found
        return found


def outcomes(answer: Answer) -> list[tuple[str, str, str | None]]:
    """(command as written, status, why) for each command of the answer."""
    return [(c.text, o.status.value, None if o.why is None else o.why.value)
            for c, o in answer.entries]


def status(answer: Answer, text: str) -> tuple[str, str | None]:
    """The (status, why) of the command written ``text`` (the first one)."""
    return next((s, w) for t, s, w in outcomes(answer) if t == text)


def said(answer: Answer, text: str) -> str:
    """What the judge said of the command written ``text``."""
    return "\n".join(next(o.lines for c, o in answer.entries if c.text == text))


def register(post: Post, *names: str) -> None:
    for name in names:
        answer = post.send(f"{name}@x.org", f"REGISTER\nName: {name.capitalize()}\nEND\n")
        assert status(answer, "REGISTER") == ("done", None)


def three_player_game(post: Post, game: str = "rome", settings: str = "") -> None:
    """classic_1454 for three players (its variant: Austria and France neutral, each
    player takes two powers): ann Milan and Naples, bob Venice and the Papacy, cy Florence
    and Turkey, created by gm; each then resigns the second power, which is abandoned
    (so that the sessions play one power each, the others not waited for)."""
    register(post, "gm", "ann", "bob", "cy")
    made = post.send(MASTER, f"create ?{game} sesame machiavelli\nset players 3\n{settings}")
    assert all(s == "done" for _, s, _ in outcomes(made)), made.reply
    for name, wanted in (("ann", "IN"), ("bob", "VP"), ("cy", "LT")):
        joined = post.send(f"{name}@x.org", f"signon ?{game} {name}pw\nset preference {wanted}")
        assert all(s == "done" for _, s, _ in outcomes(joined)), joined.reply
    for name, second in (("ann", "n"), ("bob", "p"), ("cy", "t")):
        left = post.send(f"{name}@x.org", f"signon {second}{game} {name}pw\nresign")
        assert all(s == "done" for _, s, _ in outcomes(left)), left.reply

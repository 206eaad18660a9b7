"""The mails the judge owes after the fact: each phase's results, reminders, late notices.

The service writes a notice for every processed phase (whether the Master's
``PROCESS``, the sweeper at a deadline, or an early all-ready processing did it),
and the sweeper writes reminders and late notices (:mod:`machiavelli.service.sweeper`).
:func:`owed_mails` turns the notices not yet delivered into mails:

- a phase's results go to every seat with an address, each made from the service's view
  for that seat: a power gets the public report and its own private part (its money
  orders, income, dice), an observer the public report, the Master everything (every
  power's part); the postal press of the phase comes with them; the map of the new
  position as that reader may see it is attached (when maps are on);
- a notice to a power goes to its player, to ``all`` to everyone, to ``master`` to the
  Masters.

A seat with an address of its own (a player by mail) gets every one of these; a seat
played on the web gets, at its user's address, the kinds its user asked for on the web
(results, reminders: :data:`~machiavelli.service.accounts.ALERTS`), with a link to the
game's page and to where they may stop them when the judge knows the web's address
(``Config.web``).

A notice is marked delivered once mailed to someone; a notice with nobody to mail to
(a game without mail addresses) is left for the other front ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from machiavelli.commands.desk import (
    Config,
    OutMail,
    Picture,
    clock_of,
    code_of,
    viewer_of,
)
from machiavelli.commands.reply import GameHeader, header_lines, judge_time
from machiavelli.commands.variants import variant_name
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import GameView, NoticeView, SeatView, Viewer

#: the subject's last words for each kind of notice (nJudge's, where it has one)
NOTICE_SUBJECTS = {"late": "Late notice", "reminder": "Reminder", "takeover": "Takeover",
                   "returned": "player returned", "abandoned": "Abandoned power",
                   "civil disorder": "Civil disorder", "become": "Master acting",
                   "set": "Setting changed", "draw": "Draw", "concession": "Concession",
                   "pause": "Game paused", "paused": "Still paused", "resume": "Game resumed",
                   "extend": "Deadline extended", "rollback": "Rollback",
                   "absence": "Absence request"}


@dataclass(frozen=True)
class Owed:
    """The mails owed for one game's notices, and the notices they deliver."""

    game: str
    mails: tuple[OutMail, ...]
    notices: tuple[int, ...]


def owed_mails(judge: Judge, config: Config, games: list[str] | None = None) -> list[Owed]:
    """The mails every undelivered notice asks for (``games``: only those games)."""
    owed: list[Owed] = []
    for name in games if games is not None else judge.game_names(everything=True):
        notices = judge.notices(name)
        seats = judge.seats(name)
        if isinstance(notices, Refused) or isinstance(seats, Refused) or not notices:
            continue
        mails: list[OutMail] = []
        done: list[int] = []
        for notice in notices:
            made = (result_mails(judge, name, seats, notice, config)
                    if notice.kind == "results" else notice_mails(judge, name, seats, notice,
                                                                  config))
            if made:
                mails += made
                done.append(notice.id)
        if done:
            owed.append(Owed(name, tuple(mails), tuple(done)))
    return owed


def notice_mails(judge: Judge, name: str, seats: list[SeatView], notice: NoticeView,
                 config: Config) -> list[OutMail]:
    """A reminder, late notice or request, to whom the notice names."""
    if notice.to == "all":
        readers = seats
    elif notice.to == "master":
        readers = [s for s in seats if s.role == "master"]
    else:
        readers = [s for s in seats if s.power == notice.to]
    view = judge.view(name, Viewer.public())
    code = code_of(view.state) if isinstance(view, GameView) else ""
    what = NOTICE_SUBJECTS.get(notice.kind, notice.kind.capitalize())
    subject = f"{config.judge}:{name} - {code} {what}".replace("  ", " ")
    return [OutMail(to, subject, notice.body + "\n" + web_lines(s, name, config))
            for s in readers if (to := s.mail_to(notice.kind))]


def web_lines(seat: SeatView, name: str, config: Config) -> str:
    """For a web player who asked for the mail: where the game is, where to stop them."""
    if seat.address or not config.web:
        return ""
    web = config.web.rstrip("/")
    return (f"\nThe game on the web: {web}/games/{name}\n"
            f"You asked for these mails on your account page: {web}/account\n")


def result_mails(judge: Judge, name: str, seats: list[SeatView], notice: NoticeView,
                 config: Config) -> list[OutMail]:
    """Each seat's results of the phase ``notice`` tells of, as that seat may read them."""
    mails = []
    for seat in seats:
        to = seat.mail_to("results")
        if not to:
            continue
        viewer = viewer_of(seat)
        view = judge.view(name, viewer, history=True)
        if isinstance(view, Refused):
            continue
        text = result_text(view, notice.phase, config)
        if text is None:
            continue
        phase = next(p for p in view.history if p.number == notice.phase + 1)
        picture = _picture(judge, name, viewer, phase.number) if config.maps else None
        mails.append(OutMail(to, f"{config.judge}:{name} - {code_of(phase.position)} "
                             "Results", text + web_lines(seat, name, config), picture))
    return mails


def _picture(judge: Judge, name: str, viewer: Viewer, number: int) -> Picture | None:
    """The map of the position reached after ``number`` phases, as ``viewer`` sees it."""
    svg = judge.picture(name, viewer, number, marks=False)
    return None if isinstance(svg, Refused) else Picture(svg, f"{name}-{number:03d}")


def result_text(view: GameView, processed: int, config: Config) -> str | None:
    """The results of phase ``processed`` as ``view``'s viewer may read them (None: that
    phase is not in the game's history, as after a rollback)."""
    phase = next((p for p in view.history if p.number == processed + 1), None)
    if phase is None:
        return None
    viewer = view.viewer
    clock = clock_of(view) if phase.number == view.phase else None
    header = GameHeader(view.name, variant_name(view.scenario), code_of(phase.position),
                        clock.deadline if clock is not None else None)
    who = (viewer.power if viewer.role == "player" and viewer.power else
           "the Master" if viewer.is_master else "an observer")
    lines = [*header_lines(config.judge, header), "",
             f"Results of game '{view.name}', phase {phase.number} "
             f"({view.name}.{phase.number:03d}), as {who} may read them.", "",
             *phase.report.rstrip().splitlines(), ""]
    for power, text in sorted(phase.private.items()):
        lines += [f"{power}'s own part (only {power} and the Master read it):",
                  *text.rstrip().splitlines(), ""]
    postal = [p for p in view.press if p.phase == processed and p.postal]
    for letter in postal:
        if letter.body.strip():
            lines += [f"Press from {letter.sender}:", *letter.body.rstrip().splitlines(), ""]
    if phase.number == view.phase:
        if view.status == "over":
            lines.append(f"The game is over: {view.outcome or 'ended'}.")
        elif clock is not None:
            lines.append(f"Next: {view.label}. The deadline is {judge_time(clock.deadline)}; "
                         f"the grace period ends {judge_time(clock.grace)}.")
    return "\n".join(lines).rstrip() + "\n"

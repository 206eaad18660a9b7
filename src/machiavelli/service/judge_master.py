"""A master's doors of the judge: the game's settings (press, broadcast, any change a
rule gives), pausing, extending, rolling back, ending, promoting, moving the clock,
reshaping a forming game and predicting a phase.  :class:`MasterDoors` is inherited by
:class:`~machiavelli.service.judge.Judge`; each door is one transaction
(:class:`~machiavelli.service.judge_base.JudgeBase`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service import adjudication, games, mastery
from machiavelli.service.games import Settings, Shape
from machiavelli.service.house import press as press_rules
from machiavelli.service.house.deadlines import DeadlinePolicy, PhaseClock, PhaseKind
from machiavelli.service.judge_base import JudgeBase, announce_change, clock, mapped
from machiavelli.service.port import Step
from machiavelli.service.refusal import Refused
from machiavelli.service.schema import Game
from machiavelli.service.visibility import GameStatus, SeatView, Viewer


class MasterDoors(JudgeBase):
    """A master's doors (see the module's docstring)."""

    # -- settings -------------------------------------------------------------
    def change_settings(self, name: str, actor: Viewer,
                        change: Callable[[Settings, bool], Settings | Refused],
                        now: datetime | None = None,
                        announce: Callable[[], str | None] | None = None
                        ) -> Settings | Refused:
        """A master changes the game's settings: ``change(settings, started)`` gives the
        new ones (or a refusal), e.g. with :func:`machiavelli.service.house.press.set_press`;
        ``announce`` gives what the players are told of it (a notice to all; help file
        ``index``: every SET but the password and WAIT is announced)."""
        def act(session: Session, game: Game) -> Settings | Refused:
            if not actor.is_master:
                return Refused("only a master changes a game's settings")
            changed = change(Settings.from_dict(game.settings), game.status != "forming")
            if isinstance(changed, Refused):
                return changed
            game.settings = changed.to_dict()
            game.updated_at = now or clock()
            games.journal(session, game, actor.name, "changed the settings", now or clock())
            announce_change(session, game, announce, now or clock())
            return changed
        return self._write(name, act)

    def set_broadcast(self, name: str, actor: Viewer, on: bool,
                      now: datetime | None = None) -> Settings | Refused:
        """``SET [NO] BROADCAST``: an observer or master receives broadcast press or not
        (help file ``index``: "Only possible for observers or moderators")."""
        def act(session: Session, game: Game) -> Settings | Refused:
            if actor.role == "player":
                return Refused("only observers and the Master may SET [NO] BROADCAST: a "
                               "power receives every broadcast")
            settings = Settings.from_dict(game.settings)
            quiet = [n for n in settings.no_broadcast if n != actor.name]
            changed = replace(settings, no_broadcast=quiet if on else [*quiet, actor.name])
            game.settings = changed.to_dict()
            game.updated_at = now or clock()
            return changed
        return self._write(name, act)

    def set_press(self, name: str, actor: Viewer, words: str,
                  now: datetime | None = None) -> Settings | Refused:
        """nJudge's press ``SET`` commands ("grey, no partial"), for a master."""
        def change(settings: Settings, started: bool) -> Settings | Refused:
            policy = press_rules.set_press(press_rules.PressPolicy.from_dict(settings.press), words,
                                     game_started=started)
            if isinstance(policy, Refused):
                return policy
            return replace(settings, press=policy.to_dict())
        return self.change_settings(name, actor, change, now)

    # -- master actions -----------------------------------------------------
    def pause(self, name: str, actor: Viewer, paused: bool = True,
              now: datetime | None = None) -> GameStatus | Refused:
        return self._write(name, lambda s, g: mapped(s,
            mastery.pause(s, g, actor, now or clock(), paused), GameStatus.of))

    def extend(self, name: str, actor: Viewer, hours: float,
               now: datetime | None = None) -> GameStatus | Refused:
        return self._write(name, lambda s, g: mapped(s,
            mastery.extend(s, g, actor, hours, now or clock()), GameStatus.of))

    def rollback(self, name: str, actor: Viewer, number: int,
                 now: datetime | None = None) -> GameStatus | Refused:
        return self._write(name, lambda s, g: mapped(s,
            mastery.rollback(s, g, actor, number, now or clock()), GameStatus.of))

    def terminate(self, name: str, actor: Viewer, now: datetime | None = None
                  ) -> GameStatus | Refused:
        return self._write(name, lambda s, g: mapped(s,
            mastery.terminate(s, g, actor, now or clock()), GameStatus.of))

    def promote(self, name: str, actor: Viewer, seat_name: str,
                now: datetime | None = None) -> SeatView | Refused:
        """An observer becomes a master too."""
        return self._write(name, lambda s, g: mapped(s,
            mastery.promote(s, g, actor, seat_name, now or clock()), SeatView.record))

    def change_clock(self, name: str, actor: Viewer,
                     change: Callable[[PhaseClock, DeadlinePolicy, PhaseKind],
                                      PhaseClock | Refused],
                     now: datetime | None = None,
                     announce: Callable[[], str | None] | None = None
                     ) -> PhaseClock | Refused:
        """The master moves the pending phase's deadline, grace or start (``change``:
        a rule of :mod:`~machiavelli.service.house.deadlines`, such as ``set_deadline``);
        ``announce`` gives what everyone is told of it (a notice)."""
        def act(session: Session, game: Game) -> PhaseClock | Refused:
            done = mastery.change_clock(session, game, actor, change, now or clock())
            if not isinstance(done, Refused):
                announce_change(session, game, announce, now or clock())
            return done
        return self._write(name, act)

    def reshape(self, name: str, actor: Viewer, change: Callable[[Shape], Shape | Refused],
                now: datetime | None = None) -> Shape | Refused:
        """A master changes a forming game's scenario, variant, options or victory."""
        def act(session: Session, game: Game) -> Shape | Refused:
            if not actor.is_master:
                return Refused("only a master changes a game's variant and options")
            shape = change(games.shape_of(game))
            if isinstance(shape, Refused):
                return shape
            return games.reshape(session, game, shape, now or clock())
        return self._write(name, act)

    def predict(self, name: str, actor: Viewer) -> Step | Refused:
        """What processing now would give: the step with its report (a master's look;
        nothing is written)."""
        if not actor.is_master:
            return Refused("only a master may predict a phase")
        return self._read(name, adjudication.predict)

"""One statement per event: the notices the service writes for what players and observers
should hear of, whichever front end caused it.

A :class:`~machiavelli.service.schema.Notice` goes ``to`` a power (its player), ``master``
(the Masters) or ``all`` (every seat: players, observers and Masters).  The front ends
deliver them (the mail judge mails them, the web page and the API list them) and mark
them delivered.  Kinds written here: ``abandoned``, ``civil disorder``, ``takeover``,
``become``, ``set``, ``draw``, ``concession``, ``pause``, ``resume``, ``extend``,
``rollback``, ``absence`` (a request for the Master).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.schema import Game, Notice


def notify(session: Session, game: Game, to: str, kind: str, body: str,
           now: datetime) -> Notice:
    """Write the notice ``body`` of ``kind`` owed to ``to`` (a power, ``master``, ``all``)."""
    notice = Notice(game_id=game.id, phase=game.phase, to=to, kind=kind[:16], body=body,
                    created_at=now, delivered_at=None)
    session.add(notice)
    return notice

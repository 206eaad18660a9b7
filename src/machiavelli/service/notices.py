"""One statement per event: the notices the service writes for what players and observers
should hear of, whichever front end caused it.

A :class:`~machiavelli.service.schema.Notice` goes ``to`` a power (its player), ``master``
(the Masters) or ``all`` (every seat: players, observers and Masters).  The front ends
deliver them (the mail judge mails them, the web page and the API list them) and mark
them delivered.  Kinds written here: ``abandoned``, ``civil disorder``, ``takeover``,
``become``, ``set``, ``draw``, ``concession``, ``pause``, ``resume``, ``extend``,
``rollback``, ``absence`` (a request for the Master).

In a quiet game (``SET QUIET``, help file ``index``) the news of a seat's player (its
abandonment, civil disorder, take-over or return: :data:`SEAT_NEWS`) goes to the Masters
only, "to prevent information from being disclosed in gunboat games".
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from machiavelli.service.games import Settings
from machiavelli.service.schema import Game, Notice

#: the kinds of notice a quiet game tells its Masters only
SEAT_NEWS = frozenset({"abandoned", "civil disorder", "takeover", "returned"})


def notify(session: Session, game: Game, to: str, kind: str, body: str,
           now: datetime) -> Notice:
    """Write the notice ``body`` of ``kind`` owed to ``to`` (a power, ``master``, ``all``)."""
    if to == "all" and kind in SEAT_NEWS and Settings.from_dict(game.settings).quiet:
        to = "master"
    notice = Notice(game_id=game.id, phase=game.phase, to=to, kind=kind[:16], body=body,
                    created_at=now, delivered_at=None)
    session.add(notice)
    return notice

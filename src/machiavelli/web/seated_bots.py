"""Bots a game master seats on powers: each an ordinary API client with its own key.

The master's ``bot`` action (console or ``POST /api/v1/games/{game}/master/bot`` with
``power`` and ``bot``: ``greedy``, ``random`` or ``hold``) makes the user
``bot-<bot>-<power>`` if it is missing, seats it on the power (as ``replace`` does), makes
it an API key and hands a :class:`machiavelli.bots.client.BotClient` to the server, which
plays it from a background task (:func:`play_seated`) through the JSON API like any
third-party program: the bot gets no access the API does not give.
"""

from __future__ import annotations

import logging

import httpx

from machiavelli.bots.client import BotClient
from machiavelli.bots.roster import PLAYER_NAMES
from machiavelli.service.judge import Judge
from machiavelli.service.refusal import Refused
from machiavelli.web.sessions import make_api_key, user_named
from machiavelli.web.site import Site, clock

log = logging.getLogger("machiavelli.web.seated_bots")


def seat_bot(site: Site, game: str, power: str, bot: str) -> str | Refused:
    """Seat a ``bot`` on ``power`` of ``game`` and start playing it; what was done."""
    judge: Judge = site.judge
    if bot not in PLAYER_NAMES:
        return Refused(f"no bot {bot!r}: the bots are {', '.join(PLAYER_NAMES)}")
    name = f"bot-{bot}-{power.lower()}"
    if user_named(judge.db, name) is None:
        made = judge.add_user(name, None, None, clock())
        if isinstance(made, Refused):
            return made
    seat = judge.take_over(game, name, power)
    if isinstance(seat, Refused):
        return seat
    user = user_named(judge.db, name)
    assert user is not None
    key = make_api_key(judge.db, user.id, f"{bot} bot on {power} in {game}", clock())
    site.bots.append(BotClient(site.config.base_url, key, game, bot, seed=power))
    return f"A {bot} bot ({name}) now plays {power}."


def play_seated(site: Site) -> None:
    """Each seated bot plays the pending phase of its game, if it has not yet."""
    for client in list(site.bots):
        try:
            client.play_once()
        except (httpx.HTTPError, KeyError, ValueError) as err:
            log.warning("bot in %s: %s", client.game, err)


__all__ = ["play_seated", "seat_bot"]

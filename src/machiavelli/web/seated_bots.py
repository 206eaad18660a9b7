"""Bots a game master seats on powers: each an ordinary API client with its own key.

The master's ``bot`` action (console or ``POST /api/v1/games/{game}/master/bot`` with
``power`` and ``bot``: ``greedy``, ``random`` or ``hold``) makes the user
``bot-<bot>-<power>`` if it is missing, seats it on the power (as ``replace`` does), makes
it an API key and hands a :class:`machiavelli.bots.client.BotClient` to the server, which
plays it from a background task (:func:`play_seated`) through the JSON API like any
third-party program: the bot gets no access the API does not give.

Each seated bot is kept in the table ``web_seated_bots`` (game, power, bot, its user and
the id of its key), so that the server or a worker plays it again when it starts
(:func:`start_seated`, :func:`play_row`).  Its key is derived from the site's secret
(:mod:`~machiavelli.web.bot_keys`), so it keeps the same key across restarts and workers
although the database keeps keys as hashes only.  A bot stops, and its row and key end,
when its game is over, when its seat is no longer its own (ejected, resigned, taken over)
or when the master unseats it (the ``unseat`` action, ``power``: the bot leaves the seat,
ejected, and the power is free for a take-over).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import httpx
from sqlalchemy import select

from machiavelli.bots.client import BotClient
from machiavelli.bots.roster import PLAYER_NAMES
from machiavelli.service.games import DamagedGame, find_game, seat_of
from machiavelli.service.judge import Judge, StorageError
from machiavelli.service.refusal import Refused
from machiavelli.service.visibility import Viewer
from machiavelli.web.bot_keys import GENERATIONS, bot_key
from machiavelli.web.sessions import issue_api_key, key_row, revoke_key, user_by_id, user_named
from machiavelli.web.site import Site, clock
from machiavelli.web.tables import SeatedBot

log = logging.getLogger("machiavelli.web.seated_bots")

GAME_OVER = "game over"
SEAT_LEFT = "seat left"  # ejected, resigned or replaced: no longer the bot's seat
UNSEATED = "unseated"  # the master unseated it
GAME_GONE = "game gone"


@dataclass
class Playing:
    """A seated bot the server plays: its row in ``web_seated_bots`` and its client."""

    row: int
    game: str
    power: str
    user: str
    client: BotClient


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
    assert user is not None and seat.power is not None
    now = clock()
    row = SeatedBot(game=game, power=seat.power, bot=bot, user_id=user.id, key_id=None,
                    seated_at=now, ended_at=None, ended_how=None)
    with judge.db.writing() as session:
        session.add(row)
        session.flush()
        row_id = row.id
    key = _key_of(site, row_id, user.id, f"{bot} bot on {seat.power} in {game}")
    if site.config.bot_seconds > 0:  # this process plays its bots (else a worker does)
        _start(site, Playing(row_id, game, seat.power, name,
                             _client(site, key, game, bot, seat.power, row_id)))
    return f"A {bot} bot ({name}) now plays {seat.power}."


def _key_of(site: Site, row_id: int, user_id: int, label: str) -> str:
    """The bot's key, derived from the site's secret (web/bot_keys.py): its live key when
    it has one (kept across restarts and workers), else the next generation, made."""
    db = site.judge.db
    fresh = None
    for generation in range(GENERATIONS):
        key = bot_key(row_id, generation)
        found = key_row(db, key)
        if found is not None and not found[1]:
            key_id = found[0]
            break
        if found is None and fresh is None:
            fresh = key
    else:
        key_id, key = issue_api_key(db, user_id, label, clock(), fresh)
    with db.writing() as session:
        row = session.get(SeatedBot, row_id)
        if row is not None and row.key_id != key_id:
            old, row.key_id = row.key_id, key_id
            if old is not None:
                revoke_key(db, None, old)
    return key


def unseat_bot(site: Site, game: str, power: str, actor: Viewer) -> str | Refused:
    """The master takes the bot off ``power``: it leaves the seat (ejected) and stops."""
    rows = [r for r in seated_rows(site, game) if r.power.lower() == power.strip().lower()]
    if not rows:
        return Refused(f"no bot plays {power or 'that power'} in {game}")
    row = rows[0]
    user = user_by_id(site.judge.db, row.user_id)
    if user is not None:
        left = site.judge.eject(game, actor, user.name)
        if isinstance(left, Refused) and why_stop(site.judge, game, user.name, row.power) is None:
            return left
    _end(site, row.id, UNSEATED)
    return f"The {row.bot} bot no longer plays {row.power}: {row.power} is free."


def seated_rows(site: Site, game: str | None = None) -> list[SeatedBot]:
    """The bots seated and still playing (in ``game``, or in every game)."""
    query = select(SeatedBot).where(SeatedBot.ended_at.is_(None)).order_by(SeatedBot.id)
    if game is not None:
        query = query.where(SeatedBot.game == game)
    with site.judge.db.reading() as session:
        return list(session.scalars(query))


def start_seated(site: Site) -> int:
    """Play again the bots seated before the server (re)started; how many play."""
    started = 0
    for row in seated_rows(site):
        user = user_by_id(site.judge.db, row.user_id)
        why = GAME_GONE if user is None else why_stop(site.judge, row.game, user.name,
                                                      row.power)
        if why is not None or user is None:
            _end(site, row.id, why or GAME_GONE)
            continue
        if any(p.row == row.id for p in site.bots):
            continue
        key = _key_of(site, row.id, user.id, f"{row.bot} bot on {row.power} in {row.game}")
        _start(site, Playing(row.id, row.game, row.power, user.name,
                             _client(site, key, row.game, row.bot, row.power, row.id)))
        started += 1
    return started


def play_row(site: Site, row_id: int) -> None:
    """The bot of row ``row_id`` plays the pending phase of its game if it has not (a
    worker's job); its client is made on first use, with its derived key."""
    if not any(p.row == row_id for p in site.bots):
        with site.judge.db.reading() as session:
            row = session.get(SeatedBot, row_id)
        if row is None or row.ended_at is not None:
            return
        user = user_by_id(site.judge.db, row.user_id)
        why = GAME_GONE if user is None else why_stop(site.judge, row.game, user.name,
                                                      row.power)
        if why is not None or user is None:
            _end(site, row.id, why or GAME_GONE)
            return
        key = _key_of(site, row.id, user.id, f"{row.bot} bot on {row.power} in {row.game}")
        _start(site, Playing(row.id, row.game, row.power, user.name,
                             _client(site, key, row.game, row.bot, row.power, row.id)))
    for playing in [p for p in site.bots if p.row == row_id]:
        why = why_stop(site.judge, playing.game, playing.user, playing.power)
        if why is not None:
            _end(site, playing.row, why)
        else:
            playing.client.play_once()


def why_stop(judge: Judge, game: str, user: str, power: str) -> str | None:
    """Why a bot should stop playing ``power`` (None: it plays on)."""
    with judge.db.reading() as session:
        found = find_game(session, game)
        if isinstance(found, Refused):
            return GAME_GONE
        if found.status == "over":
            return GAME_OVER
        seat = seat_of(session, found, user)
        if seat is None or seat.role != "player" or seat.power != power:
            return SEAT_LEFT
    return None


def play_seated(site: Site) -> None:
    """Each seated bot plays the pending phase of its game, if it has not yet; a bot whose
    game is over or whose seat is no longer its own stops."""
    for playing in list(site.bots):
        try:
            why = why_stop(site.judge, playing.game, playing.user, playing.power)
            if why is not None:
                _end(site, playing.row, why)
                continue
            playing.client.play_once()
        except (httpx.HTTPError, KeyError, ValueError, StorageError, DamagedGame) as err:
            log.warning("bot in %s: %s", playing.game, err)


def stop_all(site: Site) -> None:
    """Close the bots' clients (the server stops; their rows stay for the next start)."""
    with site.bots_lock:
        for playing in site.bots:
            playing.client.close()
        site.bots.clear()


def _client(site: Site, key: str, game: str, bot: str, power: str, row: int) -> BotClient:
    return BotClient(site.config.base_url, key, game, bot, seed=power, once=f"bot{row}")


def _start(site: Site, playing: Playing) -> None:
    with site.bots_lock:
        site.bots.append(playing)


def _end(site: Site, row_id: int, how: str) -> None:
    """The bot of row ``row_id`` stops: its row ends, its key is revoked."""
    with site.bots_lock:
        for playing in [p for p in site.bots if p.row == row_id]:
            site.bots.remove(playing)
            playing.client.close()
    key_id = None
    with site.judge.db.writing() as session:
        row = session.get(SeatedBot, row_id)
        if row is not None and row.ended_at is None:
            row.ended_at = clock()
            row.ended_how = how
            key_id = row.key_id
    if key_id is not None:
        revoke_key(site.judge.db, None, key_id)
    log.info("bot of row %s stopped: %s", row_id, how)


__all__ = ["Playing", "play_row", "play_seated", "seat_bot", "seated_rows", "start_seated",
           "stop_all", "unseat_bot"]

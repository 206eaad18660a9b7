"""A bot as an ordinary client of the web judge's JSON API (``/api/v1``, issue 11).

:class:`BotClient` plays one power of one game with an API key, as any third-party
program would, through four calls a phase:

1. ``GET /api/v1/games/{game}``: its view (the status, the pending phase's number,
   its power, the scenario and the position as it may see it, ``board``);
2. ``GET /api/v1/games/{game}/legal``: the legal orders of its units, as text;
3. ``POST /api/v1/games/{game}/orders`` ``{"text": ..., "replace": true}``: its orders,
   answered line by line;
4. ``POST /api/v1/games/{game}/ready`` ``{"ready": true}``.

It chooses with any :class:`~machiavelli.bots.players.Player` (``greedy`` by default):
the position it is shown and the scenario's board give it the same
:class:`~machiavelli.bots.menu.LegalOrders` the environment gives; a unit order the
server does not list is replaced by the server's first listed order for that unit.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from machiavelli.bots.menu import legal_orders
from machiavelli.bots.players import Player
from machiavelli.bots.roster import player_named
from machiavelli.bots.view import Observation
from machiavelli.core.board import Board
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.orders import Ally, Order, order_key
from machiavelli.core.privacy import is_money_order
from machiavelli.core.state import State
from machiavelli.game.scenario import scenario_board, scenario_info
from machiavelli.text.notation import format_order

log = logging.getLogger("machiavelli.bots.client")
API = "/api/v1"


@dataclass
class BotClient:
    """One bot on one power of one game (see the module's doc)."""

    base_url: str
    key: str
    game: str
    bot: str = "greedy"
    seed: int | str = 0
    http: httpx.Client | None = None  # a client of one's own (tests: a mock transport)
    played: set[int] = field(default_factory=set)
    #: with it, each phase's writes carry ``Idempotency-Key: <once>-<phase>-...`` and the
    #: choice is drawn from a generator of that phase: another process playing the same
    #: bot (a worker taking over a dead one's job) replays the first answer instead of
    #: playing the phase again
    once: str | None = None

    def __post_init__(self) -> None:
        self.player: Player = player_named(self.bot)
        self.rng = random.Random(f"{self.game}/{self.seed}")
        if self.http is None:
            self.http = httpx.Client(base_url=self.base_url, timeout=30.0)
        self.http.headers["Authorization"] = f"Bearer {self.key}"
        self._boards: dict[str, Board] = {}

    def _get(self, path: str) -> Any:
        assert self.http is not None
        return self.http.get(f"{API}/games/{self.game}{path}").raise_for_status().json()

    def _post(self, path: str, body: Mapping[str, Any], key: str | None = None) -> Any:
        assert self.http is not None
        headers = {"Idempotency-Key": key} if key else {}
        return self.http.post(f"{API}/games/{self.game}{path}", json=dict(body),
                              headers=headers).raise_for_status().json()

    def board_for(self, scenario: str, state: State) -> Board:
        """The scenario's board, for the variant whose powers are the game's."""
        wanted = frozenset(state.powers)
        key = f"{scenario}/{','.join(sorted(wanted))}"
        if key not in self._boards:
            found = [v for v in scenario_info(scenario).variants if frozenset(v.powers) == wanted]
            self._boards[key] = (scenario_board(scenario, found[0].players,
                                                option=found[0].option) if found
                                 else scenario_board(scenario))
        return board_in_play(self._boards[key], state.options)  # (the High Seas, BAR-14.3)

    def play_once(self) -> bool:
        """Orders and readiness for the pending phase, once; True if it played."""
        view = self._get("")
        power = view.get("viewer", {}).get("power")
        phase = view.get("phase")
        if view.get("status") != "playing" or power is None or phase in self.played:
            return False
        state = State.from_dict(view["board"])
        if power in state.eliminated:
            return False
        board = self.board_for(view["scenario"], state)
        seen = Observation(power, state, report=view.get("position", ""),
                           private=view.get("private", {}).get(power, ""))
        rng = self.rng if self.once is None else random.Random(
            f"{self.game}/{self.seed}/{phase}")
        chosen = self.player.choose(board, seen, legal_orders(board, state, power), rng)
        listed = self._get(f"/legal?power={power}").get("orders", {})
        text = "\n".join(agreed(chosen, listed))
        key = f"{self.once}-{phase}" if self.once else None
        try:
            answer = self._post("/orders", {"text": text, "replace": True},
                                f"{key}-orders" if key else None)
            if answer.get("errors"):
                log.warning("%s in %s: %s refused lines", power, self.game, answer["errors"])
            self._post("/ready", {"ready": True}, f"{key}-ready" if key else None)
        except httpx.HTTPStatusError as err:
            if key is None or err.response.status_code not in (409, 422):
                raise
            log.info("%s in %s: phase %s was played already", power, self.game, phase)
        self.played.add(phase)
        return True

    def run(self, stop: threading.Event, every: float = 3.0, polls: int | None = None) -> None:
        """Play until ``stop`` is set (or after ``polls`` looks), every ``every`` seconds."""
        done = 0
        while not stop.is_set() and (polls is None or done < polls):
            try:
                self.play_once()
            except (httpx.HTTPError, KeyError, ValueError) as err:
                log.warning("bot on %s: %s", self.game, err)
            done += 1
            stop.wait(every)

    def close(self) -> None:
        if self.http is not None:
            self.http.close()


def agreed(chosen: Sequence[Order], listed: Mapping[str, Sequence[str]]) -> list[str]:
    """The chosen orders as text, each unit order one the server lists for that unit.

    ``listed`` maps a unit (any label) to its legal orders' text; money orders and
    alliances are not listed and go as they are.
    """
    by_text = {t: options for options in listed.values() for t in options}
    lines: list[str] = []
    for order in chosen:
        text = format_order(order)
        if is_money_order(order) or isinstance(order, Ally) or not listed or text in by_text:
            lines.append(text)
            continue
        key = order_key(order)
        fallback = next((opts[0] for opts in listed.values() if opts and any(
            _same_unit(key, t) for t in opts)), None)
        if fallback is not None:
            lines.append(fallback)
    return lines


def _same_unit(key: tuple[str, ...], text: str) -> bool:
    """Whether an order's text is for the unit (or place) of ``key``: ``("unit", "gen",
    "AF")`` and ``"A gen - mon"``."""
    words = text.split()
    if len(words) < 2 or key[0] != "unit":
        return False
    kind, place = (words[1], words[2]) if words[0] in ("build", "remove", "maintain") and len(
        words) > 2 else (words[0], words[1])
    return place.split("/")[0] == key[1] and (kind == "G") == (key[2] == "G")


__all__ = ["API", "BotClient", "agreed"]

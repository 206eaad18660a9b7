"""The set-ups of a Princes game, the position made from one (the engine's ``State``),
stored as the engine's JSON (:mod:`machiavelli.princes.serial`), and the canonical line
of an action.

Set-ups (a game row's ``scenario``): ``princes_A`` and ``princes_B`` (side A or B of the
family tiles, the start auction, PR-START) and ``princes_beginner`` (side A, the
beginners' set-up, PR-SET.11); the number of players (3 to 6) is the row's ``players``;
the option word ``open money`` (a row's flags) shows every seat's gold and influence
(PR-GEN.4: closed by default); the option ``catalogue {...}`` (a flag: the word, then a
JSON object in the scenario format's ``catalogue`` shape) overrides printed values of the
catalogue for this game (spec section 4.9); its values are provisional unless marked, and
the position keeps the override, so that it reads back with it.  Seats are ``P1`` ..
``Pn``, in join order (the engine keeps them; the start auction fixes the turn order).

A seat's answers are kept as the canonical lines of the Princes command language (spec
section 4.5; :mod:`machiavelli.princes.text`), as its formatter writes them: ``ORDER BID
3``, ``AUCTION CITY doge BID 20``, ``PASS TURN``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from machiavelli.princes.catalogue import CatalogueError, packaged, with_override
from machiavelli.princes.serial import from_data, to_data
from machiavelli.princes.setup import new_game
from machiavelli.princes.state import Illegal, Rules, State
from machiavelli.service.port import Setup, SetupInfo

#: set-up name -> (side, start, title)
SETUPS: dict[str, tuple[str, str, str]] = {
    "princes_A": ("A", "auction", "Princes of the Renaissance (side A, start auction)"),
    "princes_B": ("B", "auction", "Princes of the Renaissance (side B, start auction)"),
    "princes_beginner": ("A", "beginner", "Princes of the Renaissance (beginners' set-up)"),
}
PLAYERS = (3, 4, 5, 6)
OPEN_MONEY = "open money"
#: the option word of a catalogue override, before its JSON object
CATALOGUE = "catalogue"
#: the longest override taken (characters of JSON)
CATALOGUE_MAX = 20_000


def setups() -> list[SetupInfo]:
    return [SetupInfo(name, title, seat_names(6), PLAYERS,
                      {OPEN_MONEY: "every seat's gold and influence shown (PR-GEN.4)"})
            for name, (_, _, title) in SETUPS.items()]


def _words(setup: Setup) -> tuple[str, ...]:
    flags = setup.options.get("flags", ())
    return tuple(str(f).strip() for f in flags) if isinstance(flags, Sequence) else ()


def override_of(setup: Setup) -> dict[str, object] | None | str:
    """The set-up's catalogue override (its flag ``catalogue {...}``), None, or why it
    is wrong."""
    found = [w for w in _words(setup) if w.split(None, 1)[:1] == [CATALOGUE]]
    if not found:
        return None
    text = found[-1][len(CATALOGUE):].strip()
    if len(text) > CATALOGUE_MAX:
        return f"the catalogue override is longer than {CATALOGUE_MAX} characters"
    try:
        data = json.loads(text)
    except ValueError as err:
        return f"the catalogue override is not JSON: {err}"
    if not isinstance(data, dict):
        return "the catalogue override must be a JSON object ({\"troops\": {...}, ...})"
    try:
        with_override(packaged(), data)
    except CatalogueError as err:
        return f"the catalogue override is wrong: {err}"
    return data


def seat_names(players: int) -> tuple[str, ...]:
    return tuple(f"P{n}" for n in range(1, players + 1))


def flags_of(setup: Setup) -> tuple[str, ...]:
    """The option words but the catalogue override, lower case."""
    return tuple(w.lower() for w in _words(setup)
                 if w.split(None, 1)[:1] != [CATALOGUE])


def rules_of(setup: Setup) -> Rules | str:
    """The engine's rules for ``setup``, or why it is wrong."""
    if setup.name not in SETUPS:
        return (f"no Princes set-up named {setup.name!r}: the set-ups are "
                f"{', '.join(SETUPS)}")
    if setup.players not in PLAYERS:
        return "a Princes game has 3 to 6 players: name how many"
    unknown = [f for f in flags_of(setup) if f not in (OPEN_MONEY, "set open money")]
    if unknown:
        return f"unknown Princes option {unknown[0]!r} (the option is {OPEN_MONEY!r})"
    override = override_of(setup)
    if isinstance(override, str):
        return override
    side, start, _ = SETUPS[setup.name]
    money = "open" if flags_of(setup) else "closed"
    return Rules(players=setup.players, side=side, start=start, money=money)


def start(setup: Setup, seed: str) -> State | str:
    """The engine's new game for ``setup`` with ``seed``, or why not."""
    rules = rules_of(setup)
    if isinstance(rules, str):
        return rules
    override = override_of(setup)
    assert not isinstance(override, str)  # rules_of said so
    try:
        state = new_game(rules, list(seat_names(rules.players)), seed,
                         with_override(packaged(), override, rules.side))
    except (Illegal, CatalogueError) as refused:
        return str(refused)
    state.catalogue_override = override
    return state


def dump(state: State) -> str:
    return json.dumps(to_data(state), sort_keys=True, separators=(",", ":"))


def load(text: str) -> State:
    return from_data(json.loads(text))


def as_state(position: object) -> State:
    if not isinstance(position, State):
        raise TypeError(f"not a Princes position: {type(position).__name__}")
    return position

"""The acceptance scenarios (``princes-scenarios.md``): a position, a script of decisions
with dice and deck orders, and the expected position after. :func:`check` plays one."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .catalogue import (
    CITIES,
    FAMILIES,
    TRAITORS,
    Catalogue,
    CatalogueError,
    Entry,
    Value,
    packaged,
    with_override,
)
from .decisions import default_action, legal_actions
from .dice import shuffle
from .engine import ACCEPTS, advance, apply
from .expect import compare
from .setup import full_deck
from .state import Holdings, Illegal, Rules, State

MAX_NUMBER = 1_000_000
MAX_BYTES = 2_000_000
STAGES = ("play", "order_bids", "family_auction", "family_choice")
#: decisions a script may leave out: their default ("nothing") applies
OPTIONAL = ("war_reaction", "holy_league", "bribe", "reroll", "compensation", "end_of_turn",
            "tie_order", "decade_declare", "keep_card", "discard_to_limit")


class ScenarioError(ValueError):
    """The scenario file is malformed (the message names the reason)."""


@dataclass
class Outcome:
    id: str
    agree: bool
    notes: list[str] = field(default_factory=list)


def read(path: Path) -> dict[str, Any]:
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ScenarioError(f"cannot read it: {exc.strerror or exc}") from None
    if size > MAX_BYTES:
        raise ScenarioError(f"it is {size} bytes; a scenario is at most {MAX_BYTES}")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise ScenarioError("it is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"malformed JSON: {exc.msg} at line {exc.lineno} column "
                            f"{exc.colno}") from None
    except RecursionError:
        raise ScenarioError("malformed JSON: nested too deeply") from None
    except ValueError as exc:            # e.g. a number of more than 4300 digits
        raise ScenarioError(f"malformed JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is one JSON object")
    return data


def shown(value: Any) -> str:
    """A value for a message, cut short when it is enormous."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10 ** 12 else \
        f"a number of {len(str(abs(value)))} digits"
    return text if len(text) <= 60 else text[:57] + "..."


def _int(value: Any, where: str, lo: int = 0, hi: int = MAX_NUMBER) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScenarioError(f"{where}: {shown(value)} is not a whole number")
    if not lo <= value <= hi:
        raise ScenarioError(f"{where}: {shown(value)} is outside {lo}..{hi}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ScenarioError(f"{where}: must be a list")
    return value


def _dict(value: Any, where: str) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ScenarioError(f"{where}: must be an object")
    return value


def _tile(cat: Catalogue, name: Any, where: str) -> str:
    tile = cat.canonical_tile(name) if isinstance(name, str) else None
    if tile is None:
        raise ScenarioError(f"{where}: unknown city tile {name!r}")
    return tile


def _event(cat: Catalogue, name: Any, where: str) -> str:
    if not isinstance(name, str) or name not in cat.sections["events"]:
        raise ScenarioError(f"{where}: unknown event {name!r}")
    return name


def _troop(cat: Catalogue, name: Any, where: str) -> str:
    if not isinstance(name, str) or name not in cat.sections["troops"]:
        raise ScenarioError(f"{where}: unknown troop type {name!r}")
    return name


def _card(name: Any, where: str) -> str:
    if name not in TRAITORS:
        raise ScenarioError(f"{where}: unknown traitor card {name!r}")
    return str(name)


def _city(name: Any, where: str) -> str:
    if name not in CITIES:
        raise ScenarioError(f"{where}: unknown city {name!r}")
    return str(name)


def _rehome(cat: Catalogue, tile: str, city: str) -> Catalogue:
    """The scenario's display says which city a tile belongs to."""
    entry = cat.tile(tile)
    if entry.text("city") == city:
        return cat
    sections = {k: dict(v) for k, v in cat.sections.items()}
    values = dict(entry.values)
    values["city"] = Value(city, "provisional")
    sections["city_tiles"][tile] = Entry(tile, values, dict(entry.attrs))
    return Catalogue(sections)


def build(sc: dict[str, Any]) -> State:
    """The scenario's position."""
    params = _dict(sc.get("rules_params"), "rules_params")
    players = _int(params.get("players", 4), "rules_params.players", 3, 6)
    side = params.get("side", "A")
    if side not in ("A", "B"):
        raise ScenarioError("rules_params.side: must be \"A\" or \"B\"")
    start = params.get("start", "auction")
    if start not in ("auction", "beginner"):
        raise ScenarioError("rules_params.start: must be \"auction\" or \"beginner\"")
    fields = _list(params.get("vp_fields", [10, 7, 5, 3, 2]), "rules_params.vp_fields")
    if len(fields) != 5:
        raise ScenarioError("rules_params.vp_fields: five values")
    vp_fields = tuple(_int(v, "rules_params.vp_fields", 0, 1000) for v in fields)
    try:
        cat = with_override(packaged(), sc.get("catalogue"), str(side))
    except CatalogueError as exc:
        raise ScenarioError(str(exc)) from None
    raw = _dict(sc.get("state"), "state")
    stage = raw.get("stage", "play")
    if stage not in STAGES:
        raise ScenarioError(f"state.stage: {stage!r} is not one of {STAGES}")
    seats_raw = _dict(raw.get("seats"), "state.seats")
    if stage == "play":
        names = [f"P{i}" for i in range(1, players + 1)]
        unknown = sorted(set(seats_raw) - set(names))
        if unknown:
            raise ScenarioError(f"state.seats: {unknown} are not seats P1..P{players}")
    else:
        names = [str(n) for n in _list(raw.get("join_order"), "state.join_order")] or \
            list(seats_raw)
        if len(names) != players or set(names) != set(seats_raw):
            raise ScenarioError("state.join_order and state.seats must name the players")
    named = [t for h in seats_raw.values() if isinstance(h, dict)
             for t in _list(h.get("city_tiles"), "city_tiles")]
    for city, tiles in _dict(raw.get("display"), "state.display").items():
        _city(city, "state.display")
        named += _list(tiles, f"state.display.{city}")
    for t in named:
        if isinstance(t, str) and cat.canonical_tile(t) is None:
            cat = cat.with_copy(t) or cat
    for city, tiles in _dict(raw.get("display"), "state.display").items():
        for t in _list(tiles, f"state.display.{city}"):
            cat = _rehome(cat, _tile(cat, t, f"state.display.{city}"), city)
    rules = Rules(players=players, side=str(side), start=str(start), vp_fields=vp_fields)
    seed = str(sc.get("seed", sc.get("id", "scenario")))
    state = State(rules=rules, catalogue=cat, seats={}, order=list(names), stage=str(stage),
                  seed=seed, join_order=list(names))
    setup_money = stage != "play"
    for name in names:
        state.seats[name] = _holdings(cat, _dict(seats_raw.get(name), f"state.seats.{name}"),
                                      f"state.seats.{name}", setup_money)
    if stage in ("family_auction", "family_choice"):
        orders = {n: _int(_dict(seats_raw.get(n), "").get("order", i + 1),
                          f"state.seats.{n}.order", 1, players) for i, n in enumerate(names)}
        if sorted(orders.values()) != list(range(1, players + 1)):
            raise ScenarioError("state.seats.*.order: each of 1..n once")
        state.order = sorted(names, key=lambda n: orders[n])
        for n in names:
            bid = _dict(seats_raw.get(n), "").get("standing_bids")
            if isinstance(bid, list):
                bid = bid[-1] if bid else 0
            if bid is not None:
                state.bids[n] = _int(bid, f"state.seats.{n}.standing_bids")
            elif stage == "family_auction":
                state.bids[n] = 0
    _board(state, cat, raw)
    state.script = [_int(v, "dice", 1, 6) for v in _list(sc.get("dice"), "dice")]
    if len(state.script) > 10_000:
        raise ScenarioError("dice: too many values")
    state.script_only = "dice" in sc
    advance(state)
    return state


def _holdings(cat: Catalogue, raw: dict[str, Any], where: str, setup_money: bool) -> Holdings:
    fam = raw.get("family")
    if fam is not None and fam not in FAMILIES:
        raise ScenarioError(f"{where}.family: unknown family {fam!r}")
    start_g = cat.rule("start_gold") if setup_money else 0
    start_i = cat.rule("start_influence") if setup_money else 0
    h = Holdings(family=fam, gold=_int(raw.get("gold", start_g), f"{where}.gold"),
                 influence=_int(raw.get("influence", start_i), f"{where}.influence"))
    h.troops = [_troop(cat, t, f"{where}.troops") for t in _list(raw.get("troops"),
                                                                  f"{where}.troops")]
    if len(set(h.troops)) != len(h.troops):
        raise ScenarioError(f"{where}.troops: one tile per type (PR-BUY.3)")
    h.city_tiles = [_tile(cat, t, f"{where}.city_tiles")
                    for t in _list(raw.get("city_tiles"), f"{where}.city_tiles")]
    h.events = [_event(cat, e, f"{where}.events") for e in _list(raw.get("events"),
                                                                 f"{where}.events")]
    h.traitors = [_card(c, f"{where}.traitors") for c in _list(raw.get("traitors"),
                                                               f"{where}.traitors")]
    h.triumphs = _int(raw.get("triumphs", 0), f"{where}.triumphs")
    h.war_pay = _int(raw.get("war_pay", 0), f"{where}.war_pay")
    used = _list(raw.get("used"), f"{where}.used")
    if not all(isinstance(u, str) for u in used):
        raise ScenarioError(f"{where}.used: names of tiles")
    h.used = [cat.canonical_tile(u) or u for u in used]
    return h


def _board(state: State, cat: Catalogue, raw: dict[str, Any]) -> None:
    state.decade = _int(raw.get("decade", 1), "state.decade", 1, 3)
    if state.stage == "play":
        turn = raw.get("turn", state.order[0])
        if turn not in state.seats:
            raise ScenarioError(f"state.turn: unknown seat {turn!r}")
        state.turn = str(turn)
    state.cannon = _int(raw.get("cannon", 0), "state.cannon", 0, 5)
    state.status = {c: cat.sections["start_status"][c].num("status") for c in CITIES}
    for city, v in _dict(raw.get("status"), "state.status").items():
        state.status[_city(city, "state.status")] = _int(
            v, f"state.status.{city}", cat.rule("status_min"), cat.rule("status_max"))
    state.status_events = {c: [] for c in CITIES}
    for city, evs in _dict(raw.get("status_events"), "state.status_events").items():
        state.status_events[_city(city, "state.status_events")] = [
            _event(cat, e, f"state.status_events.{city}") for e in _list(evs, "status_events")]
    held_events = {e for h in state.seats.values() for e in h.events} | \
        {e for evs in state.status_events.values() for e in evs}
    if "events_open" in raw:
        state.events_open = [_event(cat, e, "state.events_open")
                             for e in _list(raw["events_open"], "state.events_open")]
    else:
        state.events_open = [e for e in cat.events() if cat.event(e).num("decade") ==
                             state.decade and e not in held_events]
    later = _dict(raw.get("events_later"), "state.events_later")
    for d in range(state.decade + 1, 4):
        evs = later.get(str(d))
        state.events_later[d] = [_event(cat, e, "state.events_later") for e in
                                 _list(evs, "state.events_later")] if evs is not None else \
            [e for e in cat.events() if cat.event(e).num("decade") == d]
    pope = raw.get("pope_holder")
    if pope is not None and pope not in state.seats:
        raise ScenarioError(f"state.pope_holder: unknown seat {pope!r}")
    state.pope_holder = pope
    held_tiles = {t for h in state.seats.values() for t in h.city_tiles}
    if "display" in raw:
        state.display = {c: [] for c in CITIES}
        for city, tiles in _dict(raw["display"], "state.display").items():
            state.display[city] = [_tile(cat, t, "state.display") for t in tiles]
    else:
        state.display = {c: [t for t in cat.tiles() if cat.tile(t).text("city") == c
                             and t not in held_tiles] for c in CITIES}
    supply = _dict(raw.get("troop_supply"), "state.troop_supply")
    for t in cat.troops():
        held = sum(1 for h in state.seats.values() if t in h.troops)
        state.troop_supply[t] = _int(supply[t], f"state.troop_supply.{t}", 0, 100) \
            if t in supply else max(0, cat.troop(t).num("count") - held)
    for t in supply:
        _troop(cat, t, "state.troop_supply")
    state.traitor_discard = [_card(c, "state.traitor_discard")
                             for c in _list(raw.get("traitor_discard"), "state.traitor_discard")]
    if "traitor_deck" in raw:
        state.traitor_deck = [_card(c, "state.traitor_deck")
                              for c in _list(raw["traitor_deck"], "state.traitor_deck")]
    else:
        rest = full_deck(cat)
        for c in [c for h in state.seats.values() for c in h.traitors] + state.traitor_discard:
            if c in rest:
                rest.remove(c)
        state.traitor_deck = shuffle(state, rest, "traitor deck")


# ---- playing the script ------------------------------------------------------------------

def _action(step: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in step.items() if k not in ("seat", "expect_illegal", "note")}


def _answers(state: State, step: dict[str, Any]) -> bool:
    p = state.pending
    act = step.get("act")
    if act in ("bank_exchange", "give"):
        return True
    if act == "declare_war_card":       # given any time in one's turn
        return bool(step.get("seat") == state.turn)
    if step.get("seat") not in p.seats or act not in ACCEPTS.get(p.kind, ()):
        return False
    if p.kind == "war_reaction" and step.get("round") is not None:
        return bool(step["round"] == p.context.get("round"))
    return True


def _only_pass(state: State) -> bool:
    p = state.pending
    if p.kind != "auction_bid":
        return False
    acts = {t.act for t in legal_actions(state, p.seats[0])}
    return "bid" not in acts


def _settle(state: State, step: dict[str, Any] | None) -> State:
    """Apply the defaults of optional decisions the next step does not answer."""
    for _ in range(1000):
        p = state.pending
        if step is not None and _answers(state, step):
            return state
        if p.kind in OPTIONAL or (p.kind == "auction_bid" and _only_pass(state)):
            state, _ = apply(state, p.seats[0], default_action(state, p.seats[0]))
            continue
        return state
    raise ScenarioError("the script's defaults did not settle")


MAIN_ACTS = ("pass_turn", "buy_troop", "discard_troop", "buy_traitor", "auction", "war")


def _step(state: State, n: int, step: dict[str, Any], problems: list[str]) -> State:
    try:
        new, _ = apply(state, step["seat"], _action(step))
    except Illegal as exc:
        if not step.get("expect_illegal"):
            problems.append(f"step {n} ({step['seat']} {step['act']}): {exc}")
        return state
    if step.get("expect_illegal"):
        problems.append(f"step {n} ({step['seat']} {step['act']}): accepted, but the "
                        "scenario expects a refusal")
        return state
    return new


def play(sc: dict[str, Any]) -> tuple[State, list[str]]:
    """Build and play the scenario; return the final state and the refusals that were not
    expected (or expected refusals that did not come)."""
    state = build(sc)
    problems: list[str] = []
    expect = _dict(sc.get("expect"), "expect")
    script = _list(sc.get("script"), "script")
    for n, step in enumerate(script, 1):
        if not isinstance(step, dict) or not isinstance(step.get("act"), str) or \
                not isinstance(step.get("seat"), str):
            raise ScenarioError(f"script step {n}: needs a seat and an act")
        if step["seat"] not in state.seats:
            raise ScenarioError(f"script step {n}: unknown seat {step['seat']!r}")
    together: set[int] = set()
    for n, step in enumerate(script, 1):
        if n in together:
            continue
        follow = script[n] if n < len(script) else None
        if step["act"] in MAIN_ACTS and isinstance(follow, dict) and \
                follow.get("act") == "declare_war_card" and follow.get("seat") == step["seat"]:
            # the format: the Declaration is submitted together with the main action
            state = _settle(state, step)
            state = _step(state, n + 1, follow, problems)
            together.add(n + 1)
        if not step.get("expect_illegal"):
            # a refused step is tried where the script stands: settling optional decisions
            # first could take a default that a later step of the script answers
            state = _settle(state, step)
        state = _step(state, n, step, problems)
    want = expect.get("pending")
    if not (isinstance(want, dict) and want.get("kind") == state.pending.kind):
        state = _settle(state, None)
    short = [e for e in state.log if e["type"] == "dice_exhausted"]
    if short:
        problems.append(f"the scenario's dice ran out: {len(short)} more needed, first for "
                        f"{short[0]['purpose']}")
    return state, problems


def check(sc: dict[str, Any]) -> Outcome:
    """Play the scenario and compare its expectation."""
    ident = str(sc.get("id", "?"))
    state, problems = play(sc)
    problems += compare(state, _dict(sc.get("expect"), "expect"))
    return Outcome(ident, not problems, problems)


def check_file(path: Path) -> Outcome:
    try:
        sc = read(path)
        return check(sc)
    except ScenarioError as exc:
        return Outcome(path.name, False, [f"bad scenario: {exc}"])
    except (CatalogueError, Illegal) as exc:
        return Outcome(path.name, False, [f"bad scenario: {exc}"])
    except (TypeError, KeyError, AttributeError, IndexError, ValueError) as exc:
        # a shape the reader does not check yet: still a message, never a traceback
        return Outcome(path.name, False, [f"bad scenario: {type(exc).__name__}: "
                                          f"{shown(str(exc))}"])

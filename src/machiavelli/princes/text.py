"""The text command language of spec section 4.5 (mail and the command line).

:func:`read` turns a message (one command per line, any case, keywords abbreviated to a
unique prefix, ``#`` comments) into typed commands: engine actions (:class:`Act`), standing
orders, settings and enquiries. Names are ids or English/German names
(:mod:`machiavelli.princes.names`). A line that cannot be read raises :class:`TextError`
with its number, the line and the reason naming the rule. :func:`format_action` writes an
action back as its canonical line: ``read_line(format_action(a)) == a`` for every legal
action. :func:`apply_text` applies a message's actions all or nothing. Standing orders,
settings and enquiries are only read here; the host carries them out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import names
from .engine import apply
from .state import Event, Illegal, Seat, State
from .textfmt import format_action, format_item

Action = dict[str, Any]
MAX_DIGITS = 6


# ---- the typed values ------------------------------------------------------------------

@dataclass(frozen=True)
class Act:
    """An engine action, for ``apply(state, seat, action)``."""

    action: Action


@dataclass(frozen=True)
class BidUpTo:
    """``BID UP TO n [ON item]`` (proxy bidding); ``CONDOTTIERE [side] UP TO n``."""

    limit: int
    item: dict[str, str] | None = None


@dataclass(frozen=True)
class PassOn:
    """``PASS ON item``; ``PASS ALL AUCTIONS`` has no item."""

    item: dict[str, str] | None


@dataclass(frozen=True)
class NextAction:
    """``NEXT ACTION <main action>``: the seat's next main action, written ahead."""

    action: Action


@dataclass(frozen=True)
class Setting:
    """``SET REACT AUTO|ASK`` (name ``react``), ``SET [NO] WAIT`` (name ``wait``)."""

    name: str
    value: str | bool


@dataclass(frozen=True)
class Enquiry:
    """``CLEAR``, ``LIST``, ``HISTORY``, ``SHOW [BOARD|HAND|AUCTION|WAR|SCORE]``."""

    word: str
    what: str | None = None


Command = Act | BidUpTo | PassOn | NextAction | Setting | Enquiry


class TextError(ValueError):
    """A line the reader refuses: ``line_no``, ``line`` and ``reason`` (naming the rule)."""

    def __init__(self, line_no: int, line: str, reason: str) -> None:
        shown = line.strip()
        shown = shown if len(shown) <= 80 else shown[:77] + "..."
        super().__init__(f"line {line_no}: > {shown}\n{reason}")
        self.line_no = line_no
        self.line = line
        self.reason = reason


# ---- the grammar -----------------------------------------------------------------------
# A pattern is a tuple of words: KEYWORDS in capitals, slots in <angle brackets>; the
# builder turns the slots' values into a command. A slot may take several tokens (names
# with spaces).

Builder = Callable[[State, Seat, list[Any]], Command]

_SHOW = ("BOARD", "HAND", "AUCTION", "WAR", "SCORE")


def _act(**fixed: Any) -> Builder:
    """An action whose slot values fill ``fixed``'s keys named by ``'$0'``, ``'$1'``..."""
    def build(state: State, seat: Seat, v: list[Any]) -> Command:
        out: Action = {}
        for k, x in fixed.items():
            out[k] = v[int(x[1:])] if isinstance(x, str) and re.fullmatch(r"\$\d", x) else x
        return Act(out)
    return build


def _item(kind: str) -> Builder:
    def build(state: State, seat: Seat, v: list[Any]) -> Command:
        item = {"kind": kind} if kind == "pope" else {"kind": kind, "id": v[0]}
        return Act({"act": "auction", "item": item, "bid": v[-1]})
    return build


def _pass(state: State, seat: Seat, v: list[Any]) -> Command:
    kind = state.pending.kind
    act = {"family_raise": "family_pass", "action": "pass_turn",
           "end_of_turn": "end_turn"}.get(kind, "pass")
    return Act({"act": act})


def _react(play: str) -> Builder:
    def build(state: State, seat: Seat, v: list[Any]) -> Command:
        a: Action = {"act": "react", "play": play}
        if v:
            a["city"] = v[0]
        if state.war is not None:
            a["round"] = state.war.reaction_round
        return Act(a)
    return build


def _reroll(use: bool) -> Builder:
    def build(state: State, seat: Seat, v: list[Any]) -> Command:
        return Act({"act": "reroll", "use": use})
    return build


def _place(state: State, seat: Seat, v: list[Any]) -> Command:
    if len(v) == 2:
        return Act({"act": "place_event", "event": v[0], "city": v[1]})
    ev = state.pending.context.get("event") if state.pending.kind == "place_event" else None
    if ev is None:
        raise Illegal("PR-AUC.12", "name the event: PLACE <event> ON <city>")
    return Act({"act": "place_event", "event": ev, "city": v[0]})


def _refuse(rule: str, why: str) -> Builder:
    def build(state: State, seat: Seat, v: list[Any]) -> Command:
        raise Illegal(rule, why)
    return build


MAIN: list[tuple[str, Builder]] = [
    ("BUY TROOP <troop>", _act(act="buy_troop", troop="$0")),
    ("DISCARD TROOP <troop>", _act(act="discard_troop", troop="$0")),
    ("BUY TRAITOR", _act(act="buy_traitor")),
    ("AUCTION CITY <tile> BID <n>", _item("city")),
    ("AUCTION CITY <tile> <n>", _item("city")),
    ("AUCTION EVENT <event> BID <n>", _item("event")),
    ("AUCTION EVENT <event> <n>", _item("event")),
    ("AUCTION EVENT <event> BID <n> PLACE ON <city>",
     _refuse("PR-AUC.12", "the city is chosen once the event is won: PLACE <event> ON <city>")),
    ("AUCTION POPE BID <n>", _item("pope")),
    ("AUCTION POPE <n>", _item("pope")),
    ("AUCTION POPE BID <n> WITH CARDINAL",
     _refuse("R-14", "mark the Cardinal Bribe on a later BID <n> WITH CARDINAL; it counts into"
             " the opening bid's ceiling already")),
    ("WAR <city> ATTACKS <city>", _act(act="war", attacker="$0", defender="$1")),
    ("WAR <city> <city>", _act(act="war", attacker="$0", defender="$1")),
    ("PASS TURN", _act(act="pass_turn")),
]

PATTERNS: list[tuple[str, Builder]] = MAIN + [
    ("ORDER BID <n>", _act(act="order_bid", gold="$0")),
    ("RAISE TO <n>", _act(act="family_raise", to="$0")),
    ("RAISE <n>", _act(act="family_raise", to="$0")),
    ("PASS", _pass),
    ("CHOOSE <family>", _act(act="choose_family", family="$0")),
    ("DISCOUNT GOLD", _act(act="declare_discount", currency="gold")),
    ("DISCOUNT INFLUENCE", _act(act="declare_discount", currency="influence")),
    ("END TURN", _act(act="end_turn")),
    ("STEAL GOLD FROM <seat>", _act(act="play_steal", card="steal_gold", target="$0")),
    ("STEAL INFLUENCE FROM <seat>", _act(act="play_steal", card="steal_influence",
                                         target="$0")),
    ("STEAL INFLUENCE FROM <seat> WITH LUCREZIA", _act(act="lucrezia_steal", target="$0")),
    ("TAKE FREE TRAITOR WITH <source>", _act(act="free_traitor", source="$0")),
    ("TAKE FREE TRAITOR", _act(act="free_traitor", source="$source")),
    ("DECLARE WAR <city> ATTACKS <city>", _act(act="declare_war_card", attacker="$0",
                                               defender="$1")),
    ("DECLARE WAR <city> <city>", _act(act="declare_war_card", attacker="$0", defender="$1")),
    ("EXCHANGE <n> GOLD FOR INFLUENCE", _act(act="bank_exchange",
                                             direction="gold_to_influence", amount="$0")),
    ("EXCHANGE <n> INFLUENCE FOR GOLD", _act(act="bank_exchange",
                                             direction="influence_to_gold", amount="$0")),
    ("GIVE <n> GOLD TO <seat>", _act(act="give", amount="$0", currency="gold", target="$1")),
    ("GIVE <n> INFLUENCE TO <seat>", _act(act="give", amount="$0", currency="influence",
                                          target="$1")),
    ("BID <n>", _act(act="bid", amount="$0")),
    ("BID <n> WITH CARDINAL", _act(act="bid", amount="$0", with_cardinal=True)),
    ("FREEZE <seat>", _act(act="freeze", target="$0")),
    ("PLACE <event> ON <city>", _place),
    ("PLACE ON <city>", _place),
    ("KEEP <card>", _act(act="keep_traitor", card="$0")),
    ("DISCARD TRAITOR <card>", _act(act="discard_traitor", card="$0")),
    ("COMPENSATION YES", _act(act="compensation", accept=True)),
    ("COMPENSATION NO", _act(act="compensation", accept=False)),
    ("PLAY VETO", _react("veto")),
    ("PLAY WEATHER ON <city>", _react("bad_weather")),
    ("LORENZO VETO", _react("lorenzo_veto")),
    ("NO REACTION", _react("none")),
    ("HOLY LEAGUE FOR ATTACKER", _act(act="holy_league", side="attacker")),
    ("HOLY LEAGUE FOR DEFENDER", _act(act="holy_league", side="defender")),
    ("NO LEAGUE", _act(act="holy_league", side="none")),
    ("BRIBE <seat> <troop>", _act(act="bribe", target="$0", troop="$1")),
    ("NO BRIBE", _act(act="no_bribe")),
    ("REROLL", _reroll(True)),
    ("NO REROLL", _reroll(False)),
    ("RANK <cities>", _act(act="rank_tied_cities", order="$0")),
    # standing orders, settings, enquiries: read, carried out by the host
    ("BID UP TO <n>", lambda s, me, v: BidUpTo(v[0])),
    ("BID UP TO <n> ON <item>", lambda s, me, v: BidUpTo(v[0], v[1])),
    ("CONDOTTIERE UP TO <n>", lambda s, me, v: BidUpTo(v[0], {"kind": "condottiere"})),
    ("CONDOTTIERE ATTACKER UP TO <n>",
     lambda s, me, v: BidUpTo(v[0], {"kind": "condottiere", "id": "attacker"})),
    ("CONDOTTIERE DEFENDER UP TO <n>",
     lambda s, me, v: BidUpTo(v[0], {"kind": "condottiere", "id": "defender"})),
    ("PASS ON <item>", lambda s, me, v: PassOn(v[0])),
    ("PASS ALL AUCTIONS", lambda s, me, v: PassOn(None)),
    ("NEXT ACTION <main>", lambda s, me, v: NextAction(v[0])),
    ("SET REACT AUTO", lambda s, me, v: Setting("react", "auto")),
    ("SET REACT ASK", lambda s, me, v: Setting("react", "ask")),
    ("SET WAIT", lambda s, me, v: Setting("wait", True)),
    ("SET NO WAIT", lambda s, me, v: Setting("wait", False)),
    ("CLEAR", lambda s, me, v: Enquiry("clear")),
    ("LIST", lambda s, me, v: Enquiry("list")),
    ("HISTORY", lambda s, me, v: Enquiry("history")),
    ("SHOW", lambda s, me, v: Enquiry("show")),
    *[(f"SHOW {w}", (lambda w: lambda s, me, v: Enquiry("show", w.lower()))(w)) for w in _SHOW],
]

_COMPILED = [(tuple(p.split()), b) for p, b in PATTERNS]
_MAIN_COMPILED = [(tuple(p.split()), b) for p, b in MAIN]


# ---- slots -------------------------------------------------------------------------------

def _amount(word: str) -> int:
    if not re.fullmatch(r"[0-9]+", word, re.ASCII):
        raise Illegal("R-3", f"an amount is a whole number written with the digits 0-9, not "
                      f"{_short(word)!r}")
    if len(word) > MAX_DIGITS:
        raise Illegal("R-3", f"an amount has at most {MAX_DIGITS} digits ({len(word)} given)")
    return int(word)


def _short(word: str) -> str:
    return word if len(word) <= 20 else word[:17] + "..."


def _one(state: State, slot: str, word: str) -> Any:
    cat = state.catalogue
    if slot == "<n>":
        return _amount(word)
    if slot == "<city>":
        return names.city(word)
    if slot == "<troop>":
        return names.troop(cat, word)
    if slot == "<family>":
        return names.family(word)
    if slot == "<seat>":
        return names.seat(state, word)
    if slot == "<card>":
        return names.traitor(word)
    if slot == "<tile>":
        return names.tile(cat, word)
    if slot == "<event>":
        return names.event(cat, word)
    if slot == "<source>":
        w = names.norm(word)
        return "malatesta" if w == "malatesta" else names.tile(cat, word)
    if slot == "<item>":
        w = names.norm(word)
        if w == "pope" or w == "papst":
            return {"kind": "pope"}
        try:
            return {"kind": "city", "id": names.tile(cat, word)}
        except names.NameError_:
            pass
        try:
            return {"kind": "event", "id": names.event(cat, word)}
        except names.NameError_:
            raise Illegal("PR-AUC.1", f"unknown tile, event or Pope {_short(word)!r}") from None
    raise AssertionError(slot)


def _slot(state: State, seat: Seat, slot: str, toks: list[str], i: int
          ) -> list[tuple[Any, int]]:
    """The ways ``slot`` reads tokens from ``i``: (value, tokens used); raises Illegal
    (the reason) when none does."""
    if slot == "<cities>":
        if i >= len(toks):
            raise Illegal("R-8", "name the tied cities in order")
        return [([names.city(t) for t in toks[i:]], len(toks) - i)]
    if slot == "<main>":
        cmd = _match(state, seat, toks[i:], _MAIN_COMPILED)
        assert isinstance(cmd, Act)
        return [(cmd.action, len(toks) - i)]
    if slot == "<item>" and i < len(toks) and toks[i] in ("city", "event", "pope"):
        kind = toks[i]
        if kind == "pope":
            return [({"kind": "pope"}, 1)]
        out = _slot(state, seat, f"<{'tile' if kind == 'city' else 'event'}>", toks, i + 1)
        return [({"kind": kind, "id": v}, n + 1) for v, n in out]
    error: Illegal | names.NameError_ | None = None
    found: list[tuple[Any, int]] = []
    longest = 1 if slot == "<n>" else min(4, len(toks) - i)
    for n in range(longest, 0, -1):
        if i + n > len(toks):
            continue
        try:
            found.append((_one(state, slot, " ".join(toks[i:i + n])), n))
        except (Illegal, names.NameError_) as exc:
            if n == 1:
                error = exc
    if found:
        return found
    if error is None:
        raise Illegal("§4.5", f"{slot[1:-1]} missing")
    raise error


# ---- matching ------------------------------------------------------------------------------

@lru_cache(maxsize=512)
def _alternatives(main: bool, prefix: tuple[str, ...]) -> frozenset[str]:
    """The keywords that may follow ``prefix`` (for reading unique prefixes)."""
    p = len(prefix)
    return frozenset(q[p] for q, _ in (_MAIN_COMPILED if main else _COMPILED)
                     if len(q) > p and q[:p] == prefix and not q[p].startswith("<"))


@lru_cache(maxsize=4096)
def _resolve(main: bool, prefix: tuple[str, ...], tok: str) -> tuple[str | None,
                                                                     tuple[str, ...]]:
    """The keyword ``tok`` stands for after ``prefix`` (itself, or the one keyword it is a
    prefix of), and the keywords it may begin."""
    alternatives = _alternatives(main, prefix)
    exact = [w for w in alternatives if w.lower() == tok]
    if exact:
        return exact[0], ()
    starts = tuple(sorted(w for w in alternatives if w.lower().startswith(tok)))
    return (starts[0], ()) if len(starts) == 1 else (None, starts)


@dataclass
class _Try:
    exact: int
    values: list[Any]
    builder: Builder


def _match(state: State, seat: Seat, toks: list[str],
           patterns: list[tuple[tuple[str, ...], Builder]]) -> Command:
    done: list[_Try] = []
    best_error: tuple[int, str] | None = None

    def fail(at: int, why: str) -> None:
        nonlocal best_error
        if best_error is None or at > best_error[0]:
            best_error = (at, why)

    # the keywords expected at each depth, for unique-prefix reading
    def walk(pat: tuple[str, ...], b: Builder, p: int, i: int, exact: int,
             values: list[Any]) -> None:
        if p == len(pat):
            if i == len(toks):
                done.append(_Try(exact, values, b))
            else:
                fail(i, f"refused: §4.5 unexpected {_short(toks[i])!r}")
            return
        word = pat[p]
        if word.startswith("<"):
            try:
                ways = _slot(state, seat, word, toks, i)
            except (Illegal, names.NameError_) as exc:
                fail(i + 1, str(exc))
                return
            for value, n in ways:
                walk(pat, b, p + 1, i + n, exact, [*values, value])
            return
        if i >= len(toks):
            fail(i, f"refused: §4.5 {word} expected")
            return
        keyword, starts = _resolve(patterns is _MAIN_COMPILED, pat[:p], toks[i])
        if keyword == word:
            walk(pat, b, p + 1, i + 1, exact + (toks[i] == word.lower()), values)
        elif keyword is None and len(starts) > 1:
            fail(i + 1, f"refused: §4.5 {toks[i].upper()!r} may be {' or '.join(starts)}")
        elif keyword is None:
            fail(i, f"refused: §4.5 unknown word {_short(toks[i]).upper()!r}")

    for pat, b in patterns:
        walk(pat, b, 0, 0, 0, [])
    if not done:
        why = best_error[1] if best_error else "refused: §4.5 empty command"
        raise _Reason(why)
    done.sort(key=lambda t: -t.exact)
    first = done[0]
    return first.builder(state, seat, first.values)


class _Reason(Illegal):
    """A reason already worded (``refused: <rule> ...``)."""

    def __init__(self, text: str) -> None:
        ValueError.__init__(self, text)
        self.rule = text.split()[1] if len(text.split()) > 1 else "§4.5"


def read_line(line: str, state: State, seat: Seat) -> Command | None:
    """One line as a command (None for a blank or comment line); raises :class:`Illegal`
    (its message names the rule) when it cannot be read."""
    toks = _strip_comment(line).lower().split()
    if not toks:
        return None
    cmd = _match(state, seat, toks, _COMPILED)
    if isinstance(cmd, Act) and cmd.action.get("source") == "$source":
        cmd = Act({**cmd.action, "source": _free_source(state, seat)})
    return cmd


def _strip_comment(line: str) -> str:
    """A ``#`` starts a comment unless it numbers a tile copy (``merchant#2``)."""
    return re.split(r"(?<![\w])#|#(?!\d)", line, maxsplit=1)[0]


def _free_source(state: State, seat: Seat) -> str:
    from .abilities import free_card_sources
    sources = free_card_sources(state, seat) if seat in state.seats else []
    if not sources:
        raise Illegal("PR-TURN.6", "no free traitor card is yours to take now")
    return sources[0]


def read(message: str, state: State, seat: Seat) -> list[Command]:
    """Every command of a message, in order; :class:`TextError` names the first bad line."""
    out: list[Command] = []
    for no, line in enumerate(message.splitlines(), 1):
        try:
            cmd = read_line(line, state, seat)
        except Illegal as exc:
            raise TextError(no, line, str(exc)) from None
        if cmd is not None:
            out.append(cmd)
    return out


def apply_text(message: str, state: State, seat: Seat) -> tuple[State, list[Event]]:
    """Apply a message's actions in order, all or nothing: a bad line raises
    :class:`TextError` and ``state`` is left as it was (the engine never changes it)."""
    events: list[Event] = []
    current = state
    lines = message.splitlines()
    for no, line in enumerate(lines, 1):
        try:
            cmd = read_line(line, current, seat)
            if cmd is None:
                continue
            if not isinstance(cmd, Act):
                raise Illegal("§4.4", "standing orders, settings and enquiries are for the "
                              "host; this reader applies actions only")
            current, new = apply(current, seat, cmd.action)
        except Illegal as exc:
            raise TextError(no, line, str(exc)) from None
        events += new
    return current, events


def format_command(cmd: Command, state: State) -> str:
    """A command as its canonical line."""
    if isinstance(cmd, Act):
        return format_action(cmd.action, state)
    if isinstance(cmd, NextAction):
        return f"NEXT ACTION {format_action(cmd.action, state)}"
    if isinstance(cmd, BidUpTo):
        item = cmd.item
        if item is not None and item.get("kind") == "condottiere":
            side = f" {item['id'].upper()}" if item.get("id") else ""
            return f"CONDOTTIERE{side} UP TO {cmd.limit}"
        return f"BID UP TO {cmd.limit}" + (f" ON {format_item(item)}" if item else "")
    if isinstance(cmd, PassOn):
        return f"PASS ON {format_item(cmd.item)}" if cmd.item else "PASS ALL AUCTIONS"
    if isinstance(cmd, Setting):
        if cmd.name == "react":
            return f"SET REACT {str(cmd.value).upper()}"
        return "SET WAIT" if cmd.value else "SET NO WAIT"
    return cmd.word.upper() + (f" {cmd.what.upper()}" if cmd.what else "")

__all__ = ["Act", "BidUpTo", "Command", "Enquiry", "NextAction", "PassOn", "Setting",
           "TextError", "apply_text", "format_action", "format_command", "read", "read_line"]

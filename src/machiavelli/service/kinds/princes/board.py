"""The Princes board in words, for the front ends (spec section 4.6): what the game page
and the API show, each printed number labelled (reviewers complained that the physical
tiles are not), as a viewer may see it.

:func:`described` is plain data: the five cities with their status, status events, the
victory points a tile of each would score now and the tiles on offer; the troop supply;
the events of this decade and those coming; the Pope; each family's holdings (another
seat's gold, influence and traitor cards only as the game's visibility allows: PR-GEN.4);
the auction and the war in progress (never the sealed answers of a reaction window
before it closes) and the recent log.  Every tile is named, with its incomes and ability
in words; a provisional catalogue value is marked so (section 4.9).
"""

from __future__ import annotations

from typing import Any

from machiavelli.princes.catalogue import CITIES, Entry
from machiavelli.princes.scoring import city_fields
from machiavelli.princes.state import Event, State
from machiavelli.princes.view import any_provisional
from machiavelli.service.kinds.princes.scores import score_sheet, war_rounds
from machiavelli.service.port import Sight

CITY_TITLES = {"venezia": "Venezia (Venice)", "milano": "Milano (Milan)",
               "firenze": "Firenze (Florence)", "roma": "Roma (Rome)",
               "napoli": "Napoli (Naples)"}
FAMILY_TITLES = {"baglioni": "Baglioni", "bentivoglio": "Bentivoglio", "deste": "d'Este",
                 "gonzaga": "Gonzaga", "malatesta": "Malatesta", "montefeltro": "Montefeltro"}
ABILITIES = {
    "banker": "Banker: exchanges gold for influence and back",
    "boost": "adds to the strength of the city's side in a war",
    "free_traitor": "takes a free traitor card",
    "hand_limit": "may hold one more traitor card",
    "pope_discount": "pays less for the Pope",
    "reroll": "may have a die rolled again once",
    "shield_defence": "strengthens the defence",
    "steal_influence": "steals influence",
    "veto": "may veto a war (Lorenzo)",
}
#: how many of the latest log events the page shows
LOG_LINES = 40


def title(name: str) -> str:
    """A catalogue id as a name: ``venezia:merchant#2`` -> ``Venezia merchant #2``."""
    city, _, rest = name.partition(":")
    if not rest:
        city, rest = "", name
    words = rest.replace("_", " ").replace("#", " #")
    words = words[:1].upper() + words[1:]
    return f"{city.capitalize()} {words.lower()}" if city else words


def _marked(entry: Entry, names: tuple[str, ...]) -> bool:
    return any(entry.values[n].provenance == "provisional" for n in names
               if n in entry.values)


def tile_words(state: State, tile: str) -> dict[str, Any]:
    """A city tile, labelled: its city, incomes and ability."""
    entry = state.catalogue.tile(tile)
    gold, influence = entry.num("gold_income"), entry.num("influence_income")
    ability = entry.text("ability")
    said = f"income {gold} gold and {influence} influence a decade"
    if ability:
        said += "; " + ABILITIES.get(ability, ability.replace("_", " "))
    keywords = entry.attrs.get("keywords") or []
    if keywords:
        said += f" ({', '.join(str(k) for k in keywords)})"
    return {"id": tile, "name": title(tile), "city": entry.text("city"), "gold": gold,
            "influence": influence, "ability": ability, "words": said,
            "provisional": _marked(entry, ("city", "gold_income", "influence_income"))}


def _opt(entry: Entry, name: str) -> str:
    value = entry.opt(name)
    return "none" if value is None else str(value)


def troop_words(state: State, troop: str) -> dict[str, Any]:
    """A troop type, labelled: price, attack and defence, incomes, first decade."""
    entry = state.catalogue.troop(troop)
    said = (f"price {_opt(entry, 'price')} gold; attack {_opt(entry, 'attack')}, "
            f"defence {_opt(entry, 'defence')}")
    gold, influence = entry.num("gold_income"), entry.num("influence_income")
    if gold or influence:
        said += f"; income {gold} gold and {influence} influence"
    first = entry.num("first_decade", 1)
    if first > 1:
        said += f"; on sale from decade {first}"
    return {"id": troop, "name": title(troop), "words": said,
            "left": state.troop_supply.get(troop, 0),
            "provisional": _marked(entry, ("price", "attack", "defence"))}


def event_words(state: State, event: str) -> dict[str, Any]:
    """An event tile, labelled: its decade, the currency it is bid in and its effect."""
    entry = state.catalogue.event(event)
    kind = entry.text("kind")
    if kind == "vp":
        effect = f"{entry.num('vp')} victory points"
    elif kind == "status":
        delta = entry.num("delta")
        effect = f"status {'+' if delta >= 0 else ''}{delta} on a city"
    else:
        effect = "a bonus (" + event.replace("_", " ").rstrip(" 0123456789") + ")"
    return {"id": event, "name": title(event), "decade": entry.num("decade"),
            "currency": entry.text("currency"),
            "words": f"decade {entry.num('decade')}, bid in {entry.text('currency')}: "
                     f"{effect}",
            "provisional": _marked(entry, ("decade", "currency", "vp", "delta"))}


def seat_title(state: State, seat: str) -> str:
    family = state.seats[seat].family
    return f"{seat} ({FAMILY_TITLES.get(family, family)})" if family else seat


def _family(state: State, seat: str, viewer: Sight, fields: dict[str, int]
            ) -> dict[str, Any]:
    h = state.seats[seat]
    money = state.rules.money == "open" or viewer.may_see(seat)
    family = None
    if h.family:
        entry = state.catalogue.family(h.family, state.rules.side)
        family = {"name": FAMILY_TITLES.get(h.family, h.family), "side": state.rules.side,
                  "words": f"income {entry.num('gold_income')} gold and "
                           f"{entry.num('influence_income')} influence a decade; "
                           + ", ".join(n.replace("_", " ") for n in entry.values
                                       if n not in ("gold_income", "influence_income"))}
    return {
        "seat": seat, "title": seat_title(state, seat), "family": family,
        "order": state.order.index(seat) + 1 if seat in state.order else None,
        "tiles": [tile_words(state, t) for t in h.city_tiles],
        "troops": [troop_words(state, t) for t in h.troops],
        "events": [event_words(state, e) for e in h.events],
        "triumphs": h.triumphs, "war_pay": h.war_pay, "used": sorted(h.used),
        "traitor_count": len(h.traitors), "pope": state.pope_holder == seat,
        # the victory points its city tiles would score now (public: the money
        # majorities are left out, as closed money hides them)
        "tile_vp": sum(fields.get(tile_words(state, t)["city"], 0) for t in h.city_tiles),
        "gold": h.gold if money else None, "influence": h.influence if money else None,
        "hand": [title(c) for c in h.traitors] if viewer.may_see(seat) else None,
        "drawn": [title(c) for c in h.drawn] if viewer.may_see(seat) else None,
    }


def _auction(state: State) -> dict[str, Any] | None:
    a = state.auction
    if a is None:
        return None
    if a.kind == "city":
        item = tile_words(state, a.item)["name"]
    elif a.kind == "event":
        item = event_words(state, a.item)["name"]
    elif a.kind == "pope":
        item = "the Pope"
    else:
        item = f"the {a.item}'s condottiere"
    return {"kind": a.kind, "item": item, "currency": a.currency, "minimum": a.minimum,
            "high": a.high, "leader": seat_title(state, a.leader) if a.leader else None,
            "passed": [seat_title(state, s) for s in a.passed],
            "frozen": [seat_title(state, s) for s in a.frozen],
            "to_act": seat_title(state, a.to_act) if a.to_act else None,
            "opener": seat_title(state, a.opener)}


def _war(state: State) -> dict[str, Any] | None:
    """The war in progress: never the answers of the open reaction window."""
    w = state.war
    if w is None:
        return None
    return {"attacker": CITY_TITLES[w.attacker], "defender": CITY_TITLES[w.defender],
            "started_by": seat_title(state, w.started_by), "by_card": w.by_card,
            "step": w.step.replace("_", " "), "reaction_round": w.reaction_round,
            "weather": {CITY_TITLES.get(c, c): n for c, n in w.weather.items()},
            "vetoed": w.vetoed,
            "condottiere": {side: seat_title(state, s) if s else None
                            for side, s in w.condottiere.items()},
            "league": w.league, "round": w.round, "dice": list(w.dice),
            "strengths": [list(s) for s in w.strengths], "outcome": w.outcome,
            "rounds": war_rounds(state)}


def _last_war(state: State) -> dict[str, Any] | None:
    """The war fought last, when none is in progress: its cities, result and rounds."""
    last = state.last_war
    if state.war is not None or not last:
        return None
    return {"attacker": CITY_TITLES.get(last["attacker"], last["attacker"]),
            "defender": CITY_TITLES.get(last["defender"], last["defender"]),
            "outcome": last.get("outcome"), "vetoed": last.get("vetoed", False),
            "rounds": war_rounds(state)}


def log_line(event: Event) -> str:
    data = {k: v for k, v in event.items() if k not in ("type", "private")}
    said = ", ".join(f"{k} {v}" for k, v in data.items())
    return str(event["type"]).replace("_", " ") + (f": {said}" if said else "")


def described(state: State, viewer: Sight) -> dict[str, Any]:
    """The board in words, as ``viewer`` may see it."""
    fields = city_fields(state)
    cities = [{"id": c, "name": CITY_TITLES[c], "status": state.status[c],
               "status_events": [title(e) for e in state.status_events.get(c, [])],
               "vp_per_tile": fields[c],
               "display": [tile_words(state, t) for t in state.display.get(c, [])]}
              for c in CITIES]
    return {
        "stage": state.stage, "decade": state.decade, "cannon": state.cannon,
        "wars_allowed": state.rules.wars_per_decade(state.catalogue),
        "status_bounds": [state.catalogue.rule("status_min"),
                          state.catalogue.rule("status_max")],
        "vp_fields": list(state.rules.vp_fields), "cities": cities,
        "turn": seat_title(state, state.turn) if state.turn in state.seats else None,
        "troops": [troop_words(state, t) for t in state.catalogue.troops()],
        "events_open": [event_words(state, e) for e in state.events_open],
        "events_later": [event_words(state, e) for d in sorted(state.events_later)
                         for e in sorted(state.events_later[d])],
        "pope": seat_title(state, state.pope_holder) if state.pope_holder else None,
        "traitor_deck": len(state.traitor_deck),
        "families": [_family(state, s, viewer, fields)
                     for s in (state.order or list(state.seats))],
        "money": state.rules.money, "auction": _auction(state), "war": _war(state),
        "last_war": _last_war(state),
        "scores": score_sheet(state, viewer, {s: seat_title(state, s) for s in state.seats}),
        "log": [log_line(e) for e in state.log if not e.get("private")][-LOG_LINES:],
        "provisional": any_provisional(state),
    }

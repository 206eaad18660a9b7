"""Names in the command language (spec section 4.5): ids, English and German names of
cities, troops, families, city tiles, events and traitor cards, each resolved to the
engine's id; and the seat a family (or a seat's own name) stands for."""

from __future__ import annotations

import re

from .catalogue import CITIES, FAMILIES, TILE_ALIASES, TRAITORS, Catalogue
from .state import Seat, State

CITY_NAMES: dict[str, str] = {
    "venice": "venezia", "venedig": "venezia", "milan": "milano", "mailand": "milano",
    "florence": "firenze", "florenz": "firenze", "rome": "roma", "rom": "roma",
    "naples": "napoli", "neapel": "napoli",
}
TROOP_NAMES: dict[str, str] = {
    "arquebusier": "arquebusiers", "arkebusiere": "arquebusiers", "arkebusier": "arquebusiers",
    "crossbowman": "crossbowmen", "crossbows": "crossbowmen",
    "armbrustschuetzen": "crossbowmen", "armbrustschutzen": "crossbowmen",
    "artillerie": "artillery", "feldbefestigung": "field_fortification",
    "fortification": "field_fortification", "kavallerie": "cavalry",
    "leichte_infanterie": "light_infantry", "pikeniere": "pikemen", "pikenier": "pikemen",
    "pikeman": "pikemen", "stradiot": "stradiots", "stratioten": "stradiots",
}
FAMILY_NAMES: dict[str, str] = {"d_este": "deste", "este": "deste", "d'este": "deste"}
TRAITOR_NAMES: dict[str, str] = {
    "einfluss_stehlen": "steal_influence", "gebot_einfrieren": "freeze_bid",
    "freeze": "freeze_bid", "kardinalsbestechung": "cardinal_bribe", "cardinal": "cardinal_bribe",
    "gold_stehlen": "steal_gold", "kriegserklaerung": "declaration_of_war",
    "kriegserklarung": "declaration_of_war", "declaration": "declaration_of_war",
    "schlechtes_wetter": "bad_weather", "weather": "bad_weather",
    "truppenbestechung": "troop_bribe", "troop_bribery": "troop_bribe",
}
EVENT_NAMES: dict[str, str] = {
    "leonardo": "da_vinci", "leonardo_da_vinci": "da_vinci", "davinci": "da_vinci",
    "franzoesische_invasion": "french_invasion", "franzosische_invasion": "french_invasion",
    "invasion": "french_invasion",
}
TILE_WORDS: dict[str, str] = {"kaufmann": "merchant", "bankier": "banker"}

_FOLD = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "-": "_", "'": "_",
                       "’": "_", " ": "_"})


def norm(text: str) -> str:
    """A name as the tables hold it: lower case, umlauts spelled out, words joined by _."""
    return re.sub(r"_+", "_", text.lower().translate(_FOLD)).strip("_")


class NameError_(ValueError):
    """A name that does not resolve; ``rule`` names the rule the reader cites."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"refused: {rule} {message}")
        self.rule = rule


def city(word: str) -> str:
    w = norm(word)
    w = CITY_NAMES.get(w, w)
    if w not in CITIES:
        raise NameError_("PR-WAR.2", f"unknown city {word!r} (venezia, milano, firenze, roma, "
                         "napoli)")
    return w


def troop(cat: Catalogue, word: str) -> str:
    w = norm(word)
    w = TROOP_NAMES.get(w, w)
    if w not in cat.sections["troops"] and w + "s" in cat.sections["troops"]:
        w += "s"
    if w not in cat.sections["troops"]:
        raise NameError_("PR-TRP", f"unknown troop type {word!r} ({', '.join(cat.troops())})")
    return w


def family(word: str) -> str:
    w = norm(word)
    w = FAMILY_NAMES.get(w, w)
    if w not in FAMILIES:
        raise NameError_("PR-FAM", f"unknown family {word!r}")
    return w


def traitor(word: str) -> str:
    w = norm(word)
    w = TRAITOR_NAMES.get(w, w)
    if w not in TRAITORS:
        raise NameError_("PR-TRA", f"unknown traitor card {word!r}")
    return w


def event(cat: Catalogue, word: str) -> str:
    w = norm(word)
    w = EVENT_NAMES.get(w, w)
    if w.startswith("weinhaendler") or w.startswith("weinhandler"):
        w = "wine_merchant" + w.partition("ndler")[2]
    if w in cat.sections["events"]:
        return w
    copies = sorted(e for e in cat.events() if re.fullmatch(re.escape(w) + r"_?\d+", e))
    if len(copies) == 1:
        return copies[0]
    if copies:
        raise NameError_("PR-AUC.9", f"{word!r} names several events: {', '.join(copies)}")
    raise NameError_("PR-AUC.9", f"unknown event {word!r}")


def tile(cat: Catalogue, word: str) -> str:
    """A city tile by id, alias or ``<city>:<name>[#n]`` (``venezia:merchant#2``)."""
    raw = word.lower()
    city_part, colon, rest = raw.partition(":")
    if not colon:
        city_part, rest = "", raw
    base, hash_, number = rest.partition("#")
    base = norm(base)
    base = TILE_WORDS.get(base, base)
    if city_part:
        try:
            city_part = city(city_part)
        except NameError_:
            raise NameError_("PR-AUC.1", f"unknown city tile {word!r}") from None
    name = f"{city_part}:{base}" if city_part else base
    full = f"{name}#{number}" if hash_ else name
    for candidate in (full, TILE_ALIASES.get(full, ""), TILE_ALIASES.get(base, "")
                      if not hash_ and not city_part else ""):
        if candidate and candidate in cat.sections["city_tiles"]:
            return candidate
    # a name with copies: the one copy that fits, or which ones
    copies = sorted(t for t in cat.tiles()
                    if t.split(":")[-1].split("#")[0] == base
                    and (not city_part or cat.tile(t).text("city") == city_part)
                    and (not hash_ or t.endswith(f"#{number}")))
    if len(copies) == 1:
        return copies[0]
    if copies:
        raise NameError_("PR-AUC.1", f"{word!r} names several city tiles: {', '.join(copies)}"
                         " (write <city>:<name>#n)")
    raise NameError_("PR-AUC.1", f"unknown city tile {word!r}")


def seat(state: State, word: str) -> Seat:
    """The seat named by its family (once chosen) or by its own name."""
    for s in state.seats:
        if s.lower() == word.lower():
            return s
    try:
        fam = family(word)
    except NameError_:
        raise NameError_("PR-GEN.5", f"no player or family {word!r} in this game") from None
    for s, h in state.seats.items():
        if h.family == fam:
            return s
    raise NameError_("PR-GEN.5", f"nobody plays {fam} in this game")


def seat_name(state: State, s: Seat) -> str:
    """How a seat is written: its family once chosen (a seat's own name otherwise)."""
    h = state.seats.get(s)
    return h.family if h is not None and h.family else s

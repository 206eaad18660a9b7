"""The printed numbers of the game, read from ``data/princes/catalogue.toml``.

Every number carries its provenance (``seed``, ``review`` or ``provisional``); a game may
load an override (the scenarios' ``catalogue`` key), whose values replace the packaged
ones. :func:`provisional_in_play` tells which provisional values a game relies on.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

CITIES: tuple[str, ...] = ("venezia", "milano", "firenze", "roma", "napoli")
FAMILIES: tuple[str, ...] = ("baglioni", "bentivoglio", "deste", "gonzaga", "malatesta",
                             "montefeltro")
TRAITORS: tuple[str, ...] = ("steal_influence", "freeze_bid", "cardinal_bribe", "steal_gold",
                             "declaration_of_war", "bad_weather", "troop_bribe", "veto")
PROVENANCES = ("seed", "review", "provisional")

#: other spellings of city tile names (the canonical id is the value)
TILE_ALIASES: dict[str, str] = {
    "alfonso_of_aragon": "alfonso", "alfonso_von_aragon": "alfonso",
    "alfonso_d_aragona": "alfonso", "ferrante_of_aragon": "ferrante",
    "ferrante_von_aragon": "ferrante", "pallavicino_family": "pallavicino",
    "familie_pallavicino": "pallavicino", "colonna_family": "colonna",
    "orsini_family": "orsini", "soderini_family": "soderini", "pazzi_family": "pazzi",
    "the_doge": "doge", "der_doge": "doge", "rodrigo_borgia": "roderigo_borgia",
    "genoese_crossbow": "genoese_crossbows", "swiss_mercenary": "swiss_mercenaries",
    "waffenschmied": "armourer", "armorer": "armourer", "banker": "banker#1",
    "genoese_crossbowmen": "genoese_crossbows", "genuesische_armbrust": "genoese_crossbows",
    "lorenzo_de_medici": "lorenzo_medici", "giovanni_de_medici": "giovanni_medici",
    "schweizerische_soldner": "swiss_mercenaries", "spanische_infanterie": "spanish_infantry",
    "dogen": "doge", "reicher_kaufmann": "rich_merchant", "reiche_familie": "rich_family",
    "familie_soderini": "soderini", "familie_pazzi": "pazzi", "familie_colonna": "colonna",
    "familie_orsini": "orsini", "rodrigo_borgia_pope": "roderigo_borgia",
}


class CatalogueError(ValueError):
    """The catalogue or its override is malformed."""


@dataclass(frozen=True)
class Value:
    """One printed number (or name) and where it comes from; ``None`` = no symbol."""

    value: Any
    provenance: str


@dataclass(frozen=True)
class Entry:
    """One catalogue entry: its values by name, plus plain (unnumbered) attributes."""

    id: str
    values: dict[str, Value]
    attrs: dict[str, Any] = field(default_factory=dict)

    def num(self, name: str, default: int = 0) -> int:
        v = self.values.get(name)
        if v is None or v.value is None:
            return default
        return int(v.value)

    def opt(self, name: str) -> int | None:
        v = self.values.get(name)
        return None if v is None or v.value is None else int(v.value)

    def text(self, name: str, default: str = "") -> str:
        v = self.values.get(name)
        if v is not None and v.value is not None:
            return str(v.value)
        a = self.attrs.get(name)
        return default if a is None else str(a)


@dataclass(frozen=True)
class Catalogue:
    """All entries by section: rules, start_status, families (id.side), troops,
    city_tiles, events, traitors."""

    sections: dict[str, dict[str, Entry]]

    def __deepcopy__(self, memo: dict[int, object]) -> Catalogue:
        return self  # immutable in use: states share it

    def rule(self, name: str) -> int:
        return self.sections["rules"]["rules"].num(name)

    def rule_list(self, name: str) -> list[int]:
        return [int(x) for x in self.sections["rules"]["rules"].values[name].value]

    def family(self, family: str, side: str) -> Entry:
        return self.sections["families"][f"{family}.{side}"]

    def troop(self, troop: str) -> Entry:
        return self.sections["troops"][troop]

    def tile(self, tile: str) -> Entry:
        return self.sections["city_tiles"][tile]

    def event(self, event: str) -> Entry:
        return self.sections["events"][event]

    def traitor(self, card: str) -> Entry:
        return self.sections["traitors"][card]

    def troops(self) -> list[str]:
        return list(self.sections["troops"])

    def tiles(self) -> list[str]:
        return list(self.sections["city_tiles"])

    def events(self) -> list[str]:
        return list(self.sections["events"])

    def canonical_tile(self, name: str) -> str | None:
        name = TILE_ALIASES.get(name, name)
        return name if name in self.sections["city_tiles"] else None

    def with_copy(self, name: str) -> Catalogue | None:
        """The catalogue with ``name`` added when it is a further copy ``<city>:<tile>#n``
        of a known tile (another Merchant of a city): None when it is not."""
        city, _, rest = name.partition(":")
        base = rest.split("#")[0]
        if city not in CITIES or not rest:
            return None
        base = TILE_ALIASES.get(base, base)
        template = next((e for k, e in self.sections["city_tiles"].items()
                         if k.split(":")[-1].split("#")[0] == base), None)
        if template is None:
            return None
        sections = {k: dict(v) for k, v in self.sections.items()}
        values = dict(template.values)
        values["city"] = Value(city, "provisional")
        sections["city_tiles"][name] = Entry(name, values, copy.deepcopy(template.attrs))
        return Catalogue(sections)

    def provisional(self) -> list[str]:
        """Every provisional value, as ``section.entry.name``."""
        found = []
        for section, entries in self.sections.items():
            for eid, entry in entries.items():
                for name, v in entry.values.items():
                    if v.provenance == "provisional":
                        found.append(f"{section}.{eid}.{name}")
        return sorted(found)


def _value(raw: object, where: str) -> Value:
    if isinstance(raw, dict) and "provenance" in raw:
        prov = raw["provenance"]
        if prov not in PROVENANCES:
            raise CatalogueError(f"{where}: provenance {prov!r} is not one of {PROVENANCES}")
        return Value(None if raw.get("absent") else raw.get("value"), str(prov))
    raise CatalogueError(f"{where}: a value needs a provenance")


def _entry(eid: str, raw: dict[str, Any], where: str) -> Entry:
    values: dict[str, Value] = {}
    attrs: dict[str, Any] = {}
    for name, item in raw.items():
        if isinstance(item, dict):
            values[name] = _value(item, f"{where}.{eid}.{name}")
        else:
            attrs[name] = item
    return Entry(eid, values, attrs)


def _parse(data: dict[str, Any]) -> Catalogue:
    sections: dict[str, dict[str, Entry]] = {
        "rules": {"rules": _entry("rules", data["rules"], "rules")},
        "start_status": {c: Entry(c, {"status": _value(data["start_status"][c], c)})
                         for c in CITIES},
        "families": {}, "troops": {}, "city_tiles": {}, "events": {}, "traitors": {},
    }
    for fam, sides in data["families"].items():
        for side, raw in sides.items():
            sections["families"][f"{fam}.{side}"] = _entry(f"{fam}.{side}", raw, "families")
    for section in ("troops", "city_tiles", "events", "traitors"):
        for eid, raw in data[section].items():
            sections[section][eid] = _entry(eid, raw, section)
    return Catalogue(sections)


_PACKAGED: Catalogue | None = None


def packaged() -> Catalogue:
    """The catalogue shipped with the package."""
    global _PACKAGED
    if _PACKAGED is None:
        text = (resources.files("machiavelli") / "data" / "princes" / "catalogue.toml").read_text(
            encoding="utf-8")
        _PACKAGED = _parse(tomllib.loads(text))
    return _PACKAGED


_OVERRIDE_FIELDS: dict[str, tuple[str, ...]] = {
    "families": ("gold_income", "influence_income"),
    "troops": ("price", "attack", "defence", "gold_income", "influence_income",
               "first_decade", "count"),
    "city_tiles": ("city", "gold_income", "influence_income", "keywords"),
    "events": ("kind", "vp", "delta", "currency", "decade"),
}


def _check_number(value: object, where: str, *, allow_none: bool = False) -> object:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 1000:
        raise CatalogueError(f"{where}: {value!r} is not a whole number in -1000..1000")
    return value


def with_override(base: Catalogue, override: object, side: str = "A") -> Catalogue:
    """``base`` with the values of ``override`` (the scenario format's ``catalogue``)."""
    if override is None:
        return base
    if not isinstance(override, dict):
        raise CatalogueError("catalogue: must be an object")
    sections = {k: dict(v) for k, v in base.sections.items()}
    for section, entries in override.items():
        if section not in _OVERRIDE_FIELDS:
            raise CatalogueError(f"catalogue: unknown section {section!r}")
        if not isinstance(entries, dict):
            raise CatalogueError(f"catalogue.{section}: must be an object")
        for eid, raw in entries.items():
            if not isinstance(raw, dict):
                raise CatalogueError(f"catalogue.{section}.{eid}: must be an object")
            _override_entry(sections, section, str(eid), raw, side)
    return Catalogue(sections)


def _override_entry(sections: dict[str, dict[str, Entry]], section: str, eid: str,
                    raw: dict[str, Any], side: str) -> None:
    where = f"catalogue.{section}.{eid}"
    prov = raw.get("provenance", "provisional")
    if prov not in PROVENANCES:
        raise CatalogueError(f"{where}: provenance {prov!r} is not one of {PROVENANCES}")
    if section == "families":
        if eid not in FAMILIES:
            raise CatalogueError(f"{where}: unknown family")
        per_side = {s: raw[s] for s in ("A", "B") if isinstance(raw.get(s), dict)}
        if not per_side:
            per_side = {side: raw}
        for s, vals in per_side.items():
            key = f"{eid}.{s}"
            _merge(sections["families"], key, vals, section, where, prov)
        return
    key = eid
    if section == "city_tiles":
        canon = TILE_ALIASES.get(eid, eid)
        if canon not in sections["city_tiles"] and "city" not in raw:
            raise CatalogueError(f"{where}: unknown city tile (give its city to add it)")
        key = canon
    elif key not in sections[section]:
        if section == "events" and "kind" in raw:
            pass
        else:
            raise CatalogueError(f"{where}: unknown {section[:-1].replace('_', ' ')}")
    _merge(sections[section], key, raw, section, where, prov)


def _merge(entries: dict[str, Entry], key: str, raw: dict[str, Any], section: str,
           where: str, prov: str) -> None:
    old = entries.get(key)
    values = dict(old.values) if old else {}
    attrs = copy.deepcopy(old.attrs) if old else {}
    for name, val in raw.items():
        if name in ("provenance", "A", "B"):
            continue
        if name not in _OVERRIDE_FIELDS[section]:
            continue            # a value the engine does not use: it cannot matter
        if name == "keywords":
            if not isinstance(val, list) or not all(isinstance(k, str) for k in val):
                raise CatalogueError(f"{where}.keywords: must be a list of words")
            attrs["keywords"] = list(val)
        elif name == "city":
            if val not in CITIES:
                raise CatalogueError(f"{where}.city: unknown city {val!r}")
            values["city"] = Value(val, prov)
        elif name == "kind":
            if val not in ("vp", "status", "bonus"):
                raise CatalogueError(f"{where}.kind: must be vp, status or bonus")
            attrs["kind"] = val
        elif name == "currency":
            if val not in ("gold", "influence"):
                raise CatalogueError(f"{where}.currency: must be gold or influence")
            values["currency"] = Value(val, prov)
        else:
            values[name] = Value(_check_number(val, f"{where}.{name}",
                                               allow_none=name in ("attack", "defence")), prov)
    if old is None and section == "city_tiles":
        base = key.split(":")[-1].split("#")[0]
        base = TILE_ALIASES.get(base, base)
        template = entries.get(base) or entries.get(f"{base}#1")
        if template is not None:
            attrs = {**copy.deepcopy(template.attrs), **attrs}
            values = {**{k: v for k, v in template.values.items() if k not in values}, **values}
        if "merchant" in base and "keywords" not in attrs:
            attrs["keywords"] = ["merchant"]
    entries[key] = Entry(key, values, attrs)


def ability(entry: Entry) -> str:
    return entry.text("ability")


def keywords(entry: Entry) -> list[str]:
    kw = entry.attrs.get("keywords", [])
    return [str(k) for k in kw] if isinstance(kw, list) else []

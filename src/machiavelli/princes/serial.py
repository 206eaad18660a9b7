"""A position as plain JSON data and back (for the host's database, rollback and replay).
The catalogue is not stored, only the game's override of it (``catalogue_override``): a
position reads back with the packaged catalogue and that override, unless the caller
passes a catalogue."""

from __future__ import annotations

import dataclasses
from typing import Any

from .catalogue import Catalogue, packaged, with_override
from .state import Auction, Holdings, Pending, Rules, State, War

FORMAT = 1


def to_data(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in dataclasses.fields(State):
        if f.name == "catalogue":
            continue
        value = getattr(state, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            value = dataclasses.asdict(value)
        elif f.name == "seats":
            value = {k: dataclasses.asdict(v) for k, v in value.items()}
        elif f.name == "events_later":
            value = {str(k): list(v) for k, v in value.items()}
        data[f.name] = value
    data["rules"]["vp_fields"] = list(state.rules.vp_fields)
    data["pending"]["seats"] = list(state.pending.seats)
    data["format"] = FORMAT
    return data


def from_data(data: dict[str, Any], catalogue: Catalogue | None = None) -> State:
    if data.get("format") != FORMAT:
        raise ValueError(f"not a Princes position of format {FORMAT}")
    raw = dict(data)
    raw.pop("format")
    rules = dict(raw.pop("rules"))
    rules["vp_fields"] = tuple(rules["vp_fields"])
    seats = {k: Holdings(**v) for k, v in raw.pop("seats").items()}
    auction = raw.pop("auction")
    war = raw.pop("war")
    pending = dict(raw.pop("pending"))
    pending["seats"] = tuple(pending["seats"])
    raw["events_later"] = {int(k): v for k, v in raw["events_later"].items()}
    if catalogue is None:
        catalogue = with_override(packaged(), raw.get("catalogue_override"),
                                  str(rules.get("side", "A")))
    return State(rules=Rules(**rules), catalogue=catalogue, seats=seats,
                 auction=Auction(**auction) if auction else None,
                 war=War(**war) if war else None, pending=Pending(**pending), **raw)

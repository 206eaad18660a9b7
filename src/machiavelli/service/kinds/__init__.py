"""The kinds of game the host plays, by the name a game's row stores (``games.kind``).

Each kind is an adapter implementing :class:`~machiavelli.service.port.GameKind` over its
own engine; inside the service only these adapters import an engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from machiavelli.service.kinds.machiavelli import MachiavelliKind
from machiavelli.service.kinds.princes import PrincesKind
from machiavelli.service.port import GameKind

#: the name of Machiavelli's kind, the default of every game row
MACHIAVELLI = "machiavelli"
#: the name of Princes of the Renaissance's kind
PRINCES = "princes"

KINDS: Mapping[str, GameKind] = MappingProxyType({MACHIAVELLI: MachiavelliKind(),
                                                  PRINCES: PrincesKind()})


class UnknownKind(KeyError):
    """A game names a kind this host does not play."""


def kind_named(name: str) -> GameKind:
    """The kind called ``name`` (``games.kind``)."""
    try:
        return KINDS[name]
    except KeyError:
        raise UnknownKind(f"no kind of game named {name!r}: the kinds are "
                          f"{', '.join(sorted(KINDS))}") from None


__all__ = ["KINDS", "MACHIAVELLI", "PRINCES", "UnknownKind", "kind_named"]

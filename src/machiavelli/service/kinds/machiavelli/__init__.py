"""Machiavelli as a kind of game: the adapter over the engine (``core``, ``game``,
``movement``, ``money``, ``text``, ``render``).

- :mod:`.table`: the position as the host holds it (the scenario's board, the engine's
  ``State``, the victory set for the game), made from a set-up and stored as the
  engine's JSON;
- :mod:`.orders`: a power's orders read and merged, and its legal orders;
- :mod:`.phases`: who owes orders in the pending phase and the phase processed;
- :mod:`.sight`: what a viewer may see: the position, its text, the map;
- :mod:`.standing`: cities per power, winners, the shared draw;
- :mod:`.kind`: :class:`MachiavelliKind`, the port's operations put together.
"""

from machiavelli.service.kinds.machiavelli.kind import MachiavelliKind
from machiavelli.service.kinds.machiavelli.table import Table

__all__ = ["MachiavelliKind", "Table"]

"""*Princes of the Renaissance* as a kind of game: the adapter over the engine
(:mod:`machiavelli.princes`).

- :mod:`.table`: the set-ups, the position made from one, stored as the engine's JSON,
  and the canonical line of an action;
- :mod:`.answers`: the pending decision, a seat's answer read and checked, its legal
  choices, and the decision resolved;
- :mod:`.sight`: what a viewer may see (spec section 4.6), the reports, the picture;
- :mod:`.kind`: :class:`PrincesKind`, the port's operations put together.
"""

from machiavelli.service.kinds.princes.kind import PrincesKind

__all__ = ["PrincesKind"]

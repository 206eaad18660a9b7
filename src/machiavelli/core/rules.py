"""The rules in force for one phase: the options read once, as a frozen snapshot.

:func:`rules_of` turns a game's stored options (``State.options``, possibly
partial) into a :class:`Rules` with every option's value in force, couplings
applied (:func:`machiavelli.core.options.flag`).  The snapshot is taken once per
phase and handed down: nothing below ``resolve_movement`` reads the options
again.  Equal option dictionaries share one snapshot.
"""

from __future__ import annotations

from machiavelli.core.options import Rules, rules_of

__all__ = ["Rules", "rules_of"]

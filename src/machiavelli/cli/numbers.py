"""Every number the command line takes has bounds: a value past them is refused by click
with a message (exit 2), never carried to the service or the database.

:func:`count` is an :class:`click.IntRange` with both ends; :class:`Finite` a
:class:`click.FloatRange` with both ends that refuses ``nan`` and ``inf`` too (which
pass a plain range, since they compare false).  ``tests/test_abuse_bounds.py`` walks every
command and checks that each number it takes has both ends.
"""

from __future__ import annotations

import math
from typing import Any

import click

MAX_PHASE = 1_000_000  # no game has more phases
MAX_SEED = 2**63 - 1


def count(low: int, high: int) -> click.IntRange:
    return click.IntRange(low, high)


class Finite(click.FloatRange):
    """A float between ``low`` and ``high``, finite."""

    def __init__(self, low: float, high: float) -> None:
        super().__init__(low, high)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


PHASE = count(0, MAX_PHASE)
SEED = count(0, MAX_SEED)

"""How long someone who guessed wrong waits before the next guess: a pure policy.

A few failures are free (a typo); past them each failure doubles the wait before the
next attempt, up to a longest wait, and failures older than the window are forgotten.
The service counts wrong seat passwords with it (``SIGN ON``, :mod:`~machiavelli.service.
guesses`), the web wrong log-ins and wrong API keys (``web/sessions.py``), each with its
own table of failures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class Backoff:
    """``free`` failures in ``window``, then a wait of ``first`` doubled at each further
    failure, never longer than ``longest``, counted from the last failure."""

    free: int
    first: timedelta = timedelta(minutes=1)
    longest: timedelta = timedelta(hours=1)
    window: timedelta = timedelta(hours=24)

    def wait(self, failures: Iterable[datetime], now: datetime) -> timedelta:
        """How long from ``now`` until the next attempt is heard (zero: at once)."""
        recent = sorted(at for at in failures if at > now - self.window)
        if len(recent) < self.free:
            return timedelta(0)
        steps = min(len(recent) - self.free, 30)
        wait: timedelta = min(self.first * (2 ** steps), self.longest)
        left: timedelta = recent[-1] + wait - now
        return left if left > timedelta(0) else timedelta(0)


def in_words(wait: timedelta) -> str:
    """``wait`` rounded up to whole minutes (at least one), in words."""
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    return f"{minutes} minute{'s' * (minutes != 1)}"

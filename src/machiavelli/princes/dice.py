"""The seeded die: every roll is derived from the game's seed and its index, logged with
its purpose; tests inject a script of results, consumed first."""

from __future__ import annotations

import hashlib
import random

from .state import State


def d6(state: State, purpose: str) -> int:
    index = state.rolls
    state.rolls += 1
    if state.script:
        value = state.script.pop(0)
        source = "script"
    else:
        if state.script_only:
            state.note("dice_exhausted", index=index, purpose=purpose)
        digest = hashlib.sha256(f"{state.seed}:d6:{index}".encode()).digest()
        value = int.from_bytes(digest[:8], "big") % 6 + 1
        source = "seed"
    state.note("roll", index=index, value=value, purpose=purpose, source=source)
    return value


def shuffle(state: State, cards: list[str], purpose: str) -> list[str]:
    """``cards`` in a seeded order (the shuffle's number is logged, not the order)."""
    index = state.shuffles
    state.shuffles += 1
    rng = random.Random(f"{state.seed}:shuffle:{index}")
    out = list(cards)
    rng.shuffle(out)
    state.note("shuffle", index=index, purpose=purpose, cards=len(out))
    return out

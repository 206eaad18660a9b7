"""The Princes game page's score sheet and its wars round by round, in words a viewer may
read (spec princes.md section 4.6; issue 35 item 5).

The score sheet counts each family's victory points by source as the final scoring does
(PR-END: cities, events, the Pope, gold, influence, triumphs): the final scoring's own
once the game is over, else what it would give now.  The gold and influence majorities
follow the seats' totals, so with closed money (PR-GEN.4) only the master sees them before
the end; the others see those two sources hidden and a total without them.
"""

from __future__ import annotations

from typing import Any

from machiavelli.princes.scoring import final_scoring
from machiavelli.princes.state import State, copy_state
from machiavelli.service.port import Sight

#: the final scoring's sources, in the order of the rulebook's scoring
SOURCES = ("cities", "events", "pope", "gold", "influence", "triumphs")
MONEY = ("gold", "influence")


def score_sheet(state: State, viewer: Sight, titled: dict[str, str]) -> dict[str, Any] | None:
    """Each seat's victory points by source (None before the families are chosen);
    ``titled``: seat -> its name on the page."""
    final = state.final is not None
    if final:
        breakdown = dict((state.final or {}).get("breakdown", {}))
    elif state.stage != "play":
        return None
    else:
        breakdown = final_scoring(copy_state(state))["breakdown"]
    shown = final or viewer.master or state.rules.money == "open"
    rows = []
    for seat in state.order or list(state.seats):
        parts = {k: int(breakdown.get(seat, {}).get(k, 0)) for k in SOURCES}
        row: dict[str, Any] = {"seat": titled.get(seat, seat),
                               **{k: (v if shown or k not in MONEY else None)
                                  for k, v in parts.items()}}
        row["total"] = sum(v for k, v in parts.items() if shown or k not in MONEY)
        rows.append(row)
    return {"final": final, "money_shown": shown, "sources": list(SOURCES), "rows": rows}


def war_rounds(state: State) -> list[dict[str, Any]]:
    """The rounds of the war in progress, or of the last war, from the public log:
    each with its strengths and the dice that went into them (the attacking side's die
    first)."""
    rounds: list[dict[str, Any]] = []
    for event in reversed(state.log):
        if event.get("type") == "war_started":
            break
        if event.get("type") == "battle_round":
            dice = list(event.get("dice", []))
            rounds.append({"round": event.get("round"), "attack": event.get("attack"),
                           "defence": event.get("defence"),
                           "attack_die": dice[0] if dice else None,
                           "defence_die": dice[1] if len(dice) > 1 else None})
    return list(reversed(rounds))

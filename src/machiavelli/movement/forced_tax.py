"""Who may tax a province by force: seed 003's forced taxation (option ``forced_tax``,
BAR-5.3), the static check the order checker and the adjustment share
(:mod:`machiavelli.money.forced_tax` carries the taxation out)."""

from __future__ import annotations

from machiavelli.core.board import Board
from machiavelli.core.orders import Tax
from machiavelli.core.rules import Rules
from machiavelli.core.state import State


def tax_problem(board: Board, state: State, power: str, order: Tax, rules: Rules) -> str | None:
    """Why ``power`` may not tax ``order.province`` by force now, or None."""
    if not rules.forced_tax:
        return "forced taxation needs the 'forced_tax' option (BAR-5.3)"
    if not rules.money:
        return "there is no money in this game"
    province = order.province
    place = board.provinces.get(province)
    if place is None:
        return f"unknown place {province!r}"
    if place.sea:
        return f"{place.name} is a sea area: only a province is taxed by force"
    if place.venice:
        return "Venice cannot be taxed by force (BAR-14.1)"
    if state.province_owner.get(province) != power:
        return f"{power} does not control {place.name}"
    if province in state.rebellions:
        return f"{place.name} is in rebellion"
    if province in state.famine:
        return f"{place.name} has famine"
    return None


__all__ = ["tax_problem"]

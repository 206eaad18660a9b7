"""A case's run (:class:`CaseRun`) and writing its result: the adjudicated position in the
case-file format.

What :func:`format_result` writes is what ``machiavelli adjudicate`` prints and what
:func:`~machiavelli.cases.runner.check_case` reads against the case's expectations.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import itemgetter

from machiavelli.cases.model import AUTONOMOUS, Case
from machiavelli.cases.money import assassinated_in, format_money_sections
from machiavelli.core.dice import Roll
from machiavelli.core.results import Adjudication, OrderResult
from machiavelli.core.state import Dislodged, Rebellion, State, Unit
from machiavelli.text.notation import format_order

__all__ = ["CaseRun", "format_dislodged", "format_result", "format_unit", "owner_label",
           "rebellion_value"]


class CaseRun:
    """A case after adjudication: the new position, or why there is none.

    The results of the orders are taken from the adjudication when first read (a
    case whose output shows no results never has them written).
    """

    def __init__(
        self,
        case: Case,
        state: State | None = None,
        results: list[OrderResult] | None = None,
        order_errors: list[str] | None = None,
        before: State | None = None,
        error: str | None = None,
        events: list[str] | None = None,
        private_events: dict[str, list[str]] | None = None,
        rolls: list[Roll] | None = None,
        *,
        adjudication: Adjudication | None = None,
    ) -> None:
        self.case = case
        self.state = state
        self._results = results
        self.order_errors: list[str] = order_errors if order_errors is not None else []
        self.before = before
        self.error = error
        self.events: list[str] = events if events is not None else []  # public
        #: the powers that won the game when the phase ended (a game case, SEED)
        self.winners: list[str] = []
        #: power -> its own events
        self.private_events: dict[str, list[str]] = (
            private_events if private_events is not None else {})
        self.rolls: list[Roll] = rolls if rolls is not None else []
        self.adjudication = adjudication

    @property
    def results(self) -> list[OrderResult]:
        if self._results is None:
            found = self.adjudication
            self._results = list(found.results) if found is not None else []
        return self._results

    @results.setter
    def results(self, value: list[OrderResult]) -> None:
        self._results = value

    @property
    def assassinated(self) -> list[str]:
        """The powers assassinated during the phase (see ``case_money.assassinated_in``)."""
        if self.state is None or self.before is None:
            return []
        return assassinated_in(self.before, self.state, self.results, self.before.powers)



def owner_label(owner: str | None) -> str:
    return owner if owner is not None else AUTONOMOUS


def format_unit(case: Case, u: Unit) -> str:
    """``"Russia: F stp/sc"``, ``"Milan: elite_mercenary A mil"``, ``"Autonomous: G pis"``."""
    owner = u.owner if u.owner is not None else AUTONOMOUS
    if u.special or u.coast:
        special = f"{u.special} " if u.special else ""
        return f"{owner}: {special}{u.kind} {case.place(u.location)}"
    return f"{owner}: {u.kind} {case.spelling.get(u.province, u.province)}"


def _sort_key(u: Unit) -> tuple[str, str, str]:
    owner = u.owner if u.owner is not None else AUTONOMOUS
    return (owner.lower(), u.province if not u.coast else u.location, u.kind)


def format_dislodged(case: Case, d: Dislodged) -> str:
    text = format_unit(case, d.unit)
    if case.machiavelli and d.attacker_from is not None:
        text += f" from {case.place(d.attacker_from)}"
    return text


def format_result(case: Case, run: CaseRun) -> str:
    """The adjudicated position of a case, in the case-file format."""
    lines = [f"CASE {case.name}"]
    state = run.state
    if state is None:
        lines.append(f"# no result: {run.error}")
        lines.append("END")
        return "\n".join(lines) + "\n"
    lines.append("POSTSTATE")
    lines += _unit_lines(case, state.units)
    if state.dislodged:
        lines.append("POSTSTATE_DISLODGED")
        for d in sorted(state.dislodged, key=lambda d: _sort_key(d.unit)):
            lines.append(f"\t{format_dislodged(case, d)}")
    if case.extras:
        lines += _extra_sections(case, run, state)
    if run.winners or case.expect_winners is not None:  # a game case's end (SEED)
        lines.append("POSTSTATE_WINNERS")
        lines += [f"\t{power}" for power in run.winners]
    lines.append("END")
    return "\n".join(lines) + "\n"


def _unit_lines(case: Case, units: Iterable[Unit]) -> list[str]:
    """``\t`` and :func:`format_unit` of each unit, sorted by :func:`_sort_key`."""
    spelling = case.spelling
    rows: list[tuple[tuple[str, str, str], str]] = []
    for u in units:
        owner = u.owner if u.owner is not None else AUTONOMOUS
        if u.special or u.coast:
            key = (owner.lower(), u.location if u.coast else u.province, u.kind)
            rows.append((key, "\t" + format_unit(case, u)))
        else:  # the usual unit, written as format_unit writes it
            province = u.province
            rows.append(((owner.lower(), province, u.kind),
                         f"\t{owner}: {u.kind} {spelling.get(province, province)}"))
    rows.sort(key=_FIRST)  # stable: units with equal keys keep their order, as sorted() does
    return [text for _, text in rows]


_FIRST = itemgetter(0)


def _extra_sections(case: Case, run: CaseRun, state: State) -> list[str]:
    """The POSTSTATE_ sections of the Machiavelli extension the case used."""
    lines: list[str] = []
    if "SIEGES" in case.extras:
        lines.append("POSTSTATE_SIEGES")
        sieges = [u for u in state.units if u.siege]
        lines += [f"\t{format_unit(case, u)}" for u in sorted(sieges, key=_sort_key)]
    if "REBELLIONS" in case.extras:
        lines.append("POSTSTATE_REBELLIONS")
        lines += [f"\t{_format_rebellion(case, r)}" for _, r in sorted(state.rebellions.items())]
    for name, owners in (
        ("PROVINCE_OWNERS", state.province_owner),
        ("CITY_OWNERS", state.city_owner),
    ):
        if name in case.extras:
            lines.append(f"POSTSTATE_{name}")
            lines += [f"\t{line}" for line in _format_owners(case, owners)]
    if "TREASURY" in case.extras:
        lines.append("POSTSTATE_TREASURY")
        lines += [f"\t{power}: {amount}" for power, amount in sorted(state.treasury.items())]
    assassinated = run.assassinated if "ASSASSINATED" in case.extras else []
    lines += format_money_sections(case, state, assassinated, run.rolls)
    if "RESULTS" in case.extras:
        lines.append("POSTSTATE_RESULTS")
        lines += [f"\t{_format_order_result(r)}" for r in run.results]
    return lines


def rebellion_value(r: Rebellion) -> str:
    where = " ".join(w for w, on in (("province", r.in_province), ("city", r.in_city)) if on)
    return f"{r.against} {where}".rstrip()


def _format_rebellion(case: Case, r: Rebellion) -> str:
    return f"{case.place(r.province)}: {rebellion_value(r)}"


def _format_owners(case: Case, owners: Mapping[str, str]) -> list[str]:
    by_power: dict[str, list[str]] = {}
    for pid, power in sorted(owners.items()):
        by_power.setdefault(power, []).append(case.place(pid))
    return [f"{power}: {', '.join(places)}" for power, places in sorted(by_power.items())]


def _format_order_result(r: OrderResult) -> str:
    try:
        text = format_order(r.order)
    except Exception:  # an order no formatter knows (a test's fake): shown as it is
        text = repr(r.order)
    note = f"\t# {r.note}" if r.note else ""
    return f"{r.outcome}: {owner_label(r.power)}: {text}{note}"

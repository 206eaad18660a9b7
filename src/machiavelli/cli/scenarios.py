"""``machiavelli scenarios``: the scenarios shipped, their powers and player counts."""

from __future__ import annotations

import click

from machiavelli.game.scenario import ScenarioInfo, VariantInfo, list_scenarios, scenario_info
from machiavelli.game.scenario.boardless import (
    BoardlessScenario,
    boardless_names,
    load_boardless,
)
from machiavelli.game.scenario.checks import ScenarioError


def _counts(info: ScenarioInfo) -> str:
    parts: list[str] = []
    for n in info.player_counts:
        options = sum(1 for v in info.variants if v.players == n)
        parts.append(f"{n} ({options} options)" if options > 1 else str(n))
    return ", ".join(parts)


def summary(info: ScenarioInfo) -> list[str]:
    """Three lines: name, year, map and title; the powers; the player counts."""
    return [
        f"{info.name:<22} {info.year:>5}  {info.map:<13} {info.title}",
        f"    powers:  {', '.join(info.powers)}" + _unplayed(info),
        f"    players: {_counts(info)}",
    ]


def _unplayed(info: ScenarioInfo) -> str:
    return f" ({', '.join(info.unplayed)}: no player)" if info.unplayed else ""


def _variant_lines(info: ScenarioInfo, variant: VariantInfo) -> list[str]:
    several = sum(1 for v in info.variants if v.players == variant.players) > 1
    name = f"{info.name}:{variant.option}" if variant.option > 1 else info.name
    head = f"  {variant.players} players"
    if several:
        head += f", option {variant.option}"
    head += f" (new {name} DIR --players {variant.players})"
    lines = [head]
    if variant.powers != info.powers:
        lines.append(f"      powers:  {', '.join(variant.powers)}")
    lines.append(f"      sides:   {variant.describe_sides()}")
    if variant.neutral:
        lines.append(f"      neutral: {', '.join(variant.neutral)} (provinces off the board)")
    if variant.autonomous:
        lines.append(f"      out:     {', '.join(variant.autonomous)} (units become autonomous)")
    if not variant.basic_victory:
        lines.append("      (*) not suitable for the Basic Game victory conditions")
    if variant.note:
        lines.append(f"      {variant.note}")
    return lines


def details(info: ScenarioInfo) -> list[str]:
    """Everything ``machiavelli scenarios NAME`` prints."""
    lines = [
        f"{info.name}: {info.title}",
        f"map {info.map}, first campaign in {info.year}",
        f"powers: {', '.join(info.powers)}" + _unplayed(info),
    ]
    if info.victory is not None:
        v = info.victory
        lines.append(f"victory: {v.cities} cities and {v.home_countries} home countries")
    lines.append(f"players: {_counts(info)}")
    for variant in info.variants:
        lines.extend(_variant_lines(info, variant))
    return lines


def waiting_summary(info: BoardlessScenario) -> list[str]:
    """A scenario whose map is missing: what it is, and that it waits for its map."""
    powers = ", ".join(p.name for p in info.powers)
    return [
        f"{info.name:<22} {info.year:>5}  {'(no map)':<13} {info.title}",
        f"    powers:  {powers}",
        f"    {info.status}: not playable (machiavelli scenarios {info.name})",
    ]


def waiting_details(info: BoardlessScenario) -> list[str]:
    """Everything ``machiavelli scenarios NAME`` prints of a scenario waiting for its map."""
    lines = [f"{info.name}: {info.title}",
             f"{info.status}; first campaign in {info.season.capitalize()} {info.year}",
             "powers (home provinces, tax and trade income, capitals):"]
    for p in info.powers:
        lines.append(f"  {p.name}: {len(p.provinces)} provinces, tax {p.tax_income} d, "
                     f"trade {p.trade_income} d, capitals {', '.join(p.capitals)}")
    lines.append(f"independent garrisons: {len(info.garrisons)}; independent unfortified "
                 f"cities: {', '.join(info.unfortified)}")
    lines.append("missing:")
    lines.extend(f"  - {m}" for m in info.missing)
    return lines


@click.command("scenarios")
@click.argument("name", required=False)
def scenarios(name: str | None) -> None:
    """List the scenarios with their powers and player counts, or show NAME's variants."""
    if name is not None:
        if name in boardless_names():
            click.echo("\n".join(waiting_details(load_boardless(name))))
            return
        try:
            info = scenario_info(name)
        except ScenarioError as err:
            raise click.ClickException(str(err)) from None
        click.echo("\n".join(details(info)))
        return
    for info in list_scenarios():
        click.echo("\n".join(summary(info)))
    for waiting in boardless_names():
        click.echo("\n".join(waiting_summary(load_boardless(waiting))))

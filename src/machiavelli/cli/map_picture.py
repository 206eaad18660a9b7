"""``machiavelli map``: the picture of a game's phase, as SVG or PNG.

The game is read from its directory (:mod:`~machiavelli.cli.store`): the current
phase with the viewer's stored orders, or a processed phase (``--phase N``) with
its orders and results, adjudicated again from the recorded position and the
game's seed (the same position, orders and seed give the same result).  What the
picture shows a viewer is decided by :mod:`machiavelli.render.view`; once games
live in the service, this command will draw what the service's view returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from machiavelli.cli.store import GameDir, GameDirError, GameSettings, read_state
from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.orders import Order
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase
from machiavelli.game.scenario import scenario_board, scenario_info
from machiavelli.render import draw_map
from machiavelli.render.units import struck_by
from machiavelli.text.notation import parse_orders

PNG_WIDTH = 2000  # pixels: the names stay readable in a mail


def _viewer(state: State, name: str | None) -> str | None:
    if name is None:
        return None
    wanted = name.strip().lower()
    matches = [p for p in state.powers if p.lower() == wanted]
    if not matches and len(wanted) >= 2:
        matches = [p for p in state.powers if p.lower().startswith(wanted)]
    if len(matches) != 1:
        raise click.ClickException(
            f"unknown power {name!r}: the powers are {', '.join(state.powers)}")
    return matches[0]


def _orders(board: Board, state: State, texts: dict[str, str]) -> dict[str, list[Order]]:
    return {power: list(parse_orders(text, board, state, power).orders)
            for power, text in texts.items() if power in state.powers}


def _read_orders(folder: Path) -> dict[str, str]:
    if not folder.is_dir():
        return {}
    return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))}


def _report(entries: Sequence[Path], game: GameDir, number: int) -> str:
    """The report of the phase that led to phase ``number`` (the game's start for 1)."""
    if number <= 1:
        return game.start_report()
    return (entries[number - 2] / "report.txt").read_text(encoding="utf-8")


def picture(game: GameDir, settings: GameSettings, state: State, phase: int | None,
            viewer: str | None) -> str:
    board = scenario_board(settings.scenario, settings.players)
    entries = game.history_entries()
    results: list[OrderResult] = []
    pending: dict[str, list[Order]] = {}
    if phase is None:
        drawn = state
        if viewer is not None:
            pending = _orders(board, state, {viewer: game.stored_orders().get(viewer, "")})
        number = len(entries) + 1
    else:
        if not 1 <= phase <= len(entries):
            raise click.ClickException(
                f"no phase {phase}: the processed phases are 1 to {len(entries)}"
                if entries else "no phase has been processed yet")
        entry = entries[phase - 1]
        try:
            drawn = read_state(entry / "before.json")
        except GameDirError as err:
            raise click.ClickException(str(err)) from None
        orders = _orders(board, drawn, _read_orders(entry / "orders"))
        dice = Dice.for_phase(settings.seed, drawn)
        results = adjudicate_phase(board, drawn, orders, dice).results
        number = phase
    plague = struck_by(board, "Plague", _report(entries, game, number)) if (
        drawn.season == "summer" and drawn.phase == "movement") else []
    return draw_map(board, drawn, results=results, viewer=viewer, pending=pending,
                    plague=plague, title=scenario_info(settings.scenario).title)


def to_png(svg: str) -> bytes:
    """The picture as PNG, through cairosvg (the ``png`` extra) and the system's cairo."""
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as err:
        raise click.ClickException(
            "--png needs cairosvg and the cairo library: "
            f"pip install 'machiavelli-judge[png]' ({err})") from None
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=PNG_WIDTH)
    return data


@click.command("map")
@click.argument("directory")
@click.option("--phase", type=int, default=None,
              help="A processed phase (1, 2, ... as `history` numbers them), with its orders "
                   "and results; default: the current phase.")
@click.option("--power", default=None,
              help="Draw it as this power sees it: with its own orders and private part.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The file to write (default: standard output).")
@click.option("--png", is_flag=True, help="A PNG picture instead of SVG (needs cairosvg).")
def map_command(directory: str, phase: int | None, power: str | None, output: str | None,
                png: bool) -> None:
    """Draw the map of the game in DIRECTORY: the position, orders and results."""
    game = GameDir(directory)
    try:
        settings, state = game.open()
    except GameDirError as err:
        raise click.ClickException(str(err)) from None
    svg = picture(game, settings, state, phase, _viewer(state, power))
    data = to_png(svg) if png else svg.encode("utf-8")
    if output is None:
        stream = click.get_binary_stream("stdout")
        stream.write(data)
        stream.flush()
    else:
        Path(output).write_bytes(data)

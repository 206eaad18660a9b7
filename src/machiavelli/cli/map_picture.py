"""``machiavelli map``: the picture of a game's phase, as SVG or PNG.

The game is read through the judge service (a game folder, or ``--db``): the current
phase with the viewer's stored orders, or a processed phase (``--phase N``) with
its orders and results, adjudicated again from the recorded position and the
game's seed (the same position, orders and seed give the same result).  What the
picture shows a viewer is decided by :mod:`machiavelli.render.view`.
"""

from __future__ import annotations

from pathlib import Path

import click

from machiavelli.cli.numbers import PHASE
from machiavelli.cli.where import answer, db_option, with_game
from machiavelli.core.board import Board
from machiavelli.core.dice import Dice
from machiavelli.core.high_seas import board_in_play
from machiavelli.core.orders import Order
from machiavelli.core.results import OrderResult
from machiavelli.core.state import State
from machiavelli.game.process import adjudicate_phase
from machiavelli.game.scenario import scenario_board, scenario_info
from machiavelli.render import draw_map
from machiavelli.render.units import struck_by
from machiavelli.service.judge import Judge
from machiavelli.service.visibility import GameView, Viewer
from machiavelli.text.notation import parse_orders

PNG_WIDTH = 2000  # pixels: the names stay readable in a mail
MASTER = Viewer.master("master")


def _orders(board: Board, state: State, texts: dict[str, str]) -> dict[str, list[Order]]:
    return {power: list(parse_orders(text, board, state, power).orders)
            for power, text in texts.items() if power in state.powers}


def _report(view: GameView, number: int) -> str:
    """The report of the phase that led to phase ``number`` (the game's start for 1)."""
    if number <= 1:
        return view.start
    return view.history[number - 2].report


def picture(view: GameView, seed: str, phase: int | None, viewer: str | None) -> str:
    """The map of ``view`` (the master's, with history) as ``viewer`` may see it."""
    board = board_in_play(scenario_board(view.scenario, view.players), view.state.options)
    entries = view.history
    results: list[OrderResult] = []
    pending: dict[str, list[Order]] = {}
    if phase is None:
        drawn = view.state
        if viewer is not None and viewer in view.orders:
            text = "".join(line + "\n" for line in view.orders[viewer].lines)
            pending = _orders(board, drawn, {viewer: text})
        number = len(entries) + 1
    else:
        if not 1 <= phase <= len(entries):
            raise click.ClickException(
                f"no phase {phase}: the processed phases are 1 to {len(entries)}"
                if entries else "no phase has been processed yet")
        before = view.start_position if phase == 1 else entries[phase - 2].position
        assert before is not None
        drawn = before
        orders = _orders(board, drawn, entries[phase - 1].orders)
        results = adjudicate_phase(board, drawn, orders, Dice.for_phase(seed, drawn)).results
        number = phase
    plague = struck_by(board, "Plague", _report(view, number)) if (
        drawn.season == "summer" and drawn.phase == "movement") else []
    return draw_map(board, drawn, results=results, viewer=viewer, pending=pending,
                    plague=plague, title=scenario_info(view.scenario).title)


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
@click.option("--phase", type=PHASE, default=None,
              help="A processed phase (1, 2, ... as `history` numbers them), with its orders "
                   "and results; default: the current phase.")
@click.option("--power", default=None,
              help="Draw it as this power sees it: with its own orders and private part.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="The file to write (default: standard output).")
@click.option("--png", is_flag=True, help="A PNG picture instead of SVG (needs cairosvg).")
@db_option
def map_command(directory: str, phase: int | None, power: str | None, output: str | None,
                png: bool, db: str | None) -> None:
    """Draw the map of the game in DIRECTORY: the position, orders and results."""
    def draw(judge: Judge, name: str) -> str:
        viewer = answer(judge.power_named(name, power, eliminated=True)) if power else None
        view = answer(judge.view(name, MASTER, history=True))
        return picture(view, answer(judge.seed(name)), phase, viewer)

    svg = with_game(directory, db, draw)
    data = to_png(svg) if png else svg.encode("utf-8")
    if output is None:
        stream = click.get_binary_stream("stdout")
        stream.write(data)
        stream.flush()
    else:
        Path(output).write_bytes(data)

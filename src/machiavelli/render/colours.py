"""Colours: one per power, stable for a board, distinct, and readable by colour-blind eyes.

The palette is Paul Tol's "muted" scheme (made to stay distinct under the common
forms of colour blindness) with a few of his "vibrant" colours after it; cyan is
left out because land tinted with it looks like sea.  Known powers keep one colour
on every board (Venice is always wine); the others take, in the board's letter
order, the first colours no power of that board already has.
"""

from __future__ import annotations

from machiavelli.core.board import Board

PALETTE = (  # the most different first: a board with few unknown powers takes these
    "#332288",  # indigo
    "#DDCC77",  # sand
    "#44AA99",  # teal
    "#882255",  # wine
    "#117733",  # green
    "#CC6677",  # rose
    "#999933",  # olive
    "#AA4499",  # purple
    "#EE7733",  # orange
    "#996633",  # brown
    "#0077BB",  # blue
    "#EE3377",  # magenta
    "#555555",  # dark grey
)
KNOWN = {
    # the classic map's powers
    "Venice": "#882255",
    "Florence": "#AA4499",
    "Milan": "#44AA99",
    "Naples": "#999933",
    "Papacy": "#DDCC77",
    "Austria": "#CC6677",
    "France": "#332288",
    "Turkey": "#117733",
    # the other maps' and scenarios'
    "Genoa": "#EE7733",
    "England": "#EE7733",
    "Germany": "#996633",
    "Italy": "#44AA99",
    "Russia": "#AA4499",
}
NEUTRAL_LAND = "#F3F3EF"
SEA = "#CFE2EE"
SEA_EDGE = "#7FA7C2"
OFF_BOARD = "#D9D6CF"
AUTONOMOUS = "#8C8C8C"
INK = "#222222"
FAIL = "#D00000"


def power_colours(board: Board, powers: tuple[str, ...] = ()) -> dict[str, str]:
    """Power name -> colour for the board's powers (and any others named), all distinct."""
    names = [board.powers[letter] for letter in sorted(board.powers)]
    names += [p for p in powers if p not in names]
    colours: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        wanted = KNOWN.get(name)
        if wanted is not None and wanted not in taken:
            colours[name] = wanted
            taken.add(wanted)
    free = [c for c in PALETTE if c not in taken]
    for i, name in enumerate(n for n in names if n not in colours):
        colours[name] = free[i % len(free)] if free else PALETTE[i % len(PALETTE)]
    return colours


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def tint(colour: str, amount: float) -> str:
    """``colour`` mixed with white: 0 keeps it, 1 is white."""
    r, g, b = (round(c + (255 - c) * amount) for c in _rgb(colour))
    return f"#{r:02X}{g:02X}{b:02X}"


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    r, g, b = _rgb(colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 140 else "#FFFFFF"

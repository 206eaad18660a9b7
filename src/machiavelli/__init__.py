"""machiavelli-judge: a judge for Machiavelli, the Renaissance game of war, money and intrigue.

The package is layered by stage of the data flow; each layer imports only those
before it (``tests/test_layers.py`` checks it, and ``docs/architecture.md`` draws it):

- the engine, pure and seeded:

  - :mod:`machiavelli.core`: the board, the position, orders, results, dice, options;
  - :mod:`machiavelli.text`: the order language both ways, and the reports;
  - :mod:`machiavelli.movement`: legality, the resolver, movement, retreats, sieges, control;
  - :mod:`machiavelli.money`: the bank, expenses, bribes, assassination, income;
  - :mod:`machiavelli.game`: the phase machine, the year, disasters, victory, scenarios;
  - :mod:`machiavelli.cases`: test-case files (the DATC format, extended);
  - :mod:`machiavelli.render`: the map as SVG, per phase and viewer;

- the host:

  - :mod:`machiavelli.service`: games, seats, deadlines, orders, press and votes in a
    database; its game port (:mod:`machiavelli.service.port`) is all it asks of a game,
    and its house rules (:mod:`machiavelli.service.house`) are nJudge's;
  - :mod:`machiavelli.bots`: an environment, baseline players, self-play;

- the front ends:

  - :mod:`machiavelli.commands`: nJudge's command language (mail, the web's judge
    console, the command line);
  - :mod:`machiavelli.mail`: the judge by mail (envelopes, SMTP, result mails);
  - :mod:`machiavelli.web`: the web judge and its JSON API;
  - :mod:`machiavelli.cli`: the ``machiavelli`` command.

The names most users need are importable from here::

    from machiavelli import load_scenario, parse_orders, legal_orders, process_phase

and, for bots driving the engine with order objects (no text either way)::

    from machiavelli import adjudicate
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from machiavelli.core import start_cache

# before any of the package's dataclasses is made: their methods' code kept on disk
start_cache.install()

__version__ = "0.1.0"

# name -> the module that defines it; imported on first use, so that
# ``import machiavelli.core.board`` does not load the whole engine.
_EXPORTS = {
    "Board": "machiavelli.core.board",
    "State": "machiavelli.core.state",
    "Unit": "machiavelli.core.state",
    "load_board": "machiavelli.core.maps",
    "load_scenario": "machiavelli.game.scenario",
    "scenario_board": "machiavelli.game.scenario",
    "parse_orders": "machiavelli.text.notation",
    "parse_order": "machiavelli.text.notation",
    "format_order": "machiavelli.text.notation",
    "legal_orders": "machiavelli.movement.legal_lists",
    "check_order": "machiavelli.movement.legality",
    "process_phase": "machiavelli.game.process",
    "adjudicate": "machiavelli.game.process",
}

__all__ = [
    "Board",
    "State",
    "Unit",
    "adjudicate",
    "check_order",
    "format_order",
    "legal_orders",
    "load_board",
    "load_scenario",
    "parse_order",
    "parse_orders",
    "process_phase",
    "scenario_board",
]

if TYPE_CHECKING:
    from machiavelli.core.board import Board
    from machiavelli.core.maps import load_board
    from machiavelli.core.state import State, Unit
    from machiavelli.game.process import adjudicate, process_phase
    from machiavelli.game.scenario import load_scenario, scenario_board
    from machiavelli.movement.legal_lists import legal_orders
    from machiavelli.movement.legality import check_order
    from machiavelli.text.notation import format_order, parse_order, parse_orders


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'machiavelli' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

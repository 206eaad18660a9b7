"""Names as numbers for this process: one number for each province id and power name of
any board made.

A board's names are numbered when the board is made (:func:`number_names`).  A unit or an
order takes its names' numbers when it is made (``Unit.place_id`` and ``Unit.owner_id``,
``UnitRef.place_id``, ``Move.dest_id``, ...), and each board index turns them into its own
numbers by a list (``BoardIndex.by_place``, ``BoardIndex.by_power``) where a name would
take a dictionary look-up: the movement step reads every unit's and every order's names.

Number 0 stands for no name (an autonomous unit's owner), for a name no board has (a typing
error, a province of a board not made yet) and for every name past :data:`LIMIT`: whoever
finds 0, or a number its board does not know, reads the name (the numbers save time; the
names decide).  Only boards add names, so what players write never makes the table grow.
"""

from __future__ import annotations

import _thread
from collections.abc import Iterable
from typing import Final

#: how many names are numbered at most, 0 included (each board index keeps lists this long)
LIMIT: Final = 4096

#: the number of each name numbered (from 1)
NAME_IDS: Final[dict[str, int]] = {}


#: held while names are numbered: boards made at once on two threads (a server's first
#: requests) must not give two names one number
_NUMBERING: Final = _thread.allocate_lock()  # (threading's Lock, without importing threading)


def number_names(names: Iterable[str]) -> None:
    """Give the names not numbered yet their numbers (while any are left)."""
    with _NUMBERING:
        for name in names:
            if name not in NAME_IDS and len(NAME_IDS) < LIMIT - 1:
                NAME_IDS[name] = len(NAME_IDS) + 1

#: ``name_id(name, 0)``: the number of ``name``, 0 for a name not numbered (and for None,
#: never a key).  A name that cannot be a key raises TypeError, as a compiled build
#: does for any name that is no string.
name_id: Final = NAME_IDS.get

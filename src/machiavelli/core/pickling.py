"""Pickling and copying the engine's objects, interpreted and compiled alike.

A class compiled by mypyc is a native class, which ``pickle`` and ``copy`` cannot make
empty and then fill in as they do a Python object: making one runs its ``__init__``,
which wants its arguments (``__init__() missing required argument 'board'``), and a
frozen one refuses its fields being set one by one (``cannot assign to field 'kind'``).
:func:`picklable` registers with :mod:`copyreg` how to make a dataclass of the engine
again: its class called with its ``__init__`` fields, in order (:func:`made_again`).
``pickle``, ``copy.copy`` and ``copy.deepcopy`` all ask :data:`copyreg.dispatch_table`
first, so one way serves both builds (and a class's own ``__reduce__`` is not needed).

The fields left out of ``__init__`` (a name's number for this process, ``Unit.place_id``)
are made again by the process that reads the object, as the names' numbers must be
(:mod:`machiavelli.core.names`).  Each module registers its classes where it defines them,
so a class is registered before any of its objects exists.  Nothing here is on a hot
path: the classes themselves do not change.
"""

from __future__ import annotations

import copyreg
from dataclasses import fields
from typing import Any

#: each registered class's ``__init__`` fields, in order
_INIT_FIELDS: dict[type, tuple[str, ...]] = {}


def made_again(obj: Any) -> tuple[type, tuple[Any, ...]]:
    """How to make ``obj`` again (``copyreg``'s reduction): its class and its ``__init__``
    fields' values."""
    cls = type(obj)
    return cls, tuple([getattr(obj, name) for name in _INIT_FIELDS[cls]])


def picklable(*classes: Any) -> None:
    """Register dataclasses whose ``__init__`` takes their ``__init__`` fields in order (the
    one ``@dataclass`` writes, or one written out as the engine's are)."""
    for cls in classes:
        _INIT_FIELDS[cls] = tuple(f.name for f in fields(cls) if f.init)
        copyreg.pickle(cls, made_again)


def registered() -> frozenset[type]:
    """The classes registered so far."""
    return frozenset(_INIT_FIELDS)

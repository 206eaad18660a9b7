"""The constructors written out for a compiled build (machiavelli.core.state.NATIVE) make
what the dataclass's generated constructor would: every field given, by position or by
name, the defaults otherwise, and the frozen classes stay frozen.  (The fields a constructor
is not given, the names' numbers of machiavelli.core.names, are tests/test_names.py's.)"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from machiavelli.core.dice import Roll
from machiavelli.core.orders import Hold, Move, SupportMove, UnitRef
from machiavelli.core.results import OrderResult
from machiavelli.core.state import Dislodged, Rebellion, Unit
from machiavelli.money.income import Income, VariableRoll

REF = UnitRef("A", "ven")
UNIT = Unit("F", "Venice", "gen", "nc", "militia", 1)

#: (class, arguments for every field, in order)
FULL: list[tuple[type[Any], tuple[Any, ...]]] = [
    (Unit, ("F", "Venice", "gen", "nc", "elite_mercenary", 1)),
    (Dislodged, (UNIT, "pie", True)),
    (Rebellion, ("ven", "Milan", False, True)),
    (UnitRef, ("F", "spa", "sc")),
    (Hold, (REF,)),
    (Move, (REF, "pie", None, ("gol",), True)),
    (SupportMove, (UnitRef("F", "gen"), REF, "pie", "nc")),
    (OrderResult, ("Milan", Hold(REF), "fails", "a note", "public", True)),
    (Roll, ("famine severity", (3, 4), "Milan")),
    (Income, (1, 2, 3, 4)),
    (VariableRoll, ("Milan", "Venice", (2, 5), 7, True)),
]

#: (class, the fewest arguments) -> the defaults of the other fields
SHORT: list[tuple[type[Any], tuple[Any, ...]]] = [
    (Unit, ("A", None, "pie")),
    (Dislodged, (UNIT, None)),
    (Rebellion, ("ven", "Milan")),
    (UnitRef, ("G", "ven")),
    (Move, (REF, "pie")),
    (SupportMove, (REF, REF, "pie")),
    (OrderResult, (None, Hold(REF), "void")),
    (Roll, ("plague", (6,))),
    (Income, ()),
    (VariableRoll, ("Milan", "Venice", (2,), 3)),
]


def _given(cls: Any) -> list[dataclasses.Field[Any]]:
    """The fields a constructor is given."""
    return [f for f in dataclasses.fields(cls) if f.init]


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in _given(obj)}


@pytest.mark.parametrize(("cls", "args"), FULL, ids=lambda x: getattr(x, "__name__", ""))
def test_written_constructor_sets_every_field(cls: type[Any], args: tuple[Any, ...]) -> None:
    names = [f.name for f in _given(cls)]
    made = cls(*args)
    assert _fields(made) == dict(zip(names, args, strict=True))
    assert cls(**dict(zip(names, args, strict=True))) == made
    assert hash(cls(*args)) == hash(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, names[0], args[0])
    assert dataclasses.replace(made) == made


@pytest.mark.parametrize(("cls", "args"), SHORT, ids=lambda x: getattr(x, "__name__", ""))
def test_written_constructor_defaults(cls: type[Any], args: tuple[Any, ...]) -> None:
    fields = _given(cls)
    made = cls(*args)
    for f, value in zip(fields, args, strict=False):
        assert getattr(made, f.name) == value
    for f in fields[len(args):]:
        assert getattr(made, f.name) == f.default


def test_unit_equality_and_hash_are_the_dataclass_ones() -> None:
    """Unit's written-out __eq__ and __hash__: the fields' tuple, as @dataclass has them."""
    units = [Unit(*args) for args in (
        ("A", "Milan", "mil"), ("A", "Milan", "mil", None, None, 1), ("G", None, "mil"),
        ("F", "Venice", "gen", "nc"), ("F", "Venice", "gen", "sc"),
        ("A", "Milan", "mil", None, "militia"), ("A", "Venice", "mil"), ("A", "Milan", "pav"))]
    for u in units:
        assert hash(u) == hash(tuple(_fields(u).values()))
        for v in units:
            same = tuple(_fields(u).values()) == tuple(_fields(v).values())
            assert (u == v) is same and (u != v) is not same
            assert (u == Unit(*_fields(v).values())) is same
        assert u != UnitRef(u.kind, u.province, u.coast) and u != (u.kind, u.owner)

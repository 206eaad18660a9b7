"""Who takes part in a game: players (one seat per power), observers and masters.

nJudge's help files speak of three kinds of participant: the player of a power, the
Observer (letter O in press lists) and the Master (letter M).  A :class:`Seat` names one
participant: its role and, for a player, the power; for an observer or a master, the
participant's own name (an address or a user name, the service's choice).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Role(StrEnum):
    """The part a participant plays in a game."""

    PLAYER = "player"
    OBSERVER = "observer"
    MASTER = "master"


@dataclass(frozen=True, order=True)
class Seat:
    """One participant: a power's player, an observer or a master."""

    role: Role
    name: str

    @classmethod
    def player(cls, power: str) -> Seat:
        return cls(Role.PLAYER, power)

    @classmethod
    def observer(cls, name: str) -> Seat:
        return cls(Role.OBSERVER, name)

    @classmethod
    def master(cls, name: str) -> Seat:
        return cls(Role.MASTER, name)

    @property
    def power(self) -> str | None:
        """The power this seat plays, or None for an observer or a master."""
        return self.name if self.role is Role.PLAYER else None

    def to_dict(self) -> dict[str, Any]:
        return {"role": self.role.value, "name": self.name}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        return cls(Role(data["role"]), str(data["name"]))

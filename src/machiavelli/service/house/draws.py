"""Draws and concessions (``SET DRAW``, ``SET CONCEDE``), by nJudge's help file ``draws``.

* **DIAS** ("Draws Include All Survivors", the default): a survivor votes with
  ``SET DRAW`` and withdraws with ``SET NO DRAW``; when every survivor has voted, the
  game ends at once in a draw between all the survivors.
* **NoDIAS**: ``SET DRAW drawlist``.  A list that includes the voter approves every
  subset of it that includes him; a list without him approves every subset of it and
  every subset of it plus him.  ``SET NO DRAW`` is ``SET DRAW`` of the voter alone (he
  accepts only a concession to himself).  The draw approved by every survivor passes,
  the largest if several are; a one-power draw is a concession.
* **Concessions** (``SET CONCEDE power``, DIAS games, unless ``SET NO CONCESSIONS``):
  a power may concede only to the largest power on the board; when every other survivor
  concedes to it, the game is conceded to it.
* Only survivors vote and are drawn; observers and Masters do not vote.  "Any draw vote,
  DIAS or NoDIAS, is good for one phase only. All draw votes are cleared at the end of a
  phase" (concessions too, ``index``); changing DIAS clears them as well.

Survivors are the powers still playing (the service says which, by the game's rules of
elimination); a vote held by a power that no longer survives counts for nothing.  The
"largest power" is measured by the ``sizes`` the service gives (in Machiavelli, the
cities each power controls).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role
from machiavelli.service.stored import only_fields

#: The ``set`` commands this module implements, each with the help file that describes it.
SET_COMMANDS: tuple[tuple[str, str], ...] = (
    ("SET [NO] DIAS", "index"),
    ("SET NODIAS", "draws"),
    ("SET [NO] DRAW [powerlist]", "index"),
    ("SET NO DRAW", "draws"),
    ("SET [NO] CONC[EDE] p", "index"),
    ("SET [NO] CONCESSIONS", "index"),
)


@dataclass(frozen=True)
class DrawPolicy:
    """A game's draw settings: ``SET [NO] DIAS`` and ``SET [NO] CONCESSIONS``; and
    ``public``: every vote is shown to all (a house rule of this judge's; by default a
    vote is seen by its voter and the Masters only)."""

    dias: bool = True
    concessions: bool = True
    public: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"dias": self.dias, "concessions": self.concessions, "public": self.public}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DrawPolicy:
        only_fields(data, {"dias", "concessions", "public"}, cls.__name__)
        return cls(bool(data.get("dias", True)), bool(data.get("concessions", True)),
                   bool(data.get("public", False)))


@dataclass(frozen=True)
class Votes:
    """The votes of the pending phase.

    ``draws``: voter -> the draw list he approves (in a DIAS game, the empty list: a
    plain ``SET DRAW``).  A power with no entry has not voted for a draw.
    ``concessions``: voter -> the power he concedes to.
    """

    draws: Mapping[str, frozenset[str]] = field(default_factory=dict)
    concessions: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"draws": {p: sorted(v) for p, v in sorted(self.draws.items())},
                "concessions": dict(sorted(self.concessions.items()))}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Votes:
        only_fields(data, {"draws", "concessions"}, cls.__name__)
        return cls({p: frozenset(v) for p, v in data.get("draws", {}).items()},
                   {p: str(v) for p, v in data.get("concessions", {}).items()})


@dataclass(frozen=True)
class GameEnd:
    """A draw that passed: the powers sharing it (one power: a concession to it)."""

    powers: frozenset[str]

    @property
    def concession(self) -> bool:
        return len(self.powers) == 1


NO_VOTES = Votes()


def votes_seen(votes: Votes, policy: DrawPolicy, voter: str | None, everything: bool
               ) -> dict[str, str]:
    """The votes of the pending phase a viewer may see, in words, by voting power: its
    own (``voter``), or all when ``everything`` (a Master) or the game makes them public."""
    shown: dict[str, str] = {}
    for power, wanted in sorted(votes.draws.items()):
        shown[power] = "votes for a draw" + (f" of {', '.join(sorted(wanted))}"
                                             if wanted else "")
    for power, to in sorted(votes.concessions.items()):
        shown[power] = (shown[power] + "; " if power in shown else "") + f"concedes to {to}"
    if everything or policy.public:
        return shown
    return {p: v for p, v in shown.items() if p == voter}


def _may_vote(role: Role, voter: str | None, survivors: frozenset[str],
              game_over: bool, what: str) -> Refused | None:
    if role is Role.OBSERVER:
        return Refused(f"Observers are not eligible to vote on a {what}.")
    if role is Role.MASTER:
        return Refused(f"The Master is not eligible to vote on a {what}.")
    if game_over:
        return Refused(f"This game is over. You can't vote for a {what}.")
    if voter not in survivors:
        return Refused(f"Only surviving powers can vote on a {what}.")
    return None


def vote_draw(policy: DrawPolicy, votes: Votes, voter: str, draw_list: frozenset[str] | None,
              survivors: frozenset[str], *, role: Role = Role.PLAYER,
              game_over: bool = False) -> Votes | Refused:
    """``SET DRAW [powerlist]``: the votes with ``voter``'s, or why it is refused.

    The list is given in a NoDIAS game only (and must be); its powers must survive.
    """
    refused = _may_vote(role, voter, survivors, game_over, "draw")
    if refused:
        return refused
    if policy.dias:
        if draw_list:
            return Refused("The powerlist option is only valid if the game is set NoDIAS.")
        return replace(votes, draws={**votes.draws, voter: frozenset()})
    if not draw_list:
        return Refused("This game is set NoDIAS. You must specify a power list to vote "
                       "on a draw.")
    outside = sorted(draw_list - survivors)
    if outside:
        return Refused(f"Only surviving powers can be included in a draw: "
                       f"{', '.join(outside)}.")
    return replace(votes, draws={**votes.draws, voter: frozenset(draw_list)})


def withdraw_draw(policy: DrawPolicy, votes: Votes, voter: str, survivors: frozenset[str], *,
                  role: Role = Role.PLAYER, game_over: bool = False) -> Votes | Refused:
    """``SET NO DRAW``: withdraw a DIAS vote; in a NoDIAS game, accept only a concession
    to oneself (``SET DRAW`` of the voter alone)."""
    refused = _may_vote(role, voter, survivors, game_over, "draw")
    if refused:
        return refused
    if policy.dias:
        return replace(votes, draws={p: v for p, v in votes.draws.items() if p != voter})
    return replace(votes, draws={**votes.draws, voter: frozenset({voter})})


def approves(voter: str, draw_list: frozenset[str] | None, draw: frozenset[str]) -> bool:
    """Whether ``voter``, having voted ``draw_list`` (None: no vote), approves ``draw``
    in a NoDIAS game."""
    if not draw:
        return False
    listed = draw_list if draw_list else frozenset({voter})
    if voter in listed:
        return voter in draw and draw <= listed
    return draw <= listed | {voter}


def draw_passed(policy: DrawPolicy, votes: Votes, survivors: frozenset[str]) -> GameEnd | None:
    """The draw every survivor approves (the largest), or None.

    DIAS: every survivor voted, and the draw is between all survivors.  NoDIAS: the
    draws each survivor approves are closed under union, so the largest one approved by
    all is the union of every voter's range, provided it holds every voter who insists
    on being in it (a list naming himself, or no vote).
    """
    if not survivors:
        return None
    if policy.dias:
        return GameEnd(survivors) if survivors <= set(votes.draws) else None
    largest = set(survivors)
    insisting = set()
    for voter in survivors:
        listed = votes.draws.get(voter) or frozenset({voter})
        largest &= listed | {voter}
        if voter in listed:
            insisting.add(voter)
    if not largest or not insisting <= largest:
        return None
    return GameEnd(frozenset(largest))


def largest_power(sizes: Mapping[str, int], survivors: frozenset[str]) -> str | None:
    """The survivor strictly larger than every other power, or None when there is a tie."""
    ranked = sorted(((sizes.get(p, 0), p) for p in survivors), reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return None
    return ranked[0][1]


def vote_concession(policy: DrawPolicy, votes: Votes, voter: str, to: str,
                    survivors: frozenset[str], sizes: Mapping[str, int], *,
                    role: Role = Role.PLAYER, game_over: bool = False) -> Votes | Refused:
    """``SET CONCEDE power``: concede the game to ``to``, who must be the largest power."""
    refused = _may_vote(role, voter, survivors, game_over, "concession")
    if refused:
        return refused
    if not policy.dias:
        return Refused("It is pointless to vote for a concession in a NoDIAS game: "
                       "simply vote for a one-power draw.")
    if not policy.concessions:
        return Refused("No concessions are permitted in this game.")
    if to != largest_power(sizes, survivors):
        return Refused(f"You may only concede to the largest power on the board, and "
                       f"{to} is not it.")
    return replace(votes, concessions={**votes.concessions, voter: to})


def withdraw_concession(votes: Votes, voter: str) -> Votes:
    """``SET NO CONCEDE``: cancel ``voter``'s concession."""
    return replace(votes, concessions={p: v for p, v in votes.concessions.items() if p != voter})


def concession_passed(policy: DrawPolicy, votes: Votes, survivors: frozenset[str],
                      sizes: Mapping[str, int]) -> GameEnd | None:
    """The concession every other survivor made to the largest power, or None."""
    if not policy.dias or not policy.concessions:
        return None
    largest = largest_power(sizes, survivors)
    if largest is None or len(survivors) < 2:
        return None
    if all(votes.concessions.get(p) == largest for p in survivors - {largest}):
        return GameEnd(frozenset({largest}))
    return None


def game_end(policy: DrawPolicy, votes: Votes, survivors: frozenset[str],
             sizes: Mapping[str, int]) -> GameEnd | None:
    """The draw or concession that ends the game now, if any (checked after every vote)."""
    return draw_passed(policy, votes, survivors) or concession_passed(policy, votes, survivors,
                                                                      sizes)


def votes_for_new_phase() -> Votes:
    """The votes once the phase is processed: none (every vote is good for one phase)."""
    return NO_VOTES


def set_dias(policy: DrawPolicy, votes: Votes, dias: bool) -> tuple[DrawPolicy, Votes]:
    """``SET DIAS`` / ``SET NODIAS``: the new policy; the draw votes are cleared on a change."""
    if policy.dias == dias:
        return policy, votes
    return replace(policy, dias=dias), replace(votes, draws={})


def set_concessions(policy: DrawPolicy, allowed: bool) -> DrawPolicy | Refused:
    """``SET [NO] CONCESSIONS``: only DIAS games have the concession mechanism."""
    if not policy.dias and allowed:
        return Refused("NoDIAS games already allow concessions (a one-power draw).")
    return replace(policy, concessions=allowed)

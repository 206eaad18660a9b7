"""Draws and concessions, by the examples of nJudge's help file ``draws``."""

from __future__ import annotations

from itertools import combinations

from njudge_quotes import unquoted

from machiavelli.service.house.draws import (
    SET_COMMANDS,
    DrawPolicy,
    GameEnd,
    Votes,
    approves,
    concession_passed,
    draw_passed,
    game_end,
    largest_power,
    set_concessions,
    set_dias,
    vote_concession,
    vote_draw,
    votes_for_new_phase,
    withdraw_concession,
    withdraw_draw,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Role

DIAS = DrawPolicy()
NODIAS = DrawPolicy(dias=False)
NAMES = {"A": "Austria", "E": "England", "F": "France", "G": "Germany", "I": "Italy",
         "R": "Russia", "T": "Turkey"}


def powers(letters: str) -> frozenset[str]:
    return frozenset(NAMES[c] for c in letters)


AEF = powers("AEF")


def nodias_votes(**lists: str) -> Votes:
    """NoDIAS votes by power letter: ``A="AEF"`` is Austria's SET DRAW AEF; ``"-"`` is SET
    NO DRAW."""
    votes = Votes()
    for letter, listed in lists.items():
        voter = NAMES[letter]
        done = (withdraw_draw(NODIAS, votes, voter, AEF) if listed == "-"
                else vote_draw(NODIAS, votes, voter, powers(listed), AEF))
        assert isinstance(done, Votes), done
        votes = done
    return votes


def test_draws_help_describes_every_set_command_implemented_as_quoted() -> None:
    assert unquoted(SET_COMMANDS) == []


# ----------------------------------------------------------------------
# DIAS
# ----------------------------------------------------------------------
def test_draws_dias_is_the_default_and_needs_every_survivor() -> None:
    # By default, all games are DIAS. ... If at any time all surviving players accede to a
    # DIAS draw, the game will be immediately terminated
    assert DIAS.dias
    votes = Votes()
    for voter in ("Austria", "England"):
        done = vote_draw(DIAS, votes, voter, None, AEF)
        assert isinstance(done, Votes)
        votes = done
    assert draw_passed(DIAS, votes, AEF) is None
    last = vote_draw(DIAS, votes, "France", None, AEF)
    assert isinstance(last, Votes)
    assert draw_passed(DIAS, last, AEF) == GameEnd(AEF)


def test_draws_dias_set_no_draw_withdraws() -> None:
    # He may withdraw earlier approval by issuing the command SET NO DRAW.
    votes = Votes({p: frozenset() for p in AEF})
    withdrawn = withdraw_draw(DIAS, votes, "England", AEF)
    assert isinstance(withdrawn, Votes)
    assert draw_passed(DIAS, withdrawn, AEF) is None


def test_draws_list_only_in_nodias_and_required_there() -> None:
    # The "powerlist" option is only valid if the game is set NoDIAS.
    assert isinstance(vote_draw(DIAS, Votes(), "France", powers("AF"), AEF), Refused)
    assert isinstance(vote_draw(NODIAS, Votes(), "France", None, AEF), Refused)


def test_draws_only_survivors_vote() -> None:
    # unanimous approval of surviving players is required for a draw to be passed
    for role in (Role.OBSERVER, Role.MASTER):
        assert isinstance(vote_draw(DIAS, Votes(), "France", None, AEF, role=role), Refused)
    assert isinstance(vote_draw(DIAS, Votes(), "Turkey", None, AEF), Refused)
    assert isinstance(vote_draw(DIAS, Votes(), "France", None, AEF, game_over=True), Refused)
    # Draws may only include players that have not been eliminated (house.rules)
    assert isinstance(vote_draw(NODIAS, Votes(), "France", powers("FT"), AEF), Refused)


def test_draws_an_eliminated_power_vote_counts_for_nothing() -> None:
    # Turkey voted, then was eliminated: its vote neither makes nor blocks a draw
    votes = Votes({"Austria": frozenset(), "Turkey": frozenset()})
    assert draw_passed(DIAS, votes, powers("AE")) is None
    both = vote_draw(DIAS, votes, "England", None, powers("AE"))
    assert isinstance(both, Votes)
    assert draw_passed(DIAS, both, powers("AE")) == GameEnd(powers("AE"))
    stale = Votes({"Austria": powers("AE"), "England": powers("AE"), "Turkey": powers("T")})
    assert draw_passed(NODIAS, stale, powers("AE")) == GameEnd(powers("AE"))


def test_draws_votes_last_one_phase() -> None:
    # Any draw vote, DIAS or NoDIAS, is good for one phase only. All draw votes are cleared
    # at the end of a phase.
    assert votes_for_new_phase() == Votes()


def test_draws_changing_dias_clears_the_draw_votes() -> None:
    votes = Votes({"France": frozenset()}, {"England": "France"})
    policy, cleared = set_dias(DIAS, votes, False)
    assert (policy, cleared) == (NODIAS, Votes({}, {"England": "France"}))
    assert set_dias(DIAS, votes, True) == (DIAS, votes)


# ----------------------------------------------------------------------
# NoDIAS
# ----------------------------------------------------------------------
def approved_by(voter: str, listed: str | None) -> set[str]:
    result = set()
    for size in range(1, 4):
        for group in combinations("AEFGT", size):
            draw = powers("".join(group))
            if approves(NAMES[voter], powers(listed) if listed else None, draw):
                result.add("".join(sorted(group)))
    return result


def test_draws_nodias_what_a_list_approves() -> None:
    # For example, if Austria issued the command SET DRAW AEG, he is approving the draws
    # AEG, AG, AE, or A. ... If Austria issued the command SET DRAW FT, he is approving FT,
    # F, T, AFT, AF, AT, or A.
    assert approved_by("A", "AEG") == {"AEG", "AG", "AE", "A"}
    assert approved_by("A", "FT") == {"FT", "F", "T", "AFT", "AF", "AT", "A"}
    # In a NoDIAS game, SET NO DRAW is equivalent to the command SET DRAW x, where x is the
    # power issuing the command.
    assert approved_by("A", None) == approved_by("A", "A") == {"A"}


def test_draws_nodias_example_three_way_draw() -> None:
    #     France: SET DRAW AEF
    #     England: SET DRAW AEF
    #     Austria: SET DRAW AEF
    #     Results in a three-way draw between Austria, England, and France.
    assert draw_passed(NODIAS, nodias_votes(F="AEF", E="AEF", A="AEF"), AEF) == GameEnd(AEF)


def test_draws_nodias_example_largest_draw_passes() -> None:
    #     France: SET DRAW AE
    #     England: SET DRAW AEF
    #     Austria: SET DRAW AEF
    #     Results in a three-way draw between Austria, England, and France.
    assert draw_passed(NODIAS, nodias_votes(F="AE", E="AEF", A="AEF"), AEF) == GameEnd(AEF)


def test_draws_nodias_example_france_accepted_exclusion() -> None:
    #     France: SET DRAW AE
    #     England: SET DRAW AEF
    #     Austria: SET DRAW AE
    #     Results in a two-way draw between Austria and England.
    assert draw_passed(NODIAS, nodias_votes(F="AE", E="AEF", A="AE"), AEF) == \
        GameEnd(powers("AE"))


def test_draws_nodias_example_no_draw() -> None:
    #     France: SET DRAW AEF
    #     England: SET DRAW AE
    #     Austria: SET DRAW AE
    #     This game does not end in a draw.
    assert draw_passed(NODIAS, nodias_votes(F="AEF", E="AE", A="AE"), AEF) is None


def test_draws_nodias_example_concession() -> None:
    #     France: SET DRAW A
    #     England: SET DRAW A
    #     Austria: SET NO DRAW
    #     Results in a concession to Austria.
    end = draw_passed(NODIAS, nodias_votes(F="A", E="A", A="-"), AEF)
    assert end == GameEnd(powers("A")) and end.concession


def test_draws_nodias_a_survivor_without_a_vote_blocks() -> None:
    assert draw_passed(NODIAS, nodias_votes(F="AEF", E="AEF"), AEF) is None


def test_draws_nodias_largest_agrees_with_brute_force() -> None:
    # If, under these rules, more than one draw is approved by all players, the draw
    # including the most players passes.
    choices = ["A", "E", "F", "AE", "AF", "EF", "AEF", None]
    for fa in choices:
        for fe in choices:
            for ff in choices:
                votes = Votes({v: powers(c) for v, c in
                               (("Austria", fa), ("England", fe), ("France", ff)) if c})
                lists = {p: votes.draws.get(p) for p in AEF}
                all_approve = [d for size in (3, 2, 1) for g in combinations("AEF", size)
                               if all(approves(p, lists[p], d := powers("".join(g)))
                                      for p in AEF)]
                best = max(all_approve, key=len, default=None)
                assert draw_passed(NODIAS, votes, AEF) == (GameEnd(best) if best else None)


# ----------------------------------------------------------------------
# Concessions
# ----------------------------------------------------------------------
SIZES = {"Austria": 12, "England": 5, "France": 3}


def test_draws_concession_to_the_largest_power() -> None:
    # SET [NO] CONC[EDE] p ... Cast a vote for or against a concession to power 'p' (who
    # must be the largest power in the game).
    assert largest_power(SIZES, AEF) == "Austria"
    assert isinstance(vote_concession(DIAS, Votes(), "England", "France", AEF, SIZES), Refused)
    votes = vote_concession(DIAS, Votes(), "England", "Austria", AEF, SIZES)
    assert isinstance(votes, Votes)
    assert concession_passed(DIAS, votes, AEF, SIZES) is None
    votes = vote_concession(DIAS, votes, "France", "Austria", AEF, SIZES)
    assert isinstance(votes, Votes)
    assert concession_passed(DIAS, votes, AEF, SIZES) == GameEnd(powers("A"))
    assert game_end(DIAS, votes, AEF, SIZES) == GameEnd(powers("A"))
    assert concession_passed(DIAS, withdraw_concession(votes, "France"), AEF, SIZES) is None


def test_draws_concession_needs_a_single_largest_power() -> None:
    tied = {"Austria": 6, "England": 6, "France": 3}
    assert largest_power(tied, AEF) is None
    assert isinstance(vote_concession(DIAS, Votes(), "France", "Austria", AEF, tied), Refused)


def test_draws_concession_only_in_dias_games_that_allow_it() -> None:
    # This command is used only in a DIAS game (since, in a NoDias game, you can just set a
    # one-way draw).
    assert isinstance(vote_concession(NODIAS, Votes(), "France", "Austria", AEF, SIZES), Refused)
    # SET [NO] CONCESSIONS  Disables/enables the concession mechanism ... Enabled by default.
    off = set_concessions(DIAS, False)
    assert off == DrawPolicy(concessions=False)
    assert isinstance(vote_concession(off, Votes(), "France", "Austria", AEF, SIZES), Refused)
    votes = Votes(concessions={"England": "Austria", "France": "Austria"})
    assert concession_passed(off, votes, AEF, SIZES) is None


def test_draws_json_round_trip() -> None:
    for policy in (DIAS, NODIAS, DrawPolicy(concessions=False)):
        assert DrawPolicy.from_dict(policy.to_dict()) == policy
    votes = Votes({"France": powers("AE"), "England": frozenset()}, {"Austria": "England"})
    assert Votes.from_dict(votes.to_dict()) == votes

"""A war's seven steps (PR-WAR, PR-BAT, PR-STAT): cannon and cities, reaction rounds
(Veto, Bad Weather, Lorenzo Medici; R-17), two condottiere auctions, pay, Holy League,
Troop Bribery, two battle rounds with dice (Ludovico Sforza's re-roll), status and triumph."""

from __future__ import annotations

from typing import Any

from .abilities import once_used, tiles_with
from .auction import open_condottiere_auction, settle
from .battle import side_strength
from .cards import play_card
from .catalogue import CITIES
from .dice import d6
from .state import Illegal, Seat, State, War


def start_war(state: State, seat: Seat, attacker: Any, defender: Any, *, by_card: bool) -> None:
    rule = "PR-TRA.5" if by_card else "PR-WAR.2"
    if attacker not in CITIES or defender not in CITIES:
        raise Illegal(rule, "name two of venezia, milano, firenze, roma, napoli")
    if attacker == defender:
        raise Illegal(rule, "the attacker and the defender must be two different cities")
    if by_card:
        play_card(state, seat, "declaration_of_war", "PR-TRA.5")
    else:
        limit = state.rules.wars_per_decade(state.catalogue)
        if state.cannon >= limit:
            raise Illegal("PR-WAR.1", f"{limit} wars were fought this decade already")
        state.cannon += 1
    state.war = War(str(attacker), str(defender), seat, by_card=by_card)
    state.note("war_started", seat=seat, attacker=attacker, defender=defender, by_card=by_card,
               cannon=state.cannon)


def lorenzo_tile(state: State, seat: Seat) -> str | None:
    for tile in tiles_with(state, seat, "veto"):
        if not once_used(state, seat, tile.id):
            return tile.id
    return None


def react(state: State, seat: Seat, play: Any, city: Any) -> None:
    """One seat's answer in a reaction round (PR-WAR.3; checked now, takes effect when
    the round is resolved)."""
    war = state.war
    assert war is not None
    h = state.seats[seat]
    if play in (None, "none"):
        war.answers[seat] = {"play": "none"}
        return
    if play == "veto":
        if "veto" not in h.traitors:
            raise Illegal("PR-TRA.8", f"{seat} holds no Veto")
    elif play == "bad_weather":
        if "bad_weather" not in h.traitors:
            raise Illegal("PR-TRA.6", f"{seat} holds no Bad Weather")
        if city not in (war.attacker, war.defender):
            raise Illegal("PR-WAR.4", "Bad Weather names one of the two warring cities")
    elif play == "lorenzo_veto":
        if lorenzo_tile(state, seat) is None:
            raise Illegal("PR-TILE.5", f"{seat} has no unused Lorenzo Medici")
    else:
        raise Illegal("PR-WAR.3", "play veto, bad_weather or lorenzo_veto, or none")
    war.answers[seat] = {"play": play, "city": city}


def resolve_reactions(state: State) -> None:
    """R-17: the round's plays in turn order from the active player; the first veto ends
    the war (a second one is returned unused); Bad Weather of a vetoed war is void."""
    war = state.war
    assert war is not None
    played = False
    amount = state.catalogue.traitor("bad_weather").num("amount")
    for seat in state.from_seat(war.started_by):
        ans = war.answers.get(seat, {"play": "none"})
        play = ans["play"]
        if play == "none":
            continue
        if play in ("veto", "lorenzo_veto"):
            if war.vetoed:
                state.note("veto_returned", seat=seat)
                continue
            if play == "veto":
                play_card(state, seat, "veto", "PR-TRA.8")
            else:
                tile = lorenzo_tile(state, seat)
                assert tile is not None
                state.seats[seat].used.append(tile)
                state.note("lorenzo_veto", seat=seat)
            war.vetoed = True
            played = True
        else:
            play_card(state, seat, "bad_weather", "PR-TRA.6")
            war.weather[ans["city"]] = war.weather.get(ans["city"], 0) + amount
            state.note("bad_weather", seat=seat, city=ans["city"])
            played = True
    war.answers = {}
    if war.vetoed:
        war.weather = {}
        finish(state, "draw", vetoed=True)
    elif played:
        war.reaction_round += 1
    else:
        war.step = "cond_attacker"
        state.auction = open_condottiere_auction(state, "attacker")


def condottiere_decided(state: State) -> None:
    """The running condottiere auction is over: its winner pays and takes the office."""
    war = state.war
    assert war is not None
    side = "attacker" if war.step == "cond_attacker" else "defender"
    a = state.auction
    winner = settle(state, a) if a is not None else None
    state.auction = None
    war.condottiere[side] = winner
    state.note("condottiere", side=side, seat=winner)
    if side == "attacker":
        war.step = "cond_defender"
        state.auction = open_condottiere_auction(state, "defender")
        return
    # PR-WAR.8: each city pays its condottiere its current status
    for s, city in (("attacker", war.attacker), ("defender", war.defender)):
        cond = war.condottiere.get(s)
        if cond is not None:
            state.seats[cond].war_pay += state.status[city]
            state.note("war_pay", seat=cond, city=city, gold=state.status[city])
    if war.condottiere.get("attacker") is None and war.condottiere.get("defender") is None:
        finish(state, "draw")       # PR-WAR.10
        return
    war.step = "league"
    holder = state.pope_holder
    if holder is None or once_used(state, holder, "pope") or \
            holder in war.condottiere.values():          # R-6
        to_bribe(state)


def holy_league(state: State, seat: Seat, side: Any) -> None:
    war = state.war
    assert war is not None
    if side not in ("attacker", "defender", None, "none"):
        raise Illegal("PR-WAR.12", "support the attacker or the defender, or none")
    if side in ("attacker", "defender"):
        war.league, war.league_seat = str(side), seat
        state.seats[seat].used.append("pope")
        state.note("holy_league", seat=seat, side=side)
    to_bribe(state)


def to_bribe(state: State) -> None:
    war = state.war
    assert war is not None
    war.step = "bribe"
    queue: list[Seat] = []
    for s in (war.condottiere.get("attacker"), war.condottiere.get("defender"), war.league_seat):
        if s is not None and s not in queue:
            queue.append(s)
    war.bribe_queue = queue
    if not queue:
        battle(state)


def bribe(state: State, seat: Seat, target: Any, troop: Any) -> None:
    war = state.war
    assert war is not None
    if target not in state.seats or troop not in state.seats[target].troops:
        raise Illegal("PR-TRA.7", "bribe a troop tile a player holds")
    if [target, troop] in war.bribed:
        raise Illegal("PR-TRA.7", "that troop tile is bribed already")
    play_card(state, seat, "troop_bribe", "PR-TRA.7")
    war.bribed.append([str(target), str(troop)])
    state.note("troop_bribe", seat=seat, target=target, troop=troop)


def bribe_done(state: State) -> None:
    war = state.war
    assert war is not None
    war.bribe_queue.pop(0)
    if not war.bribe_queue:
        battle(state)


def ludovico(state: State) -> tuple[Seat, str] | None:
    """The holder of an unused Ludovico Sforza, if any (PR-TILE.7)."""
    for seat in state.order:
        for tile in tiles_with(state, seat, "reroll"):
            if not once_used(state, seat, tile.id):
                return seat, tile.id
    return None


def _roll_pair(state: State) -> None:
    war = state.war
    assert war is not None
    first, second = (war.attacker, war.defender) if war.round == 1 else \
        (war.defender, war.attacker)
    mode = ("attack", "defence")
    war.dice = [d6(state, f"{first.capitalize()} {mode[0]}, round {war.round}"),
                d6(state, f"{second.capitalize()} {mode[1]}, round {war.round}")]


def battle(state: State) -> None:
    war = state.war
    assert war is not None
    war.step = "battle"
    war.round = 1
    _roll_pair(state)
    if ludovico(state) is None:
        compare(state)
    else:
        war.step = "reroll"


def reroll(state: State, seat: Seat, use: bool) -> None:
    war = state.war
    assert war is not None
    if use:
        found = ludovico(state)
        assert found is not None and found[0] == seat
        state.seats[seat].used.append(found[1])
        state.note("reroll", seat=seat, round=war.round)
        _roll_pair(state)
    compare(state)


def compare(state: State) -> None:
    """PR-BAT.4-6: round 1 the attacker must be stronger; round 2 the former defender."""
    war = state.war
    assert war is not None
    if war.round == 1:
        a = side_strength(state, war, "attacker", "attack") + war.dice[0]
        d = side_strength(state, war, "defender", "defence") + war.dice[1]
        war.strengths.append([a, d])
        state.note("battle_round", round=1, attack=a, defence=d, dice=list(war.dice))
        if a > d:
            finish(state, "attacker", winner_strength=a, loser_strength=d)
            return
        war.round = 2
        war.step = "battle"
        _roll_pair(state)
        if ludovico(state) is not None:
            war.step = "reroll"
            return
    a2 = side_strength(state, war, "defender", "attack") + war.dice[0]
    d2 = side_strength(state, war, "attacker", "defence") + war.dice[1]
    war.strengths.append([a2, d2])
    state.note("battle_round", round=2, attack=a2, defence=d2, dice=list(war.dice))
    if a2 > d2:
        finish(state, "defender", winner_strength=a2, loser_strength=d2)
    else:
        finish(state, "draw")


def finish(state: State, outcome: str, *, vetoed: bool = False, winner_strength: int = 0,
           loser_strength: int = 0) -> None:
    """PR-STAT: status +-1 (+-2 when the winner had at least twice), bounds 3..10,
    a triumph for the winning condottiere."""
    war = state.war
    assert war is not None
    cat = state.catalogue
    lo, hi = cat.rule("status_min"), cat.rule("status_max")
    if outcome in ("attacker", "defender"):
        win_city, lose_city = (war.attacker, war.defender) if outcome == "attacker" else \
            (war.defender, war.attacker)
        step = 2 if winner_strength >= 2 * loser_strength else 1
        state.status[win_city] = min(hi, state.status[win_city] + step)
        state.status[lose_city] = max(lo, state.status[lose_city] - step)
        cond = war.condottiere.get(outcome)
        if cond is not None:
            state.seats[cond].triumphs += 1
        state.note("war_won", side=outcome, city=win_city, step=step, triumph=cond)
    else:
        state.note("war_drawn", vetoed=vetoed)
    war.outcome = outcome
    state.last_war = {"attacker": war.attacker, "defender": war.defender, "outcome": outcome,
                      "strengths": [list(s) for s in war.strengths], "vetoed": vetoed,
                      "condottiere": dict(war.condottiere), "by_card": war.by_card}
    war.step = "over"

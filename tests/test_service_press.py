"""Press, by nJudge's help file ``press`` and the press commands of ``index``."""

from __future__ import annotations

from njudge_quotes import flat, quoted, unquoted

from machiavelli.service.house.press import (
    SET_COMMANDS,
    Addressees,
    Audience,
    Cleared,
    Colour,
    Delivery,
    FakePress,
    Letter,
    ObserverPress,
    PressColours,
    PressMoment,
    PressPolicy,
    archived,
    deliver,
    judge_letter,
    set_press,
)
from machiavelli.service.refusal import Refused
from machiavelli.service.roles import Seat

DEFAULT = PressPolicy()
ITALY, GERMANY, RUSSIA, FRANCE = (Seat.player(p) for p in ("Italy", "Germany", "Russia",
                                                            "France"))
OBSERVER, MASTER = Seat.observer("kibitzer@judge"), Seat.master("gm@judge")
AUDIENCE = Audience(frozenset({ITALY, GERMANY, RUSSIA, FRANCE, OBSERVER, MASTER}))
TO_MASTER = Addressees(master=True)


def to(*seats: Seat, master: bool = False, observers: bool = False,
       all_but: bool = False) -> Addressees:
    return Addressees(frozenset(s.name for s in seats), master, observers, all_but)


def policy(words: str) -> PressPolicy:
    done = set_press(DEFAULT, words)
    assert isinstance(done, PressPolicy), done
    return done


def cleared(p: PressPolicy, letter: Letter, moment: PressMoment | None = None) -> Cleared:
    done = judge_letter(p, letter, moment)
    assert isinstance(done, Cleared), done
    return done


def refused(p: PressPolicy, letter: Letter, moment: PressMoment | None = None) -> bool:
    return isinstance(judge_letter(p, letter, moment), Refused)


def readers(p: PressPolicy, letter: Letter, audience: Audience = AUDIENCE) -> dict[Seat, Delivery]:
    return {d.reader: d for d in deliver(p, letter, cleared(p, letter), audience)}


def test_press_help_describes_every_setting_implemented_as_quoted() -> None:
    assert unquoted(SET_COMMANDS) == []


def test_press_defaults_as_quoted() -> None:
    # By default, games are "White, Partial Allowed, No Fake, No PostalPress".
    assert flat('By default, games are "White, Partial Allowed, No Fake, No PostalPress"') \
        in quoted("press")
    assert (DEFAULT.colours, DEFAULT.partial, DEFAULT.fake, DEFAULT.postal) == \
        (PressColours.WHITE, True, FakePress.NO_FAKE, False)
    # Observer any: ... This is the default
    assert DEFAULT.observers is ObserverPress.ANY


# ----------------------------------------------------------------------
# Colours and the Master
# ----------------------------------------------------------------------
def test_press_none_except_to_and_from_the_master() -> None:
    # None: No press at all is allowed, except press to and from the Master.
    none = policy("no press")
    assert refused(none, Letter(ITALY))
    assert refused(none, Letter(ITALY, to(RUSSIA)))
    assert cleared(none, Letter(ITALY, TO_MASTER)).shown_to == TO_MASTER
    assert cleared(none, Letter(MASTER)).colour is Colour.WHITE
    assert not none.has_press


def test_press_white_only() -> None:
    # White: Only white press is allowed in this game.
    assert refused(DEFAULT, Letter(ITALY, colour=Colour.GREY))
    assert cleared(DEFAULT, Letter(ITALY)).colour is Colour.WHITE


def test_press_grey_only_but_white_to_the_master() -> None:
    # Grey: Only grey press is allowed in this game (however, press to the Master will
    # always be sent as white press).
    grey = policy("grey")
    assert cleared(grey, Letter(ITALY)).colour is Colour.GREY
    assert refused(grey, Letter(ITALY, colour=Colour.WHITE))
    assert cleared(grey, Letter(ITALY, TO_MASTER, colour=Colour.GREY)).colour is Colour.WHITE


def test_press_white_grey_and_grey_white_defaults() -> None:
    # White/Grey: Both white and grey press are allowed.  By default press will be white
    # Grey/White: Both white and grey press are allowed. By default press will be grey
    white_grey, grey_white = policy("white/grey"), policy("grey/white")
    assert cleared(white_grey, Letter(ITALY)).colour is Colour.WHITE
    assert cleared(white_grey, Letter(ITALY, colour=Colour.GREY)).colour is Colour.GREY
    assert cleared(grey_white, Letter(ITALY)).colour is Colour.GREY
    assert cleared(grey_white, Letter(ITALY, colour=Colour.WHITE)).colour is Colour.WHITE


def test_press_master_always_reachable_and_never_faked() -> None:
    # Press to the Master only is always allowed, no matter what the press settings are
    # ... Note:  If fake press is allowed in a game, press to the Master will NOT be faked,
    # and you will get scolded if you try.
    fakes = policy("grey, no partial")
    letter = Letter(ITALY, TO_MASTER, fake_broadcast=True)
    done = cleared(fakes, letter)
    assert (done.colour, done.shown_to) == (Colour.WHITE, TO_MASTER)
    assert done.notes
    assert set(readers(fakes, letter)) == {MASTER}


def test_press_master_can_always_press() -> None:
    # Likewise, a Master can always issue press commands
    for words in ("no press", "grey, no partial", "observer none"):
        assert cleared(policy(words), Letter(MASTER, to(RUSSIA))).colour is Colour.WHITE


# ----------------------------------------------------------------------
# Observers
# ----------------------------------------------------------------------
def test_press_observers() -> None:
    # Observer white: Observers cannot post grey press.  In a game that only allows grey
    # press from players, press from observers will show up as white press.
    grey_obs_white = policy("grey, observer white")
    assert cleared(grey_obs_white, Letter(OBSERVER)).colour is Colour.WHITE
    assert refused(grey_obs_white, Letter(OBSERVER, colour=Colour.GREY))
    assert cleared(grey_obs_white, Letter(ITALY)).colour is Colour.GREY
    # Observer none: Observers cannot post press at all, except to the Master.
    obs_none = policy("observer none")
    assert refused(obs_none, Letter(OBSERVER))
    assert cleared(obs_none, Letter(OBSERVER, TO_MASTER)).colour is Colour.WHITE
    # Observer partial: Observers can post both broadcast and partial press.
    gunboat = policy("no partial, observer partial")
    assert refused(gunboat, Letter(ITALY, to(RUSSIA)))
    assert cleared(gunboat, Letter(OBSERVER, to(RUSSIA))).shown_to == to(RUSSIA)
    # Observer any: Observers can post press with the same restrictions as regular players.
    assert refused(policy("no partial"), Letter(OBSERVER, to(RUSSIA)))


# ----------------------------------------------------------------------
# Partial press and fakes
# ----------------------------------------------------------------------
def test_press_no_partial() -> None:
    # No Partial: Only broadcast messages to all players can be sent. Press to individual
    # players is disallowed, except press to the Master only.
    broadcast_only = policy("no partial")
    assert cleared(broadcast_only, Letter(ITALY)).shown_to is None
    assert refused(broadcast_only, Letter(ITALY, to(RUSSIA)))
    assert refused(broadcast_only, Letter(ITALY, to(GERMANY, all_but=True)))
    assert cleared(broadcast_only, Letter(ITALY, TO_MASTER)).shown_to == TO_MASTER


def test_press_example_grey_partial_fakes_broadcast() -> None:
    #    SET GREY, PARTIAL FAKES BROADCAST
    # would mean that all press (except to or from the Master) would appear to be a grey
    # broadcast message, even if it is actually sent to only one player.
    game = policy("GREY, PARTIAL FAKES BROADCAST")
    letter = Letter(ITALY, to(RUSSIA))
    done = cleared(game, letter)
    assert (done.colour, done.shown_to) == (Colour.GREY, None)
    assert readers(game, letter)[RUSSIA] == Delivery(RUSSIA, None, None)
    assert cleared(game, Letter(MASTER, to(RUSSIA))).shown_to == to(RUSSIA)
    assert refused(game, Letter(ITALY, to(RUSSIA), fake_broadcast=False))
    assert refused(game, Letter(ITALY, to(RUSSIA), fake_to=to(GERMANY)))


def test_press_example_to_all_but_germany_fake_broadcast() -> None:
    # As an example in a grey press game allowing fake broadcasts, Italy might start off
    # the game by posting the following press message:
    #    PRESS TO ALL BUT G FAKE BROADCAST
    # Everyone but Germany would get a Diplomacy Notice message with a header that read
    # "Broadcast message in game xxxx:".  [Remember, however, that if Germany thinks to
    # issue a "HISTORY" command, he can see this in the history archive.
    game = policy("grey, partial may be faked")
    letter = Letter(ITALY, to(GERMANY, all_but=True), fake_broadcast=True)
    got = readers(game, letter)
    assert set(got) == {RUSSIA, FRANCE, OBSERVER, MASTER}
    assert got[RUSSIA] == Delivery(RUSSIA, None, None)
    assert got[MASTER] == Delivery(MASTER, ITALY, None, to(GERMANY, all_but=True))
    assert archived(letter)
    # If this is undesirable, the command here should read 'PRESS TO ALL BUT go FAKE
    # BROADCAST'.
    quiet = Letter(ITALY, to(GERMANY, observers=True, all_but=True), fake_broadcast=True)
    assert set(readers(game, quiet)) == {RUSSIA, FRANCE, MASTER}
    assert not archived(quiet)


def test_press_example_grey_letter_signed_as_austria() -> None:
    #    PRESS TO R
    #    This is Austria, boy that Germany sure is obnoxious.
    # Russia would get the message with a header of "Message to Russia in gamename:".
    # Of course this trick wouldn't work if the game was White press since Italy's name
    # would be in the header.
    letter = Letter(ITALY, to(RUSSIA))
    assert readers(policy("grey"), letter) == {RUSSIA: Delivery(RUSSIA, None, to(RUSSIA))}
    assert readers(DEFAULT, letter) == {RUSSIA: Delivery(RUSSIA, ITALY, to(RUSSIA))}
    # If it was White/Grey Italy would have to throw in the "GREY" keyword
    assert readers(policy("white/grey"), Letter(ITALY, to(RUSSIA), colour=Colour.GREY)) == \
        {RUSSIA: Delivery(RUSSIA, None, to(RUSSIA))}
    assert not archived(letter)


def test_press_fake_to_another_group() -> None:
    # FAKE [PARTIAL] TO [ALL BUT] list ... The message is faked as going to the set of
    # people specified even though it may be a broadcast message or be a message sent to
    # an alternate set of people.
    may = policy("partial may be faked")
    letter = Letter(ITALY, None, fake_to=to(FRANCE, RUSSIA))
    assert cleared(may, letter).shown_to == to(FRANCE, RUSSIA)
    assert readers(may, letter)[GERMANY] == Delivery(GERMANY, ITALY, to(FRANCE, RUSSIA))
    # No Fake: Messages sent to individuals cannot appear as broadcast messages or vice versa
    assert refused(DEFAULT, letter)
    assert refused(DEFAULT, Letter(ITALY, to(RUSSIA), fake_broadcast=True))
    # Partial Fakes Broadcast by default: ... unless otherwise specified.
    by_default = policy("partial fakes broadcast by default")
    assert cleared(by_default, Letter(ITALY, to(RUSSIA))).shown_to is None
    assert cleared(by_default, Letter(ITALY, to(RUSSIA), fake_broadcast=False)).shown_to == \
        to(RUSSIA)


def test_press_all_press_and_no_broadcast() -> None:
    # SET ALL PRESS: all partial press between the players to be copied (silently) to you
    # SET WATCH ALL PRESS: enables Observers to use the SET ALL PRESS command
    # SET [NO] BROADCAST [PRESS]: ... receiving broadcast press messages.  Only possible for
    # observers or moderators.
    audience = Audience(AUDIENCE.seats, all_press=frozenset({MASTER, OBSERVER}),
                        no_broadcast=frozenset({OBSERVER}))
    letter = Letter(ITALY, to(RUSSIA), colour=None)
    got = readers(DEFAULT, letter, audience)
    assert got[MASTER] == Delivery(MASTER, ITALY, to(RUSSIA), to(RUSSIA), copy=True)
    assert OBSERVER not in got
    watched = readers(policy("watch all press"), letter, audience)
    assert watched[OBSERVER] == Delivery(OBSERVER, ITALY, to(RUSSIA), None, copy=True)
    assert OBSERVER not in readers(DEFAULT, Letter(ITALY), audience)
    assert OBSERVER in readers(DEFAULT, Letter(ITALY, to(observers=True)), audience)


def test_press_broadcast_reaches_everyone_but_the_sender() -> None:
    got = readers(DEFAULT, Letter(ITALY))
    assert set(got) == AUDIENCE.seats - {ITALY}
    assert all(d.sender == ITALY and d.shown_to is None for d in got.values())


# ----------------------------------------------------------------------
# Postal press, phases, lateness, touch
# ----------------------------------------------------------------------
def test_press_postal() -> None:
    # PostalPress: Players may send delayed (broadcast-only) messages that will not be
    # distributed until after the current phase is processed. ... All Postal Press is sent
    # to all players, and the identity of the sender is always revealed.
    assert refused(DEFAULT, Letter(ITALY, postal=True))
    postal = policy("grey, postal press")
    done = cleared(postal, Letter(ITALY, postal=True))
    assert (done.colour, done.shown_to, done.postal) == (Colour.WHITE, None, True)
    assert refused(postal, Letter(ITALY, to(RUSSIA), postal=True))
    assert all(d.sender == ITALY for d in readers(postal, Letter(ITALY, postal=True)).values())


def test_press_minor_phases() -> None:
    # SET [NO] MINOR PRESS: Disables/enables the sending of press message during minor
    # phases (retreats and builds). ... Cannot be changed once the game is in progress.
    no_minor = policy("no minor press")
    assert refused(no_minor, Letter(ITALY), PressMoment(minor_phase=True))
    assert cleared(no_minor, Letter(ITALY, TO_MASTER), PressMoment(minor_phase=True))
    assert cleared(no_minor, Letter(ITALY))
    assert isinstance(set_press(DEFAULT, "no minor press", game_started=True), Refused)


def test_press_late_grace_and_must_order() -> None:
    late = PressMoment(sender_late=True, sender_without_orders=True, anyone_late=True)
    # SET [NO] LATE PRESS: players who are marked as late from sending any press (except
    # to the moderator).
    assert refused(policy("no late press"), Letter(ITALY), late)
    assert cleared(policy("no late press"), Letter(ITALY, TO_MASTER), late)
    assert cleared(DEFAULT, Letter(ITALY), late).notes
    # SET [NO] GRACE PRESS: press from any player when one or more has not submitted
    # complete moves (excluding to the moderator)
    others_late = PressMoment(anyone_late=True)
    assert refused(policy("no grace press"), Letter(FRANCE), others_late)
    # SET [NO] MUST ORDER: players must have valid orders submitted before sending press.
    assert refused(policy("must order"), Letter(ITALY),
                   PressMoment(sender_without_orders=True))
    # after the game's end these rules no longer bind
    over = PressMoment(sender_late=True, sender_without_orders=True, anyone_late=True,
                       game_over=True)
    strict = policy("no late press, no grace press, must order")
    assert cleared(strict, Letter(ITALY), over)


def test_press_blank() -> None:
    # SET [NO] BLANK PRESS: Disables/enables players to send blank press messages.
    assert refused(DEFAULT, Letter(ITALY, blank=True))
    assert cleared(policy("blank press"), Letter(ITALY, blank=True))


def test_press_touch() -> None:
    # SET [NO] TOUCH PRESS: players can only send one broadcast message per turn, and can
    # only send partial press to players with whom they are touching ... Players can always
    # send partial press to Masters, and cannot send press to Observers.
    touch = policy("touch press")
    near = PressMoment(neighbours=frozenset({"Russia"}))
    assert cleared(touch, Letter(ITALY, to(RUSSIA)), near)
    assert refused(touch, Letter(ITALY, to(FRANCE)), near)
    assert refused(touch, Letter(ITALY, to(observers=True)), near)
    assert cleared(touch, Letter(ITALY, TO_MASTER), near)
    assert cleared(touch, Letter(ITALY), near)
    assert refused(touch, Letter(ITALY), PressMoment(broadcast_sent=True))


def test_press_set_refuses_unknown_settings() -> None:
    assert isinstance(set_press(DEFAULT, "purple"), Refused)
    assert policy("observer no press").observers is ObserverPress.NONE
    assert policy("no partial press") == PressPolicy(partial=False)


def test_press_json_round_trip() -> None:
    changed = PressPolicy(PressColours.GREY_WHITE, False, FakePress.FAKES_BROADCAST,
                          ObserverPress.PARTIAL, True, False, False, False, True, True, True,
                          True)
    for value in (DEFAULT, changed):
        assert PressPolicy.from_dict(value.to_dict()) == value
    assert PressPolicy.from_dict({}) == DEFAULT
    group = to(RUSSIA, GERMANY, master=True, all_but=True)
    assert Addressees.from_dict(group.to_dict()) == group
    assert Seat.from_dict(ITALY.to_dict()) == ITALY

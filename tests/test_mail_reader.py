"""Reading judge mails: every command of nJudge's ``index`` is recognised, bodies and
lists are read as the help files say, and bad input becomes refusals, never errors.

The index's commands are read from the record of them kept here (tests/golden/
njudge_index.json); make conformance reads the index itself, and checks the record is
current (tests/conformance/test_mail_reader_witnessed.py)."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from machiavelli.commands.command import OrderLines, PhaseRef, SignOn, SignOnKind, Verb
from machiavelli.commands.outcome import Why
from machiavelli.commands.press_options import (
    ListWords,
    PressRequest,
    addressees_of,
    read_press_options,
)
from machiavelli.commands.reader import read_message, read_phase, reader_outcome
from machiavelli.commands.settings import SetGroup, SetLine, read_set
from machiavelli.core.options import FLAGS
from machiavelli.service.house.press import Colour, PressPolicy, set_press
from machiavelli.service.refusal import Refused

INDEX = Path(__file__).resolve().parent / "golden" / "njudge_index.json"


def recorded_index_phrases() -> list[tuple[str, str]]:
    """Every (who, command phrase) nJudge's ``index`` lists, each spelling of it, as recorded
    from the index (tools/njudge_index.py writes the record)."""
    return [(who, phrase) for who, phrase in json.loads(INDEX.read_text(encoding="utf-8"))]


def unread_phrases(phrases: list[tuple[str, str]]) -> list[str]:
    """The phrases our reader does not recognise as the commands they are."""
    unread = []
    for who, phrase in phrases:
        if phrase.upper().startswith("SET "):
            words = phrase[4:]
            settings = read_set(words)
            if isinstance(settings, Refused):
                settings = read_set(words + " 1")
            if isinstance(settings, Refused):
                unread.append(f"{who} {phrase}: {settings.reason}")
            continue
        reading = read_message(f"signon fgame pass\n{phrase} x\n")
        verb = reading.commands[1].verb if len(reading.commands) > 1 else Verb.UNKNOWN
        if verb in (Verb.ORDERS, Verb.UNKNOWN):
            unread.append(f"{who} {phrase}: read as {verb}")
    return unread


def test_every_command_of_the_index_is_recognised_as_recorded() -> None:
    phrases = recorded_index_phrases()
    assert len(phrases) > 250
    unread = unread_phrases(phrases)
    assert not unread, "\n".join(unread)


def test_sign_on_forms() -> None:
    def sign_on(line: str) -> SignOn:
        command = read_message(line).commands[0]
        assert isinstance(command.detail, SignOn), command
        return command.detail

    assert sign_on("SIGNON Ldt secret") == SignOn(SignOnKind.POWER, "dt", "secret", "L")
    assert sign_on("sign on odt pass").kind is SignOnKind.OBSERVER
    assert sign_on("Sign On Mdt pass").kind is SignOnKind.MASTER
    assert sign_on("signon ? pass").kind is SignOnKind.ANY_GAME
    joined = sign_on("signon ?game1 pw machiavelli")
    assert (joined.kind, joined.game, joined.variant) == (SignOnKind.JOIN, "game1", "machiavelli")
    assert sign_on("observe dt pass") == SignOn(SignOnKind.OBSERVER, "dt", "pass")
    assert sign_on("watch dt pass").kind is SignOnKind.OBSERVER
    created = sign_on("create ?older pw classic_1454 nofamine")
    assert (created.kind, created.variant, created.options) == (
        SignOnKind.CREATE, "classic_1454", ("nofamine",))


def test_sign_on_reads_the_web_s_game_names_after_the_power_letter() -> None:
    def sign_on(line: str) -> SignOn:
        command = read_message(line).commands[0]
        assert isinstance(command.detail, SignOn), command
        return command.detail

    # the web's names: longer than 8, with '-', '_' or '.', capitals kept as written
    assert sign_on("SIGN ON fdemo-1454 secret") == SignOn(SignOnKind.POWER, "demo-1454",
                                                           "secret", "F")
    assert sign_on("signon Vbrowser_game.2 pw").game == "browser_game.2"
    assert sign_on("signon mMy-Game pw") == SignOn(SignOnKind.MASTER, "My-Game", "pw")
    assert sign_on("observe demo-1454 pw").game == "demo-1454"
    assert sign_on("signon ?demo-1454 pw").kind is SignOnKind.JOIN
    assert sign_on("signon f" + "a" * 64 + " pw").game == "a" * 64


def test_one_sign_on_per_message() -> None:
    reading = read_message("signon fdt pass\nsignon gdt pass\nobserve dt pass\n")
    assert [c.why for c in reading.commands] == [None, Why.ONE_SIGN_ON, Why.ONE_SIGN_ON]
    assert reading.sign_on is reading.commands[0]


def test_bad_sign_ons_are_refused_with_the_reason() -> None:
    for line in ("signon", "signon fdt", "signon f!!! pass", "signon f" + "a" * 65 + " pass",
                 "signon f-dt pass", "signon fdt/1 pass", "signon fdt pa$$"):
        command = read_message(line).commands[0]
        assert command.verb is Verb.SIGN_ON and command.problem, line
        outcome = reader_outcome(command)
        assert outcome is not None and outcome.why is Why.SYNTAX


def test_lines_before_the_sign_on_are_named_and_player_commands_refused() -> None:
    reading = read_message("Dear judge,\nset wait\npress to f\nhi\nendpress\nlist dt\n")
    verbs = [(c.line, c.verb, c.why) for c in reading.commands]
    assert verbs == [(1, Verb.UNKNOWN, Why.NOT_A_COMMAND), (2, Verb.SET, Why.SIGN_ON_FIRST),
                     (3, Verb.PRESS, Why.SIGN_ON_FIRST), (6, Verb.LIST, None)]


def test_orders_after_the_sign_on_go_to_the_order_language_with_their_lines() -> None:
    body = ("signon Ldt pass\nA pav - for\n\nF gen S A mon - sav\nset nowait\n"
            "pay 6 ducats to Milan\nphase fall 1455 movement\nA for - pav\nclear\n")
    commands = read_message(body).commands
    assert [c.verb for c in commands] == [Verb.SIGN_ON, Verb.ORDERS, Verb.SET, Verb.ORDERS,
                                          Verb.PHASE, Verb.ORDERS, Verb.CLEAR]
    first = commands[1].detail
    assert isinstance(first, OrderLines)
    assert first.lines == ((2, "A pav - for"), (4, "F gen S A mon - sav")) and not first.phase
    later = commands[5].detail
    assert isinstance(later, OrderLines)
    assert later.phase == PhaseRef("fall", 1455, "movement")


def test_press_bodies_end_at_endpress_signoff_or_the_end() -> None:
    body = ("signon fdt pass\npress to gr\nWe attack Venice.\nENDPRESS now\nendpress\n"
            "broadcast\nHello all\nend broadcast\npostal press\nSigned.\nsignoff\nA pav H\n")
    commands = read_message(body).commands
    assert [c.verb for c in commands] == [Verb.SIGN_ON, Verb.PRESS, Verb.BROADCAST,
                                          Verb.POSTAL_PRESS]
    assert commands[1].body == ("We attack Venice.", "ENDPRESS now")
    assert commands[1].detail == PressRequest(ListWords("GR"))
    assert commands[2].body == ("Hello all",) and commands[3].body == ("Signed.",)
    unended = read_message("signon fdt pass\nbroadcast\nto the end\n").commands[1]
    assert unended.body == ("to the end",) and unended.last_line == 0


def test_press_options_as_the_help_file_gives_them() -> None:
    def read(words: str, broadcast: bool = False) -> PressRequest:
        request = read_press_options(words, broadcast=broadcast)
        assert isinstance(request, PressRequest), request
        return request

    assert read("", broadcast=True) == PressRequest()
    assert isinstance(read_press_options("", broadcast=False), Refused)
    assert read("TO frg") == PressRequest(ListWords("FRG"))
    assert read("+frg") == PressRequest(ListWords("FRG"))
    assert read("to all but g fake broadcast") == PressRequest(
        ListWords("G", True), fake_broadcast=True)
    assert read("-go grey") == PressRequest(ListWords("GO", True), Colour.GREY)
    assert read("fake to frg") == PressRequest(fake_to=ListWords("FRG"))
    assert read("to frg fake") == PressRequest(ListWords("FRG"), fake_broadcast=True)
    assert read("fake broadcast to frg") == PressRequest(ListWords("FRG"), fake_broadcast=True)
    assert read("to m nofake") == PressRequest(ListWords("M"), fake_broadcast=False)
    assert read("anonymously to all") == PressRequest(colour=Colour.GREY)
    for bad in ("to", "white grey", "to f to g", "sideways"):
        assert isinstance(read_press_options(bad, broadcast=False), Refused), bad
    # a Princes seat is its number (TO 12: P1 and P2); in a game without such letters the
    # list is refused when its letters are looked up, naming the game's
    assert read("to 12") == PressRequest(ListWords("12"))
    refused = addressees_of(ListWords("12"), {"F": "France", "G": "Germany"})
    assert isinstance(refused, Refused) and "'1' is not a power's letter" in refused.reason


def test_set_lines_hold_several_settings() -> None:
    settings = read_set("grey, partial fakes broadcast")
    assert not isinstance(settings, Refused)
    assert [(s.group, s.name) for s in settings] == [
        (SetGroup.PRESS, "grey"), (SetGroup.PRESS, "partial fakes broadcast")]
    words = ", ".join(s.name for s in settings)
    assert isinstance(set_press(PressPolicy(), words), PressPolicy)
    flags = read_set("nofamine noplague, forts")
    assert not isinstance(flags, Refused)
    assert [f for s in flags for f in s.flags] == [("famine", False), ("plague", False),
                                                  ("fortresses", True)]
    deadline = read_set("deadline Mon 23:30")
    assert not isinstance(deadline, Refused)
    assert (deadline[0].name, deadline[0].value) == ("deadline", "Mon 23:30")
    schedule = read_set("moves next 48 delay 1")
    assert not isinstance(schedule, Refused)
    assert (schedule[0].name, schedule[0].value) == ("schedule", "move next 48 delay 1")
    assert isinstance(read_set("sideways"), Refused)
    assert isinstance(read_set("password"), Refused)


def test_flag_every_machiavelli_flag_of_001_reads_both_ways() -> None:
    for flag in FLAGS:
        word = flag.replace("_", " ")
        for text, value in ((word, True), (f"no{word}", False), (f"no {word}", False)):
            settings = read_set(text)
            assert not isinstance(settings, Refused), text
            assert [f for s in settings for f in s.flags] == [(flag, value)], text


def test_every_press_setting_is_one_the_service_reads() -> None:
    from machiavelli.commands.settings import _TABLE

    for phrase, (group, name, _, _, _) in _TABLE.items():
        if group is SetGroup.PRESS:
            assert isinstance(set_press(PressPolicy(), name), PressPolicy), phrase


def test_register_comment_and_help_take_the_lines_after_them() -> None:
    reading = read_message("REGISTER\nName: Ann\nEmail: ann@example.org\nEND\nlist\n")
    register = reading.commands[0]
    assert register.detail is not None and register.last_line == 4
    assert reading.commands[1].verb is Verb.LIST
    unended = read_message("register\nName: Ann\n").commands[0]
    assert unended.why is Why.SYNTAX
    comment = read_message("signon mdt pw\nset comment begin\nA long\ncomment\nsignoff\n")
    detail = comment.commands[1].detail
    assert isinstance(detail, SetLine) and comment.commands[1].body == ("A long", "comment")
    helped = read_message("help\nsignon fdt pw\n").commands
    assert [c.verb for c in helped] == [Verb.HELP]


def test_sign_off_and_signature_end_the_message() -> None:
    for end in ("signoff", "SIGN OFF", "--"):
        commands = read_message(f"signon fdt pw\nA pav H\n{end}\nmy signature\n").commands
        assert [c.verb for c in commands] == [Verb.SIGN_ON, Verb.ORDERS, Verb.SIGN_OFF]


def test_a_word_that_merely_begins_like_a_command_is_not_one() -> None:
    commands = read_message("listing of my games\nsettle down\n").commands
    assert [c.verb for c in commands] == [Verb.UNKNOWN, Verb.UNKNOWN]


def test_phases_are_read_both_ways() -> None:
    assert read_phase("fall 1905 retreat") == PhaseRef("fall", 1905, "retreat")
    assert read_phase("F1905R") == PhaseRef("fall", 1905, "retreat")
    assert read_phase("summer 1455") == PhaseRef("summer", 1455, None)
    assert isinstance(read_phase("someday"), Refused)


@given(st.text(max_size=400))
def test_any_text_reads_without_error(text: str) -> None:
    for body in (text, "signon fdt pass\n" + text):
        for command in read_message(body).commands:
            assert command.line >= 1
            reader_outcome(command)

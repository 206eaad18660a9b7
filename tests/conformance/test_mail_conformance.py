"""nJudge's test exchanges, classified: every command's outcome is known, and the file
the tests keep (tests/njudge_exchanges.json) is what the classifier gives today."""

from __future__ import annotations

import json
from pathlib import Path

from njudge_files import WITNESSES

from machiavelli.mail.conformance import exchanges_in, expectations_json, split_mails

EXPECTED = Path(__file__).resolve().parents[1] / "njudge_exchanges.json"
TESTS = WITNESSES / "njudge" / "tests"


def test_every_exchange_and_command_is_classified() -> None:
    assert (TESTS / "input").is_dir(), f"nJudge's tests are missing from {TESTS}"
    exchanges = exchanges_in(TESTS)
    assert len(exchanges) == 29
    unknown = [f"{e.name} line {c.line}: {c.text}" for e in exchanges for c in e.commands
               if c.status == "unknown"]
    assert not unknown, unknown
    outcomes = {(e.name, c.text): (c.status, c.why) for e in exchanges for c in e.commands}
    assert outcomes[("Bug91-10", "signon mdt 181d")] == ("refused", "bad sign-on")
    assert outcomes[("Bug91-10", "list")] == ("skipped", None)
    assert outcomes[("Bug91-01", "create ?dt pass")] == ("done", None)
    assert outcomes[("Bug91-13", "resign")] == ("done", None)
    assert outcomes[("Bug91-16", "signon fdt pass")] == ("done", None)


def test_the_expectations_file_is_current() -> None:
    current = expectations_json(exchanges_in(TESTS))
    assert EXPECTED.read_text(encoding="utf-8") == current, (
        "run: python tools/njudge_exchanges.py")
    assert json.loads(current)[0]["commands"][0]["status"] == "done"


def test_mails_are_split_with_their_kinds() -> None:
    out = (TESTS / "baseline" / "Bug91-07.out").read_text(encoding="latin-1")
    mails = split_mails(out)
    assert len(mails) == 19
    assert {m.kind for m in mails} == {"signon", "broadcast", "reply"}
    assert mails[-1].to == "observer2@localhost" and "Broadcast message sent" in mails[-1].body


def test_our_reader_reads_every_command_njudge_carried_out() -> None:
    """The reading half of the comparison: no command nJudge did, or refused for a reason
    other than its wording, is refused by our reader."""
    from machiavelli.commands.reader import read_message, reader_outcome
    from machiavelli.mail.envelope import parse_message

    agree = 0
    for exchange in exchanges_in(TESTS):
        mail_in = (TESTS / "input" / f"{exchange.name}.in").read_text(encoding="latin-1")
        commands = read_message(parse_message(mail_in).body).commands
        assert [c.line for c in commands] == [c.line for c in exchange.commands]
        refused_by_us = [c for c in commands if (o := reader_outcome(c)) is not None
                         and o.status.value == "refused"]
        refused_by_them = [c for c in exchange.commands
                           if c.status == "refused" and c.why == "syntax"]
        agree += len(refused_by_us) == len(refused_by_them)
    assert agree == 29


def test_our_interpreter_agrees_with_njudge_on_every_exchange(db_url: str) -> None:
    """The 29 exchanges carried out in order on one judge (nJudge's test date, its
    default variant Standard), each command's outcome compared with nJudge's: all
    agree.  The other mails agree for 27; the two deliberate differences are in
    docs/rulings.md ("The judge by mail")."""
    from datetime import UTC, datetime

    from machiavelli.commands.desk import Config
    from machiavelli.mail.conformance import run_exchanges
    from machiavelli.service.judge import Judge

    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    mails_in = [(p.stem, p.read_text(encoding="latin-1"))
                for p in sorted((TESTS / "input").glob("*.in"))]
    with Judge(db_url) as judge:  # on SQLite and on PostgreSQL
        replays = run_exchanges(judge, mails_in, expected, datetime(2004, 1, 1, tzinfo=UTC),
                                Config(judge="XXXX", default_variant="standard"))
    assert len(replays) == 29
    differing = [f"{r.name} line {c.line} {c.text}: nJudge {c.theirs}, ours {c.ours}"
                 for r in replays for c in r.commands if not c.agrees]
    assert differing == []
    assert sum(len(r.commands) for r in replays) == 56
    other_mails = {r.name: (sorted(r.their_mails - r.our_mails),
                            sorted(r.our_mails - r.their_mails))
                   for r in replays if not r.mails_agree}
    assert other_mails == {
        # nJudge mails the Master a "Preference Change" when the game starts; we do not
        "Bug91-06": ([("master1@localhost", "preference")], []),
        # nJudge moves the deadline on a take-over and tells the old player; we do not
        "Bug91-16": ([("player1@localhost", "notice")], []),
    }

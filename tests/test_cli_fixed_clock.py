"""MACHIAVELLI_NOW: every command, the sweeper and the mail judge act at the time it fixes,
so a week of deadlines, grace, NMR, absences and pauses plays in seconds (issue 37)."""

from __future__ import annotations

import email
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from machiavelli.cli.main import main
from machiavelli.service.config import HostSettings, fixed_now


class Week:
    """A judge on a database, driven through the command line at fixed times."""

    def __init__(self, tmp_path: Path) -> None:
        self.db = f"sqlite:///{tmp_path}/judge.db"
        self.outbox = tmp_path / "outbox"
        self.now = ""

    def run(self, *args: str, stdin: str | None = None) -> str:
        result = CliRunner().invoke(main, list(args), input=stdin,
                                    env={"MACHIAVELLI_NOW": self.now})
        assert result.exit_code == 0, result.output
        return result.output

    def mail(self, sender: str, text: str) -> str:
        return self.run("judge", "--as", sender, "--db", self.db, "--outbox",
                        str(self.outbox), stdin=text)

    def sweep(self) -> str:
        return self.run("mail", "--sweep", "--db", self.db, "--outbox", str(self.outbox))

    def mails(self) -> list[tuple[str, str, str]]:
        """(to, subject, body) of the mails posted since the last look (taken out)."""
        found = []
        for path in sorted(self.outbox.glob("*.eml")) if self.outbox.exists() else []:
            message = email.message_from_bytes(path.read_bytes())
            part = next((p for p in message.walk() if p.get_content_type() == "text/plain"),
                        message)
            payload = part.get_payload(decode=True)
            body = payload.decode() if isinstance(payload, bytes) else str(payload)
            found.append((str(message["To"]), str(message["Subject"]), body))
            path.unlink()
        return found


@pytest.fixture
def week(tmp_path: Path) -> Week:
    return Week(tmp_path)


def test_machiavelli_now_is_read_in_one_place_and_needs_a_zone() -> None:
    assert fixed_now({}) is None
    assert fixed_now({"MACHIAVELLI_NOW": "2026-12-01T23:30:00Z"}) == datetime(
        2026, 12, 1, 23, 30, tzinfo=UTC)
    assert HostSettings.from_env({"MACHIAVELLI_NOW": "2026-12-01T23:30:00+01:00"}).now == \
        datetime(2026, 12, 1, 22, 30, tzinfo=UTC)
    with pytest.raises(ValueError, match="no time zone"):
        fixed_now({"MACHIAVELLI_NOW": "2026-12-01T23:30:00"})
    with pytest.raises(ValueError, match="not an ISO 8601 time"):
        fixed_now({"MACHIAVELLI_NOW": "tomorrow"})


def test_a_bad_machiavelli_now_is_a_clear_error_and_web_refuses_a_fixed_clock() -> None:
    result = CliRunner().invoke(main, ["scenarios"], env={"MACHIAVELLI_NOW": "1 Dec 2026"})
    assert result.exit_code == 2 and "MACHIAVELLI_NOW" in result.output
    result = CliRunner().invoke(main, ["web"], env={"MACHIAVELLI_NOW": "2026-12-01T23:30Z"})
    assert result.exit_code == 2 and "--allow-fixed-clock" in result.output


def _to(mails: list[tuple[str, str, str]], words: str) -> set[str]:
    return {to for to, subject, body in mails if words in subject + "\n" + body}


def test_a_week_of_deadlines_grace_nmr_absences_and_a_pause_at_fixed_times(
        week: Week) -> None:
    # Monday 30 November: three players and a Master by mail; NMR, grace to Sunday.  The
    # variant for three deals each player two powers: ann Milan and Naples, bob Venice and
    # the Papacy, cy Florence and Turkey
    week.now = "2026-11-30T09:00:00Z"
    for name in ("gm", "ann", "bob", "cy"):
        week.mail(f"{name}@x.org", f"REGISTER\nName: {name}\nEND\n")
    week.mail("gm@x.org", "create ?rome sesame machiavelli\nset players 3\nset nmr\n")
    for name, wanted in (("ann", "IN"), ("bob", "VP"), ("cy", "LT")):
        week.mail(f"{name}@x.org", f"signon ?rome {name}pw\nset preference {wanted}")
    out = week.mail("gm@x.org", "signon mrome sesame\nset grace 6 Dec 2026 23:30")
    assert "Deadline Thu Dec 03 2026 23:30:00 +0000 (in 3 days, 14 hours and 30 minutes)" \
        in out and "grace period to Sun Dec 06 2026 23:30" in out
    assert {"ann@x.org", "bob@x.org", "cy@x.org"} <= _to(week.mails(), "set GRACE")

    # Tuesday: Milan and Naples order, and ann asks for an absence within the limit; the
    # Papacy and Turkey order, not Venice and Florence
    week.now = "2026-12-01T12:00:00Z"
    out = week.mail("ann@x.org", "signon irome annpw\nA pav - for\n"
                    "set absence 14 Dec to 16 Dec")
    assert "Absences now: Mon Dec 14 2026" in out
    week.mail("ann@x.org", "signon nrome annpw\nF nap H")
    week.mail("bob@x.org", "signon prome bobpw\nA rme H")
    week.mail("cy@x.org", "signon trome cypw\nA alb H")
    week.mail("cy@x.org", "signon lrome cypw\nset absence 10 Dec to 30 Dec")
    assert _to(week.mails(), "asks for an absence") == {"gm@x.org"}

    # Wednesday, a day before the deadline: the powers still missing are reminded
    week.now = "2026-12-02T23:40:00Z"
    assert "processed: nothing" in week.sweep()
    reminded = _to(week.mails(), "Reminder")
    assert reminded == {"bob@x.org", "cy@x.org"}

    # Thursday: the deadline passes; late notices, then one a day
    week.now = "2026-12-03T23:31:00Z"
    week.sweep()
    mails = week.mails()
    assert {"bob@x.org", "cy@x.org"} <= _to(mails, "are late")
    week.now = "2026-12-04T10:00:00Z"
    week.sweep()
    assert not _to(week.mails(), "Late notice")  # not twice a day
    week.now = "2026-12-04T23:35:00Z"
    week.sweep()
    assert {"bob@x.org", "cy@x.org"} <= _to(week.mails(), "Late notice")

    # Saturday, 24 hours before the grace ends (NMR): the late powers are abandoned
    week.now = "2026-12-05T23:31:00Z"
    week.sweep()
    mails = week.mails()
    assert {"ann@x.org", "bob@x.org", "cy@x.org", "gm@x.org"} <= _to(
        mails, "Florence, Venice have been abandoned")
    week.now = "2026-12-05T23:45:00Z"
    out = week.mail("bob@x.org", "signon vrome bobpw\nF dal H")
    assert "Venice is no longer abandoned" in out

    # Sunday: the grace ends; Florence goes into civil disorder and the phase is processed
    week.now = "2026-12-06T23:31:00Z"
    assert "processed: rome" in week.sweep()
    mails = week.mails()
    assert "ann@x.org" in _to(mails, "Florence is in civil disorder")
    assert "cy@x.org" in _to(mails, "Results")

    # Monday: the Master pauses; the next day everyone is reminded, once
    week.now = "2026-12-07T10:00:00Z"
    week.mail("gm@x.org", "signon mrome sesame\npause")
    assert {"ann@x.org", "bob@x.org", "cy@x.org"} <= _to(week.mails(), "Game paused")
    week.now = "2026-12-07T20:00:00Z"
    week.sweep()
    assert not _to(week.mails(), "still paused")
    week.now = "2026-12-08T10:30:00Z"
    week.sweep()
    assert {"ann@x.org", "bob@x.org", "cy@x.org"} <= _to(week.mails(), "still paused")
    week.now = "2026-12-08T11:00:00Z"
    week.mail("gm@x.org", "signon mrome sesame\nresume")
    assert "ann@x.org" in _to(week.mails(), "Game resumed")

"""One message in, the judge's mails out: addresses, bodies, bounces and loops."""

from __future__ import annotations

from email.message import EmailMessage

from hypothesis import given
from hypothesis import strategies as st

from machiavelli.mail.envelope import (
    LOOP_HEADER,
    attach_png,
    notice,
    parse_message,
    reply,
)

JUDGE = "judge@machiavelli.test"


def test_the_answer_goes_to_the_last_reply_to_else_from() -> None:
    plain = parse_message("From: Ann <ann@example.org>\nSubject: orders\n\nsignon fdt pw\n")
    assert (plain.sender, plain.subject, plain.body) == (
        "ann@example.org", "orders", "signon fdt pw\n")
    assert plain.automatic is None
    redirected = parse_message("From: ann@example.org\nReply-To: a@x.org\nReply-To: b@y.org\n"
                               "\nlist\n")
    assert redirected.sender == "b@y.org"


def test_multipart_mail_is_read_from_its_text_part_and_html_as_text() -> None:
    message = EmailMessage()
    message["From"] = "ann@example.org"
    message.set_content("signon fdt pw\nA pav - for\n")
    message.add_alternative("<p>ignored</p>", subtype="html")
    message.add_attachment(b"\x89PNG", maintype="image", subtype="png", filename="x.png")
    assert parse_message(bytes(message)).body.splitlines() == ["signon fdt pw", "A pav - for"]
    html_only = EmailMessage()
    html_only["From"] = "ann@example.org"
    html_only.set_content("<p>list</p><p>help &amp; more</p>", subtype="html")
    assert parse_message(bytes(html_only)).body.split() == ["list", "help", "&", "more"]


def test_bounces_auto_replies_and_loops_are_not_answered() -> None:
    cases = {
        "From: MAILER-DAEMON@example.org\n\nundeliverable\n": "bounce",
        "From: postmaster@example.org\n\nundeliverable\n": "bounce",
        "From: ann@example.org\nAuto-Submitted: auto-replied\n\naway\n": "automatic",
        "From: ann@example.org\nPrecedence: bulk\n\nnews\n": "bulk",
        "From: ann@example.org\nX-Autoreply: yes\n\naway\n": "vacation",
        "From: judge@other.org\nX-Njudge: 1.7\n\nlist\n": "another judge",
        f"From: ann@example.org\n{LOOP_HEADER}: {JUDGE}\n\nlist\n": "own mail",
        f"From: {JUDGE}\n\nlist\n": "own address",
        "Subject: no sender\n\nlist\n": "no address",
        "From: ann@example.org\nContent-Type: multipart/report; boundary=x\n\n--x--\n":
            "delivery report",
    }
    for raw, why in cases.items():
        incoming = parse_message(raw, judge_address=JUDGE)
        assert incoming.automatic is not None and why in incoming.automatic, raw
    bounced = parse_message("From: ann@example.org\n\nlist\n", envelope_sender="")
    assert bounced.automatic is not None and "bounce" in bounced.automatic


def test_replies_are_marked_so_that_robots_do_not_answer_them() -> None:
    incoming = parse_message("From: ann@example.org\nSubject: my orders\n"
                             "Message-ID: <1@example.org>\n\nlist\n")
    answer = reply(incoming, "Done.\n", JUDGE)
    assert answer["To"] == "ann@example.org" and answer["Subject"] == "Re: my orders"
    assert answer["In-Reply-To"] == "<1@example.org>"
    assert answer["Auto-Submitted"] == "auto-replied" and answer[LOOP_HEADER] == JUDGE
    # the judge's own reply, coming back, is recognised
    assert parse_message(bytes(answer), judge_address=JUDGE).automatic is not None
    sent = attach_png(notice("bob@example.org", "Results", "Spring 1454\n", JUDGE),
                      b"\x89PNG\r\n", "map.png")
    assert sent["Auto-Submitted"] == "auto-generated"
    assert [p.get_filename() for p in sent.iter_attachments()] == ["map.png"]


@given(st.binary(max_size=600))
def test_any_bytes_parse_without_error(raw: bytes) -> None:
    incoming = parse_message(raw)
    assert isinstance(incoming.body, str)

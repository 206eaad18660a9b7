"""One mail in, the judge's mails out: RFC 5322 with the standard library's ``email``.

In: :func:`parse_message` takes one message (as nJudge is piped one by the mail
system, or as the SMTP server receives it) and gives an :class:`Incoming`: whom to
answer (the last ``Reply-To:``, else ``From:``, as nJudge does), the subject, the text
body (the first ``text/plain`` part; an HTML-only message is turned into text), and
whether the message must not be answered at all (:func:`why_not_answer`): a bounce
(``MAILER-DAEMON``, an empty return path, a delivery report), an automatic reply
(``Auto-Submitted``, ``Precedence: bulk|junk|list``, vacation headers), another
judge's mail (nJudge's ``X-Njudge``), or one of our own coming back (``X-Loop``).
Answering those is how mail loops start.

Out: :func:`reply` and :func:`notice` build the judge's messages, marked
``Auto-Submitted`` and ``X-Loop`` so that other robots do not answer them either;
:func:`attach_png` adds a map.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from email import message_from_bytes, message_from_string, policy
from email.message import EmailMessage, Message
from email.utils import getaddresses, make_msgid, parseaddr
from typing import Any

#: The header that marks the judge's own mail (and finds it when it comes back).
LOOP_HEADER = "X-Loop"
_BOUNCERS = re.compile(r"^(mailer-daemon|postmaster|mail-daemon|mailer|bounces?|"
                       r"no-?reply|do-?not-?reply)([+@.-]|$)", re.IGNORECASE)
_VACATION_HEADERS = ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress",
                     "X-Vacation", "X-Mailer-Daemon")


@dataclass(frozen=True)
class Incoming:
    """A message as the judge reads it.

    ``sender``: the address answers go to (empty when none can be found); ``subject``;
    ``body``: the text the commands are read from; ``message_id`` (for the reply's
    ``In-Reply-To``); ``automatic``: why the message must not be answered, or None;
    ``copied``: the other addresses it was sent to (``To:`` and ``Cc:`` but the judge's and
    the sender's; known only with the judge's address), which seed 003's games read no
    orders from (BAR-18.4).
    """

    sender: str
    subject: str
    body: str
    message_id: str = ""
    automatic: str | None = None
    copied: tuple[str, ...] = ()


def parse_message(raw: bytes | str, *, envelope_sender: str | None = None,
                  judge_address: str = "") -> Incoming:
    """Read one RFC 5322 message.  ``envelope_sender`` is the SMTP ``MAIL FROM`` when
    known (empty for a bounce); ``judge_address`` the judge's own address."""
    rules: Any = policy.default  # typeshed's overloads want the compat32 policy's type
    message = (message_from_bytes(raw, policy=rules) if isinstance(raw, bytes)
               else message_from_string(raw, policy=rules))
    sender = answer_address(message)
    automatic = why_not_answer(message, envelope_sender, judge_address)
    if automatic is None and not sender:
        automatic = "no address to answer (no usable From: or Reply-To:)"
    return Incoming(sender, _header(message, "Subject"), body_text(message),
                    _header(message, "Message-ID"), automatic,
                    copied_to(message, judge_address, sender, envelope_sender))


def copied_to(message: Message, judge_address: str, sender: str,
              envelope_sender: str | None = None) -> tuple[str, ...]:
    """The addresses of ``To:`` and ``Cc:`` besides the judge's and the sender's (none
    when the judge's address is not known: which one is the judge's cannot be told)."""
    if not judge_address:
        return ()
    own = {judge_address.strip().lower(), sender.strip().lower(),
           (envelope_sender or "").strip().lower(),
           *(a.strip().lower() for _, a in getaddresses(_all(message, "From")))}
    found: list[str] = []
    for _, address in getaddresses([*_all(message, "To"), *_all(message, "Cc")]):
        address = address.strip().lower()
        if "@" in address and address not in own and address not in found:
            found.append(address)
    return tuple(found)


def _header(message: Message, name: str) -> str:
    try:
        value = message.get(name)
    except (ValueError, IndexError, TypeError):  # a header the parser cannot read
        return ""
    return " ".join(str(value).split()) if value is not None else ""


def _all(message: Message, name: str) -> list[str]:
    try:
        return [str(v) for v in message.get_all(name) or []]
    except (ValueError, IndexError, TypeError):
        return []


def answer_address(message: Message) -> str:
    """The last ``Reply-To:`` address, else the ``From:`` address ("" if none)."""
    for name in ("Reply-To", "From"):
        found = [address for _, address in getaddresses(_all(message, name))
                 if "@" in address]
        if found:
            return found[-1].strip()
    return ""


def why_not_answer(message: Message, envelope_sender: str | None = None,
                   judge_address: str = "") -> str | None:
    """Why the judge must not answer ``message`` (a bounce, an automatic reply, a loop),
    or None when it should."""
    sender = parseaddr(_header(message, "From"))[1]
    if envelope_sender is not None and envelope_sender.strip() in ("", "<>"):
        return "a bounce (empty return path)"
    if _header(message, "Return-Path").strip() == "<>":
        return "a bounce (empty return path)"
    if _BOUNCERS.match(sender) or (envelope_sender and _BOUNCERS.match(envelope_sender)):
        return f"a bounce or robot's mail (from {sender or envelope_sender})"
    if message.get_content_type() == "multipart/report":
        return "a delivery report"
    auto = _header(message, "Auto-Submitted").lower()
    if auto and auto != "no":
        return f"an automatic message (Auto-Submitted: {auto})"
    if _header(message, "Precedence").lower() in ("bulk", "junk", "list"):
        return f"bulk mail (Precedence: {_header(message, 'Precedence').lower()})"
    if any(_header(message, name) for name in _VACATION_HEADERS):
        return "an automatic reply (vacation)"
    if _header(message, "X-Njudge"):
        return "mail from another judge (X-Njudge)"
    loops = [v.lower() for v in _all(message, LOOP_HEADER)]
    if loops and (not judge_address or judge_address.lower() in loops):
        return "the judge's own mail coming back (X-Loop)"
    if judge_address and sender.lower() == judge_address.lower():
        return "the judge's own address as sender"
    return None


def body_text(message: Message) -> str:
    """The text the commands are read from: the first ``text/plain`` part, else the
    first ``text/html`` part as text; attachments are never read."""
    plain = html_part = None
    for part in message.walk():
        if part.is_multipart() or part.get_content_disposition() == "attachment":
            continue
        kind = part.get_content_type()
        if kind == "text/plain" and plain is None:
            plain = _decoded(part)
        elif kind == "text/html" and html_part is None:
            html_part = _decoded(part)
    if plain is not None:
        return plain
    if html_part is not None:
        text = re.sub(r"(?i)<br\s*/?>|</p>|</div>", "\n", html_part)
        return html.unescape(re.sub(r"<[^>]+>", "", text))
    return ""


def _decoded(part: Message) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return str(part.get_payload())
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset, errors="replace")
    except LookupError:  # an unknown charset
        return payload.decode("utf-8", errors="replace")


def _outgoing(judge_address: str, to: str, subject: str, text: str,
              auto: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = judge_address
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=judge_address.rpartition("@")[2] or None)
    message["Auto-Submitted"] = auto
    message[LOOP_HEADER] = judge_address
    message.set_content(text)
    return message


def reply(incoming: Incoming, text: str, judge_address: str,
          subject: str | None = None) -> EmailMessage:
    """The judge's answer to ``incoming``."""
    wanted = subject or incoming.subject
    if not wanted.lower().startswith("re:"):
        wanted = f"Re: {wanted}".rstrip()
    message = _outgoing(judge_address, incoming.sender, wanted, text, "auto-replied")
    if incoming.message_id:
        message["In-Reply-To"] = incoming.message_id
        message["References"] = incoming.message_id
    return message


def notice(to: str, subject: str, text: str, judge_address: str) -> EmailMessage:
    """A mail the judge sends of its own accord (results, press, late notices)."""
    return _outgoing(judge_address, to, subject, text, "auto-generated")


def attach_png(message: EmailMessage, data: bytes, filename: str) -> EmailMessage:
    """``message`` with a PNG image attached."""
    message.add_attachment(data, maintype="image", subtype="png", filename=filename)
    return message

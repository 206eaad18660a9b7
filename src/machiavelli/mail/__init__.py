"""The judge by mail: messages in, the command language carried out, the judge's mail out.

The commands themselves are :mod:`machiavelli.commands`' (nJudge's command language, which
the web and the command line speak too).  This package carries the mail: one RFC 5322
message parsed, bounces and auto-replies recognised (:mod:`~machiavelli.mail.envelope`),
replies posted to an SMTP relay or an outbox folder (:mod:`~machiavelli.mail.postman`),
an SMTP server (:mod:`~machiavelli.mail.server`), the service's notices turned into
result mails per seat (:mod:`~machiavelli.mail.results`), the map attached
(:mod:`~machiavelli.mail.pictures`), and :mod:`~machiavelli.mail.mailroom`, which answers
a message and posts what the judge owes.  :mod:`~machiavelli.mail.conformance` plays
nJudge's own test mails through it and compares the outcomes.

May import the service (the judge and its views, never its database or rows) and the
command language; never a game's engine (the maps come from the judge as SVG), ``web``
or ``cli`` (``tests/test_layers.py`` holds it to this).
"""

"""The judge by mail: nJudge's command language in, carried out, the judge's mail out.

Seed 001 describes an e-mail judge, and its players know nJudge's commands (``SIGN ON``,
``PRESS``, ``SET WAIT``, ``PROCESS`` ...).  This package reads a message's commands
(:mod:`~machiavelli.mail.reader`, with the ``SET`` words in
:mod:`~machiavelli.mail.settings` and the press options in
:mod:`~machiavelli.mail.press_options`), writes the replies that echo each command line
with its outcome (:mod:`~machiavelli.mail.reply`), applies a Master's ``SET`` to the
game's rules (:mod:`~machiavelli.mail.game_settings`), compares its outcomes with nJudge's
own test mails (:mod:`~machiavelli.mail.conformance`), and carries mail in and out:
one RFC 5322 message parsed, bounces and auto-replies recognised
(:mod:`~machiavelli.mail.envelope`), replies posted to an SMTP relay or an outbox
folder (:mod:`~machiavelli.mail.postman`), an SMTP server
(:mod:`~machiavelli.mail.server`), the map attached (:mod:`~machiavelli.mail.pictures`).

The interpreter (:mod:`~machiavelli.mail.interpreter`: ``interpret``, ``judge_text``)
carries the commands out on the service's :class:`~machiavelli.service.judge.Judge`
through :mod:`~machiavelli.mail.signing`, :mod:`~machiavelli.mail.playing`,
:mod:`~machiavelli.mail.setting`, :mod:`~machiavelli.mail.mastering` and
:mod:`~machiavelli.mail.enquiries`; :mod:`~machiavelli.mail.results` turns the service's
notices into result mails per seat, and :mod:`~machiavelli.mail.mailroom` posts it all.

Orders are passed to the judge's order language
(:func:`machiavelli.text.notation.parse_orders`); the ``set`` flags of 001 to
:mod:`machiavelli.core.options`; deadlines, absences, draws and press to the service's
rule modules (:mod:`machiavelli.service`).  This package may import the engine packages,
the map pictures (``render``) and the service; it never imports the command line
(``cli``) or a web front end.
"""

"""The service layer: games, seats and roles, deadlines, orders, press and votes.

Everything a front end (the CLI, the web app, the mail interface speaking nJudge's
command language, the bots) may do to a game goes through this package, so that a rule
(who may order, when a deadline falls, who reads a letter) lives in one place.  It may
import the engine packages (core, text, movement, money, game) and the case runner; it
never imports a front end.  Its rule modules are pure functions of their arguments with
no clock of their own (the time ``now`` is always a parameter); the games live in a
database (:mod:`~machiavelli.service.database`, :mod:`~machiavelli.service.schema`), and
:class:`~machiavelli.service.judge.Judge` is the one door to them.  ``docs/service.md``
describes the concepts, the API and the storage.
"""

"""The service layer: games, seats and roles, deadlines, orders, press and votes.

Everything a front end (the CLI, the web app, the mail interface speaking nJudge's
command language, the bots) may do to a game goes through this package, so that a rule
(who may order, when a deadline falls, who reads a letter) lives in one place.  It may
import the engine packages (core, text, movement, money, game) and the case runner; it
never imports a front end.  Its house rules
(:mod:`machiavelli.service.house`: deadlines, processing, absences, draws, press, dates)
are pure functions of their arguments, after nJudge's help files: no database, no I/O,
and no clock of their own (the time ``now`` is always a parameter); the modules of the
same names here apply them to what the database holds.  The games live in a database
(:mod:`~machiavelli.service.database`, :mod:`~machiavelli.service.schema`),
:class:`~machiavelli.service.judge.Judge` is the one door to them and
:func:`~machiavelli.service.visibility.view` the one rule of who sees
what.  ``docs/service.md`` describes the concepts, the API, the storage and which nJudge
semantics the rules follow.
"""

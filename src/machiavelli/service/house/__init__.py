"""The judge's house rules: deadlines, absences, draws, press, dates and processing.

After nJudge's help files (``deadlines``, ``absence``, ``draws``, ``press``, ``index``):
pure functions of their arguments, no database, no I/O, no engine and no clock of their
own (the time ``now`` is always a parameter).  The service's modules of the same names
one floor up (:mod:`machiavelli.service.deadlines`, :mod:`machiavelli.service.absence`,
:mod:`machiavelli.service.draws`, :mod:`machiavelli.service.press`) apply these rules to
what the database holds.

May import only each other and the service's plain values (:mod:`~machiavelli.service.refusal`,
:mod:`~machiavelli.service.roles`, :mod:`~machiavelli.service.stored`).
"""

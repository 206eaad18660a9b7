"""Test-case files: the DATC text format, extended for Machiavelli and money.

Reading case files (:mod:`~machiavelli.cases.files`) into cases, running them
through the engine (:mod:`~machiavelli.cases.runner`) and checking or writing
their results; the format is documented in ``docs/case-format.md``.  May import
the whole engine (core, text, movement, money, game), never a front end.
"""

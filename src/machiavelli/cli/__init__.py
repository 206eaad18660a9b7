"""The ``machiavelli`` command: the game master's and players' commands, adjudicate,
bench, bench-parse, demo.

Thin shells built with click: the game commands call the judge service
(:class:`machiavelli.service.judge.Judge`), ``adjudicate`` the case runner.  May import
everything below it; nothing imports it.
"""

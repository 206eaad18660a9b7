"""The ``machiavelli`` command: the game master's commands, adjudicate, bench, demo.

Thin shells over the engine and the case runner, built with click; the games a
game master keeps (:mod:`~machiavelli.cli.store`) live here until the service
holds them.  May import everything below it; nothing imports it.
"""

"""Whole games: the phase machine, the year, disasters, victory and scenarios.

:func:`~machiavelli.game.process.process_phase` runs one phase in 001's sequence
(campaign steps, retreats, adjustments, famine, plague, storms, income,
elimination, victory); scenarios turn a scenario file into a board and the first
position; the game start pays the first treasuries; random money orders feed soak
tests and demos.  May import every engine package below it: core, text, movement
and money.
"""

"""What happens on the board: legality, movement, retreats, sieges and control.

The board's facts as the rules see them (:mod:`~machiavelli.movement.geography`),
static legality and the legal-order lists, Kruijswijk's resolver and the movement
phase around it (conversions, Venice, straits, sieges, rebels' support),
retreats, control of provinces and cities, where units may be built, and
rebellions as they stand on the board.  May import :mod:`machiavelli.core` and
:mod:`machiavelli.text`; nothing here knows about ducats.
"""

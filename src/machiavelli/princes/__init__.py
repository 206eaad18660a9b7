"""*Princes of the Renaissance* (seed 002): the second game on the judge.

A pure, typed engine standing beside the Machiavelli engine: the catalogue of tiles
(with the provenance of every number), the state, the pending decision and its legal
actions, ``apply`` (pure, seeded dice), auctions, wars, scoring and the acceptance
scenarios' reader. It may import only the standard library and itself; it imports
none of core, text, movement, money, game, cases or render, and none of them imports it.
"""

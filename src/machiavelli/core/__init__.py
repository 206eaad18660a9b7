"""The game's data, with no rules of play.

The board (provinces, cities, coasts, adjacency, straits, disaster tables) and
its reader from the map files in ``machiavelli/data/maps``; the position
(:class:`~machiavelli.core.state.State`, plain data with a JSON round trip);
orders and results as small frozen dataclasses; the order of phases; seeded,
recorded dice; the options with their names, defaults and couplings; the
home countries; and who may see a result, an event or a die (``privacy``).  The
order kinds are listed once, with their classes, phases and examples
(``order_kinds``), and every object of the position, the board, the orders and the
results pickles and copies, compiled too (``pickling``).  What each start of a
process would make again, the dataclasses' methods and the shipped boards' parsed TOML,
is kept on disk beside the bytecode (``start_cache``; the package's ``__init__``
installs it before any dataclass is made).
Everything else stands on this package; it imports only the standard library
and itself.
"""

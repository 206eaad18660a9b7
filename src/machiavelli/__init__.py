"""machiavelli-judge: a judge for Machiavelli, the Renaissance game of war, money and intrigue."""

__version__ = "0.1.0"

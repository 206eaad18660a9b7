"""Money and intrigue: the bank, expenses, bribes, assassination, income, specials.

Each step of a campaign that spends or earns ducats: borrowing and repaying
(:mod:`~machiavelli.money.finance`), expenditures and their prices (bribes,
rebellions, counter-bribes), assassination, the income phase, special units'
costs, and the adjustments paid for with money.  May import
:mod:`machiavelli.core`, :mod:`machiavelli.text` and :mod:`machiavelli.movement`.
"""

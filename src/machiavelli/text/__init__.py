"""The order language both ways, and the reports.

The words of the language (:mod:`~machiavelli.text.order_words`), the token
cursor and the readers of unit and money orders, :mod:`~machiavelli.text.notation`
(a whole submission read with a message per bad line, and orders written back),
and the plain-text report of a phase with its private parts.  May import
:mod:`machiavelli.core` only: reading an order needs the board and the position,
never the rules that adjudicate it.
"""

"""Bots and self-play: an environment, baseline players, self-play at scale.

- :mod:`~machiavelli.bots.env`: :class:`~machiavelli.bots.env.Env`, a seeded game a
  program drives: ``reset``, ``legal_orders``, ``step``, ``observation``, ``returns``,
  ``clone`` and JSON round trips;
- :mod:`~machiavelli.bots.menu`: the money menu (borrow, pay, give chits, expenses with
  their targets and meaningful amounts) beside the units' legal orders;
- :mod:`~machiavelli.bots.view`: what one power may see (the one visibility rule);
- :mod:`~machiavelli.bots.scoring`: returns (victory, cities held, elimination), pluggable;
- :mod:`~machiavelli.bots.players`, :mod:`~machiavelli.bots.greedy`: random-legal,
  hold-and-save and a greedy heuristic;
- :mod:`~machiavelli.bots.selfplay`, :mod:`~machiavelli.bots.invariants`,
  :mod:`~machiavelli.bots.failures`, :mod:`~machiavelli.bots.fleet`: games played
  bot against bot, checked after every phase, failures saved as case files, fanned
  out over processes or a Ray cluster;
- :mod:`~machiavelli.bots.client`: a bot as an ordinary client of the web judge's API;
- :mod:`~machiavelli.bots.rl`: a PettingZoo ``ParallelEnv`` with action masks (the
  ``rl`` extra: numpy, gymnasium, pettingzoo; imported only there).

May import: core, text, movement, money, game, cases, render and service (it sits
above them); never mail, web or cli (the web may seat a bot; the CLI runs self-play).
"""

"""The judge's command language: nJudge's commands, read, carried out and answered.

Seed 001 describes an e-mail judge, and its players know nJudge's commands (``SIGN ON``,
``PRESS``, ``SET WAIT``, ``PROCESS`` ...).  Mail is one way in; the web's ``POST
/api/v1/judge`` and ``machiavelli judge`` on the command line are the others, and all
three speak this language through this package.

- reading: :mod:`~machiavelli.commands.reader` reads a message's commands
  (:mod:`~machiavelli.commands.command`: what each is; :mod:`~machiavelli.commands.words`:
  keywords and their abbreviations; the ``SET`` words in
  :mod:`~machiavelli.commands.settings`, the press options in
  :mod:`~machiavelli.commands.press_options`);
- carrying out: :mod:`~machiavelli.commands.interpreter` (``interpret``, ``judge_text``)
  runs the commands on the service's :class:`~machiavelli.service.judge.Judge` at its
  :mod:`~machiavelli.commands.desk`, through :mod:`~machiavelli.commands.signing`,
  :mod:`~machiavelli.commands.playing`, :mod:`~machiavelli.commands.setting` (with
  :mod:`~machiavelli.commands.game_settings`: a Master's ``SET`` on the game's rules),
  :mod:`~machiavelli.commands.mastering`, :mod:`~machiavelli.commands.starting` and
  :mod:`~machiavelli.commands.enquiries`;
- answering: :mod:`~machiavelli.commands.reply` echoes each command line with its
  :mod:`~machiavelli.commands.outcome`.

May import the service (the judge and its views, never its database or rows); never a
game's engine, nor ``mail``, ``web`` or ``cli``, which stand above it
(``tests/test_layers.py`` holds it to this).
"""

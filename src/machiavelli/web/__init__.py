"""The web judge: Machiavelli in the browser, and a JSON API for programs (issue 11).

Pages are rendered by the server from Jinja2 templates (``templates/``), with htmx
(``static/htmx.min.js``, 0BSD, its licence beside it) for the live parts: the order
box checks each line as it is typed, the countdown, the history slider.  Every form
works without JavaScript.  The JSON API lives under ``/api/v1`` and is described at
``/openapi.json``; programs (bots among them: a bot is an ordinary API client with an
API key) authenticate with keys made on the account page.

Everything a page or the API shows of a game comes from one
:meth:`machiavelli.service.judge.Judge.view` call for the viewer (the service's one
visibility rule); everything it changes goes through :class:`~machiavelli.service.judge.Judge`.
The web's own tables (sessions, API keys, log-in links, the outbox of mail, log-in
attempts) live beside the service's in the same database (:mod:`~machiavelli.web.tables`).

May import the service (:class:`~machiavelli.service.judge.Judge` and its views; the
service's storage only in :mod:`~machiavelli.web.tables`), the bots (a master seats one)
and the command language (``POST /api/v1/judge``); never a game's engine (``core``,
``text``, ``movement``, ``money``, ``game``, ``cases``, ``render``: checks, legal orders
and maps come from the judge), never ``mail``, never ``cli``, which stands above it and
starts it (``tests/test_layers.py`` holds it to this).
"""

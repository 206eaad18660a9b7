"""The ``machiavelli`` command's start: the usual ``adjudicate`` without click.

``machiavelli adjudicate [--check] FILE...`` (files that exist, no other option) is run
by :func:`machiavelli.cli.adjudicate_run.adjudicate_files` at once, without importing
click (a quarter of a one-case run's start-up, docs/speed.md); everything else, help and
every mistake included, goes to the click group :func:`machiavelli.cli.main.main`, which
says the same things it always did.  The installed ``machiavelli`` script starts here.

The cyclic garbage collector waits while the command's modules are imported (an import
makes many objects and few cycles: a tenth of a one-case run's instructions went to
collections that found next to nothing), and what they made is then frozen out of its
reach (:func:`gc.freeze`), which also spares the collection at exit.
"""

from __future__ import annotations

import gc
import os
import sys


def plain_adjudicate(args: list[str]) -> tuple[list[str], bool] | None:
    """The files and ``--check`` of a plain ``adjudicate`` command line, or None: anything
    else (another command, another option, a file that is not there) is click's."""
    if len(args) < 2 or args[0] != "adjudicate":
        return None
    files: list[str] = []
    check = False
    for arg in args[1:]:
        if arg == "--check":
            check = True
        elif arg.startswith("-") or not os.path.isfile(arg):
            return None
        else:
            files.append(arg)
    return (files, check) if files else None


def run() -> None:
    """``machiavelli``: the plain ``adjudicate`` at once, or the click group."""
    gc.disable()
    plain = plain_adjudicate(sys.argv[1:])
    if plain is None:
        from machiavelli.cli.main import main

        _imported()
        main()
        return
    from machiavelli.cli.adjudicate_run import adjudicate_files

    _imported()
    sys.exit(adjudicate_files(plain[0], plain[1], None))


def _imported() -> None:
    """The command's modules imported: what they made kept out of the collector's way,
    which works again from here."""
    gc.freeze()
    gc.enable()


if __name__ == "__main__":
    run()

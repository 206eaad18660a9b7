"""nJudge's help file against service/processing.py: what the help file says, the service does.
make test checks the same against the quotes recorded from it (tests/njudge_quotes.py)."""

from __future__ import annotations

from njudge_help import flat, help_text


def test_processing_help_describes_nmr_late_and_abandoned() -> None:
    text = flat(help_text("deadlines"))
    for words in ('If the game is set "NoNMR" (the default), the Judge will wait for orders '
                  "until the end of the grace period",
                  "the power will be deemed abandoned if orders have not been received by "
                  "24 hours *before* the end of the grace period",
                  'the power will be declared in "Civil Disorder" and the phase will be '
                  "processed with incomplete orders",
                  "powers marked CD will not be considered when deciding whether the "
                  "deadline should slide"):
        assert flat(words) in text, words

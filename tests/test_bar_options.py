"""Seed 003 ("Balance at Risk") as options: the family flag ``bar`` and its six flags.

docs/balance-at-risk.md; the specification's section 0 and BAR-1.1.  A 003 rule not
built yet is refused by name, never accepted and left without effect.
"""

from __future__ import annotations

import pytest

from machiavelli.core import options
from machiavelli.core.option_commands import (
    apply_set_command,
    describe_changes,
    flags_listing,
    parse_set_command,
)
from machiavelli.core.options import (
    BAR_DEFAULTS,
    BAR_FLAGS,
    MACH1_DEFAULTS,
    NOT_IMPLEMENTED,
    OptionError,
    flag,
    normalize_options,
    options_in_force,
)
from machiavelli.service.games import NewGame, set_up
from machiavelli.service.refusal import Refused


def applied(text: str, start: dict[str, bool] | None = None, **kw: bool) -> dict[str, bool]:
    done = apply_set_command(dict(MACH1_DEFAULTS) if start is None else start, text, **kw)
    assert not isinstance(done, str), done
    return done


@pytest.mark.parametrize("word", ["bar", "balance", "balance_at_risk", "Balance at risk",
                                  "bar003"])
def test_bar_aliases(word: str) -> None:
    assert options.option_name(word) == "bar"
    assert parse_set_command(f"set {word}") == [("bar", True)]


def test_bar_flags_off_in_every_other_family() -> None:
    for table in (MACH1_DEFAULTS, options.MACH2_DEFAULTS, options.BASIC_DEFAULTS):
        held = options_in_force(table)
        assert not any(held[n] for n in options.BAR_NAMES)
    assert not any(options_in_force(options.DIPLOMACY_OPTIONS)[n] for n in options.BAR_NAMES)


def test_bar_1_1_family_defaults() -> None:
    """BAR-1.1: no special units, no money lenders, no fortresses; money, dice, summer,
    garrisons and coastal convoys; the 003 flags built so far on."""
    held = options_in_force(applied("set bar"))
    assert held["bar"] and held["money"] and held["dice"] and held["summer"]
    assert held["garrisons"] and held["coastal_convoys"]
    assert not held["loans"] and not held["special"] and not held["fortresses"]
    assert not held["mach2"] and not held["disband"] and not held["assassinations"]
    assert held["auto_retreat"]
    for name in NOT_IMPLEMENTED:
        assert not held[name]
    # stored like mach2: a partial dictionary with bar takes the family's defaults
    assert options_in_force({"bar": True}) == options_in_force(BAR_DEFAULTS)
    assert options.variant_of({"bar": True}) == "bar"


def test_bar_options_after_it_change_its_defaults() -> None:
    held = options_in_force(applied("set bar, famine, noauto_retreat"))
    assert held["bar"] and held["famine"] and not held["auto_retreat"]


def test_nobar_goes_back_to_mach1() -> None:
    assert options_in_force(applied("set bar\nset nobar")) == options_in_force(MACH1_DEFAULTS)


def test_bar_flag_not_built_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A flag whose rules are not built is refused, never accepted and left without
    effect (all six are built now: the refusal is tried on one made unbuilt)."""
    assert not NOT_IMPLEMENTED  # every flag of 003 is built
    monkeypatch.setattr(options, "NOT_IMPLEMENTED", {"high_seas": "003's High Seas"})
    for start in (dict(MACH1_DEFAULTS), applied("set bar")):
        said = apply_set_command(start, "set high seas")
        assert isinstance(said, str) and "not implemented yet" in said, said
    with pytest.raises(OptionError, match="not implemented yet"):
        normalize_options({"high_seas": True})  # a scenario's [options]
    # turning it off is no claim: accepted
    assert not options_in_force(applied("set nohigh_seas"))["high_seas"]


@pytest.mark.parametrize("name", sorted(BAR_FLAGS))
def test_every_bar_flag_is_built_and_accepted_on_its_own(name: str) -> None:
    said = apply_set_command(dict(MACH1_DEFAULTS), f"set {name}")
    assert not isinstance(said, str), said
    assert options_in_force(said)[name]
    assert normalize_options({name: True})[name]


def test_auto_retreat_works_on_its_own_on_any_board() -> None:
    held = options_in_force(applied("set auto retreat"))
    assert held["auto_retreat"] and not held["bar"]
    assert options.rules_of(applied("set autoretreat")).auto_retreat


def test_bar_and_mach2_are_two_families() -> None:
    said = apply_set_command(dict(MACH1_DEFAULTS), "set bar, mach2")
    assert isinstance(said, str) and "two rules families" in said
    said = apply_set_command(dict(options.MACH2_DEFAULTS), "set bar")
    assert isinstance(said, str) and "two rules families" in said
    assert flag(applied("set nomach2, bar", dict(options.MACH2_DEFAULTS)), "bar")


def test_bar_fixed_once_the_game_started() -> None:
    said = apply_set_command(dict(MACH1_DEFAULTS), "set bar", started=True)
    assert said == "the rules family (bar) can only be changed before the game starts"
    # its own flags may still change
    assert flag(applied("set noauto_retreat", applied("set bar"), started=True),
                "bar")


def test_bar_listing_and_what_is_missing_said() -> None:
    listing = flags_listing(applied("set bar"))
    assert listing.startswith("Balance at Risk: nofamine")
    assert listing.endswith(", ".join(
        ("" if BAR_DEFAULTS[n] else "no") + n for n in BAR_FLAGS))
    said = describe_changes(MACH1_DEFAULTS, applied("set bar"))
    assert "auto retreat is now on" in said and "loans is now off" in said
    assert said[-1].startswith("Balance at Risk (seed 003): not implemented yet: ")
    assert "trade income (BAR-5.2" in said[-1] and "BAR-7.4" not in said[-1]
    # a game without bar lists 001's flags only, as before
    assert "auto_retreat" not in flags_listing(MACH1_DEFAULTS)
    assert "auto_retreat" in flags_listing(applied("set auto_retreat"))


def test_bar_on_the_classic_1454_scenario() -> None:
    """`machiavelli new classic_1454 DIR --set bar` plays the 8 classic powers under 003."""
    made = set_up(NewGame("g", "classic_1454", flags=("bar",)))
    assert not isinstance(made, Refused), made
    state = made.state  # type: ignore[attr-defined]  (the Machiavelli kind's table)
    assert options.bar_rules(state) and options.auto_retreats(state)
    assert not options.loans_in_play(state) and not options.specials_in_play(state)
    for name in ("balance", "balance_at_risk"):
        assert not isinstance(set_up(NewGame("g", "classic_1454", flags=(name,))), Refused)
    # the High Seas alone (BAR-14.3): the board has them
    made = set_up(NewGame("g", "classic_1454", flags=("high_seas",)))
    assert not isinstance(made, Refused) and "hs" in made.board.provinces  # type: ignore[attr-defined]


def test_bar_flags_in_a_scenario_file() -> None:
    """Every one of the six flags is built (the last, high_seas, BAR-14.3): a scenario file
    may set it."""
    from machiavelli.game.scenario.spec import SpecReader

    reader = SpecReader("x.toml")
    assert reader.options({"high_seas": True}) == {"high_seas": True}
    assert reader.options({"high_seas": False, "peace": True}) == {"high_seas": False,
                                                                   "peace": True}

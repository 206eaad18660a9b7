"""Every number is bounded where it comes in (issue 38, N4 and N13): past its bounds it
is refused with a message (API: 400; command line: click's message, exit 2), never a
500, an overflow's traceback or the database's own words; and SQLite and PostgreSQL
accept the same values (a value longer or larger than its column is refused on both
before it is written)."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import click
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from web_game import add_user, started_game, web_site

from machiavelli.cli.main import main
from machiavelli.core.maps import load_board
from machiavelli.game.scenario import load_scenario
from machiavelli.service.database import OutOfBounds
from machiavelli.service.games import MAX_VICTORY_CITIES, NewGame
from machiavelli.service.house.deadlines import MAX_HOURS
from machiavelli.service.judge import Judge
from machiavelli.service.schema import Game
from machiavelli.text.notation import parse_order
from machiavelli.text.order_words import OrderSyntaxError

HUGE = st.one_of(st.integers(min_value=-10**40, max_value=10**40),
                 st.floats(allow_nan=True, allow_infinity=True),
                 st.sampled_from([1e308, 1e300, 1e30, -1e308, 10**23, 2**31, 2**63]))
FUZZ = settings(max_examples=25, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])
names = (f"b{i}" for i in itertools.count())


def _numbers_of(command: click.Command, path: list[str], ctx: click.Context
                ) -> list[tuple[str, click.Parameter]]:
    if isinstance(command, click.Group):
        found = []
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None
            found += _numbers_of(sub, [*path, name], ctx)
        return found
    return [(" ".join(path), p) for p in command.params
            if isinstance(p.type, click.types.IntParamType | click.types.FloatParamType)]


def test_every_number_of_the_command_line_has_both_bounds_N4() -> None:
    found = _numbers_of(main, [], click.Context(main))
    assert len(found) >= 15
    for where, param in found:
        low, high = getattr(param.type, "min", None), getattr(param.type, "max", None)
        assert low is not None and high is not None, f"{where} --{param.name}: unbounded"


@given(number=st.integers(min_value=MAX_VICTORY_CITIES + 1, max_value=10**60))
@settings(max_examples=10, deadline=None)
def test_huge_victory_cities_on_the_command_line_is_a_message_N4(number: int) -> None:
    done = CliRunner().invoke(main, ["new", "classic_1454", "/nonexistent/never-made",
                                     "--victory-cities", str(number)])
    assert done.exit_code == 2 and "--victory-cities" in done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)


@pytest.mark.parametrize("hours", ["1e308", "inf", "nan", "-1e300", "9000"])
def test_extend_by_huge_hours_on_the_command_line_is_a_message_N4(hours: str) -> None:
    done = CliRunner().invoke(main, ["extend", "nosuchgame", "--", hours])
    assert done.exit_code == 2 and "HOURS" in done.output, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)


def _post(site: Any, path: str, body: dict[str, Any]) -> Any:
    """A JSON body as Python writes it (Infinity and NaN too, which the server reads)."""
    return site.client.post(path, headers={**site.api("boss"),
                                           "content-type": "application/json"},
                            content=json.dumps(body))


def _no_500(answer: Any) -> None:
    assert answer.status_code < 500, answer.text
    assert "Traceback" not in answer.text and "OverflowError" not in answer.text


@given(number=HUGE)
@FUZZ
def test_every_numeric_field_of_the_api_is_bounded_N4(db_url: str, number: Any) -> None:
    """victory_cities, players, deadlines (next, grace, min, delay, clock, nmr_limit),
    master extend's hours and rollback's phase: a 400 with words past their bounds,
    the same on SQLite and PostgreSQL."""
    site = SITES.get(db_url) or SITES.setdefault(db_url, _site(db_url))
    fields: list[dict[str, Any]] = [
        {"victory_cities": number}, {"players": number},
        *({"deadlines": {"movement": {key: number}}} for key in
          ("next", "grace", "min", "delay", "clock")),
        {"deadlines": {"nmr_limit": number}}]
    for extra in fields:
        answer = _post(site, "/api/v1/games", {"name": next(names),
                                               "scenario": "classic_1454", **extra})
        _no_500(answer)
        if answer.status_code == 400:
            assert answer.json()["detail"]
    for action, body in (("extend", {"hours": number}), ("rollback", {"phase": number})):
        answer = _post(site, f"/api/v1/games/{site.game}/master/{action}", body)
        _no_500(answer)
        if isinstance(number, float) and (not math.isfinite(number)
                                          or abs(number) > MAX_HOURS):
            assert answer.status_code == 400, answer.text


SITES: dict[str, Any] = {}


def _site(url: str) -> Any:
    site = web_site(url)
    add_user(site, "boss")
    started_game(site, "bounded", {"p1": "Venice"})
    site.game = "bounded"
    return site


@pytest.fixture(autouse=True)
def _close_sites() -> Any:
    yield
    for site in SITES.values():
        site.judge.close()
    SITES.clear()


def test_the_n4_numbers_of_the_probe_are_400_N4(db_url: str) -> None:
    site = web_site(db_url)
    started_game(site, "g4", {"p1": "Venice"})
    api = site.api("boss")
    extend = site.client.post("/api/v1/games/g4/master/extend", headers=api,
                              json={"hours": 1e308})
    assert extend.status_code == 400 and "hours" in extend.text
    cities = site.client.post("/api/v1/games", headers=api, json={
        "name": "v30", "scenario": "classic_1454", "victory_cities": 1e30})
    assert cities.status_code == 400 and "victory_cities" in cities.text
    late = site.client.post("/api/v1/games", headers=api, json={
        "name": "late", "scenario": "classic_1454",
        "deadlines": {"movement": {"next": 1e300}}})
    assert late.status_code == 400 and "more than a year" in late.json()["detail"]
    site.judge.close()


def test_the_same_values_fit_on_both_databases_N13(db_url: str) -> None:
    """A 100,000-character seed was kept by SQLite and refused by PostgreSQL in the
    driver's words; now both refuse it in the judge's."""
    judge = Judge(db_url)
    refused = judge.create_game(NewGame("seedy", "classic_1454", seed="s" * 100_000),
                                master=None, start=False)
    assert "seed of at most 256 characters" in str(refused)
    judge.create_game(NewGame("fits", "classic_1454"), master=None, start=False)
    with pytest.raises(OutOfBounds, match=r"games\.scenario: 10000 characters, at most"), \
            judge.db.writing() as session:
        game = session.scalars(select(Game).where(Game.name == "fits")).one()
        game.scenario = "x" * 10_000
    with pytest.raises(OutOfBounds, match=r"games\.victory_cities: a number out of range"), \
            judge.db.writing() as session:
        game = session.scalars(select(Game).where(Game.name == "fits")).one()
        game.victory_cities = 2**40
    judge.close()


@pytest.mark.parametrize("text", ["pay ٥ ducats to Milan", "borrow ٥ ducats for ١ years",
                                  "pay ² ducats to Milan", "expense١: pay 5 ducats to Milan"])
def test_numbers_are_written_in_ascii_digits_N13(text: str) -> None:
    """Arabic-Indic digits were read as numbers while ``²`` was refused: now only 0-9
    write a number, and the others are refused alike, with a message."""
    state = load_scenario("classic_1454")[1].copy()
    state.treasury = {p: 30 for p in state.powers}
    with pytest.raises(OrderSyntaxError):
        parse_order(text, load_board(state.board), state, "Florence")
    assert parse_order("pay 5 ducats to Milan", load_board(state.board), state, "Florence")

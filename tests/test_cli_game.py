"""The game master's command line: a game kept in a directory, phase by phase."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from machiavelli.cli.main import main


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.output


def test_a_game_through_the_command_line(tmp_path: Path) -> None:
    game = str(tmp_path / "game")
    code, out = run("new", "classic_1454", game, "--seed", "42")
    assert code == 0, out
    assert "Spring 1454 movement" in out

    code, out = run("orders", game, "Milan", "-", stdin="A pav - for\nA mil - xyz\nA cre H\n")
    assert code == 1  # one line refused, the others kept
    assert "line 2" in out and "xyz" in out
    assert "A pav - for" in out and "A cre H" in out

    code, out = run("orders", game, "mil", "-", stdin="A cre - man\n")  # replaces A cre H
    assert code == 0, out
    assert "A cre - man" in out and "A cre H" not in out and "A pav - for" in out

    code, out = run("process", game)
    assert code == 0, out
    assert "Results for Spring 1454 movement" in out
    assert "Next: Summer 1454 movement" in out

    code, out = run("show", game, "--power", "Milan")
    assert code == 0, out
    assert "Army Fornova" in out and "Treasury" in out

    code, out = run("history", game)
    assert code == 0 and "\n0001  Results for Spring 1454 movement" in out
    assert out.startswith("0000  Game start (Spring 1454 movement): starting treasuries")


def test_processing_without_orders_holds_everything(tmp_path: Path) -> None:
    game = str(tmp_path / "game")
    run("new", "standard_1901", game, "--seed", "1")
    before = run("show", game)[1]
    code, out = run("process", game)
    assert code == 0, out
    after = run("show", game)[1]
    units_before = before.split("Position")[1].splitlines()[1:]
    assert units_before == after.split("Position")[1].splitlines()[1:]


def test_a_damaged_game_directory_is_refused(tmp_path: Path) -> None:
    game = tmp_path / "game"
    run("new", "classic_1454", str(game), "--seed", "1")
    (game / "game.db").write_bytes(b"not a database " * 1000)
    for name in ("game.db-wal", "game.db-shm"):
        (game / name).unlink(missing_ok=True)
    code, out = run("process", str(game))
    assert code != 0 and "damaged" in out and "Traceback" not in out


def test_unknown_power_and_scenario_get_clear_messages(tmp_path: Path) -> None:
    game = str(tmp_path / "game")
    code, out = run("new", "no_such_scenario", game)
    assert code != 0 and "no_such_scenario" in out
    run("new", "classic_1454", game, "--seed", "1")
    code, out = run("orders", game, "Atlantis", "-", stdin="A mil H\n")
    assert code != 0 and "unknown power" in out


def test_garbage_orders_get_messages_and_lose_nothing(tmp_path: Path) -> None:
    game = tmp_path / "game"
    run("new", "classic_1454", str(game), "--seed", "1")
    orders = tmp_path / "orders.txt"
    orders.write_bytes(b"\x00\xff garbage\nexpense 9: lots\nA pav - for\n")
    code, out = run("orders", str(game), "Milan", str(orders))
    assert code == 1
    assert "line 1" in out and "line 2" in out and "A pav - for" in out
    code, out = run("show", str(game), "--power", "Milan")
    assert out.endswith("Orders stored for Spring 1454 movement:\nA pav - for\n")


def test_exp_c_mov_1_orders_say_what_will_fail_and_what_a_line_replaces(tmp_path: Path
                                                                       ) -> None:
    """The command line's orders give the one checker's verdicts as the order box and the
    mail do: stored, but the adjudicator will fail them; a later line for the same unit
    replaces the earlier one."""
    game = tmp_path / "game"
    run("new", "classic_1454", str(game), "--seed", "1")
    text = "A pad - rome\nexpense 1: 2 ducats counter-bribe A pad\nA pad - vic\n"
    code, out = run("orders", str(game), "Venice", "-", stdin=text)
    assert code == 0, out
    assert ("line 2: expense 1: 2 ducats counter-bribe A pad: will fail: 3 ducats needed"
            in out) and "(EXP-C, EXP-GEN-3)" in out
    assert "line 3: replaces line 1" in out


def test_unknown_option_is_refused_with_the_list(tmp_path: Path) -> None:
    code, out = run("new", "classic_1454", str(tmp_path / "g"), "--set", "bogus")
    assert code != 0 and "unknown option 'bogus'" in out


def test_new_game_start_treasuries_are_income_less_upkeep_and_kept(tmp_path: Path) -> None:
    game = str(tmp_path / "game")
    code, out = run("new", "classic_1454", game, "--seed", "1454")
    assert code == 0, out
    assert "starting treasuries (000 Advanced Game, Income A)" in out
    assert "Venice pays 12 ducats for 4 units; starting treasury 13." in out  # the master's
    assert "France's Fleet Marseilles is removed at the start" in out
    code, out = run("show", game, "--power", "Venice")
    assert "Treasury: 13 ducats" in out
    assert "Fleet Marseilles" not in run("show", game)[1]
    public = run("history", game, "--full")[1]
    assert public.startswith("0000  Game start")
    assert "France's Fleet Marseilles is removed" in public
    assert "treasury 13" not in public and "variable income" not in public
    venice = run("history", game, "--power", "Venice")[1]
    assert "Venice pays 12 ducats for 4 units; starting treasury 13." in venice
    assert "France pays" not in venice and "France receives" not in venice


def test_new_game_without_money_has_no_start_procedure(tmp_path: Path) -> None:
    game = str(tmp_path / "game")
    code, out = run("new", "classic_1454", game, "--seed", "1", "--set", "nomoney")
    assert code == 0 and "Game start" not in out
    assert "0000" not in run("history", game)[1]


def test_flag_forts_new_game_set_flags_decide_the_fortress_garrisons(tmp_path: Path) -> None:
    code, out = run("new", "expansion_1385", str(tmp_path / "a"), "--seed", "1")
    assert code == 0 and "Garrison Urbino" in out
    code, out = run("new", "expansion_1385", str(tmp_path / "b"), "--seed", "1",
                    "--set", "nofortresses")
    assert code == 0 and "Garrison Urbino" not in out and "Garrison Ancona" in out


def test_flag_garrisons_2_new_game_without_garrisons_ignores_the_setups(
    tmp_path: Path,
) -> None:
    code, out = run("new", "classic_1454", str(tmp_path / "g"), "--seed", "1",
                    "--set", "nogarrisons")
    assert code == 0, out
    assert "Garrison" not in out.split("Position,")[1]
    code, out = run("show", str(tmp_path / "g"))
    assert "Garrison" not in out and "Venice" in out


def test_loan_11_history_and_show_give_each_viewer_its_own(tmp_path: Path) -> None:
    """`process` prints every private part (the game master's view); `show` and `history
    --full` print only public things; `history --power P` adds P's parts, `--master` all."""
    game = str(tmp_path / "game")
    assert run("new", "classic_1454", game, "--seed", "1454")[0] == 0
    assert run("orders", game, "Venice", "-", stdin="pay 6 ducats to Milan\n")[0] == 0
    code, out = run("process", game)
    assert code == 0, out
    assert "Private to Venice:" in out and "Private to Milan:" in out
    assert "Received 6 ducats from Venice (LOAN-11)." in out

    public = run("history", game, "--full")[1]
    assert "Results for Spring 1454 movement" in public
    assert "Private to" not in public and "ducats" not in public
    assert "Treasury" not in run("show", game)[1]

    milan = run("history", game, "--power", "Milan")[1]
    assert "Received 6 ducats from Venice (LOAN-11)." in milan
    assert "Private to Milan:" in milan and "Private to Venice:" not in milan
    assert milan.count("Private to Milan:") == 2  # the start and the phase
    master = run("history", game, "--master")[1]
    assert master.count("Private to ") == 2 * 8


def test_vic_3_app4_sup_0_the_game_information_states_victory_and_the_support_rule(
    tmp_path: Path,
) -> None:
    """The game information (new, show) states the victory condition (VIC-1), 001's
    recommendation of 23 cities when fewer are set (VIC-3), and which support rule into
    two-coast provinces applies (APP4-SUP-0: option 1, APP4-SUP-1)."""
    teaching = str(tmp_path / "teaching")
    code, out = run("new", "classic_1454", teaching, "--seed", "1")
    assert code == 0, out
    assert "Victory: 15 cities and 2 home countries. (001 recommends at least 23 cities" in out
    assert "Support into a province with two coasts succeeds whether or not" in out
    assert "option 1" in out
    shown = run("show", teaching)[1]
    assert "Victory: 15 cities and 2 home countries." in shown and "recommends" in shown
    assert "Flags: Mach1: famine, noplague" in shown
    rated = str(tmp_path / "rated")
    code, out = run("new", "classic_1454", rated, "--seed", "1", "--victory-cities", "23")
    assert code == 0, out
    assert "Victory: 23 cities and 3 home countries.\n" in out and "recommends" not in out
    assert "Support into a province with two coasts" in run("show", rated)[1]
    code, out = run("new", "machfive_3001", str(tmp_path / "five"), "--seed", "1")
    assert code == 0, out
    assert "Support into" not in out  # no province with two coasts on that map


def test_d004_11_power_letters_milan_i_and_florence_l_sign_orders_on(tmp_path: Path) -> None:
    """004: Milan is I and Florence L (second letters: M is the Master, F France); the
    letters are used for signing on, here for naming the power whose orders are given."""
    game = str(tmp_path / "game")
    run("new", "classic_1454", game, "--seed", "1")
    code, out = run("orders", game, "I", "-", stdin="A pav - for\n")
    assert code == 0, out
    code, out = run("orders", game, "L", "-", stdin="A are - sie\n")
    assert code == 0, out
    code, out = run("orders", game, "F", "-", stdin="A avi - pro\n")
    assert code == 0, out
    assert "A pav - for" in run("show", game, "--power", "Milan")[1]
    assert "A are - sie" in run("show", game, "--power", "l")[1]
    assert "A avi - pro" in run("show", game, "--power", "France")[1]
    code, out = run("orders", game, "M", "-", stdin="A pav - for\n")
    assert code != 0 and "unknown power 'M'" in out

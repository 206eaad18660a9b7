"""The boards: data facts (001, nJudge's map files, the DATC) and the loader's checks.

Against nJudge's map file and godip's DATC copy themselves (outside the repository):
tests/conformance/test_board_witnessed.py (make conformance)."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from machiavelli.core.board import Board, BoardError, space_of
from machiavelli.core.maps import available_boards, load_board, load_board_file


@pytest.fixture(scope="module")
def classic() -> Board:
    return load_board("classic")


@pytest.fixture(scope="module")
def standard() -> Board:
    return load_board("standard")


# -- loading -----------------------------------------------------------------


def test_boards_shipped() -> None:
    assert {"classic", "standard"} <= set(available_boards())


def test_load_board_is_cached(classic: Board) -> None:
    assert load_board("classic") is classic


def test_unknown_board_is_a_board_error() -> None:
    with pytest.raises(BoardError, match="nosuch.toml"):
        load_board("nosuch")
    with pytest.raises(BoardError):
        load_board("../classic")


def test_aliases_hold_ids_and_full_names(classic: Board, standard: Board) -> None:
    for board in (classic, standard):
        for pid, prov in board.provinces.items():
            assert board.aliases[pid] == pid
            assert board.lookup(prov.name) == pid
            assert board.lookup(prov.name.upper()) == pid
        assert all(k == k.lower() for k in board.aliases)


# -- classic: counts and provinces -------------------------------------------


def test_classic_has_70_provinces_and_11_seas(classic: Board) -> None:
    provs = classic.provinces.values()
    assert sum(not p.sea for p in provs) == 70
    assert sum(p.sea for p in provs) == 11
    assert all(re.fullmatch(r"[a-z]{3}", pid) for pid in classic.provinces)


def test_classic_powers(classic: Board) -> None:
    assert classic.powers == {
        "A": "Austria", "F": "France", "L": "Florence", "I": "Milan",
        "N": "Naples", "P": "Papacy", "T": "Turkey", "V": "Venice",
    }  # fmt: skip


def test_classic_home_countries(classic: Board) -> None:
    homes: dict[str, set[str]] = {}
    for pid, p in classic.provinces.items():
        if p.home:
            homes.setdefault(p.home, set()).add(pid)
    assert homes == {
        "A": {"aus", "cri", "hun", "tyr"},
        "F": {"avi", "mar", "pro", "swi"},
        "L": {"are", "flo", "psa", "pst"},
        "I": {"com", "cre", "for", "mil", "par", "pav", "pia"},
        "N": {"aqu", "bar", "cap", "mes", "nap", "otr", "pal", "sle"},
        "P": {"anc", "bol", "pat", "per", "rma", "rme", "spo", "urb"},
        "T": {"alb", "bos", "dur", "her", "tun"},
        "V": {"ber", "bre", "dal", "fri", "ist", "pad", "trv", "ven", "ver", "vic"},
    }


def test_classic_cities_follow_the_map_file(classic: Board) -> None:
    def city(pid: str) -> tuple[str, bool, int] | None:
        c = classic.provinces[pid].city
        return None if c is None else (c.kind, c.port, c.income)

    assert city("alb") == ("unfortified", False, 1)  # T1.
    assert city("anc") == ("fortified", True, 1)  # P1P
    assert city("aqu") == ("fortress", False, 0)  # N0f
    assert city("sle") == ("fortress", True, 0)  # N0P
    assert city("cor") == ("unfortified", True, 1)  # x1p
    assert city("flo") == ("fortified", False, 3)  # L3f
    assert city("ven") == ("fortified", True, 3)  # V3PV
    assert city("tun") == ("fortified", True, 2)  # T2P
    assert city("pon") is None  # x0.
    assert city("cri") is None  # A0.
    # ports are fortified cities or fortresses with an anchor (PORT-1), plus the
    # unfortified island ports Corsica and Sardinia ("p" in the map file)
    ports = {pid for pid, p in classic.provinces.items() if p.city and p.city.port}
    assert ports == {
        "anc", "bar", "cor", "dur", "gen", "mar", "mes", "nap", "pal", "pio", "psa",
        "rag", "sar", "sav", "sle", "tiv", "tun", "ven",
    }  # fmt: skip


def test_ven_0_venice_is_one_space(classic: Board) -> None:
    ven = classic.provinces["ven"]
    assert ven.venice and ven.garrisonable
    assert [p for p, x in classic.provinces.items() if x.venice] == ["ven"]
    assert space_of(classic, "ven", garrison=True) == "ven"
    assert space_of(classic, "gen", garrison=True) == "gen#"


# -- classic: names (001 "Province abbreviations") ---------------------------


def test_ord_abbr_5_special_abbreviations(classic: Board) -> None:
    assert classic.lookup("psa") == "psa" and classic.display_name("psa") == "Pisa"
    assert classic.lookup("pis") == "pst" and classic.display_name("pst") == "Pistoia"
    assert classic.lookup("crn") == "crn" and classic.display_name("crn") == "Carniola"
    assert classic.lookup("car") == "cri" and classic.display_name("cri") == "Carinthia"


def test_ord_abbr_1_first_five_letters_of_every_land_space(classic: Board) -> None:
    for pid, prov in classic.provinces.items():
        if not prov.sea:
            assert classic.lookup(prov.name[:5]) == pid, prov.name


def test_ord_abbr_2_first_three_letters_where_no_clash(classic: Board) -> None:
    by_three: dict[str, set[str]] = {}
    for pid, prov in classic.provinces.items():
        if not prov.sea:
            by_three.setdefault(prov.name[:3].lower(), set()).add(pid)
    unique = {k: next(iter(v)) for k, v in by_three.items() if len(v) == 1}
    assert len(unique) > 55
    for three, pid in unique.items():
        assert classic.lookup(three) == pid, three


def test_ord_abbr_3_clashing_three_letter_forms(classic: Board) -> None:
    # each province of a clashing pair has its own code; 001 settles "car" and "pis"
    # (ORD-ABBR-5), the others stay unaccepted (docs/rulings.md, ORD-ABBR-3)
    pairs = {
        "car": ("cri", "crn", "cri"), "pis": ("psa", "pst", "pst"),
        "rom": ("rme", "rma", None), "sal": ("sle", "slu", None), "tre": ("trt", "trv", None),
    }  # fmt: skip
    for three, (a, b, meant) in pairs.items():
        assert classic.lookup(a) == a and classic.lookup(b) == b
        assert classic.display_name(a)[:3].lower() == three
        assert classic.display_name(b)[:3].lower() == three
        assert classic.lookup(three) == meant


def test_ord_abbr_4_sea_initials(classic: Board) -> None:
    initials = {
        "bot": "bot", "egol": "egl", "ets": "ets", "gon": "gon", "is": "ion",
        "las": "low", "uas": "uas", "wgol": "wgl", "wm": "wms", "wts": "wts",
    }  # fmt: skip
    for short, pid in initials.items():
        assert classic.lookup(short) == pid
    for pid, prov in classic.provinces.items():
        if prov.sea and pid != "lag":  # the Lagoon's "l" is the lift-siege keyword
            assert classic.lookup("".join(w[0] for w in prov.name.split())) == pid


def test_ord_abbr_6_map_file_abbreviations(classic: Board) -> None:
    samples = {
        "cms": "bot", "cmed": "bot", "lig": "egl", "ls": "egl", "ios": "ion",
        "wmed": "wms", "upp": "uas", "low": "low", "la": "low", "lagoo": "lag",
        "slr": "sle", "slz": "slu", "trn": "trt", "sienna": "sie", "sienn": "sie",
        "marseille": "mar", "piancenza": "pia", "piace": "pia", "tyrol": "tyr",
    }  # fmt: skip
    for short, pid in samples.items():
        assert classic.lookup(short) == pid, short


# -- classic: adjacency (001 "Special mapboard features") ---------------------


def test_map_ist_1_istria_dalmatia_land_bridge(classic: Board) -> None:
    assert classic.army_adjacent("ist", "dal")
    assert classic.army_adjacent("dal", "ist")


def test_map_cro_1_croatia_and_provence_have_two_coasts(classic: Board) -> None:
    assert [p for p, x in classic.provinces.items() if x.coasts] == ["cro", "pro"]
    assert classic.fleet_locations("cro") == ("cro/nc", "cro/sc")
    assert classic.fleet_locations("pro") == ("pro/nc", "pro/sc")
    assert classic.fleet_reaches("uas", "cro") == ("cro/nc",)
    assert classic.fleet_reaches("dal", "cro") == ("cro/sc",)
    assert classic.fleet_reaches("ist", "cro") == ("cro/nc", "cro/sc")
    assert classic.fleet_reaches("avi", "pro") == ("pro/nc",)
    assert classic.fleet_reaches("egl", "pro") == ("pro/sc",)
    assert classic.fleet_reaches("sav", "pro") == ("pro/sc",)
    assert classic.fleet_reaches("wgl", "pro") == ("pro/nc", "pro/sc")
    assert classic.fleet_reaches("mar", "pro") == ("pro/nc", "pro/sc")
    assert "cro" not in classic.fleet_adj and "pro" not in classic.fleet_adj


def test_map_lag_1_venice_lagoon_is_a_sea(classic: Board) -> None:
    assert classic.is_sea("lag")
    assert classic.fleet_adj["lag"] == {"pad", "trv", "fri", "uas", "ven"}
    # Venice lies in the lagoon: no army borders it, a fleet leaves only to the lagoon
    assert classic.army_adj["ven"] == frozenset()
    assert classic.fleet_adj["ven"] == {"lag"}
    assert not any("ven" in adj for adj in classic.army_adj.values())


def test_str_0a_piombino_controls_pisa_eastern_tyrrhenian(classic: Board) -> None:
    assert classic.fleet_adjacent("psa", "ets")
    strait = classic.strait_between("ets", "psa")
    assert strait is not None and strait.controller == "pio"
    assert classic.strait_between("psa", "pio") is None


def test_str_0b_messina_controls_naples_ionian(classic: Board) -> None:
    assert classic.fleet_adjacent("gon", "ion")
    strait = classic.strait_between("ion", "gon")
    assert strait is not None and strait.controller == "mes"
    assert len(classic.straits) == 2


def test_upper_adriatic_fleet_line_despite_map_file_typo(classic: Board) -> None:
    # nJudge writes "uas-xv:" for this fleet line
    assert classic.fleet_adj["uas"] == {
        "fer", "pad", "lag", "fri", "crn", "cro/nc", "ist", "dal", "low", "anc", "rma", "bol",
    }  # fmt: skip


def test_classic_adjacency_spot_checks(classic: Board) -> None:
    assert classic.army_adj["gen"] == {"sav", "mon", "for", "pon", "mod"}
    assert classic.fleet_adj["gen"] == {"sav", "mod", "egl"}
    assert classic.army_adj["alb"] == {"rag", "her", "dur"}
    assert classic.fleet_adj["alb"] == {"rag", "low", "dur"}
    assert classic.army_adjacent("mon", "gen")  # 004's conversion example
    assert classic.army_adjacent("sie", "flo")  # FLAG-ADJ-4
    for island in ("cor", "sar", "tun"):
        assert classic.army_adj[island] == frozenset()
    assert not classic.is_coastal("mil") and classic.is_coastal("psa")


@pytest.mark.parametrize("name", ["classic", "standard"])
def test_adjacency_is_symmetric(name: str) -> None:
    board = load_board(name)
    for a, targets in board.army_adj.items():
        for b in targets:
            assert a in board.army_adj[b]
    for a, targets in board.fleet_adj.items():
        for b in targets:
            assert a in board.fleet_adj[b]


# -- classic: tables (001) -----------------------------------------------------

FAMINE_001 = """
 2: ----- ----- Prove Patri Moden ----- Corsi Ancon ----- ----- -----
 3: ----- Piomb ----- ----- ----- ----- ----- Tunis ----- ----- Paler
 4: Tivol ----- Otran Padua Swiss Cremo Pontr ----- Herze ----- -----
 5: Friul ----- Bolog Saler Veron Austr Milan Sienn ----- ----- Duraz
 6: Marse Ragus Vicen Carin Berga Pisto Spole ----- Pianc Hunga -----
 7: ----- Bari  Slavo Montf Urbin Forno ----- Como  Trent ----- -----
 8: Ferra ----- Rome  Pavia ----- ----- Arezz Bresc Saluz Alban Genoa
 9: ----- ----- Croat ----- Flore Turin Mantu Capua Trevi ----- -----
10: Savoy ----- Sardi ----- Parma Bosni Tyrol ----- Naple Romag Dalma
11: ----- ----- Venic ----- ----- ----- ----- Carni ----- Messi -----
12: ----- ----- ----- Pisa  Aquil Avign Lucca ----- Istri ----- -----
"""

PLAGUE_001 = """
 2: Vicen Swiss ----- ----- Carni ----- ----- ----- ----- Montf Capua
 3: Pontr Bosni Slavo ----- ----- ----- Croat ----- Tivol Bari  Tyrol
 4: Savoy ----- ----- Friul ----- Rome  ----- Marse Pavia ----- -----
 5: ----- Saler Veron ----- Dalma Lucca Bolog Carin Prove ----- -----
 6: ----- ----- Turin Sienn Messi Padua Austr Ferra ----- ----- -----
 7: Paler ----- Genoa Alban Pisa  Tunis Avign Milan ----- ----- Sardi
 8: Duraz ----- Naple Moden Perug Cremo Venic Flore ----- ----- -----
 9: ----- Berga Ancon Parma ----- ----- ----- ----- Mantu Istri -----
10: Romag Hunga ----- Urbin ----- ----- ----- ----- Trevi ----- Como
11: Pianc Forno ----- ----- ----- ----- ----- Otran ----- Aquil Spole
12: Trent Herze ----- Bresc ----- ----- ----- Corsi ----- Patri Saluz
"""


def _table_001(board: Board, text: str) -> tuple[tuple[str | None, ...], ...]:
    rows = []
    for row in text.strip().splitlines():
        cells = row.split(":", 1)[1].split()
        assert len(cells) == 11
        rows.append(tuple(None if c == "-----" else board.lookup(c) for c in cells))
    return tuple(rows)


def _provinces_in(table: tuple[tuple[str | None, ...], ...]) -> list[str]:
    return [c for row in table for c in row if c is not None]


def test_fam_table_matches_001(classic: Board) -> None:
    expected = _table_001(classic, FAMINE_001)
    assert None not in [classic.lookup(c) for c in FAMINE_001.split() if c[0].isalpha()]
    assert classic.famine_table == expected
    names = _provinces_in(classic.famine_table)
    assert len(names) == len(set(names)) == 69
    land = {p for p, x in classic.provinces.items() if not x.sea}
    assert land - set(names) == {"per"}  # FLAG-FAMINE-TN: Perugia never has famine


def test_plg_table_matches_001(classic: Board) -> None:
    expected = _table_001(classic, PLAGUE_001)
    assert None not in [classic.lookup(c) for c in PLAGUE_001.split() if c[0].isalpha()]
    assert classic.plague_table == expected
    names = _provinces_in(classic.plague_table)
    assert len(names) == len(set(names)) == 66
    land = {p for p, x in classic.provinces.items() if not x.sea}
    assert land - set(names) == {"are", "pio", "pst", "rag"}  # FLAG-PLAGUE-TN


def test_storm_table_names_seas(classic: Board) -> None:
    seas = _provinces_in(classic.storm_table)
    assert sorted(seas) == sorted(
        ["uas", "wgl", "bot", "gon", "ets", "ion", "wms", "low", "egl", "wts"]
    )
    assert classic.storm_table[0][10] == "uas"  # row 2, column 12
    assert classic.storm_table[8][9] == "wms"  # nJudge writes "wme"


def test_inc_var_table_matches_001(classic: Board) -> None:
    assert classic.variable_income == {
        "Austria": (1, (1, 2, 3, 3, 4, 4)),
        "Florence": (2, (1, 2, 3, 3, 4, 5)),
        "France": (1, (1, 2, 3, 4, 5, 6)),
        "gen": (1, (1, 2, 2, 3, 3, 4)),
        "Milan": (1, (2, 3, 3, 4, 4, 5)),
        "Naples": (1, (1, 2, 2, 3, 3, 4)),
        "Papacy": (1, (2, 3, 3, 4, 5, 6)),
        "Turkey": (1, (1, 2, 3, 4, 5, 6)),
        "Venice": (2, (2, 3, 3, 4, 4, 5)),
    }


# -- standard ------------------------------------------------------------------


def test_standard_counts(standard: Board) -> None:
    provs = standard.provinces
    assert len(provs) == 76  # 75 provinces and impassable Switzerland
    assert sum(p.sea for p in provs.values()) == 19
    assert sum(not p.sea for p in provs.values()) == 57
    passable = [p for p in provs if p != "swi"]
    assert all(standard.army_adj.get(p) or standard.fleet_locations(p) for p in passable)
    centres = {p for p, x in provs.items() if x.city is not None}
    assert len(centres) == 34
    assert "alb" not in centres and "naf" not in centres


def test_standard_switzerland_is_impassable(standard: Board) -> None:
    assert standard.lookup("Switzerland") == "swi"
    assert standard.army_adj["swi"] == frozenset()
    assert standard.fleet_locations("swi") == ()
    assert not any("swi" in adj for adj in standard.army_adj.values())
    assert not standard.army_adjacent("mun", "swi")


def test_standard_powers_and_homes(standard: Board) -> None:
    assert standard.powers == {
        "A": "Austria", "E": "England", "F": "France", "G": "Germany",
        "I": "Italy", "R": "Russia", "T": "Turkey",
    }  # fmt: skip
    home_centres: dict[str, set[str]] = {}
    for pid, p in standard.provinces.items():
        if p.home and p.city:
            home_centres.setdefault(p.home, set()).add(pid)
    assert home_centres == {
        "A": {"bud", "tri", "vie"}, "E": {"edi", "lon", "lvp"}, "F": {"bre", "mar", "par"},
        "G": {"ber", "kie", "mun"}, "I": {"nap", "rom", "ven"},
        "R": {"mos", "sev", "stp", "war"}, "T": {"ank", "con", "smy"},
    }  # fmt: skip


def test_standard_coasts(standard: Board) -> None:
    coasted = {p: x.coasts for p, x in standard.provinces.items() if x.coasts}
    assert coasted == {"bul": ("ec", "sc"), "spa": ("nc", "sc"), "stp": ("nc", "sc")}
    assert standard.fleet_reaches("mao", "spa") == ("spa/nc", "spa/sc")
    assert standard.fleet_reaches("gas", "spa") == ("spa/nc",)
    assert standard.fleet_reaches("mar", "spa") == ("spa/sc",)
    assert standard.fleet_reaches("con", "bul") == ("bul/ec", "bul/sc")
    assert standard.fleet_reaches("bla", "bul") == ("bul/ec",)
    assert standard.fleet_reaches("aeg", "bul") == ("bul/sc",)
    assert standard.fleet_reaches("bar", "stp") == ("stp/nc",)
    assert standard.fleet_reaches("bot", "stp") == ("stp/sc",)
    assert standard.fleet_reaches("nor", "stp") == ("stp/nc",)


def test_standard_adjacency_spot_checks(standard: Board) -> None:
    assert standard.army_adj["mun"] == {"bur", "ruh", "kie", "ber", "sil", "boh", "tyr"}
    assert standard.fleet_adj["nth"] == {
        "yor", "edi", "nwg", "nor", "ska", "den", "hel", "hol", "bel", "eng", "lon",
    }  # fmt: skip
    assert standard.fleet_adjacent("kie", "den") and standard.army_adjacent("kie", "den")
    assert not standard.fleet_adjacent("lvp", "yor")  # DATC 6.A: no coast-to-coast jump
    assert standard.army_adjacent("lvp", "yor")
    assert standard.army_adjacent("naf", "tun")
    assert standard.fleet_adjacent("rom", "tys") and not standard.fleet_adjacent("rom", "ven")


def test_standard_names(standard: Board) -> None:
    for short, pid in {
        "nat": "nao", "nao": "nao", "nrg": "nwg", "nwy": "nor", "mid": "mao", "gol": "lyo",
        "lyo": "lyo", "wes": "wes", "tys": "tys", "lvp": "lvp", "lvn": "lvn",
        "St Petersburg": "stp", "st. petersburg": "stp", "mid-atlantic ocean": "mao",
    }.items():  # fmt: skip
        assert standard.lookup(short) == pid, short


# Every place token of the DATC (godip's datc_v2.4_06.txt), extracted once.
DATC_PLACES = frozenset(
    "adr aeg alb ank apu arm bal bar bel ber bla boh bot bre bud bul bul/ec bul/sc bur cly "
    "con den eas edi eng fin gal gas gol gre hel hol ion iri kie lon lvn lvp mar mid mos "
    "mun naf nap nat nrg nth nwy par pic por pru rom ruh rum ser sev sil ska smy spa spa/nc "
    "spa/sc stp stp/nc stp/sc swe tri tun tyr tys ukr ven vie wal war wes yor".split()
)


def _datc_places(text: str) -> set[str]:
    places: set[str] = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        if not line[:1].isspace() or ":" not in line:
            continue
        order = line.split(":", 1)[1]
        places.update(re.findall(r"\b[a-z]{3}(?:/[a-z]{2})?\b", order))
    return places - {"via"}  # the keyword of "A lon-bel via convoy"


def _resolves(board: Board, place: str) -> bool:
    name, _, coast = place.partition("/")
    pid = board.lookup(name)
    if pid is None:
        return False
    return not coast or f"{pid}/{coast}" in board.fleet_adj


def test_every_datc_place_resolves(standard: Board) -> None:
    bad = sorted(p for p in DATC_PLACES if not _resolves(standard, p))
    assert bad == []


# -- the loader's checks ---------------------------------------------------------

EMPTY_ROW = "[" + ", ".join(['""'] * 11) + "]"


def _tiny(famine_rows: list[str] | None = None) -> str:
    rows = famine_rows if famine_rows is not None else [EMPTY_ROW] * 11
    table = ",\n".join(rows)
    return f"""name = "tiny"
title = "A tiny board"

[powers]
X = "Xland"

[provinces.aaa]
name = "Alpha"
type = "land"
home = "X"
aliases = ["alp"]
city = {{ kind = "fortified", port = true, income = 1 }}
army = ["bbb"]
fleet = ["sea", "bbb/nc"]

[provinces.bbb]
name = "Beta"
type = "land"
coasts = ["nc", "sc"]
army = ["aaa"]
fleet = {{ nc = ["aaa", "sea"], sc = ["sea"] }}

[provinces.sea]
name = "The Sea"
type = "sea"
fleet = ["aaa", "bbb/nc", "bbb/sc"]

[[straits]]
ends = ["aaa", "sea"]
controller = "bbb"

[tables]
famine = [
{table}
]

[variable_income]
Xland = {{ dice = 1, ducats = [1, 2, 3, 4, 5, 6] }}
aaa = {{ dice = 1, ducats = [0, 0, 0, 1, 1, 1] }}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tiny.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _error(tmp_path: Path, text: str) -> str:
    path = _write(tmp_path, text)
    with pytest.raises(BoardError) as info:
        load_board_file(path)
    message = str(info.value)
    assert str(path) in message  # every error names the file
    return message


def test_tiny_board_loads(tmp_path: Path) -> None:
    board = load_board_file(_write(tmp_path, _tiny()))
    assert board.lookup("ALP") == "aaa" and board.lookup("the sea") == "sea"
    assert board.fleet_adj["bbb/nc"] == {"aaa", "sea"}
    assert board.army_adj == {"aaa": {"bbb"}, "bbb": {"aaa"}}
    assert board.famine_table == ((None,) * 11,) * 11
    assert board.plague_table == ()
    assert board.variable_income["aaa"] == (1, (0, 0, 0, 1, 1, 1))


@pytest.mark.parametrize(
    ("old", "new", "entry", "problem"),
    [
        ('army = ["bbb"]', 'army = ["bbb", "zzz"]', "provinces.aaa.army", "unknown province 'zzz'"),
        ('army = ["aaa"]', "army = []", "provinces.aaa.army", "asymmetric army adjacency"),
        ('sc = ["sea"]', "sc = []", "provinces.sea.fleet", "asymmetric fleet adjacency"),
        ('aliases = ["alp"]', 'aliases = ["BETA"]', "provinces.aaa", "duplicate alias 'BETA'"),
        ('aliases = ["alp"]', 'aliases = ["alp", "Alp"]', "provinces.aaa", "duplicate alias"),
        ('"sea", "bbb/nc"]', '"sea", "bbb/ec"]', "provinces.aaa.fleet", "coast 'ec' of 'bbb'"),
        ('"sea", "bbb/nc"]', '"sea", "bbb"]', "provinces.aaa.fleet", "several coasts"),
        ("income = 1 }", "income = 6 }", "provinces.aaa.city.income", "out of range 1..5"),
        ('"fortified", port', '"fortress", port', "provinces.aaa.city.income", "0..0"),
        ('home = "X"', 'home = "Q"', "provinces.aaa.home", "unknown power letter 'Q'"),
        ('type = "land"\nhome', 'type = "lnd"\nhome', "provinces.aaa.type", '"land" or'),
        ('army = ["bbb"]', 'army = ["bbb"]\nfleeet = []', "provinces.aaa", "unknown key 'fleeet'"),
        ('coasts = ["nc", "sc"]', 'coasts = ["nc"]', "provinces.bbb.coasts", "two or more"),
        ('nc = ["aaa", "sea"], sc', 'nc = ["aaa", "sea"], ec', "provinces.bbb.fleet", "'ec'"),
        ('controller = "bbb"', 'controller = "sea"', "straits[1].controller", "cannot hold"),
        ('ends = ["aaa", "sea"]', 'ends = ["aaa", "bbb/sc"]', "straits[1].ends", "not fleet-adj"),
        ("Xland = {", "Yland = {", "variable_income.Yland", "neither a power name"),
        ("[1, 2, 3, 4, 5, 6]", "[1, 2, 3]", "variable_income.Xland.ducats", "six numbers"),
    ],
)
def test_board_errors_name_file_entry_and_problem(
    tmp_path: Path, old: str, new: str, entry: str, problem: str
) -> None:
    text = _tiny()
    assert old in text
    message = _error(tmp_path, text.replace(old, new, 1))
    assert f": {entry}: " in message
    assert problem in message


def test_board_error_gives_the_line(tmp_path: Path) -> None:
    text = _tiny().replace('army = ["aaa"]', 'army = ["aaa", "qqq"]')
    message = _error(tmp_path, text)
    line = 1 + text.splitlines().index('army = ["aaa", "qqq"]')
    assert message.startswith(f"{tmp_path / 'tiny.toml'}:{line}: provinces.bbb.army: ")


def _row(first: str, cells: int = 11) -> str:
    return "[" + ", ".join([first] + ['""'] * (cells - 1)) + "]"


@pytest.mark.parametrize(
    ("rows", "problem"),
    [
        ([EMPTY_ROW] * 10, "must be 11 rows"),
        ([EMPTY_ROW] * 4 + [_row('""', 10)] + [EMPTY_ROW] * 6, "row 6 must have 11 cells"),
        ([EMPTY_ROW] * 2 + [_row('"zzz"')] + [EMPTY_ROW] * 8, "row 4, column 2: unknown province"),
        ([_row('"sea"')] + [EMPTY_ROW] * 10, "row 2, column 2: 'sea' is not a land province"),
    ],
)
def test_table_errors(tmp_path: Path, rows: list[str], problem: str) -> None:
    message = _error(tmp_path, _tiny(rows))
    assert ": tables.famine: " in message and problem in message


def test_toml_syntax_error_names_the_file(tmp_path: Path) -> None:
    message = _error(tmp_path, _tiny().replace('name = "Beta"', 'name = "Beta'))
    assert "TOML syntax error" in message


def test_missing_name_is_an_error(tmp_path: Path) -> None:
    message = _error(tmp_path, _tiny().replace('title = "A tiny board"\n', ""))
    assert ": title: missing" in message


def test_land_without_adjacency_must_be_impassable(tmp_path: Path) -> None:
    head, _, tail = _tiny().partition("[[straits]]")
    gamma = '[provinces.ccc]\nname = "Gamma"\ntype = "land"\narmy = []\n\n'
    broken = head + gamma + "[[straits]]" + tail
    message = _error(tmp_path, broken)
    assert ": provinces.ccc: " in message and "impassable" in message
    fixed = broken.replace('type = "land"\narmy = []', 'type = "land"\nimpassable = true')
    board = load_board_file(_write(tmp_path, fixed))
    assert board.army_adj["ccc"] == frozenset() and board.fleet_locations("ccc") == ()


def test_real_board_file_with_a_broken_edge(tmp_path: Path) -> None:
    text = resources.files("machiavelli").joinpath("data/maps/classic.toml").read_text()
    old = 'army = ["cro", "bos", "her", "ist"]'  # Dalmatia, MAP-IST-1
    assert old in text
    path = tmp_path / "classic.toml"
    path.write_text(text.replace(old, 'army = ["cro", "bos", "her"]'), encoding="utf-8")
    with pytest.raises(BoardError, match=r"classic\.toml:\d+: provinces\.ist\.army: asym"):
        load_board_file(path)

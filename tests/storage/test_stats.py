"""The stat set (pipeline/storage/stats.sql) on a dozen hands written for it.

Every expected value is worked out by hand from the histories below, in a comment next
to the assertion; none is read back from the SQL. The hands were written to be legal
(they replay without findings), so they also go through the real importer.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest

from pipeline.importing.importer import import_histories
from pipeline.storage.database import SCHEMA, Database
from pipeline.storage.stats import OBJECTS, STAT_DEFINITIONS, install_stats, stats_installed

# --- 7 Card Stud, $0.10/$0.20 (big_unit 0.20), ante 0.02, bring-in 0.05 ----------------
# Seats 1 Hero, 2 Alice, 3 Bob, 4 Carol; on 3rd street the bring-in acts first, then
# clockwise, so the last two to act are the two seats before the bring-in's.

# S1: Alice brings in, Bob and Carol fold, Hero (last to act) completes: a steal; Alice
# folds to it. Hero +0.11 (collects 0.18, put in 0.02 + 0.05 after 0.05 returned).
S1 = """\
PokerStars Hand #900000000001:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/11/10 12:00:00 ET
Table 'Testa I' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
Carol: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [Ah Kd Qs]
Dealt to Alice [2c]
Dealt to Bob [9d]
Dealt to Carol [Jh]
Alice: brings in for $0.05
Bob: folds
Carol: folds
Hero: raises $0.05 to $0.10
Alice: folds
Uncalled bet ($0.05) returned to Hero
Hero collected $0.18 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.18 | Rake $0
Seat 1: Hero collected ($0.18)
Seat 2: Alice folded on the 3rd Street
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 4: Carol folded on the 3rd Street (didn't bet)
"""

# S2: Hero has the lowest card and completes instead of bringing in ("bets $0.10");
# everyone folds. Hero +0.06 (the four antes less his own).
S2 = """\
PokerStars Hand #900000000002:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/11/10 12:05:00 ET
Table 'Testa I' 8-max
Seat 1: Hero ($10.11 in chips)
Seat 2: Alice ($9.93 in chips)
Seat 3: Bob ($9.98 in chips)
Seat 4: Carol ($9.98 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
Carol: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [As Ks 2d]
Dealt to Alice [Tc]
Dealt to Bob [8h]
Dealt to Carol [Kh]
Hero: bets $0.10
Alice: folds
Bob: folds
Carol: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $0.08 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.08 | Rake $0
Seat 1: Hero collected ($0.08)
Seat 2: Alice folded on the 3rd Street (didn't bet)
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 4: Carol folded on the 3rd Street (didn't bet)
"""

# S3: Hero brings in; Alice calls, so Bob's completion is no steal; Hero calls, plays every
# street against Bob and wins the showdown. Hero's decisions: 3rd call; 4th call; 5th
# check, raise; 6th bet, call (Bob raised); 7th bet. Pot 2.53, Hero put in 1.22: +1.31.
S3 = """\
PokerStars Hand #900000000003:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/11/11 12:00:00 ET
Table 'Testa I' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
Carol: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [Ah Kd 3c]
Dealt to Alice [Qd]
Dealt to Bob [Ts]
Dealt to Carol [7h]
Hero: brings in for $0.05
Alice: calls $0.05
Bob: raises $0.05 to $0.10
Carol: folds
Hero: calls $0.05
Alice: folds
*** 4th STREET ***
Dealt to Hero [Ah Kd 3c] [5d]
Dealt to Bob [Ts] [9c]
Bob: bets $0.10
Hero: calls $0.10
*** 5th STREET ***
Dealt to Hero [Ah Kd 3c 5d] [Jc]
Dealt to Bob [Ts 9c] [2h]
Hero: checks
Bob: bets $0.20
Hero: raises $0.20 to $0.40
Bob: calls $0.20
*** 6th STREET ***
Dealt to Hero [Ah Kd 3c 5d Jc] [Qh]
Dealt to Bob [Ts 9c 2h] [4s]
Hero: bets $0.20
Bob: raises $0.20 to $0.40
Hero: calls $0.20
*** RIVER ***
Dealt to Hero [Ah Kd 3c 5d Jc Qh] [Ac]
Hero: bets $0.20
Bob: calls $0.20
*** SHOW DOWN ***
Hero: shows [Ah Kd 3c 5d Jc Qh Ac] (a pair of Aces)
Bob: shows [Kc 7c Ts 9c 2h 4s 6h] (high card King)
Hero collected $2.53 from pot
*** SUMMARY ***
Total pot $2.53 | Rake $0
Seat 1: Hero showed [Ah Kd 3c 5d Jc Qh Ac] and won ($2.53) with a pair of Aces
Seat 2: Alice folded on the 3rd Street
Seat 3: Bob showed [Kc 7c Ts 9c 2h 4s 6h] and lost with high card King
Seat 4: Carol folded on the 3rd Street (didn't bet)
"""

# S4: Alice brings in, Bob and Carol fold: Hero (last) may steal but only calls; he folds
# to Alice's bet on 4th street. Hero -0.07. Carol (second to last) had a steal chance too.
S4 = """\
PokerStars Hand #900000000004:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/11/12 12:00:00 ET
Table 'Testa I' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
Carol: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [Td Jd 9s]
Dealt to Alice [4d]
Dealt to Bob [6c]
Dealt to Carol [Kc]
Alice: brings in for $0.05
Bob: folds
Carol: folds
Hero: calls $0.05
*** 4th STREET ***
Dealt to Hero [Td Jd 9s] [2s]
Dealt to Alice [4d] [4c]
Alice: bets $0.10
Hero: folds
Uncalled bet ($0.10) returned to Alice
Alice collected $0.18 from pot
Alice: doesn't show hand
*** SUMMARY ***
Total pot $0.18 | Rake $0
Seat 1: Hero folded on the 4th Street
Seat 2: Alice collected ($0.18)
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 4: Carol folded on the 3rd Street (didn't bet)
"""

# S5: Hero brings in, Alice and Bob fold, Carol (last) steals, Hero folds. Hero -0.07.
S5 = """\
PokerStars Hand #900000000005:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/11/12 12:05:00 ET
Table 'Testa I' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
Carol: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [Kh Qc 2c]
Dealt to Alice [9h]
Dealt to Bob [Td]
Dealt to Carol [Ad]
Hero: brings in for $0.05
Alice: folds
Bob: folds
Carol: raises $0.05 to $0.10
Hero: folds
Uncalled bet ($0.05) returned to Carol
Carol collected $0.18 from pot
Carol: doesn't show hand
*** SUMMARY ***
Total pot $0.18 | Rake $0
Seat 1: Hero folded on the 3rd Street
Seat 2: Alice folded on the 3rd Street (didn't bet)
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 4: Carol collected ($0.18)
"""

# --- 7 Card Stud Hi/Lo, $0.10/$0.20 --------------------------------------------------
# HL1: heads-up, checked down; Hero's A-2-3-4-5 is the best high (a straight) and the only
# low: he scoops the 0.14 pot (share 1). Hero +0.07.
HL1 = """\
PokerStars Hand #900000000011:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - \
2026/11/13 12:00:00 ET
Table 'Testa II' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [As 2s 3h]
Dealt to Alice [Kc]
Hero: brings in for $0.05
Alice: calls $0.05
*** 4th STREET ***
Dealt to Hero [As 2s 3h] [4h]
Dealt to Alice [Kc] [Qd]
Alice: checks
Hero: checks
*** 5th STREET ***
Dealt to Hero [As 2s 3h 4h] [5c]
Dealt to Alice [Kc Qd] [Jd]
Alice: checks
Hero: checks
*** 6th STREET ***
Dealt to Hero [As 2s 3h 4h 5c] [9d]
Dealt to Alice [Kc Qd Jd] [8s]
Alice: checks
Hero: checks
*** RIVER ***
Dealt to Hero [As 2s 3h 4h 5c 9d] [7c]
Alice: checks
Hero: checks
*** SHOW DOWN ***
Alice: shows [Th 6h Kc Qd Jd 8s Ts] (HI: a pair of Tens)
Hero: shows [As 2s 3h 4h 5c 9d 7c] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Hero collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: Hero showed [As 2s 3h 4h 5c 9d 7c] and won ($0.14) with HI: a straight, Ace to Five; \
LO: 5,4,3,2,A
Seat 2: Alice showed [Th 6h Kc Qd Jd 8s Ts] and lost with HI: a pair of Tens
"""

# HL2: three-way, checked down after 3rd street: Bob's trip nines win the high half (0.18),
# Hero and Alice tie for the low with 7-5-4-3-A and get a quarter each (0.09). Hero -0.03.
HL2 = """\
PokerStars Hand #900000000012:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - \
2026/11/13 12:05:00 ET
Table 'Testa II' 8-max
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Hero: posts the ante $0.02
Alice: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Hero [Ah Ks 3d]
Dealt to Alice [4h]
Dealt to Bob [9s]
Hero: brings in for $0.05
Alice: raises $0.05 to $0.10
Bob: calls $0.10
Hero: calls $0.05
*** 4th STREET ***
Dealt to Hero [Ah Ks 3d] [5c]
Dealt to Alice [4h] [5d]
Dealt to Bob [9s] [9h]
Bob: checks
Hero: checks
Alice: checks
*** 5th STREET ***
Dealt to Hero [Ah Ks 3d 5c] [7s]
Dealt to Alice [4h 5d] [7h]
Dealt to Bob [9s 9h] [Ts]
Bob: checks
Hero: checks
Alice: checks
*** 6th STREET ***
Dealt to Hero [Ah Ks 3d 5c 7s] [Kc]
Dealt to Alice [4h 5d 7h] [Qc]
Dealt to Bob [9s 9h Ts] [Js]
Bob: checks
Hero: checks
Alice: checks
*** RIVER ***
Dealt to Hero [Ah Ks 3d 5c 7s Kc] [4d]
Bob: checks
Hero: checks
Alice: checks
*** SHOW DOWN ***
Alice: shows [Ac Qs 4h 5d 7h Qc 3c] (HI: a pair of Queens; LO: 7,5,4,3,A)
Bob: shows [6c 8c 9s 9h Ts Js 9d] (HI: three of a kind, Nines)
Hero: shows [Ah Ks 3d 5c 7s Kc 4d] (HI: a pair of Kings; LO: 7,5,4,3,A)
Bob collected $0.18 from pot
Alice collected $0.09 from pot
Hero collected $0.09 from pot
*** SUMMARY ***
Total pot $0.36 | Rake $0
Seat 1: Hero showed [Ah Ks 3d 5c 7s Kc 4d] and won ($0.09) with HI: a pair of Kings; \
LO: 7,5,4,3,A
Seat 2: Alice showed [Ac Qs 4h 5d 7h Qc 3c] and won ($0.09) with HI: a pair of Queens; \
LO: 7,5,4,3,A
Seat 3: Bob showed [6c 8c 9s 9h Ts Js 9d] and won ($0.18) with HI: three of a kind, Nines
"""

# --- Triple Draw 2-7 Lowball, $0.10/$0.20 ---------------------------------------------
# D1: Bob opens, Hero (small blind) 3-bets, Bob calls. Hero stands pat on a pair of eights
# (not a made low) and bets: a snow; Bob folds. Hero +0.40 (pot 0.70, put in 0.30).
D1 = """\
PokerStars Hand #900000000021:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - \
2026/11/14 12:00:00 ET
Table 'Testa III' 6-max Seat #4 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Hero: posts small blind $0.05
Alice: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [8c 8d 5h 4s 2c]
Bob: raises $0.10 to $0.20
Carol: folds
Hero: raises $0.10 to $0.30
Alice: folds
Bob: calls $0.10
*** FIRST DRAW ***
Hero: stands pat on [8c 8d 5h 4s 2c]
Bob: discards 2 cards
Hero: bets $0.10
Bob: folds
Uncalled bet ($0.10) returned to Hero
Hero collected $0.70 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot $0.70 | Rake $0
Seat 1: Hero (small blind) collected ($0.70)
Seat 2: Alice (big blind) folded before the Draw
Seat 3: Bob folded after the 1st Draw
Seat 4: Carol (button) folded before the Draw (didn't bet)
"""

# D2: Hero opens from the button with 7-5-4-3-2 and Bob calls; Hero stands pat on draw 1
# (a made low: no snow) and bets, draws one on draw 2, stands pat on draw 3, and wins
# the showdown. Hero's decisions: raise; bet; call; check. Hero +0.55 (pot 1.05, in 0.50).
D2 = """\
PokerStars Hand #900000000022:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - \
2026/11/14 12:05:00 ET
Table 'Testa III' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Alice: posts small blind $0.05
Bob: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [7h 5d 4c 3s 2h]
Carol: folds
Hero: raises $0.10 to $0.20
Alice: folds
Bob: calls $0.10
*** FIRST DRAW ***
Bob: discards 3 cards
Hero: stands pat on [7h 5d 4c 3s 2h]
Bob: checks
Hero: bets $0.10
Bob: calls $0.10
*** SECOND DRAW ***
Bob: discards 1 card
Hero: discards 1 card [7h]
Dealt to Hero [5d 4c 3s 2h] [8d]
Bob: bets $0.20
Hero: calls $0.20
*** THIRD DRAW ***
Bob: stands pat
Hero: stands pat on [5d 4c 3s 2h 8d]
Bob: checks
Hero: checks
*** SHOW DOWN ***
Bob: shows [9c 7c 6d 4h 3h] (Lo: 9,7,6,4,3)
Hero: shows [5d 4c 3s 2h 8d] (Lo: 8,5,4,3,2)
Hero collected $1.05 from pot
*** SUMMARY ***
Total pot $1.05 | Rake $0
Seat 1: Hero (button) showed [5d 4c 3s 2h 8d] and won ($1.05) with Lo: 8,5,4,3,2
Seat 2: Alice (small blind) folded before the Draw
Seat 3: Bob (big blind) showed [9c 7c 6d 4h 3h] and lost with Lo: 9,7,6,4,3
Seat 4: Carol folded before the Draw (didn't bet)
"""

# D3: Alice opens, Hero (big blind) only calls; Hero draws three, checks and folds to
# Alice's bet. Hero -0.20.
D3 = """\
PokerStars Hand #900000000023:  Triple Draw 2-7 Lowball Limit ($0.10/$0.20 USD) - \
2026/11/14 12:10:00 ET
Table 'Testa III' 6-max Seat #3 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Alice ($10 in chips)
Seat 3: Bob ($10 in chips)
Seat 4: Carol ($10 in chips)
Carol: posts small blind $0.05
Hero: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Hero [Kd Qd Jh 9s 9c]
Alice: raises $0.10 to $0.20
Bob: folds
Carol: folds
Hero: calls $0.10
*** FIRST DRAW ***
Hero: discards 3 cards [Kd Qd Jh]
Dealt to Hero [9s 9c] [7d 4d 2s]
Alice: discards 1 card
Hero: checks
Alice: bets $0.10
Hero: folds
Uncalled bet ($0.10) returned to Alice
Alice collected $0.45 from pot
Alice: doesn't show hand
*** SUMMARY ***
Total pot $0.45 | Rake $0
Seat 1: Hero (big blind) folded after the 1st Draw
Seat 2: Alice collected ($0.45)
Seat 3: Bob (button) folded before the Draw (didn't bet)
Seat 4: Carol (small blind) folded before the Draw
"""

# --- a Razz tournament hand (big_unit 40 chips) and a no-limit Single Draw hand --------
# T1: Alice's king brings in, Hero (last) steals with a completion. Hero +18 chips.
T1 = """\
PokerStars Hand #900000000031: Tournament #990000001, $5.00+$0.50 USD Razz Limit - \
Level I (20/40) - 2026/11/15 12:00:00 ET
Table '990000001 1' 8-max
Seat 1: Hero (1500 in chips)
Seat 2: Alice (1500 in chips)
Seat 3: Bob (1500 in chips)
Seat 4: Carol (1500 in chips)
Hero: posts the ante 4
Alice: posts the ante 4
Bob: posts the ante 4
Carol: posts the ante 4
*** 3rd STREET ***
Dealt to Hero [Ah 2d 3h]
Dealt to Alice [Kc]
Dealt to Bob [5s]
Dealt to Carol [8d]
Alice: brings in for 6
Bob: folds
Carol: folds
Hero: raises 14 to 20
Alice: folds
Uncalled bet (14) returned to Hero
Hero collected 28 from pot
Hero: doesn't show hand
*** SUMMARY ***
Total pot 28 | Rake 0
Seat 1: Hero collected (28)
Seat 2: Alice folded on the 3rd Street
Seat 3: Bob folded on the 3rd Street (didn't bet)
Seat 4: Carol folded on the 3rd Street (didn't bet)
"""

# N1: no limit, big_unit = the big blind 0.50; Hero folds his small blind to Carol's raise.
# Hero -0.25.
N1 = """\
PokerStars Hand #900000000041:  Single Draw 2-7 Lowball No Limit ($0.25/$0.50 USD) - \
2026/11/16 12:00:00 ET
Table 'Testa IV' 6-max Seat #4 is the button
Seat 1: Hero ($50 in chips)
Seat 2: Alice ($50 in chips)
Seat 3: Bob ($50 in chips)
Seat 4: Carol ($50 in chips)
Hero: posts small blind $0.25
Alice: posts big blind $0.50
*** DEALING HANDS ***
Dealt to Hero [Qd 3c Jd Th 2s]
Bob: folds
Carol: raises $1 to $1.50
Hero: folds
Alice: folds
Uncalled bet ($1) returned to Carol
Carol collected $1.25 from pot
Carol: doesn't show hand
*** SUMMARY ***
Total pot $1.25 | Rake $0
Seat 1: Hero (small blind) folded before Flop
Seat 2: Alice (big blind) folded before Flop
Seat 3: Bob folded before Flop (didn't bet)
Seat 4: Carol (button) collected ($1.25)
"""

HANDS = (S1, S2, S3, S4, S5, HL1, HL2, D1, D2, D3, T1, N1)
OTHER_SITE = "othersite"  # S1 copied under another site's name, for the site filter
TABLES_BY_HAND = ("hands", "hand_players", "actions", "draws", "pots")


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory) -> Iterator[duckdb.DuckDBPyConnection]:
    folder = tmp_path_factory.mktemp("stats")
    (folder / "hands.txt").write_text("\n\n\n".join(HANDS) + "\n\n\n", encoding="utf-8")
    database = Database(folder / "stats.duckdb")
    summary = import_histories([folder / "hands.txt"], database)
    assert summary.hands_imported == len(HANDS), summary
    assert summary.rejected == {}
    connection = database.connection
    for table in TABLES_BY_HAND:  # no second site parser yet: S1 again, renamed
        connection.execute(
            f"INSERT INTO {table} SELECT * REPLACE ('{OTHER_SITE}' AS site) FROM {table} "
            "WHERE hand_number = '900000000001'"
        ).fetchall()
    install_stats(connection)
    install_stats(connection)  # CREATE OR REPLACE: installing again is harmless
    yield connection
    database.close()


def stats(
    con: duckdb.DuckDBPyConnection, *args: str, macro: str = "player_stats"
) -> list[dict[str, Any]]:
    """Rows of a stats macro called with SQL arguments, e.g. "player := 'Hero'"."""
    frame = con.sql(f"SELECT * FROM {macro}({', '.join(args)})").pl()
    return list(frame.iter_rows(named=True))


def row(con: duckdb.DuckDBPyConnection, player: str, game: str, *args: str) -> dict[str, Any]:
    rows = stats(con, f"player := '{player}'", f"game := '{game}'", "site := 'pokerstars'", *args)
    assert len(rows) == 1, rows
    return rows[0]


def hero(con: duckdb.DuckDBPyConnection, game: str) -> dict[str, Any]:
    return row(con, "Hero", game)


def check(actual: dict[str, Any], **expected: float | None) -> None:
    for name, value in expected.items():
        got = actual[name]
        if value is None:
            assert got is None, name
        else:
            assert float(got) == pytest.approx(value), name  # net_won is a DECIMAL


# ----------------------------------------------------------------------- money


def test_hands_and_net_won(con: duckdb.DuckDBPyConnection) -> None:
    # stud: S1 +0.11, S2 +0.06, S3 +1.31, S4 -0.07, S5 -0.07 = +1.34 over 5 hands
    check(hero(con, "seven_stud"), hands=5, net_won=1.34)
    # triple draw: D1 +0.40, D2 +0.55, D3 -0.20 = +0.75; razz tournament T1: +18 chips
    check(hero(con, "triple_draw_27"), hands=3, net_won=0.75)
    check(hero(con, "razz"), hands=1, net_won=18)


def test_big_bets_per_100(con: duckdb.DuckDBPyConnection) -> None:
    # stud: 1.34 / 0.20 = 6.7 big bets; 6.7 * 100 / 5 hands = 134
    check(hero(con, "seven_stud"), big_bets_won=6.7, big_bets_per_100=134)
    # hi/lo: HL1 +0.07, HL2 -0.03 -> 0.04 / 0.20 = 0.2; 0.2 * 100 / 2 = 10
    check(hero(con, "seven_stud_hilo"), big_bets_won=0.2, big_bets_per_100=10)
    # no limit: the big blind is the unit: -0.25 / 0.50 = -0.5 -> -50 per 100
    check(hero(con, "single_draw_27"), big_bets_won=-0.5, big_bets_per_100=-50)
    # razz tournament: +18 chips / 40 = 0.45 -> 45 per 100
    check(hero(con, "razz"), big_bets_won=0.45, big_bets_per_100=45)


def test_big_bets_per_100_across_games_divides_each_hand_by_its_own_unit(
    con: duckdb.DuckDBPyConnection,
) -> None:
    # Hero's 11 cash hands: 6.7 + 0.2 + 3.75 - 0.5 = 10.15 big bets -> 92.27 / 100; the
    # razz tournament's chips are a unit of their own, a row of their own
    cash, chips = sorted(
        stats(con, "player := 'Hero'", "site := 'pokerstars'", "by_game := false"),
        key=lambda row: row["unit"] == "tournament chips",
    )
    check(cash, hands=11, big_bets_won=10.15, big_bets_per_100=1015 / 11)
    assert cash["game"] is None and cash["unit"] == "USD"
    check(chips, hands=1, net_won=18, big_bets_won=0.45)


# --------------------------------------------------------------- first round


def test_vpip(con: duckdb.DuckDBPyConnection) -> None:
    # stud: S1 raise, S2 bet, S3 call, S4 call: voluntary; S5 bring-in then fold: not -> 4/5
    check(hero(con, "seven_stud"), vpip_pct=80, vpip_n=5)
    # hi/lo: HL1 brought in and Alice only called, no decision of his own: not; HL2 called
    # Alice's completion: yes -> 1/2
    check(hero(con, "seven_stud_hilo"), vpip_pct=50, vpip_n=2)
    # a blind folded is not voluntary: 0/1
    check(hero(con, "single_draw_27"), vpip_pct=0, vpip_n=1)


def test_first_round_raise(con: duckdb.DuckDBPyConnection) -> None:
    # stud: S1 completed over the bring-in, S2 completed as the bring-in -> 2/5
    check(hero(con, "seven_stud"), first_round_raise_pct=40, first_round_raise_n=5)
    # triple draw: D1 3-bet, D2 open raise, D3 call -> 2/3
    check(hero(con, "triple_draw_27"), first_round_raise_pct=200 / 3, first_round_raise_n=3)


def test_bring_in_complete(con: duckdb.DuckDBPyConnection) -> None:
    # Hero had the low card in S2 (completed), S3 and S5 (posted the bring-in) -> 1/3
    check(hero(con, "seven_stud"), bring_in_complete_pct=100 / 3, bring_in_complete_n=3)
    # Alice had it in S1 and S4 and posted both times -> 0/2
    check(row(con, "Alice", "seven_stud"), bring_in_complete_pct=0, bring_in_complete_n=2)
    # not a stud game: no sample, no percentage
    check(hero(con, "triple_draw_27"), bring_in_complete_pct=None, bring_in_complete_n=0)


def test_steal(con: duckdb.DuckDBPyConnection) -> None:
    # Hero, last to act with only the bring-in in: S1 (completed), S4 (called) -> 1/2.
    # S2, S3, S5: he was the bring-in himself.
    check(hero(con, "seven_stud"), steal_pct=50, steal_n=2)
    # Carol, second to last in S1 and S4 (folded both), last in S5 (completed) -> 1/3
    check(row(con, "Carol", "seven_stud"), steal_pct=100 / 3, steal_n=3)
    # Bob was in a steal seat only in S5 (second to last after Alice folded) and folded;
    # in S3 Alice had called before him, so his completion was no steal -> 0/1
    check(row(con, "Bob", "seven_stud"), steal_pct=0, steal_n=1)
    # razz T1: the same shape as S1 -> 1/1
    check(hero(con, "razz"), steal_pct=100, steal_n=1)


def test_fold_to_steal(con: duckdb.DuckDBPyConnection) -> None:
    # Hero faced a steal only in S5 (Carol), and folded -> 1/1. S3's completion came
    # after Alice's call: no steal.
    check(hero(con, "seven_stud"), fold_to_steal_pct=100, fold_to_steal_n=1)
    # hi/lo HL2, three-handed: Alice (second to last) completed with only Hero's bring-in
    # in: a steal, and Hero called -> 0/1
    check(hero(con, "seven_stud_hilo"), fold_to_steal_pct=0, fold_to_steal_n=1)
    # Alice folded her bring-in to Hero's steal in S1 -> 1/1
    check(row(con, "Alice", "seven_stud"), fold_to_steal_pct=100, fold_to_steal_n=1)


def test_three_bet(con: duckdb.DuckDBPyConnection) -> None:
    # Hero faced exactly one raise in D1 (re-raised) and D3 (called); in D2 he opened -> 1/2
    check(hero(con, "triple_draw_27"), three_bet_pct=50, three_bet_n=2)
    # Bob faced one raise in D2 (called) and D3 (folded); in D1 he opened and later faced
    # two raises -> 0/2
    check(row(con, "Bob", "triple_draw_27"), three_bet_pct=0, three_bet_n=2)
    # no-limit N1: Hero folded his small blind to Carol's raise -> 0/1
    check(hero(con, "single_draw_27"), three_bet_pct=0, three_bet_n=1)
    check(hero(con, "seven_stud"), three_bet_pct=None, three_bet_n=0)  # a draw stat only


# ------------------------------------------------------------------- streets


def test_saw_each_round(con: duckdb.DuckDBPyConnection) -> None:
    # stud: 4th street in S3 and S4; 5th, 6th and 7th in S3 only
    check(
        hero(con, "seven_stud"),
        saw_round_2_pct=40,
        saw_round_2_n=5,
        saw_round_3_pct=20,
        saw_round_4_pct=20,
        saw_round_5_pct=20,
        saw_round_5_n=5,
    )
    # triple draw: the first draw in D1, D2, D3; the second and third in D2 only; there is
    # no fifth betting round in the game
    check(
        hero(con, "triple_draw_27"),
        saw_round_2_pct=100,
        saw_round_3_pct=100 / 3,
        saw_round_4_pct=100 / 3,
        saw_round_4_n=3,
        saw_round_5_pct=None,
        saw_round_5_n=0,
    )


def test_aggression_factor_and_frequency_per_round(con: duckdb.DuckDBPyConnection) -> None:
    # stud round 1: raise (S1), bet (S2), call (S3), call (S4), fold (S5): 2 aggressive,
    #   2 calls, 5 decisions -> AF 2/2 = 1, AFq 2/5 = 40%
    # round 2: call (S3), fold (S4) -> AF 0/1 = 0, AFq 0/2
    # round 3: check, raise (S3) -> AF 1/0 = none, AFq 1/2
    # round 4: bet, call (S3) -> AF 1/1, AFq 1/2
    # round 5: bet (S3) -> AF 1/0 = none, AFq 1/1
    check(
        hero(con, "seven_stud"),
        af_round_1=1,
        af_round_1_n=2,
        afq_round_1_pct=40,
        afq_round_1_n=5,
        af_round_2=0,
        af_round_2_n=1,
        afq_round_2_pct=0,
        afq_round_2_n=2,
        af_round_3=None,
        af_round_3_n=0,
        afq_round_3_pct=50,
        afq_round_3_n=2,
        af_round_4=1,
        af_round_4_n=1,
        afq_round_4_pct=50,
        afq_round_4_n=2,
        af_round_5=None,
        afq_round_5_pct=100,
        afq_round_5_n=1,
    )
    # triple draw round 1: raise (D1), raise (D2), call (D3) -> AF 2/1, AFq 2/3
    # round 2: bet (D1); bet (D2); check, fold (D3) -> AF none, AFq 2/4
    check(
        hero(con, "triple_draw_27"),
        af_round_1=2,
        af_round_1_n=1,
        afq_round_1_pct=200 / 3,
        afq_round_1_n=3,
        af_round_2=None,
        afq_round_2_pct=50,
        afq_round_2_n=4,
    )


def test_street_stats(con: duckdb.DuckDBPyConnection) -> None:
    scope = ("player := 'Hero'", "game := 'seven_stud'", "site := 'pokerstars'")
    rows = stats(con, *scope, macro="player_street_stats")
    by_round = {r["round"]: r for r in rows}
    assert [r["street"] for r in rows] == ["third", "fourth", "fifth", "sixth", "seventh"]
    # the same counts as above, one row per round; 6th street: S3's bet and call
    check(by_round[1], hands_seen=5, saw_pct=100, saw_n=5, aggressive=2, calls=2, folds=1)
    check(by_round[2], hands_seen=2, saw_pct=40, saw_n=5, af=0, af_n=1, afq_pct=0, afq_n=2)
    check(by_round[4], hands_seen=1, saw_pct=20, aggressive=1, calls=1, af=1, afq_pct=50)
    check(by_round[5], checks=0, af=None, af_n=0, afq_pct=100, afq_n=1)
    # every game together: round 1 = all 12 hands; decisions there: stud 5, hi/lo 1 (HL2
    # call), triple draw 3, razz 1, single draw 1 = 11, of which aggressive S1, S2, D1,
    # D2, T1 = 5 and calls S3, S4, HL2, D3 = 4
    rows = stats(
        con,
        "player := 'Hero'",
        "site := 'pokerstars'",
        "by_game := false",
        macro="player_street_stats",
    )
    first = rows[0]
    check(first, round=1, saw_n=12, afq_n=11, aggressive=5, calls=4, af=1.25)
    assert first["game"] is None and first["street"] is None


# ------------------------------------------------------------------ showdowns


def test_went_to_showdown(con: duckdb.DuckDBPyConnection) -> None:
    # stud: saw 4th street in S3 (showdown) and S4 (folded) -> 1/2
    check(hero(con, "seven_stud"), went_to_showdown_pct=50, went_to_showdown_n=2)
    # triple draw: saw the first draw in D1, D2, D3; showdown in D2 -> 1/3
    check(hero(con, "triple_draw_27"), went_to_showdown_pct=100 / 3, went_to_showdown_n=3)


def test_won_at_showdown(con: duckdb.DuckDBPyConnection) -> None:
    # stud S3 won -> 1/1; hi/lo: HL1 scooped, HL2 a quarter is still money won -> 2/2
    check(hero(con, "seven_stud"), won_at_showdown_pct=100, won_at_showdown_n=1)
    check(hero(con, "seven_stud_hilo"), won_at_showdown_pct=100, won_at_showdown_n=2)
    # Bob lost S3 at showdown -> 0/1
    check(row(con, "Bob", "seven_stud"), won_at_showdown_pct=0, won_at_showdown_n=1)


def test_won_without_showdown(con: duckdb.DuckDBPyConnection) -> None:
    # stud: everyone folded to Hero in S1 and S2 -> 2/5 hands
    check(hero(con, "seven_stud"), won_without_showdown_pct=40, won_without_showdown_n=5)
    # triple draw: D1 -> 1/3
    check(hero(con, "triple_draw_27"), won_without_showdown_pct=100 / 3, won_without_showdown_n=3)


def test_won_when_saw_round_2(con: duckdb.DuckDBPyConnection) -> None:
    # stud: saw 4th street in S3 (won) and S4 (lost) -> 1/2
    check(hero(con, "seven_stud"), won_when_saw_round_2_pct=50, won_when_saw_round_2_n=2)
    # triple draw: saw the first draw in D1 (won), D2 (won), D3 (lost) -> 2/3
    check(hero(con, "triple_draw_27"), won_when_saw_round_2_pct=200 / 3, won_when_saw_round_2_n=3)


def test_scoop_and_quartered(con: duckdb.DuckDBPyConnection) -> None:
    # Hero: HL1 the whole pot (share 1), HL2 half the low half (share 1/4) -> scoop 1/2,
    # quartered 1/2
    check(hero(con, "seven_stud_hilo"), scoop_pct=50, scoop_n=2, quartered_pct=50, quartered_n=2)
    # Alice: HL1 nothing, HL2 a quarter -> scoop 0/2, quartered 1/2
    check(row(con, "Alice", "seven_stud_hilo"), scoop_pct=0, quartered_pct=50, quartered_n=2)
    # Bob: HL2 the high half alone (share 1/2): neither -> 0/1, 0/1
    check(row(con, "Bob", "seven_stud_hilo"), scoop_pct=0, scoop_n=1, quartered_pct=0)
    # not a split-pot game: no sample
    check(hero(con, "seven_stud"), scoop_pct=None, scoop_n=0, quartered_n=0)


# ---------------------------------------------------------------------- draws


def test_stood_pat_per_draw(con: duckdb.DuckDBPyConnection) -> None:
    # draw 1: pat in D1 and D2, three cards in D3 -> 2/3; draw 2: one card in D2 -> 0/1;
    # draw 3: pat in D2 -> 1/1
    check(
        hero(con, "triple_draw_27"),
        stood_pat_draw_1_pct=200 / 3,
        stood_pat_draw_1_n=3,
        stood_pat_draw_2_pct=0,
        stood_pat_draw_2_n=1,
        stood_pat_draw_3_pct=100,
        stood_pat_draw_3_n=1,
    )
    # Bob: draw 1 in D1 (two cards) and D2 (three) -> 0/2
    check(row(con, "Bob", "triple_draw_27"), stood_pat_draw_1_pct=0, stood_pat_draw_1_n=2)


def test_cards_drawn_per_draw(con: duckdb.DuckDBPyConnection) -> None:
    # Hero draw 1: 0 + 0 + 3 = 3 over 3 draws = 1.0; draw 2: 1; draw 3: 0
    check(
        hero(con, "triple_draw_27"),
        cards_drawn_draw_1_avg=1,
        cards_drawn_draw_1_n=3,
        cards_drawn_draw_2_avg=1,
        cards_drawn_draw_2_n=1,
        cards_drawn_draw_3_avg=0,
        cards_drawn_draw_3_n=1,
    )
    # Bob draw 1: 2 + 3 = 5 over 2 = 2.5; draw 2: 1 (D2); draw 3: pat (D2)
    check(
        row(con, "Bob", "triple_draw_27"),
        cards_drawn_draw_1_avg=2.5,
        cards_drawn_draw_2_avg=1,
        cards_drawn_draw_3_avg=0,
    )


def test_snow(con: duckdb.DuckDBPyConnection) -> None:
    # Hero's known pat hands on the first draw: D1 8-8-5-4-2 (a pair: not made) then bet
    # -> snow; D2 7-5-4-3-2 (made) -> not -> 1/2
    check(hero(con, "triple_draw_27"), snow_pct=50, snow_n=2)
    # Bob never stood pat on the first draw; stud has no snow
    check(row(con, "Bob", "triple_draw_27"), snow_pct=None, snow_n=0)
    check(hero(con, "seven_stud"), snow_pct=None, snow_n=0)


@pytest.mark.parametrize(
    ("cards", "ranking", "made"),
    [
        ("7h 5d 4c 3s 2h", "deuce_to_seven", True),
        ("8c 8d 5h 4s 2c", "deuce_to_seven", False),  # a pair
        ("6h 5d 4c 3s 2h", "deuce_to_seven", False),  # a straight
        ("9h 7h 5h 3h 2h", "deuce_to_seven", False),  # a flush
        ("Ah 5d 4c 3s 2h", "deuce_to_seven", True),  # the ace is high: no straight
        ("Ah 5d 4c 3s 2h", "ace_to_five", True),
        ("5h 5d 4c 3s 2h", "ace_to_five", False),
        ("Ah 2d 3c 4s", "badugi", True),
        ("Ah 2d 3c 4c", "badugi", False),  # two clubs: a three-card hand
        ("Ah 2d 3c 4s 5h", "high", True),  # the wheel
        ("Kh Kd Kc 4s 4h", "high", True),  # full house
        ("Ah Ad Kc Ks 4h", "high", False),  # two pair
        ("?? 5d 4c 3s 2h", "deuce_to_seven", None),  # unknown card
    ],
)
def test_made_hand(
    con: duckdb.DuckDBPyConnection, cards: str, ranking: str, made: bool | None
) -> None:
    assert con.execute("SELECT stat_made_hand(?, ?)", [cards, ranking]).fetchall()[0][0] is made


# -------------------------------------------------------------------- filters


def hero_stud(con: duckdb.DuckDBPyConnection, *args: str) -> list[dict[str, Any]]:
    return stats(con, "player := 'Hero'", "game := 'seven_stud'", *args)


def test_player_filter(con: duckdb.DuckDBPyConnection) -> None:
    everyone = {(r["site"], r["player"]) for r in stats(con, "game := 'seven_stud'")}
    assert everyone == {("pokerstars", name) for name in ("Hero", "Alice", "Bob", "Carol")} | {
        (OTHER_SITE, name) for name in ("Hero", "Alice", "Bob", "Carol")
    }
    # Alice in stud: S1 -0.07, S2 -0.02, S3 -0.07, S4 +0.11, S5 -0.02 = -0.07
    check(row(con, "Alice", "seven_stud"), hands=5, net_won=-0.07)


def test_site_filter(con: duckdb.DuckDBPyConnection) -> None:
    # the copy of S1 is the only hand on the other site
    (other,) = hero_stud(con, f"site := '{OTHER_SITE}'")
    check(other, hands=1, net_won=0.11, steal_pct=100)
    (stars,) = hero_stud(con, "site := 'pokerstars'")
    check(stars, hands=5)
    assert {r["site"] for r in hero_stud(con)} == {"pokerstars", OTHER_SITE}


def test_game_filter(con: duckdb.DuckDBPyConnection) -> None:
    games = {r["game"] for r in stats(con, "player := 'Hero'")}
    assert games == {"seven_stud", "seven_stud_hilo", "triple_draw_27", "razz", "single_draw_27"}
    assert [r["game"] for r in stats(con, "player := 'Hero'", "game := 'razz'")] == ["razz"]


def test_limit_filter(con: duckdb.DuckDBPyConnection) -> None:
    # N1 is Hero's only no-limit hand: 12 hands on the site, 11 in fixed limit (10 in
    # dollars, the razz tournament in chips)
    args = ("player := 'Hero'", "site := 'pokerstars'", "by_game := false")
    fixed = stats(con, *args, "limit_kind := 'fixed_limit'")
    (no_limit,) = stats(con, *args, "limit_kind := 'no_limit'")
    assert {r["unit"]: r["hands"] for r in fixed} == {"USD": 10, "tournament chips": 1}
    check(no_limit, hands=1, net_won=-0.25)


def test_stakes_filter(con: duckdb.DuckDBPyConnection) -> None:
    args = ("player := 'Hero'", "site := 'pokerstars'", "by_game := false")
    # big_unit 0.20: the stud, hi/lo and triple draw hands (5 + 2 + 3); 40: the razz hand
    (small,) = stats(con, *args, "big_unit := 0.20")
    (chips,) = stats(con, *args, "big_unit := 40")
    check(small, hands=10, big_bets_won=6.7 + 0.2 + 3.75)
    check(chips, hands=1, big_bets_won=0.45)


def test_date_filters(con: duckdb.DuckDBPyConnection) -> None:
    # S1, S2 on Nov 10, S3 on Nov 11, S4, S5 on Nov 12 (12:00 ET = 17:00 UTC)
    (since,) = hero_stud(con, "site := 'pokerstars'", "since := '2026-11-11'")
    check(since, hands=3, net_won=1.31 - 0.07 - 0.07)
    (until,) = hero_stud(con, "site := 'pokerstars'", "until := '2026-11-11'")
    check(until, hands=2, net_won=0.11 + 0.06)
    (both,) = hero_stud(
        con, "site := 'pokerstars'", "since := DATE '2026-11-11'", "until := '2026-11-12'"
    )
    check(both, hands=1, net_won=1.31)


def test_money_filter(con: duckdb.DuckDBPyConnection) -> None:
    args = ("player := 'Hero'", "site := 'pokerstars'", "by_game := false")
    (tournament,) = stats(con, *args, "money := 'tournament'")
    check(tournament, hands=1, net_won=18)
    (real,) = stats(con, *args, "money := 'real'")
    (cash,) = stats(con, *args, "money := 'cash'")  # real and play money together
    check(real, hands=11, net_won=1.34 + 0.04 + 0.75 - 0.25)
    check(cash, hands=11)
    (dollars,) = stats(con, *args, "unit := 'USD'")
    check(dollars, hands=11, net_won=1.34 + 0.04 + 0.75 - 0.25)
    (chips,) = stats(con, *args, "unit := 'tournament chips'")
    check(chips, hands=1, net_won=18)


# ---------------------------------------------------------- install and help text


def test_every_output_column_has_a_definition(con: duckdb.DuckDBPyConnection) -> None:
    columns = set()
    for macro in ("player_stats", "player_street_stats"):
        columns |= {c[0] for c in con.execute(f"DESCRIBE SELECT * FROM {macro}()").fetchall()}
    assert columns == set(STAT_DEFINITIONS)
    assert all(text.endswith(".") and len(text) < 300 for text in STAT_DEFINITIONS.values())


def test_percentages_sit_next_to_their_sample_size(con: duckdb.DuckDBPyConnection) -> None:
    columns = [c[0] for c in con.execute("DESCRIBE SELECT * FROM player_stats()").fetchall()]
    rates = [
        name
        for name in columns
        if name.endswith(("_pct", "_avg")) or re.fullmatch(r"af_round_\d", name)
    ]
    assert len(rates) == 33
    for name in rates:
        base = name.removesuffix("_pct").removesuffix("_avg")
        assert columns[columns.index(name) + 1] == base + "_n", name


def test_stats_live_in_the_database_file(tmp_path: Path) -> None:
    # installed through studdraw, then read by a plain DuckDB connection that installs
    # nothing: the views and macros are in the file
    path = tmp_path / "file.duckdb"
    (tmp_path / "hands.txt").write_text(S1, encoding="utf-8")
    with Database(path) as database:
        import_histories([tmp_path / "hands.txt"], database)
        install_stats(database.connection)
    connection = duckdb.connect(str(path), read_only=True)
    try:
        rows = connection.execute(
            "SELECT player, hands, steal_pct FROM player_stats(player := 'Hero')"
        ).fetchall()
        assert rows == [("Hero", 1, 100.0)]
        views = {
            r[0] for r in connection.execute("SELECT view_name FROM duckdb_views()").fetchall()
        }
        macros = {
            r[0]
            for r in connection.execute(
                "SELECT function_name FROM duckdb_functions() WHERE function_type LIKE '%macro%'"
            ).fetchall()
        }
        assert set(OBJECTS) <= views | macros
    finally:
        connection.close()


def test_temporary_install_on_a_read_only_database(tmp_path: Path) -> None:
    # a database written before the stats existed (the schema only), opened read-only:
    # persistent objects cannot be created there, temporary ones can
    path = tmp_path / "old.duckdb"
    with duckdb.connect(str(path)) as writer:
        writer.execute(SCHEMA.read_text(encoding="utf-8")).fetchall()
    connection = duckdb.connect(str(path), read_only=True)
    try:
        with pytest.raises(duckdb.Error):
            install_stats(connection)
        assert not stats_installed(connection)
        install_stats(connection, temporary=True)
        assert stats_installed(connection)
        assert connection.execute("SELECT * FROM player_stats()").fetchall() == []
        assert connection.execute("SELECT * FROM player_street_stats()").fetchall() == []
    finally:
        connection.close()


def test_views_an_older_version_made_are_read_as_this_versions(
    sample_database: Path, tmp_path: Path
) -> None:
    # a file whose views an older studdraw made (every name there, other definitions):
    # read-only, this version's views stand in for them on the connection
    path = tmp_path / "older.duckdb"
    shutil.copy(sample_database, path)
    with duckdb.connect(str(path)) as writer:
        writer.execute("CREATE OR REPLACE VIEW tournaments AS SELECT 1 AS old_column")
        writer.execute("COMMENT ON VIEW player_hands IS 'stats of an older studdraw'")
    with duckdb.connect(str(path), read_only=True) as connection:
        assert not stats_installed(connection)
    with Database(path, read_only=True) as database:
        columns = [c[0] for c in database.connection.execute("DESCRIBE tournaments").fetchall()]
    assert "unit" in columns and "old_column" not in columns

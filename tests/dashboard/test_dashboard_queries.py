"""The dashboard's set-based SQL against plain Python over the same rows: the results
graph, the sessions (found per stretch of the gap, not per hand), and the Opponents
page's two ways of finding the hero's hands."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from dashboard.hand_filters import Filters
from dashboard.queries import opponents, overview

pytestmark = pytest.mark.slow  # a database imported per case

HERO = Filters(heroes=("studdraw_hero",))


@pytest.fixture
def database(sample_database: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    return sample_database


@pytest.fixture
def timeline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """A database whose hero's hands (player_hand_facts rows) come with pauses of every
    length around 30 minutes, hands at the same second, and two hero names in one hand."""
    from dashboard import connection as dashboard_connection
    from pipeline.storage.database import Database

    path = tmp_path / "timeline.duckdb"
    Database(path).close()
    chance = random.Random(6)
    when = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
    rows = []
    for number in range(400):
        pause = chance.choice([0, 10, 60, 29 * 60, 30 * 60, 30 * 60 + 1, 31 * 60, 7200])
        when += timedelta(seconds=pause)
        net = Decimal(chance.randint(-300, 300)) / 100
        rows.append((f"{number:06d}", "hero", when, net))
        if number % 50 == 7:  # the other name at the same table, the same second
            rows.append((f"{number:06d}", "hero 2", when, -net))
    with duckdb.connect(str(path)) as connection:
        connection.executemany(
            "INSERT INTO player_hand_facts (site, hand_number, player, game, limit_kind, "
            "big_unit, money, currency, started_at, net, went_to_showdown) "
            "VALUES ('pokerstars', ?, ?, 'razz', 'fixed_limit', 0.20, 'real', 'USD', ?, ?, "
            "false)",
            rows,
        )
    monkeypatch.setenv("STUDDRAW_DB", str(path))
    monkeypatch.setattr(dashboard_connection, "bring_up_to_date", lambda _path: None)
    return sorted(rows, key=lambda r: (r[2], "pokerstars", r[0], r[1]))


def _once_a_hand(timeline: list[tuple]) -> list[tuple]:
    """A hand two of the hero's names played counts once (hero_player_hands' rule: with
    no hero marked and no seat, the first name)."""
    seen: set[str] = set()
    kept = []
    for hand in sorted(timeline, key=lambda h: (h[0], h[1])):
        if hand[0] not in seen:
            seen.add(hand[0])
            kept.append(hand)
    return sorted(kept, key=lambda r: (r[2], "pokerstars", r[0]))


@pytest.mark.parametrize("gap", [1, 30, 45])
def test_sessions_split_at_every_pause_longer_than_the_gap(timeline: list[tuple], gap: int) -> None:
    sessions: list[list[tuple]] = []
    for hand in _once_a_hand(timeline):
        if sessions and hand[2] - sessions[-1][-1][2] <= timedelta(minutes=gap):
            sessions[-1].append(hand)
        else:
            sessions.append([hand])
    assert len(sessions) > 20
    expected = [
        (len(s), sum((h[3] for h in s), Decimal(0)), s[0][2].replace(tzinfo=None))
        for s in reversed(sessions)
    ][:20]
    heroes = Filters(heroes=("hero", "hero 2"))
    got = overview.overview(heroes, gap_minutes=gap).sessions
    assert list(zip(got["hands"], got["net_won"], got["started"], strict=True)) == expected


def test_the_graph_accumulates_blocks_of_hands_in_time_order(timeline: list[tuple]) -> None:
    timeline = _once_a_hand(timeline)
    curve = overview.overview(Filters(heroes=("hero", "hero 2")), max_points=7).curve
    block = -(-len(timeline) // 7)  # at most 7 points: blocks of ceil(n / 7) hands
    ends = [*range(block, len(timeline), block), len(timeline)]
    assert list(curve["hand"]) == [0, *ends]
    assert list(curve["net_won"]) == [0, *(sum(h[3] for h in timeline[:end]) for end in ends)]


def test_opponents_are_the_same_found_either_way(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    filters = Filters(heroes=("studdraw_hero",), game="razz")
    assert opponents._heroes_own_their_hands(filters)  # the samples: one hero, his histories
    fast = (
        opponents.opponents(filters, 1),
        opponents.opponent_by_game(filters, "pokerstars", "Kestrel99"),
        opponents.hands_with(filters, "pokerstars", "Kestrel99"),
    )
    monkeypatch.setattr(opponents, "_heroes_own_their_hands", lambda _filters: False)
    joined = (
        opponents.opponents(filters, 1),
        opponents.opponent_by_game(filters, "pokerstars", "Kestrel99"),
        opponents.hands_with(filters, "pokerstars", "Kestrel99"),
    )
    assert fast[0].height > 3 and fast[2].height > 3
    for a, b in zip(fast, joined, strict=True):
        assert a.equals(b)


def test_a_hero_name_at_another_heros_table_takes_the_joined_way(database: Path) -> None:
    # Kestrel99 owns no history: counted as a hero too, the hands are found by joining,
    # and a hand both names played counts once (the hero's hands are hands, not names)
    both = Filters(heroes=("studdraw_hero", "Kestrel99"))
    assert not opponents._heroes_own_their_hands(both)
    table = opponents.opponents(both, 1)
    assert not {"studdraw_hero", "Kestrel99"} & set(table["player"])
    alone = opponents.opponents(HERO, 1)
    other = alone["player"][1]  # studdraw_hero is in every sample hand
    with duckdb.connect(str(database), read_only=True) as connection:
        (with_kestrel,) = connection.execute(
            "SELECT count(*) FROM hand_players AS o JOIN hand_players AS k "
            "USING (site, hand_number) WHERE o.player = ? AND k.player = 'Kestrel99'",
            [other],
        ).fetchall()[0]
    hands = dict(zip(table["player"], table["hands"], strict=True))
    assert with_kestrel > 0  # ... they were in hands of studdraw_hero's: counted once
    assert hands[other] == alone["hands"][1]


def test_an_opponents_rates_are_the_stat_sets_own(database: Path) -> None:
    """In the hero's own histories every opponent's hand is a hand with the hero: the
    Opponents page's rates (of one unit of money, as the page shows them) must then be
    exactly those `player_stats` gives the player in that unit."""
    table = opponents.opponents(Filters(heroes=HERO.heroes, unit="USD"), 1)
    assert table.height > 3
    compared = ("vpip", "first_round_raise", "went_to_showdown", "won_at_showdown")
    with duckdb.connect(str(database), read_only=True) as connection:
        for row in table.iter_rows(named=True):
            stats = connection.execute(
                "SELECT * FROM player_stats(player := $player, site := $site, unit := 'USD', "
                "by_game := false)",
                {"player": row["player"], "site": row["site"]},
            )
            columns = [column[0] for column in stats.description]
            expected = dict(zip(columns, stats.fetchone(), strict=True))
            assert row["hands"] == expected["hands"], row["player"]
            assert row["their_net"] == expected["net_won"], row["player"]
            for stat in compared:
                assert row[f"{stat}_pct"] == pytest.approx(expected[f"{stat}_pct"]), (
                    row["player"],
                    stat,
                )
            assert row["went_to_showdown_n"] == expected["went_to_showdown_n"]
            assert row["won_at_showdown_n"] == expected["won_at_showdown_n"]

"""All-in adjusted results for the hands stored before studdraw worked them out.

A database written by an older studdraw holds hands without them (`hands.ev_method` is
NULL). Working them out needs each hand's cards, which the database does not keep: the
hands an all-in may have decided (a player all in who never folded) are read again from
their files (`stored_hands`), replayed and adjusted; all the others get 'none' and their
net as `ev_net` in two statements, without reading anything. A hand whose file is gone
keeps its result ('kept', with why). Their stat facts are worked out again with them.
"""

from __future__ import annotations

from collections.abc import Iterator

import polars as pl

from parsers.model.events import Hand
from parsers.sites import conventions_of
from pipeline.engine.all_in import all_in_adjustment
from pipeline.engine.replay import replay
from pipeline.importing.stored_hands import StoredHand, Unreadable, read_stored
from pipeline.storage.database import Database, register
from pipeline.storage.frames import batch_frame
from pipeline.storage.rows import EvColumns, ev_columns, player_ev
from pipeline.storage.stats import FACT_SOURCES, FACTS_TABLE, add_facts, recount_days

HANDS_PER_TRANSACTION = 1_000

_MAY_BE_ADJUSTED = """
    EXISTS (
        SELECT 1 FROM hand_players AS p
        WHERE p.site = h.site AND p.hand_number = h.hand_number
            AND p.all_in_street IS NOT NULL AND p.fold_street IS NULL
    )"""


def hands_to_fill(database: Database) -> int:
    """Hands stored without their all-in adjustment."""
    return int(database.scalar("SELECT count(*) FROM hands WHERE ev_method IS NULL"))


def fill_all_in_results(database: Database) -> int:
    """Work out the all-in adjustment of every hand stored without it; returns how many
    hands were read again."""
    con = database.connection
    stored = [
        StoredHand(*row)
        for row in con.execute(
            "SELECT site, hand_number, source_file, byte_offset FROM hands AS h "
            f"WHERE ev_method IS NULL AND {_MAY_BE_ADJUSTED}"
        ).fetchall()
    ]
    con.begin()
    con.execute(
        "UPDATE hands AS h SET ev_method = 'none' "
        f"WHERE ev_method IS NULL AND NOT {_MAY_BE_ADJUSTED}"
    )
    con.execute("UPDATE hand_players SET ev_net = net WHERE ev_net IS NULL")
    con.commit()
    for start in range(0, len(stored), HANDS_PER_TRANSACTION):
        part = stored[start : start + HANDS_PER_TRANSACTION]
        _store(database, _rows(read_stored(part)))
    database.close()
    return len(stored)


PlayerEv = tuple[str, str, str, float | None, str]  # site, hand_number, player, equity, ev_net


def _rows(hands: Iterator[Hand | Unreadable]) -> Iterator[tuple[EvColumns, list[PlayerEv]]]:
    for hand in hands:
        if isinstance(hand, Unreadable):
            key = (hand.hand.site, hand.hand.hand_number)
            yield EvColumns(*key, "kept", None, None, None, f"not read again: {hand.reason}"), []
            continue
        result = replay(hand, conventions_of(hand.site))
        adjustment = all_in_adjustment(result)
        key = (hand.site, hand.hand_number)
        players: list[PlayerEv] = []
        for player in result.players:
            equity, ev_net = player_ev(adjustment, player)
            players.append((*key, player.name, equity, str(ev_net)))
        yield ev_columns(key, adjustment), players


def _store(database: Database, rows: Iterator[tuple[EvColumns, list[PlayerEv]]]) -> None:
    hands: list[EvColumns] = []
    players: list[PlayerEv] = []
    for hand_row, player_rows in rows:
        hands.append(hand_row)
        players.extend(player_rows)
    con = database.connection
    con.begin()
    register(con, "ev_hands", batch_frame(EvColumns._fields, hands))
    con.execute(
        "UPDATE hands AS h SET ev_method = e.ev_method, ev_street = e.ev_street, "
        "ev_runouts = e.ev_runouts, ev_standard_error = e.ev_standard_error, "
        "ev_note = e.ev_note FROM ev_hands AS e "
        "WHERE h.site = e.site AND h.hand_number = e.hand_number"
    )
    if players:
        frame = pl.DataFrame(
            players,
            schema={
                "site": pl.String,
                "hand_number": pl.String,
                "player": pl.String,
                "all_in_equity": pl.Float64,
                "ev_net": pl.String,
            },
            orient="row",
        ).with_columns(pl.col("ev_net").cast(pl.Decimal(18, 4)))
        register(con, "ev_players", frame)
        con.execute(
            "UPDATE hand_players AS p SET all_in_equity = e.all_in_equity, ev_net = e.ev_net "
            "FROM ev_players AS e WHERE p.site = e.site AND p.hand_number = e.hand_number "
            "AND p.player = e.player"
        )
    # Their facts again, from the rows just written.
    keys = "SELECT site, hand_number FROM ev_hands"
    con.execute(f"DELETE FROM {FACTS_TABLE} WHERE (site, hand_number) IN ({keys})")
    add_facts(
        con,
        {
            table: f"SELECT * FROM {table} WHERE (site, hand_number) IN ({keys})"
            for table in FACT_SOURCES
        },
    )
    recount_days(con, f"SELECT site, started_at FROM hands WHERE (site, hand_number) IN ({keys})")
    con.commit()
    con.unregister("ev_hands")

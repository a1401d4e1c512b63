"""The starting hand of each player-hand whose starting cards are known, for the facts
table (player_hand_facts' start_* columns and door_seen): named in Python by
`starting_hands`, the one definition of the categories, never again in SQL.

`add_facts` (stats.py) calls `stage_starting_hands` with the batch's rows before it
inserts the facts: one query reads the rows whose cards are known (the hero's, and any
player's whose down cards the site printed), Python names each start, and the names go
back to DuckDB as the temporary table `STARTS_TABLE`, which the insert joins. Names are
cached by their cards: a batch of 5,000 hands costs a few milliseconds.

A start is NULL where its cards are not all known ("??", or fewer cards than dealt):
never an error.

Each row also gets `start_order` (where its category comes in a report: stud's rolled up
first, razz's best low first, draw's pat first) and `detail_order` (where its detail
comes within the category: pairs high to low, lows best first), so that SQL can sort the
report without knowing the names.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final

import duckdb

from parsers.model.games import GAME_RULES, Game
from pipeline.engine.hand_ranks import HIGH_RANK, LOW_RANK
from pipeline.storage.starting_hands import (
    NO_DRAW,
    StartingHand,
    door_cards_seen,
    draw_start,
    no_draw_start,
    stud_start,
)

STARTS_TABLE = "batch_starting_hands"
"""The temporary table of a batch's named starts, joined by the facts' insert."""

START_COLUMN_TYPES: Final = {
    "start_category": "VARCHAR",
    "start_detail": "VARCHAR",
    "start_order": "INTEGER",
    "detail_order": "INTEGER",
    "door_seen": "INTEGER",
}
"""The facts table's columns this module fills, with their types (facts_table.sql)."""
START_COLUMNS: Final = tuple(START_COLUMN_TYPES)

STUD_ORDER: Final = (
    "rolled up",
    "split pair",
    "buried pair",
    "three to a low",
    "three to a flush",
    "three to a straight",
    "high card",
)
DRAW_ORDER: Final = ("pat", "draws one", "draws two", "draws three or more", NO_DRAW)
_RAZZ: Final = frozenset({Game.RAZZ, Game.RAZZ_27})

# The rows to name: known down cards, with the game, the door card, every up card dealt
# first at the table (to count the door card's rank among the others'), and the first draw.
_ROWS_SQL = """
SELECT hp.site, hp.hand_number, hp.player, h.game, hp.cards_down, hp.cards_up,
       doors.first_up, d.discard_count, d.kept
FROM hand_players AS hp
JOIN hands AS h ON h.site = hp.site AND h.hand_number = hp.hand_number
LEFT JOIN (
    SELECT site, hand_number, list(split_part(cards_up, ' ', 1)) AS first_up
    FROM hand_players WHERE cards_up IS NOT NULL GROUP BY site, hand_number
) AS doors ON doors.site = hp.site AND doors.hand_number = hp.hand_number
LEFT JOIN draws AS d
    ON d.site = hp.site AND d.hand_number = hp.hand_number AND d.player = hp.player
    AND d.draw_number = 1
WHERE hp.cards_down IS NOT NULL
"""


def stage_starting_hands(
    connection: duckdb.DuckDBPyConnection, ctes: str, sources: Mapping[str, str]
) -> None:
    """Name the starts of the rows `sources` stand for (`ctes`: the WITH clause that makes
    them the tables' names) into STARTS_TABLE, a frame the connection reads as a view
    (one scan, by the facts' insert: no copy of it is written)."""
    import polars as pl  # the loader's frames are Polars already

    query = _ROWS_SQL if not sources else f"{ctes}\n{_ROWS_SQL}"
    rows = connection.execute(query).fetchall()
    named_rows = []
    for site, hand_number, player, game, down, up, first_up, drawn, kept in rows:
        named = starting_hand_row(game, down, up, first_up or (), drawn, kept)
        if named is not None:
            named_rows.append((site, hand_number, player, *named))
    types = {"site": "VARCHAR", "hand_number": "VARCHAR", "player": "VARCHAR"}
    schema = {
        name: pl.Int32 if kind == "INTEGER" else pl.String
        for name, kind in (types | START_COLUMN_TYPES).items()
    }
    frame = pl.DataFrame(named_rows, schema=schema, orient="row")
    connection.register(STARTS_TABLE, _ArrowStream(frame))


def unstage_starting_hands(connection: duckdb.DuckDBPyConnection) -> None:
    """Let go of the frame `stage_starting_hands` registered."""
    connection.unregister(STARTS_TABLE)


class _ArrowStream:
    """A frame as DuckDB reads it through the Arrow C stream interface (no pyarrow)."""

    def __init__(self, frame: object) -> None:
        self.frame = frame

    def __arrow_c_stream__(self, requested_schema: object | None = None) -> object:
        return self.frame.__arrow_c_stream__(requested_schema)  # type: ignore[attr-defined]


StartRow = tuple[str, str, int, int, int | None]
"""category, detail, its order, the detail's order, the door card's rank seen elsewhere."""


def starting_hand_row(
    game_id: str,
    cards_down: str | None,
    cards_up: str | None,
    first_up: Sequence[str],
    drawn: int | None,
    kept: str | None,
) -> StartRow | None:
    """One player-hand's start from its stored columns, or None where the cards are not
    all known. `first_up`: every player's first up card (his own among them)."""
    try:
        game = Game(game_id)
    except ValueError:
        return None  # a game this version does not know
    if not cards_down:
        return None
    if not game.is_stud:
        if kept is None and "?" in cards_down:
            return None  # neither the cards dealt nor the cards kept are known
        return _draw_row(game, drawn, kept)
    down_dealt = GAME_RULES[game].deals[0].down
    down = tuple(cards_down.split(" ")[:down_dealt])  # a later unknown card does not matter
    door = (cards_up or "").split(" ")[0]
    if len(down) < down_dealt or not door:
        return None
    try:
        start, order, detail_order = _stud_named(game, down, door)
        others = list(first_up)
        others.remove(door)  # his own door card (each card is dealt once)
        seen = door_cards_seen(door, [card for card in others if card and "?" not in card])
    except ValueError:
        return None
    return start.category, start.detail, order, detail_order, seen


def _draw_row(game: Game, drawn: int | None, kept: str | None) -> StartRow | None:
    try:
        start, detail_order = _draw_named(game, drawn, kept)
    except ValueError:
        return None
    return start.category, start.detail, DRAW_ORDER.index(start.category), detail_order, None


@functools.lru_cache(maxsize=1 << 16)
def _stud_named(game: Game, down: tuple[str, ...], door: str) -> tuple[StartingHand, int, int]:
    """The start, its category's order and its detail's order (cached: 22,100 three-card
    starts a game)."""
    start = stud_start(game, down, door)
    cards = (*down, door)
    if game in _RAZZ:
        return start, *_razz_orders(game, cards)
    counts = Counter(card[0] for card in cards)
    rank, most = counts.most_common(1)[0]
    if most >= 2:  # pairs and trips high to low
        return start, STUD_ORDER.index(start.category), -HIGH_RANK[rank]
    if start.category == "three to a low":  # the best low first: 6-low before 8-low
        lows = sorted((LOW_RANK[card[0]] for card in cards), reverse=True)
        return start, STUD_ORDER.index(start.category), lows[0] * 2 - (lows[-1] == 1)
    return start, STUD_ORDER.index(start.category), -max(HIGH_RANK[c[0]] for c in cards)


def _razz_orders(game: Game, cards: Sequence[str]) -> tuple[int, int]:
    """Razz's categories by the low's top card, best first, the pairs after the unpaired
    lows of the same top; its details by the whole low (7-3-A before 7-5-4)."""
    table = HIGH_RANK if game is Game.RAZZ_27 else LOW_RANK
    ranks = sorted((table[card[0]] for card in cards), reverse=True)
    pairing = 3 - len(set(ranks))  # 0 unpaired, 1 a pair, 2 trips
    detail = ranks[0] * 225 + ranks[1] * 15 + ranks[2]
    return ranks[0] * 3 + pairing, detail


@functools.lru_cache(maxsize=1 << 16)
def _draw_named(game: Game, drawn: int | None, kept: str | None) -> tuple[StartingHand, int]:
    """The draw start and its detail's order (the kept cards' low, best first, in the
    low games; 0 elsewhere, where the report orders details by how often they come)."""
    if drawn is None:
        return no_draw_start(game), 0
    cards = tuple(kept.split(" ")) if kept else ()
    start = draw_start(game, drawn, cards if kept is not None else None)
    if game in (Game.BADUGI, Game.FIVE_DRAW) or not cards:
        return start, 0
    table = LOW_RANK if game.value.endswith("a5") or game is Game.BADACEY else HIGH_RANK
    ranks = sorted((table[card[0]] for card in cards), reverse=True)
    order = 0
    for rank in ranks[:5]:
        order = order * 15 + rank
    return start, order

"""Table rows as Polars frames, typed by what each column holds (`column_kinds.COLUMN_KINDS`):
the loader's side of a batch.

A worker's batches arrive as Arrow IPC streams (`arrow_rows`), some columns sent as what
arro3 can build (`spooled_frame` turns them back); rows the loader builds itself (the
all-in results of hands an older studdraw stored) become a frame here (`batch_frame`).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from pathlib import Path
from typing import Final

import polars as pl

from pipeline.storage.column_kinds import ColumnKind, column_kind

MONEY: Final = pl.Decimal(18, 4)
NAMES: Final = pl.List(pl.String)
UTC_TIME: Final = pl.Datetime("us", "UTC")

POLARS_TYPES: Final[dict[ColumnKind, pl.DataType]] = {
    ColumnKind.TEXT: pl.String(),
    ColumnKind.FLAG: pl.Boolean(),
    ColumnKind.INT32: pl.Int32(),
    ColumnKind.INT64: pl.Int64(),
    ColumnKind.FLOAT: pl.Float64(),
    ColumnKind.MONEY: MONEY,
    ColumnKind.NAMES: NAMES,
    ColumnKind.UTC_TIME: UTC_TIME,
}


def spooled_frame(path: Path) -> pl.DataFrame:
    """A batch's table as a worker spooled it (`arrow_rows`), each column of its kind's
    type. A `Path`, not text: Polars asks fsspec (and asyncio, ssl: 25 ms) what text
    names."""
    frame = pl.read_ipc_stream(path)
    return pl.DataFrame([_finished(column) for column in frame.get_columns()])


def _finished(column: pl.Series) -> pl.Series:
    """A column as its kind is typed, from what arro3 could build."""
    kind = column_kind(column.name)
    if kind is ColumnKind.MONEY:
        return column.cast(MONEY)  # exact, from the decimal text
    if kind is ColumnKind.UTC_TIME:
        return column.cast(UTC_TIME)  # from microseconds since 1970
    if kind is ColumnKind.NAMES:
        return column.str.json_decode(NAMES)
    return column


def batch_frame(columns: Sequence[str], rows: Sequence[tuple[object, ...]]) -> pl.DataFrame:
    """Rows as a frame, `columns` naming their fields, built column by column."""
    return pl.DataFrame(
        [_series(name, list(map(itemgetter(index), rows))) for index, name in enumerate(columns)]
    )


def _series(name: str, values: list[object]) -> pl.Series:
    kind = column_kind(name)
    if kind is ColumnKind.MONEY:  # exact either way; from text it is three times faster
        text = [None if value is None else str(value) for value in values]
        return pl.Series(name, text, dtype=pl.String).cast(MONEY)
    return pl.Series(name, values, dtype=POLARS_TYPES[kind], strict=False)

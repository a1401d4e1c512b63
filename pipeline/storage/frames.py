"""Table rows as Polars frames, typed by what each column holds (`rows.COLUMN_KINDS`):
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

from pipeline.storage.rows import ColumnKind, column_kind

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

FINISHING: Final = {
    ColumnKind.MONEY: lambda column: column.cast(MONEY),  # exact, from the decimal text
    ColumnKind.NAMES: lambda column: column.str.json_decode(NAMES),
    ColumnKind.UTC_TIME: lambda column: column.cast(UTC_TIME),  # from microseconds
}
"""How the loader turns back a column a worker sent as something else (`arrow_rows`)."""


def spooled_frame(path: Path) -> pl.DataFrame:
    """A batch's table as a worker spooled it, each column of its kind's type. A `Path`,
    not text: Polars asks fsspec (and asyncio, ssl: 25 ms) what text names."""
    frame = pl.read_ipc_stream(path)
    finished = [
        finish(pl.col(name))
        for name in frame.columns
        if (finish := FINISHING.get(column_kind(name))) is not None
    ]
    return frame.with_columns(finished) if finished else frame


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

"""The rows a worker builds for the loader: plain tuples in their row type's order, each
column of its kind; the Arrow streams a worker spools them as, and the frames the loader
reads."""

from __future__ import annotations

import ast
import subprocess
import sys
import tempfile
import types
import typing
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path

import polars as pl
from hypothesis import given
from hypothesis import strategies as st

from parsers.model.events import Game
from parsers.sites import conventions_of
from pipeline.engine.all_in import all_in_adjustment
from pipeline.engine.replay import replay
from pipeline.storage import column_kinds, frames, rows
from pipeline.storage.arrow_rows import write_rows
from tests.conftest import REAL_HISTORIES, REPO
from tests.support.generated_corpus import round_trip
from tests.support.real_sites import hands, history_files

ROWS_SOURCE = Path(rows.__file__).with_name("rows.py")  # beside the compiled module


def _declared_fields(row_type: type) -> dict[str, object]:
    """A row type's fields and their annotations, read from its source: compiled, the
    class keeps `type` for any union."""
    tree = ast.parse(ROWS_SOURCE.read_text(encoding="utf-8"))
    (body,) = [
        c.body for c in tree.body if isinstance(c, ast.ClassDef) and c.name == row_type.__name__
    ]
    names = {"Decimal": Decimal, "datetime": datetime}
    return {
        s.target.id: eval(ast.unparse(s.annotation), names)  # our own source
        for s in body
        if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
    }


@cache
def _batch_of_real_and_generated_hands() -> rows.Batch:
    """Rows of every real site's hands, and of generated draw and stud games (draws,
    stood pat, the stud board card, split pots)."""
    batch = rows.Batch()
    real = [hand for path in history_files(REAL_HISTORIES) for hand in hands(path)]
    generated = [
        trip.parsed
        for game in (Game.TRIPLE_DRAW_27, Game.SEVEN_STUD_HILO)
        for trip in round_trip(game)
    ]
    for hand in [*real, *generated]:
        result = replay(hand, conventions_of(hand.site))
        if not result.errors:
            chunk = rows.HandText(hand.site, (), 1, 0, 0)
            rows.add_hand(batch, chunk, hand, result, all_in_adjustment(result))
    return batch


def _allowed(hint: object) -> tuple[type, ...]:
    """The classes a value of a row field's annotation may be."""
    if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union:
        return tuple(c for arg in typing.get_args(hint) for c in _allowed(arg))
    if hint is None or hint is type(None):
        return (type(None),)
    origin = typing.get_origin(hint)
    return (origin,) if origin is not None else (hint,)  # type: ignore[return-value]


def test_every_row_holds_its_row_types_fields_in_order() -> None:
    # Rows built by position: a value out of place shows as a value of the wrong type
    batch = _batch_of_real_and_generated_hands()
    tables = batch.tables()
    assert {"hands", "hand_players", "actions", "draws", "pots"} <= set(tables)
    for table, table_rows in tables.items():
        fields = _declared_fields(rows.ROW_TYPES[table])
        assert list(fields) == list(rows.ROW_TYPES[table]._fields)  # type: ignore[attr-defined]
        allowed = [_allowed(hint) for hint in fields.values()]
        for row in table_rows:
            assert len(row) == len(allowed), (table, row)
            for name, value, classes in zip(fields, row, allowed, strict=True):
                assert isinstance(value, classes), (table, name, value)


_KINDS_OF_CLASSES = {
    str: column_kinds.ColumnKind.TEXT,
    bool: column_kinds.ColumnKind.FLAG,
    float: column_kinds.ColumnKind.FLOAT,
    Decimal: column_kinds.ColumnKind.MONEY,
    datetime: column_kinds.ColumnKind.UTC_TIME,
    list: column_kinds.ColumnKind.NAMES,
}


def test_every_column_has_the_kind_of_its_row_types_annotation() -> None:
    # a column left out of COLUMN_KINDS goes as text: a flag would be stored as 'True'
    for row_type in [*rows.ROW_TYPES.values(), rows.EvColumns]:
        for name, hint in _declared_fields(row_type).items():
            (value_class,) = set(_allowed(hint)) - {type(None)}
            kind = column_kinds.column_kind(name)
            if value_class is int:
                assert kind in (column_kinds.ColumnKind.INT32, column_kinds.ColumnKind.INT64), name
            else:
                assert kind is _KINDS_OF_CLASSES[value_class], name


def _spooled(columns: typing.Sequence[str], table_rows: list[tuple[object, ...]]) -> pl.DataFrame:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.arrows"
        write_rows(path, columns, table_rows)
        return frames.spooled_frame(path)


def test_a_frame_holds_the_rows_values_by_column() -> None:
    batch = _batch_of_real_and_generated_hands()
    columns = rows.ActionRow._fields
    frame = frames.batch_frame(columns, batch.actions)
    assert frame.columns == list(columns)
    assert frame.height == len(batch.actions)
    assert frame.row(7) == tuple(batch.actions[7])  # money exact, names and numbers as built
    assert frame.schema["amount"] == frames.MONEY


def test_a_workers_spooled_rows_read_back_as_the_loaders_frame_of_them() -> None:
    # every table of every real site's hands: money exact, times, name lists, flags, nulls
    tables = _batch_of_real_and_generated_hands().tables()
    assert {"hands", "hand_players", "actions", "draws", "pots", "findings"} <= set(tables)
    for table, table_rows in tables.items():
        columns = rows.ROW_TYPES[table]._fields  # type: ignore[attr-defined]
        spooled = _spooled(columns, table_rows)
        assert spooled.equals(frames.batch_frame(columns, table_rows)), table
        assert spooled.schema == {
            name: frames.POLARS_TYPES[column_kinds.column_kind(name)] for name in columns
        }
        assert spooled.rows() == [tuple(row) for row in table_rows], table


_NAMES = st.lists(
    st.lists(st.text(alphabet=st.sampled_from("ab ,\x1f\u00e9[]'\"\\"), min_size=1), max_size=4),
    min_size=1,
    max_size=20,
)


@given(_NAMES)
def test_name_lists_come_back_whole_from_a_workers_spool(names: list[list[str]]) -> None:
    # any character in a name: empty lists, brackets, quotes, separators
    frame = _spooled(("eligible",), [(group,) for group in names])
    assert frame["eligible"].equals(pl.Series("eligible", names, dtype=frames.NAMES))
    assert frame["eligible"].to_list() == names


def test_a_worker_never_loads_polars() -> None:
    """Polars costs a process 0.09 s of CPU to load: a worker reads a file into spooled
    batches without it."""
    script = (
        "import sys, tempfile\n"
        "from pipeline.sources.history_sources import sources\n"
        "from pipeline.importing.importer import BATCH_HANDS, FileWork, read_work\n"
        f"source = next(sources([{str(REPO / 'sample_histories')!r}]))\n"
        "with tempfile.TemporaryDirectory() as spool:\n"
        "    outcome = read_work(FileWork(source, None, BATCH_HANDS, spool))\n"
        "assert outcome.batches, outcome\n"
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'polars'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"

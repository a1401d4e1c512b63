"""Importing into DuckDB: counts equal the parser's, a second import adds nothing, a
growing file adds exactly its new complete hands, bad hands are kept with reasons."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys
import zipfile
from collections import Counter
from datetime import datetime
from pathlib import Path

import duckdb
import polars as pl
import pytest

from parsers.model.amounts import parse_amount
from parsers.model.events import Hand
from parsers.model.outcomes import SkippedHand
from parsers.text.history_file import history_files, parse_file
from pipeline.importing import importer, pending_batches
from pipeline.importing.importer import import_histories
from pipeline.sources.file_pieces import MIN_PIECE_BYTES, PIECE_BYTES, PieceSizes, piece_sizes_for
from pipeline.sources.history_sources import Refused, Source, sources
from pipeline.storage import database as database_module
from pipeline.storage import rows
from pipeline.storage.database import Database, DatabaseWriteFailed, Stored, default_database
from pipeline.storage.rows import TABLES
from tests.conftest import REAL_HISTORIES, REPO
from tests.sites import test_pokerstars_real

SAMPLES = REPO / "sample_histories"
ALL_TABLES = (*TABLES, "import_files")


def row_counts(database: Database) -> dict[str, int]:
    return {table: database.scalar(f"SELECT count(*) FROM {table}") for table in ALL_TABLES}


def parser_counts(paths: list[Path]) -> tuple[int, int]:
    hands = skipped = 0
    for path in history_files(paths):
        for _chunk, outcome in parse_file(path):
            hands += isinstance(outcome, Hand)
            skipped += isinstance(outcome, SkippedHand)
    return hands, skipped


def _pokerstars_hands() -> set[str]:
    """The real PokerStars stud/draw hands, by number (one is in two files)."""
    return {
        outcome.hand_number
        for path in history_files([REAL_HISTORIES / "PokerStars"])
        for _chunk, outcome in parse_file(path)
        if isinstance(outcome, Hand)
    }


@pytest.mark.slow
def test_import_counts_equal_the_parsers_and_a_second_import_adds_nothing(tmp_path: Path) -> None:
    paths = [REAL_HISTORIES / "PokerStars", SAMPLES]
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories(paths, database)
        hands, skipped = parser_counts(paths)
        # The Cardtest file repeats a hand of another file (#35874676388): stored once.
        assert summary.duplicates == 1
        assert summary.hands_imported == hands - 1 == len(_pokerstars_hands()) + 1800
        assert summary.flop_games_skipped == skipped == 66
        assert summary.cancelled == 1
        assert summary.rejected == Counter(
            kind.value
            for faults in test_pokerstars_real.FAULTS.values()
            for kind in faults.values()
        )
        first = row_counts(database)
        assert first["hands"] == hands - 1
        assert first["rejects"] == summary.rejected.total()
        assert first["hand_players"] > 5 * hands

        again = import_histories(paths, database)
        assert again.hands_imported == 0
        assert again.files_unchanged == again.files
        assert row_counts(database) == first

        # the same hands under other file names: all duplicates, nothing added
        copy = tmp_path / "copy"
        copy.mkdir()
        for path in history_files([SAMPLES]):
            (copy / path.name).write_bytes(path.read_bytes())
        copied = import_histories([copy], database)
        assert copied.hands_imported == 0
        assert copied.duplicates == 1800
        assert row_counts(database)["hands"] == first["hands"]


@pytest.mark.slow
def test_money_in_the_database_is_exact_and_conserved(tmp_path: Path) -> None:
    with Database(tmp_path / "db.duckdb") as database:
        import_histories([REAL_HISTORIES / "PokerStars"], database)
        unbalanced = database.connection.execute(
            """
            SELECT h.site, h.hand_number, sum(p.net) + any_value(h.rake) AS balance
            FROM hands h JOIN hand_players p USING (site, hand_number)
            GROUP BY ALL HAVING balance <> 0
            """
        ).fetchall()
        assert unbalanced == []
        total = database.scalar("SELECT sum(rake) FROM hands")
        assert str(total).endswith("00")  # DECIMAL: cents, never a float's 0.30000000004


# "Seat 2: vatt110 (big blind) mucked [4h Ks 3s Jc 7h]": the summary reveals the cards.
SUMMARY_MUCK = re.compile(
    r"^Seat \d+: (?P<player>.+?)(?: \((?:button|small blind|big blind|bring-in)\))*"
    r" mucked \[(?P<cards>[^\]]+)\]",
    re.MULTILINE,
)


@pytest.mark.slow
def test_cards_the_summary_reveals_are_stored_with_the_player_who_mucked(
    tmp_path: Path,
) -> None:
    sites = ("PokerStars", "FullTilt", "Winamax", "Winning")
    expected = set()
    for path in history_files([REAL_HISTORIES / site for site in sites]):
        for chunk, outcome in parse_file(path):
            if isinstance(outcome, Hand):
                for muck in SUMMARY_MUCK.finditer(chunk.text):
                    key = (outcome.header.hand_number, muck["player"], muck["cards"])
                    expected.add(key)
    with Database(tmp_path / "db.duckdb") as database:
        import_histories([REAL_HISTORIES / site for site in sites], database)
        stored = database.connection.execute(
            "SELECT hand_number, player, cards_mucked FROM hand_players "
            "WHERE cards_mucked IS NOT NULL"
        ).fetchall()
        shown_and_mucked = database.scalar(
            "SELECT count(*) FROM hand_players WHERE cards_mucked IS NOT NULL "
            "AND cards_shown IS NOT NULL"
        )
    assert len(expected) >= 10  # draw games reveal what was mucked at showdown
    assert set(stored) == expected and len(stored) == len(expected)
    assert shown_and_mucked == 0


def test_the_stud_board_card_is_stored_with_its_hand(sample_database: Path) -> None:
    # "Board [4d]": seven-card stud with eight players can run out of cards on 7th street.
    expected = set()
    for _path in history_files([SAMPLES]):
        for chunk, outcome in parse_file(_path):
            board = re.search(r"^Board \[([^\]]+)\]", chunk.text, re.MULTILINE)
            if isinstance(outcome, Hand) and board:
                expected.add((outcome.header.hand_number, board[1]))
    with Database(sample_database, read_only=True) as database:
        stored = database.connection.execute(
            "SELECT hand_number, board FROM hands WHERE board IS NOT NULL"
        ).fetchall()
    assert expected and sorted(stored) == sorted(expected)


def test_a_database_older_than_a_column_gets_it_on_the_next_import(
    sample_database: Path, tmp_path: Path
) -> None:
    older = tmp_path / "older.duckdb"
    shutil.copy(sample_database, older)
    with duckdb.connect(str(older)) as connection:  # as the first release wrote it
        connection.execute("ALTER TABLE hands DROP COLUMN board")
        connection.execute("ALTER TABLE hand_players DROP COLUMN cards_mucked")
    with Database(older) as database:
        summary = import_histories([SAMPLES], database)
        boards = database.scalar("SELECT count(board) FROM hands")
        hands = database.scalar("SELECT count(*) FROM hands")
    assert summary.hands_imported == 0 and hands == 1800
    assert boards == 0  # stored before the column: NULL, and not imported twice


def _hand_texts(path: Path) -> list[str]:
    return [chunk.text for chunk, outcome in parse_file(path) if isinstance(outcome, Hand)]


def test_a_growing_file_adds_exactly_its_new_complete_hands(tmp_path: Path) -> None:
    source = next(iter(history_files([SAMPLES])))
    texts = _hand_texts(source)[:30]
    history = tmp_path / "HH growing.txt"
    history.write_text("\n\n\n".join(texts[:10]) + "\n\n\n", encoding="utf-8")
    with Database(tmp_path / "db.duckdb") as database:
        assert import_histories([history], database).hands_imported == 10

        # the client appends ten hands and is half-way through writing the next one
        half = texts[20][: len(texts[20]) // 2]
        with history.open("a", encoding="utf-8") as out:
            out.write("\n\n\n".join(texts[10:20]) + "\n\n\n" + half)
        second = import_histories([history], database)
        assert second.hands_imported == 10
        assert second.left_for_next_run == 1
        assert second.rejected == {}
        assert second.duplicates == 0  # read from where the last import stopped

        with history.open("a", encoding="utf-8") as out:
            out.write(texts[20][len(half) :] + "\n\n\n")
        third = import_histories([history], database)
        assert (third.hands_imported, third.duplicates, third.left_for_next_run) == (1, 0, 0)
        numbers = database.connection.execute(
            "SELECT hand_number FROM hands ORDER BY byte_offset"
        ).fetchall()
        assert [n for (n,) in numbers] == [
            text.split("#", 1)[1].split(":", 1)[0] for text in texts[:21]
        ]


def test_a_batch_the_database_cannot_take_is_told_by_its_own_error_and_stored_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DuckDB out of memory while it works out the batch's facts: the import stops naming
    that, not the refusals that follow an aborted transaction, and keeps no part of it."""
    source = next(iter(history_files([SAMPLES])))
    history = tmp_path / "HH ten.txt"
    history.write_text("\n\n\n".join(_hand_texts(source)[:10]) + "\n\n\n", encoding="utf-8")

    def out_of_memory(connection: duckdb.DuckDBPyConnection, _sources: object) -> None:
        # Raised by DuckDB itself, so that the transaction is aborted as it would be.
        connection.execute("SELECT error('Out of Memory Error: failed to allocate 2.0 MiB')")

    monkeypatch.setattr(database_module, "add_facts", out_of_memory)
    with Database(tmp_path / "db.duckdb") as database:
        with pytest.raises(DatabaseWriteFailed) as failed:
            import_histories([history], database)
        assert "Out of Memory Error: failed to allocate 2.0 MiB)" in str(failed.value)
        assert "disk" not in str(failed.value)  # a full disk is another failure's advice
        assert row_counts(database) == dict.fromkeys(ALL_TABLES, 0)

        monkeypatch.undo()
        assert import_histories([history], database).hands_imported == 10  # goes on


@pytest.mark.parametrize(
    ("printed", "accepted"),
    [
        ("$999,999,999,999.99", True),
        ("$1,000,000,000,000", False),
        ("$2.0001", True),
        ("$2.00001", False),
    ],
)
def test_an_amount_the_database_cannot_hold_rejects_its_hand(
    tmp_path: Path, printed: str, accepted: bool
) -> None:
    # DECIMAL(18, 4): a stack of a quadrillion, or a fifth decimal, is refused, not rounded
    texts = _hand_texts(REAL_HISTORIES / "PokerStars/cash/Stud/7-Stud-USD-0.04-0.08-200911.txt")
    seat = re.search(r"^Seat \d+: .+ \((\$[\d.]+) in chips\)$", texts[1], re.MULTILINE)
    assert seat
    changed = texts[1].replace(seat[0], seat[0].replace(seat[1], printed))
    history = tmp_path / "amounts.txt"
    history.write_text("\n\n\n".join([texts[0], changed, texts[2]]) + "\n\n\n")
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories([history], database)
        rejects = database.connection.execute("SELECT kind, reason, line FROM rejects").fetchall()
        stacks = database.connection.execute("SELECT stack FROM hand_players").fetchall()
    if accepted:  # stored exactly as printed
        assert summary.hands_imported == 3 and rejects == []
        assert (parse_amount(printed),) in stacks
        return
    assert summary.hands_imported == 2
    ((kind, reason, line),) = rejects
    assert kind == "syntax" and printed in reason and "beyond what studdraw stores" in reason
    assert line == 1 + texts[0].count("\n") + 3 + changed.splitlines().index(
        seat[0].replace(seat[1], printed)
    )


def test_bad_hands_are_kept_whole_with_their_reason(tmp_path: Path) -> None:
    texts = _hand_texts(REAL_HISTORIES / "PokerStars/cash/Stud/7-Stud-USD-0.04-0.08-200911.txt")
    broken = texts[1].replace("calls $0.02", "calls lots", 1)
    unbalanced = (
        texts[2]
        .replace("Total pot", "Total pot $9", 1)
        .replace("Total pot $9 $", "Total pot $9", 1)
    )
    history = tmp_path / "bad.txt"
    history.write_text("\n\n\n".join([texts[0], broken, unbalanced, "garbage line"]) + "\n\n\n")
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories([history], database)
        assert summary.hands_imported == 1
        assert summary.rejected == {"syntax": 1, "engine: total_pot": 1, "not_a_hand": 1}
        rows = database.connection.execute(
            "SELECT kind, raw_text, line FROM rejects ORDER BY byte_offset"
        ).fetchall()
        assert [kind for kind, _raw, _line in rows] == ["syntax", "engine", "not_a_hand"]
        assert rows[0][1] == broken and rows[1][1] == unbalanced
        assert rows[0][2] > 1
        history.touch()  # a changed time: read again; the rejects are not stored twice
        import_histories([history], database)
        assert row_counts(database)["rejects"] == 3


@pytest.mark.slow
def test_zip_archives_are_read(tmp_path: Path) -> None:
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in history_files([SAMPLES]):
            out.write(path, f"histories/{path.name}")
    with Database(tmp_path / "db.duckdb") as database:
        assert import_histories([archive], database).hands_imported == 1800
        assert import_histories([archive], database).files_unchanged == 9


def test_the_database_location_follows_studdraw_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDDRAW_DB", str(tmp_path / "mine.duckdb"))
    assert default_database() == tmp_path / "mine.duckdb"
    monkeypatch.delenv("STUDDRAW_DB")
    assert default_database().name == "studdraw.duckdb"


def test_tables_are_written_in_row_groups_of_row_group_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each batch's checkpoint writes every table's last row group again: they are kept
    small. A quote in the file's name is no trouble to the ATTACH that chooses it."""
    monkeypatch.setattr(database_module, "ROW_GROUP_ROWS", 8_192)  # the samples fill some
    with Database(tmp_path / "o'brien.duckdb") as database:
        assert import_histories([SAMPLES], database).hands_imported == 1800
        groups = database.connection.sql(
            "SELECT sum(count) FROM pragma_storage_info('actions') "
            "WHERE column_path = '[0]' GROUP BY row_group_id"
        ).fetchall()
    assert max(rows for (rows,) in groups) == 8_192
    assert len(groups) > 2


def test_a_batch_is_stored_without_pyarrow_or_fsspec(tmp_path: Path) -> None:
    """DuckDB reads the batch's frames through the Arrow C stream interface: a Polars
    frame registered as such would load pyarrow (0.15 s of CPU) and convert each column.
    The spooled batches are read by Path: Polars asks fsspec what a text path names
    (fsspec, asyncio and ssl loaded: 25 ms)."""
    histories = min(SAMPLES.rglob("*Razz*.txt"))
    code = (
        "import sys\n"
        "from pipeline.importing.importer import import_histories\n"
        "from pipeline.storage.database import Database\n"
        f"with Database({str(tmp_path / 'db.duckdb')!r}) as database:\n"
        f"    assert import_histories([{str(histories)!r}], database).hands_imported > 0\n"
        "print(sorted({'pyarrow', 'fsspec'} & set(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"


def test_a_writer_and_a_reader_in_one_process_wait_for_each_other(tmp_path: Path) -> None:
    """The dashboard imports in its own process while its pages read: whichever comes
    second waits for the file (`DatabaseBusy` once the wait is over), and never fails."""
    path = tmp_path / "db.duckdb"
    writer = Database(path)
    assert writer.scalar("SELECT count(*) FROM hands") == 0  # in use: held
    with pytest.raises(database_module.DatabaseBusy):
        database_module.connect(path, read_only=True, wait=0.1)
    writer.close()
    reader = database_module.connect(path, read_only=True, wait=0.1)
    with pytest.raises(database_module.DatabaseBusy):
        database_module.connect(path, read_only=False, wait=0.1)
    reader.close()
    database_module.connect(path, read_only=False, wait=0.1).close()


_CLOCK_COLUMNS = {"import_files": "imported_at", "rejects": "rejected_at"}  # when, not what


@pytest.mark.slow
def test_parallel_workers_store_exactly_what_one_process_stores(tmp_path: Path) -> None:
    paths = [REAL_HISTORIES / "PokerStars", SAMPLES]
    contents = []
    for jobs in (1, 2):
        with Database(tmp_path / f"jobs{jobs}.duckdb") as database:
            import_histories(paths, database, jobs=jobs, batch_hands=400)
            contents.append(_contents(database))
    assert contents[0] == contents[1]
    assert len(contents[0]["hands"]) == len(_pokerstars_hands()) + 1800


def _contents(database: Database) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, in order, but for the clock's columns."""
    return {
        table: database.connection.sql(
            f"SELECT * EXCLUDE ({_CLOCK_COLUMNS[table]}) FROM {table} ORDER BY ALL"
            if table in _CLOCK_COLUMNS
            else f"SELECT * FROM {table} ORDER BY ALL"
        ).fetchall()
        for table in (*ALL_TABLES, "player_hand_facts")
    }


def test_each_row_type_has_exactly_its_tables_columns(tmp_path: Path) -> None:
    # a column missing from a row type would be stored as NULL without a word
    row_types = rows.ROW_TYPES
    assert set(row_types) == set(TABLES)
    with Database(tmp_path / "db.duckdb") as database:
        for table, row_type in row_types.items():
            columns = database.connection.execute(
                "SELECT column_name FROM duckdb_columns() WHERE table_name = ?", [table]
            ).fetchall()
            assert sorted(row_type._fields) == sorted(name for (name,) in columns), table


def test_every_column_is_documented() -> None:
    schema = "".join(
        (REPO / "pipeline/storage" / name).read_text() for name in ("schema.sql", "facts_table.sql")
    )
    documented = (REPO / "docs/schema.md").read_text()
    columns = re.findall(r"^\s{4}(\w+)\s+[A-Z]", schema, re.MULTILINE)
    missing = [c for c in columns if c != "PRIMARY" and f"`{c}` |" not in documented]
    assert missing == []
    assert "|  |" not in documented  # every column has its meaning


def test_files_are_cut_finer_toward_the_end_of_what_there_is_to_read() -> None:
    """Each piece is a quarter of what is left to read from it on (two workers), between a
    megabyte and the largest piece: one day's export on two cores gives a worker two
    pieces and more, smaller and smaller (the last one takes what would be a sliver); of
    many files, the first are cut in the largest pieces and the last ones finely. One
    worker cuts only to bound its memory."""
    mb = 2**20

    def files(*sizes: int) -> list[Source | Refused]:
        when = datetime(2026, 11, 23)
        return [
            Source(f"day{n}.txt", size * mb, when, f"day{n}.txt") for n, size in enumerate(sizes)
        ]

    def piece_sizes(found: list[Source | Refused], jobs: int, largest: int = PIECE_BYTES):
        """The bytes of each file's pieces, as cut near those offsets."""
        cutting = piece_sizes_for(found, jobs, largest)
        return [
            [
                end - start
                for start, end in itertools.pairwise([0, *way.cut_targets(0, s.size), s.size])
            ]
            for s, way in zip(found, cutting, strict=True)
            if isinstance(s, Source)
        ]

    (day,) = piece_sizes(files(11), jobs=2)
    assert day[0] == 11 * mb // 4 and len(day) >= 4  # two pieces a worker, and more
    assert day[:-1] == sorted(day[:-1], reverse=True)  # smaller and smaller
    assert max(day[-2:]) < MIN_PIECE_BYTES * 3 // 2 and min(day) >= MIN_PIECE_BYTES
    assert piece_sizes(files(11), jobs=1) == [[11 * mb]]  # one worker: read whole
    assert piece_sizes(files(40), jobs=1) == [[40 * mb // 3] * 2 + [40 * mb - 2 * (40 * mb // 3)]]
    archive = piece_sizes(files(*[20] * 10), jobs=2)
    assert set(archive[0]) == {PIECE_BYTES, 20 * mb - PIECE_BYTES}  # far from the end
    assert max(archive[-1]) == 20 * mb // 4 and len(archive[-1]) > len(archive[0])
    assert piece_sizes(files(2), jobs=2) == [[MIN_PIECE_BYTES, MIN_PIECE_BYTES]]
    (small,) = piece_sizes(files(1), jobs=2, largest=40_000)  # a caller's limit holds
    assert set(small[:-1]) == {40_000} and 40_000 <= small[-1] < 60_000
    assert len(piece_sizes(files(11), jobs=2, largest=40_000)[0]) == 64  # at most: even then
    refused = [Refused("locked.txt", "it cannot be read"), *files(11)]
    assert piece_sizes(refused, jobs=2) == [day]


def _stores_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The hands of each transaction the import commits."""
    committed: list[int] = []
    store = Database.store

    def counting(self: Database, frames: dict, progress: list, keep_open: bool = False) -> Stored:
        committed.append(frames["hands"].height if "hands" in frames else 0)
        return store(self, frames, progress, keep_open)

    monkeypatch.setattr(Database, "store", counting)
    return committed


def test_the_hands_read_are_stored_while_the_workers_read_the_last_megabytes() -> None:
    """5,000 stud hands, 11 MB in seven pieces, two workers: with 8.5 MB read, the rest
    (2.5 MB) takes the other worker about as long as storing those hands takes the
    loader: stored now, the last transaction holds 2.5 MB of hands, not 11."""
    mb = 2**20
    assert importer.store_before_the_rest(int(8.5 * mb), int(2.5 * mb), jobs=2)
    # too soon: the store over, the loader would wait for the rest, then store it alone
    assert not importer.store_before_the_rest(int(7.5 * mb), int(3.5 * mb), jobs=2)
    # the rest comes in less than a transaction's fixed part: stored together
    assert not importer.store_before_the_rest(int(9.5 * mb), mb // 4, jobs=2)
    assert not importer.store_before_the_rest(int(8.5 * mb), int(2.5 * mb), jobs=1)
    assert not importer.store_before_the_rest(int(8.5 * mb), 0, jobs=2)  # all read: one store
    # three workers read beside the store: the rest may be three times as much
    assert importer.store_before_the_rest(int(8.5 * mb), 7 * mb, jobs=4)


def test_a_store_before_the_last_files_are_read_stores_every_hand_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    committed = _stores_counted(monkeypatch)
    with Database(tmp_path / "one.duckdb") as database:
        import_histories([SAMPLES], database)
        together = _contents(database)
    assert committed == [1800]

    committed.clear()
    pauses: list[float] = []
    monkeypatch.setattr(pending_batches.time, "sleep", pauses.append)
    monkeypatch.setattr(importer, "TRANSACTION_BYTES", 0)  # the sample files are small
    with Database(tmp_path / "two.duckdb") as database:
        summary = import_histories([SAMPLES], database, jobs=2)
        assert database._connection is None  # let go once the import is done
        assert _contents(database) == together
    assert len(committed) == 2 and 0 < committed[-1] < committed[0]  # the last files alone
    assert sum(committed) == 1800 == summary.hands_imported
    assert pauses == []  # the file kept between the two: the last store follows at once


def test_a_large_files_pieces_go_out_before_the_next_file_is_cut(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cutting a file reads it through: planned all at once, an archive of large files
    kept every worker waiting for the last file's cuts."""
    events: list[str] = []
    cut, read = importer.file_pieces, importer.read_work

    def cutting(path: str, *args: int) -> object:
        events.append("cut")
        return cut(path, *args)

    def reading(work: importer.FileWork) -> importer.WorkOutcome:
        events.append("read")
        return read(work)

    monkeypatch.setattr(importer, "file_pieces", cutting)
    monkeypatch.setattr(importer, "read_work", reading)
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories([SAMPLES], database, piece_bytes=100_000)
    assert events.count("cut") == len(list(history_files([SAMPLES]))) > 1
    assert events.index("read") < len(events) - events[::-1].index("cut") - 1
    assert summary.hands_imported == 1800


@pytest.mark.parametrize("existing", [False, True], ids=["new", "existing"])
def test_a_database_is_made_or_brought_up_to_date_once_the_first_pieces_are_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, existing: bool
) -> None:
    """Making a database file (its tables, the stat views) takes 0.07 s, loading Polars
    to store frames 0.09: the workers read meanwhile instead of waiting for both. The
    import log is read before, as it must be."""
    path = tmp_path / "new" / "db.duckdb"
    zipped = tmp_path / "samples.zip"
    with zipfile.ZipFile(zipped, "w") as archive:
        for file in sorted(SAMPLES.rglob("*Razz*.txt")):
            archive.write(file, file.name)
    if existing:
        with Database(path) as database:
            import_histories([zipped], database)
    events: list[str] = []
    prepare, read = Database.prepare, importer.read_work

    def preparing(self: Database) -> None:
        if not self.prepared:
            events.append("prepared")
        prepare(self)

    def reading(work: importer.FileWork) -> importer.WorkOutcome:
        events.append("read")
        return read(work)

    monkeypatch.setattr(Database, "prepare", preparing)
    monkeypatch.setattr(importer, "read_work", reading)
    with Database(path, prepared_when_used=True) as database:
        assert path.exists() == existing and not events
        summary = import_histories([SAMPLES, zipped], database)
        assert database.scalar("SELECT count(*) FROM player_hand_facts") > 1800
    assert events[0] == "read" and events.count("prepared") == 1
    # the archive's two razz files, logged by the first import: unchanged, not read again
    assert (summary.files_unchanged, summary.hands_imported) == (
        (2, 1400) if existing else (0, 1800)
    )


def test_a_database_prepared_when_used_refuses_a_file_put_there_meanwhile(
    tmp_path: Path,
) -> None:
    path = tmp_path / "db.duckdb"
    database = Database(path, prepared_when_used=True)
    assert database.file_progress("any.txt") is None  # nothing read into it yet
    with duckdb.connect(str(path)) as other:
        other.execute("CREATE TABLE notes (text VARCHAR)")
    with pytest.raises(database_module.DatabaseRefused, match="not studdraw's"):
        database.prepare()
    with duckdb.connect(str(path), read_only=True) as other:
        assert other.execute("SHOW TABLES").fetchall() == [("notes",)]


def test_a_large_file_gone_before_it_is_cut_is_told_among_the_files_not_read(
    tmp_path: Path,
) -> None:
    big = next(path for path in sorted(SAMPLES.rglob("*.txt")) if path.stat().st_size > 200_000)
    shutil.copy(big, tmp_path / "gone.txt")
    found = list(sources([tmp_path / "gone.txt"]))
    (tmp_path / "gone.txt").unlink()
    with Database(tmp_path / "db.duckdb") as database:
        summary = importer.import_sources(found, database, piece_bytes=100_000)
    assert [(refused.name, refused.reason) for refused in summary.refused] == [
        (str(tmp_path / "gone.txt"), "it vanished before it was read")
    ]


def test_small_files_are_stored_together_in_transactions_of_a_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = sorted(SAMPLES.rglob("*.txt"))
    committed = _stores_counted(monkeypatch)
    with Database(tmp_path / "one.duckdb") as database:
        summary = import_histories([SAMPLES], database)
        together = row_counts(database)
    assert len(files) > 1 and committed == [1800] == [summary.hands_imported]

    committed.clear()
    with Database(tmp_path / "many.duckdb") as database:
        import_histories([SAMPLES], database, batch_hands=500)
        assert row_counts(database) == together
        finished = database.scalar("SELECT count(*) FROM import_files WHERE finished")
    assert len(committed) > 1 and all(hands < 500 + 400 for hands in committed)
    assert sum(committed) == 1800 and finished == len(files)


def test_the_file_is_let_go_a_moment_between_two_batches_not_after_the_last(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    committed = _stores_counted(monkeypatch)
    pauses: list[float] = []
    monkeypatch.setattr(pending_batches.time, "sleep", pauses.append)
    with Database(tmp_path / "db.duckdb") as database:
        import_histories([SAMPLES], database, batch_hands=500)
    assert len(committed) > 1 and committed[-1] > 0
    assert len(pauses) == len(committed) - 1
    assert all(0 <= pause <= pending_batches.BATCH_PAUSE for pause in pauses)


def test_a_store_lets_go_of_each_frame_once_duckdb_has_copied_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The loader's peak is the stats' facts query: the batch's frames, copied into
    DuckDB by then, must not still be held beside it."""
    left_over: list[dict[str, object]] = []
    store = Database.store

    def watched(
        self: Database, frames: dict[str, pl.DataFrame], progress: list, keep_open: bool = False
    ) -> object:
        stored = store(self, frames, progress, keep_open)
        left_over.append(dict(frames))
        return stored

    monkeypatch.setattr(Database, "store", watched)
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories([SAMPLES], database)
    assert summary.hands_imported > 0 and left_over == [{}]


def test_a_worker_spools_batches_smaller_than_the_transaction_that_stores_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker holds one spool batch of rows at a time (Python tuples, 27 KB a hand):
    a file of 200 hands leaves it as batches of 70, 70 and 60, each with the file's
    progress so far, and the loader stores them in one transaction."""
    monkeypatch.setattr(importer, "SPOOL_HANDS", 70)
    path = sorted(SAMPLES.rglob("*Razz*.txt"))[0]
    (source,) = (found for found in sources([path]) if isinstance(found, Source))
    (work,) = importer.work_of_file(source, None, importer.BATCH_HANDS, str(tmp_path), PieceSizes())
    outcome = importer.read_work(work)
    progress = [file_progress for _frames, file_progress in outcome.batches]
    assert [p.hands for p in progress] == [70, 140, 200]
    assert [p.finished for p in progress] == [False, False, True]
    assert progress[-1].offset_reached == path.stat().st_size

    committed = _stores_counted(monkeypatch)
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories([path], database)
    assert committed == [200] == [summary.hands_imported]


def test_a_hand_twice_in_one_file_is_stored_once_with_its_players_once(tmp_path: Path) -> None:
    history = sorted(SAMPLES.rglob("*.txt"))[0].read_text(encoding="utf-8-sig")
    text = re.split(r"\n\s*\n", history.strip())[0] + "\n\n\n"
    (tmp_path / "twice.txt").write_text(text + text, encoding="utf-8")
    with Database(tmp_path / "db.duckdb") as database:
        summary = import_histories([tmp_path / "twice.txt"], database)
        players = database.scalar("SELECT count(*) FROM hand_players")
        seats = database.scalar("SELECT count(DISTINCT player) FROM hand_players")
    assert (summary.hands_imported, summary.duplicates) == (1, 1)
    assert players == seats > 1


def test_a_file_repeating_stored_hands_adds_only_its_new_hands_rows(tmp_path: Path) -> None:
    """Most batches are new hands only, stored without a join to pick them; a batch that
    repeats stored hands must still add the rows of its new hands alone, facts included."""
    history = sorted(SAMPLES.rglob("*.txt"))[0].read_text(encoding="utf-8-sig")
    hands = [hand + "\n\n\n" for hand in re.split(r"\n\s*\n", history.strip())[:12]]
    (tmp_path / "old.txt").write_text("".join(hands[:5]), encoding="utf-8")
    (tmp_path / "later.txt").write_text("".join(hands[2:]), encoding="utf-8")  # 3 stored
    (tmp_path / "all.txt").write_text("".join(hands), encoding="utf-8")
    tables = (*TABLES, "player_hand_facts")
    with Database(tmp_path / "at_once.duckdb") as database:
        assert import_histories([tmp_path / "all.txt"], database).hands_imported == 12
        at_once = {table: database.scalar(f"SELECT count(*) FROM {table}") for table in tables}
    with Database(tmp_path / "in_two.duckdb") as database:
        assert import_histories([tmp_path / "old.txt"], database).hands_imported == 5
        later = import_histories([tmp_path / "later.txt"], database)
        in_two = {table: database.scalar(f"SELECT count(*) FROM {table}") for table in tables}
    assert (later.hands_imported, later.duplicates) == (7, 3)
    assert in_two == at_once
    assert at_once["hand_players"] > at_once["hands"] == 12
    assert at_once["player_hand_facts"] == at_once["hand_players"]

"""Killing the importer at any moment leaves a consistent database, and the next run
finishes the job: the result equals an uninterrupted import, row for row."""

from __future__ import annotations

import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import polars as pl
import psutil
import pytest

from parsers.model.events import Game
from pipeline.simulation.generate import numbered
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import HERO, default_spec
from pipeline.storage.database import Database
from pipeline.storage.rows import TABLES
from pipeline.writers.pokerstars import HAND_END, write_hand

pytestmark = pytest.mark.slow  # imports killed and resumed

GAMES = (Game.SEVEN_STUD, Game.RAZZ, Game.TRIPLE_DRAW_27, Game.BADUGI)
HANDS_PER_FILE = 1_200
BATCH = 300  # small batches: many commits to be killed between
VOLATILE = {"imported_at", "rejected_at"}  # the clock of the run, not the data

IMPORT = """
import sys
from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database

with Database(sys.argv[1]) as database:
    import_histories([sys.argv[2]], database, batch_hands={batch}, piece_bytes={piece_bytes})
"""
WHOLE = 10**12  # every file read whole
PIECES = 400_000  # each 2.5 MB file read in about six pieces


def write_corpus(folder: Path) -> None:
    folder.mkdir()
    for index, game in enumerate(GAMES):
        spec = numbered(default_spec(game), index)
        hands = simulate_hands(spec, HANDS_PER_FILE, index)
        text = "".join(write_hand(s.hand, HERO) + HAND_END for s in hands)
        (folder / f"{game}.txt").write_text(text, encoding="utf-8")


@pytest.fixture
def corpus(generated_histories: Path) -> Path:
    """The generated files (`write_corpus`), written once for the session."""
    return generated_histories


def run_import(database: Path, corpus: Path, piece_bytes: int = WHOLE) -> subprocess.Popen[bytes]:
    script = IMPORT.format(batch=BATCH, piece_bytes=piece_bytes)
    return subprocess.Popen([sys.executable, "-c", script, str(database), str(corpus)])


def contents(database: Path) -> dict[str, pl.DataFrame]:
    with duckdb.connect(str(database), read_only=True) as con:
        frames = {}
        for table in (*TABLES, "player_hand_facts", "import_files"):  # facts: same batches
            frame = con.sql(f"SELECT * FROM {table}").pl()
            frame = frame.drop([c for c in frame.columns if c in VOLATILE])
            frames[table] = frame.sort(frame.columns)
        return frames


def _children_cpu() -> float:
    """Processor seconds of the children waited for (and theirs: an import's workers)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _cpu_of_tree(process: psutil.Process) -> float:
    """Processor seconds of a running import and its workers, so far."""
    try:
        tree = [process, *process.children(recursive=True)]
        times = [member.cpu_times() for member in tree]
    except psutil.NoSuchProcess:  # a worker just ended
        return 0.0
    return sum(t.user + t.system + t.children_user + t.children_system for t in times)


def _kill_after_cpu(process: subprocess.Popen[bytes], seconds: float) -> bool:
    """SIGKILL the import once it (and its workers) has used `seconds` of processor time,
    if it has not finished by then: a point in its own work, however busy the machine."""
    tree = psutil.Process(process.pid)
    while process.poll() is None:
        if _cpu_of_tree(tree) >= seconds:
            process.send_signal(signal.SIGKILL)
            process.wait()
            return True
        time.sleep(0.01)
    return False


def test_killed_imports_end_like_an_uninterrupted_one(tmp_path: Path, corpus: Path) -> None:
    """Killed while reading the files in pieces, even: the reference reads them whole, so
    the pieces must give the same rows (line numbers, byte offsets, the import log's
    prefix hashes and hand counts)."""
    reference = tmp_path / "reference.duckdb"
    before = _children_cpu()
    assert run_import(reference, corpus).wait() == 0
    whole_run = _children_cpu() - before  # kills placed in its processor time, not the clock's
    expected = contents(reference)
    assert expected["hands"].height == len(GAMES) * HANDS_PER_FILE

    killed = tmp_path / "killed.duckdb"
    chance = random.Random(20261122)
    kills = 0
    for _ in range(4):
        process = run_import(killed, corpus, PIECES)
        kills += _kill_after_cpu(process, whole_run * chance.uniform(0.15, 0.45))
    assert kills >= 2  # the import really was interrupted, more than once
    assert run_import(killed, corpus, PIECES).wait() == 0

    actual = contents(killed)
    for table, frame in expected.items():
        assert actual[table].equals(frame), table


def test_readers_get_in_while_an_import_runs(tmp_path: Path, corpus: Path) -> None:
    """The importer holds the file one batch at a time: a reader (the dashboard, `studdraw
    query`) opens it between two batches and sees whole batches only."""
    database = tmp_path / "db.duckdb"
    process = run_import(database, corpus)
    seen: list[int] = []
    while process.poll() is None:
        try:
            with Database(database, read_only=True) as reader:
                seen.append(int(reader.scalar("SELECT count(*) FROM hands")))
        except (duckdb.CatalogException, duckdb.IOException):
            assert not seen  # only before the importer has made the tables
        time.sleep(0.05)
    assert process.wait() == 0
    assert seen == sorted(seen)
    assert len(set(seen)) >= 3  # read while the import went on, not only before or after
    assert all(count % BATCH == 0 for count in seen[:-1] if count < len(GAMES) * HANDS_PER_FILE)

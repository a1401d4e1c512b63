"""`studdraw watch`: the clients' folders found where they keep them, and hands written
into a watched folder stored as they come, whole hands only, each once, through
rotations, renames and Ctrl+C. How soon (within two seconds on an idle machine) is
measured by bench/watch.py, not asserted here: a busy machine is no failure."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import duckdb
import pytest

from pipeline.importing.importer import ImportSummary
from pipeline.simulation.generate import generate
from pipeline.simulation.table_spec import HERO
from pipeline.sources.client_folders import client_folders
from pipeline.storage.database import DatabaseBusy
from pipeline.watch import watch_state, watching
from pipeline.workers.worker_pool import WATCH_NICENESS
from pipeline.writers.pokerstars import HAND_END, write_hand
from tests.conftest import HANG_SECONDS, REPO

SAMPLES = REPO / "sample_histories" / "PokerStars" / "HandHistory" / "studdraw_hero"
RAZZ = SAMPLES / "HH20261114 T3958246017 Razz Limit.txt"
SETTLE = 2.0  # seconds a half-written hand is left to the watch: it must not be stored
SMALL_BATCHES = """
import functools
from pipeline.importing import importer
from pipeline.watch import watching
watching.import_histories = functools.partial(importer.import_histories, batch_hands={batch})
from pipeline.cli.app import app
app()
"""  # `studdraw watch`, storing batches of {batch} hands (its own are 7,500)


def test_the_clients_folders_are_found_in_wine_prefixes_and_on_each_system(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    wine_user = home / ".wine" / "drive_c" / "users" / "player"
    stars = wine_user / "AppData" / "Local" / "PokerStars.EU" / "HandHistory"
    winamax = wine_user / "Documents" / "Winamax Poker" / "accounts" / "Mike" / "history"
    lutris_acr = home / "Games" / "acr" / "drive_c" / "ACR Poker" / "handHistory"
    old_layout = (
        home / ".wine" / "drive_c" / "users" / "player" / "Local Settings"
    ) / "Application Data/PokerStars/HandHistory"
    for folder in (stars, winamax, lutris_acr / "Mike", old_layout):
        folder.mkdir(parents=True)
    (home / "Games" / "acr" / "drive_c" / "users").mkdir()
    found = {(f.client, f.path) for f in client_folders(home, {}, "linux")}
    assert found == {
        ("PokerStars", stars),
        ("Winamax", winamax),
        ("ACR", lutris_acr),
        ("PokerStars", old_layout),
    }
    mac_stars = home / "Library" / "Application Support" / "PokerStars" / "HandHistory"
    mac_stars.mkdir(parents=True)
    assert ("PokerStars", mac_stars) in {
        (f.client, f.path) for f in client_folders(home, {}, "darwin")
    }
    assert client_folders(tmp_path / "nobody", {}, "linux") == []


def _hands(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8-sig")
    return [hand.strip("\n") + "\n\n\n" for hand in text.split("\n\n\n") if hand.strip()]


def _stored(database: Path) -> list[str]:
    """The hand numbers stored, read as any reader would (waiting out the watch's batch)."""
    started = time.monotonic()
    while time.monotonic() - started < HANG_SECONDS:
        try:
            connection = duckdb.connect(str(database), read_only=True)
        except (duckdb.IOException, duckdb.CatalogException):
            time.sleep(0.01)
            continue
        try:
            rows = connection.execute("SELECT hand_number FROM hands").fetchall()
            return [row[0] for row in rows]
        except duckdb.CatalogException:  # the schema is not there yet
            return []
        finally:
            connection.close()
    raise AssertionError(f"the database stayed locked for {HANG_SECONDS} s")


def _wait_for(database: Path, count: int, watch: subprocess.Popen[str]) -> float:
    """Seconds until `count` hands are stored (fails past `HANG_SECONDS`: hung; at once
    if the watch ended)."""
    started = time.monotonic()
    while (stored := len(_stored(database))) != count:
        _check_alive(watch)
        assert time.monotonic() - started < HANG_SECONDS, f"{stored} hands stored, not {count}"
        time.sleep(0.05)
    return time.monotonic() - started


def _check_alive(watch: subprocess.Popen[str]) -> None:
    """Fail now, with what the watch said, if it ended: waiting for it would only hang."""
    if watch.poll() is not None:
        _, said = watch.communicate()
        raise AssertionError(f"the watch ended (exit {watch.returncode}): {said}")


def _start_watch(folder: Path, database: Path, batch: int = 0) -> subprocess.Popen[str]:
    """`studdraw watch` (storing batches of `batch` hands, when given)."""
    program = ["-c", SMALL_BATCHES.format(batch=batch)] if batch else ["-m", "pipeline.cli.command"]
    command = [sys.executable, *program, "watch", str(folder), "--db", str(database)]
    return subprocess.Popen(
        command,
        cwd=REPO,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # Ctrl+C reaches its whole group, as from a terminal
    )


def _interrupt(watch: subprocess.Popen[str]) -> str:
    os.killpg(watch.pid, signal.SIGINT)
    _, said = watch.communicate(timeout=HANG_SECONDS)
    assert watch.returncode == 0, said
    return said


@pytest.mark.slow
def test_each_hand_written_is_stored_whole_and_only_once(tmp_path: Path) -> None:
    folder, database = tmp_path / "HandHistory", tmp_path / "watch.duckdb"
    folder.mkdir()
    hands = _hands(RAZZ)
    table = folder / "HH20261114 T3958246017 Razz Limit.txt"
    watch = _start_watch(folder, database)
    try:
        _wait_for(database, 0, watch)  # started: the schema is there
        time.sleep(1)  # and the folder watched
        waits = []
        for written, hand in enumerate(hands[:4], start=1):  # hand by hand, as a client
            with table.open("a", encoding="utf-8") as file:
                file.write(hand)
            waits.append(_wait_for(database, written, watch))
        half = len(hands[4]) // 2  # a hand half written: left for the rest
        with table.open("a", encoding="utf-8") as file:
            file.write(hands[4][:half])
        time.sleep(SETTLE)
        assert len(_stored(database)) == 4
        with table.open("a", encoding="utf-8") as file:
            file.write(hands[4][half:])
        waits.append(_wait_for(database, 5, watch))
        table.rename(folder / "HH rotated.txt")  # rotated: its hands are there already
        with table.open("w", encoding="utf-8") as file:  # a new file under the old name
            file.write(hands[5])
        waits.append(_wait_for(database, 6, watch))
        (folder / "HH rotated.txt").unlink()
        other = folder / "HH20261114 another table.txt"
        other.write_text("".join(hands[6:9]), encoding="utf-8")
        waits.append(_wait_for(database, 9, watch))
        print("seconds to store each write:", [round(w, 2) for w in waits])  # bench/watch.py
    finally:
        said = _interrupt(watch)
    stored = _stored(database)
    assert sorted(stored) == sorted(set(stored)) and len(stored) == 9, said
    assert "stopped" in said


BATCH = 200


@pytest.mark.slow
def test_ctrl_c_mid_import_then_a_restart_loses_and_doubles_nothing(tmp_path: Path) -> None:
    folder, database = tmp_path / "HandHistory", tmp_path / "watch.duckdb"
    folder.mkdir()
    expected = 0
    for number, sample in enumerate(sorted(SAMPLES.glob("*.txt"))):
        hands = _hands(sample)
        expected += len(hands)
        (folder / f"HH {number}.txt").write_text("".join(hands), encoding="utf-8")
    # Enough hands after them for batches to come still: small files share a batch. The
    # watch stores batches of BATCH (not 7,500): as many batches, for far fewer hands.
    more = [write_hand(s.hand, HERO) + HAND_END for s in generate("razz", 5 * BATCH, seed=5)]
    (folder / "HH more.txt").write_text("".join(more), encoding="utf-8")
    expected += len(more)
    assert expected > 12 * BATCH
    watch = _start_watch(folder, database, BATCH)
    started = time.monotonic()
    while not _stored(database):  # the first batch is in: interrupt the rest
        _check_alive(watch)
        assert time.monotonic() - started < HANG_SECONDS, "nothing stored"
        time.sleep(0.05)
    _interrupt(watch)
    interrupted = len(_stored(database))
    assert 0 < interrupted < expected
    watch = _start_watch(folder, database, BATCH)
    try:
        _wait_for(database, expected, watch)
    finally:
        _interrupt(watch)
    stored = _stored(database)
    assert len(stored) == len(set(stored)) == expected


def test_a_database_has_one_watch_and_a_dead_ones_claim_is_taken_over(tmp_path: Path) -> None:
    database = tmp_path / "studdraw.duckdb"
    assert watch_state.current_watch(database) is None
    other = watch_state.WatchState(os.getppid(), ("/poker",), "2026-11-23T10:00:00", "dashboard")
    watch_state.state_path(database).write_text(json.dumps(dataclasses.asdict(other)))
    with pytest.raises(watch_state.AlreadyWatched, match=r"process \d+, .* from the dashboard"):
        watch_state.claim(database, [tmp_path], "command line")
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    gone = dataclasses.replace(other, pid=dead.pid)
    watch_state.state_path(database).write_text(json.dumps(dataclasses.asdict(gone)))
    mine = watch_state.claim(database, [tmp_path], "command line")
    assert watch_state.current_watch(database) == mine
    reported = watch_state.report(database, mine, "watching 3 files")
    assert watch_state.current_watch(database) == reported
    watch_state.request_stop(database)
    assert watch_state.stop_requested(database)
    watch_state.release(database)
    assert watch_state.current_watch(database) is None
    assert not watch_state.stop_requested(database)


@pytest.mark.slow
def test_a_second_watch_is_refused_and_a_stop_request_ends_the_first(tmp_path: Path) -> None:
    folder, database = tmp_path / "HandHistory", tmp_path / "watch.duckdb"
    folder.mkdir()
    first = _start_watch(folder, database)
    try:
        started = time.monotonic()
        while (state := watch_state.current_watch(database)) is None or not state.status:
            _check_alive(first)
            assert time.monotonic() - started < HANG_SECONDS, "the watch never said its status"
            time.sleep(0.05)
        assert state.pid == first.pid and "watching 0 files in 1 folder" in state.status
        if hasattr(os, "getpriority"):  # beside the poker client, it gives way (its workers too)
            lowered = min(os.getpriority(os.PRIO_PROCESS, 0) + WATCH_NICENESS, 19)
            assert os.getpriority(os.PRIO_PROCESS, first.pid) == lowered
        second = _start_watch(folder, database)
        _, said = second.communicate(timeout=HANG_SECONDS)
        assert second.returncode == 2 and f"already watched by process {first.pid}" in said
        watch_state.request_stop(database)
        _, said = first.communicate(timeout=HANG_SECONDS)
    finally:
        if first.poll() is None:
            _interrupt(first)
    assert first.returncode == 0 and "stopped" in said
    assert watch_state.current_watch(database) is None


def test_a_database_kept_busy_by_a_reader_delays_an_import_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import refused because a reader held the file past the wait (`DatabaseBusy`) is
    tried again on the next round with the same files, and the watch goes on."""
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    table = folder / "HH razz.txt"
    imported: list[list[Path]] = []
    refusals = iter([True, False])  # the second import of the file goes through

    def import_histories(paths, database, jobs, stop):
        paths = list(paths)
        if paths != [folder] and next(refusals):
            raise DatabaseBusy("a reader held the file")
        imported.append(paths)
        return ImportSummary(hands_imported=0 if paths == [folder] else 1)

    monkeypatch.setattr(watching, "import_histories", import_histories)
    monkeypatch.setattr(watching, "SETTLE_SECONDS", 0.05)
    statuses: list[watching.WatchStatus] = []
    database = _NoDatabase()
    watch = watching.FolderWatch([folder], database, statuses.append)  # type: ignore[arg-type]
    stop = threading.Event()
    runner_thread = threading.Thread(target=watch.run, args=(stop,))
    runner_thread.start()
    try:
        started = time.monotonic()
        while not imported:  # the first search of the folder is done: watched
            assert time.monotonic() - started < HANG_SECONDS
            time.sleep(0.02)
        table.write_text(_hands(RAZZ)[0], encoding="utf-8")
        while len(imported) < 2:
            assert time.monotonic() - started < HANG_SECONDS, "the import was not tried again"
            time.sleep(0.02)
    finally:
        stop.set()
        watch.wake()
        runner_thread.join(timeout=HANG_SECONDS)
    assert imported[:2] == [[folder], [table]]
    assert statuses[-1].hands_today == 1 and not runner_thread.is_alive()


class _NoDatabase:
    """What the watch asks of its database besides the import: the newest hand, close."""

    def scalar(self, _sql: str) -> None:
        return None

    def close(self) -> None:
        pass

"""Folders as a player's disk holds them: links that loop, FIFOs and devices, files that
vanish or cannot be read, a 50 MB line, NUL bytes, binary junk and mixed encodings. Each
is skipped with its reason or read, in bounded time; the import always finishes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

import duckdb
import pytest

from pipeline.importing import importer
from pipeline.sources import history_sources
from pipeline.sources.history_sources import Refused, Source, sources
from tests.hostile.conftest import HANDS, cpu_seconds, import_into


def test_links_that_loop_are_searched_once(tmp_path: Path, history: bytes) -> None:
    folder = tmp_path / "hh"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "razz.txt").write_bytes(history)
    (folder / "sub" / "back_up").symlink_to(folder, target_is_directory=True)
    (folder / "a.txt").symlink_to(folder / "b.txt")
    (folder / "b.txt").symlink_to(folder / "a.txt")
    found = list(sources([folder]))
    reasons = {Path(f.name).name: f.reason for f in found if isinstance(f, Refused)}
    assert reasons["a.txt"] == reasons["b.txt"] == "a symbolic link loop"
    assert "already searched" in reasons["back_up"]
    assert [Path(f.name).name for f in found if isinstance(f, Source)] == ["razz.txt"]
    assert import_into(tmp_path, folder).hands_imported == HANDS


def test_fifos_and_devices_are_never_opened(tmp_path: Path, history: bytes) -> None:
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "razz.txt").write_bytes(history)
    os.mkfifo(folder / "pipe.txt")  # opening it to read would block forever
    (folder / "null.txt").symlink_to("/dev/null")
    (folder / "zero.txt").symlink_to("/dev/zero")  # read, it never ends
    summary = import_into(tmp_path, folder, folder / "pipe.txt")
    assert summary.hands_imported == HANDS
    reasons = sorted((Path(r.name).name, r.reason.split(",")[0]) for r in summary.refused)
    assert reasons == [
        ("null.txt", "a device"),
        ("pipe.txt", "a FIFO (named pipe)"),
        ("pipe.txt", "a FIFO (named pipe)"),  # found in the folder, and named
        ("zero.txt", "a device"),
    ]


def test_a_file_that_vanishes_or_cannot_be_read_is_reported_not_fatal(
    tmp_path: Path, history: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept, gone, locked = (tmp_path / name for name in ("kept.txt", "gone.txt", "locked.txt"))
    for path in (kept, gone, locked):
        path.write_bytes(history)
    listed = list(sources([kept, gone, locked]))
    gone.unlink()  # after the listing, before the reading

    def guarded_open(path: str, *arguments: Any) -> IO[bytes]:  # as root, chmod locks nothing
        if Path(path).name == "locked.txt":
            raise PermissionError(13, "Permission denied")
        return open(path, *arguments)  # the caller closes it

    monkeypatch.setattr(history_sources, "open", guarded_open, raising=False)
    monkeypatch.setattr(importer, "sources", lambda _paths: iter(listed))
    summary = import_into(tmp_path, kept)
    assert summary.hands_imported == HANDS
    reasons = {Path(r.name).name: r.reason for r in summary.refused}
    assert reasons == {
        "gone.txt": "it vanished before it was read",
        "locked.txt": "not allowed to read it",
    }


def test_a_file_that_shrank_since_it_was_listed_is_left_for_the_next_import(
    tmp_path: Path, history: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "razz.txt"
    path.write_bytes(history)
    listed = list(sources([path]))
    path.write_bytes(history[: len(history) // 2])  # the client rewrote it shorter
    monkeypatch.setattr(importer, "sources", lambda _paths: iter(listed))
    [refused] = import_into(tmp_path, path).refused
    assert "shrank" in refused.reason
    monkeypatch.undo()
    assert import_into(tmp_path, path).refused == []  # the next run reads it as it is now


def test_junk_is_rejected_in_bounded_time_and_space(tmp_path: Path, history: bytes) -> None:
    folder = tmp_path / "junk"
    folder.mkdir()
    (folder / "one_line.txt").write_bytes(b"A" * 30_000_000)  # 30 MB, no newline
    (folder / "longer_line.txt").write_bytes(b"A" * 50_000_000)  # over the most read at once
    (folder / "random.txt").write_bytes(os.urandom(2_000_000))
    (folder / "nul.txt").write_bytes(b"\x00" * 1_000_000)
    (folder / "razz.txt").write_bytes(history.replace(b"\n", b"\n\x00", 3))
    started = cpu_seconds()
    summary = import_into(tmp_path, folder)
    assert cpu_seconds() - started < 15  # processor time, the workers' too: not the machine's load
    [refused] = summary.refused
    assert refused.name.endswith("longer_line.txt")
    assert refused.reason.startswith("50,000,000 bytes and no place to cut it into pieces")
    assert summary.left_for_next_run == 0  # junk with no hand in it is not waited for
    assert sum(summary.rejected.values()) > 0
    with duckdb.connect(str(tmp_path / "probe.duckdb"), read_only=True) as connection:
        [(longest,)] = connection.sql("SELECT max(length(raw_text)) FROM rejects").fetchall()
    assert longest < 2**20 + 200  # the 30 MB line is not copied into the database


def test_one_folder_of_mixed_encodings_reads_each_file_by_its_own(
    tmp_path: Path, history: bytes
) -> None:
    text = history.decode("utf-8-sig")
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "utf8.txt").write_bytes(history)
    (folder / "utf16.txt").write_bytes(text.encode("utf-16"))
    hands = text.split("PokerStars Hand #")
    latin = "PokerStars Hand #".join(hands[:2]).replace("studdraw_hero", "Zo\u00eb \u00d1and\u00fa")
    (folder / "latin1.txt").write_bytes(latin.encode("cp1252"))
    summary = import_into(tmp_path, folder)
    assert summary.refused == [] and sum(summary.rejected.values()) == 0
    assert summary.hands_imported == HANDS  # utf-16 repeats utf-8's hands: duplicates
    assert summary.duplicates == HANDS + 1
    with duckdb.connect(str(tmp_path / "probe.duckdb"), read_only=True) as connection:
        names = {p for (p,) in connection.sql("SELECT player FROM hand_players").fetchall()}
    assert {"studdraw_hero", "Zo\u00eb \u00d1and\u00fa"} <= names

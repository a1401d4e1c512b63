"""`studdraw compact DIR`: fold a dataset's pieces into one, each hand once.

Every run adds pieces (a file each, or a piece of a large one), and a hand written by
two of them is read once but stored twice. Compacting writes what the dataset reads
(`reading`: each hand once, from one piece) as a single new piece, records it with the
pieces it replaces, and only then deletes them. Killed at any moment, the dataset reads
the same: before the new record, the new files are not read; after it, the old pieces
are not, whether or not their files are gone yet. Run it while no import writes to the
folder: it removes what killed tasks left (staged files, files of pieces with no record).
"""

from __future__ import annotations

import hashlib
import shutil
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pipeline.dataset.as_database import open_dataset
from pipeline.dataset.layout import (
    DATASET_TABLES,
    DONE_FOLDER,
    STAGING_FOLDER,
    PieceRecord,
    current_pieces,
    is_recorded,
    partitions,
    piece_of,
    record_piece,
    records,
)
from pipeline.dataset.writing import PIECE_NAME_LENGTH, place_staged, stage_tables


@dataclass(frozen=True, slots=True)
class Compaction:
    pieces_before: int
    files_before: int
    files_after: int
    hands: int
    copies_removed: int  # rows of hands stored twice or more, beyond the first


def compact(directory: Path) -> Compaction:
    found = records(directory)
    pieces = current_pieces(found)
    files_before = len(_parquet_files(directory))
    stored_hands = sum(record.hands for record in found if record.piece in pieces)
    if len(pieces) > 1:
        members = sorted(pieces)
        name = hashlib.sha256(("compact:" + ",".join(members)).encode()).hexdigest()
        name = name[:PIECE_NAME_LENGTH]
        if is_recorded(directory, name) is None:
            _write(directory, name, [r for r in found if r.piece in pieces])
        found = records(directory)
    hands = _remove_replaced(directory, found)
    return Compaction(
        len(pieces), files_before, len(_parquet_files(directory)), hands, stored_hands - hands
    )


def _write(directory: Path, name: str, members: list[PieceRecord]) -> None:
    """The new piece, written a partition at a time (a month of one game at one site: what
    a machine's memory holds whatever the dataset's size), then placed and recorded."""
    staging = directory / STAGING_FOLDER / f"{name}-{uuid.uuid4().hex}"
    by_site: Counter[str] = Counter()
    try:
        for partition in sorted(partitions(directory)):
            with open_dataset(directory, partition, stats=False) as connection:
                stage_tables(connection, staging)
                counted = connection.execute("SELECT site, count(*) FROM hands GROUP BY site")
                by_site.update(dict(counted.fetchall()))
        place_staged(staging, directory, name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    record_piece(
        directory,
        PieceRecord(
            piece=name,
            marks=tuple(mark for member in members for mark in member.marks),
            hands=sum(by_site.values()),
            hands_by_site=dict(by_site),
            replaces=tuple(member.piece for member in members),
        ),
    )


def _remove_replaced(directory: Path, found: list[PieceRecord]) -> int:
    """Delete the files and records of pieces folded into another, and files no record
    names; the hands the dataset holds."""
    kept = current_pieces(found)
    shutil.rmtree(directory / STAGING_FOLDER, ignore_errors=True)  # killed tasks' leftovers
    for path in _parquet_files(directory):
        if piece_of(path) not in kept:
            path.unlink()
    for record in found:
        if record.piece not in kept:
            (directory / DONE_FOLDER / f"{record.piece}.json").unlink(missing_ok=True)
    for depth in ("*/*/*/*", "*/*/*", "*/*"):  # partition folders left empty
        for folder in directory.glob(depth):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
    return sum(record.hands for record in found if record.piece in kept)


def _parquet_files(directory: Path) -> list[Path]:
    return [path for table in DATASET_TABLES for path in (directory / table).rglob("*.parquet")]

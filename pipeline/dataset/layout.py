"""Where a Parquet dataset keeps its tables, and the records that say what is in it.

    DIR/hands/site=pokerstars/game=razz/month=2026-11/<piece>.parquet
    DIR/hand_players/site=.../game=.../month=.../<piece>.parquet  (a hand's rows lie
    ...                                                            under the hand's path)
    DIR/_done/<piece>.json                                        (what <piece> holds)

A *piece* is what one task read: a piece of a large file, a file, or several small ones.
It is named by the SHA-256 of the bytes read, and every Parquet file it writes carries
that name (`<piece>.1.parquet`... when DuckDB cut a large partition in several), so a
task run twice (a worker killed, a run cut short and started again) writes the same
files again, under the same names: never a second copy. A task moves its files into
place (each a rename), then writes its record in `_done/`; the files of a piece without
a record are not part of the dataset (`reading` reads through the records), so a task
killed between two renames leaves nothing half-visible.

Each file holds exactly its table's columns, as the database has them; the
`site=/game=/month=` folders repeat a hand's values so that a reader can skip folders.
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote

from pipeline.storage.rows import HAND_TABLES
from pipeline.storage.stats import FACTS_TABLE

DATASET_TABLES = (*HAND_TABLES, FACTS_TABLE, "tournament_summaries", "rejects")
"""The database's tables a dataset holds (the import log is replaced by `_done/`; notes,
tags and settings are a player's own, kept in a database)."""

ROWS_OF_A_HAND = tuple(table for table in (*HAND_TABLES, FACTS_TABLE) if table != "hands")
"""Tables whose rows belong to a hand, read from the same piece as the hand's row."""

DONE_FOLDER = "_done"
STAGING_FOLDER = "_staging"
UNKNOWN = "unknown"  # a partition value the row does not have (a reject's game)


@dataclass(frozen=True, slots=True)
class SourceMark:
    """Bytes [start, end) of a file as it was (size, modification time) were read.
    `complete`: no half-written hand was left at the end for a later run."""

    name: str
    size: int
    mtime: str
    start: int
    end: int
    complete: bool


@dataclass(frozen=True, slots=True)
class PieceRecord:
    """`_done/<piece>.json`: a piece is in the dataset, with what was read into it."""

    piece: str
    marks: tuple[SourceMark, ...]
    hands: int = 0
    hands_by_site: dict[str, int] = field(default_factory=dict)
    duplicates: int = 0  # a hand twice in the piece, written once
    rejected: dict[str, int] = field(default_factory=dict)
    flop_games_skipped: int = 0
    cancelled: int = 0
    tournament_summaries: int = 0
    replaces: tuple[str, ...] = ()  # a compacted piece: the pieces folded into it
    seconds: float = 0.0  # what the task took, reading to recording (bench/cluster.py)

    def to_json(self) -> str:
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> PieceRecord:
        fields = json.loads(text)
        marks = tuple(SourceMark(**mark) for mark in fields.pop("marks"))
        replaces = tuple(fields.pop("replaces", ()))
        return cls(marks=marks, replaces=replaces, **fields)


Partition = tuple[str, str, str]
"""(site, game, month): a folder of each table."""


def table_file(directory: Path, table: str, site: str, game: str, month: str, piece: str) -> Path:
    """Where a piece's rows of one table and one partition lie."""
    return directory.joinpath(table, *_folders((site, game, month)), f"{piece}.parquet")


def _folders(partition: Partition) -> list[str]:
    keys = ("site", "game", "month")
    return [
        f"{key}={quote(value or UNKNOWN, safe='')}"
        for key, value in zip(keys, partition, strict=True)
    ]


def partitions(directory: Path) -> set[Partition]:
    """Every partition some table of the dataset has files in."""
    found: set[Partition] = set()
    for folder in directory.glob("*/site=*/game=*/month=*"):
        site, game, month = (unquote(part.partition("=")[2]) for part in folder.parts[-3:])
        found.add((site, game, month))
    return found


def records(directory: Path) -> list[PieceRecord]:
    """Every piece record in the dataset (a compacted piece's members too, until
    `compaction` has removed them)."""
    done = directory / DONE_FOLDER
    if not done.is_dir():
        return []
    return [PieceRecord.from_json(path.read_text()) for path in sorted(done.glob("*.json"))]


def current_pieces(found: list[PieceRecord]) -> set[str]:
    """The pieces the dataset is made of: those recorded, but not folded into another."""
    folded = {piece for record in found for piece in record.replaces}
    return {record.piece for record in found} - folded


def piece_of(path: Path) -> str:
    """The piece a Parquet file belongs to: "<piece>.parquet", or "<piece>.<n>.parquet"
    when DuckDB cut a large partition in several files."""
    return path.name.split(".", 1)[0]


def table_files(
    directory: Path, table: str, pieces: set[str], partition: Partition | None = None
) -> list[Path]:
    """The Parquet files of `table` that belong to `pieces` (in one partition only)."""
    folders = "/".join(_folders(partition)) if partition else "*/*/*"
    return sorted(
        path
        for path in (directory / table).glob(f"{folders}/*.parquet")
        if piece_of(path) in pieces
    )


def write_atomically(path: Path, text: str) -> None:
    """Write a whole file or nothing: to a temporary name, then renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def record_piece(directory: Path, record: PieceRecord) -> None:
    write_atomically(directory / DONE_FOLDER / f"{record.piece}.json", record.to_json())


def is_recorded(directory: Path, piece: str) -> PieceRecord | None:
    path = directory / DONE_FOLDER / f"{piece}.json"
    return PieceRecord.from_json(path.read_text()) if path.exists() else None


def read_completely(found: list[PieceRecord]) -> set[tuple[str, int, str]]:
    """The files (name, size, modification time) whose every byte was read into the
    dataset, with no half-written hand left over: a new run need not open them. The
    pieces may come from runs that cut the file differently."""
    spans: dict[tuple[str, int, str], list[tuple[int, int, bool]]] = {}
    for record in found:
        for mark in record.marks:
            key = (mark.name, mark.size, mark.mtime)
            spans.setdefault(key, []).append((mark.start, mark.end, mark.complete))
    done = set()
    for (name, size, mtime), covered in spans.items():
        reached = 0
        for start, end, complete in sorted(covered):
            if start > reached:
                break
            if end >= size and complete:
                done.add((name, size, mtime))
                break
            reached = max(reached, end)
    return done

"""Import hand histories into the database: incremental, idempotent, nothing lost.

For each file the import log says how far it was read. An unchanged file is skipped
without being opened past its size and time; a file that grew (the poker client appends
to it) is read from where the last import stopped, once the bytes before that point are
shown to be the same; any other file is read whole (hands already stored are skipped by
their (site, hand number)). A half-written last hand is left for the next run. Every
other hand is stored, or kept whole in `rejects` with its reason.

A large file on disk is read in pieces (`pipeline.sources.file_pieces`), each by a worker, so a
single big export uses every core; the loader still stores them in order, and counts
the file's hands across its pieces.
"""

from __future__ import annotations

import hashlib
import threading
import time
import uuid
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from parsers.formats.phh_notation import is_phh
from parsers.formats.tournament_summaries import TournamentSummary, is_summary, read_summary
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Hand
from parsers.model.hand_limits import size_refusal
from parsers.model.outcomes import CancelledHand, ParseOutcome, SkippedHand
from parsers.sites import conventions_of
from parsers.text.hand_texts import HandText, decode_history
from parsers.text.history_file import file_chunks, parse_chunk
from pipeline.engine.all_in import all_in_adjustment
from pipeline.engine.replay import replay
from pipeline.importing.import_summary import ImportSummary
from pipeline.reports.validation_tally import engine_rejection
from pipeline.sources.file_pieces import (
    PIECE_BYTES,
    Piece,
    PieceSizes,
    file_pieces,
    piece_sizes_for,
    prefix_sha256,
    read_piece,
)
from pipeline.sources.history_sources import (
    Refused,
    Source,
    SourceRefusal,
    read_refusal,
    reader_failure,
    sources,
)
from pipeline.storage.arrow_rows import write_rows
from pipeline.storage.file_progress import FileProgress
from pipeline.storage.rows import (
    TABLE_COLUMNS,
    Batch,
    add_engine_reject,
    add_hand,
    add_parse_reject,
    add_reject,
    add_summary,
)
from pipeline.workers.spool_folders import spool_folder
from pipeline.workers.worker_pool import OrderedMap, executor

if TYPE_CHECKING:  # workers never load duckdb: they only build columns
    from pipeline.storage.database import Database

BATCH_HANDS = 7_500
"""Hands a transaction stores. Each costs the loader 0.1 s whatever its size (connecting,
the facts query's planning, the commit and checkpoint), and the loader's memory grows with
it: the largest batch whose million-hand import stays under 600 MB (docs/performance.md,
"Tuned constants")."""
# Per batch a worker spools: its rows as Python tuples cost 27 KB a hand until spooled.
SPOOL_HANDS = 1_000
# A file whose last hand is complete ends with a blank line, whatever its encoding.
_BLANK_LINE_ENDINGS = (b"\n\n", b"\n\r\n", b"\n\x00\n\x00", b"\n\x00\r\x00\n\x00", b"\x00\n\x00\n")


Progress = Callable[[int, int], None]
"""Told (files done, hands seen) as the import goes."""


@dataclass(frozen=True, slots=True)
class FileWork:
    """One file for a worker: where to start, how many hands it already gave, and the
    folder where its batches (of `spool_hands` hands) wait for the loader."""

    source: Source
    known: FileProgress | None
    spool_hands: int
    spool: str
    piece: Piece | None = None  # a piece of a large file (then `known` is not used)
    hands_before: int | None = None  # a first piece's: the hands stored before it

    @property
    def size(self) -> int:
        """The bytes it reads; for a file that grew, those after its known part (which
        is skipped only if unchanged: then the whole file is read)."""
        if self.piece is not None:
            return self.piece.end - self.piece.start
        return max(0, self.source.size - (self.known.offset_reached if self.known else 0))


@dataclass
class WorkOutcome:
    """What a worker hands back: each batch as Arrow IPC streams (a table each) in the
    spool folder, with the file's progress at the end of that batch, and the file's
    counts. Batches wait on disk, not in memory: a worker never holds more than one,
    and the loader reads one at a time."""

    batches: list[tuple[dict[str, str], FileProgress]] = field(default_factory=list)
    flop_games_skipped: int = 0
    cancelled: int = 0
    rejected: Counter[str] = field(default_factory=Counter)
    left_for_next_run: int = 0
    duplicates: int = 0  # a hand twice in one batch
    tournament_summaries: int = 0  # a summary file read
    hands_before: int | None = None  # the file's hands stored before; None: the last piece's
    ends_file: bool = True  # the file's last (or only) piece
    refused: Refused | None = None  # the file could not be read


def import_histories(
    paths: Iterable[str | Path],
    database: Database,
    progress: Progress | None = None,
    batch_hands: int = BATCH_HANDS,
    jobs: int = 1,
    piece_bytes: int = PIECE_BYTES,
    stop: threading.Event | None = None,
) -> ImportSummary:
    """Import every history under `paths`; each `batch_hands` hands commit together."""
    return import_sources(sources(paths), database, progress, batch_hands, jobs, piece_bytes, stop)


def import_sources(
    found: Iterable[Source | Refused],
    database: Database,
    progress: Progress | None = None,
    batch_hands: int = BATCH_HANDS,
    jobs: int = 1,
    piece_bytes: int = PIECE_BYTES,
    stop: threading.Event | None = None,
    workers: Executor | None = None,
) -> ImportSummary:
    """Import the histories `sources` found (a caller that counted them first, for its
    progress bar, need not search the folders and archives twice).

    With `jobs` > 1, files are read, parsed, replayed and turned into columns by that
    many worker processes (a file larger than `piece_bytes` in pieces); this process only
    loads their batches, in file order: in `workers`, if the caller started them
    (`worker_pool.executor(jobs, "pipeline.importing.importer")`), else in a pool of its own.
    Setting `stop` ends the import after the file or piece being stored
    (`summary.stopped`); the next import goes on from there.
    """
    summary = ImportSummary()
    started = time.perf_counter()
    found = list(found)
    with spool_folder("import") as spool:
        to_read: list[tuple[Source, FileProgress | None]] = []
        for source in found:
            if isinstance(source, Refused):
                summary.refused.append(source)
                continue
            summary.files += 1
            known = database.file_progress(source.name)
            same = known and (known.size, known.mtime) == (source.size, source.mtime)
            if same and known.finished:  # type: ignore[union-attr]  # same: known is not None
                summary.files_unchanged += 1
            else:
                to_read.append((source, known))
        # Planned as the workers take it: cutting a large file reads it through (38 ms a
        # 15 MB file), and the first pieces need not wait for every file's cuts.
        cutting = piece_sizes_for([source for source, _known in to_read], jobs, piece_bytes)
        work = (
            file_work
            for (source, known), sizes in zip(to_read, cutting, strict=True)
            for file_work in work_of_file(source, known, batch_hands, spool, sizes)
        )
        pool = executor(jobs, read_work.__module__) if workers is None else nullcontext(workers)
        with pool as running:  # the caller's workers are the caller's to stop
            _load(database, work, running, jobs, batch_hands, summary, progress, stop)
    summary.seconds = time.perf_counter() - started
    return summary


def work_of_file(
    source: Source,
    known: FileProgress | None,
    batch_hands: int,
    spool: str,
    sizes: PieceSizes,
) -> list[FileWork]:
    """A file's work: the whole file, or its pieces (`sizes`) when it is a large file on
    disk; its batches no larger than a transaction."""
    spool_hands = min(batch_hands, SPOOL_HANDS)
    if sizes.cut_targets(0, source.size) and not source.members and not is_phh(source.name):
        start = hands_before = 0
        try:
            if known and source.size >= known.offset_reached:
                prefix = prefix_sha256(source.path, known.offset_reached).hexdigest()
                if prefix == known.prefix_sha256:
                    start, hands_before = known.offset_reached, known.hands
            pieces = file_pieces(source.path, start, source.size, sizes)
        except OSError:  # gone or unreadable since it was found: its reading tells why
            pieces = None
        if pieces:
            first = [FileWork(source, None, spool_hands, spool, pieces[0], hands_before)]
            return first + [FileWork(source, None, spool_hands, spool, p) for p in pieces[1:]]
    return [FileWork(source, known, spool_hands, spool)]


def _load(
    database: Database,
    work: Iterable[FileWork],
    pool: Executor,
    jobs: int,
    batch_hands: int,
    summary: ImportSummary,
    progress: Progress | None,
    stop: threading.Event | None = None,
) -> None:
    """Store the workers' batches in file order, in transactions of about `batch_hands`
    hands (`PendingBatches`)."""
    given = _GivenWork(work)
    outcomes = OrderedMap(pool, read_work, given, window=2 * jobs)
    outcomes.give_out()  # the first pieces: the workers read them while this process gets ready
    # Here, not at the top: the workers load this module, and never Polars (0.09 s each).
    from pipeline.importing.all_in_fill import fill_all_in_results, hands_to_fill
    from pipeline.importing.pending_batches import PendingBatches

    database.prepare()  # a new file made, an older one brought up to date
    if hands_to_fill(database):  # a file an older studdraw wrote: its all-in EVs first
        summary.all_in_filled = fill_all_in_results(database)
    database.close()  # until the first batch: others may read while the workers parse
    done = summary.files_unchanged
    hands_before = 0  # the file's hands in the import log before this outcome's batches
    pending, pending_bytes = PendingBatches(), 0
    for outcome in outcomes:
        pending_bytes += given.handed_back()
        if outcome.hands_before is not None:
            hands_before = outcome.hands_before
        for frame_files, file_progress in outcome.batches:
            pending.add(
                frame_files, replace(file_progress, hands=hands_before + file_progress.hands)
            )
            if pending.hands >= batch_hands:
                pending.store(database, summary)
                pending_bytes = 0
        summary.flop_games_skipped += outcome.flop_games_skipped
        summary.cancelled += outcome.cancelled
        summary.tournament_summaries += outcome.tournament_summaries
        summary.rejected.update(outcome.rejected)
        summary.left_for_next_run += outcome.left_for_next_run
        summary.duplicates += outcome.duplicates
        if outcome.refused and outcome.refused not in summary.refused:
            summary.refused.append(outcome.refused)  # once for a file of many pieces
        if outcome.batches:
            hands_before += outcome.batches[-1][1].hands
        done += outcome.ends_file
        if given.all_given and store_before_the_rest(pending_bytes, given.unread, jobs):
            pending.store(database, summary, keep_open=True)  # the last store comes soon
            pending_bytes = 0
        if progress:
            progress(done, summary.hands_seen + pending.unstored)
        if stop is not None and stop.is_set():
            summary.stopped = True
            pool.shutdown(cancel_futures=True)  # what no worker has started, dropped
            break
    pending.store(database, summary)
    database.close()  # let go, though a store before the rest kept it and nothing followed


class _GivenWork:
    """The work, as the workers are given it: how much of it they have not handed back."""

    def __init__(self, work: Iterable[FileWork]) -> None:
        self._work = work
        self._sizes: deque[int] = deque()
        self.all_given = False

    def __iter__(self) -> Iterator[FileWork]:
        for item in self._work:
            self._sizes.append(item.size)
            yield item
        self.all_given = True

    def handed_back(self) -> int:
        """The next work's outcome is back (they come in order): its size."""
        return self._sizes.popleft()

    @property
    def unread(self) -> int:
        """Bytes given out whose outcome is not back."""
        return sum(self._sizes)


STORE_SHARE_OF_READING = 4
"""Storing a hand takes the loader about a quarter of the time reading it takes a worker,
while the workers read beside it (a 5,000-hand stud file: 0.44 s to store 3,900 hands,
1.6 s of a worker to read them; a sixth on an idle machine)."""
TRANSACTION_BYTES = 2**19
"""What a worker reads while a transaction's fixed part runs (0.09 s: connecting, the
facts query's planning, the commit and checkpoint, closing)."""


def store_before_the_rest(pending_bytes: int, unread: int, jobs: int) -> bool:
    """Whether to store the hands read so far before the rest, all given out, is read.

    The last transaction runs on one core with nothing to run beside it: a quarter of a
    5,000-hand file's import (0.5 s of 2.05). Stored while the workers read the file's
    last megabytes, most of the hands are no longer waiting then, and the last
    transaction holds only those megabytes' hands: worth it when the rest takes the
    workers left (all but one, the loader's) about as long as the store, and more than a
    transaction's fixed part. Both are told in bytes of history."""
    if jobs < 2:
        return False  # one process reads and stores in turn: nothing runs beside a store
    per_worker = unread / (jobs - 1)
    return (
        unread > 0  # nothing left to read: the store after the last outcome takes it all
        and TRANSACTION_BYTES
        <= per_worker
        <= TRANSACTION_BYTES + pending_bytes / STORE_SHARE_OF_READING
    )


def read_work(work: FileWork) -> WorkOutcome:
    """Read one file (or piece) from where the last import stopped into batches of columns."""
    try:
        return _read_source(work)
    except (SourceRefusal, OSError) as error:  # vanished, unreadable, changed under us
        refusal = error if isinstance(error, SourceRefusal) else read_refusal(error, "it")
        last = work.piece.last if work.piece else True  # a piece's failure ends no file
        return WorkOutcome(refused=Refused(work.source.name, str(refusal)), ends_file=last)
    except Exception as error:  # a reader that failed: the file refused, the import goes on
        last = work.piece.last if work.piece else True
        refused = Refused(work.source.name, str(reader_failure(error)))
        return WorkOutcome(refused=refused, ends_file=last)


def _read_source(work: FileWork) -> WorkOutcome:
    source, known, piece = work.source, work.known, work.piece
    outcome = WorkOutcome()
    if piece is None:
        data = source.read()
        if len(data) < source.size:
            raise SourceRefusal("it shrank while it was being read: import it again")
        if is_summary(data):
            return _summary_outcome(work, data)
        start, prefix = 0, hashlib.sha256()
        if known and len(data) >= known.offset_reached:
            # read in place: a slice would copy a large file's bytes
            known_prefix = hashlib.sha256(memoryview(data)[: known.offset_reached])
            if known_prefix.hexdigest() == known.prefix_sha256:
                start, prefix = known.offset_reached, known_prefix  # grew, or a run was cut
        outcome.hands_before = known.hands if known and start else 0
        chunks = file_chunks(source.name, data)
        read_from, file_end = 0, True
    else:
        data = read_piece(source.path, piece, "import it again")
        start = read_from = piece.start
        outcome.hands_before, outcome.ends_file = work.hands_before, piece.last
        prefix = prefix_sha256(source.path, piece.start)
        chunks = file_chunks(source.name, data, piece.reading)
        file_end = piece.last

    batch, batch_keys, reached, hands = Batch(), set[tuple[str, str]](), start, 0
    for chunk, last in _with_last(c for c in chunks if c.byte_offset >= start):
        try:
            parsed = parse_chunk(chunk)
            if _still_being_written(parsed, last and file_end, data, chunk):
                outcome.left_for_next_run += 1
                break
            _add_outcome(batch, batch_keys, chunk, parsed, outcome)
        except Exception as error:  # RecursionError, a 5,000-digit number...: not read
            raise reader_failure(error, chunk.first_line) from None
        prefix.update(memoryview(data)[reached - read_from : chunk.byte_end - read_from])
        reached = chunk.byte_end
        if len(batch.hands) + len(batch.rejects) >= work.spool_hands:
            hands += len(batch.hands)
            outcome.batches.append(_spooled(batch, work, prefix, reached, hands, False))
            batch, batch_keys = Batch(), set()
    hands += len(batch.hands)
    outcome.batches.append(_spooled(batch, work, prefix, reached, hands, file_end))
    return outcome


def _add_outcome(
    batch: Batch,
    batch_keys: set[tuple[str, str]],
    chunk: HandText,
    parsed: ParseOutcome,
    outcome: WorkOutcome,
) -> None:
    """A hand's outcome: counted (skipped, cancelled), rejected with its reason, or a
    hand read, replayed (`_add_replayed`)."""
    if isinstance(parsed, Hand):
        _add_replayed(batch, batch_keys, chunk, parsed, outcome)
    elif isinstance(parsed, SkippedHand):
        outcome.flop_games_skipped += 1
    elif isinstance(parsed, CancelledHand):
        outcome.cancelled += 1
    else:
        add_parse_reject(batch, chunk, parsed)
        outcome.rejected[parsed.kind.value] += 1


def _add_replayed(
    batch: Batch,
    batch_keys: set[tuple[str, str]],
    chunk: HandText,
    hand: Hand,
    outcome: WorkOutcome,
) -> None:
    """A hand read: replayed, and its rows added, or rejected with the reason (the
    engine's, or a value the database cannot hold); a hand twice in a batch, counted."""
    result = replay(hand, conventions_of(hand.site))
    key = (hand.header.site, hand.header.hand_number)
    if result.errors:
        add_engine_reject(batch, chunk, result)
        outcome.rejected[engine_rejection(result)] += 1
        return
    if key in batch_keys:  # stored, its players' rows would be stored twice
        outcome.duplicates += 1
        return
    before = batch.sizes()
    add_hand(batch, chunk, hand, result, all_in_adjustment(result))
    unstorable = batch.unstorable_since(before)
    if unstorable is None:
        batch_keys.add(key)
        return
    batch.drop_since(before)
    add_reject(batch, chunk, UNSTORABLE, unstorable, chunk.first_line, hand.site, key[1])
    outcome.rejected[UNSTORABLE] += 1


UNSTORABLE = "unstorable"
"""The rejects' kind of a hand with a value the database cannot hold (an amount of
10^14 or more, infinite, not a number)."""


def _with_last(items: Iterator[HandText]) -> Iterator[tuple[HandText, bool]]:
    """Each item, and whether it is the last: a file's hands, one at a time."""
    previous = next(items, None)
    for item in items:
        yield previous, False  # type: ignore[misc]  # not None: items had one
        previous = item
    if previous is not None:
        yield previous, True


def _spooled(
    batch: Batch, work: FileWork, prefix: hashlib._Hash, reached: int, hands: int, finished: bool
) -> tuple[dict[str, str], FileProgress]:
    """A batch written to the spool as Arrow IPC streams, with the file's progress
    (`prefix` has hashed the file up to `reached`; `hands`, stored by this work so far,
    the loader adds to those before it); until `finished`, a run killed later resumes
    from `reached`. A stream, not an IPC file: written and read in half the time."""
    source = work.source
    frame_files = {}
    for table, rows in batch.tables().items():
        path = Path(work.spool) / f"{uuid.uuid4().hex}-{table}.arrows"
        write_rows(path, TABLE_COLUMNS[table], rows)
        frame_files[table] = str(path)
    progress = FileProgress(
        source.name, source.size, source.mtime, prefix.hexdigest(), reached, hands, finished
    )
    return frame_files, progress


def _summary_outcome(work: FileWork, data: bytes) -> WorkOutcome:
    """A tournament summary file: one row, or the file rejected with why."""
    outcome, batch = WorkOutcome(), Batch()
    summary = read_summary(work.source.name, data)
    if isinstance(summary, TournamentSummary):
        add_summary(batch, summary)
        unstorable = batch.unstorable_since(Batch().sizes())
        if unstorable is not None:
            batch.drop_since(Batch().sizes())
            raise SourceRefusal(f"a tournament summary whose {unstorable}")
        outcome.tournament_summaries = 1
    else:
        lines = tuple(decode_history(data, None).text.splitlines())
        whole = HandText(work.source.name, lines, 1, 0, len(data), is_hand=False)
        add_parse_reject(batch, whole, summary)
        outcome.rejected[summary.kind.value] += 1
    outcome.hands_before = 0
    prefix = hashlib.sha256(data)
    outcome.batches.append(_spooled(batch, work, prefix, len(data), 0, True))
    return outcome


def _still_being_written(outcome: object, last: bool, data: bytes, chunk: HandText) -> bool:
    """A last hand that does not read, with no blank line after it: the client is still
    writing it (cut anywhere, even mid-line), so it waits for the next import.

    Not a hand far larger than any (a 50 MB line: `hand_limits`), and not a PHH hand
    whose TOML reads whole (a program writes the file at once; month 13, a stack of
    `nan`, `actions = [1]` are wrong, not unfinished): those are rejected, each run alike."""
    if not (
        last
        and isinstance(outcome, HandParseError)
        and outcome.kind is not ErrorKind.NOT_A_HAND
        and not data.endswith(_BLANK_LINE_ENDINGS)
    ):
        return False
    if size_refusal(chunk) is not None:
        return False
    return outcome.kind is ErrorKind.SYNTAX or not is_phh(chunk.path)

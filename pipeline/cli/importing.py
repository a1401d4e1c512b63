"""`studdraw import`, `compact` and `watch`: hands into the database (or a Parquet
dataset, on a Dask cluster), once or as the clients write them."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from parsers.sites import site_name
from pipeline.cli.connections import database_errors_as_messages, database_path
from pipeline.cli.console import stderr
from pipeline.cli.options import ALL_CORES, DATABASE_HELP, JOBS_HELP
from pipeline.reports.terminal_text import as_text, joined
from pipeline.reports.wording import counted

if TYPE_CHECKING:
    from pipeline.dataset.cluster import DatasetSummary
    from pipeline.importing.import_summary import ImportSummary


def import_(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, folders (searched) or .zip archives.")
    ],
    db: Annotated[Path | None, typer.Option(help=DATABASE_HELP)] = None,
    jobs: Annotated[int, typer.Option(min=1, help=JOBS_HELP)] = ALL_CORES,
    to: Annotated[
        tuple[str, Path] | None,
        typer.Option(
            "--to",
            metavar="parquet DIR",
            help="Write a Parquet dataset in DIR instead of the database, on a Dask "
            "cluster (docs/cluster.md).",
        ),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            help="With --to parquet: the Dask scheduler's address (tcp://host:8786); "
            "default: a local cluster of --jobs worker processes."
        ),
    ] = None,
) -> None:
    """Import hand histories: new hands only, rejected hands kept with their reasons.

    Exit status 0 when the import ran to its end, files not read among them (each listed
    at the end, with why); 1 when it stopped (the database busy, a write failed); 2 when
    a path or the database cannot be used."""
    from pipeline.sources.user_paths import user_path

    paths = [user_path(path) for path in paths]  # "%LOCALAPPDATA%\\...", "~/..." quoted
    missing = [path for path in paths if not path.exists()]
    if missing:
        stderr.print(joined(("no such file or folder:", "red"), f" {', '.join(map(str, missing))}"))
        raise typer.Exit(2)
    if to is not None:
        _import_to_dataset(paths, to, cluster, jobs)
        return
    if cluster is not None:
        stderr.print("[red]--cluster goes with --to parquet DIR[/]")
        raise typer.Exit(2)
    from pipeline.workers.worker_pool import executor

    # The workers start first, loading the parsers while this process opens the rest.
    with executor(jobs, "pipeline.importing.importer") as workers:
        from pipeline.importing.importer import import_sources
        from pipeline.sources.history_sources import Source, sources
        from pipeline.storage.database import Database

        found = list(sources(paths))  # searched once: counted for the bar, then imported
        total = sum(isinstance(source, Source) for source in found)
        target = database_path(db)
        with (
            database_errors_as_messages(),
            Database(target, prepared_when_used=True) as database,
            _file_bar(total) as advance,
        ):
            summary = import_sources(found, database, advance, jobs=jobs, workers=workers)
    stderr.print(
        as_text(
            f"{counted(summary.hands_imported, 'hand')} imported into {target} in "
            f"{summary.seconds:.1f} s ({counted(summary.files, 'file')}, "
            f"{summary.files_unchanged:,} unchanged and skipped)"
        )
    )
    for site, count in summary.imported_by_site.most_common():
        stderr.print(f"  {count:6,d}  {site_name(site)}", markup=False)
    stderr.print(f"{counted(summary.duplicates, 'duplicate')} skipped")
    if summary.all_in_filled:
        stderr.print(
            f"{counted(summary.all_in_filled, 'hand')} stored before all-in adjusted results "
            "existed read again to work theirs out"
        )
    _print_import_summary_end(summary)


def _import_to_dataset(
    paths: list[Path], to: tuple[str, Path], cluster: str | None, jobs: int
) -> None:
    """`import --to parquet DIR`: the same reading, on a Dask cluster, into a dataset."""
    from pipeline.dataset.cluster import import_to_dataset
    from pipeline.sources.history_sources import Source, sources

    kind, directory = to
    if kind != "parquet":
        stderr.print(f"[red]--to {kind}:[/] the one kind of output is 'parquet' (--to parquet DIR)")
        raise typer.Exit(2)
    total = sum(isinstance(source, Source) for source in sources(paths))
    started = time.perf_counter()
    try:
        with _file_bar(total) as advance:
            summary = import_to_dataset(paths, directory, cluster, jobs, advance)
    except OSError as error:  # the scheduler unreachable, DIR not writable
        stderr.print(f"[red]import stopped:[/] {error}", highlight=False)
        raise typer.Exit(1) from None
    seconds = time.perf_counter() - started
    stderr.print(
        f"[bold]{summary.hands_written:,}[/] hands written to {directory} in {seconds:.1f} s "
        f"by {summary.workers} workers ({summary.files} files, {summary.files_unchanged} "
        f"already there whole; {summary.pieces_written} pieces written, "
        f"{summary.pieces_already} found there already)"
    )
    for site, count in summary.imported_by_site.most_common():
        stderr.print(f"  {count:6,d}  {site_name(site)}", markup=False)
    stderr.print(
        f"[bold]{summary.duplicates:,}[/] duplicates skipped (a hand written by two pieces is "
        "read once; 'studdraw compact' stores it once)"
    )
    _print_import_summary_end(summary)


def _print_import_summary_end(summary: ImportSummary | DatasetSummary) -> None:
    """The end of an import's summary, the same for both kinds: tournament summaries
    read, hands skipped, cancelled, left for the next run, rejected by reason, and files
    not read, with why."""
    if summary.tournament_summaries:
        summaries = counted(
            summary.tournament_summaries, "tournament summary", "tournament summaries"
        )
        stderr.print(f"{summaries} read")
    stderr.print(f"{counted(summary.flop_games_skipped, 'flop-game hand')} skipped")
    if summary.cancelled:
        stderr.print(f"{counted(summary.cancelled, 'hand')} cancelled by the site (no money moved)")
    if summary.left_for_next_run:
        stderr.print(
            f"{counted(summary.left_for_next_run, 'half-written hand')} left for the next import"
        )
    rejected = sum(summary.rejected.values())
    stderr.print(f"{counted(rejected, 'hand')} rejected (kept in the rejects table)")
    for reason, count in summary.rejected.most_common():
        stderr.print(as_text(f"  {count:6,d}  {reason}"))
    if summary.refused:
        stderr.print(f"{counted(len(summary.refused), 'file')} not read:", style="bold red")
    for refused in summary.refused:
        stderr.print(as_text(f"  {refused.name}: {refused.reason}"))


@contextlib.contextmanager
def _file_bar(total: int) -> Iterator[Callable[[int, int], None]]:
    """A progress bar of files done, with the hands seen and their rate; yields the
    function that moves it (files done, hands seen)."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    started = time.perf_counter()
    with Progress(
        TextColumn("[bold]importing[/]"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} files"),
        TextColumn("{task.fields[hands]:,} hands, {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
        console=stderr,
        transient=True,
    ) as bar:
        task = bar.add_task("import", total=total, hands=0, rate=0.0)

        def advance(files: int, hands: int) -> None:
            rate = hands / max(time.perf_counter() - started, 1e-9)
            bar.update(task, completed=files, hands=hands, rate=rate)

        yield advance


def compact(
    directory: Annotated[Path, typer.Argument(help="A dataset 'import --to parquet' wrote.")],
) -> None:
    """Fold a Parquet dataset's pieces into one, each hand stored once (not while an
    import writes to it)."""
    from pipeline.dataset.as_database import DatasetMissing, open_dataset
    from pipeline.dataset.compaction import compact as compact_dataset

    try:
        open_dataset(directory).close()  # says what is wrong with the folder, if anything
    except DatasetMissing as error:
        stderr.print(f"[red]not compacted:[/] {error}", highlight=False)
        raise typer.Exit(2) from None
    done = compact_dataset(directory)
    stderr.print(
        f"{done.pieces_before:,} pieces folded into one: {done.hands:,} hands, "
        f"{done.copies_removed:,} copies removed; {done.files_before:,} -> "
        f"{done.files_after:,} Parquet files"
    )


def watch(
    folders: Annotated[
        list[Path] | None,
        typer.Argument(help="Folders to watch (default: the clients' history folders)."),
    ] = None,
    db: Annotated[Path | None, typer.Option(help=DATABASE_HELP)] = None,
    jobs: Annotated[
        int, typer.Option(min=1, help="Worker processes for the first import of everything.")
    ] = ALL_CORES,
    poll: Annotated[
        bool,
        typer.Option(
            "--poll",
            help="Look at the folders every second instead of waiting to be told of "
            "changes (a network share, a folder another machine or program writes).",
        ),
    ] = False,
    started_from: Annotated[str, typer.Option(hidden=True)] = "command line",
) -> None:
    """Import new hands as the clients write them, until Ctrl+C (one watch per database)."""
    from pipeline.sources.client_folders import client_folders
    from pipeline.sources.user_paths import user_path
    from pipeline.watch.watch_run import run_watch
    from pipeline.watch.watch_state import AlreadyWatched
    from pipeline.workers.worker_pool import lower_priority

    lower_priority()  # beside the poker client, it gives way; before any thread starts
    if folders:
        folders = [user_path(folder) for folder in folders]
        missing = [folder for folder in folders if not folder.is_dir()]
        if missing:
            stderr.print(joined(("no such folder:", "red"), f" {', '.join(map(str, missing))}"))
            raise typer.Exit(2)
        watched = list(folders)
    else:
        found = client_folders()
        if not found:
            stderr.print(
                "No client's history folder found where PokerStars, Full Tilt, Winamax, "
                "ACR, iPoker or PartyPoker keep them by default (Wine prefixes included): "
                "name the folder, "
                "`studdraw watch FOLDER`."
            )
            raise typer.Exit(2)
        for client in found:
            stderr.print(as_text(f"found {client.client}: {client.path}"))
        watched = [client.path for client in found]
    target = database_path(db)
    try:
        with database_errors_as_messages():
            run_watch(target, watched, jobs, stderr, poll=poll, started_from=started_from)
    except AlreadyWatched as refusal:
        stderr.print(as_text(f"{target} is {refusal}"))
        raise typer.Exit(2) from None
    stderr.print(as_text(f"stopped; the database is {target}"))

"""The `studdraw` command line."""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.outcomes import CancelledHand, ParseOutcome
from parsers.sites import site_name
from parsers.text.history_file import parse_bytes
from pipeline.engine.findings import Severity
from pipeline.reports.terminal_text import as_text, joined
from pipeline.reports.wording import counted

if TYPE_CHECKING:
    import duckdb
    import polars as pl

    from pipeline.dataset.cluster import DatasetSummary
    from pipeline.importing.importer import ImportSummary
    from pipeline.reports.hand_reports import HandFindings
    from pipeline.storage.stat_filters import StatFilters
    from pipeline.workers.piece_parsing import Reader, Report

app = typer.Typer(
    help="studdraw: hand histories of Stud and Draw poker, read, proved and analysed.",
    no_args_is_help=True,
    add_completion=False,
)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)  # paths stay greppable

_SHOWN_ERRORS = 20


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        build = _build_said()
        try:
            print(f"studdraw {version('studdraw')} ({build})")
        except PackageNotFoundError:  # run from a checkout that was never installed
            print(f"studdraw (not installed; {build})")
        raise typer.Exit()


def _build_said() -> str:
    """Whether the parsers and engine run compiled: an install without a C compiler (or
    a build older than its sources) runs them as pure Python."""
    from parsers.build.compiled import build_is_current, extensions_present, sources_forced

    if extensions_present() and build_is_current() and not sources_forced():
        return "compiled"
    return "pure Python: the same results, slower; docs/performance.md"


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_print_version, help="Say the version."),
    ] = False,
) -> None:
    """Read, validate and analyse Stud and Draw hand histories."""
    utf8_when_redirected(sys.stdout)


def utf8_when_redirected(
    stream: object, platform: str = sys.platform, environ: Mapping[str, str] = os.environ
) -> None:
    """On Windows, output sent to a file or a pipe (`studdraw query --csv > hands.csv`) is
    written in the ANSI code page (cp1252), where a screen name such as "Łukasz" or
    "王" cannot be written: the command stopped on a UnicodeEncodeError. Written in UTF-8
    there, as everywhere else, unless PYTHONIOENCODING or PYTHONUTF8 says otherwise."""
    if not platform.startswith("win") or {"PYTHONIOENCODING", "PYTHONUTF8"} & set(environ):
        return
    reconfigure = getattr(stream, "reconfigure", None)
    isatty = getattr(stream, "isatty", None)
    if reconfigure is not None and isatty is not None and not isatty():  # a console: UTF-16
        reconfigure(encoding="utf-8")


_JOBS_HELP = "Worker processes (default: every core)."
_PARQUET_HELP = "Read the Parquet dataset in this folder instead of the database."


@app.command()
def parse(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, or folders to search for them.")
    ],
    jobs: Annotated[int, typer.Option(min=1, help=_JOBS_HELP)] = os.cpu_count() or 1,
) -> None:
    """Print every hand as one JSON object per line; a summary goes to stderr.

    Exit status 0 when every hand parsed, was skipped (flop games) or was cancelled by
    the site, 1 otherwise.
    """
    from pipeline.reports.hand_reports import ParseReport, parse_report

    total = ParseReport()
    for report in _reports(paths, parse_report, jobs):
        sys.stdout.writelines(report.json_lines)
        total.update(report)
    _print_summary(total.parsed, total.skipped, total.cancelled, total.failures)
    raise typer.Exit(1 if total.failures else 0)


@app.command()
def validate(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, or folders to search for them.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per hand on stdout.")
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, help=_JOBS_HELP)] = os.cpu_count() or 1,
) -> None:
    """Replay every hand through the engine and report what it finds.

    A table on stderr counts, per site, the hands valid, with warnings, cancelled by the
    site, skipped (flop games) and rejected by reason: its columns add up to the hands
    in the files. Exit status 0 when no hand has an error finding and every hand parsed
    (or was cancelled or skipped), 1 otherwise.
    """
    from functools import partial

    from pipeline.reports.hand_reports import ValidationReport, validation_report

    reader = partial(validation_report, as_json=as_json)  # a worker is sent it
    total = ValidationReport()
    for report in _reports(paths, reader, jobs):
        sys.stdout.writelines(report.json_lines)
        for hand in report.with_findings:
            _print_findings(hand)
        total.update(report)
    for line in total.tally.lines():
        stderr.print(as_text(line))
    if total.codes:
        stderr.print("findings:")
    for code, count in total.codes.most_common():
        stderr.print(as_text(f"  {count:6d}  {code}"))
    if total.failures and not as_json:
        for error in total.failures[:_SHOWN_ERRORS]:
            stderr.print(as_text(error, lines=True))
        if len(total.failures) > _SHOWN_ERRORS:
            more = len(total.failures) - _SHOWN_ERRORS
            stderr.print(f"... and {more} more (--json lists them all)")
    raise typer.Exit(1 if total.failures or total.tally.total.rejected else 0)


def _reports(paths: list[Path], reader: Reader[Report], jobs: int) -> Iterator[Report]:
    """`reader`'s report of each file or piece of a file, read by `jobs` workers; a file
    that cannot be read is reported too, as a hand that is not one, with the reason."""
    from pipeline.sources.history_sources import Refused, sources
    from pipeline.workers.piece_parsing import read_sources

    for report in read_sources(sources(paths), reader, jobs):
        if isinstance(report, Refused):
            stderr.print(joined(("not read:", "red"), f" {report.name}: {report.reason}"))
            error = HandParseError(ErrorKind.NOT_A_HAND, report.reason, report.name, 0)
            yield reader(iter([error]))
        else:
            yield report


@app.command()
def export(
    out: Annotated[Path, typer.Option(help="The folder the PHH files are written to.")],
    paths: Annotated[
        list[Path] | None,
        typer.Argument(help="History files, or folders to search for them (or use --db)."),
    ] = None,
    file_format: Annotated[
        str, typer.Option("--format", help="phh: the poker hand-history notation.")
    ] = "phh",
    collection: Annotated[
        bool, typer.Option("--collection", help="One hands.phhs file instead of one per hand.")
    ] = False,
    db: Annotated[
        Path | None,
        typer.Option(help="Export the hands of this database, chosen by the filters below."),
    ] = None,
    player: Annotated[str | None, typer.Option(help="With --db: hands of this player.")] = None,
    site: Annotated[str | None, typer.Option(help="With --db: only this site.")] = None,
    game: Annotated[str | None, typer.Option(help="With --db: only this game id.")] = None,
    limit: Annotated[str | None, typer.Option(help="With --db: only this limit kind.")] = None,
    stakes: Annotated[str | None, typer.Option(help="With --db: only this big bet.")] = None,
    since: Annotated[str | None, typer.Option(help="With --db: from this date.")] = None,
    until: Annotated[str | None, typer.Option(help="With --db: before this date.")] = None,
    money: Annotated[str | None, typer.Option(help="With --db: real, play, cash...")] = None,
) -> None:
    """Write every hand PHH can say as PHH, after the engine has replayed it; the hands
    skipped are counted by reason. The hands come from history files, or from a
    database (--db) under the same filters as the stats, read again from their files."""
    from pipeline.storage.stat_filters import StatFilters
    from pipeline.writers.export import export_phh

    filters = StatFilters(player, site, game, limit, stakes, since, until, money)
    if file_format != "phh":
        stderr.print(f"[red]unknown format:[/] {file_format} (phh is the one there is)")
        raise typer.Exit(2)
    if bool(paths) == (db is not None):
        stderr.print("[red]name history files or a database (--db), one of the two[/]")
        raise typer.Exit(2)
    if db is None and filters.given:
        stderr.print("[red]the filters choose hands of a database:[/] add --db")
        raise typer.Exit(2)
    if out.exists() and not out.is_dir():
        stderr.print(as_text(f"--out names a file, not a folder: {out}", "red"))
        raise typer.Exit(2)
    outcomes = _outcomes(paths or []) if db is None else _stored_outcomes(db, filters)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        stderr.print(as_text(f"cannot make the folder {out}: {error.strerror}", "red"))
        raise typer.Exit(1) from None
    done = export_phh(outcomes, out, collection)
    stderr.print(as_text(f"{counted(done.written, 'hand')} written as PHH to {out}"))
    for reason, count in done.skipped.most_common():
        stderr.print(as_text(f"  {count:6d}  skipped: {reason}"))
    for line in done.not_written:
        stderr.print(joined(("not written:", "red"), f" {line}"))
    if done.not_written:
        raise typer.Exit(1)


def _stored_outcomes(db: Path, filters: StatFilters) -> Iterator[object]:
    """The hands of the database the filters choose, read again from their files."""
    from pipeline.importing.stored_hands import StoredHand, read_stored

    with _database_connection(db) as connection:
        arguments, values = _checked_filters(connection, filters).macro_arguments()
        frame = _frame(
            connection,
            "SELECT DISTINCT h.site, h.hand_number, h.source_file, h.byte_offset FROM hands AS h"
            f" SEMI JOIN player_hands_filtered({', '.join(arguments)}) AS ph"
            " ON ph.site = h.site AND ph.hand_number = h.hand_number",
            values,
        )
    return read_stored(StoredHand(**row) for row in frame.iter_rows(named=True))


def _database_path(db: Path | None) -> Path:
    from pipeline.storage.database import default_database

    return db or default_database()


@app.command("import")
def import_(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, folders (searched) or .zip archives.")
    ],
    db: Annotated[
        Path | None, typer.Option(help="The database file (default: $STUDDRAW_DB or user data).")
    ] = None,
    jobs: Annotated[
        int, typer.Option(min=1, help="Worker processes (default: every core).")
    ] = os.cpu_count() or 1,
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

    # The workers start first: each loads the parsers (a third of a second) while this
    # process loads its own modules, searches the folders and opens the database.
    with executor(jobs, "pipeline.importing.importer") as workers:
        from pipeline.importing.importer import import_sources
        from pipeline.sources.history_sources import Source, sources
        from pipeline.storage.database import Database

        found = list(sources(paths))  # searched once: counted for the bar, then imported
        total = sum(isinstance(source, Source) for source in found)
        target = _database_path(db)
        with (
            _database_trouble_said(),
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
    _said_the_rest(summary)


def _said_the_rest(summary: ImportSummary | DatasetSummary) -> None:
    """What an import did besides storing hands: summaries, hands skipped, cancelled, left
    for the next run, rejected by reason, and files not read, with why."""
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
    _said_the_rest(summary)


@app.command()
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


@app.command()
def watch(
    folders: Annotated[
        list[Path] | None,
        typer.Argument(help="Folders to watch (default: the clients' history folders)."),
    ] = None,
    db: Annotated[
        Path | None, typer.Option(help="The database file (default: $STUDDRAW_DB or user data).")
    ] = None,
    jobs: Annotated[
        int, typer.Option(min=1, help="Worker processes for the first import of everything.")
    ] = os.cpu_count() or 1,
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
    target = _database_path(db)
    try:
        with _database_trouble_said():
            run_watch(target, watched, jobs, stderr, poll=poll, started_from=started_from)
    except AlreadyWatched as refusal:
        stderr.print(as_text(f"{target} is {refusal}"))
        raise typer.Exit(2) from None
    stderr.print(as_text(f"stopped; the database is {target}"))


@app.command()
def hero(
    names: Annotated[
        list[str] | None, typer.Argument(help="Your screen names (none: show them).")
    ] = None,
    db: Annotated[
        Path | None, typer.Option(help="The database file (default: $STUDDRAW_DB or user data).")
    ] = None,
    forget: Annotated[
        bool, typer.Option("--forget", help="Forget the names set: back to the default.")
    ] = False,
) -> None:
    """Say once which screen names are yours; the stats and the dashboard then count
    them (until then: on each site, the name the site marks as hero in most hands)."""
    from rich.table import Table

    from pipeline.storage.database import Database
    from pipeline.storage.read_only import open_for_reading
    from pipeline.storage.settings import (
        HEROES_FOUND_SQL,
        default_hero_names,
        hero_names,
        set_hero_names,
    )

    target = _database_path(db)
    if not target.exists():
        stderr.print(f"[red]no database at {target}[/]: run 'studdraw import' first")
        raise typer.Exit(2)
    if names or forget:
        with _database_trouble_said():
            set_hero_names(Database(target), None if forget else tuple(names or ()))
    with _database_trouble_said():
        connection = open_for_reading(target, announce=_note_on_stderr)
    with connection:
        chosen = hero_names(connection)
        found = connection.execute(HEROES_FOUND_SQL).fetchall()
    if chosen is None:
        default = default_hero_names(found)
        stderr.print(
            as_text(
                "no screen names set: counted as yours, the name the sites mark as hero in "
                f"most hands on each: {', '.join(default) or 'none'}"
            )
        )
        stderr.print("say which are yours: studdraw hero NAME [NAME ...]", markup=False)
    else:
        stderr.print(as_text(f"your screen names, set for {target}: {', '.join(chosen)}"))
    if not found:
        stderr.print("no history marks a hero yet")
        return
    table = Table("hands", "name", "site", title="The heroes the histories mark")
    for name, site, hands in found:
        table.add_row(f"{hands:,}", as_text(name), as_text(site_name(site)))
    stderr.print(table)


@app.command()
def query(
    sql: Annotated[str, typer.Argument(help="A SQL query (the database is opened read-only).")],
    db: Annotated[Path | None, typer.Option(help="The database file.")] = None,
    parquet: Annotated[Path | None, typer.Option(help=_PARQUET_HELP)] = None,
    csv: Annotated[bool, typer.Option("--csv", help="CSV on stdout.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per row.")] = False,
) -> None:
    """Run SQL against the database: a table, or CSV / JSON lines (money exact, lists as
    JSON text)."""
    from pipeline.reports.table_output import print_table

    frame = _read_only_frame(db, sql, {}, parquet)
    if not _wrote_csv_or_json(frame, csv, as_json):
        print_table(frame, Console(highlight=False))


@app.command()
def stats(
    player: Annotated[
        str | None, typer.Option(help="Only this player (default: your screen names).")
    ] = None,
    everyone: Annotated[
        bool, typer.Option("--everyone", help="Every player, not only you.")
    ] = False,
    site: Annotated[str | None, typer.Option(help="Only this site ('pokerstars').")] = None,
    game: Annotated[str | None, typer.Option(help="Only this game ('razz', 'Razz', ...).")] = None,
    limit: Annotated[
        str | None, typer.Option(help="fixed_limit, pot_limit, no_limit or half_pot_limit.")
    ] = None,
    stakes: Annotated[
        str | None, typer.Option(help="The big bet (fixed limit) or big blind, e.g. 0.20.")
    ] = None,
    since: Annotated[str | None, typer.Option(help="From this date or time, included.")] = None,
    until: Annotated[str | None, typer.Option(help="Up to this date or time, excluded.")] = None,
    money: Annotated[
        str | None,
        typer.Option(
            help="real, play, cash (real and play) or tournament; or one unit: USD, EUR, "
            "'play money', 'tournament chips'."
        ),
    ] = None,
    all_games: Annotated[
        bool, typer.Option("--all-games", help="One row per player over every game.")
    ] = False,
    streets: Annotated[
        bool, typer.Option("--streets", help="One row per betting round instead.")
    ] = False,
    db: Annotated[Path | None, typer.Option(help="The database file.")] = None,
    parquet: Annotated[Path | None, typer.Option(help=_PARQUET_HELP)] = None,
    csv: Annotated[bool, typer.Option("--csv", help="CSV on stdout, every column.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per row.")] = False,
) -> None:
    """Your stats (or a player's), each with its sample size (docs/stats.md): one block
    per unit of money (USD, EUR, play money, tournament chips), never added together."""
    from pipeline.storage.settings import heroes_in_use
    from pipeline.storage.stat_filters import StatFilters

    if player is not None and everyone:
        stderr.print("[red]--player and --everyone choose the players two ways:[/] one of the two")
        raise typer.Exit(2)
    connection = _dataset_connection(parquet) if parquet else _database_connection(db)
    with connection:
        filters = _checked_filters(
            connection, StatFilters(player, site, game, limit, stakes, since, until, money)
        )
        names: tuple[str, ...] = ()
        if player is None and not everyone:
            names = heroes_in_use(connection)
            if not names:
                stderr.print(
                    "[red]no hero known:[/] no history marks whose it is; name a player "
                    "(--player NAME), or every one (--everyone)"
                )
                raise typer.Exit(2)
            if not (csv or as_json):
                stderr.print(as_text(f"your stats as {', '.join(names)} (studdraw hero: change)"))
        arguments, given = filters.macro_arguments()
        arguments.append(f"by_game := {'false' if all_games else 'true'}")
        macro = "player_street_stats" if streets else "player_stats"
        sql = f"SELECT * FROM {macro}({', '.join(arguments)})"
        if names:
            given |= {f"hero_{i}": name for i, name in enumerate(names)}
            sql += f" WHERE player IN ({', '.join(f'$hero_{i}' for i in range(len(names)))})"
        frame = _frame(connection, sql, given)
    if not _wrote_csv_or_json(frame, csv, as_json):
        from pipeline.reports.table_output import print_stat_blocks

        if frame.is_empty():
            stderr.print("no hands under these filters")
        print_stat_blocks(frame.iter_rows(named=True), Console(highlight=False))


def _checked_filters(connection: duckdb.DuckDBPyConnection, filters: StatFilters) -> StatFilters:
    """The filters as the database spells them; a value no hand has ends the command
    (exit 2) with one line saying what there is."""
    from pipeline.storage.stat_filters import UnknownValue, checked

    try:
        return checked(connection, filters)
    except UnknownValue as error:
        stderr.print(as_text(f"not counted: {error}", "red"))
        raise typer.Exit(2) from None


@contextlib.contextmanager
def _database_trouble_said() -> Iterator[None]:
    """Another process kept the database for the whole wait, or the file is not one
    studdraw can use: say so in one line, no traceback."""
    from pipeline.storage.database import DatabaseBusy, DatabaseRefused, DatabaseWriteFailed

    try:
        yield
    except DatabaseBusy as error:
        stderr.print(f"[red]the database is busy:[/] {error}")
        raise typer.Exit(1) from None
    except DatabaseWriteFailed as error:
        stderr.print(f"[red]import stopped:[/] {error}", highlight=False)
        raise typer.Exit(1) from None
    except DatabaseRefused as error:
        stderr.print(f"[red]not used:[/] {error}; it was left as it was", highlight=False)
        raise typer.Exit(2) from None


def _read_only_frame(
    db: Path | None, sql: str, parameters: dict[str, str], parquet: Path | None = None
) -> pl.DataFrame:
    """A query's result from the database opened read-only (or the Parquet dataset)."""
    connection = _dataset_connection(parquet) if parquet else _database_connection(db)
    with connection:
        return _frame(connection, sql, parameters)


def _frame(
    connection: duckdb.DuckDBPyConnection, sql: str, parameters: dict[str, str]
) -> pl.DataFrame:
    """A query's result; the user's SQL errors said as such, in one line."""
    try:
        return connection.sql(sql, params=parameters or None).pl()
    except Exception as error:  # duckdb raises many kinds; all are about the input
        stderr.print(joined((f"{type(error).__name__}:", "red"), " ", (error, "")))
        raise typer.Exit(1) from None


def _database_connection(db: Path | None) -> duckdb.DuckDBPyConnection:
    from pipeline.storage.read_only import open_for_reading

    target = _database_path(db)
    if not target.exists():
        stderr.print(f"[red]no database at {target}[/]: run 'studdraw import' first")
        raise typer.Exit(2)
    with _database_trouble_said():
        return open_for_reading(target, announce=_note_on_stderr)


def _dataset_connection(directory: Path) -> duckdb.DuckDBPyConnection:
    from pipeline.dataset.as_database import DatasetMissing, open_dataset

    try:
        return open_dataset(directory)
    except DatasetMissing as error:
        stderr.print(f"[red]no dataset:[/] {error}", highlight=False)
        raise typer.Exit(2) from None


def _note_on_stderr(note: str) -> contextlib.AbstractContextManager[None]:
    stderr.print(note)
    return contextlib.nullcontext()


def _wrote_csv_or_json(frame: pl.DataFrame, csv: bool, as_json: bool) -> bool:
    from pipeline.reports.table_output import write_csv, write_json_lines

    if csv:
        write_csv(frame)
    elif as_json:
        write_json_lines(frame)
    return csv or as_json


@app.command()
def dashboard(
    db: Annotated[
        Path | None, typer.Option(help="The database file (default: $STUDDRAW_DB or user data).")
    ] = None,
    port: Annotated[int, typer.Option(help="The port to serve on (localhost only).")] = 8501,
    parquet: Annotated[
        Path | None, typer.Option(help="Show this Parquet dataset (read-only) instead.")
    ] = None,
    folder: Annotated[
        list[Path] | None,
        typer.Option(
            help="A folder the Import page may import or watch, besides the clients' "
            "history folders (repeat for more); nothing outside them is read."
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            help="Answer to this host name too (repeat for more); by default only "
            "localhost, 127.0.0.1 and [::1] are answered, other names get 403."
        ),
    ] = None,
) -> None:
    """Open the dashboard (Streamlit, on http://localhost:PORT): results, stats,
    opponents, hand replayer, import, SQL console."""
    import importlib.util

    spec = importlib.util.find_spec("dashboard")
    if spec is None or spec.origin is None:
        stderr.print("[red]the dashboard package is not installed[/]")
        raise typer.Exit(2)
    from dashboard.importing import UPLOAD_MEGABYTES
    from dashboard.serving import (  # no Streamlit loaded here
        DATASET_VARIABLE,
        FOLDERS_VARIABLE,
        HOSTS_VARIABLE,
    )
    from pipeline.storage.database import refuse_unless_usable

    environment = dict(os.environ)
    if parquet is not None:
        _dataset_connection(parquet).close()  # says what is wrong with the folder, if anything
        environment[DATASET_VARIABLE] = str(parquet.expanduser().resolve())
    else:
        with _database_trouble_said():
            refuse_unless_usable(db or _database_path(None))
    if db is not None:
        environment["STUDDRAW_DB"] = str(db.expanduser().resolve())
    for chosen in folder or []:
        if not chosen.expanduser().is_dir():
            stderr.print(f"--folder {chosen}: no such folder", markup=False)
            raise typer.Exit(2)
    environment[FOLDERS_VARIABLE] = os.pathsep.join(
        str(chosen.expanduser().resolve()) for chosen in folder or []
    )
    environment[HOSTS_VARIABLE] = ",".join(allow_host or [])
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        # app.py behind the Host header guard (dashboard/server.py)
        str(Path(spec.origin).with_name("server.py")),
        "--server.address",
        "localhost",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        "--server.enableXsrfProtection",  # Streamlit's default, held here on purpose
        "true",
        "--server.maxUploadSize",  # megabytes per uploaded file, as the Import page says
        str(UPLOAD_MEGABYTES),
        "--client.toolbarMode",  # no deploy button, no developer menu
        "viewer",
        "--client.showErrorDetails",  # no traceback, no server path in the browser
        "none",
        "--browser.gatherUsageStats",
        "false",
    ]
    stderr.print(f"studdraw dashboard on [bold]http://localhost:{port}[/] (Ctrl+C stops it)")
    sys.stderr.flush()
    # Become the Streamlit server (no child left behind when this process is stopped).
    os.execve(sys.executable, command, environment)


@app.command()
def demo(
    db: Annotated[
        Path | None,
        typer.Option(help="The demo database (default: demo.duckdb in the user data folder)."),
    ] = None,
    port: Annotated[int, typer.Option(help="The dashboard's port (localhost only).")] = 8501,
    no_dashboard: Annotated[
        bool, typer.Option("--no-dashboard", help="Stop after the stats.")
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, help=_JOBS_HELP)] = os.cpu_count() or 1,
) -> None:
    """Try studdraw on sample hands: validate them, import them into a demo database,
    print the hero's stats, open the dashboard (what `make demo` does)."""
    from pipeline.cli.demo import demo_database, sample_folder

    samples, written = sample_folder()
    if written:
        stderr.print(f"sample histories written to {samples}", markup=False)
    target = db or demo_database()
    target.parent.mkdir(parents=True, exist_ok=True)
    stderr.print(f"1. validate {samples}", markup=False)
    try:
        validate([samples], as_json=False, jobs=jobs)
    except typer.Exit as done:
        if done.exit_code:
            raise
    stderr.print(f"2. import into {target}", markup=False)
    import_([samples], db=target, jobs=jobs, to=None, cluster=None)
    stderr.print("3. the hero's stats, over every game", markup=False)
    stats(db=target, all_games=True)  # Annotated options: their defaults are Python's
    if not no_dashboard:
        stderr.print("4. the dashboard", markup=False)
        dashboard(db=target, port=port, parquet=None, folder=[samples], allow_host=None)


@app.command()
def generate(
    game: Annotated[
        str, typer.Option(help="A game id (see --list-games), or 'mixed' for every game.")
    ] = "seven_stud",
    hands: Annotated[int, typer.Option(min=1, help="How many hands.")] = 1000,
    seed: Annotated[int, typer.Option(help="Same seed, same hands.")] = 1,
    out: Annotated[Path | None, typer.Option(help="The history file to write.")] = None,
    hero: Annotated[str, typer.Option(help="Whose point of view the file is written from.")] = (
        "studdraw_hero"
    ),
    list_games: Annotated[bool, typer.Option("--list-games", help="List the game ids.")] = False,
    site: Annotated[
        str, typer.Option(help="Whose history format: pokerstars or fulltilt.")
    ] = "pokerstars",
) -> None:
    """Simulate legal hands and write them as PokerStars (or Full Tilt) histories."""
    from pipeline.simulation.generate import game_ids, written
    from pipeline.writers.sites import WRITERS

    if list_games:
        for game_id in game_ids():
            print(game_id)
        return
    writer = WRITERS.get(site)
    if writer is None:
        stderr.print(f"[red]unknown site {site!r}[/]; choose one of: {', '.join(WRITERS)}")
        raise typer.Exit(2)
    writable = {g.value for g in writer.games} | {"mixed"}
    if game not in writable:
        stderr.print(
            f"[red]{game!r} cannot be written as a {site} history[/]; "
            f"choose one of: {', '.join(sorted(writable))}"
        )
        raise typer.Exit(2)
    if out is None:
        stderr.print("[red]--out FILE is required[/]")
        raise typer.Exit(2)
    count = 0
    with out.open("w", encoding=writer.encoding, newline="\n") as history:
        for _simulated, text in written(game, hands, seed, site, hero):
            history.write(text + writer.hand_end)
            count += 1
    stderr.print(as_text(f"{counted(count, game + ' hand')} written to {out}"))


def _print_findings(hand: HandFindings) -> None:
    stderr.print(as_text(f"{hand.title}:"))
    for finding in hand.findings:
        colour = "red" if finding.severity is Severity.ERROR else "yellow"
        where = f"line {finding.line}: " if finding.line else ""
        stderr.print(
            joined("  ", (finding.severity, colour), f" {finding.code}: {where}{finding.message}")
        )


def _print_summary(
    parsed: int,
    skipped: Counter[str],
    cancelled: list[CancelledHand],
    failures: list[HandParseError],
) -> None:
    stderr.print(f"{counted(parsed, 'hand')} parsed")
    if skipped:
        games = ", ".join(f"{count} {game}" for game, count in skipped.most_common())
        stderr.print(as_text(f"{skipped.total():,} skipped as unsupported games ({games})"))
    for hand in cancelled:
        stderr.print(
            as_text(
                f"{hand.path}:{hand.line} (hand #{hand.hand_number}): cancelled by the site "
                f"({hand.reason!r}): no money moved"
            )
        )
    if not failures:
        stderr.print("[green]0 failed[/]")
        return
    by_kind = Counter(str(error.kind) for error in failures)
    kinds = ", ".join(f"{count} {kind}" for kind, count in by_kind.most_common())
    stderr.print(as_text(f"{len(failures):,} failed ({kinds}):", "bold red"))
    for error in failures[:_SHOWN_ERRORS]:
        stderr.print(as_text(error, lines=True))
    if len(failures) > _SHOWN_ERRORS:
        stderr.print(f"... and {len(failures) - _SHOWN_ERRORS} more")


def _outcomes(paths: list[Path]) -> Iterator[ParseOutcome]:
    """Every hand of every file named, found in folders or in archives; a file that
    cannot be read is an outcome too, with the reason."""
    from pipeline.sources.history_sources import Refused, SourceRefusal, reader_failure, sources

    for found in sources(paths):
        if isinstance(found, Refused):
            stderr.print(joined(("not read:", "red"), f" {found.name}: {found.reason}"))
            yield HandParseError(ErrorKind.NOT_A_HAND, found.reason, found.name, 0)
            continue
        label = found.name if found.members else found.path
        try:
            data = found.read()
        except SourceRefusal as refusal:
            yield HandParseError(ErrorKind.NOT_A_HAND, str(refusal), label, 0)
            continue
        try:
            for _chunk, outcome in parse_bytes(label, data):
                yield outcome
        except Exception as error:  # a reader that failed (a crafted file): not read
            yield HandParseError(ErrorKind.NOT_A_HAND, str(reader_failure(error)), label, 0)


if __name__ == "__main__":
    app()

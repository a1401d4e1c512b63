"""`studdraw export`: the hands of history files, or of a database under the stats'
filters, written as PHH (`pipeline.writers.export` writes them)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from parsers.model.errors import ErrorKind, HandParseError
from parsers.text.history_file import parse_bytes
from pipeline.cli.connections import checked_filters, database_connection, query_frame
from pipeline.cli.console import stderr
from pipeline.reports.terminal_text import as_text, joined
from pipeline.reports.wording import counted

if TYPE_CHECKING:
    from parsers.model.outcomes import ParseOutcome
    from pipeline.storage.stat_filters import StatFilters


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
    outcomes = _file_outcomes(paths or []) if db is None else _stored_outcomes(db, filters)
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

    with database_connection(db) as connection:
        arguments, values = checked_filters(connection, filters).macro_arguments()
        frame = query_frame(
            connection,
            "SELECT DISTINCT h.site, h.hand_number, h.source_file, h.byte_offset FROM hands AS h"
            f" SEMI JOIN player_hands_filtered({', '.join(arguments)}) AS ph"
            " ON ph.site = h.site AND ph.hand_number = h.hand_number",
            values,
        )
    return read_stored(StoredHand(**row) for row in frame.iter_rows(named=True))


def _file_outcomes(paths: list[Path]) -> Iterator[ParseOutcome]:
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

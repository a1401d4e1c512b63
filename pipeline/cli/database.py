"""`studdraw hero`, `query` and `stats`: the database (or a Parquet dataset) read, and
the player's screen names set."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from parsers.sites import site_name
from pipeline.cli.connections import (
    checked_filters,
    database_connection,
    database_errors_as_messages,
    database_path,
    dataset_connection,
    note_on_stderr,
    query_frame,
    read_only_frame,
)
from pipeline.cli.console import stderr
from pipeline.cli.options import DATABASE_HELP, PARQUET_HELP
from pipeline.reports.terminal_text import as_text
from pipeline.storage.leaks import MIN_HANDS

if TYPE_CHECKING:
    import duckdb
    import polars as pl

    from pipeline.storage.stat_filters import StatFilters


def hero(
    names: Annotated[
        list[str] | None, typer.Argument(help="Your screen names (none: show them).")
    ] = None,
    db: Annotated[Path | None, typer.Option(help=DATABASE_HELP)] = None,
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

    target = database_path(db)
    if not target.exists():
        stderr.print(f"[red]no database at {target}[/]: run 'studdraw import' first")
        raise typer.Exit(2)
    if names or forget:
        with database_errors_as_messages():
            set_hero_names(Database(target), None if forget else tuple(names or ()))
    with database_errors_as_messages():
        connection = open_for_reading(target, announce=note_on_stderr)
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


def query(
    sql: Annotated[str, typer.Argument(help="A SQL query (the database is opened read-only).")],
    db: Annotated[Path | None, typer.Option(help="The database file.")] = None,
    parquet: Annotated[Path | None, typer.Option(help=PARQUET_HELP)] = None,
    csv: Annotated[bool, typer.Option("--csv", help="CSV on stdout.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per row.")] = False,
) -> None:
    """Run SQL against the database: a table, or CSV / JSON lines (money exact, lists as
    JSON text)."""
    from pipeline.reports.table_output import print_table

    frame = read_only_frame(db, sql, {}, parquet)
    if not _wrote_csv_or_json(frame, csv, as_json):
        print_table(frame, Console(highlight=False))


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
    starting_hands: Annotated[
        bool,
        typer.Option("--starting-hands", help="Results by starting hand instead (docs/stats.md)."),
    ] = False,
    detail: Annotated[
        bool,
        typer.Option("--detail", help="With --starting-hands: each category's finer labels."),
    ] = False,
    door: Annotated[
        bool,
        typer.Option("--door", help="With --starting-hands: stud's door card live or dead apart."),
    ] = False,
    leaks: Annotated[
        bool,
        typer.Option(
            "--leaks",
            help="Your stats per game beside the winning players' (docs/stats.md, Leak list).",
        ),
    ] = False,
    min_hands: Annotated[
        int,
        typer.Option(help="With --leaks: the hands of a game a winning player needs."),
    ] = MIN_HANDS,
    db: Annotated[Path | None, typer.Option(help="The database file.")] = None,
    parquet: Annotated[Path | None, typer.Option(help=PARQUET_HELP)] = None,
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
    connection = dataset_connection(parquet) if parquet else database_connection(db)
    with connection:
        filters = checked_filters(
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
        if leaks:
            if everyone:
                stderr.print("[red]--leaks compares one player's stats:[/] yours, or --player's")
                raise typer.Exit(2)
            _print_leaks(connection, names or (player or "",), filters, min_hands, csv, as_json)
            return
        arguments, given = filters.macro_arguments()
        if starting_hands:
            arguments += [f"by_detail := {str(detail).lower()}", f"by_door := {str(door).lower()}"]
        else:
            arguments.append(f"by_game := {'false' if all_games else 'true'}")
        macro = "player_street_stats" if streets else "player_stats"
        macro = "starting_hands" if starting_hands else macro
        sql = f"SELECT * FROM {macro}({', '.join(arguments)})"
        if names:
            given |= {f"hero_{i}": name for i, name in enumerate(names)}
            sql += f" WHERE player IN ({', '.join(f'$hero_{i}' for i in range(len(names)))})"
        if starting_hands:
            from pipeline.reports.starting_hand_table import REPORT_ORDER

            sql += f" ORDER BY {REPORT_ORDER}"
        frame = query_frame(connection, sql, given)
    if not _wrote_csv_or_json(frame, csv, as_json):
        from pipeline.reports.starting_hand_table import print_starting_hand_blocks
        from pipeline.reports.table_output import print_stat_blocks

        if frame.is_empty():
            stderr.print("no hands under these filters")
        printer = print_starting_hand_blocks if starting_hands else print_stat_blocks
        printer(frame.iter_rows(named=True), Console(highlight=False))


def _print_leaks(
    connection: duckdb.DuckDBPyConnection,
    names: tuple[str, ...],
    filters: StatFilters,
    min_hands: int,
    csv: bool,
    as_json: bool,
) -> None:
    """`stats --leaks`: the leak list of these names (the hero's, or --player's)."""
    from pipeline.reports.leak_table import leak_frame, print_leak_blocks
    from pipeline.storage.leaks import leak_blocks, leak_query

    arguments, given = dataclasses.replace(filters, player=None).macro_arguments()
    rows = query_frame(
        connection,
        leak_query(arguments),
        given | {"heroes": list(names), "min_hands": min_hands},  # type: ignore[arg-type]
    )
    blocks = leak_blocks(rows.iter_rows(named=True))
    if not _wrote_csv_or_json(leak_frame(blocks), csv, as_json):
        if not blocks:
            stderr.print("no hands under these filters")
        print_leak_blocks(blocks, min_hands, Console(highlight=False))


def _wrote_csv_or_json(frame: pl.DataFrame, csv: bool, as_json: bool) -> bool:
    """The frame written as CSV or JSON lines on stdout when asked; whether it was."""
    from pipeline.reports.table_output import write_csv, write_json_lines

    if csv:
        write_csv(frame)
    elif as_json:
        write_json_lines(frame)
    return csv or as_json

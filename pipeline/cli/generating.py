"""`studdraw generate`: simulated legal hands, written as a site's history file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.console import stderr
from pipeline.reports.terminal_text import as_text
from pipeline.reports.wording import counted


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

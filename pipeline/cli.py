"""The `studdraw` command line."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from parsers.errors import HandParseError
from parsers.events import Hand
from parsers.history_file import history_files, parse_file
from parsers.json_form import hand_to_json
from parsers.outcomes import SkippedHand

app = typer.Typer(
    help="studdraw: hand histories of Stud and Draw poker, read, proved and analysed.",
    no_args_is_help=True,
    add_completion=False,
)
stderr = Console(stderr=True, highlight=False, soft_wrap=True)  # paths stay greppable

_SHOWN_ERRORS = 20


@app.callback()
def main() -> None:
    """Read, validate and analyse Stud and Draw hand histories."""


@app.command()
def parse(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, or folders to search for them.")
    ],
) -> None:
    """Print every hand as one JSON object per line; a summary goes to stderr.

    Exit status 0 when every hand parsed or was skipped (flop games), 1 otherwise.
    """
    parsed = 0
    skipped: Counter[str] = Counter()
    failures: list[HandParseError] = []
    out = sys.stdout
    for path in history_files(paths):
        if not path.exists():
            stderr.print(f"[red]no such file:[/] {path}")
            failures.append(_missing(path))
            continue
        for _chunk, outcome in parse_file(path):
            if isinstance(outcome, Hand):
                parsed += 1
                out.write(json.dumps(hand_to_json(outcome), ensure_ascii=False))
                out.write("\n")
            elif isinstance(outcome, SkippedHand):
                skipped[outcome.game] += 1
            else:
                failures.append(outcome)
    _print_summary(parsed, skipped, failures)
    raise typer.Exit(1 if failures else 0)


def _print_summary(parsed: int, skipped: Counter[str], failures: list[HandParseError]) -> None:
    stderr.print(f"[bold]{parsed}[/] hands parsed")
    if skipped:
        games = ", ".join(f"{count} {game}" for game, count in skipped.most_common())
        stderr.print(f"[bold]{skipped.total()}[/] skipped as unsupported games ({games})")
    if not failures:
        stderr.print("[green]0 failed[/]")
        return
    by_kind = Counter(str(error.kind) for error in failures)
    kinds = ", ".join(f"{count} {kind}" for kind, count in by_kind.most_common())
    stderr.print(f"[bold red]{len(failures)}[/] failed ({kinds}):")
    for error in failures[:_SHOWN_ERRORS]:
        stderr.print(str(error), markup=False)
    if len(failures) > _SHOWN_ERRORS:
        stderr.print(f"... and {len(failures) - _SHOWN_ERRORS} more")


def _missing(path: Path) -> HandParseError:
    from parsers.errors import ErrorKind

    return HandParseError(ErrorKind.NOT_A_HAND, "no such file", str(path), 0)

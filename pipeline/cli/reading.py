"""`studdraw parse` and `studdraw validate`: history files read by worker processes,
each hand printed (JSON lines) or replayed and judged; the summary on stderr."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from parsers.model.errors import ErrorKind, HandParseError
from pipeline.cli.console import stderr
from pipeline.cli.options import ALL_CORES, JOBS_HELP
from pipeline.engine.findings import Severity
from pipeline.reports.terminal_text import as_text, joined
from pipeline.reports.wording import counted

if TYPE_CHECKING:
    from parsers.model.outcomes import CancelledHand
    from pipeline.reports.hand_reports import HandFindings
    from pipeline.workers.piece_parsing import Reader, Report

SHOWN_ERRORS = 20
"""Errors listed on stderr; the rest counted (`--json` lists them all)."""


def parse(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, or folders to search for them.")
    ],
    jobs: Annotated[int, typer.Option(min=1, help=JOBS_HELP)] = ALL_CORES,
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
    _print_parse_summary(total.parsed, total.skipped, total.cancelled, total.failures)
    raise typer.Exit(1 if total.failures else 0)


def validate(
    paths: Annotated[
        list[Path], typer.Argument(help="History files, or folders to search for them.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per hand on stdout.")
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, help=JOBS_HELP)] = ALL_CORES,
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
        for error in total.failures[:SHOWN_ERRORS]:
            stderr.print(as_text(error, lines=True))
        if len(total.failures) > SHOWN_ERRORS:
            more = len(total.failures) - SHOWN_ERRORS
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


def _print_findings(hand: HandFindings) -> None:
    stderr.print(as_text(f"{hand.title}:"))
    for finding in hand.findings:
        colour = "red" if finding.severity is Severity.ERROR else "yellow"
        where = f"line {finding.line}: " if finding.line else ""
        stderr.print(
            joined("  ", (finding.severity, colour), f" {finding.code}: {where}{finding.message}")
        )


def _print_parse_summary(
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
    for error in failures[:SHOWN_ERRORS]:
        stderr.print(as_text(error, lines=True))
    if len(failures) > SHOWN_ERRORS:
        stderr.print(f"... and {len(failures) - SHOWN_ERRORS} more")

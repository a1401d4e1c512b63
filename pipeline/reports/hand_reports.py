"""What `studdraw validate` and `studdraw parse` say of the hands of one file or piece.

Each report is built where the hands were read (a worker, `pipeline.workers.piece_parsing`):
the hands are parsed and replayed there, and only the report comes back, with its JSON
lines already written and its findings ready to print. Reports add up in file order.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from parsers.formats.json_form import hand_json
from parsers.model.errors import HandParseError
from parsers.model.events import Hand
from parsers.model.outcomes import CancelledHand, ParseOutcome, SkippedHand
from parsers.sites import conventions_of
from pipeline.engine.findings import Finding
from pipeline.engine.replay import replay
from pipeline.engine.results import HandResult
from pipeline.reports.validation_tally import ValidationTally


@dataclass
class ParseReport:
    """`parse`: each hand as a JSON line, and what could not be read."""

    parsed: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # flop games, by game
    cancelled: list[CancelledHand] = field(default_factory=list)
    failures: list[HandParseError] = field(default_factory=list)
    json_lines: list[str] = field(default_factory=list)  # this piece's, "\n" ended

    def update(self, other: ParseReport) -> None:
        """Add a later piece's counts (its JSON lines are printed, not kept)."""
        self.parsed += other.parsed
        self.skipped.update(other.skipped)
        self.cancelled.extend(other.cancelled)
        self.failures.extend(other.failures)


@dataclass(frozen=True, slots=True)
class HandFindings:
    """A hand with findings, as `validate` prints it."""

    title: str  # "pokerstars hand #123 (razz)"
    findings: tuple[Finding, ...]


@dataclass
class ValidationReport:
    """`validate`: the tally, the findings by code, each hand's findings (or JSON line)."""

    tally: ValidationTally = field(default_factory=ValidationTally)
    codes: Counter[str] = field(default_factory=Counter)  # "CODE (severity)"
    failures: list[HandParseError] = field(default_factory=list)
    with_findings: list[HandFindings] = field(default_factory=list)  # this piece's
    json_lines: list[str] = field(default_factory=list)  # this piece's, "\n" ended

    def update(self, other: ValidationReport) -> None:
        """Add a later piece's counts (its findings and JSON lines are printed, not kept)."""
        self.tally.update(other.tally)
        self.codes.update(other.codes)
        self.failures.extend(other.failures)


def parse_report(outcomes: Iterator[ParseOutcome]) -> ParseReport:
    report = ParseReport()
    for outcome in outcomes:
        if isinstance(outcome, Hand):
            report.parsed += 1
            report.json_lines.append(hand_json(outcome) + "\n")
        elif isinstance(outcome, SkippedHand):
            report.skipped[outcome.game] += 1
        elif isinstance(outcome, CancelledHand):
            report.cancelled.append(outcome)
        else:
            report.failures.append(outcome)
    return report


def validation_report(outcomes: Iterator[ParseOutcome], as_json: bool) -> ValidationReport:
    """Every hand replayed by the engine, counted, and its findings kept to be printed
    (`as_json`: every hand's JSON line)."""
    report = ValidationReport()
    for outcome in outcomes:
        if isinstance(outcome, SkippedHand):
            report.tally.add(outcome)
        elif isinstance(outcome, CancelledHand):
            report.tally.add(outcome)
            if as_json:
                report.json_lines.append(_json_line(cancelled_json(outcome)))
        elif isinstance(outcome, HandParseError):
            report.tally.add(outcome)
            report.failures.append(outcome)
            if as_json:
                report.json_lines.append(_json_line(failure_json(outcome)))
        else:
            result = replay(outcome, conventions_of(outcome.site))
            report.tally.add(outcome, result)
            report.codes.update(f"{f.code} ({f.severity})" for f in result.findings)
            if as_json:
                report.json_lines.append(_json_line(result_json(result)))
            elif result.findings:
                header = result.hand
                title = f"{header.site} hand #{header.hand_number} ({header.game})"
                report.with_findings.append(HandFindings(title, result.findings))
    return report


def _json_line(value: dict[str, object]) -> str:
    return json.dumps(value, ensure_ascii=False) + "\n"


def result_json(result: HandResult) -> dict[str, object]:
    hand = result.hand
    return {
        "site": hand.site,
        "hand_number": hand.hand_number,
        "game": hand.game.value,
        "parsed": True,
        "total_pot": str(result.total_pot),
        "rake": str(result.rake),
        "players": [
            {
                "name": p.name,
                "seat": p.seat,
                "put_in": str(p.put_in),
                "collected": str(p.collected),
                "net": str(p.net),
                "rake_share": str(p.rake_share),
                "went_to_showdown": p.went_to_showdown,
                "won_at_showdown": p.won_at_showdown,
                "fold_street": p.fold_street.value if p.fold_street else None,
            }
            for p in result.players
        ],
        "findings": [
            {
                "code": f.code.value,
                "severity": f.severity.value,
                "message": f.message,
                "line": f.line,
                "player": f.player,
            }
            for f in result.findings
        ],
    }


def cancelled_json(hand: CancelledHand) -> dict[str, object]:
    return {
        "site": hand.site,
        "hand_number": hand.hand_number,
        "game": hand.game,
        "cancelled": True,
        "reason": hand.reason,
        "path": hand.path,
        "line": hand.line,
    }


def failure_json(error: HandParseError) -> dict[str, object]:
    return {
        "site": error.site,
        "hand_number": error.hand_number,
        "game": None,
        "parsed": False,
        "error": {
            "kind": error.kind.value,
            "message": error.message,
            "path": error.path,
            "line": error.line,
            "column": error.column,
            "line_text": error.line_text,
            "expected": list(error.expected),
        },
    }

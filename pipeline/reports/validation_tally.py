"""What `studdraw validate` counts, per site: every hand a file holds lands in exactly
one column, so the columns add up to the hands in the files and nothing goes unsaid.

A hand is valid (no finding), valid with warnings (a site convention the engine notes),
cancelled by the site, skipped (a flop game), or rejected: by the parser (syntax,
structure, truncated) or by the engine (the code of its first error). Text that is no
hand of a known site is counted apart, in pieces of text, since it has no site.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.outcomes import CancelledHand, ParseOutcome, SkippedHand
from pipeline.engine.results import HandResult

UNKNOWN_SITE = "no known site"


def engine_rejection(result: HandResult) -> str:
    """The reason a hand the engine finds wrong is rejected for, as `import` and
    `validate` both count it: its first error's code."""
    return f"engine: {result.errors[0].code.value}"


@dataclass
class SiteTally:
    valid: int = 0
    warnings: int = 0
    cancelled: int = 0
    skipped: int = 0
    rejected: Counter[str] = field(default_factory=Counter)

    @property
    def hands(self) -> int:
        return self.valid + self.warnings + self.cancelled + self.skipped + self.rejected.total()

    def update(self, other: SiteTally) -> None:
        self.valid += other.valid
        self.warnings += other.warnings
        self.cancelled += other.cancelled
        self.skipped += other.skipped
        self.rejected.update(other.rejected)


@dataclass
class ValidationTally:
    sites: dict[str, SiteTally] = field(default_factory=dict)
    not_a_hand: int = 0  # pieces of text that are no hand of a known site

    def site(self, name: str) -> SiteTally:
        return self.sites.setdefault(name, SiteTally())

    def add(self, outcome: ParseOutcome, result: HandResult | None = None) -> None:
        """Count one outcome; a parsed hand with the engine's `result` of it."""
        if isinstance(outcome, HandParseError):
            if outcome.kind is ErrorKind.NOT_A_HAND or outcome.site is None:
                self.not_a_hand += 1
            else:
                self.site(outcome.site).rejected[outcome.kind.value] += 1
        elif isinstance(outcome, SkippedHand):
            self.site(outcome.site).skipped += 1
        elif isinstance(outcome, CancelledHand):
            self.site(outcome.site).cancelled += 1
        else:
            assert result is not None, "a parsed hand is counted with its replay"
            tally = self.site(outcome.site)
            if result.errors:
                tally.rejected[engine_rejection(result)] += 1
            elif result.findings:
                tally.warnings += 1
            else:
                tally.valid += 1

    def update(self, other: ValidationTally) -> None:
        """Add another tally's counts (another piece of the files, counted apart)."""
        for name, tally in other.sites.items():
            self.site(name).update(tally)
        self.not_a_hand += other.not_a_hand

    @property
    def total(self) -> SiteTally:
        total = SiteTally()
        for tally in self.sites.values():
            total.update(tally)
        return total

    def lines(self) -> list[str]:
        """The tally as a table a player reads: a row per site, its rejections by reason
        under it, then the totals."""
        columns = ("hands", "valid", "warnings", "cancelled", "flop games", "rejected")
        width = max((len(name) for name in self.sites), default=0)
        width = max(width, len("total"))
        lines = [f"{'site':<{width}}  " + "  ".join(f"{c:>10}" for c in columns)]

        def row(name: str, tally: SiteTally) -> str:
            values = (
                tally.hands,
                tally.valid,
                tally.warnings,
                tally.cancelled,
                tally.skipped,
                tally.rejected.total(),
            )
            return f"{name:<{width}}  " + "  ".join(f"{v:>10,}" for v in values)

        for name in sorted(self.sites):
            tally = self.sites[name]
            lines.append(row(name, tally))
            for reason, count in sorted(tally.rejected.items(), key=lambda item: -item[1]):
                lines.append(f"{'':<{width}}    rejected {count:,} {reason}")
        lines.append(row("total", self.total))
        if self.not_a_hand:
            lines.append(f"{self.not_a_hand:,} piece(s) of text that are no hand of a known site")
        return lines

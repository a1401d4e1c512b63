"""`studdraw export`'s work: each hand replayed by the engine, then written as PHH, one
`.phh` file a hand or one `hands.phhs` collection; what is not written is counted by
reason (a hand that does not read, one the engine rejects, one PHH cannot say) or listed
(a file refused: `export_files`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from parsers.model.errors import HandParseError
from parsers.model.events import Hand
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from pipeline.importing.stored_hands import Unreadable
from pipeline.writers.export_files import NotWritten, hand_file_name, write_file
from pipeline.writers.phh import Unexportable, phh_fields, phh_text, phhs_text

COLLECTION_NAME = "hands.phhs"


@dataclass
class ExportCounts:
    """What an export wrote, and what not."""

    written: int = 0  # hands
    skipped: Counter[str] = field(default_factory=Counter)  # hands, by reason
    not_written: list[str] = field(default_factory=list)  # files refused, a line each


def export_phh(outcomes: Iterable[object], out: Path, collection: bool) -> ExportCounts:
    """The hands among `outcomes` (a file's parse outcomes, or stored hands read again)
    written as PHH into the folder `out`, which exists: a file per hand, or all of them
    in one collection (none counted written if that file is refused)."""
    counts = ExportCounts()
    collected: list[dict[str, object]] = []
    for outcome in outcomes:
        if isinstance(outcome, Unreadable):
            counts.skipped[outcome.reason] += 1
            continue
        if not isinstance(outcome, Hand):
            counts.skipped[
                "not a hand that reads"
                if isinstance(outcome, HandParseError)
                else "skipped or cancelled"
            ] += 1
            continue
        result = replay(outcome, conventions_of(outcome.site))
        fields = phh_fields(outcome, result) if not result.errors else None
        if fields is None:
            counts.skipped[f"rejected by the engine: {result.errors[0].code}"] += 1
        elif isinstance(fields, Unexportable):
            counts.skipped[fields.reason] += 1
        elif collection:
            collected.append(fields)
        else:
            try:
                name = hand_file_name(outcome.site, outcome.hand_number)
                write_file(out, name, [phh_text(fields)])
                counts.written += 1
            except NotWritten as refusal:
                counts.not_written.append(str(refusal))
    if collection:
        try:
            write_file(out, COLLECTION_NAME, phhs_text(collected))
            counts.written = len(collected)
        except NotWritten as refusal:
            counts.not_written.append(str(refusal))
    return counts

"""What an import did, counted: the summary the command line, the watch and the dashboard
say at the end. Its own module because the loader's side (`pending_batches`) adds to it
while the importer, which starts the loader, must not be imported back."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pipeline.sources.history_sources import Refused


@dataclass
class ImportSummary:
    files: int = 0
    files_unchanged: int = 0
    hands_imported: int = 0
    imported_by_site: Counter[str] = field(default_factory=Counter)  # of hands_imported
    duplicates: int = 0
    flop_games_skipped: int = 0
    cancelled: int = 0  # hands the site called off: counted, never stored
    rejected: Counter[str] = field(default_factory=Counter)
    left_for_next_run: int = 0
    refused: list[Refused] = field(default_factory=list)  # files and members not read
    seconds: float = 0.0
    stopped: bool = False  # told to stop before the end: the next import goes on
    tournament_summaries: int = 0  # summary files read (tournaments, not hands)
    all_in_filled: int = 0  # hands stored by an older studdraw, read again for their EV

    @property
    def hands_seen(self) -> int:
        return self.hands_imported + self.duplicates + sum(self.rejected.values())

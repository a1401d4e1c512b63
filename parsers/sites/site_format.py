"""One record per site: everything the rest of studdraw needs to know of a site format.

Each site module ends with its `SITE_FORMAT`; `parsers.sites` lists the modules once, and
the registry (which format a hand or file is in, the names shown, each site's house
rules), the compiled-module list and the writers are derived from these records.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from parsers.model.conventions import SiteConventions
from parsers.model.events import Hand
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.text.hand_texts import HandText


@dataclass(frozen=True, slots=True)
class SiteFormat:
    site: str  # the id stored with every hand: "pokerstars"
    name: str  # as players know it, on every screen and in every message: "PokerStars"
    hand_start: re.Pattern[str]  # a hand's opening (its first line or more), MULTILINE
    parse_hand: Callable[[HandText], Hand | SkippedHand | CancelledHand]
    conventions: SiteConventions
    grammars: tuple[str, ...] = ()  # its line grammars under parsers/grammars/; none: XML
    # XML formats: the file's opening (its first characters) and how it is cut into hands.
    file_start: re.Pattern[str] | None = None
    split_file: Callable[[str, bytes], Iterator[HandText]] | None = None
    # A line written once per file, before its hands, that they need (Merge's description
    # of the game and stakes): `history_file.with_file_headings` gives it to each hand.
    file_heading: re.Pattern[str] | None = None
    # The module of `pipeline.writers` that writes this site's histories, named rather
    # than imported: the parsers never import the pipeline.
    writer: str | None = None

"""What reading one hand can give: a hand, a skipped hand, or an error."""

from __future__ import annotations

from dataclasses import dataclass

from parsers.errors import HandParseError
from parsers.events import Hand


@dataclass(frozen=True, slots=True)
class SkippedHand:
    """A hand of a game studdraw does not track (a flop game in a mixed-game file)."""

    site: str
    hand_number: str
    game: str
    path: str
    line: int


ParseOutcome = Hand | SkippedHand | HandParseError

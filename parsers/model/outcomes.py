"""What reading one hand can give: a hand, a skipped hand, a cancelled hand, or an error."""

from __future__ import annotations

from parsers.model.errors import HandParseError
from parsers.model.events import Hand
from parsers.model.immutable import immutable


@immutable
class SkippedHand:
    """A hand of a game studdraw does not track (a flop game in a mixed-game file)."""

    site: str
    hand_number: str
    game: str
    path: str
    line: int


@immutable
class CancelledHand:
    """A hand the site cancelled or declared dead: every chip went back where it came
    from, so it is counted but never replayed or stored. `reason` is the site's own line
    ("Hand cancelled") and `line` its number in the file."""

    site: str
    hand_number: str
    game: str
    path: str
    line: int
    reason: str


ParseOutcome = Hand | SkippedHand | CancelledHand | HandParseError

"""The site formats studdraw reads, and which one a hand is written in.

Adding a site is one entry here: its grammar and transformer live in their own module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from parsers import everleaf, fulltilt, kingsclub, pokerstars, winamax, winning
from parsers.conventions import CARD_ROOM_RULES, SiteConventions
from parsers.events import Hand
from parsers.outcomes import CancelledHand, SkippedHand
from parsers.reading import HandText


@dataclass(frozen=True, slots=True)
class SiteFormat:
    name: str
    hand_start: re.Pattern[str]  # a hand's opening (its first line or more), MULTILINE
    parse_hand: Callable[[HandText], Hand | SkippedHand | CancelledHand]
    conventions: SiteConventions


SITE_FORMATS: tuple[SiteFormat, ...] = (
    SiteFormat(
        pokerstars.SITE, pokerstars.HAND_START, pokerstars.parse_hand, pokerstars.CONVENTIONS
    ),
    SiteFormat(fulltilt.SITE, fulltilt.HAND_START, fulltilt.parse_hand, fulltilt.CONVENTIONS),
    SiteFormat(winamax.SITE, winamax.HAND_START, winamax.parse_hand, winamax.CONVENTIONS),
    SiteFormat(winning.SITE, winning.HAND_START, winning.parse_hand, winning.CONVENTIONS),
    SiteFormat(everleaf.SITE, everleaf.HAND_START, everleaf.parse_hand, everleaf.CONVENTIONS),
    SiteFormat(kingsclub.SITE, kingsclub.HAND_START, kingsclub.parse_hand, kingsclub.CONVENTIONS),
)

ANY_HAND_START = re.compile(
    "|".join(f"(?:{site.hand_start.pattern})" for site in SITE_FORMATS), re.MULTILINE
)


_CONVENTIONS = {site.name: site.conventions for site in SITE_FORMATS}


def conventions_of(site: str) -> SiteConventions:
    """The house rules of a site's hands (the defaults for a site studdraw doesn't know)."""
    return _CONVENTIONS.get(site, CARD_ROOM_RULES)


def site_of(text: str) -> SiteFormat | None:
    """The format whose hands start like this text, a hand's first line or more (a folder
    may mix sites)."""
    for site in SITE_FORMATS:
        if site.hand_start.match(text):
            return site
    return None

"""The site formats studdraw reads, and which one a hand is written in.

Adding a site is one entry here: its grammar and transformer live in their own module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from parsers import absolute, everleaf, fulltilt, partypoker, pokerstars, winamax, winning
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
    SiteFormat(
        partypoker.SITE, partypoker.HAND_START, partypoker.parse_hand, partypoker.CONVENTIONS
    ),
    SiteFormat(absolute.SITE, absolute.HAND_START, absolute.parse_hand, absolute.CONVENTIONS),
)

ANY_HAND_START = re.compile(
    "|".join(f"(?:{site.hand_start.pattern})" for site in SITE_FORMATS), re.MULTILINE
)


_CONVENTIONS = {site.name: site.conventions for site in SITE_FORMATS}

# What a player calls each site (and its network, where the histories are the network's).
SITE_NAMES: dict[str, str] = {
    pokerstars.SITE: "PokerStars",
    fulltilt.SITE: "Full Tilt",
    winamax.SITE: "Winamax",
    winning.SITE: "Winning Poker Network",
    everleaf.SITE: "Everleaf",
    partypoker.SITE: "PartyPoker",
    absolute.SITE: "Absolute Poker",
}


def site_name(site: str) -> str:
    """The site as players name it ('pokerstars' -> 'PokerStars'); an id this version does
    not know (a PHH file's own site field, say) as it is."""
    return SITE_NAMES.get(site, site)


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

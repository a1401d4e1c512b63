"""The site formats studdraw reads, and which one a hand is written in.

Adding a site is one entry here: its grammar and transformer live in their own module.
Most formats are text, their hands found by their first line in any file (a folder, even
a file, may mix sites). An XML format's file is one document, read whole: it is known by
its opening (`file_start`) and cut into hands by its own `split_file`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from parsers.formats import phh_notation
from parsers.model.conventions import CARD_ROOM_RULES, SiteConventions
from parsers.model.events import Hand
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites import (
    absolute,
    boss,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    pokerstars,
    winamax,
    winning,
)
from parsers.text.hand_texts import HandText


@dataclass(frozen=True, slots=True)
class SiteFormat:
    name: str
    hand_start: re.Pattern[str]  # a hand's opening (its first line or more), MULTILINE
    parse_hand: Callable[[HandText], Hand | SkippedHand | CancelledHand]
    conventions: SiteConventions
    # XML formats: the file's opening (its first characters) and how it is cut into hands.
    file_start: re.Pattern[str] | None = None
    split_file: Callable[[str, bytes], Iterator[HandText]] | None = None
    # A line written once per file, before its hands, that they need (Merge's description
    # of the game and stakes): `history_file.with_file_headings` gives it to each hand.
    file_heading: re.Pattern[str] | None = None


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
    SiteFormat(ongame.SITE, ongame.HAND_START, ongame.parse_hand, ongame.CONVENTIONS),
    *(
        SiteFormat(
            xml.SITE,
            xml.HAND_START,
            xml.parse_hand,
            xml.CONVENTIONS,
            file_start=xml.FILE_START,
            split_file=xml.split_file,
        )
        for xml in (ipoker, boss)
    ),
    SiteFormat(
        merge.SITE,
        merge.HAND_START,
        merge.parse_hand,
        merge.CONVENTIONS,
        file_heading=merge.FILE_HEADING,
    ),
    SiteFormat(bovada.SITE, bovada.HAND_START, bovada.parse_hand, bovada.CONVENTIONS),
    SiteFormat(kingsclub.SITE, kingsclub.HAND_START, kingsclub.parse_hand, kingsclub.CONVENTIONS),
    SiteFormat(absolute.SITE, absolute.HAND_START, absolute.parse_hand, absolute.CONVENTIONS),
)


def _any_of(openings: list[str]) -> re.Pattern[str]:
    """One pattern for several line-start openings, cheap to try at every newline: one
    anchor before them all (`reading.hand_openings` then leaps from newline to newline),
    and the optional byte-order mark most of them start with tried once, not once each
    (the regex engine skips an alternative whose first character cannot match, but not
    one that starts with an optional part: 42 -> 20 µs an Absolute hand)."""
    assert all(opening.startswith("^") for opening in openings)  # each at a line's start
    bom = "^\\ufeff?"
    after_bom = [opening.removeprefix(bom) for opening in openings if opening.startswith(bom)]
    others = [opening[1:] for opening in openings if not opening.startswith(bom)]
    alternatives = [bom[1:] + _either(after_bom), *others] if after_bom else others
    return re.compile("^" + _either(alternatives), re.MULTILINE)


def _either(patterns: list[str]) -> str:
    return "(?:" + "|".join(f"(?:{pattern})" for pattern in patterns) + ")"


ANY_HAND_START = _any_of(
    [site.hand_start.pattern for site in SITE_FORMATS if site.split_file is None]
)
"""The first line of a hand of any text format (XML hands are found by their format)."""

_XML_FORMATS = tuple(site for site in SITE_FORMATS if site.file_start is not None)
_OPENING_BYTES = 1024  # an XML history names its format well before this


def xml_format_of(data: bytes) -> SiteFormat | None:
    """The XML format a file is written in, by its opening; None for a text history."""
    head = data[:_OPENING_BYTES].decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
    if not head.startswith("<"):
        return None
    return next((site for site in _XML_FORMATS if site.file_start.search(head)), None)  # type: ignore[union-attr]


ANY_FILE_HEADING = re.compile(
    "|".join(f"(?:{site.file_heading.pattern})" for site in SITE_FORMATS if site.file_heading)
    or r"(?!)"
)

_CONVENTIONS = {site.name: site.conventions for site in SITE_FORMATS}
_CONVENTIONS[phh_notation.PHH_SITE] = phh_notation.CONVENTIONS  # PokerKit's rules

# What a player calls each site (and its network, where the histories are the network's).
SITE_NAMES: dict[str, str] = {
    pokerstars.SITE: "PokerStars",
    fulltilt.SITE: "Full Tilt",
    winamax.SITE: "Winamax",
    winning.SITE: "Winning Poker Network",
    everleaf.SITE: "Everleaf",
    partypoker.SITE: "PartyPoker",
    ongame.SITE: "OnGame",
    ipoker.SITE: "iPoker",
    merge.SITE: "Merge Gaming",
    bovada.SITE: "Bovada",
    kingsclub.SITE: "Kings Club",
    absolute.SITE: "Absolute Poker",
    boss.SITE: "Boss Media",
}


def site_name(site: str) -> str:
    """The site as players name it ('pokerstars' -> 'PokerStars', a PHH file's
    'phh:pokerstars' -> 'PokerStars (PHH)'); an id this version does not know as it is."""
    named = phh_notation.claimed_site(site)
    if named != site:
        return f"{SITE_NAMES.get(named, named)} (PHH)"
    return SITE_NAMES.get(site, site)


def conventions_of(site: str) -> SiteConventions:
    """The house rules of a site's hands (the defaults for a site studdraw doesn't know);
    a PHH hand naming a site ('phh:pokerstars') plays by that site's."""
    return _CONVENTIONS.get(phh_notation.claimed_site(site), CARD_ROOM_RULES)


def site_of(text: str) -> SiteFormat | None:
    """The format whose hands start like this text, a hand's first line or more (a folder
    may mix sites)."""
    for site in SITE_FORMATS:
        if site.hand_start.match(text):
            return site
    return None

"""The site formats studdraw reads, and which one a hand is written in.

Adding a site is one new module (its transformer and hand format, ending with its
`SITE_FORMAT`), its grammar under `parsers/grammars/`, and its entry in `SITE_MODULES`:
every list below is derived from these records (`SiteRegistry`). Most formats are text,
their hands found by their first line in any file (a folder, even a file, may mix sites).
An XML format's file is one document, read whole: it is known by its opening
(`file_start`) and cut into hands by its own `split_file`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property
from types import ModuleType

from parsers.formats import phh_notation
from parsers.model.conventions import CARD_ROOM_RULES, SiteConventions
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
from parsers.sites.site_format import SiteFormat

SITE_MODULES: tuple[ModuleType, ...] = (
    pokerstars,
    fulltilt,
    winamax,
    winning,
    everleaf,
    partypoker,
    ongame,
    ipoker,
    boss,
    merge,
    bovada,
    kingsclub,
    absolute,
)
"""Every site studdraw reads, in the order a hand's first line is tried against them."""


def _any_of(openings: list[str]) -> re.Pattern[str]:
    """One pattern for several line-start openings, cheap to try at every newline: one
    anchor before them all (`hand_texts.hand_openings` then leaps from newline to newline),
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


class SiteRegistry:
    """What the rest of studdraw asks of the sites, derived from their records alone."""

    def __init__(self, formats: Sequence[SiteFormat]) -> None:
        self.formats = tuple(formats)
        self._xml_formats = tuple(site for site in self.formats if site.file_start is not None)
        self._conventions = {site.site: site.conventions for site in self.formats}
        self._conventions[phh_notation.PHH_SITE] = phh_notation.CONVENTIONS  # PokerKit's
        self.names = {site.site: site.name for site in self.formats}

    @cached_property
    def any_hand_start(self) -> re.Pattern[str]:
        """The first line of a hand of any text format (XML hands are found by their
        format)."""
        return _any_of([s.hand_start.pattern for s in self.formats if s.split_file is None])

    @cached_property
    def any_file_heading(self) -> re.Pattern[str]:
        headings = [s.file_heading.pattern for s in self.formats if s.file_heading]
        return re.compile("|".join(f"(?:{heading})" for heading in headings) or r"(?!)")

    def site_of(self, text: str) -> SiteFormat | None:
        """The format whose hands start like this text, a hand's first line or more (a
        folder may mix sites)."""
        for site in self.formats:
            if site.hand_start.match(text):
                return site
        return None

    def xml_format_of(self, data: bytes) -> SiteFormat | None:
        """The XML format a file is written in, by its opening; None for a text history."""
        head = data[:_OPENING_BYTES].decode("utf-8", "replace").lstrip("\ufeff \t\r\n")
        if not head.startswith("<"):
            return None
        for site in self._xml_formats:
            if site.file_start is not None and site.file_start.search(head):
                return site
        return None

    def site_name(self, site: str) -> str:
        """The site as players name it ('pokerstars' -> 'PokerStars', a PHH file's
        'phh:pokerstars' -> 'PokerStars (PHH)'); an id this version does not know as it
        is."""
        named = phh_notation.claimed_site(site)
        if named != site:
            return f"{self.names.get(named, named)} (PHH)"
        return self.names.get(site, site)

    def conventions_of(self, site: str) -> SiteConventions:
        """The house rules of a site's hands (the defaults for a site studdraw doesn't
        know); a PHH hand naming a site ('phh:pokerstars') plays by that site's."""
        return self._conventions.get(phh_notation.claimed_site(site), CARD_ROOM_RULES)


_OPENING_BYTES = 1024  # an XML history names its format well before this

SITE_FORMATS: tuple[SiteFormat, ...] = tuple(module.SITE_FORMAT for module in SITE_MODULES)
SITES = SiteRegistry(SITE_FORMATS)

# The registry's answers under the names the readers and the pipeline import.
ANY_HAND_START = SITES.any_hand_start
ANY_FILE_HEADING = SITES.any_file_heading
SITE_NAMES = SITES.names
site_of = SITES.site_of
xml_format_of = SITES.xml_format_of
site_name = SITES.site_name
conventions_of = SITES.conventions_of

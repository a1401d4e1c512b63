"""The sites whose histories studdraw can write, as their records name them (a site's
`SiteFormat.writer`): the one list `generate`, the sample histories, the round trip and
the benchmarks read."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from parsers.model.events import Game, Hand
from parsers.sites import SITE_FORMATS
from parsers.sites import pokerstars as pokerstars_format
from parsers.sites.site_format import SiteFormat


@dataclass(frozen=True, slots=True)
class SiteWriter:
    """A site's history writer: the games its tables deal (what `generate` writes for
    it), a hand's text, what ends a hand in a file, and the encoding the site's client
    saves its files in."""

    site: str
    games: tuple[Game, ...]
    write_hand: Callable[[Hand, str | None], str]
    hand_end: str
    encoding: str


def _writer(site: SiteFormat) -> SiteWriter:
    """The writer its record names: a module with `GAMES`, `write_hand`, `HAND_END` and
    `ENCODING`."""
    module = importlib.import_module(site.writer or "")
    return SiteWriter(site.site, module.GAMES, module.write_hand, module.HAND_END, module.ENCODING)


WRITERS: dict[str, SiteWriter] = {
    site.site: _writer(site) for site in SITE_FORMATS if site.writer is not None
}
DEFAULT_SITE = pokerstars_format.SITE

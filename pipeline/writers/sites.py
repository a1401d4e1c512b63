"""The sites whose histories studdraw can write: the one list `generate`, the sample
histories, the round trip and the benchmarks read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from parsers.model.events import Game, Hand
from parsers.sites import fulltilt as fulltilt_format
from parsers.sites import pokerstars as pokerstars_format
from pipeline.writers import fulltilt, pokerstars


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


# Five card stud and the casino five-up stud are simulated (and judged by the engine), but
# no PokerStars table deals them.
POKERSTARS_GAMES: tuple[Game, ...] = (
    Game.SEVEN_STUD,
    Game.SEVEN_STUD_HILO,
    Game.RAZZ,
    Game.TRIPLE_DRAW_27,
    Game.SINGLE_DRAW_27,
    Game.TRIPLE_DRAW_A5,
    Game.BADUGI,
    Game.FIVE_DRAW,
)

WRITERS: dict[str, SiteWriter] = {
    writer.site: writer
    for writer in (
        SiteWriter(
            pokerstars_format.SITE,
            POKERSTARS_GAMES,
            pokerstars.write_hand,
            pokerstars.HAND_END,
            "utf-8-sig",
        ),
        SiteWriter(
            fulltilt_format.SITE,
            fulltilt.FULLTILT_GAMES,
            fulltilt.write_hand,
            fulltilt.HAND_END,
            "utf-16",  # with its byte-order mark, as the Full Tilt client saves histories
        ),
    )
}
DEFAULT_SITE = pokerstars_format.SITE

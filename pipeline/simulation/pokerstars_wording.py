"""The PokerStars words the simulator still puts in its events: the Eastern clock, the
summary's fold streets, the hand descriptions. They belong to the PokerStars writer; they
live apart here until the events are site-neutral (issue 13, point 2)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from parsers.events import (
    Card,
    Game,
    Street,
)
from pipeline.engine.evaluators import (
    eight_or_better_low_value,
    high_value,
)
from pipeline.simulation.game_shapes import RULES
from pipeline.writers.hand_words import (
    a5_ranks,
    badugi_ranks,
    decode_high,
    deuce_packed,
    high_words,
    low_letters,
)

EASTERN = ZoneInfo("America/New_York")


_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def roman(number: int) -> str:
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def unambiguous_eastern(moment: datetime) -> datetime:
    """Skip the hour the Eastern clock repeats in autumn: a history prints ET wall time,
    and that hour would read back as another instant."""
    local = moment.astimezone(EASTERN).replace(tzinfo=None)
    if local.replace(tzinfo=EASTERN).astimezone(UTC) != moment:
        return moment + timedelta(hours=1)
    return moment


def eastern_clock(moment: datetime) -> str:
    """ "2026/11/20 9:27:43 ET": PokerStars does not pad the hour."""
    local = moment.astimezone(EASTERN)
    return f"{local:%Y/%m/%d} {local.hour}:{local:%M:%S} ET"


STUD_FOLD_WORDS = {
    Street.SECOND: "2nd Street",
    Street.THIRD: "3rd Street",
    Street.FOURTH: "4th Street",
    Street.FIFTH: "5th Street",
    Street.SIXTH: "6th Street",
    Street.SEVENTH: "River",
}


def _deuce_words(cards: Sequence[Card]) -> str:
    category, ranks = decode_high(deuce_packed(cards))
    if category == 0:
        return "Lo: " + low_letters(ranks)
    return "Lo: " + high_words(category, ranks)


def describe_hand(game: Game, cards: Sequence[Card]) -> str:
    """PokerStars' words for a shown hand: "a pair of Kings", "Lo: 8,6,4,3,2",
    "HI: two pair, Kings and Eights; LO: 7,6,3,2,A", "Badugi: 8,5,4,2", "3-card: 9,2,A"."""
    return describe(RULES[game].describe, cards)


def describe(kind: str, cards: Sequence[Card]) -> str:
    if kind == "badugi":
        ranks = badugi_ranks(cards)
        label = "Badugi" if len(ranks) == 4 else f"{len(ranks)}-card"
        return f"{label}: {low_letters(ranks)}"
    if kind == "a5":
        return "Lo: " + low_letters(a5_ranks(cards))
    if kind == "deuce":
        return _deuce_words(cards)
    high = high_words(*decode_high(high_value(cards)))
    if kind == "hilo":
        if eight_or_better_low_value(cards) is None:
            return f"HI: {high}"
        return f"HI: {high}; LO: {low_letters(a5_ranks(cards))}"
    return high


def summary_description(kind: str, shown: str) -> str:
    """The summary repeats the show's words; a badugi hand takes an article there."""
    return f"a {shown}" if kind == "badugi" else shown

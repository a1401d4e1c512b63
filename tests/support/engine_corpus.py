"""Real PokerStars hands, parsed once per test session, for the engine tests."""

from __future__ import annotations

from functools import cache

from parsers.model.events import Hand
from parsers.text.hand_texts import HandText
from parsers.text.history_file import parse_file
from tests.conftest import REAL_HISTORIES


@cache
def real_pokerstars() -> tuple[tuple[HandText, Hand | None], ...]:
    """Every chunk of every real PokerStars file in file order, with its hand (None when
    the chunk is a skipped flop-game hand)."""
    chunks = []
    for path in sorted((REAL_HISTORIES / "PokerStars").rglob("*.txt")):
        for chunk, outcome in parse_file(path):
            chunks.append((chunk, outcome if isinstance(outcome, Hand) else None))
    return tuple(chunks)


def real_hands() -> list[Hand]:
    return [hand for _chunk, hand in real_pokerstars() if hand is not None]

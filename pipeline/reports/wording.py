"""Counts said as a player says them: "1 hand", "2 hands", "1,800 hands"."""

from __future__ import annotations

_IRREGULAR = {"was": "were", "is": "are"}


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """`count` and the noun it counts, singular for one.

    >>> counted(1, "folder"), counted(2_000, "hand"), counted(2, "was")
    ('1 folder', '2,000 hands', '2 were')
    """
    word = noun if count == 1 else plural or _IRREGULAR.get(noun, noun + "s")
    return f"{count:,} {word}"

"""How large one hand may be: far beyond any real hand, so that a crafted one is rejected
with the reason before it costs time or memory (issue 49).

Of the 119 real files and the sample histories, the largest hand holds 167 lines and
5,639 bytes, and the most players at a table dealt stud or draw are 8. A "hand" of 1 MiB
(a 50 MB line: TOML's reader took 13 s over it), of 10,000 lines, or of more players than
any table seats (a PHH hand of 1,000,000 players was stored, 63 s and 2.19 GB, and the
replayer then failed on it) is no hand: it is rejected, never stored.
"""

from __future__ import annotations

from parsers.text.hand_texts import HandText

MAX_HAND_BYTES = 2**20
MAX_HAND_LINES = 10_000
"""Lines of a site's hand; a PHH hand's actions count as its lines."""
MAX_PLAYERS = 10
"""No stud or draw table seats more (stud deals eight at most, draw six)."""


def size_refusal(chunk: HandText) -> str | None:
    """Why a hand's text is too large to be read, or None."""
    size = chunk.byte_end - chunk.byte_offset
    if size > MAX_HAND_BYTES:
        return f"{size:,} bytes: far more than a hand holds (at most {MAX_HAND_BYTES:,})"
    lines = len(chunk.lines)
    if lines > MAX_HAND_LINES:
        return f"{lines:,} lines: far more than a hand holds (at most {MAX_HAND_LINES:,})"
    return None


def count_refusal(what: str, count: int, most: int) -> str | None:
    """Why a hand with `count` players (or actions...) is no hand, or None."""
    if count > most:
        return f"{count:,} {what}: more than any hand has (at most {most:,})"
    return None

"""What a hand's cards and the evaluators' values say about ranks: the rank orders, a
high value decoded back into its category and ranks, the ranks an ace-to-five or a
deuce-to-seven hand plays, the cards a badugi plays.

Facts, not words: the writers word shown hands from them (`pipeline.writers.hand_words`)
and the simulator rates its bots' hands with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parsers.model.events import Card
from pipeline.engine.evaluators import RANKS as RANKS
from pipeline.engine.evaluators import deuce_to_seven_low_value

HIGH_RANK = {r: i + 2 for i, r in enumerate(RANKS)}  # 2..14, ace high


LOW_RANK: Final = {r: (1 if r == "A" else i + 2) for i, r in enumerate(RANKS)}  # ace low: 1..13


def decode_high(value: int) -> tuple[int, list[int]]:
    """Category and ranks (2..14, most significant first) of a `high_value()` result.

    The evaluators' documented layout: the category in bits 20-23, then five 4-bit ranks
    most significant first, missing kickers as 0. `tests/writers/test_simulator.py` pins it."""
    category = value >> 20
    ranks = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    return category, [r for r in ranks if r]


def a5_ranks(cards: Sequence[Card]) -> list[int]:
    """The five cards an ace-to-five low plays, as printed: pairs first, then high to low."""
    distinct = sorted({LOW_RANK[c[0]] for c in cards})
    if len(distinct) >= 5:
        return distinct[4::-1]
    counts: dict[int, int] = {}
    for card in cards:
        rank = LOW_RANK[card[0]]
        counts[rank] = counts.get(rank, 0) + 1
    # fewest pairs and lowest cards: every distinct rank, then the lowest repeats
    chosen = list(distinct)
    repeats = sorted(r for r, n in counts.items() for _ in range(n - 1))
    chosen += repeats[: max(0, min(5, len(cards)) - len(chosen))]
    grouped: dict[int, int] = {}
    for rank in chosen:
        grouped[rank] = grouped.get(rank, 0) + 1
    return sorted(chosen, key=lambda r: (grouped[r], r), reverse=True)


_PAIRED_CATEGORIES: Final[dict[tuple[int, ...], int]] = {
    (2, 1, 1, 1): 1,  # a pair
    (2, 2, 1): 2,  # two pair
    (3, 1, 1): 3,  # three of a kind
    (3, 2): 6,  # a full house
    (4, 1): 7,  # four of a kind
}
"""The `decode_high` category of a low's five ranks, by how many of each it holds."""


def paired_low(ranks: Sequence[int]) -> tuple[int, list[int]] | None:
    """The category and ranks, as `high_words` takes them (aces as 14), of an ace-to-five
    low that must play a pair ("7,7,J,6,3" of `a5_ranks`: a pair of Sevens, the Jack, Six
    and Three); None when its five ranks differ."""
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    category = _PAIRED_CATEGORIES.get(tuple(sorted(counts.values(), reverse=True)))
    if category is None:
        return None
    return category, [14 if rank == 1 else rank for rank in counts]  # in `a5_ranks` order


def deuce_packed(cards: Sequence[Card]) -> int:
    """The high-style value of a deuce-to-seven hand: the evaluator's value is its
    mirror (`1 << 24` less it), aces high and no wheel."""
    return (1 << 24) - deuce_to_seven_low_value(cards)


_SUBSETS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    n: tuple(sorted(
        (tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)),
        key=len, reverse=True,
    ))
    for n in range(1, 6)
}  # fmt: skip


def badugi_best(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The largest set of cards with different suits and ranks (the lowest such set),
    in the order they are held."""
    ranks = [LOW_RANK[c[0]] for c in cards]
    suits = [c[1] for c in cards]
    best: tuple[int, ...] = ()
    best_key: list[int] = []
    for subset in _SUBSETS[len(cards)]:
        size = len(subset)
        if size < len(best):
            break
        if len({suits[i] for i in subset}) < size or len({ranks[i] for i in subset}) < size:
            continue
        key = sorted((ranks[i] for i in subset), reverse=True)
        if not best or key < best_key:
            best, best_key = subset, key
    return tuple(cards[i] for i in best)


def badugi_ranks(cards: Sequence[Card]) -> list[int]:
    """The ranks a badugi hand plays, high to low, aces low."""
    return sorted((LOW_RANK[c[0]] for c in badugi_best(cards)), reverse=True)

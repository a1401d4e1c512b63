"""The pieces a history's hand descriptions are made of, from a hand's cards.

"a pair of Kings", "8,6,4,3,2", "Badugi: 8,5,4,2": each site words a shown hand its own
way, from the same facts -- the hand's category and ranks, the five cards an ace-to-five
low plays, the cards a badugi plays. PokerStars' words are `describe_hand`; a site
writer that words them otherwise (`writers.fulltilt`) builds its words from these pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parsers.events import Card
from parsers.games import Game, Ranking
from pipeline.engine.evaluators import (
    deuce_to_seven_low_value,
    eight_or_better_low_value,
    high_value,
)

RANKS = "23456789TJQKA"
HIGH_RANK = {r: i + 2 for i, r in enumerate(RANKS)}  # 2..14, ace high
LOW_RANK = {r: (1 if r == "A" else i + 2) for i, r in enumerate(RANKS)}  # ace low: 1..13

RANK_NAMES: dict[int, tuple[str, str]] = {
    2: ("Deuce", "Deuces"),
    3: ("Three", "Threes"),
    4: ("Four", "Fours"),
    5: ("Five", "Fives"),
    6: ("Six", "Sixes"),
    7: ("Seven", "Sevens"),
    8: ("Eight", "Eights"),
    9: ("Nine", "Nines"),
    10: ("Ten", "Tens"),
    11: ("Jack", "Jacks"),
    12: ("Queen", "Queens"),
    13: ("King", "Kings"),
    14: ("Ace", "Aces"),
}
"""Each rank's name, one and many (PokerStars' words: "Deuce", "Deuces")."""

_LOW_LETTERS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}


def decode_high(value: int) -> tuple[int, list[int]]:
    """Category and ranks (2..14, most significant first) of a `high_value()` result.

    The evaluators' documented layout: the category in bits 20-23, then five 4-bit ranks
    most significant first, missing kickers as 0. `tests/test_simulator.py` pins it."""
    category = value >> 20
    ranks = [(value >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    return category, [r for r in ranks if r]


def high_words(
    category: int,
    ranks: list[int],
    names: Mapping[int, tuple[str, str]] = RANK_NAMES,
    straight_by_top: bool = False,
) -> str:
    """PokerStars' words for a high hand: "a pair of Kings", "a straight, Five to Nine"
    (with other `names` for the ranks, the same words in another site's names).

    `straight_by_top` names a straight by its top card, as Full Tilt does ("Hero shows
    [7s 6c 5d 4d 3d] a straight, Seven high"), where PokerStars names both its ends.
    """
    top = ranks[0]

    def one(rank: int) -> str:
        return names[rank][0]

    def many(rank: int) -> str:
        return names[rank][1]

    if category == 0:
        return f"high card {one(top)}"
    if category == 1:
        return f"a pair of {many(top)}"
    if category == 2:
        return f"two pair, {many(top)} and {many(ranks[1])}"
    if category == 3:
        return f"three of a kind, {many(top)}"
    if category in (4, 8):
        low = 14 if top == 5 else top - 4
        run = f"{one(top)} high" if straight_by_top else f"{one(low)} to {one(top)}"
        if category == 8:
            return "a Royal Flush" if top == 14 else f"a straight flush, {run}"
        return f"a straight, {run}"
    if category == 5:
        return f"a flush, {one(top)} high"
    if category == 6:
        return f"a full house, {many(top)} full of {many(ranks[1])}"
    return f"four of a kind, {many(top)}"


def low_letters(ranks: Sequence[int], separator: str = ",") -> str:
    """ "8,6,4,3,2", "7,5,4,3,A": ranks as letters, aces as "A" (low or high)."""
    return separator.join(_LOW_LETTERS.get(r, str(r)) for r in ranks)


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


_PAIRED_CATEGORIES: dict[tuple[int, ...], int] = {
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


_SUBSETS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(sorted(
        (tuple(i for i in range(n) if mask >> i & 1) for mask in range(1, 1 << n)),
        key=len, reverse=True,
    ))
    for n in range(1, 5)
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


def describe_hand(game: Game, cards: Sequence[Card]) -> str:
    """PokerStars' words for a shown hand: "a pair of Kings", "Lo: 8,6,4,3,2",
    "HI: two pair, Kings and Eights; LO: 7,6,3,2,A", "Badugi: 8,5,4,2", "3-card: 9,2,A"."""
    rules = game.rules
    if rules.ranking is Ranking.BADUGI:
        ranks = badugi_ranks(cards)
        label = "Badugi" if len(ranks) == 4 else f"{len(ranks)}-card"
        return f"{label}: {low_letters(ranks)}"
    if rules.ranking is Ranking.ACE_TO_FIVE:
        return "Lo: " + low_letters(a5_ranks(cards))
    if rules.ranking is Ranking.DEUCE_TO_SEVEN:
        category, ranks = decode_high(deuce_packed(cards))
        return "Lo: " + (low_letters(ranks) if category == 0 else high_words(category, ranks))
    high = high_words(*decode_high(high_value(cards)))
    if not rules.splits_eight_or_better:
        return high
    if eight_or_better_low_value(cards) is None:
        return f"HI: {high}"
    return f"HI: {high}; LO: {low_letters(a5_ranks(cards))}"

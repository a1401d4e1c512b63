"""Showdown hand evaluators: high, ace-to-five low, eight-or-better, deuce-to-seven, badugi.

Every evaluator maps a hand to a plain `int` in which a bigger number is a better hand, so
callers settle a showdown with `max()` and split ties with `==`, whatever the game. Values
of different evaluators are not comparable with each other, and neither are values of
hands with different numbers of cards below five (partial stud boards).

Why it is fast: the engine evaluates showdowns while replaying millions of hands, so the
hot path does one C-level pass over the cards (`sum(map(dict.__getitem__, cards))`) that
packs rank counts and suit counts into one integer, then one dict lookup. The rank part of
that integer identifies the rank multiset, which is all that matters outside flushes, so
each multiset is evaluated once from its counts (never by enumerating the 21 five-card
subsets of seven cards) and memoised. There are 76,154 rank multisets of one to seven
cards, which bounds the caches; filling them lazily keeps import instant.

Cards are 2-character strings, rank from "23456789TJQKA" then suit from "cdhs" ("Ah",
"Td"). Anything else, including the parsers' unknown card "??", raises `ValueError`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from itertools import combinations
from typing import Final

__all__ = [
    "ASK_THE_CARDS",
    "KEYED",
    "Cards",
    "HandValue",
    "HighCategory",
    "KeyedEvaluator",
    "ace_to_five_low_value",
    "badugi_value",
    "card_key",
    "deuce_to_seven_low_value",
    "eight_or_better_low_value",
    "high_category",
    "high_value",
]

Cards = Sequence[str]
"""A hand: any sequence of 2-character cards, e.g. ("Ah", "Kd", "7c")."""

HandValue = int
"""An evaluator's result: bigger is better, equal means a split pot."""

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"


class HighCategory(IntEnum):
    """The high-hand ladder; the order of the members is the order of strength."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The words a hand history or a UI prints, e.g. "two pair"."""
        return self.name.lower().replace("_", " ")

    @classmethod
    def of(cls, value: HandValue) -> HighCategory:
        """Category of a `high_value()` result, without exposing the bit layout."""
        return cls(value >> _CATEGORY_SHIFT)


def high_category(value: HandValue) -> str:
    """Name of the category of a `high_value()` result, e.g. "two pair"."""
    return HighCategory.of(value).label


# Value layout shared by high and low values: category in bits 20-23, then up to five
# ranks of 4 bits, most significant first, so integer order is the showdown order.
_CATEGORY_SHIFT: Final = 20
_LOW_TOP: Final = 1 << 24  # low values are _LOW_TOP - badness: positive, bigger is better

# Card key layout: a 3-bit count per rank (bits 0-38, 2 lowest) and a 4-bit count per suit
# (bits 40-55). Summing the keys of up to seven cards cannot carry between fields.
_SUIT_SHIFT: Final = 40
_RANK_FIELD: Final = (1 << 39) - 1
# Adding 3 to every suit field sets its top bit exactly when that suit has 5+ cards.
_FLUSH_PROBE: Final = 0x3333 << _SUIT_SHIFT
_FLUSH_FLAG: Final = 0x8888 << _SUIT_SHIFT

_CARD_KEY: Final[dict[str, int]] = {
    r + s: (1 << (3 * ri)) + (1 << (_SUIT_SHIFT + 4 * si))
    for ri, r in enumerate(RANKS)
    for si, s in enumerate(SUITS)
}
_RANK_KEY: Final[dict[str, int]] = {card: key & _RANK_FIELD for card, key in _CARD_KEY.items()}
_RANK_INDEX: Final[dict[str, int]] = {r: ri for ri, r in enumerate(RANKS)}

# Memo tables: rank-multiset key (or suited-rank bitmask) -> value. Bounded by the number
# of multisets of at most seven cards; see the module docstring.
_HIGH_BY_RANKS: Final[dict[int, int]] = {}
_DEUCE_BY_RANKS: Final[dict[int, int]] = {}
_DEUCE_BEST_BY_RANKS: Final[dict[int, int]] = {}  # six or seven cards, no five of a suit
_A5_BY_RANKS: Final[dict[int, int]] = {}
_FLUSH_BY_MASK: Final[dict[int, int]] = {}
_DEUCE_FLUSH_BY_MASK: Final[dict[int, int]] = {}

_WHEEL_MASK: Final = 0b1_0000_0000_1111  # A, 5, 4, 3, 2
# An eight-or-better low qualifies when its badness is at most that of 8-7-6-5-4.
_EIGHT_QUALIFIER: Final = _LOW_TOP - 0x87654


def _unknown_card(cards: Cards) -> ValueError:
    bad = next((c for c in cards if c not in _CARD_KEY), None)
    return ValueError(f"not a card: {bad!r} in {list(cards)!r}")


def _pack(category: int, ranks: Sequence[int]) -> int:
    """Category then up to five 4-bit ranks, left-aligned so missing kickers count as 0."""
    value = category
    for i in range(5):
        value = (value << 4) | (ranks[i] if i < len(ranks) else 0)
    return value


def _counts(key: int) -> list[int]:
    return [(key >> (3 * ri)) & 7 for ri in range(13)]


def _straight_top(mask: int, wheel: bool) -> int:
    """Index of the top card of the best straight in a 13-bit rank mask, or -1."""
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    if wheel and mask & _WHEEL_MASK == _WHEEL_MASK:
        return 3  # the five: A-2-3-4-5 is the lowest straight
    return -1


def _high_from_counts(counts: list[int], wheel: bool) -> int:
    """Best five-card non-flush high value of a rank multiset, straight from the counts."""
    present = [ri for ri in range(12, -1, -1) if counts[ri]]  # high to low
    ranks = [ri + 2 for ri in present]  # value ranks: 2..14
    by_size = sorted(range(len(present)), key=lambda i: counts[present[i]], reverse=True)
    top = by_size[0]  # biggest group, highest rank among equals (the sort is stable)
    size = counts[present[top]]
    others = [ranks[i] for i in range(len(present)) if i != top]
    if size >= 4:
        return _pack(HighCategory.FOUR_OF_A_KIND, [ranks[top], *others[:1]])
    pairs = [ranks[i] for i in range(len(present)) if counts[present[i]] >= 2]
    if size == 3:
        # The second trips of 7 cards may play as the pair of a full house.
        pair = next((r for r in pairs if r != ranks[top]), 0)
        if pair:
            return _pack(HighCategory.FULL_HOUSE, [ranks[top], pair])
    mask = sum(1 << ri for ri in present)
    straight = _straight_top(mask, wheel)
    if straight >= 0:
        return _pack(HighCategory.STRAIGHT, [straight + 2])
    if size == 3:
        return _pack(HighCategory.THREE_OF_A_KIND, [ranks[top], *others[:2]])
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        kickers = [r for r in ranks if r not in (high, low)]  # a third pair can kick
        return _pack(HighCategory.TWO_PAIR, [high, low, *kickers[:1]])
    if pairs:
        return _pack(HighCategory.PAIR, [pairs[0], *others[:3]])
    return _pack(HighCategory.HIGH_CARD, ranks[:5])


def _flush_from_mask(mask: int, wheel: bool) -> int:
    """Value of the best flush in one suit's 13-bit rank mask (0 if under five ranks)."""
    if mask.bit_count() < 5:
        return 0  # only reachable with a card given twice
    straight = _straight_top(mask, wheel)
    if straight >= 0:
        return _pack(HighCategory.STRAIGHT_FLUSH, [straight + 2])
    ranks = [ri + 2 for ri in range(12, -1, -1) if mask >> ri & 1]
    return _pack(HighCategory.FLUSH, ranks[:5])


def _flush_value(cards: Cards, key: int, table: dict[int, int], wheel: bool) -> int:
    fields = key >> _SUIT_SHIFT
    suit = next(SUITS[si] for si in range(4) if (fields >> (4 * si)) & 15 >= 5)
    mask = 0
    for card in cards:
        if card[1] == suit:
            mask |= 1 << _RANK_INDEX[card[0]]
    value = table.get(mask)
    if value is None:
        value = table[mask] = _flush_from_mask(mask, wheel)
    return value


def high_value(cards: Cards) -> HandValue:
    """Best five-card high hand of 1 to 7 cards (stud plays the best five of seven).

    A-2-3-4-5 is the lowest straight and suits never break ties, so equal values mean a
    split pot. Below five cards (exposed stud boards) no straight or flush can exist and
    missing kickers count as nothing: compare only boards of the same size.
    """
    try:
        key = sum(map(_CARD_KEY.__getitem__, cards))
    except KeyError:
        raise _unknown_card(cards) from None
    if not 0 < len(cards) <= 7:
        raise ValueError(f"high_value takes 1 to 7 cards, got {len(cards)}")
    value = _high_of_ranks(key & _RANK_FIELD)
    if (key + _FLUSH_PROBE) & _FLUSH_FLAG:
        # Rare (about 3% of 7-card hands); max() because quads or a full house beat it.
        return max(value, _flush_value(cards, key, _FLUSH_BY_MASK, True))
    return value


def _high_of_ranks(ranks_key: int) -> HandValue:
    """The best non-flush high value of a rank multiset, worked out once."""
    value = _HIGH_BY_RANKS.get(ranks_key)
    if value is None:
        value = _HIGH_BY_RANKS[ranks_key] = _high_from_counts(_counts(ranks_key), True)
    return value


def _low_badness(ranks: Sequence[int]) -> int:
    """Badness of a set of ace-low ranks (A=1): category, then group ranks, high first.

    The categories follow the ordinary ladder without straights and flushes: no pair,
    pair, two pair, trips, full house, quads. Lower badness is the better low.
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    first = groups[0][1]
    second = groups[1][1] if len(groups) > 1 else 0
    if first == 1:
        category = 0
    elif first == 2:
        category = 2 if second == 2 else 1
    elif first == 3:
        category = 4 if second >= 2 else 3
    else:
        category = first + 1  # quads = 5; more copies only with a card given twice
    return _pack(category, [r for r, _ in groups])


def _a5_from_counts(counts: list[int]) -> int:
    """Best ace-to-five low value of a rank multiset (A low, pairs bad)."""
    low = [(ri + 2) % 14 or 1 for ri in range(13)]  # rank index -> ace-low rank (A=1)
    distinct = sorted(low[ri] for ri in range(13) if counts[ri])
    if len(distinct) >= 5:
        # Any five distinct ranks beat every paired hand: take the five lowest.
        return _LOW_TOP - _low_badness(distinct[4::-1])
    # Fewer than five ranks: some pairing is forced; try each way to fill the hand.
    pool = [low[ri] for ri in range(13) for _ in range(counts[ri])]
    size = min(5, len(pool))
    best = min(_low_badness(sorted(c, reverse=True)) for c in set(combinations(pool, size)))
    return _LOW_TOP - best


def ace_to_five_low_value(cards: Cards) -> HandValue:
    """Best ace-to-five low (Razz, A-5 Triple Draw) of 1 to 7 cards.

    A is low, straights and flushes do not count, pairs are bad; compared highest card
    first, so 8-5-4-3-2 beats 8-6-3-2-A and A-2-3-4-5 is best. With more than five cards
    the best five play, using distinct ranks first. Below five cards every card plays:
    compare only hands of the same size.
    """
    try:
        key = sum(map(_RANK_KEY.__getitem__, cards))
    except KeyError:
        raise _unknown_card(cards) from None
    if not 0 < len(cards) <= 7:
        raise ValueError(f"ace_to_five_low_value takes 1 to 7 cards, got {len(cards)}")
    return ace_to_five_low_value_of_key(key)


def eight_or_better_low_value(cards: Cards) -> HandValue | None:
    """Best qualifying low of 5 to 7 cards for Stud Hi/Lo, or None when there is none.

    Fewer than five cards (a partial board) are accepted and never qualify.

    A low qualifies with five distinct ranks, all 8 or lower (A low). The result is the
    ace-to-five value of that low, so it compares with `ace_to_five_low_value()` results:
    when a qualifying low exists it is always the best ace-to-five low of the cards.
    """
    if len(cards) < 5:
        # Fewer than five cards can never qualify; the A-5 call still rejects bad cards.
        ace_to_five_low_value(cards)
        return None
    value = ace_to_five_low_value(cards)
    return value if value >= _EIGHT_QUALIFIER else None


def deuce_to_seven_low_value(cards: Cards) -> HandValue:
    """Deuce-to-seven low of 5 cards (draw games); of 6 or 7, the best five (2-7 Razz);
    of 1 to 4, a 2-7 Razz board, to say who acts first.

    The ordinary high ladder reversed: A is high only (A-5-4-3-2 is ace high, not a
    straight), straights and flushes count against, and any no-pair hand beats any pair.
    Best hand 7-5-4-3-2 of at least two suits. Six or seven cards are rare enough to take
    the best of the five-card subsets, about 20 times slower. A board of fewer than five
    cards makes no straight or flush: pairs are bad, then the highest card, ace high.
    """
    if len(cards) != 5:
        if 5 < len(cards) <= 7:
            return _deuce_to_seven_best_five(cards)
        if 0 < len(cards) < 5:
            return _deuce_to_seven_board_value(cards)
        raise ValueError(f"deuce_to_seven_low_value takes 1 to 7 cards, got {len(cards)}")
    try:
        key = sum(map(_CARD_KEY.__getitem__, cards))
    except KeyError:
        raise _unknown_card(cards) from None
    ranks_key = key & _RANK_FIELD
    value = _DEUCE_BY_RANKS.get(ranks_key)
    if value is None:
        value = _DEUCE_BY_RANKS[ranks_key] = _high_from_counts(_counts(ranks_key), False)
    if (key + _FLUSH_PROBE) & _FLUSH_FLAG:
        value = max(value, _flush_value(cards, key, _DEUCE_FLUSH_BY_MASK, False))
    return _LOW_TOP - value


def _deuce_to_seven_best_five(cards: Cards) -> HandValue:
    """The best five of six or seven cards. Unless five share a suit, no five make a
    flush, and the best five depend on the ranks alone: valued once per ranks (2-7 Razz
    equity values the same ranks again and again)."""
    try:
        key = sum(map(_CARD_KEY.__getitem__, cards))
    except KeyError:
        raise _unknown_card(cards) from None
    if (key + _FLUSH_PROBE) & _FLUSH_FLAG:
        return max(map(deuce_to_seven_low_value, combinations(cards, 5)))
    ranks_key = key & _RANK_FIELD
    value = _DEUCE_BEST_BY_RANKS.get(ranks_key)
    if value is None:
        value = max(map(deuce_to_seven_low_value, combinations(cards, 5)))
        _DEUCE_BEST_BY_RANKS[ranks_key] = value
    return value


def _deuce_to_seven_board_value(cards: Cards) -> HandValue:
    if any(card not in _CARD_KEY for card in cards):
        raise _unknown_card(cards)
    return _LOW_TOP - _low_badness([RANKS.index(card[0]) + 2 for card in cards])


# Badugi card code: suit bit in bits 0-3, ace-low rank bit above, so two codes share a bit
# exactly when the cards clash (same suit or same rank) and sorting codes sorts by rank.
_BADUGI_CODE: Final[dict[str, int]] = {
    r + s: (1 << (4 + ((ri + 2) % 14 or 1))) | (1 << si)
    for ri, r in enumerate(RANKS)
    for si, s in enumerate(SUITS)
}
_BADUGI_RANK: Final[dict[int, int]] = {
    code: code.bit_length() - 5 for code in _BADUGI_CODE.values()
}
_CLASH_BITS: Final = tuple(enumerate(combinations(range(4), 2)))  # bit k: k-th pair of card indices


def _largest_clash_free_sets(clashes: int) -> tuple[tuple[int, ...], ...]:
    """Largest index subsets of four cards with no clashing pair, highest index first."""
    for size in range(4, 0, -1):
        found = tuple(
            subset[::-1]
            for subset in combinations(range(4), size)
            if not any(clashes >> k & 1 and set(pair) <= set(subset) for k, pair in _CLASH_BITS)
        )
        if found:
            return found
    return ()


# All 64 clash patterns of four cards, precomputed: which subsets can make the badugi.
_BADUGI_SETS: Final = tuple(_largest_clash_free_sets(m) for m in range(64))


def _badugi_slow(cards: Cards) -> HandValue:
    """Brute force for fewer than four cards: they only occur in partial or test hands."""
    if not 0 < len(cards) <= 4:
        raise ValueError(f"badugi_value takes 1 to 4 cards, got {len(cards)}")
    codes = sorted(map(_BADUGI_CODE.__getitem__, cards))
    for size in range(len(codes), 0, -1):
        packed = [
            _badugi_pack([_BADUGI_RANK[c] for c in reversed(subset)])
            for subset in combinations(codes, size)
            if all(not a & b for a, b in combinations(subset, 2))
        ]
        if packed:
            return (size << 16) | (0xFFFF - min(packed))
    raise AssertionError("unreachable: one card is always a badugi of one")


def _badugi_pack(ranks: Sequence[int]) -> int:
    """Ranks high first in 4-bit slots, left-aligned; smaller is the better badugi."""
    packed = 0
    for i in range(4):
        packed = (packed << 4) | (ranks[i] if i < len(ranks) else 0)
    return packed


def badugi_value(cards: Cards) -> HandValue:
    """Badugi value of 4 cards (1 to 3 are accepted too; of 5, Badeucey's and Badacey's
    badugi half, the best four), A low.

    The hand plays its largest subset of cards with all-different suits and ranks; more
    cards beat fewer, then the highest card compares first and lower wins. Best hand
    A-2-3-4 of four suits.
    """
    if len(cards) == 5:
        return max(map(badugi_value, combinations(cards, 4)))
    try:
        codes = sorted(map(_BADUGI_CODE.__getitem__, cards))
    except KeyError:
        raise _unknown_card(cards) from None
    if len(codes) != 4:
        return _badugi_slow(cards)
    a, b, c, d = codes
    # Bit k set when the k-th pair of cards (in _CLASH_BITS order) clashes.
    clashes = (
        (a & b and 1)
        | (a & c and 2)
        | (a & d and 4)
        | (b & c and 8)
        | (b & d and 16)
        | (c & d and 32)
    )
    if not clashes:  # a four-card badugi: nothing to choose
        rank = _BADUGI_RANK
        return (4 << 16) | (0xFFFF - ((rank[d] << 12) | (rank[c] << 8) | (rank[b] << 4) | rank[a]))
    ranks = (_BADUGI_RANK[a], _BADUGI_RANK[b], _BADUGI_RANK[c], _BADUGI_RANK[d])
    sets = _BADUGI_SETS[clashes]
    best = min(_badugi_pack([ranks[i] for i in s]) for s in sets)
    return (len(sets[0]) << 16) | (0xFFFF - best)


# Keyed evaluation, for equity sampling: a runout adds its cards' keys to the key of the
# cards a player holds instead of building his hand, and the value is read from the sum.


ASK_THE_CARDS: Final = -1
"""A keyed high value that the key cannot tell (five cards of one suit: the flush needs
the cards themselves); no evaluator's value is negative."""


def card_key(card: str) -> int:
    """The card's key: the sum of a hand's keys is what the keyed evaluators read."""
    try:
        return _CARD_KEY[card]
    except KeyError:
        raise _unknown_card([card]) from None


def high_value_of_key(key: int) -> HandValue:
    """`high_value` of the cards whose keys sum to `key`, or ASK_THE_CARDS."""
    if (key + _FLUSH_PROBE) & _FLUSH_FLAG:
        return ASK_THE_CARDS
    return _high_of_ranks(key & _RANK_FIELD)


def ace_to_five_low_value_of_key(key: int) -> HandValue:
    """`ace_to_five_low_value` of the cards whose keys sum to `key` (their rank keys
    alone, or their whole keys: only the rank fields are read)."""
    ranks_key = key & _RANK_FIELD
    value = _A5_BY_RANKS.get(ranks_key)
    if value is None:
        value = _A5_BY_RANKS[ranks_key] = _a5_from_counts(_counts(ranks_key))
    return value


def eight_or_better_low_value_of_key(key: int) -> HandValue | None:
    """`eight_or_better_low_value` of five to seven cards whose keys sum to `key`."""
    value = ace_to_five_low_value_of_key(key)
    return value if value >= _EIGHT_QUALIFIER else None


KeyedEvaluator = Callable[[int], "HandValue | None"]

KEYED: dict[Callable[[Cards], HandValue | None], KeyedEvaluator] = {
    high_value: high_value_of_key,
    ace_to_five_low_value: ace_to_five_low_value_of_key,
    eight_or_better_low_value: eight_or_better_low_value_of_key,
}
"""The evaluators that read a key, for hands of five to seven cards (deuce-to-seven and
badugi need the cards: flushes count against, suits decide)."""

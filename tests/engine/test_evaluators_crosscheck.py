"""Cross-check of the evaluators against PokerKit on 100,000 seeded random hands.

PokerKit is an independent, widely used implementation, so agreement on a large sample
is strong evidence that every rule is right. It is a test-only dependency and this module
is skipped without it. The PokerKit class matched to each evaluator (read from its source,
`pokerkit/hands.py` and `pokerkit/lookups.py`):

- `high_value`: `StandardHighHand` (A-2-3-4-5 is the lowest straight);
- `ace_to_five_low_value`: `RegularLowHand` (A low, flushes ignored, no straights);
- `eight_or_better_low_value`: `EightOrBetterLowHand` (`from_game_or_none` is None when no
  five distinct ranks of A to 8 exist);
- `deuce_to_seven_low_value`: `StandardLowHand` (`Standard2Lookup`: straights do not wrap,
  so A-5-4-3-2 is ace high);
- `badugi_value`: `BadugiHand` (ace-to-five badugi).

PokerKit evaluates seven cards at a few thousand hands a second (it tries all 21 subsets),
so the 100,000 hands are split across evaluators to keep the module under ~20 s:

    high 30,000 (24,000 of 7 cards, 3,000 of 6, 3,000 of 5); A-5 low 25,000 (20,000 of 7,
    5,000 of 5); eight-or-better 20,000 of 7; 2-7 low 15,000 (12,000 of 5, 3,000 of 7);
    badugi 10,000 of 4.

Half of each batch is dealt from a full deck, half from a narrow deck of a few ranks and
suits, where quads, straight flushes, wheels, paired lows and clashing badugi cards are
common instead of rare. The check is a total order: sorted by our value, consecutive hands
must be equal for PokerKit exactly when they are equal for us, and increasing otherwise,
which by transitivity makes the two orders identical on every pair of the batch.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise

import pytest

from pipeline.engine import evaluators as ev

pytestmark = pytest.mark.slow  # tens of thousands of hands ranked by PokerKit too

pokerkit = pytest.importorskip("pokerkit")

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
PK_CARD = {card: next(pokerkit.Card.parse(card)) for card in DECK}

# (evaluator, PokerKit hand class, whether PokerKit calls it a low hand, cards, hands)
CASES: list[tuple[Callable[[Sequence[str]], int | None], type, bool, int, int]] = [
    (ev.high_value, pokerkit.StandardHighHand, False, 7, 24_000),
    (ev.high_value, pokerkit.StandardHighHand, False, 6, 3_000),
    (ev.high_value, pokerkit.StandardHighHand, False, 5, 3_000),
    (ev.ace_to_five_low_value, pokerkit.RegularLowHand, True, 7, 20_000),
    (ev.ace_to_five_low_value, pokerkit.RegularLowHand, True, 5, 5_000),
    (ev.eight_or_better_low_value, pokerkit.EightOrBetterLowHand, True, 7, 20_000),
    (ev.deuce_to_seven_low_value, pokerkit.StandardLowHand, True, 5, 12_000),
    (ev.deuce_to_seven_low_value, pokerkit.StandardLowHand, True, 7, 3_000),
    (ev.badugi_value, pokerkit.BadugiHand, True, 4, 10_000),
]


def test_the_split_adds_up_to_100000_hands() -> None:
    assert sum(case[-1] for case in CASES) == 100_000


def deal(rng: random.Random, size: int, count: int) -> list[list[str]]:
    hands = []
    for i in range(count):
        deck = DECK
        if i % 2:  # narrow deck: 5-8 ranks, 1-4 suits, at least `size` cards
            ranks = rng.sample(RANKS, rng.randint(5, 8))
            suits = rng.sample(SUITS, rng.randint(1, 4))
            deck = [r + s for r in ranks for s in suits]
            if len(deck) < size:
                deck = DECK
        hands.append(rng.sample(deck, size))
    return hands


def pokerkit_strength(cls: type, low: bool, cards: list[str]) -> int | None:
    """PokerKit's verdict as an int where bigger is better (its low entries count down)."""
    hand = cls.from_game_or_none([PK_CARD[c] for c in cards])
    if hand is None:
        return None
    return -hand.entry.index if low else hand.entry.index


@pytest.mark.parametrize(
    ("evaluate", "cls", "low", "size", "count"),
    CASES,
    ids=[f"{case[0].__name__}-{case[3]}cards-{case[4]}" for case in CASES],
)
def test_same_order_as_pokerkit(
    evaluate: Callable[[Sequence[str]], int | None], cls: type, low: bool, size: int, count: int
) -> None:
    rng = random.Random(f"{evaluate.__name__}/{size}")
    rows = []
    for cards in deal(rng, size, count):
        ours = evaluate(cards)
        theirs = pokerkit_strength(cls, low, cards)
        # Only eight-or-better may find no hand, and then both must agree that it is so.
        assert (ours is None) == (theirs is None), (cards, ours, theirs)
        if ours is not None:
            rows.append((ours, theirs, cards))
    assert len(rows) > count // 10  # eight-or-better: enough qualifying lows to compare
    rows.sort(key=lambda row: (row[0], row[1]))
    mismatches = [
        (a, b)
        for a, b in pairwise(rows)
        if (a[0] == b[0]) != (a[1] == b[1]) or (a[0] < b[0]) != (a[1] < b[1])
    ]
    assert not mismatches, f"{len(mismatches)} disagreements, e.g. {mismatches[:3]}"
    # Ties must be exercised too, or the equality half of the check proves nothing.
    assert any(a[0] == b[0] for a, b in pairwise(rows))

"""Full Tilt's words for a hand, recomputed from its cards: "Ace Ten high", "J,7,5,3,2",
"a Badugi: Q, 4, 3, 2", "a pair of Twos", a hi/lo hand's high and low apart.

Made of the pieces every site's words share (`hand_words`), in Full Tilt's names and
order; apart from the lines (`writers.fulltilt`), which print these words where the show,
the pots won and the summary say them.
"""

from __future__ import annotations

from collections.abc import Sequence

from parsers.model.events import Card, Game
from pipeline.engine.evaluators import eight_or_better_low_value, high_value
from pipeline.engine.hand_ranks import a5_ranks, badugi_ranks, decode_high, deuce_packed, paired_low
from pipeline.writers.hand_words import RANK_NAMES, high_words, low_letters

FT_RANK_NAMES = {**RANK_NAMES, 2: ("Two", "Twos")}
"""Full Tilt names the deuce "Two": "a pair of Twos", "two pair, Jacks and Twos"."""


def describe(game: Game, cards: Sequence[Card]) -> tuple[str, str | None] | None:
    """Full Tilt's words for a hand: (high words, low words or None), None if the cards
    are too few to say.

    "a pair of Kings", "two pair, Aces and Kings", "three of a kind, Nines", "a flush,
    Ten high", "a full house, Nines full of Tens", "Ace Ten high"; 2-7 "J,7,5,3,2" (or
    "a pair of Sevens", "a straight, Seven high"); razz "7,6,5,4,2" (or "a pair of
    Sevens"); the hi/lo low "8,7,6,3,2", "6,4,3,2,A"; badugi "a Badugi: Q, 4,
    3, 2", "a 3-Card: T, 4, A", "a 2-Card: 5, 2".
    """
    if len(cards) < (4 if game is Game.BADUGI else 5) or "??" in cards:
        return None
    if game is Game.BADUGI:
        ranks = badugi_ranks(cards)
        label = "Badugi" if len(ranks) == 4 else f"{len(ranks)}-Card"
        return f"a {label}: {low_letters(ranks, ', ')}", None
    if game is Game.RAZZ:
        # "Hero shows [6c 7c 7d 7s 3s Jd Jc] a pair of Sevens" (2012): a low that must
        # play a pair is worded as a high hand
        ranks = a5_ranks(cards)
        paired = paired_low(ranks)
        return (low_letters(ranks) if paired is None else ft_high_words(*paired)), None
    if game in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27):
        category, ranks = decode_high(deuce_packed(cards))
        return low_letters(ranks) if category == 0 else ft_high_words(category, ranks), None
    category, ranks = decode_high(high_value(cards))
    if category == 0:
        high = f"{FT_RANK_NAMES[ranks[0]][0]} {FT_RANK_NAMES[ranks[1]][0]} high"
    else:
        high = ft_high_words(category, ranks)
    if game is not Game.SEVEN_STUD_HILO or eight_or_better_low_value(cards) is None:
        return high, None
    return high, low_letters(a5_ranks(cards))


def ft_high_words(category: int, ranks: list[int]) -> str:
    """PokerStars' words in Full Tilt's names ("a pair of Twos"), a straight named by its
    top card: "Hero shows [7s 6c 5d 4d 3d] a straight, Seven high" (2-7 triple draw,
    2012); a straight flush likewise, as no real file shows one."""
    return high_words(category, ranks, FT_RANK_NAMES, straight_by_top=True)


def summary_words(game: Game, cards: Sequence[Card]) -> str | None:
    """The summary's words: the show's, but hi/lo halves as "HI: ...; LO: ..."."""
    words = describe(game, cards)
    if words is None:
        return None
    high, low = words
    if game is not Game.SEVEN_STUD_HILO:
        return high
    return f"HI: {high}" + (f"; LO: {low}" if low else "")

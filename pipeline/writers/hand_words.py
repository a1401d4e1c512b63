"""The pieces a history's hand descriptions are made of, from a hand's cards.

"a pair of Kings", "8,6,4,3,2", "Badugi: 8,5,4,2": each site words a shown hand its own
way, from the same facts (`pipeline.engine.hand_ranks`: the hand's category and ranks,
the five cards an ace-to-five low plays, the cards a badugi plays). PokerStars' words are
`describe_hand`; a site that words them otherwise (`writers.fulltilt_words`) builds its
words from these pieces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parsers.model.events import Card
from parsers.model.games import Game, Ranking
from pipeline.engine.evaluators import (
    eight_or_better_low_value,
    high_value,
)
from pipeline.engine.hand_ranks import a5_ranks, badugi_ranks, decode_high, deuce_packed

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


def describe_hand(game: Game, cards: Sequence[Card]) -> str:
    """PokerStars' words for a shown hand: "a pair of Kings", "Lo: 8,6,4,3,2",
    "HI: two pair, Kings and Eights; LO: 7,6,3,2,A", "Badugi: 8,5,4,2", "3-card: 9,2,A";
    a Badeucey hand, both halves: "Badugi: 8,5,4,2; Lo: 8,5,4,3,2"."""
    rules = game.rules
    words = _ranking_words(rules.ranking, cards)
    if rules.split_ranking is None:
        return words
    if rules.split_ranking is not Ranking.EIGHT_OR_BETTER:
        return f"{words}; {_ranking_words(rules.split_ranking, cards)}"
    if eight_or_better_low_value(cards) is None:
        return f"HI: {words}"
    return f"HI: {words}; LO: {low_letters(a5_ranks(cards))}"


def _ranking_words(ranking: Ranking, cards: Sequence[Card]) -> str:
    if ranking is Ranking.BADUGI:
        ranks = badugi_ranks(cards)
        label = "Badugi" if len(ranks) == 4 else f"{len(ranks)}-card"
        return f"{label}: {low_letters(ranks)}"
    if ranking is Ranking.ACE_TO_FIVE:
        return "Lo: " + low_letters(a5_ranks(cards))
    if ranking is Ranking.DEUCE_TO_SEVEN:
        category, ranks = decode_high(deuce_packed(cards))
        return "Lo: " + (low_letters(ranks) if category == 0 else high_words(category, ranks))
    return high_words(*decode_high(high_value(cards)))

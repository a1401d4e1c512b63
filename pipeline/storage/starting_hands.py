"""A hero's starting hand, named from the cards he held at the start: the groups a
starting-hand report counts hands and results by (issue 52).

Stud games start from the first street's cards: two down and the door card (five card
stud: one down and the door card). Draw games start from the hand dealt before the first
draw, named by how many cards were drawn and, where the hand history shows it, the cards
kept. Every function is pure and takes the project's cards ("Ah": rank from
"23456789TJQKA", suit from "cdhs"); an unknown card ("??") raises `ValueError`, so a
caller names only the hands whose cards it knows.

Each name is a `StartingHand`: `category`, the coarse group a report totals (few enough
to read as rows), and `detail`, the finer label (to drill into one group). The categories
are defined once, with examples, in docs/stats.md ("Starting hands").

>>> stud_start(Game.SEVEN_STUD, ("Kd", "7c"), "Kh")
StartingHand(category='split pair', detail='split kings')
>>> stud_start(Game.RAZZ, ("3d", "Ac"), "7h")
StartingHand(category='7-low', detail='7-3-A')
>>> draw_start(Game.TRIPLE_DRAW_27, 1, ("7c", "6d", "4h", "2s"))
StartingHand(category='draws one', detail='draws one to 7-6-4-2')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from parsers.model.events import Card
from parsers.model.games import Game
from pipeline.engine.evaluators import RANKS, SUITS, HighCategory, high_value
from pipeline.engine.hand_ranks import HIGH_RANK, LOW_RANK, badugi_best, decode_high
from pipeline.writers.hand_words import RANK_NAMES

__all__ = [
    "StartingHand",
    "door_cards_seen",
    "door_is_live",
    "draw_start",
    "no_draw_start",
    "stud_start",
]


@dataclass(frozen=True, slots=True)
class StartingHand:
    """A starting hand's name: `category` groups hands in a report (one row each),
    `detail` tells hands of one group apart. Frozen, so names can key a dict or a set."""

    category: str
    detail: str


_HIGH_CHAR: Final = {value: rank for rank, value in HIGH_RANK.items()}
# Rank names as the writers say them ("Deuce", "Deuces"), lowercased for a label.
_NAMES: Final = {_HIGH_CHAR[value]: one.lower() for value, (one, _) in RANK_NAMES.items()}
_PLURALS: Final = {_HIGH_CHAR[value]: many.lower() for value, (_, many) in RANK_NAMES.items()}
_COUNT_WORDS: Final = ("none", "one", "two", "three", "four", "five")
_LOW_CHAR: Final = {value: rank for rank, value in LOW_RANK.items()}

_RAZZ_GAMES: Final = frozenset({Game.RAZZ, Game.RAZZ_27})
_HILO_STUD: Final = frozenset({Game.SEVEN_STUD_HILO})
_DEUCE_DRAW: Final = frozenset({Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27})
_ACE_DRAW: Final = frozenset({Game.TRIPLE_DRAW_A5, Game.SINGLE_DRAW_A5})


def _check(cards: Sequence[Card]) -> None:
    for card in cards:
        if len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
            raise ValueError(f"not a known card: {card!r} in {list(cards)!r}")


def _ranks_text(ranks: Sequence[int], chars: dict[int, str]) -> str:
    """Ranks high to low joined by dashes: "7-6-4-2"."""
    return "-".join(chars[r] for r in sorted(ranks, reverse=True))


# Stud ------------------------------------------------------------------------------


def stud_start(game: Game, down: Sequence[Card], door: Card) -> StartingHand:
    """Name a stud starting hand from its down cards (two; five card stud: one) and its
    door card.

    Seven card stud and five card stud (high), in this order, the first that holds:
    "rolled up" (trips), "split pair" (the door card is one of the pair, so it shows),
    "buried pair" (both down), "three to a flush", "three to a straight" (three ranks
    within five, ace high or low), "high card". Stud hi/lo puts "three to a low" (three
    ranks 8 or under, ace low) after the pairs: the low is what most hands play for.
    Razz and 2-7 razz: see `_razz_start`. Five card stud's two cards can only pair or
    not, so its hands are pairs (split: the door card is one of them) or "high card".
    """
    cards = (*down, door)
    _check(cards)
    if not game.is_stud:
        raise ValueError(f"{game} is not a stud game")
    if game in _RAZZ_GAMES:
        return _razz_start(game, cards)
    counts = Counter(card[0] for card in cards)
    rank, most = counts.most_common(1)[0]
    if most == 3:
        return StartingHand("rolled up", f"rolled-up {_PLURALS[rank]}")
    if most == 2:
        where = "split" if door[0] == rank else "buried"
        return StartingHand(f"{where} pair", f"{where} {_PLURALS[rank]}")
    highest = max(cards, key=lambda card: HIGH_RANK[card[0]])[0]
    if len(cards) == 3:
        if game in _HILO_STUD:
            low = _three_to_a_low(cards)
            if low is not None:
                return low
        straight = _three_to_a_straight(cards)
        if len({card[1] for card in cards}) == 1:
            kind = "straight flush" if straight else "flush"
            return StartingHand("three to a flush", f"three to a {kind}, {_NAMES[highest]} high")
        if straight:
            return StartingHand("three to a straight", f"three to a straight, {straight}")
    return StartingHand("high card", f"{_NAMES[highest]} high")


def _three_to_a_straight(cards: Sequence[Card]) -> str:
    """The ranks, high to low, of three unpaired cards within five ranks ("9-8-6",
    "5-3-A" with the ace low), or "" when they are not."""
    high = sorted(HIGH_RANK[card[0]] for card in cards)
    if high[-1] - high[0] <= 4:
        return _ranks_text(high, _HIGH_CHAR)
    low = sorted(LOW_RANK[card[0]] for card in cards)
    if low[-1] - low[0] <= 4:
        return _ranks_text(low, _LOW_CHAR)
    return ""


def _three_to_a_low(cards: Sequence[Card]) -> StartingHand | None:
    """Stud hi/lo's "three to a low": three different ranks 8 or under, ace low."""
    ranks = sorted(LOW_RANK[card[0]] for card in cards)
    if len(set(ranks)) < 3 or ranks[-1] > 8:
        return None
    ace = "with an ace" if ranks[0] == 1 else "without an ace"
    return StartingHand("three to a low", f"{_LOW_CHAR[ranks[-1]]}-low {ace}")


def _razz_start(game: Game, cards: Sequence[Card]) -> StartingHand:
    """Razz names the three-card low by its top card: "7-low", and "8-low with a pair"
    ("with trips") when the cards pair; the detail gives the ranks high to low ("7-3-A").
    Razz plays aces low; 2-7 razz aces high (its "A-low" is its worst), and since three
    cards make neither a straight nor a flush that counts against a 2-7 low, the
    category ignores them."""
    table, chars = (HIGH_RANK, _HIGH_CHAR) if game is Game.RAZZ_27 else (LOW_RANK, _LOW_CHAR)
    ranks = [table[card[0]] for card in cards]
    top = chars[max(ranks)]
    paired = {2: " with a pair", 3: " with trips"}.get(max(Counter(ranks).values()), "")
    return StartingHand(f"{top}-low{paired}", _ranks_text(ranks, chars))


def door_cards_seen(door: Card, other_up: Sequence[Card]) -> int:
    """How many cards of the door card's rank show among the other players' up cards:
    0 means the door card is live (all three others may come), 3 that none can.

    >>> door_cards_seen("Kh", ("Kd", "7c", "Ks", "2h"))
    2
    """
    _check((door, *other_up))
    return sum(1 for card in other_up if card[0] == door[0])


def door_is_live(door: Card, other_up: Sequence[Card]) -> bool:
    """Whether no other player shows a card of the door card's rank."""
    return door_cards_seen(door, other_up) == 0


# Draw ------------------------------------------------------------------------------


def draw_start(game: Game, drawn: int, kept: Sequence[Card] | None = None) -> StartingHand:
    """Name a draw game's starting hand from the number of cards drawn at the first draw
    and, where known, the cards kept.

    The category is the draw: "pat", "draws one", "draws two", "draws three or more".
    The detail names the kept cards by game, high to low: 2-7 "7-5 pat" (a pat hand's top
    two cards) or "draws one to 7-6-4-2" (aces high); A-5 the same with aces low; badugi
    the badugi the kept cards make ("three-card badugi, 7 high"); 5 card draw the made
    hand kept ("pat flush", "draws three to a pair of jacks", "draws two to three nines",
    "draws three to ace-king"). Badeucey and badacey name the kept ranks (2-7 order,
    A-5 order). Without the kept cards the detail repeats the category.
    """
    if not 0 <= drawn <= 5:
        raise ValueError(f"cards drawn must be 0 to 5, got {drawn}")
    if game.is_stud:
        raise ValueError(f"{game} is not a draw game")
    category = "pat" if drawn == 0 else f"draws {_COUNT_WORDS[drawn]}"
    if drawn >= 3:
        category = "draws three or more"
    if kept is None:
        return StartingHand(category, category)
    _check(kept)
    if not kept:
        return StartingHand(category, f"draws {_COUNT_WORDS[drawn]}, keeps nothing")
    if game is Game.BADUGI:
        detail = _badugi_kept(kept)
    elif game is Game.FIVE_DRAW:
        detail = _five_draw_kept(kept)
    else:
        chars = _LOW_CHAR if game in _ACE_DRAW or game is Game.BADACEY else _HIGH_CHAR
        table = LOW_RANK if chars is _LOW_CHAR else HIGH_RANK
        ranks = [table[card[0]] for card in kept]
        if drawn == 0 and game in _DEUCE_DRAW | _ACE_DRAW:
            return StartingHand(category, f"{_ranks_text(ranks, chars)[:3]} pat")
        detail = _ranks_text(ranks, chars)
    if drawn == 0:
        return StartingHand(category, f"pat {detail}")
    return StartingHand(category, f"draws {_COUNT_WORDS[drawn]} to {detail}")


NO_DRAW: Final = "no draw"


def no_draw_start(game: Game) -> StartingHand:
    """A draw game's hand that ended before the first draw: the player folded, or everyone
    else did. It has no draw to name it by, but it is a hand dealt and played (a raise
    that wins the blinds, a fold), so a report counts it in a category of its own rather
    than leave it out: the categories' hands then add up to every hand dealt."""
    if game.is_stud:
        raise ValueError(f"{game} is not a draw game")
    return StartingHand(NO_DRAW, "over before the first draw")


def _badugi_kept(kept: Sequence[Card]) -> str:
    """The badugi the kept cards make: "three-card badugi, 7 high"."""
    best = badugi_best(kept)
    top = _LOW_CHAR[max(LOW_RANK[card[0]] for card in best)]
    return f"{_COUNT_WORDS[len(best)]}-card badugi, {top} high"


def _five_draw_kept(kept: Sequence[Card]) -> str:
    """The high hand the kept cards make, from the engine's evaluator: "a pair of jacks",
    "two pair, kings and fives", "three nines"; unpaired cards by their ranks."""
    category, ranks = decode_high(high_value(kept))
    chars = [_HIGH_CHAR[r] for r in ranks]
    if category == HighCategory.PAIR:
        return f"a pair of {_PLURALS[chars[0]]}"
    if category == HighCategory.TWO_PAIR:
        return f"two pair, {_PLURALS[chars[0]]} and {_PLURALS[chars[1]]}"
    if category == HighCategory.THREE_OF_A_KIND:
        return f"three {_PLURALS[chars[0]]}"
    if category == HighCategory.FOUR_OF_A_KIND:
        return f"four {_PLURALS[chars[0]]}"
    if category == HighCategory.HIGH_CARD:
        if len(kept) < 5:
            return "-".join(_NAMES[c] for c in chars)
        return f"{_NAMES[chars[0]]} high"
    return HighCategory(category).label  # five cards: a straight, flush, full house

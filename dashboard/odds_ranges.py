"""A range in place of a draw player's cards, as players say it: "any 8-low draw" (2-7
and A-5 draw games), and the odds against it.

"An N-low draw" is every set of the cards he keeps (the hand size less his draw; a
one-card draw unless said otherwise) of different ranks, each N or lower in the game's
low: in 2-7 the deuce up (the ace is high, so never in a low draw), in A-5 the ace up.
The cards named elsewhere are not in it. The odds draw his hand from it at random,
seeded, each hand as likely as any other, and count each hand's runouts (every one when
few, else a seeded sample); the chances are the average over the hands drawn, and the
standard error is that of this average, so that it holds the range's spread and the
runouts' both.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Final

from parsers.model.events import Card
from parsers.model.games import GAME_RULES, Family, Game, Ranking
from pipeline.engine.odds import Chances, Odds, odds
from pipeline.engine.variants import Variant

_RANGE: Final = re.compile(
    r"^\s*(?:any\s+|an?\s+)?(10|[2-9tjqk])\s*-?\s*low\s+draws?\s*$", re.IGNORECASE
)
_LOW_ORDER: Final = {
    Ranking.DEUCE_TO_SEVEN: "23456789TJQK",  # the ace is high in 2-7: no low draw holds one
    Ranking.ACE_TO_FIVE: "A23456789TJQK",
}
_SUITS: Final = "cdhs"
RANGE_HANDS: Final = 1_000  # hands of a range drawn, at most
HAND_RUNOUTS: Final = 100  # each hand's runouts: all of them up to this, else this many
_ENOUGH: Final = 200  # hands drawn before the standard error may stop the count


@dataclass(frozen=True, slots=True)
class LowDraw:
    """Every hand of `kept` cards of different ranks, each `top` or lower in the low."""

    top: str
    ranks: str  # the ranks allowed, lowest first
    kept: int

    @property
    def text(self) -> str:
        return f"any {self.top}-low draw"

    def hands(self, named: set[Card]) -> list[tuple[Card, ...]]:
        """The range's hands that use none of the cards named."""
        found = []
        for ranks in combinations(self.ranks, self.kept):
            for suits in product(_SUITS, repeat=self.kept):
                hand = tuple(rank + suit for rank, suit in zip(ranks, suits, strict=True))
                if named.isdisjoint(hand):
                    found.append(hand)
        return found


def is_range(text: str) -> bool:
    """Whether `text` names a range rather than cards."""
    return _RANGE.match(text) is not None


def read_range(text: str, game: Game, kept: int) -> LowDraw | None:
    """The range `text` names, None when it names none (cards, then); `ValueError` for a
    range the game or the draw cannot hold."""
    match = _RANGE.match(text)
    if match is None:
        return None
    rules = GAME_RULES[game]
    order = _LOW_ORDER.get(rules.ranking)
    if rules.family is not Family.DRAW or order is None or rules.split_ranking:
        raise ValueError(f"'{text.strip()}': ranges are read in the 2-7 and A-5 draw games only")
    top = "T" if match.group(1) == "10" else match.group(1).upper()
    ranks = order[: order.index(top) + 1]
    if len(ranks) < kept:
        raise ValueError(f"no {kept} cards of different ranks are {top} or lower")
    return LowDraw(top, ranks, kept)


def range_odds(
    variant: Variant,
    hands: Mapping[str, Sequence[Card]],
    to_deal: Mapping[str, int],
    dead: Sequence[Card],
    ranges: Mapping[str, LowDraw],
    *,
    target_error: float,
    seed: int = 0,
    most_hands: int = RANGE_HANDS,
    hand_runouts: int = HAND_RUNOUTS,
) -> tuple[Odds, dict[str, int]]:
    """The chances with the players of `ranges` dealt a hand of theirs first, and how
    many hands each range holds. Always a sample: `Odds.exact` is False."""
    named = {card for cards in hands.values() for card in cards} | set(dead)
    choices = {name: low_draw.hands(named) for name, low_draw in ranges.items()}
    generator = random.Random(seed)
    names = list(hands)
    totals = {name: [0.0, 0.0, 0.0, 0.0] for name in names}  # equity, high, low, scoop
    squares = dict.fromkeys(names, 0.0)
    lows = 0.0
    runouts = drawn = 0
    while drawn < most_hands:
        picked = _pick(choices, generator)
        full = {name: (*hands[name], *picked.get(name, ())) for name in names}
        result = odds(
            variant,
            full,
            to_deal,
            dead,
            max_exact=hand_runouts,
            target_error=1.0,  # one batch of `hand_runouts`: the spread is measured above
            max_samples=hand_runouts,
            seed=generator.randrange(2**32),
        )
        drawn += 1
        runouts += result.runouts
        lows += float(result.low_made or 0)
        for name, chances in result.chances.items():
            for index, value in enumerate(
                (chances.equity, chances.high, chances.low, chances.scoop)
            ):
                totals[name][index] += float(value)
            squares[name] += float(chances.equity) ** 2
        if drawn >= _ENOUGH and _error(totals, squares, drawn) < target_error:
            break

    def mean(total: float) -> Fraction:
        return Fraction(total / drawn).limit_denominator(1_000_000)

    by_name = {name: Chances(*map(mean, totals[name])) for name in names}
    low_made = mean(lows) if variant.low is not None else None
    error = _error(totals, squares, drawn)
    sizes = {name: len(found) for name, found in choices.items()}
    return Odds(by_name, runouts, False, error, low_made), sizes


def _pick(
    choices: Mapping[str, list[tuple[Card, ...]]], generator: random.Random
) -> dict[str, tuple[Card, ...]]:
    """A hand of each range, no card twice: drawn again whole until they fit, so that
    every fitting set of hands is as likely as any other."""
    for _ in range(10_000):
        picked = {name: generator.choice(found) for name, found in choices.items()}
        cards = [card for hand in picked.values() for card in hand]
        if len(set(cards)) == len(cards):
            return picked
    raise ValueError("the ranges cannot be dealt together")


def _error(totals: dict[str, list[float]], squares: dict[str, float], drawn: int) -> float:
    """The largest standard error of the players' average equities."""
    error = 0.0
    for name, square in squares.items():
        average = totals[name][0] / drawn
        variance = max(square / drawn - average * average, 0.0) * drawn / max(drawn - 1, 1)
        error = max(error, math.sqrt(variance / drawn))
    return error

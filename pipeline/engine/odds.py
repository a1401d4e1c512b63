"""Each player's chances from what is known of a hand: the odds a calculator shows, and
the replayer street by street.

A situation is the cards each player holds that are known, how many more he will get
(stud: the cards to come and his unknown down cards; draw: the cards he draws), and the
dead cards (folded up cards, known discards). Every card a player gets comes from the
deck less every card named, so an unknown down card is a card like the ones to come.
Each runout is judged as a showdown: the high half to the best high, the low half to the
best qualifying low (no low: the whole pot to the high), ties sharing. `shared` cards
are dealt once, face up in the middle, to every hand: stud's community card when the
deck cannot give each player his last card (the replayer's streets with eight players).

Every runout is counted when there are at most `max_exact` of them; otherwise runouts are
drawn with a seeded generator, `BATCH` at a time, until the standard error of every
player's equity is under `target_error` or `max_samples` are drawn. The counts are exact
fractions of the runouts counted: an equity is a probability, not money.

Unlike `equity.pot_equities` (one pot, the stud community card when the deck runs out,
tuned for the all-in adjustment of a whole import), this tells each player's high, low
and scoop apart, and lets each player's known cards and cards to come differ.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final

from parsers.model.events import Card
from pipeline.engine.equity import DECK
from pipeline.engine.evaluators import ASK_THE_CARDS, KEYED, KeyedEvaluator, card_key
from pipeline.engine.variants import Variant

MAX_EXACT: Final = 50_000  # runouts counted one by one
TARGET_ERROR: Final = 0.005  # of a sampled equity: half a percent of the pot
MAX_SAMPLES: Final = 20_000  # a standard error of at most 0.5 / sqrt(20,000) = 0.35%
BATCH: Final = 1_000  # runouts drawn between two looks at the standard error
_REMEMBERED_SETS: Final = 20_000  # a player's card sets valued once when they are few

HandValues = tuple[int | None, int | None]  # (high, low); None: no hand for that half


@dataclass(frozen=True, slots=True)
class Chances:
    """One player's chances over the runouts, each a fraction of all runouts counted."""

    equity: Fraction  # his expected part of the pot
    high: Fraction  # his expected part of the high half (the whole pot's high, if no low)
    low: Fraction  # his expected part of the low half (a runout without a low counts 0)
    scoop: Fraction  # the whole pot to him alone


@dataclass(frozen=True, slots=True)
class Odds:
    """Every player's chances, and how they were counted."""

    chances: Mapping[str, Chances]
    runouts: int  # all of them (exact) or the sample's size
    exact: bool
    standard_error: float  # the largest of the equities' standard errors; 0 when exact
    low_made: Fraction | None  # runouts in which a low qualified; None: no low half

    def how(self) -> str:
        """How the chances were counted, in a line a player reads."""
        if self.exact:
            return f"every runout counted ({self.runouts:,})"
        return (
            f"{self.runouts:,} runouts drawn at random (seeded): each equity within "
            f"±{self.standard_error:.2%} (one standard error)"
        )


def odds(
    variant: Variant,
    hands: Mapping[str, Sequence[Card]],
    to_deal: Mapping[str, int],
    dead: Sequence[Card] = (),
    *,
    max_exact: int = MAX_EXACT,
    target_error: float = TARGET_ERROR,
    max_samples: int = MAX_SAMPLES,
    seed: int = 0,
    shared: int = 0,
) -> Odds:
    """The chances of the players of `hands` (their known cards), each to be dealt
    `to_deal[name]` more cards (none if absent) from the deck less `hands` and `dead`,
    and `shared` cards that every hand holds.

    Raises `ValueError` for a card named twice, a text that is not a card, or more cards
    to deal than the deck holds."""
    players = list(hands)
    if len(players) < 2:
        raise ValueError("odds need two players or more")
    counts = [to_deal.get(name, 0) for name in players]
    if min(counts) < 0 or shared < 0:
        raise ValueError("a negative number of cards to deal")
    unseen = _unseen([card for name in players for card in hands[name]] + list(dead))
    if sum(counts) + shared > len(unseen):
        raise ValueError(
            f"{sum(counts) + shared} cards to deal from a deck of {len(unseen)}: "
            "the deck cannot deal them"
        )
    tally = _Tally(variant, [tuple(hands[name]) for name in players], counts, unseen, shared)
    total = _runout_count(len(unseen), counts, shared)
    exact = total <= max_exact
    if exact:
        tally.every_runout()
        if tally.runouts != total:
            raise AssertionError(f"{tally.runouts} runouts counted of {total}")
    else:
        generator = random.Random(seed)
        tally.draw(min(BATCH, max_samples), generator)
        while tally.runouts < max_samples and tally.standard_error() >= target_error:
            tally.draw(min(BATCH, max_samples - tally.runouts), generator)
    return tally.odds(players, exact)


class _Tally:
    """The runouts' results, counted in whole units so that no fraction is built per
    runout: a pot is `units`, which every split (halves, then up to one part per player,
    then halved again for the equity) divides exactly."""

    def __init__(
        self,
        variant: Variant,
        held: list[tuple[Card, ...]],
        counts: list[int],
        unseen: list[Card],
        shared: int = 0,
    ) -> None:
        self.high = variant.high
        self.low = variant.low
        self.held = held
        self.counts = counts
        self.unseen = unseen
        self.shared = shared  # cards every hand holds, dealt first
        players = len(held)
        self.units = 4 * math.lcm(*range(1, players + 1))
        self.equity = [0] * players
        self.squares = [0] * players
        self.high_won = [0] * players
        self.low_won = [0] * players
        self.scoops = [0] * players
        self.lows = 0
        self.runouts = 0
        # a player's values by the bit mask of the unseen cards he is dealt
        self.remember = [
            math.comb(len(unseen), count + shared) <= _REMEMBERED_SETS for count in counts
        ]
        self.values: list[dict[int, HandValues]] = [{} for _ in held]
        # Five to seven cards a hand: valued from the sum of the cards' keys (evaluators.KEYED)
        self.keyed_high: KeyedEvaluator | None = KEYED.get(self.high)
        self.keyed_low: KeyedEvaluator | None = KEYED.get(self.low) if self.low else None
        sizes = [len(cards) + count + shared for cards, count in zip(held, counts, strict=True)]
        if not all(5 <= size <= 7 for size in sizes):
            self.keyed_high = self.keyed_low = None
        self.held_keys = [sum(map(card_key, cards)) for cards in held]
        self.unseen_keys = [card_key(card) for card in unseen]

    def value(self, player: int, dealt: Sequence[int]) -> HandValues:
        """The player's (high, low) values with the unseen cards numbered `dealt`."""
        mask = 0
        for card in dealt:
            mask |= 1 << card
        remembered = self.values[player]
        found = remembered.get(mask)
        if found is None:
            found = self._valued(player, dealt)
            if self.remember[player]:
                remembered[mask] = found
        return found

    def _valued(self, player: int, dealt: Sequence[int]) -> HandValues:
        keyed_high = self.keyed_high
        if keyed_high is not None and (self.low is None or self.keyed_low is not None):
            key = self.held_keys[player]
            for card in dealt:
                key += self.unseen_keys[card]
            high = keyed_high(key)
            if high != ASK_THE_CARDS:
                return high, self.keyed_low(key) if self.keyed_low is not None else None
        cards = (*self.held[player], *[self.unseen[card] for card in dealt])
        return self.high(cards), self.low(cards) if self.low is not None else None

    def count(self, values: list[HandValues]) -> None:
        """One runout: each player's parts of the pot by his hand's values."""
        self.runouts += 1
        best_high: int | None = None
        best_low: int | None = None
        high_winners = low_winners = 0
        for high, low in values:  # one pass: a list and `max` per half cost twice as much
            if high is not None:
                if best_high is None or high > best_high:
                    best_high, high_winners = high, 1
                elif high == best_high:
                    high_winners += 1
            if low is not None:
                if best_low is None or low > best_low:
                    best_low, low_winners = low, 1
                elif low == best_low:
                    low_winners += 1
        units = self.units
        high_part = units // high_winners if high_winners else 0
        low_part = units // low_winners if low_winners else 0
        if best_low is not None:
            self.lows += 1
        for index, (high, low) in enumerate(values):
            won_high = high is not None and high == best_high
            won_low = low is not None and low == best_low
            part = 0
            if won_high:
                self.high_won[index] += high_part
                part = high_part if best_low is None else high_part // 2
            if won_low:
                self.low_won[index] += low_part
                part += low_part // 2
            if part:
                self.equity[index] += part
                self.squares[index] += part * part
            if part == units:
                self.scoops[index] += 1

    def every_runout(self) -> None:
        """Each way to deal the shared cards, then each player his cards in turn, from
        the cards left."""
        for common in combinations(range(len(self.unseen)), self.shared):  # () if none
            mask = 0
            for card in common:
                mask |= 1 << card
            self._deal(0, mask, [], common)

    def _deal(
        self, player: int, used: int, values: list[HandValues], common: tuple[int, ...] = ()
    ) -> None:
        if player == len(self.held):
            self.count(values)
            return
        for dealt in combinations(range(len(self.unseen)), self.counts[player]):
            mask = 0
            for card in dealt:
                mask |= 1 << card
            if used & mask:
                continue
            values.append(self.value(player, (*dealt, *common) if common else dealt))
            self._deal(player + 1, used | mask, values, common)
            values.pop()

    def draw(self, samples: int, generator: random.Random) -> None:
        """`samples` more runouts, each a partial shuffle of the unseen cards."""
        deck = list(range(len(self.unseen)))
        size = len(deck)
        needed = sum(self.counts) + self.shared
        fraction = generator.random
        for _ in range(samples):
            for index in range(needed):  # Fisher-Yates, stopped once the runout is dealt
                other = index + int(fraction() * (size - index))
                deck[index], deck[other] = deck[other], deck[index]
            values: list[HandValues] = []
            common = deck[needed - self.shared : needed]
            start = 0
            for player, count in enumerate(self.counts):
                dealt = deck[start : start + count]
                values.append(self.value(player, dealt + common if common else dealt))
                start += count
            self.count(values)

    def standard_error(self) -> float:
        """The largest of the sampled equities' standard errors (a share of the pot)."""
        runouts, units = self.runouts, self.units
        error = 0.0
        for won, squares in zip(self.equity, self.squares, strict=True):
            mean = won / (units * runouts)
            variance = max(squares / units**2 / runouts - mean * mean, 0.0)
            error = max(error, math.sqrt(variance / runouts))
        return error

    def odds(self, players: list[str], exact: bool) -> Odds:
        pot = self.units * self.runouts
        chances = {
            name: Chances(
                equity=Fraction(self.equity[index], pot),
                high=Fraction(self.high_won[index], pot),
                low=Fraction(self.low_won[index], pot),
                scoop=Fraction(self.scoops[index], self.runouts),
            )
            for index, name in enumerate(players)
        }
        low_made = Fraction(self.lows, self.runouts) if self.low is not None else None
        error = 0.0 if exact else self.standard_error()
        return Odds(chances, self.runouts, exact, error, low_made)


def _unseen(named: list[Card]) -> list[Card]:
    """The deck less the cards named; a card named twice, or a text not a card, refused."""
    unknown = sorted(set(named) - set(DECK))
    if unknown:
        raise ValueError(f"not cards: {', '.join(unknown)}")
    if len(set(named)) != len(named):
        twice = sorted({card for card in named if named.count(card) > 1})
        raise ValueError(f"a card named twice: {', '.join(twice)}")
    gone = set(named)
    return [card for card in DECK if card not in gone]


def _runout_count(unseen: int, counts: list[int], shared: int = 0) -> int:
    """The ways to deal the shared cards, then each player his count of cards in turn."""
    total = math.comb(unseen, shared)
    unseen -= shared
    for count in counts:
        total *= math.comb(unseen, count)
        unseen -= count
    return total

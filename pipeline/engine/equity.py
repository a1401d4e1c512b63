"""What a pot contested all in is worth to each of its players before the cards to come.

Once no more betting is possible, a pot is decided by the cards still to come, and each
player's fair share of it is his *equity*: the average, over every way those cards can
fall, of the part of the pot he wins (half a split pot, a quarter when two share a low).
This is the base of all-in adjusted results: luck taken out, what the decisions earned.

Stud: each live player receives `to_come` more cards from the unseen deck (the 52 cards
less every card the history shows: the players' own and the folded up cards). When the
deck cannot give each his last card, that card is the stud community card, one for all.
Every runout is counted when there are at most `max_exact` of them; otherwise `samples`
runouts are drawn with a seeded generator, and the standard error is stated.

Shares are exact fractions of the runouts counted (`Fraction`): an equity is a
probability, not money; money is worked out from it, exactly, by the caller.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final

from parsers.events import Card
from pipeline.engine.evaluators import ASK_THE_CARDS, KEYED, KeyedEvaluator, card_key
from pipeline.engine.variants import Variant

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: Final[tuple[Card, ...]] = tuple(rank + suit for rank in RANKS for suit in SUITS)
# An import meets an all-in every few hundred hands (tournaments: more often): a spot must
# cost milliseconds. Counting every runout costs what drawing as many does, so the exact
# count is kept for spots no bigger than a few samples (heads-up from 6th street: ~1,500;
# three-way: ~60,000 is sampled).
MAX_EXACT: Final = 20_000  # runouts counted one by one
SAMPLES: Final = 5_000  # runouts drawn otherwise: a standard error of at most 0.71% of the pot


@dataclass(frozen=True, slots=True)
class Equities:
    """Each player's expected share of the pot (they sum to 1), and how it was found."""

    shares: Mapping[str, Fraction]
    runouts: int  # counted: all of them (exact), or the sample's size
    exact: bool
    standard_error: float  # of the largest share; 0 when exact


def pot_equities(
    variant: Variant,
    held: Mapping[str, Sequence[Card]],
    to_come: int,
    seen: Sequence[Card] = (),
    max_exact: int = MAX_EXACT,
    samples: int = SAMPLES,
    seed: int = 0,
) -> Equities:
    """Equities of the players `held` (their cards so far, in seat order), each to be dealt
    `to_come` more cards; `seen` are the other cards the history shows (folded boards)."""
    players = list(held)
    unseen = _unseen(held, seen)
    shared = to_come > 0 and len(unseen) < to_come * len(players)  # the community card
    own = to_come - 1 if shared else to_come
    if len(unseen) < own * len(players) + shared:
        raise ValueError("the deck cannot deal the cards to come")
    count = _runout_count(len(unseen), own, len(players), shared)
    tally = _Tally(variant, [tuple(held[name]) for name in players], unseen, count <= max_exact)
    if count <= max_exact:
        tally.every_runout(own, shared)
    else:
        tally.sample(own, shared, samples, seed)
    shares = {
        name: Fraction(won, tally.units * tally.runouts)
        for name, won in zip(players, tally.won, strict=True)
    }
    error = 0.0
    if count > max_exact:
        leader = max(range(len(players)), key=lambda index: tally.won[index])
        mean = tally.won[leader] / (tally.units * tally.runouts)
        variance = max(tally.squares[leader] / tally.units**2 / tally.runouts - mean**2, 0.0)
        error = math.sqrt(variance / tally.runouts)
    return Equities(shares, tally.runouts, count <= max_exact, error)


class _Tally:
    """The pot's parts won over the runouts, counted in whole units so that no fraction is
    built per runout: a runout's pot is `units`, which every split (halves, then up to one
    part per player) divides exactly.

    A player's hand value depends on his own cards only (but for the community card), so
    when the sets of cards he can be dealt are few, each set is valued once and the
    runouts only compare numbers: counting every runout, and drawing one or two cards
    each (a table of 42 x 42). With more to come, a set seldom comes twice in a sample:
    then each is valued as it comes, remembering none."""

    def __init__(
        self, variant: Variant, held: list[tuple[Card, ...]], unseen: list[Card], remember: bool
    ) -> None:
        self.high = variant.high
        self.low = variant.low
        self.held = held
        self.unseen = unseen
        self.units = 2 * math.lcm(*range(1, len(held) + 1))
        self.won = [0] * len(held)
        self.squares = [0] * len(held)
        self.runouts = 0
        self.remember = remember
        self._values: list[dict[tuple[int, ...], tuple[int | None, int | None]]] = [
            {} for _ in held
        ]

    def value(self, player: int, dealt: tuple[int, ...]) -> tuple[int | None, int | None]:
        """The player's (high, low) values with the unseen cards `dealt` (indices, in
        order when remembered)."""
        values = self._values[player]
        found = values.get(dealt) if self.remember else None
        if found is None:
            cards = (*self.held[player], *[self.unseen[index] for index in dealt])
            found = (self.high(cards), self.low(cards) if self.low is not None else None)
            if self.remember:
                values[dealt] = found
        return found

    def count(self, values: list[tuple[int | None, int | None]]) -> None:
        """One runout: each player's part of the pot, by his hand's values (the high half
        to the best high, the low half to the best qualifying low; no low, all to high).
        Run hundreds of thousands of times an import: one pass finds the best hands, one
        pays them, and no list is built (a list and `max` per half cost twice as much)."""
        self.runouts += 1
        best_high: int | None = None
        best_low: int | None = None
        high_winners = low_winners = 0
        for high, low in values:
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
        if best_low is None:  # the whole pot to the best hands
            high_part, low_part = self.units // high_winners, 0
        else:
            high_part = self.units // 2 // high_winners
            low_part = self.units // 2 // low_winners
        won, squares = self.won, self.squares
        for index in range(len(values)):
            high, low = values[index]
            part = 0
            if high is not None and high == best_high:
                part = high_part
            if low is not None and low == best_low:
                part += low_part
            if part:
                won[index] += part
                squares[index] += part * part

    def every_runout(self, own: int, shared: bool) -> None:
        """Each way to deal `own` cards to each player in turn (then the community card)."""
        self._deal(0, frozenset(), [], list(combinations(range(len(self.unseen)), own)), shared)

    def _deal(
        self,
        player: int,
        used: frozenset[int],
        dealt: list[tuple[int, ...]],
        combos: list[tuple[int, ...]],
        shared: bool,
    ) -> None:
        """The runouts from `player` on, the players before him dealt `dealt`. A method: a
        closure calling itself is a reference cycle, which kept each hand's tally (its
        values remembered) alive until the cycle collector ran, seldom in a worker: a
        worker's memory grew by a megabyte or two a file."""
        if player == len(self.held):
            if not shared:
                self.count([self.value(i, cards) for i, cards in enumerate(dealt)])
                return
            for card in range(len(self.unseen)):
                if card not in used:
                    self.count([self.value(i, (*cards, card)) for i, cards in enumerate(dealt)])
            return
        for cards in combos:
            if used.isdisjoint(cards):
                self._deal(player + 1, used.union(cards), [*dealt, cards], combos, shared)

    def sample(self, own: int, shared: bool, samples: int, seed: int) -> None:
        """`samples` runouts drawn at random: each a partial shuffle of the unseen cards
        (seeded, so an import gives the same figures every time)."""
        random_fraction = random.Random(seed).random
        deck = list(range(len(self.unseen)))
        size = len(deck)
        players = len(self.held)
        needed = own * players + shared
        tables = [self.table(i, own) for i in range(players)] if own <= 2 and not shared else []
        keyed = None if tables else _KeyedHands.of(self, own + shared)
        for _ in range(samples):
            for index in range(needed):  # Fisher-Yates, stopped once the runout is dealt
                other = index + int(random_fraction() * (size - index))
                deck[index], deck[other] = deck[other], deck[index]
            if tables:  # one or two cards each: their values looked up by number
                values = []
                for i in range(players):
                    first = deck[own * i]
                    if own == 2:
                        second = deck[own * i + 1]
                        first = min(first, second) * size + max(first, second)
                    values.append(tables[i][first])
                self.count(values)
                continue
            if keyed is not None:
                self.count(keyed.values(deck, own, shared))
                continue
            community = (deck[needed - 1],) if shared else ()
            dealt = [deck[own * i : own * (i + 1)] for i in range(players)]
            self.count([self.value(i, (*cards, *community)) for i, cards in enumerate(dealt)])

    def table(self, player: int, own: int) -> list[tuple[int | None, int | None]]:
        """The player's values for every card (own = 1), or every pair of cards numbered
        first x size + second (own = 2), of the unseen deck."""
        size = len(self.unseen)
        table: list[tuple[int | None, int | None]] = [(None, None)] * (size**own)
        for cards in combinations(range(size), own):
            key = cards[0] if own == 1 else cards[0] * size + cards[1]
            table[key] = self.value(player, cards)
        return table


class _KeyedHands:
    """A sample's hands valued from their cards' keys (`evaluators.KEYED`): each runout
    adds the keys of the cards it deals to the key of what each player holds, instead of
    building his hand; the values are the same (a possible flush asks the cards)."""

    def __init__(self, tally: _Tally, high: KeyedEvaluator, low: KeyedEvaluator | None) -> None:
        self.tally = tally
        self.high = high
        self.low = low
        self.held = [sum(map(card_key, cards)) for cards in tally.held]
        self.unseen = [card_key(card) for card in tally.unseen]

    @staticmethod
    def of(tally: _Tally, to_come: int) -> _KeyedHands | None:
        """Keyed hands for this tally, if its evaluators read keys and every hand will
        hold five to seven cards."""
        high = KEYED.get(tally.high)
        low = KEYED.get(tally.low) if tally.low is not None else None
        if high is None or (tally.low is not None and low is None):
            return None
        if not all(5 <= len(cards) + to_come <= 7 for cards in tally.held):
            return None
        return _KeyedHands(tally, high, low)

    def values(
        self, deck: list[int], own: int, shared: bool
    ) -> list[tuple[int | None, int | None]]:
        """Each player's (high, low) values, dealt `own` cards each from the top of the
        shuffled `deck` (then the community card)."""
        unseen = self.unseen
        community = unseen[deck[own * len(self.held)]] if shared else 0
        values: list[tuple[int | None, int | None]] = []
        for player, held in enumerate(self.held):
            key = held + community
            for position in range(own * player, own * (player + 1)):
                key += unseen[deck[position]]
            high = self.high(key)
            if high == ASK_THE_CARDS:
                dealt = deck[own * player : own * (player + 1)]
                if shared:
                    dealt.append(deck[own * len(self.held)])
                high = self.tally.value(player, tuple(dealt))[0]
            values.append((high, self.low(key) if self.low is not None else None))
        return values


def _unseen(held: Mapping[str, Sequence[Card]], seen: Sequence[Card]) -> list[Card]:
    shown = [card for cards in held.values() for card in cards] + list(seen)
    if len(set(shown)) != len(shown):
        raise ValueError("a card shown twice")
    unknown = set(shown) - set(DECK)
    if unknown:
        raise ValueError(f"not cards: {sorted(unknown)}")
    gone = set(shown)
    return [card for card in DECK if card not in gone]


def _runout_count(unseen: int, own: int, players: int, shared: bool) -> int:
    count = 1
    for player in range(players):
        count *= math.comb(unseen - own * player, own)
    return count * (unseen - own * players if shared else 1)

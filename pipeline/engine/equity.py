"""What a pot contested all in is worth to each of its players before the cards to come.

Once no more betting is possible, a pot is decided by the cards still to come, and each
player's fair share of it is his *equity*: the average, over every way those cards can
fall, of the part of the pot he wins (half a split pot, a quarter when two share a low).
This is the base of all-in adjusted results: luck taken out, what the decisions earned.

Stud: each live player receives `to_come` more cards from the unseen deck (the 52 cards
less every card the history shows: the players' own and the folded up cards). When the
deck cannot give each his last card, that card is the stud community card, one for all.

Every runout is counted when there are at most `MAX_EXACT` (400,000) of them, and heads
up whenever each player has at most three cards to come (tens of millions of runouts:
`_heads_up`, which values each player's card sets once and counts the runouts by
sorting). Otherwise runouts are drawn with a seeded generator, 5,000 at a time, until the
standard error of every share is under `TARGET_ERROR` (0.25% of the pot); 50,000 always
reach it, since a share of one runout lies between 0 and 1 (a variance of at most 1/4:
0.5 / sqrt(50,000) = 0.224%). The standard error is stated.

Shares are exact fractions of the runouts counted (`Fraction`): an equity is a
probability, not money; money is worked out from it, exactly, by the caller.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Final

from parsers.model.events import Card
from pipeline.engine.evaluators import ASK_THE_CARDS, KEYED, KeyedEvaluator, card_key
from pipeline.engine.variants import Variant

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: Final[tuple[Card, ...]] = tuple(rank + suit for rank in RANKS for suit in SUITS)
# An import meets an all-in every few hundred hands (tournaments: more often): a spot must
# cost milliseconds to a few tenths of a second. Heads up, the cost of counting is that of
# valuing each player's card sets (C(42, 3) = 11,480 with three to come), not of the
# runouts; with more players each runout is compared, about a microsecond compiled.
MAX_EXACT: Final = 400_000  # runouts counted one by one (three players or more)
MAX_HEADS_UP_SETS: Final = 20_000  # heads up: card sets a player can be dealt (C(n, 3))
TARGET_ERROR: Final = 0.0025  # of a sampled share: 0.25% of the pot
BATCH: Final = 5_000  # runouts drawn between two looks at the standard error
MAX_SAMPLES: Final = 50_000  # a standard error of at most 0.5 / sqrt(50,000) = 0.224%


@dataclass(frozen=True, slots=True)
class Equities:
    """Each player's expected share of the pot (they sum to 1), and how it was found."""

    shares: Mapping[str, Fraction]
    runouts: int  # counted: all of them (exact), or the sample's size
    exact: bool
    standard_error: float  # the largest of the shares' standard errors; 0 when exact


def pot_equities(
    variant: Variant,
    held: Mapping[str, Sequence[Card]],
    to_come: int,
    seen: Sequence[Card] = (),
    max_exact: int = MAX_EXACT,
    samples: int | None = None,
    seed: int = 0,
    max_heads_up_sets: int = MAX_HEADS_UP_SETS,
) -> Equities:
    """Equities of the players `held` (their cards so far, in seat order), each to be dealt
    `to_come` more cards; `seen` are the other cards the history shows (folded boards).

    Counted when there are at most `max_exact` runouts, or heads up when each player can
    be dealt at most `max_heads_up_sets` sets of cards; otherwise `samples` runouts are
    drawn, or (None) as many as bring the standard error under `TARGET_ERROR`."""
    players = list(held)
    unseen = _unseen(held, seen)
    shared = to_come > 0 and len(unseen) < to_come * len(players)  # the community card
    own = to_come - 1 if shared else to_come
    if len(unseen) < own * len(players) + shared:
        raise ValueError("the deck cannot deal the cards to come")
    count = _runout_count(len(unseen), own, len(players), shared)
    heads_up = (
        len(players) == 2
        and not shared
        and own > 0
        and math.comb(len(unseen), own) <= max_heads_up_sets
    )
    exact = count <= max_exact or heads_up
    tally = _Tally(variant, [tuple(held[name]) for name in players], unseen, exact)
    if heads_up:
        tally.heads_up(own)
    elif exact:
        tally.every_runout(own, shared)
    else:
        sampler = _Sampler(tally, own, shared, seed)
        if samples is not None:
            sampler.draw(samples)
        else:
            sampler.draw(BATCH)
            while tally.runouts < MAX_SAMPLES and tally.standard_error() >= TARGET_ERROR:
                sampler.draw(min(BATCH, MAX_SAMPLES - tally.runouts))
    if exact and tally.runouts != count:
        raise AssertionError(f"{tally.runouts} runouts counted of {count}")
    shares = {
        name: Fraction(won, tally.units * tally.runouts)
        for name, won in zip(players, tally.won, strict=True)
    }
    error = 0.0 if exact else tally.standard_error()
    return Equities(shares, tally.runouts, exact, error)


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

    def standard_error(self) -> float:
        """The largest of the sampled shares' standard errors (a share of the pot)."""
        runouts = self.runouts
        error = 0.0
        for won, squares in zip(self.won, self.squares, strict=True):
            mean = won / (self.units * runouts)
            variance = max(squares / self.units**2 / runouts - mean * mean, 0.0)
            error = max(error, math.sqrt(variance / runouts))
        return error

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
        """Each way to deal `own` cards to each player in turn (then the community card):
        each player's value of every set of cards looked up by the set's number, the sets
        dealt so far kept as a bit mask of the cards."""
        combos = list(combinations(range(len(self.unseen)), own))
        masks = [sum(1 << card for card in cards) for cards in combos]
        values = (
            [[self.value(i, cards) for cards in combos] for i in range(len(self.held))]
            if not shared
            else []
        )
        self._deal(0, 0, [], combos, masks, values, shared)

    def _deal(
        self,
        player: int,
        used: int,
        dealt: list[int],
        combos: list[tuple[int, ...]],
        masks: list[int],
        values: list[list[tuple[int | None, int | None]]],
        shared: bool,
    ) -> None:
        """The runouts from `player` on, the players before him dealt the sets numbered
        `dealt`. A method: a closure calling itself is a reference cycle, which kept each
        hand's tally (its values remembered) alive until the cycle collector ran, seldom
        in a worker: a worker's memory grew by a megabyte or two a file."""
        if player == len(self.held):
            if not shared:
                self.count([values[i][number] for i, number in enumerate(dealt)])
                return
            for card in range(len(self.unseen)):
                if not used >> card & 1:
                    self.count([self.value(i, (*combos[n], card)) for i, n in enumerate(dealt)])
            return
        for number in range(len(combos)):
            mask = masks[number]
            if not used & mask:
                dealt.append(number)
                self._deal(player + 1, used | mask, dealt, combos, masks, values, shared)
                dealt.pop()

    def heads_up(self, own: int) -> None:
        """Every runout of two players dealt `own` cards each, counted without dealing
        them: each player's sets of cards are valued once, and the runouts are pairs of
        disjoint sets. By inclusion and exclusion, the pairs of disjoint sets are the
        pairs of sets less, for each card, the pairs that both hold it, plus, for each two
        cards, the pairs that both hold them, and so on:

            sum over (a, b) disjoint of f(a, b)
              = sum over card sets S of (-1)^|S| x sum over a ⊇ S, b ⊇ S of f(a, b)

        and what the first player's sets of a group win against the second's needs only
        the second's values sorted: a binary search per set. The first player's share is
        counted; the second's is the rest (a heads-up pot is all paid). The groups of a
        whole set hold that set alone, compared directly; the work is about 2^own times
        the sets (C(42, 2) = 861 two cards each, C(42, 3) = 11,480 three)."""
        combos = list(combinations(range(len(self.unseen)), own))
        first = self._set_values(0, combos)
        second = self._set_values(1, combos)
        split = self.low is not None
        groups: dict[int, tuple[list[int], list[int], list[int], list[int]]] = {}
        won = 0  # S a whole set: its group holds that set alone, both players'
        for number in range(len(combos)):
            high, low = first[number]
            other_high, other_low = second[number]
            part = 2 if high > other_high else 1 if high == other_high else 0
            if split:
                if low >= 0 or other_low >= 0:
                    part += 2 if low > other_low else 1 if low == other_low else 0
                else:
                    part *= 2
            won += part
        if own % 2:
            won = -won
        runouts = -len(combos) if own % 2 else len(combos)
        for number, cards in enumerate(combos):
            other_high, other_low = second[number]
            for mask in _subset_masks(cards, own - 1):
                group = groups.get(mask)
                if group is None:
                    group = groups[mask] = ([], [], [], [])
                group[0].append(number)  # the first player's sets, by number
                group[1].append(other_high)
                group[2].append(other_low)
                if other_low < 0:
                    group[3].append(other_high)  # the second's highs without a low
        for mask, (numbers, highs, lows, highs_alone) in groups.items():
            highs.sort()
            lows.sort()
            highs_alone.sort()
            part = 0
            for number in numbers:
                high, low = first[number]
                beaten = bisect_left(highs, high)
                part += 2 * beaten + (bisect_right(highs, high, beaten) - beaten)
                if not split:
                    continue
                if low >= 0:  # the low half against any low, or none (-1)
                    beaten = bisect_left(lows, low)
                    part += 2 * beaten + (bisect_right(lows, low, beaten) - beaten)
                else:  # no low: the high half, and the low half too when he has none
                    beaten = bisect_left(highs_alone, high)
                    part += 2 * beaten + (bisect_right(highs_alone, high, beaten) - beaten)
            if mask.bit_count() % 2:
                won -= part
                runouts -= len(numbers) * len(highs)
            else:
                won += part
                runouts += len(numbers) * len(highs)
        # The parts are quarters of the pot (`units` is 4 heads up) in a split game, else
        # halves: a half won is two quarters, a half shared one; a pot won two halves.
        if not split:
            won *= 2
        self.runouts = runouts
        self.won = [won, runouts * self.units - won]

    def table(self, player: int, own: int) -> list[tuple[int | None, int | None]]:
        """The player's values for every card (own = 1), or every pair of cards numbered
        first x size + second (own = 2), of the unseen deck."""
        size = len(self.unseen)
        table: list[tuple[int | None, int | None]] = [(None, None)] * (size**own)
        for cards in combinations(range(size), own):
            key = cards[0] if own == 1 else cards[0] * size + cards[1]
            table[key] = self.value(player, cards)
        return table

    def _set_values(self, player: int, combos: list[tuple[int, ...]]) -> list[tuple[int, int]]:
        """The player's (high, low) value with each set of cards; no value is -1."""
        keyed = _KeyedHands.of(self, len(combos[0]))
        values: list[tuple[int, int]] = []
        for cards in combos:
            if keyed is not None:
                high, low = keyed.value(player, cards)
            else:
                high, low = self.value(player, cards)
            values.append((-1 if high is None else high, -1 if low is None else low))
        return values


def _subset_masks(cards: tuple[int, ...], largest: int) -> list[int]:
    """The bit masks of the subsets of `cards` of at most `largest` cards, the empty set
    included."""
    masks = [0]
    for card in cards:
        bit = 1 << card
        masks += [mask | bit for mask in masks if mask.bit_count() < largest]
    return masks


class _Sampler:
    """Runouts drawn at random, in as many draws as asked: each a partial shuffle of the
    unseen cards (seeded, so an import gives the same figures every time)."""

    def __init__(self, tally: _Tally, own: int, shared: bool, seed: int) -> None:
        self.tally = tally
        self.own = own
        self.shared = shared
        self.random_fraction = random.Random(seed).random
        self.deck = list(range(len(tally.unseen)))
        players = len(tally.held)
        self.tables = (
            [tally.table(i, own) for i in range(players)] if own <= 2 and not shared else []
        )
        self.keyed = None if self.tables else _KeyedHands.of(tally, own + shared)

    def draw(self, samples: int) -> None:
        """`samples` more runouts."""
        tally, own, shared = self.tally, self.own, self.shared
        random_fraction = self.random_fraction
        deck = self.deck
        size = len(deck)
        players = len(tally.held)
        needed = own * players + shared
        tables = self.tables
        keyed = self.keyed
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
                tally.count(values)
                continue
            if keyed is not None:
                tally.count(keyed.values(deck, own, shared))
                continue
            community = (deck[needed - 1],) if shared else ()
            dealt = [deck[own * i : own * (i + 1)] for i in range(players)]
            tally.count([tally.value(i, (*cards, *community)) for i, cards in enumerate(dealt)])


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

    def value(self, player: int, cards: tuple[int, ...]) -> tuple[int | None, int | None]:
        """The player's (high, low) values with the unseen cards `cards` (indices)."""
        key = self.held[player]
        for card in cards:
            key += self.unseen[card]
        high = self.high(key)
        if high == ASK_THE_CARDS:
            high = self.tally.value(player, cards)[0]
        return high, self.low(key) if self.low is not None else None

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

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from parsers.events import Card
from pipeline.engine.showdown import judge_pot
from pipeline.engine.variants import Variant

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK: tuple[Card, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)
MAX_EXACT = 200_000  # runouts counted one by one (heads-up from 6th street: ~1,300)
SAMPLES = 20_000  # runouts drawn otherwise: a standard error under 0.4% of the pot


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
    wins = dict.fromkeys(players, Fraction(0))
    if count <= max_exact:
        runouts: Iterator[tuple[tuple[Card, ...], ...]] = _every_runout(
            unseen, own, len(players), shared
        )
        counted = count
    else:
        runouts = _sampled_runouts(unseen, own, len(players), shared, samples, seed)
        counted = samples
    squares = dict.fromkeys(players, 0.0)
    for dealt in runouts:
        hands = {name: (*held[name], *cards) for name, cards in zip(players, dealt, strict=True)}
        for name, part in _parts(variant, hands).items():
            wins[name] += part
            squares[name] += float(part) ** 2
    shares = {name: wins[name] / counted for name in players}
    error = 0.0
    if count > max_exact:
        leader = max(players, key=lambda name: shares[name])
        mean = float(shares[leader])
        variance = max(squares[leader] / counted - mean**2, 0.0)
        error = math.sqrt(variance / counted)
    return Equities(shares, counted, count <= max_exact, error)


def _parts(variant: Variant, hands: Mapping[str, Sequence[Card]]) -> dict[str, Fraction]:
    """The part of the pot each player wins with these final hands."""
    verdict = judge_pot(variant, hands)
    parts: dict[str, Fraction] = {}
    halves: tuple[tuple[tuple[str, ...], Fraction], ...] = (
        ((verdict.high, Fraction(1, 2)), (verdict.low, Fraction(1, 2)))
        if verdict.low
        else ((verdict.high, Fraction(1)),)
    )
    for winners, half in halves:
        for name in winners:
            parts[name] = parts.get(name, Fraction(0)) + half / len(winners)
    return parts


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


def _every_runout(
    unseen: list[Card], own: int, players: int, shared: bool
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to deal `own` cards to each player in turn (then the community card)."""

    def deal(left: list[Card], player: int) -> Iterator[tuple[tuple[Card, ...], ...]]:
        if player == players:
            if shared:
                for card in left:
                    yield ((card,),)
            else:
                yield ()
            return
        for cards in combinations(left, own):
            rest = [card for card in left if card not in cards]
            for later in deal(rest, player + 1):
                yield (cards, *later)

    for runout in deal(unseen, 0):
        if shared:
            *own_cards, (community,) = runout
            yield tuple((*cards, community) for cards in own_cards)
        else:
            yield runout


def _sampled_runouts(
    unseen: list[Card], own: int, players: int, shared: bool, samples: int, seed: int
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    generator = random.Random(seed)
    needed = own * players + shared
    for _ in range(samples):
        drawn = generator.sample(unseen, needed)
        dealt = [tuple(drawn[own * i : own * (i + 1)]) for i in range(players)]
        if shared:
            dealt = [(*cards, drawn[-1]) for cards in dealt]
        yield tuple(dealt)

"""The calculator's odds against an independent count, for every game: random situations
typed as a player types them (the calculator's own reading of the fields), and beside
them each runout dealt here, card by card, and judged by PokerKit's hand evaluators.

Per game, 1,000 situations small enough for both sides to count every runout, which
must agree to the exact fraction (equity, high, low, scoop, the low made, the number of
runouts); and 20 more that our side samples (seeded) while this side counts them all,
which must agree within four standard errors. What is random: the number of players,
the cards each holds (stud: down and up), how many he gets, and the dead cards. The dead
cards are many on purpose: with few cards unseen a situation has few runouts, so that
PokerKit (a few tenths of a millisecond a hand) can judge them all.

The counts are printed (`pytest -s`): situations, runouts, the largest difference.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from dashboard.odds_input import PlayerInput, Situation, read_situation
from parsers.model.games import GAME_RULES, Family, Game, Ranking
from pipeline.engine.equity import DECK

pokerkit = pytest.importorskip("pokerkit")

pytestmark = pytest.mark.slow  # about a minute and a half of processor time in all

EXACT_SITUATIONS = 1_000
SAMPLED_SITUATIONS = 20
MOST_HANDS_VALUED = 40  # a situation's distinct hands to value: PokerKit's work
MOST_RUNOUTS = 2_000  # a situation's runouts, dealt and judged one by one here
SAMPLES = 2_000  # our side's sample in the sampled situations

# Which PokerKit hand judges each of our rankings (checked against PokerKit's own
# `from_game` in test_the_reference_values_hands_as_pokerkit_does).
POKERKIT_HANDS = {
    Ranking.HIGH: pokerkit.StandardHighHand,
    Ranking.ACE_TO_FIVE: pokerkit.RegularLowHand,
    Ranking.DEUCE_TO_SEVEN: pokerkit.StandardLowHand,
    Ranking.EIGHT_OR_BETTER: pokerkit.EightOrBetterLowHand,
    Ranking.BADUGI: pokerkit.BadugiHand,
}
POKERKIT_CARDS = {card: next(iter(pokerkit.Card.parse(card))) for card in DECK}


def pokerkit_value(hand_type: Any, cards: Sequence[str]) -> int | None:
    """The hand's strength by PokerKit (bigger is better; None: no qualifying hand):
    the best five cards by its lookup (what `from_game` does, without its parsing of
    each five-card subset), a badugi by `from_game` itself."""
    parsed = [POKERKIT_CARDS[card] for card in cards]
    if hand_type is pokerkit.BadugiHand:
        return -hand_type.from_game(parsed).entry.index
    best: int | None = None
    for five in combinations(parsed, 5):
        entry = hand_type.lookup.get_entry_or_none(five)
        if entry is not None:
            strength = -entry.index if hand_type.low else entry.index
            best = strength if best is None else max(best, strength)
    return best


@dataclass(frozen=True)
class Reference:
    """Every runout's count, as `Odds` states it."""

    runouts: int
    equity: dict[str, Fraction]
    high: dict[str, Fraction]
    low: dict[str, Fraction]
    scoop: dict[str, Fraction]
    low_made: Fraction | None


def reference_odds(
    game: Game, hands: dict[str, tuple[str, ...]], to_deal: dict[str, int], dead: Sequence[str]
) -> Reference:
    """Each player dealt his cards in turn from what is unseen, every way; each runout
    judged by PokerKit: the high half to the best high, the low half to the best
    qualifying low (none: the pot to the high), ties sharing."""
    rules = GAME_RULES[game]
    high_type = POKERKIT_HANDS[rules.ranking]
    low_type = POKERKIT_HANDS[rules.split_ranking] if rules.split_ranking else None
    names = list(hands)
    gone = {card for cards in hands.values() for card in cards} | set(dead)
    unseen = [card for card in DECK if card not in gone]
    valued: dict[tuple[str, tuple[str, ...]], tuple[int | None, int | None]] = {}
    for name in names:
        for dealt in combinations(unseen, to_deal[name]):
            cards = (*hands[name], *dealt)
            low = pokerkit_value(low_type, cards) if low_type is not None else None
            valued[name, dealt] = (pokerkit_value(high_type, cards), low)
    half = math.lcm(*range(1, len(names) + 1))  # a half pot: split up to n ways exactly
    totals = {key: dict.fromkeys(names, 0) for key in ("equity", "high", "low", "scoop")}
    runouts = lows = 0

    def judge(values: list[tuple[int | None, int | None]]) -> None:
        nonlocal runouts, lows
        runouts += 1
        best_high = max(high for high, _ in values if high is not None)
        made = [low for _, low in values if low is not None]
        best_low = max(made) if made else None
        high_winners = [n for n, v in zip(names, values, strict=True) if v[0] == best_high]
        low_winners = [n for n, v in zip(names, values, strict=True) if v[1] == best_low]
        lows += best_low is not None
        part = dict.fromkeys(names, 0)
        for name in high_winners:
            totals["high"][name] += half // len(high_winners)
            part[name] += (half if best_low is not None else 2 * half) // len(high_winners)
        if best_low is not None:
            for name in low_winners:
                totals["low"][name] += half // len(low_winners)
                part[name] += half // len(low_winners)
        for name, won in part.items():
            totals["equity"][name] += won
            totals["scoop"][name] += won == 2 * half

    def deal(player: int, used: frozenset[str], values: list) -> None:
        if player == len(names):
            judge(values)
            return
        name = names[player]
        for dealt in combinations(unseen, to_deal[name]):
            if used.isdisjoint(dealt):
                deal(player + 1, used | set(dealt), [*values, valued[name, dealt]])

    deal(0, frozenset(), [])
    share = {
        "equity": 2 * half * runouts,
        "high": half * runouts,
        "low": half * runouts,
        "scoop": runouts,
    }
    fractions = {
        key: {name: Fraction(won, share[key]) for name, won in by_name.items()}
        for key, by_name in totals.items()
    }
    low_made = Fraction(lows, runouts) if low_type is not None else None
    return Reference(runouts, **fractions, low_made=low_made)


@dataclass(frozen=True)
class Spot:
    """A random situation as typed, and as the reference reads it by itself."""

    players: list[PlayerInput]
    dead: str
    hands: dict[str, tuple[str, ...]]
    to_deal: dict[str, int]
    dead_cards: tuple[str, ...]


def random_spot(game: Game, deals: random.Random, sampled: bool) -> Spot | None:
    """Players, their known cards, the cards they get and the dead cards, at random; None
    when the spot has more distinct hands to value than PokerKit has time for."""
    rules = GAME_RULES[game]
    size = rules.hand_size
    most = min(8 if rules.family is Family.STUD else 6, len(DECK) // size)
    players = deals.randint(2, most)
    # the cards still to come in all: mostly few, so that the runouts are few
    to_come = deals.choice((0, 1, 1, 2, 2, 3, 4, 5) if not sampled else (3, 4, 5, 6))
    counts = [0] * players
    for _ in range(to_come):
        counts[deals.randrange(players)] += 1
    counts = [min(count, size) for count in counts]
    known = players * size - sum(counts)
    extra = deals.randint(0, 4) if not sampled else deals.randint(2, 8)
    unseen_count = min(sum(counts) + extra, len(DECK) - known)
    scale = 2 if sampled else 1
    valued = sum(math.comb(unseen_count, count) for count in counts)
    if valued > MOST_HANDS_VALUED * scale or _runouts(unseen_count, counts) > MOST_RUNOUTS * scale:
        return None
    cards = deals.sample(DECK, len(DECK))
    hands, typed = {}, []
    for number, count in enumerate(counts, start=1):
        name = f"Player {number}"
        held = tuple(cards[: size - count])
        del cards[: size - count]
        hands[name] = held
        typed.append(_typed(game, name, held, count, deals))
    dead = tuple(cards[unseen_count:])
    return Spot(typed, _spelled(dead, deals), hands, dict(zip(hands, counts, strict=True)), dead)


def _runouts(unseen: int, counts: list[int]) -> int:
    total = 1
    for count in counts:
        total *= math.comb(unseen, count)
        unseen -= count
    return total


def _typed(
    game: Game, name: str, held: tuple[str, ...], count: int, deals: random.Random
) -> PlayerInput:
    """The player's fields, as loosely as a player types them."""
    rules = GAME_RULES[game]
    if rules.family is Family.DRAW:
        draws = deals.choice(("", str(count), str(deals.randint(0, count))))
        return PlayerInput(name, kept=_spelled(held, deals), draws=draws)
    down_most = rules.hand_size - rules.up_size
    ups = deals.randint(max(0, len(held) - down_most), min(len(held), rules.up_size))
    return PlayerInput(name, down=_spelled(held[ups:], deals), up=_spelled(held[:ups], deals))


def _spelled(cards: Sequence[str], deals: random.Random) -> str:
    spellings = (
        lambda card: card,
        lambda card: card.lower(),
        lambda card: card.replace("T", "10"),
        lambda card: card[0] + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[card[1]],
    )
    joiner = deals.choice((" ", "", ", "))
    return joiner.join(deals.choice(spellings)(card) for card in cards)


def _situation(game: Game, spot: Spot) -> Situation:
    situation = read_situation(game, spot.players, spot.dead)
    # the calculator's reading of the fields is the reference's own
    assert {name: sorted(cards) for name, cards in situation.hands.items()} == {
        name: sorted(cards) for name, cards in spot.hands.items()
    }
    assert dict(zip(situation.players, situation.to_deal, strict=True)) == spot.to_deal
    assert sorted(situation.dead) == sorted(spot.dead_cards)
    return situation


def _spots(game: Game, seed: str, wanted: int, sampled: bool) -> list[Spot]:
    deals = random.Random(seed)
    spots: list[Spot] = []
    while len(spots) < wanted:
        spot = random_spot(game, deals, sampled)
        if spot is not None:
            spots.append(spot)
    return spots


@pytest.mark.parametrize("game", list(Game))
def test_exact_odds_are_pokerkits_to_the_fraction(game: Game) -> None:
    runouts = players = 0
    for spot in _spots(game, f"odds against pokerkit {game}", EXACT_SITUATIONS, False):
        ours = _situation(game, spot).odds()
        theirs = reference_odds(game, spot.hands, spot.to_deal, spot.dead_cards)
        assert ours.exact and ours.runouts == theirs.runouts, spot
        for name, chances in ours.chances.items():
            assert chances.equity == theirs.equity[name], (spot, name)
            assert chances.high == theirs.high[name], (spot, name)
            assert chances.low == theirs.low[name], (spot, name)
            assert chances.scoop == theirs.scoop[name], (spot, name)
        assert ours.low_made == theirs.low_made, spot
        runouts += ours.runouts
        players += len(spot.players)
    print(
        f"\n{game}: {EXACT_SITUATIONS:,} situations counted exactly on both sides "
        f"({players:,} players, {runouts:,} runouts): every figure equal"
    )


@pytest.mark.parametrize("game", list(Game))
def test_sampled_odds_lie_within_four_standard_errors_of_pokerkits(game: Game) -> None:
    largest = 0.0  # the largest difference, in standard errors
    for spot in _spots(game, f"sampled against pokerkit {game}", SAMPLED_SITUATIONS, True):
        situation = _situation(game, spot)
        ours = situation.odds(max_exact=0, target_error=0.0, max_samples=SAMPLES, seed=7)
        theirs = reference_odds(game, spot.hands, spot.to_deal, spot.dead_cards)
        assert not ours.exact and ours.runouts == SAMPLES
        for name, chances in ours.chances.items():
            pairs = (
                (chances.equity, theirs.equity[name], ours.standard_error),
                (chances.high, theirs.high[name], None),
                (chances.low, theirs.low[name], None),
                (chances.scoop, theirs.scoop[name], None),
            )
            for sampled, exact, error in pairs:
                if error is None:  # a share of a half, or a yes/no: at most a Bernoulli's
                    error = math.sqrt(float(exact) * (1 - float(exact)) / SAMPLES)
                error = max(error, 1 / SAMPLES)
                difference = abs(float(sampled - exact)) / error
                largest = max(largest, difference)
                assert difference < 4, (spot, name, sampled, exact, error)
    print(
        f"\n{game}: {SAMPLED_SITUATIONS} situations sampled ({SAMPLES:,} runouts each) "
        f"against every runout counted: largest difference {largest:.2f} standard errors"
    )


@pytest.mark.parametrize("ranking", list(Ranking))
def test_the_reference_values_hands_as_pokerkit_does(ranking: Ranking) -> None:
    """The reference's shortcut (PokerKit's lookup on each five cards) against PokerKit's
    own `from_game`, hand by hand: the same order of strength."""
    hand_type = POKERKIT_HANDS[ranking]
    deals = random.Random(f"pokerkit values {ranking}")
    hands = [
        tuple(deals.sample(DECK, deals.choice((4, 5) if ranking is Ranking.BADUGI else (5, 7))))
        for _ in range(300)
    ]
    ours = [pokerkit_value(hand_type, hand) for hand in hands]
    theirs = [hand_type.from_game_or_none("".join(hand)) for hand in hands]
    assert [value is None for value in ours] == [hand is None for hand in theirs]
    assert _ranks(ours) == _ranks(theirs)


def _ranks(values: list[Any]) -> list[int]:
    """Each value's place among the distinct values (-1: None): their order alone."""
    distinct = sorted({value for value in values if value is not None})
    place = {value: rank for rank, value in enumerate(distinct)}
    return [-1 if value is None else place[value] for value in values]

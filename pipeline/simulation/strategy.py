"""The bots' choices: how strong a hand is, what to keep at a draw, when to fold, call
or raise and how much. Only legal plays are ever offered to them (`hand_play`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from parsers.model.events import (
    Card,
    Game,
)
from pipeline.engine.evaluators import (
    high_value,
)
from pipeline.engine.hand_ranks import HIGH_RANK, LOW_RANK, RANKS, badugi_best, decode_high
from pipeline.simulation.game_shapes import GameShape


@dataclass(frozen=True, slots=True)
class Style:
    """A player's temper: how often they stay in, and how often they raise."""

    looseness: float
    aggression: float


FOLD, CHECK, CALL, RAISE = "fold", "check", "call", "raise"


def _clamp(value: float) -> float:
    return 0.0 if value < 0 else 1.0 if value > 1 else value


def high_strength(cards: Sequence[Card]) -> float:
    """A high hand's worth from its category and top rank (see `decode_high`)."""
    value = high_value(cards)
    category = value >> 20
    top = (value >> 16) & 15
    if category == 0:
        strength = 0.04 + 0.22 * (top - 2) / 12
    elif category == 1:
        strength = 0.36 + 0.22 * (top - 2) / 12
    elif category == 2:
        strength = 0.62 + 0.1 * (top - 2) / 12
    else:
        strength = 0.72 + 0.04 * category
    count = len(cards)
    if count < 5 and category >= 1:
        strength += 0.08 * (5 - count)
    elif count > 5 and category <= 2:
        strength -= 0.05 * (count - 5)
    return _clamp(strength)


def a5_strength(
    cards: Sequence[Card], qualifier: int = 13, ranks: dict[str, int] = LOW_RANK
) -> float:
    """How good a low is: the highest of its best `need` distinct low cards (by `ranks`:
    aces low, or high for a deuce-to-seven stud board, straights and flushes overlooked)."""
    need = min(len(cards), 5)
    distinct = sorted({ranks[c[0]] for c in cards})
    if len(distinct) < need:
        return 0.05
    top = distinct[need - 1]
    if top > qualifier:
        return 0.0
    return _clamp(1 - (top - need) / (14 - need))


def stud_strength(rules: GameShape, cards: list[Card]) -> float:
    if rules.describe == "a5":
        return a5_strength(cards)
    if rules.describe == "deuce":
        return a5_strength(cards, qualifier=14, ranks=HIGH_RANK)
    high = high_strength(cards)
    if rules.describe == "hilo":
        low = a5_strength(cards, qualifier=8)
        return _clamp(max(high, low) + (0.1 if high > 0.4 and low > 0.4 else 0.0))
    return high


def _is_flush(cards: Sequence[Card]) -> bool:
    return len(cards) == 5 and len({c[1] for c in cards}) == 1


def _deuce_made(cards: Sequence[Card]) -> float:
    ranks = sorted(HIGH_RANK[c[0]] for c in cards)
    if len(set(ranks)) < len(ranks) or _is_flush(cards):
        return 0.05
    if len(ranks) == 5 and ranks[4] - ranks[0] == 4:
        return 0.05  # a straight
    top = ranks[-1]
    second = ranks[-2] if len(ranks) > 1 else 2
    return _clamp(1 - (top - 7) / 8 - (second - 5) / 40)


_LOW_RANKS = "A2345678"
# The five-card draws kept for a low; the split ones (Badeucey, Badacey) too, their
# badugi half following from the low cards.
_DEUCE_DRAWS = (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27, Game.BADEUCEY)
_ACE_TO_FIVE_DRAWS = (Game.TRIPLE_DRAW_A5, Game.SINGLE_DRAW_A5, Game.BADACEY)


def rigged_ranks(game: Game, rng: random.Random) -> list[str]:
    """Ranks worth dealing to two players at once: a hand both can make and hold."""
    if game in (Game.SEVEN_STUD_HILO, Game.RAZZ, *_ACE_TO_FIVE_DRAWS):
        if game is Game.SEVEN_STUD_HILO and rng.random() < 0.5:
            return list("A2345")  # the wheel: both make the best low
        return rng.sample(_LOW_RANKS, 5)
    if game is Game.BADUGI:
        return rng.sample(_LOW_RANKS, 4)
    if game in (Game.RAZZ_27, *_DEUCE_DRAWS):
        while True:
            ranks = sorted(rng.sample("2345678", 5), key=RANKS.index)
            if RANKS.index(ranks[-1]) - RANKS.index(ranks[0]) != 4:  # not a straight
                return ranks
    start = rng.randrange(9)
    return list(RANKS[start : start + 5])  # high games: a straight


def plan_draw(
    game: Game, cards: list[Card], draws_left: int, rng: random.Random
) -> tuple[Card, ...]:
    """The cards a player keeps for the next draw (all of them: standing pat)."""
    if game is Game.BADUGI:
        best = badugi_best(cards)
        if len(best) == 4 and (max(LOW_RANK[c[0]] for c in best) <= 10 or draws_left <= 1):
            return tuple(cards)
        limit = 13 if draws_left <= 1 else 9
        return tuple(c for c in best if LOW_RANK[c[0]] <= limit) or best[:1]
    if game is Game.FIVE_DRAW:
        return _plan_five_draw(cards, rng)
    deuce = game in _DEUCE_DRAWS
    ranks = HIGH_RANK if deuce else LOW_RANK
    threshold = 8 if draws_left > 1 else rng.choice((8, 9, 10))
    made = _deuce_made(cards) if deuce else a5_strength(cards)
    if made >= 0.55 or (draws_left == 1 and made >= 0.4 and rng.random() < 0.5):
        return tuple(cards)
    kept: list[Card] = []
    for card in sorted(cards, key=lambda c: ranks[c[0]]):
        if ranks[card[0]] <= threshold and all(k[0] != card[0] for k in kept):
            kept.append(card)
    kept = kept[:5]
    if deuce and len(kept) == 5 and _deuce_made(kept) <= 0.05:
        kept = kept[:4]
    return tuple(kept)


def _plan_five_draw(cards: list[Card], rng: random.Random) -> tuple[Card, ...]:
    category, _ = decode_high(high_value(cards))
    if category >= 4:
        return tuple(cards)  # straight or better: pat
    counts: dict[str, int] = {}
    for card in cards:
        counts[card[0]] = counts.get(card[0], 0) + 1
    grouped = [c for c in cards if counts[c[0]] >= 2]
    if grouped:
        if category == 1 and rng.random() < 0.3:
            kicker = max((c for c in cards if counts[c[0]] == 1), key=lambda c: HIGH_RANK[c[0]])
            return (*grouped, kicker)
        return tuple(grouped)
    suits: dict[str, int] = {}
    for card in cards:
        suits[card[1]] = suits.get(card[1], 0) + 1
    flush_suit = next((s for s, n in suits.items() if n == 4), None)
    if flush_suit is not None:
        return tuple(c for c in cards if c[1] == flush_suit)
    ordered = sorted(cards, key=lambda c: HIGH_RANK[c[0]], reverse=True)
    return tuple(ordered[: rng.choice((1, 2))])


def draw_strength(game: Game, cards: list[Card], kept: tuple[Card, ...], draws_left: int) -> float:
    """A draw hand's worth: made hands by their value, draws by what they keep, the
    number of cards they need and the draws still to come."""
    if game is Game.FIVE_DRAW:
        return high_strength(cards)
    if draws_left == 0:
        kept = tuple(cards)  # no draw to come: the hand is what it is
    if game is Game.BADUGI:
        best = badugi_best(cards)
        quality = 1 - (max(LOW_RANK[c[0]] for c in best) - len(best)) / 10
        if len(best) == 4:
            return _clamp(0.6 + 0.4 * quality)
        if draws_left == 0:
            return 0.0
        if len(best) == 3:
            return _clamp(0.15 + 0.25 * quality + 0.05 * draws_left)
        return _clamp(0.03 + 0.08 * quality + 0.02 * draws_left)
    deuce = game in _DEUCE_DRAWS
    if len(kept) == len(cards):
        return _deuce_made(cards) if deuce else a5_strength(cards)
    if not kept or draws_left == 0:
        return 0.02
    ranks = HIGH_RANK if deuce else LOW_RANK
    top = max(ranks[c[0]] for c in kept)
    missing = len(cards) - len(kept)
    quality = _clamp(1 - (top - len(kept) - (1 if deuce else 0)) / 10)
    return _clamp(quality * (0.6**missing) * (1 + 0.35 * (draws_left - 1)))


def choose(
    rng: random.Random,
    strength: float,
    style: Style,
    due: int,
    pot: int,
    raising: bool,
    loose: bool,
) -> str:
    """Fold, check, call or raise by the hand's strength, blurred, against thresholds
    that the player's temper and the price of the call move. `raising`: whether the rules
    let him raise; `loose`: a hand in which nobody folds."""
    if loose:
        if raising and rng.random() < 0.05 + 0.2 * strength * style.aggression:
            return RAISE
        return CALL if due else CHECK
    strength += rng.uniform(-0.15, 0.15)
    if due > 0:
        price = due / (pot + due)
        if strength < 0.38 - 0.22 * style.looseness + 0.35 * price:
            return FOLD
        if raising and strength > 0.8 - 0.25 * style.aggression:
            return RAISE
        return CALL
    if raising and (
        strength > 0.6 - 0.25 * style.aggression or rng.random() < 0.06 * style.aggression
    ):
        return RAISE
    return CHECK


def bet_size(
    rng: random.Random, current: int, minimum: int, ceiling: int, pot: int, most: int
) -> int:
    """A no-limit or pot-limit bet's round total between the legal `minimum` and
    `ceiling`: the minimum, half the pot, the pot, twice the pot or all the way; a bet of
    most of the stack (`most`) becomes a shove."""
    roll = rng.random()
    if roll < 0.3:
        target = minimum
    elif roll < 0.6:
        target = current + pot // 2
    elif roll < 0.85:
        target = current + pot
    elif roll < 0.93:
        target = current + 2 * pot
    else:
        target = ceiling
    target = max(minimum, min(target, ceiling))
    if target > most * 0.6 and ceiling == most:
        target = most  # a raise of most of the stack is a shove
    return target


def completes_bring_in(rng: random.Random, strength: float, style: Style) -> bool:
    """The bring-in completes instead of posting the bring-in: strong hands, raisers."""
    return rng.random() < 0.05 + 0.3 * strength * style.aggression


def bets_big_on_open_pair(rng: random.Random) -> bool:
    """An open pair on board allows the big bet; a player who may make it often does."""
    return rng.random() < 0.6


def shows_a_beaten_hand(rng: random.Random) -> bool:
    """At showdown a beaten hand is mucked, but now and then shown anyway."""
    return rng.random() < 0.2

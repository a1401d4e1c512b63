"""All-in equity counted exactly on spots of 20,000 to 400,000 runouts and beyond, checked
against a count made independently: PokerKit's hand evaluators value every hand, and
every runout is dealt and compared one by one. And spots too big to count, drawn until the
standard error is under 0.25% of the pot, against the exact count."""

from __future__ import annotations

import contextlib
import random
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from parsers.model.events import Game
from pipeline.engine.equity import DECK, MAX_EXACT, TARGET_ERROR, pot_equities
from pipeline.engine.variants import VARIANTS

pokerkit = pytest.importorskip("pokerkit")

GAMES = (Game.SEVEN_STUD, Game.RAZZ, Game.SEVEN_STUD_HILO)
# Seven stud in the quick suite; the others, each a few seconds more, with the slow tests.
QUICK_STUD = (
    Game.SEVEN_STUD,
    pytest.param(Game.RAZZ, marks=pytest.mark.slow),
    pytest.param(Game.SEVEN_STUD_HILO, marks=pytest.mark.slow),
)


def _spot(seed: str, players: int, held_each: int, dead: int) -> tuple[dict, list[str]]:
    deals = random.Random(seed)
    cards = deals.sample(DECK, players * held_each + dead)
    held = {f"P{i}": tuple(cards[i * held_each : (i + 1) * held_each]) for i in range(players)}
    return held, cards[players * held_each :]


def _pokerkit_ranks(game: Game, hands: list[tuple[str, ...]]) -> list[tuple[int, int]]:
    """Each seven-card hand's (high, low) as ranks among the hands given (bigger is better;
    -1: no qualifying low), by PokerKit's own evaluators and comparisons."""
    high_type = pokerkit.RegularLowHand if game is Game.RAZZ else pokerkit.StandardHighHand
    highs = [high_type.from_game("".join(hand)) for hand in hands]
    lows: list[object | None] = [None] * len(hands)
    if game is Game.SEVEN_STUD_HILO:
        for index, hand in enumerate(hands):
            with contextlib.suppress(ValueError):  # no eight-or-better low
                lows[index] = pokerkit.EightOrBetterLowHand.from_game("".join(hand))

    def ranked(values: list[object | None]) -> list[int]:
        distinct = sorted({value for value in values if value is not None})  # type: ignore[type-var]
        order = {value: rank for rank, value in enumerate(distinct)}
        return [-1 if value is None else order[value] for value in values]

    return list(zip(ranked(highs), ranked(lows), strict=True))


def _brute_force(
    game: Game, held: dict[str, tuple[str, ...]], to_come: int, seen: list[str]
) -> tuple[int, dict[str, Fraction]]:
    """Every runout dealt, player by player, and judged: the high half to the best high,
    the low half to the best qualifying low (no low: the pot to the high), ties split."""
    names = list(held)
    gone = {card for cards in held.values() for card in cards} | set(seen)
    unseen = [card for card in DECK if card not in gone]
    sets = list(combinations(unseen, to_come))
    hands = [(*held[name], *cards) for name in names for cards in sets]
    ranks = _pokerkit_ranks(game, hands)
    value = {
        (name, cards): ranks[index * len(sets) + number]
        for index, name in enumerate(names)
        for number, cards in enumerate(sets)
    }
    units = 24  # a pot: halves, and up to four ways each
    won = dict.fromkeys(names, 0)
    runouts = 0

    def deal(player: int, used: frozenset[str], dealt: list[tuple[str, ...]]) -> None:
        nonlocal runouts
        if player == len(names):
            runouts += 1
            values = [value[name, cards] for name, cards in zip(names, dealt, strict=True)]
            best_high = max(high for high, _low in values)
            best_low = max(low for _high, low in values)
            high_winners = [n for n, v in zip(names, values, strict=True) if v[0] == best_high]
            low_winners = [n for n, v in zip(names, values, strict=True) if v[1] == best_low]
            high_half = units // 2 if best_low >= 0 else units
            for name in high_winners:
                won[name] += high_half // len(high_winners)
            if best_low >= 0:
                for name in low_winners:
                    won[name] += units // 2 // len(low_winners)
            return
        for cards in sets:
            if used.isdisjoint(cards):
                deal(player + 1, used | set(cards), [*dealt, cards])

    deal(0, frozenset(), [])
    return runouts, {name: Fraction(share, units * runouts) for name, share in won.items()}


@pytest.mark.parametrize("game", QUICK_STUD)
def test_heads_up_fifth_street_counted_exactly_as_runout_by_runout(game: Game) -> None:
    """Heads up after fifth street, two cards each to come, six up cards folded: 36 cards
    unseen, C(36, 2) x C(34, 2) = 353,430 runouts, every one counted."""
    held, seen = _spot(f"fifth {game}", 2, 5, 6)
    ours = pot_equities(VARIANTS[game], held, 2, seen)
    assert ours.exact and ours.runouts == 353_430 and ours.standard_error == 0
    assert 20_000 < ours.runouts <= MAX_EXACT
    runouts, shares = _brute_force(game, held, 2, seen)
    assert runouts == ours.runouts
    assert ours.shares == shares


@pytest.mark.parametrize("game", GAMES)
def test_three_way_sixth_street_counted_exactly_as_runout_by_runout(game: Game) -> None:
    """Three players after sixth street, a card each to come: 30 x 29 x 28 = 24,360."""
    held, seen = _spot(f"three-way {game}", 3, 6, 4)
    ours = pot_equities(VARIANTS[game], held, 1, seen)
    assert ours.exact and ours.runouts == 24_360
    runouts, shares = _brute_force(game, held, 1, seen)
    assert runouts == ours.runouts
    assert ours.shares == shares


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_heads_up_fourth_street_counted_exactly_as_runout_by_runout(game: Game) -> None:
    """Heads up after fourth street, three cards each to come, with many cards dead (so
    that the brute force stays quick): C(20, 3) x C(17, 3) = 775,200 runouts, counted
    heads up by sets (beyond the 400,000 counted runout by runout)."""
    held, seen = _spot(f"fourth {game}", 2, 4, 24)
    ours = pot_equities(VARIANTS[game], held, 3, seen)
    assert ours.exact and ours.runouts == 775_200
    runouts, shares = _brute_force(game, held, 3, seen)
    assert runouts == ours.runouts
    assert ours.shares == shares


@pytest.mark.parametrize("game", QUICK_STUD)
def test_a_spot_too_big_to_count_is_drawn_within_the_target_error(game: Game) -> None:
    """Heads up on third street (four cards each to come) and four-way after sixth street
    (28 x 27 x 26 x 25 = 491,400 runouts): both beyond 400,000, so drawn, seeded, until
    the standard error is under 0.25% of the pot; each share within four standard errors
    of the exact count (made here with the limits lifted)."""
    variant = VARIANTS[game]
    for held, to_come, seen, lifted in (
        (*_third_street(game), {"max_heads_up_sets": 10**6}),
        (*_four_way(game), {"max_exact": 10**6}),
    ):
        drawn = pot_equities(variant, held, to_come, seen)
        assert not drawn.exact and drawn.runouts <= 50_000
        assert 0 < drawn.standard_error < TARGET_ERROR
        assert drawn == pot_equities(variant, held, to_come, seen)  # seeded
        counted = pot_equities(variant, held, to_come, seen, **lifted)
        assert counted.exact and counted.runouts > MAX_EXACT
        for name, share in drawn.shares.items():
            assert abs(float(share - counted.shares[name])) < 4 * drawn.standard_error


def _third_street(game: Game) -> tuple[dict, int, list[str]]:
    held, seen = _spot(f"third {game}", 2, 3, 14)  # 32 unseen: C(32, 4) = 35,960 sets
    return held, 4, seen


def _four_way(game: Game) -> tuple[dict, int, list[str]]:
    held, seen = _spot(f"four-way {game}", 4, 6, 0)
    return held, 1, seen


def test_the_heads_up_count_is_the_same_whoever_is_first() -> None:
    """The heads-up count works out the first player's share and gives the second the
    rest: swapped, the same shares."""
    for game in GAMES:
        held, seen = _spot(f"swap {game}", 2, 4, 6)
        for order in permutations(held):
            equities = pot_equities(VARIANTS[game], {n: held[n] for n in order}, 3, seen)
            assert equities.exact
            assert equities.shares == pot_equities(VARIANTS[game], held, 3, seen).shares

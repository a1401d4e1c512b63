"""Equity of a pot contested all in: spots worked out by hand (razz outs, a quartered low,
the community card) and random stud spots against PokerKit's own calculation."""

from __future__ import annotations

import gc
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from parsers.model.events import Game
from pipeline.engine.equity import DECK, pot_equities
from pipeline.engine.evaluators import ASK_THE_CARDS, KEYED, card_key, high_value
from pipeline.engine.showdown import judge_pot
from pipeline.engine.variants import VARIANTS

RAZZ, STUD, HILO = VARIANTS[Game.RAZZ], VARIANTS[Game.SEVEN_STUD], VARIANTS[Game.SEVEN_STUD_HILO]


def test_razz_with_one_card_to_come_counts_every_out() -> None:
    """Hero: A-2-3-4 with kings, a card to come; Villain: 7-5-4-3-2 made, a card to come.

    40 cards unseen (A:3 2:2 3:2 4:2 5:3 6:4 7:3 8:4 9-J:4 each Q:3 K:2); Hero is dealt
    first, so 40 x 39 runouts. Hero with a 5 (3 cards) has the wheel: he ties only
    Villain's own wheel (an ace, 3 left): 3 x (3/2 + 36) = 112.5. With a 6 (4 cards) he
    beats 6-5-4-3-2 (3 sixes left) and 7-5-4-3-2 (33 cards), not the wheel: 4 x 36 = 144.
    With a 7 (3 cards) only 7-5-4-3-2 is beaten (39 - 3 aces - 4 sixes = 32): 96. Any
    other card leaves him 8-4 or worse: 0. Hero's share: 352.5 / 1560 = 47/208."""
    hero = ("Ac", "2d", "3h", "4s", "Kc", "Kd")
    villain = ("2c", "3d", "4h", "5s", "7c", "Qd")
    equities = pot_equities(RAZZ, {"Hero": hero, "Villain": villain}, to_come=1)
    assert equities.exact and equities.runouts == 40 * 39 and equities.standard_error == 0
    assert equities.shares == {"Hero": Fraction(47, 208), "Villain": Fraction(161, 208)}


def test_counting_every_runout_leaves_nothing_for_the_cycle_collector() -> None:
    """A worker runs the cycle collector seldom (`worker_pool`): an all-in hand's tally,
    kept alive by a reference cycle, stayed in memory long after its hand."""
    hero = ("Ac", "2d", "3h", "4s", "Kc", "Kd")
    villain = ("2c", "3d", "4h", "5s", "7c", "Qd")
    gc.collect()
    gc.garbage.clear()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept, to be looked at
    try:
        equities = pot_equities(RAZZ, {"Hero": hero, "Villain": villain}, to_come=1)
        gc.collect()
        tallies = [found for found in gc.garbage if type(found).__name__ == "_Tally"]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert equities.exact and tallies == []


def test_stud_hi_lo_at_the_river_quarters_a_tied_low() -> None:
    """Seven cards each, nothing to come: trip sevens take the high half; the two 6-4 lows
    share the low half, a quarter each."""
    hands = {
        "Ann": ("As", "2s", "3d", "4c", "6h", "Kc", "Kd"),
        "Bob": ("Ad", "2c", "3c", "4d", "6c", "9h", "9d"),
        "Cid": ("7s", "7d", "7h", "Tc", "Jd", "Qh", "8s"),
    }
    equities = pot_equities(HILO, hands, to_come=0)
    assert equities.runouts == 1 and equities.exact
    assert equities.shares == {"Ann": Fraction(1, 4), "Bob": Fraction(1, 4), "Cid": Fraction(1, 2)}


def test_with_the_deck_short_the_last_card_is_one_for_all() -> None:
    """Eight players with six cards each leave four cards unseen (the aces): the seventh
    card is the stud community card, the same for all, so there are four runouts, and the
    pot goes in each to whoever is best with that one ace."""
    rest = [card for card in DECK if card[0] != "A"]
    names = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
    hands = {name: tuple(rest[index::8]) for index, name in enumerate(names)}
    equities = pot_equities(STUD, hands, to_come=1)
    assert equities.runouts == 4 and equities.exact
    expected = dict.fromkeys(names, Fraction(0))
    for ace in ("Ac", "Ad", "Ah", "As"):
        winners = judge_pot(STUD, {name: (*cards, ace) for name, cards in hands.items()}).high
        for name in winners:
            expected[name] += Fraction(1, 4 * len(winners))
    assert equities.shares == expected and sum(expected.values()) == 1


def test_too_many_runouts_are_sampled_with_their_error_stated() -> None:
    """Heads up on third street (four cards each to come): billions of runouts, drawn."""
    hero, villain = ("As", "Ad", "Kc"), ("7h", "8h", "9h")
    equities = pot_equities(STUD, {"Hero": hero, "Villain": villain}, 4, samples=4_000, seed=5)
    assert not equities.exact and equities.runouts == 4_000
    assert 0 < equities.standard_error < 0.01
    again = pot_equities(STUD, {"Hero": hero, "Villain": villain}, 4, samples=4_000, seed=5)
    assert again == equities  # seeded: the same figures every import


@pytest.mark.parametrize("game", [Game.SEVEN_STUD, Game.RAZZ, Game.SEVEN_STUD_HILO])
def test_sampled_hands_valued_by_their_keys_equal_hands_valued_by_their_cards(
    game: Game,
) -> None:
    """The same seeded sample, once through the keyed evaluators and once through
    wrappers the keyed path does not know: the same figures to the last unit."""
    variant = VARIANTS[game]
    by_cards = replace(
        variant,
        high=lambda cards: variant.high(cards),
        low=None if variant.low is None else (lambda cards: variant.low(cards)),  # type: ignore[misc]
    )
    deals = random.Random(f"keyed {game}")
    for players, held_each, to_come in ((2, 3, 4), (3, 4, 3), (2, 5, 2)):
        cards = deals.sample(DECK, players * held_each)
        held = {f"P{i}": tuple(cards[i * held_each : (i + 1) * held_each]) for i in range(players)}
        keyed = pot_equities(
            variant, held, to_come, max_exact=0, samples=3_000, seed=7, max_heads_up_sets=0
        )
        assert not keyed.exact
        assert keyed == pot_equities(
            by_cards, held, to_come, max_exact=0, samples=3_000, seed=7, max_heads_up_sets=0
        )


def test_a_hand_valued_by_its_key_is_valued_as_by_its_cards() -> None:
    """Every keyed evaluator against its own, on random hands of five to seven cards and
    on flushes (where the key asks for the cards)."""
    deals = random.Random("keys")
    hands = [tuple(deals.sample(DECK, deals.randint(5, 7))) for _ in range(20_000)]
    hands += [tuple(deals.sample([c for c in DECK if c[1] == "h"], 5)) for _ in range(200)]
    for evaluator, keyed in KEYED.items():
        for hand in hands:
            key = sum(map(card_key, hand))
            value = keyed(key)
            if value == ASK_THE_CARDS:
                suits = [card[1] for card in hand]
                assert evaluator is high_value and max(map(suits.count, suits)) >= 5
                continue
            assert value == evaluator(hand), (evaluator.__name__, hand)


def test_impossible_spots_are_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        pot_equities(STUD, {"A": ("As", "Kd"), "B": ("As", "2c")}, 1)
    with pytest.raises(ValueError, match="not cards"):
        pot_equities(STUD, {"A": ("Zz", "Kd"), "B": ("Qs", "2c")}, 1)


@pytest.mark.slow
@pytest.mark.parametrize("game", [Game.SEVEN_STUD, Game.RAZZ, Game.SEVEN_STUD_HILO])
def test_random_sixth_street_spots_agree_with_pokerkit(game: Game) -> None:
    """Random heads-up spots with one card each to come: our exact equity against every
    runout (40 x 39) dealt and valued by PokerKit's evaluators, to the last fraction (once
    PokerKit's Monte Carlo of 2,000 samples, within four of its standard errors: 0.02 of
    the pot at best, and 25 times the PokerKit work)."""
    from tests.engine.test_equity_exact import _brute_force

    deals = random.Random(f"equity {game}")
    for _ in range(5):
        cards = deals.sample(DECK, 12)
        held = {"P1": tuple(cards[:6]), "P2": tuple(cards[6:])}
        ours = pot_equities(VARIANTS[game], held, to_come=1)
        assert ours.exact and ours.runouts == 40 * 39
        runouts, theirs = _brute_force(game, held, 1, [])
        assert runouts == ours.runouts
        assert ours.shares == theirs, held


@pytest.mark.slow
@pytest.mark.parametrize("game", [Game.SEVEN_STUD, Game.RAZZ, Game.SEVEN_STUD_HILO])
def test_random_third_street_spots_sampled_agree_with_pokerkit(game: Game) -> None:
    """Heads-up on third street, four cards each to come: far too many runouts to count,
    so ours are drawn (seeded, until the standard error is under 0.25% of the pot);
    against PokerKit's own sampling (2,000), within four standard errors of the
    difference."""
    deals = random.Random(f"third street {game}")
    for _ in range(3):
        cards = deals.sample(DECK, 6)
        held = {"P1": tuple(cards[:3]), "P2": tuple(cards[3:])}
        ours = pot_equities(VARIANTS[game], held, to_come=4)
        assert not ours.exact and ours.standard_error < 0.0025
        theirs = _pokerkit_equities(game, held)
        for share, expected in zip(ours.shares.values(), theirs, strict=True):
            error = (expected * (1 - expected) / 2_000 + ours.standard_error**2) ** 0.5
            assert abs(float(share) - expected) < 4 * max(error, 0.005), (held, ours, theirs)


def _pokerkit_equities(game: Game, held: dict[str, tuple[str, ...]]) -> list[float]:
    """PokerKit's equities of the hands `held` dealt up to seven cards (2,000 samples)."""
    pokerkit = pytest.importorskip("pokerkit")
    hand_types = {
        Game.SEVEN_STUD: (pokerkit.StandardHighHand,),
        Game.RAZZ: (pokerkit.RegularLowHand,),
        Game.SEVEN_STUD_HILO: (pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand),
    }[game]
    return pokerkit.calculate_equities(
        tuple(pokerkit.parse_range("".join(hand)) for hand in held.values()),
        (),
        7,
        0,
        pokerkit.Deck.STANDARD,
        hand_types,
        sample_count=2_000,
    )

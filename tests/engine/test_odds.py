"""The odds of a situation: high, low and scoop told apart, exact or sampled."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from parsers.model.events import Game
from pipeline.engine.equity import DECK, pot_equities
from pipeline.engine.odds import odds
from pipeline.engine.variants import VARIANTS

HILO = VARIANTS[Game.SEVEN_STUD_HILO]


def test_razz_on_seventh_with_every_card_known_is_decided() -> None:
    hands = {
        "Ann": ("Ac", "2d", "3h", "4s", "6c", "Kd", "Kh"),  # 6-4-3-2-A
        "Bob": ("Ad", "2c", "3s", "5h", "7d", "Qs", "Qc"),  # 7-5-3-2-A
    }
    result = odds(VARIANTS[Game.RAZZ], hands, {})
    assert result.exact and result.runouts == 1
    assert result.chances["Ann"].equity == result.chances["Ann"].scoop == 1
    assert result.chances["Bob"].equity == 0
    assert result.low_made is None


def test_hi_lo_tells_high_low_and_scoop_apart() -> None:
    """Ann has a made 6-low and a pair of deuces, Bob trip kings and no low: Ann takes
    the low on every runout and the high only with a straight (a five) that Bob does not
    beat with a full house; one card to come each."""
    hands = {
        "Ann": ("Ac", "2d", "3h", "6s", "4d", "2c"),
        "Bob": ("Kc", "Kd", "Kh", "9s", "Tc", "Jd"),
    }
    result = odds(HILO, hands, {"Ann": 1, "Bob": 1})
    assert result.exact and result.runouts == 40 * 39
    ann, bob = result.chances["Ann"], result.chances["Bob"]
    assert ann.low == 1 and bob.low == 0 and result.low_made == 1
    assert ann.high + bob.high == 1 and 0 < ann.high < Fraction(4, 40)
    assert ann.equity == ann.high / 2 + Fraction(1, 2)
    assert ann.scoop == ann.high  # her high wins (no tie possible here) make a scoop
    assert bob.scoop == 0  # Ann's low always takes half


@pytest.mark.parametrize("game", [Game.SEVEN_STUD, Game.RAZZ, Game.SEVEN_STUD_HILO])
def test_exact_equities_are_the_all_in_adjustment_equities(game: Game) -> None:
    """Where both count every runout of the same spot they must agree to the fraction."""
    deals = random.Random(f"odds {game}")
    for _ in range(5):
        cards = deals.sample(DECK, 12)
        held = {"P1": tuple(cards[:6]), "P2": tuple(cards[6:])}
        ours = odds(VARIANTS[game], held, {"P1": 1, "P2": 1})
        theirs = pot_equities(VARIANTS[game], held, 1)
        assert ours.exact and theirs.exact
        assert {name: c.equity for name, c in ours.chances.items()} == dict(theirs.shares)


def test_sampled_equities_lie_within_their_error_of_the_exact_ones() -> None:
    hands = {"A": ("Ah", "Kh", "Qh"), "B": ("2c", "2d", "9s"), "C": ("7c", "8c", "5d")}
    exact = pot_equities(HILO, hands, 4)  # three players: sampled there too, to 0.25%
    sampled = odds(HILO, hands, dict.fromkeys(hands, 4))
    assert not sampled.exact and 0 < sampled.standard_error < 0.005
    for name, share in exact.shares.items():
        error = (sampled.standard_error**2 + exact.standard_error**2) ** 0.5
        assert abs(float(sampled.chances[name].equity - share)) < 4 * error
    assert sum(c.equity for c in sampled.chances.values()) == 1
    assert "runouts drawn at random" in sampled.how()


def test_unknown_down_cards_are_dealt_like_the_cards_to_come() -> None:
    """A player known by his door card alone, two unknown down cards and four to come,
    against a full hand: the same as if the history showed nothing more."""
    hands = {"Hero": ("As", "Ad", "Kc", "Kd", "Qh", "Qs"), "Villain": ("7h",)}
    result = odds(VARIANTS[Game.SEVEN_STUD], hands, {"Hero": 1, "Villain": 6}, seed=3)
    assert not result.exact
    assert 0.6 < result.chances["Hero"].equity < 0.95


def test_a_draw_counts_the_cards_drawn_from_the_deck_less_the_dead() -> None:
    """2-7: a one-card draw to 7-5-4-2 against a pat 8-6: every card that does not pair
    and is under 8 wins; the dead cards are out of the deck."""
    hands = {"Hero": ("7c", "5d", "4h", "2s"), "Villain": ("8c", "6d", "4c", "3h", "2c")}
    result = odds(VARIANTS[Game.TRIPLE_DRAW_27], hands, {"Hero": 1}, dead=("3c", "3d"))
    assert result.exact and result.runouts == 52 - 9 - 2
    # winners: the 6s (3 left: 6c, 6h, 6s) and the 3s (3h, 3c, 3d gone: 3s left)
    assert result.chances["Hero"].equity == Fraction(4, 41)


def test_impossible_situations_are_refused() -> None:
    stud = VARIANTS[Game.SEVEN_STUD]
    with pytest.raises(ValueError, match="named twice: As"):
        odds(stud, {"A": ("As",), "B": ("As",)}, {})
    with pytest.raises(ValueError, match="not cards: Zz"):
        odds(stud, {"A": ("Zz",), "B": ("As",)}, {})
    with pytest.raises(ValueError, match="cannot deal"):
        odds(stud, {"A": (), "B": ()}, {"A": 30, "B": 30})
    with pytest.raises(ValueError, match="two players"):
        odds(stud, {"A": ("As",)}, {})


@pytest.mark.parametrize("game", [Game.SEVEN_STUD, Game.RAZZ, Game.SEVEN_STUD_HILO])
def test_a_shared_card_is_the_stud_community_card_of_the_all_in_adjustment(game: Game) -> None:
    """Eight players on 6th street, 48 cards out: the deck cannot give each his 7th card,
    so one card in the middle is everyone's; the same as `pot_equities`' community card."""
    deals = random.Random(f"shared {game}")
    for _ in range(3):
        cards = deals.sample(DECK, 48)
        held = {f"P{i}": tuple(cards[6 * i : 6 * i + 6]) for i in range(8)}
        ours = odds(VARIANTS[game], held, {}, shared=1)
        theirs = pot_equities(VARIANTS[game], held, 1)
        assert ours.exact and ours.runouts == 4 and theirs.exact
        assert {name: c.equity for name, c in ours.chances.items()} == dict(theirs.shares)
    sampled = odds(VARIANTS[game], {"A": ("As",), "B": ("Kd",)}, {"A": 5, "B": 5}, shared=1)
    assert not sampled.exact and sum(c.equity for c in sampled.chances.values()) == 1

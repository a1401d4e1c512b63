"""A draw player's range ("any 8-low draw") in place of his cards: read, refused where a
game cannot hold it, and counted within its error of the average over every hand of it."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from dashboard.odds_input import InputError, PlayerInput, known_text, read_situation
from dashboard.odds_ranges import is_range, read_range
from parsers.model.games import Game
from pipeline.engine.odds import odds
from pipeline.engine.variants import VARIANTS


@pytest.mark.parametrize(
    "typed", ["any 8-low draw", "Any 8 low draw", "an 8-low draw", "8-low draw", "any 10-low draw"]
)
def test_a_low_draw_is_read_as_players_say_it(typed: str) -> None:
    assert is_range(typed)
    assert read_range(typed, Game.TRIPLE_DRAW_27, 4) is not None


def test_a_low_draw_holds_every_hand_of_different_ranks_that_low() -> None:
    """2-7: the deuce up, no ace; A-5: the ace up."""
    deuce = read_range("any 8-low draw", Game.TRIPLE_DRAW_27, 4)
    ace = read_range("any 8-low draw", Game.TRIPLE_DRAW_A5, 4)
    assert deuce is not None and ace is not None
    assert deuce.ranks == "2345678" and ace.ranks == "A2345678"
    assert len(deuce.hands(set())) == comb(7, 4) * 4**4
    assert len(ace.hands(set())) == comb(8, 4) * 4**4
    assert all(len({card[0] for card in hand}) == 4 for hand in deuce.hands(set()))
    assert not any("Ac" in hand for hand in deuce.hands({"Ac"}))
    assert read_range("As Kd", Game.TRIPLE_DRAW_27, 4) is None


@pytest.mark.parametrize(
    ("game", "players", "message"),
    [
        (
            Game.BADUGI,
            [PlayerInput("Player 1", kept="any 8-low draw"), PlayerInput("Player 2")],
            "Player 1's cards: 'any 8-low draw': ranges are read in the 2-7 and A-5 draw "
            "games only",
        ),
        (
            Game.TRIPLE_DRAW_27,
            [PlayerInput("Player 1", kept="any 4-low draw"), PlayerInput("Player 2")],
            "Player 1's cards: no 4 cards of different ranks are 4 or lower",
        ),
        (
            Game.TRIPLE_DRAW_27,
            [PlayerInput("Player 1", kept="any 8-low draw", draws="0"), PlayerInput("P2")],
            "Player 1's draw: a player drawing to a range draws 1 to 4 cards",
        ),
        (
            Game.SINGLE_DRAW_A5,
            [
                PlayerInput("Player 1", kept="any 5-low draw"),
                PlayerInput("Player 2", kept="Ac Ad Ah As 2c"),
                PlayerInput("Player 3", kept="2d 2h 2s 3c 3d"),
                PlayerInput("Player 4", kept="3h 3s 4c 4d 4h"),
            ],
            "Player 1's cards: no hand of 'any 5-low draw' is left after the cards named",
        ),
    ],
)
def test_a_range_a_game_cannot_hold_is_refused(
    game: Game, players: list[PlayerInput], message: str
) -> None:
    with pytest.raises(InputError) as refused:
        read_situation(game, players)
    assert str(refused.value) == message


def test_a_range_is_shown_as_typed() -> None:
    player = PlayerInput("P", kept="any 8-low draw")
    assert known_text(Game.TRIPLE_DRAW_27, player, 1) == "any 8-low draw, draws 1"


def test_a_range_against_a_pat_hand_lies_within_its_error_of_every_hand_counted() -> None:
    """2-7: 'any 7-low draw' against a pat 8-6-4-3-2; the spades and hearts of the low
    cards dead, so that the range is small enough for each of its hands to be counted
    exactly here and averaged: the sampled range must lie within four standard errors."""
    dead = "7s 7h 6s 6h 5s 5h 4s 4h 3s 3h 2s 2h"
    pat = "8c 6d 4c 3d 2c"
    players = [PlayerInput("Range", kept="any 7-low draw"), PlayerInput("Pat", kept=pat)]
    situation = read_situation(Game.TRIPLE_DRAW_27, players, dead)
    assert situation.to_deal == (1, 0)
    sampled = situation.odds(target_error=0.0025)
    assert not sampled.exact and 0 < sampled.standard_error < 0.01
    low_draw = situation.player_ranges["Range"]
    named = set(situation.hands["Pat"]) | set(situation.dead)
    hands = low_draw.hands(named)
    assert len(hands) == situation.range_sizes()["Range"] == 41
    exact = Fraction(0)
    for hand in hands:
        counted = odds(
            VARIANTS[Game.TRIPLE_DRAW_27],
            {"Range": hand, "Pat": situation.hands["Pat"]},
            {"Range": 1},
            situation.dead,
        )
        assert counted.exact
        exact += counted.chances["Range"].equity
    exact /= len(hands)
    error = sampled.standard_error
    assert abs(float(sampled.chances["Range"].equity - exact)) < 4 * error, (sampled, exact)
    assert abs(float(sampled.chances["Pat"].equity - (1 - exact))) < 4 * error


def test_two_ranges_never_share_a_card() -> None:
    players = [
        PlayerInput("A", kept="any 6-low draw"),
        PlayerInput("B", kept="any 6-low draw"),
        PlayerInput("C", kept="9c 9d 9h 9s Kc", draws="0"),
    ]
    situation = read_situation(Game.TRIPLE_DRAW_27, players)
    result = situation.odds(target_error=0.01)  # the engine refuses a card dealt twice
    assert sum(chances.equity for chances in result.chances.values()) == pytest.approx(1)
    assert "runouts drawn at random (seeded)" in result.how()

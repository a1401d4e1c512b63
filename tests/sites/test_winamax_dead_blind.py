"""Winamax's dead blind (issue 48): "Player1 posts dead blind (12.50€)", a form no real
file here holds (Inferred: FPDB WinamaxToFpdb.py re_post_dead, booked as its "secondsb",
dead money). The dead blind is in the pot and no bet of the round: the player's live big
blind, posted out of position, is what the others call.

The hand is built in the lines of the real 2-7 Triple Draw hand of 2016/11/12
(Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt): Player1 comes in with a big blind
out of position and the small blind dead, checks his option, and takes the pot with a bet
after the first draw nobody calls (Winamax prints no return: "collected" counts it).
"""

from __future__ import annotations

from decimal import Decimal

from parsers.model.events import Post, PostKind
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support.one_hand import parse_one

D = Decimal

DEAD_BLIND = (
    "Winamax Poker - CashGame - HandId: #9250793-390-1478989561 - "
    "2-7 Triple Draw fixed limit (25€/50€) - 2016/11/12 22:26:01 UTC\n"
    """\
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
Seat 1: Hero (2047.50€)
Seat 2: Player2 (500€)
Seat 3: Player1 (400€)
Seat 4: Player0 (217.78€)
*** ANTE/BLINDS ***
Hero posts small blind 12.50€
Player2 posts big blind 25€
Player1 posts big blind 25€ out of position
Player1 posts dead blind (12.50€)
*** FIRST-BET ***
Dealt to Player2 [X X X X X]
Dealt to Player1 [X X X X X]
Dealt to Player0 [X X X X X]
Dealt to Hero [2h Td 8c 7c 8s]
Player1 checks
Player0 folds
Hero calls 12.50€
Player2 checks
*** FIRST-DRAW ***
Hero discards 1 card [Td]
Player2 discard 2 cards
Player1 discard 1 card
Dealt to Hero [2h 8c 7c 8s] [3d]
*** SECOND-BET ***
Hero checks
Player2 checks
Player1 bets 25€
Hero folds
Player2 folds
Player1 collected 112€ from pot
*** SUMMARY ***
Total pot 112€ | Rake 0.50€
Seat 3: Player1 won 112€
"""
)


def test_a_dead_blind_is_dead_money_in_the_pot() -> None:
    hand = parse_one(DEAD_BLIND)
    posts = [e for e in hand.events if isinstance(e, Post) and e.player == "Player1"]
    assert posts == [
        Post("Player1", PostKind.BIG_BLIND, D(25)),
        Post("Player1", PostKind.DEAD_BLIND, D("12.50")),
    ]
    result = replay(hand, conventions_of(hand.site))
    assert not result.errors, result.errors
    # the bet nobody called stays in the pot: Winamax prints no return
    assert (result.total_pot, result.rake) == (D("112.50"), D("0.50"))
    player1 = next(p for p in result.players if p.name == "Player1")
    assert player1.put_in_by_street == (("predraw", D("37.50")), ("draw_1", D(25)))
    assert player1.net == D("49.50")


def test_the_dead_blind_is_no_bet_of_the_round() -> None:
    """Hero's call of 12.50€ completes his small blind to Player1's live 25€."""
    hand = parse_one(DEAD_BLIND)
    result = replay(hand, conventions_of(hand.site))
    assert not result.findings, result.findings


def test_a_dead_blind_larger_than_the_small_blind_stays_dead() -> None:
    """Unlike a small blind posted out of position, a dead blind is never read as both
    blinds: "posts dead blind (37.50€)" is 37.50€ of dead money."""
    text = (
        DEAD_BLIND.replace("Player1 posts big blind 25€ out of position\n", "")
        .replace("dead blind (12.50€)", "dead blind (37.50€)")
        .replace("Player1 checks\n", "Player1 calls 25€\n")
        .replace("112€", "137€")
    )
    hand = parse_one(text)
    [dead] = [e for e in hand.events if isinstance(e, Post) and e.player == "Player1"]
    assert dead == Post("Player1", PostKind.DEAD_BLIND, D("37.50"))
    result = replay(hand, conventions_of(hand.site))
    assert not result.errors, result.errors
    assert result.total_pot == D("137.50")  # 37.50 dead, 3 x 25, the 25 nobody called

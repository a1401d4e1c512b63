"""KingsClub's missed small blind (issue 48): a player coming back posts the small blind
he missed, dead, and the history prints no line for it; the summary's net for his seat is
the only trace. Real: FPDB's regression file NL-2-7-SD-USD-125-250-202103.missed.sb.txt
(No Limit 2-7 Single Draw 125/250, hand #3516416: "Player0 raises to 500", everyone
folds, "Player0 wins pot (1,350)", "+875": 125 more than his lines put in).

The hand below is built in KingsClub's own lines (those of the real No Limit 2-7 Single
Draw 25/50 hands of 2021/08): Player0, under the gun, owes the small blind (25, dead),
calls the big blind, calls Hero's raise and his bet after the draw, and loses. His net,
-545, is his ante, the 25 and 500.

Both blinds posted at once ("posts blind 50") are counted, their live part, in a bet
nobody calls: the return is the raise over the big blinds.
"""

from __future__ import annotations

from decimal import Decimal

from parsers.model.events import Post, PostKind, UncalledReturn
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support.one_hand import parse_one

D = Decimal

MISSED_SMALL_BLIND = """\
#45384021: No Limit 2-7 Single Draw - 25/50
2021-08-04 07:12:31
Table 'The Zoo' Seat 2 is the button
Seat 1: Player0 (2,000)
Seat 2: Player1 (2,000)
Seat 3: Player2 (2,000)
Seat 5: Hero (2,000)
*** 1ST BETTING ROUND ***
Player0: posts ante 20
Player1: posts ante 20
Player2: posts ante 20
Hero: posts ante 20
Player2: posts the small blind 25
Hero: posts the big blind 50
Dealt to Player0: [X X X X X]
Dealt to Player1: [X X X X X]
Dealt to Player2: [X X X X X]
Dealt to Hero: [7c 5d 4h 2s Kd]
Player0 calls 50
Player1 folds
Player2 folds
Hero raises to 200
Player0 calls 200
*** 1ST DRAW ***
Hero discards [Kd] draws [3h]
Player0 draws 1
*** 2ND BETTING ROUND ***
Hero bets 300
Player0 calls 300
Hero shows [7c 5d 4h 2s 3h]
Player0 shows [8c 6d 4s 3c 2d]
*** SUMMARY ***
Seat 1: Player0 (1,455) -545
Seat 2: Player1 (1,980) -20
Seat 3: Player2 (1,955) -45
Seat 5: Hero (2,605) +605
Rake 5
Hero wins pot (1,125)
"""


def test_a_missed_small_blind_no_line_prints_is_dead_money_in_the_pot() -> None:
    hand = parse_one(MISSED_SMALL_BLIND)
    dead = [e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.DEAD_BLIND]
    assert dead == [Post("Player0", PostKind.DEAD_BLIND, D(25))]
    result = replay(hand, conventions_of(hand.site))
    assert not result.errors, result.errors
    player0 = next(p for p in result.players if p.name == "Player0")
    assert (player0.put_in, player0.net) == (545, -545)
    assert (result.total_pot, result.rake) == (1130, 5)


def test_the_dead_small_blind_is_no_bet_of_the_round() -> None:
    """Player0's call of the big blind costs 50 and his call of the raise 150 more: the
    25 he owed, in the pot with the first round's money, does not count towards them."""
    hand = parse_one(MISSED_SMALL_BLIND)
    result = replay(hand, conventions_of(hand.site))
    assert not result.findings, result.findings
    player0 = next(p for p in result.players if p.name == "Player0")
    assert player0.put_in_by_street == (("ante", 20), ("predraw", 225), ("draw_1", 300))


def test_a_seat_whose_lines_say_all_it_paid_gets_no_dead_blind() -> None:
    """The same hand with no missed blind: the nets match the lines, nothing is added."""
    text = (
        MISSED_SMALL_BLIND.replace("(1,455) -545", "(1,480) -520")
        .replace("(2,605) +605", "(2,580) +580")
        .replace("wins pot (1,125)", "wins pot (1,100)")
    )
    hand = parse_one(text)
    assert not [e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.DEAD_BLIND]
    result = replay(hand, conventions_of(hand.site))
    assert not result.errors, result.errors
    assert result.total_pot == 1105


# Both blinds at once ("Player0: posts blind 50": 50 live, the small blind's 25 dead), then
# a fold to a raise nobody calls: the return is the raise over the live big blinds, 100.
BOTH_BLINDS_THEN_A_FOLD = """\
#45383999: No Limit 2-7 Single Draw - 25/50
2021-08-04 07:05:50
Table 'The Zoo' Seat 5 is the button
Seat 2: Hero (1,200)
Seat 3: Player0 (1,200)
Seat 5: Player1 (1,200)
Seat 6: Player2 (1,200)
*** 1ST BETTING ROUND ***
Hero: posts ante 20
Player0: posts ante 20
Player1: posts ante 20
Player2: posts ante 20
Player2: posts the small blind 25
Hero: posts the big blind 50
Player0: posts blind 50
Dealt to Hero: [4c 9s 7h 2s As]
Dealt to Player0: [X X X X X]
Dealt to Player1: [X X X X X]
Dealt to Player2: [X X X X X]
Player0 checks
Player1 folds
Player2 folds
Hero raises to 150
Player0 folds
*** SUMMARY ***
Seat 2: Hero (1,360) +160
Seat 3: Player0 (1,105) -95
Seat 5: Player1 (1,180) -20
Seat 6: Player2 (1,155) -45
Hero wins pot (230)
"""


def test_both_blinds_at_once_count_their_live_part_in_a_return() -> None:
    hand = parse_one(BOTH_BLINDS_THEN_A_FOLD)
    posts = [e for e in hand.events if isinstance(e, Post) and e.player == "Player0"]
    assert posts[1:] == [Post("Player0", PostKind.SMALL_AND_BIG_BLINDS, D(75))]
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Hero", D(100))
    ]
    result = replay(hand, conventions_of(hand.site))
    assert not result.findings, result.findings
    assert result.total_pot == 230

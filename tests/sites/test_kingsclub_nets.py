"""A KingsClub summary that names one pot's winner and gives every seat's net (issue 48,
point 3): the nets are the truth, the hand is settled from them and checked against the
pots; it is not rejected for the winner the site left out.

The hand is built in KingsClub's own lines (those of the real Razz hand 3537921, whose one
"wins pot" line covers both pots), as Limit 2-7 Razz 500/1,000: Player3 all in for 350
on the first round, Player4 alone over him. Player3's 7-5-4-3-2 takes the main pot
(1,900) from Player4's 8-7-6-3-2; the side pot (2,200) is Player4's alone. The summary
names only the side pot's winner; Player3's +1,550 says the rest.
"""

from __future__ import annotations

from decimal import Decimal

from parsers.model.events import Collect, Game, Note
from parsers.sites import conventions_of
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.engine.settlement import NET_LABEL
from tests.support.one_hand import parse_one

D = Decimal

RAZZ_27_TWO_POTS = """\
#3537999: Limit 2-7 Razz - 500/1,000
2021-01-30 22:31:40
Table 'Bobbys Room Mix'
Seat 1: Player0 (65,150)
Seat 2: Player1 (10,250)
Seat 3: Player2 (12,686.25)
Seat 4: Player3 (350)
Seat 5: Player4 (49,526)
Seat 6: Hero (10,000)
Seat 7: Player5 (88,700.25)
Player0: posts ante 125
Player1: posts ante 125
Player2: posts ante 125
Player3: posts ante 125
Player4: posts ante 125
Hero: posts ante 125
Player5: posts ante 125
Dealt to Player0: [X X 3h]
Dealt to Player1: [X X 7c]
Dealt to Player2: [X X Js]
Dealt to Player3: [X X 4h]
Dealt to Player4: [X X 3c]
Dealt to Hero: [3s Ts Qd]
Dealt to Player5: [X X Jc]
Hero brings in for 125
Player5 folds
Player0 folds
Player1 calls 125
Player2 calls 125
Player3 bets 225, and is all in
Player4 raises to 625
Hero folds
Player1 calls 625
Player2 calls 625
*** 3RD STREET ***
Dealt to Player1: [Kd]
Dealt to Player2: [Jd]
Dealt to Player3: [9d]
Dealt to Player4: [8s]
Player4 bets 500
Player1 calls 500
Player2 folds
*** 4TH STREET ***
Dealt to Player1: [9h]
Dealt to Player3: [7d]
Dealt to Player4: [6s]
Player4 bets 1,000
Player1 folds
*** 5TH STREET ***
Dealt to Player3: [7h]
Dealt to Player4: [7s]
*** 6TH STREET ***
Dealt to Player3: [X]
Dealt to Player4: [X]
Player3 shows [5d 3d 4h 9d 7d 7h 2c]
Player4 shows [2h Ad 3c 8s 6s 7s Kc]
*** SUMMARY ***
Seat 1: Player0 (65,025) -125
Seat 2: Player1 (9,000) -1,250
Seat 3: Player2 (11,936.25) -750
Seat 4: Player3 (1,900) +1,550
Seat 5: Player4 (50,476) +950
Seat 6: Hero (9,750) -250
Seat 7: Player5 (88,575.25) -125
Player4 wins (2,200) from side pot 1
"""

# What the history says of Player3 and Player4 at the end, and what a test puts instead.
NETS = "Seat 4: Player3 (1,900) +1,550\nSeat 5: Player4 (50,476) +950"


def _replayed(text: str = RAZZ_27_TWO_POTS):
    hand = parse_one(text)
    return hand, replay(hand, conventions_of(hand.site))


def test_the_hand_names_one_pots_winner_and_every_seats_net() -> None:
    hand, _result = _replayed()
    assert hand.site == "kingsclub" and hand.game is Game.RAZZ_27
    collects = [e for e in hand.events if isinstance(e, Collect)]
    assert collects == [Collect("Player4", D(2200), "side-1")]
    nets = [e for e in hand.events if isinstance(e, Note) and e.kind == "net"]
    assert len(nets) == len(hand.seats) == 7


def test_a_summary_of_nets_settles_the_pot_it_does_not_name() -> None:
    _hand, result = _replayed()
    assert result.findings == ()
    main, side = result.pots
    assert (main.amount, main.eligible, main.high_winners) == (
        D(1900),
        ("Player3", "Player4"),
        ("Player3",),
    )
    assert (side.amount, side.eligible) == (D(2200), ("Player4",))
    assert {p.name: p.net for p in result.players} == {
        "Player0": D(-125),
        "Player1": D(-1250),
        "Player2": D(-750),
        "Player3": D(1550),
        "Player4": D(950),
        "Hero": D(-250),
        "Player5": D(-125),
    }
    player3, player4 = result.player("Player3"), result.player("Player4")
    assert player3.collected_by_pot == ((NET_LABEL, D(1900)),)  # his net's, no line's
    assert player4.collected_by_pot == (("side-1", D(2200)),)
    assert result.total_pot == D(4100) and result.rake == 0


def test_nets_that_pay_the_main_pot_to_the_wrong_hand_are_found() -> None:
    """Player4 +2,850, Player3 -350: the nets give Player4 both pots, the cards the main
    pot to Player3."""
    wrong = RAZZ_27_TWO_POTS.replace(
        NETS, "Seat 4: Player3 (0) -350\nSeat 5: Player4 (52,376) +2,850"
    )
    assert wrong != RAZZ_27_TWO_POTS
    _hand, result = _replayed(wrong)
    assert [(f.code, f.message) for f in result.errors] == [
        (Code.WINNER, "pot 0 (1900) should go to Player3; the summary's net gives Player3 nothing")
    ]


def test_nets_that_leave_a_named_winner_less_than_his_pot_are_refused() -> None:
    """Player4 +850: 2,100 collected, yet the summary says he wins 2,200."""
    short = RAZZ_27_TWO_POTS.replace(
        NETS, "Seat 4: Player3 (2,000) +1,650\nSeat 5: Player4 (50,376) +850"
    )
    _hand, result = _replayed(short)
    assert [f.code for f in result.errors][:1] == [Code.COLLECTED]
    assert "the summary's net for Player4 is 850" in result.errors[0].message


def test_nets_that_do_not_add_up_with_the_rake_are_refused() -> None:
    """A rake of 5 the nets do not pay: the players would collect 4,100 of 4,100 bet."""
    raked = RAZZ_27_TWO_POTS.replace(
        "Player4 wins (2,200) from side pot 1", "Rake 5\nPlayer4 wins (2,200) from side pot 1"
    )
    _hand, result = _replayed(raked)
    assert [(f.code, f.message) for f in result.errors] == [
        (Code.COLLECTED, "players collect 4100 and the rake is 5, but the bets add up to 4100")
    ]

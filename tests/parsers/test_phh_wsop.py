"""Hands nobody here wrote: the stud and draw hands of the 2023 WSOP $50,000 Poker
Players Championship final table, as PokerKit's own tests replay them and its
`HandHistory.from_game_state` writes them (`bench/wsop_phh.py` made the file).

They read through the same PHH reader and are replayed by the same engine as any history,
and every one of them holds: a live tournament with a big blind ante in the draw games
and up cards the broadcast never showed in stud hi/lo.
"""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

from parsers.model.events import UNKNOWN_CARD, Deal, Hand, Post, PostKind
from parsers.model.games import Game
from parsers.sites import conventions_of
from parsers.text.history_file import parse_file
from pipeline.engine.replay import replay
from tests.conftest import REPO

WSOP = REPO / "tests" / "data" / "wsop_2023_43_5.phhs"


def wsop_hands() -> list[Hand]:
    outcomes = [outcome for _chunk, outcome in parse_file(WSOP)]
    assert all(isinstance(outcome, Hand) for outcome in outcomes), outcomes
    return outcomes  # type: ignore[return-value]


def test_the_44_final_table_hands_of_five_games_read() -> None:
    games = Counter(hand.game for hand in wsop_hands())
    assert games == {
        Game.SEVEN_STUD: 13,
        Game.RAZZ: 10,
        Game.SEVEN_STUD_HILO: 7,
        Game.SINGLE_DRAW_27: 7,
        Game.TRIPLE_DRAW_27: 7,
    }
    assert {hand.site for hand in wsop_hands()} == {"phh"}


def test_every_hand_replays_without_error_or_finding() -> None:
    for hand in wsop_hands():
        result = replay(hand, conventions_of(hand.site))
        assert (hand.hand_number, result.errors, result.findings) == (hand.hand_number, (), ())
        assert sum((p.net for p in result.players), Decimal(0)) == -result.rake == 0


def test_a_big_blind_ante_is_dead_money_not_an_uncalled_bet() -> None:
    # "antes = [0, 225000, 0, 0, 0]": the big blind antes for the table, and p3's
    # all-in raise to 775,000 that nobody calls gets back only what the blind did not call.
    [hand] = [h for h in wsop_hands() if h.hand_number == "42_01_56_25"]
    result = replay(hand, conventions_of(hand.site))
    antes = [e for e in hand.events if isinstance(e, Post) and e.kind is PostKind.ANTE]
    assert [(e.player, e.amount) for e in antes] == [("p2", 225_000)]
    nets = {p.name: p.net for p in result.players}
    assert nets == {"p1": -75_000, "p2": -375_000, "p3": 450_000, "p4": 0, "p5": 0}


def test_up_cards_the_broadcast_never_showed_leave_the_bring_in_unjudged() -> None:
    unseen = [
        hand
        for hand in wsop_hands()
        if any(isinstance(e, Deal) and UNKNOWN_CARD in e.up for e in hand.events)
    ]
    assert {hand.game for hand in unseen} == {Game.SEVEN_STUD_HILO}
    assert len(unseen) == 5
    for hand in unseen:
        assert replay(hand, conventions_of(hand.site)).findings == ()

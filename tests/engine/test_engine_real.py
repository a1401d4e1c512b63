"""The engine on every real PokerStars hand: no error, money conserved, nets proved by
the next hand's stacks."""

from __future__ import annotations

import itertools
from collections import Counter
from decimal import Decimal

from parsers.sites import conventions_of
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from tests.sites import test_pokerstars_real
from tests.support.engine_corpus import real_hands, real_pokerstars

# Warnings the real histories legitimately raise, by hand number (see the closing notes).
EXPECTED_WARNINGS = {
    # "Player3: posts small blind 25 and is all-in" then "Player3: folds": PokerStars lets a
    # sitting-out player fold the blind he is all-in for.
    "52589452703": [Code.ALL_IN_FOLD],
}

# Consecutive hands in a file that are not consecutive at the table (a hand is missing).
KNOWN_GAPS = {"52589246185"}


def test_every_real_hand_replays_without_error() -> None:
    hands = real_hands()
    # every hand the PokerStars file tests count as parsed (from the files' own headers)
    assert len(hands) == sum(parsed for parsed, _skipped in test_pokerstars_real.EXPECTED.values())
    warnings: dict[str, list[Code]] = {}
    for hand in hands:
        result = replay(hand, conventions_of(hand.site))
        assert result.errors == (), (hand.hand_number, result.errors)
        if result.warnings:
            warnings[hand.hand_number] = [f.code for f in result.warnings]
    assert warnings == EXPECTED_WARNINGS


def test_money_is_conserved_in_every_hand() -> None:
    for hand in real_hands():
        result = replay(hand, conventions_of(hand.site))
        assert sum((p.net for p in result.players), Decimal(0)) + result.rake == 0
        assert sum((p.rake_share for p in result.players), Decimal(0)) == result.rake
        assert result.total_pot == sum((p.put_in for p in result.players), Decimal(0))


def test_nets_equal_the_next_hands_stacks() -> None:
    """What the history itself implies: a player's stack in the next hand at the table is
    the stack in this hand plus the engine's net."""
    chunks = real_pokerstars()
    checked = 0
    for (chunk, hand), (next_chunk, following) in itertools.pairwise(chunks):
        if hand is None or following is None or hand.header.table != following.header.table:
            continue
        if chunk.path != next_chunk.path:  # two files of one table need not follow on
            continue
        if hand.hand_number in KNOWN_GAPS:
            continue
        before = {seat.player: seat.stack for seat in hand.seats}
        after = {seat.player: seat.stack for seat in following.seats}
        for player in replay(hand, conventions_of(hand.site)).players:
            if player.name in after:
                assert after[player.name] - before[player.name] == player.net, (
                    hand.hand_number,
                    player.name,
                )
                checked += 1
    assert checked > 1000


def test_showdowns_are_judged() -> None:
    """The engine names the winners of every pot it can see the cards of."""
    judged = Counter()
    for hand in real_hands():
        for pot in replay(hand, conventions_of(hand.site)).pots:
            if pot.high_winners:
                judged[hand.game] += 1
    assert set(judged) >= {"seven_stud", "seven_stud_hilo", "razz", "triple_draw_27", "badugi"}
    assert sum(judged.values()) >= 60

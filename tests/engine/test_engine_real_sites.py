"""The engine on every real hand of the sites but PokerStars: no error, money conserved,
nets proved by the next hand's stacks (KingsClub's files hold one hand each: its
summary's nets prove them, tests/sites/test_kingsclub_real.py), showdowns judged.

Nothing in the engine knows these sites: their hands are read into the same events as
PokerStars', and each site's house rules come from its own module's CONVENTIONS.
"""

from __future__ import annotations

import itertools
from collections import Counter
from decimal import Decimal
from functools import cache

import pytest

from parsers.model.amounts import parse_amount
from parsers.model.events import Hand, Note
from parsers.sites import conventions_of
from parsers.text.history_file import parse_file
from pipeline.engine.replay import replay
from tests.sites import (
    test_absolute_real,
    test_boss_real,
    test_bovada_real,
    test_everleaf_real,
    test_fulltilt_real,
    test_ipoker_real,
    test_kingsclub_real,
    test_merge_real,
    test_ongame_real,
    test_partypoker_real,
    test_winamax_real,
    test_winning_real,
)
from tests.support.real_sites import site_files

SITES = {
    "bovada": "Bovada",
    "absolute": "Absolute",
    "boss": "Boss",
    "everleaf": "Everleaf",
    "ongame": "OnGame",
    "fulltilt": "FullTilt",
    "partypoker": "PartyPoker",
    "ipoker": "iPoker",
    "merge": "Merge",
    "kingsclub": "KingsClub",
    "winamax": "Winamax",
    "winning": "Winning",
}

# Hands per site, all of them validated: every hand each site's file tests count as parsed
# (from the files' own headers).
EXPECTED_HANDS = {
    site: sum(parsed for parsed, _skipped in module.EXPECTED.values())
    for site, module in (
        ("bovada", test_bovada_real),
        ("absolute", test_absolute_real),
        ("boss", test_boss_real),
        ("everleaf", test_everleaf_real),
        ("ongame", test_ongame_real),
        ("fulltilt", test_fulltilt_real),
        ("partypoker", test_partypoker_real),
        ("ipoker", test_ipoker_real),
        ("merge", test_merge_real),
        ("kingsclub", test_kingsclub_real),
        ("winamax", test_winamax_real),
        ("winning", test_winning_real),
    )
}

# Warnings the real histories legitimately raise, by hand number.
# Winamax 9250793-1578-1479092164: "Player0 raises -6.10€ to 18.90€" goes all in without
# saying so.
EXPECTED_WARNINGS: dict[str, dict[str, list[str]]] = {
    "bovada": {},
    "absolute": {},
    "boss": {},
    "everleaf": {},
    "ongame": {},
    "fulltilt": {},
    "partypoker": {},
    # iPoker 4045005189: Player19 brings in his last 47 chips as a bring-in (type 16), not
    # an all-in (type 7).
    "ipoker": {"4045005189": ["all_in_flag"]},
    "merge": {},
    "kingsclub": {},
    "winamax": {"9250793-1578-1479092164": ["all_in_flag"]},
    "winning": {},
}

# Files whose consecutive hands are not consecutive at the table.
NOT_CONSECUTIVE = {
    "7-StudHL-USD-2-4-201006.Steal.examples.txt",  # hands picked out of a session
}

# Players whose stack is topped back up between hands with no line saying so: at Full
# Tilt mostly with an "X adds $17.50" line in the hand, but not always (these come back to
# $100 with none); at Winamax jelachatte's automatic rebuy brings the stack back to 2€,
# at Everleaf a rebuy of $0.50.
SILENT_TOP_UPS = {
    ("29704512429", "Sirocko"),
    ("29704563387", "Sirocko"),
    ("29705443805", "KiIIuminati"),
    ("29705616928", "KiIIuminati"),
    ("16976649-1-1645388957", "jelachatte"),
    ("16976649-2-1645389014", "jelachatte"),
    ("16976649-5-1645389044", "jelachatte"),
    ("16976649-10-1645389118", "jelachatte"),
    ("16976649-11-1645389136", "jelachatte"),
    # Everleaf: Player1 leaves with $0.11 and sits the next hand with $0.61.
    ("285998708", "Player1"),
    # iPoker: Player0 loses his last €0.59 and sits the next hand with €1.
    ("5710056302", "Player0"),
    # iPoker's sit-and-go: the hero, Player11, moved to another table with 20 chips less
    # than he won (the file keeps one table name for the whole tournament).
    ("4044922544", "Player11"),
}


@cache
def real_chunks(site: str) -> tuple[tuple[str, Hand | None], ...]:
    """Every chunk of the site's real files in file order: (file name, hand or None)."""
    chunks = []
    for path in site_files(SITES[site]):
        for _chunk, outcome in parse_file(path):
            chunks.append((path.name, outcome if isinstance(outcome, Hand) else None))
    return tuple(chunks)


def real_hands(site: str) -> list[Hand]:
    return [hand for _name, hand in real_chunks(site) if hand is not None]


@pytest.mark.parametrize("site", sorted(SITES))
def test_every_real_hand_replays_without_error(site: str) -> None:
    hands = real_hands(site)
    assert len(hands) == EXPECTED_HANDS[site]
    warnings: dict[str, list[str]] = {}
    for hand in hands:
        assert hand.site == site
        result = replay(hand, conventions_of(hand.site))
        assert result.errors == (), (hand.hand_number, result.errors)
        if result.warnings:
            warnings[hand.hand_number] = [f.code for f in result.warnings]
    assert warnings == EXPECTED_WARNINGS[site]


@pytest.mark.parametrize("site", sorted(SITES))
def test_money_is_conserved_in_every_hand(site: str) -> None:
    for hand in real_hands(site):
        result = replay(hand, conventions_of(hand.site))
        assert sum((p.net for p in result.players), Decimal(0)) + result.rake == 0
        assert sum((p.rake_share for p in result.players), Decimal(0)) == result.rake
        assert result.total_pot == sum((p.put_in for p in result.players), Decimal(0))


@pytest.mark.parametrize(
    ("site", "minimum"),
    # PartyPoker, Absolute: one hand per file, no next hand to prove a net by
    [
        ("absolute", 0),
        ("boss", 30),
        ("bovada", 230),
        ("everleaf", 40),
        ("fulltilt", 250),
        ("ipoker", 590),
        ("merge", 30),
        ("ongame", 49),
        ("partypoker", 0),
        ("winamax", 40),
        ("winning", 6),
    ],
)
def test_nets_equal_the_next_hands_stacks(site: str, minimum: int) -> None:
    """A player's stack in the next hand at the table is the stack in this hand, plus the
    engine's net, plus what the player adds during the hand ("X adds $17.50")."""
    checked = 0
    for (name, hand), (next_name, following) in itertools.pairwise(real_chunks(site)):
        if hand is None or following is None or name != next_name:
            continue
        if hand.header.table != following.header.table:
            continue
        if name in NOT_CONSECUTIVE:
            continue
        before = {seat.player: seat.stack for seat in hand.seats}
        after = {seat.player: seat.stack for seat in following.seats}
        added = Counter[str]()
        for event in hand.events:
            if isinstance(event, Note) and event.kind == "adds" and event.player:
                added[event.player] += parse_amount(event.text)
        for player in replay(hand, conventions_of(hand.site)).players:
            if player.name not in after or (hand.hand_number, player.name) in SILENT_TOP_UPS:
                continue
            change = after[player.name] - before[player.name]
            assert change == player.net + added[player.name], (hand.hand_number, player.name)
            checked += 1
    assert checked >= minimum


# The games whose showdowns the real files show in full (both hands known), by site.
JUDGED_GAMES = {
    "bovada": {"seven_stud", "seven_stud_hilo"},
    "absolute": {"seven_stud_hilo"},
    "boss": {"five_draw"},
    "everleaf": {"seven_stud"},
    "ongame": {"five_draw", "seven_stud"},
    "fulltilt": {
        "seven_stud",
        "seven_stud_hilo",
        "razz",
        "triple_draw_27",
        "single_draw_27",
        "five_draw",
        "badugi",
    },
    "partypoker": set(),  # the loser "doesn't show [...]": a muck, one hand shown
    "ipoker": {"seven_stud", "seven_stud_hilo"},
    "merge": {"triple_draw_27", "seven_stud_hilo", "razz"},  # the A-5 and stud losers muck
    "kingsclub": {
        "seven_stud",
        "seven_stud_hilo",
        "razz",
        "triple_draw_27",
        "single_draw_a5",
        "single_draw_27",  # the hands run twice, run by run
        "badacey",
    },
    "winamax": {"seven_stud", "razz", "triple_draw_27"},
    "winning": {"seven_stud_hilo"},
}


@pytest.mark.parametrize("site", sorted(SITES))
def test_showdowns_are_judged(site: str) -> None:
    """The engine names the winners of every pot it can see the cards of."""
    judged = Counter[str]()
    for hand in real_hands(site):
        for pot in replay(hand, conventions_of(hand.site)).pots:
            if pot.high_winners or pot.low_winners:
                judged[hand.game] += 1
    assert set(judged) == JUDGED_GAMES[site]

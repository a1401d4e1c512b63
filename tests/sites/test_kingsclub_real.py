"""Every real KingsClub history (2020-2021, stud and draw, one hand a file): each hand
parses, its money is proved by the summary's own nets, the hands run twice are judged run
by run, and what the card-room rules refuse (stud raises KingsClub allows) is named hand
by hand."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.conventions import CARD_ROOM_RULES
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Draw,
    Game,
    LimitKind,
    MoneyKind,
    Post,
    PostKind,
    PotTotals,
    Show,
    Street,
    StreetStart,
    UncalledReturn,
)
from parsers.sites import conventions_of
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "KingsClub"
SITE = "kingsclub"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/2-7 Drawmaha-FL-USD-60-120-202108.txt": (0, 1),
    "cash/Draw/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt": (1, 0),
    "cash/Draw/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt": (1, 0),
    "cash/Draw/A5-1-Draw-Limit-USD-50-100-202102.txt": (1, 0),
    "cash/Draw/A5-3-Draw-Limit-USD-44-88-202010.txt": (1, 0),
    "cash/Draw/Badacey-Limit-USD-22-44-202101.txt": (1, 0),
    "cash/Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt": (1, 0),
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.1.RIT.txt": (1, 0),
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.2.RIT.txt": (1, 0),
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt": (1, 0),
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt": (1, 0),
    "cash/Stud/2-7 Razz-USD-22-44-202101.txt": (1, 0),
    "cash/Stud/7-Stud-USD-44-88-202010.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-40-80-202101.txt": (1, 0),
    "cash/Stud/Razz-USD-40-80-202101.txt": (1, 0),
    "cash/Stud/Razz-USD-500-100-202101.multi.pot.failure.txt": (1, 0),
}

HEADER = re.compile(r"^#\d+: ")
HAND_NUMBER = re.compile(r"^#(\d+): ", re.MULTILINE)
FLOP_GAME = re.compile(r"Drawmaha|Captain|Holdem|Omaha|Big O")

# No Limit 2-7 Single Draw, everyone all in before the draw, run twice: each run's winners
# of each pot (main, side 1), as the shown hands have them and the collect lines pay.
RUN_TWICE = {
    # "Dealt to Hero: [6h Ks Ks]": 6h in run 1 (7-6-4-3-2), his Ks back in run 2 (K high,
    # Player0's pat 9-7-6-4-3 wins). Player3's run 2 is six hidden cards: the main pot
    # cannot be judged, the side pot can.
    "cash/Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt": ((), ("Hero", "Player0")),
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.1.RIT.txt": (("Player4",),),  # 8-7 and 8-6 over 9-8
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.2.RIT.txt": (("Player1",),),  # pat 8-7 over T, Q
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt": (("Player1",),),  # 8-7 twice over 9-7
    # Hero's pat T-9 beats J-9 in run 1, loses to 9-8 in run 2: 1,264 each.
    "cash/Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt": (("Hero", "Player1"),),
}

# KingsClub's house rule, on stud's first round: after the completion, a raise adds the
# bring-in, not a small bet (16.58 over a 22 completion, 33.16 over 44, 125 over the 500 a
# short all-in calls for). The stacks and the summary's nets agree with the amounts as
# printed; the card-room rules refuse each of these hands, KingsClub's conventions do not.
RAISED_BY_THE_BRING_IN = {
    "40091899": "Player5 makes it 38.58; fixed limit allows 44",  # 2-7 Razz 22/44
    "37581152": "Player3 makes it 77.16; fixed limit allows 88",  # Seven Card Stud 44/88
    "3537921": "Player4 makes it 625; fixed limit allows 500",  # Razz 500/1,000
}

TRIPLE_DRAW = "cash/Draw/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt"
RAKED = "cash/Draw/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"
BADACEY = "cash/Draw/Badacey-Limit-USD-22-44-202101.txt"
A5_TRIPLE = "cash/Draw/A5-3-Draw-Limit-USD-44-88-202010.txt"
RAZZ_27 = "cash/Stud/2-7 Razz-USD-22-44-202101.txt"
STUD = "cash/Stud/7-Stud-USD-44-88-202010.txt"
RAZZ_ALL_IN = "cash/Stud/Razz-USD-500-100-202101.multi.pot.failure.txt"

(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)

# "Seat 2: Hero (681.96) +8.50": read here from the text, not by the parser.
_SUMMARY_NET = re.compile(r"^Seat \d+: (.+) \([\d,.]+\) ([+-]?[\d,.]+)$", re.MULTILINE)


def _hand(real_histories, name: str):
    [hand] = real_sites.hands(real_histories / FOLDER / name)
    return hand


def test_every_players_net_is_the_summarys(real_histories) -> None:
    """The engine's net for each player, worked out from the events, is the net the
    summary prints for the seat: in every hand read, the three the engine refuses too."""
    checked = 0
    for name, (parsed, _skipped) in EXPECTED.items():
        if not parsed:
            continue
        path = real_histories / FOLDER / name
        printed = {
            player: Decimal(net.replace(",", ""))
            for player, net in _SUMMARY_NET.findall(real_sites.text_of(path))
        }
        [hand] = real_sites.hands(path)
        result = replay(hand, conventions_of(hand.site))
        assert {p.name: p.net for p in result.players} == printed, name
        assert sum(printed.values()) + result.rake == 0, name
        checked += len(printed)
    assert checked == 73  # every seat of the 15 hands


def test_a_raise_over_a_completion_adds_the_bring_in_at_kingsclub(real_histories) -> None:
    by_card_room_rules, by_kingsclub = {}, {}
    for name, (parsed, _skipped) in EXPECTED.items():
        if parsed:
            hand = _hand(real_histories, name)
            if errors := replay(hand, CARD_ROOM_RULES).errors:
                by_card_room_rules[hand.hand_number] = errors[0].message
            if errors := replay(hand, conventions_of(hand.site)).errors:
                by_kingsclub[hand.hand_number] = errors[0].message
    assert by_card_room_rules == RAISED_BY_THE_BRING_IN
    assert by_kingsclub == {}


def test_a_hand_run_twice_is_judged_run_by_run(real_histories) -> None:
    for name, winners in RUN_TWICE.items():
        result = replay(_hand(real_histories, name), conventions_of(SITE))
        assert result.findings == (), name
        assert tuple(pot.high_winners for pot in result.pots) == winners, name


def test_a_draw_run_twice_keeps_each_runs_cards(real_histories) -> None:
    """ "Hero discards [Th] draws [8c] [Qs]", then "Run 1: Hero shows [5d 7h 8c Td 2h]" and
    "Run 2: Hero shows [5d 7h Qs Td 2h]"; the pat hand shows once, for both runs."""
    hand = _hand(real_histories, "cash/Draw/NL-2-7-SD-USD-25-50-202108.2.RIT.txt")
    [draw] = [e for e in hand.events if isinstance(e, Draw) and e.player == "Hero"]
    assert draw == Draw(
        "Hero",
        Street.DRAW_1,
        1,
        discarded=("Th",),
        drawn=("8c",),
        kept=("5d", "7h", "Td", "2h"),
        other_runs=(("Qs",),),
    )
    shows = [(e.player, e.run, e.cards) for e in hand.events if isinstance(e, Show)]
    assert shows == [
        ("Hero", 1, ("5d", "7h", "8c", "Td", "2h")),
        ("Hero", 2, ("5d", "7h", "Qs", "Td", "2h")),
        ("Player1", 0, ("6c", "8s", "7s", "2c", "5c")),
    ]


def test_the_2021_draw_run_twice_reads_each_runs_cards_then_the_discards(
    real_histories,
) -> None:
    hand = _hand(real_histories, "cash/Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt")
    draws = {e.player: e for e in hand.events if isinstance(e, Draw)}
    hero, hidden = draws["Hero"], draws["Player3"]
    assert (hero.discarded, hero.drawn, hero.other_runs) == (("Ks",), ("6h",), (("Ks",),))
    assert (hidden.discard_count, hidden.drawn, hidden.other_runs) == (2, None, (("??", "??"),))


def _replayed_text(text: str, tmp_path) -> object:
    path = tmp_path / "hand.txt"
    path.write_text(text)
    [hand] = real_sites.hands(path)
    return replay(hand, conventions_of(SITE))


def test_a_run_paid_to_the_wrong_hand_is_found(real_histories, tmp_path) -> None:
    """Player1's run 2 made worse (a king for the 7c): Hero wins both runs, yet the
    history splits the pot."""
    name = "cash/Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt"
    text = real_sites.text_of(real_histories / FOLDER / name)
    worse = text.replace(
        "Run 2: Player1 shows [5h 9c 7c 8d 4s]", "Run 2: Player1 shows [5h 9c Kc 8d 4s]"
    )
    assert worse != text
    [finding] = _replayed_text(worse, tmp_path).findings
    assert finding.code is Code.WINNER
    assert (
        finding.message == "pot 0 (2535) should go to Hero; the history gives it to Hero, Player1"
    )


def test_a_run_shown_with_cards_not_drawn_is_found(real_histories, tmp_path) -> None:
    name = "cash/Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt"
    text = real_sites.text_of(real_histories / FOLDER / name)
    wrong = text.replace("Run 2: Hero shows [4c 9s 7h 2s 3h]", "Run 2: Hero shows [4c 9s 7h 2s 3c]")
    codes = [finding.code for finding in _replayed_text(wrong, tmp_path).findings]
    assert codes == [Code.SHOWN_CARDS_MISMATCH]


def test_the_heading_gives_game_stakes_table_button_and_the_eastern_clock(real_histories) -> None:
    hand = _hand(real_histories, BADACEY)
    header = hand.header
    assert (header.site, header.hand_number, header.game, header.limit) == (
        "kingsclub",
        "40201390",
        Game.BADACEY,
        LimitKind.FIXED,
    )
    assert (header.money, header.currency, header.table, header.button_seat) == (
        MoneyKind.REAL,
        "USD",
        "Real Deal Mix",
        1,
    )
    stakes = header.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.ante) == (22, 44, Decimal("5.50"))
    assert (stakes.small_blind, stakes.big_blind) == (11, 22)
    # "2021-01-09 18:56:17", read as Eastern time as FPDB does: EST in January.
    assert header.started_at_utc == datetime(2021, 1, 9, 23, 56, 17, tzinfo=UTC)
    assert header.site_time == "2021-01-09 18:56:17"


def test_badacey_splits_the_pot_between_the_best_badugi_and_the_best_low(real_histories) -> None:
    """Hero [Ad 2h 8h 7c 9s] and Player1 [6c 4d 6h 9h 5s]: Player1's 9-6-5-4 badugi beats
    Hero's 9-7-2-A, Hero's 9-8-7-2-A low beats a pair of sixes. 341 in, 5 raked, 168 each."""
    hand = _hand(real_histories, BADACEY)
    result = replay(hand, conventions_of(hand.site))
    [pot] = result.pots
    assert (pot.amount, pot.high_winners, pot.low_winners) == (341, ("Player1",), ("Hero",))
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Hero", Decimal(168)),
        Collect("Player1", Decimal(168)),
    ]
    assert [e for e in hand.events if isinstance(e, PotTotals)] == [PotTotals(341, 5)]


def test_a_call_names_the_rounds_total(real_histories) -> None:
    """ "Player2 bets 44 / Player3 raises to 77.16 / Player4 raises to 121.16 / ... /
    Player2 calls 121.16": 77.16 more, as Player2's net of -154.32 (ante 33.16) says."""
    hand = _hand(real_histories, STUD)
    calls = [
        (e.player, e.amount)
        for e in hand.events
        if isinstance(e, Action) and e.kind is ActionKind.CALL and e.line in (29, 30)
    ]
    assert calls == [("Player2", Decimal("77.16")), ("Player3", Decimal("44"))]
    [completion] = [e for e in hand.events if isinstance(e, Action) and e.line == 24]
    assert (completion.kind, completion.raise_to) == (ActionKind.COMPLETE, 44)


def test_stud_headings_name_the_street_after_the_one_they_open(real_histories) -> None:
    """No heading before the first round; "*** 3RD STREET ***" (line 34) opens the fourth,
    "*** 6TH STREET ***" (line 49) the seventh, where the last card is dealt down."""
    hand = _hand(real_histories, RAZZ_27)
    streets = [(e.street, e.line) for e in hand.events if isinstance(e, StreetStart)]
    assert streets == [
        (Street.THIRD, 18),
        (Street.FOURTH, 34),
        (Street.FIFTH, 39),
        (Street.SIXTH, 44),
        (Street.SEVENTH, 49),
    ]


def test_a_bet_nobody_calls_comes_back_unsaid(real_histories) -> None:
    """ "Player0 bets 44 / Player5 folds / *** SUMMARY ***": the 44 went back (Player0's
    net is +259.64 from a pot of 424.80), and "Hero bets 88 / Player3 folds" (A-5)."""
    hand = _hand(real_histories, RAZZ_27)
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Player0", Decimal(44))
    ]
    hand = _hand(real_histories, A5_TRIPLE)
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Hero", Decimal(88))
    ]


def test_both_blinds_posted_at_once_cost_the_small_blind_dead_on_top(real_histories) -> None:
    """ "Player1: posts blind 44" with blinds of 22/44: 66 in, 22 of it dead, then a fold;
    the summary: "Seat 2: Player1 (2,295.88) -77", his ante of 11 included."""
    hand = _hand(real_histories, RAKED)
    [both] = [e for e in hand.events if isinstance(e, Post) and e.player == "Player1"][1:]
    assert (both.kind, both.amount) == (PostKind.SMALL_AND_BIG_BLINDS, 66)
    result = replay(hand, conventions_of(hand.site))
    player1 = next(p for p in result.players if p.name == "Player1")
    assert (player1.put_in, player1.net, result.rake) == (77, -77, 5)


# FPDB's KingsClub converter books "posts blind 44" as a big blind of 44 (its re_PostBoth
# then addBlind(..., "big blind", ...)), leaving out the small blind paid dead with it, and
# keeps the "Rake 5" line out of its rake (it works the rake out as the pot less what is
# won): for the hand below it books Player1's loss as 55 and a pot of 1,177, less than the
# 1,194 won from it; the summary and the stacks say 77 and 1,199 (1,194 won, 5 raked).
FPDB_BOOKS_WRONG = {
    ("39879543", "Player1"): {"fpdb": Decimal(-55), "history": Decimal(-77)},
}


def test_the_hand_fpdb_books_wrong_is_read_as_the_summary_says(real_histories) -> None:
    hand = _hand(real_histories, RAKED)
    result = replay(hand, conventions_of(hand.site))
    for (number, player), figures in FPDB_BOOKS_WRONG.items():
        assert hand.hand_number == number
        [net] = [p.net for p in result.players if p.name == player]
        assert net == figures["history"] != figures["fpdb"]
    assert (result.total_pot, result.rake) == (1199, 5)


def test_the_heros_draw_is_a_draw_and_the_cards_it_deals(real_histories) -> None:
    """ "Hero discards [Ts Jh] draws [3c 6c]" from [Ts 8h Jh 4c 6h], then "discards [6c]
    draws [2c]": the hand he shows, [3c 8h 2c 4c 6h], wins the pot of 799."""
    hand = _hand(real_histories, TRIPLE_DRAW)
    draws = [e for e in hand.events if isinstance(e, Draw) and e.player == "Hero"]
    assert [(d.street, d.discarded, d.kept, d.drawn) for d in draws] == [
        (Street.DRAW_1, ("Ts", "Jh"), ("8h", "4c", "6h"), ("3c", "6c")),
        (Street.DRAW_2, ("6c",), ("8h", "4c", "6h", "3c"), ("2c",)),
        (Street.DRAW_3, None, None, None),  # "Hero stands pat"
    ]
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert [(pot.amount, pot.high_winners) for pot in result.pots] == [(800, ("Hero",))]


def test_a_stud_showdown_before_the_last_cards_is_judged_on_the_cards_known(
    real_histories,
) -> None:
    """Player3, all in on third street, shows five cards on fifth; his and Player4's last
    two streets follow ("[7h]", "[X]"): Player4's 7-6-3-2-A beats T-9-7-5-4 for both pots,
    "Player4 wins pot (4,100)" (no rake in Bobby's Room)."""
    hand = _hand(real_histories, RAZZ_ALL_IN)
    result = replay(hand, conventions_of(hand.site))
    assert [(p.amount, p.eligible, p.high_winners) for p in result.pots] == [
        (Decimal(1900), ("Player3", "Player4"), ("Player4",)),
        (Decimal(2200), ("Player4",), ()),  # the others folded: uncontested
    ]
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Player4", Decimal(1000))
    ]

"""Every real OnGame history (2010-2012: 5 Card Draw, Goalwin's too, 7 Card Stud, Stud
Hi/Lo): each hand parses, with what OnGame leaves unsaid (a bet nobody called returned,
the draw's start, the cards the hero drew) said in the events, and every net the summary
prints is the engine's."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Deal,
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
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "OnGame"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt": (4, 0),
    "cash/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt": (10, 0),
    "cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt": (4, 0),
    "cash/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt": (1, 0),
}

HEADER = re.compile(r"^\*{5} History for hand ")
HAND_NUMBER = re.compile(r"^\*{5} History for hand ([A-Z\d]+(?:-[A-Z\d]+)+)", re.MULTILINE)
FLOP_GAME = re.compile(r"TEXAS_HOLDEM|OMAHA")  # on the table line, not the header: none here
DRAW = "cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt"
GOALWIN = "cash/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt"
STUD = "cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt"
BIG_BRING = "cash/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt"
HI_LO = "cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt"


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)


def _hand(real_histories, name: str, number: str):
    return next(
        h for h in real_sites.hands(real_histories / FOLDER / name) if h.hand_number == number
    )


def _nets(hand) -> dict[str, Decimal]:
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == (), hand.hand_number
    return {p.name: p.net for p in result.players}


def test_the_heading_gives_game_stakes_table_button_and_the_utc_clock(real_histories) -> None:
    """ "Start hand: Mon Sep 13 00:21:02 GMT+0100 2010": a fixed offset, in September too."""
    hand = _hand(real_histories, DRAW, "R5-81962116-232")
    header = hand.header
    assert (header.site, header.game, header.limit, header.money, header.currency) == (
        "ongame",
        Game.FIVE_DRAW,
        LimitKind.FIXED,
        MoneyKind.REAL,
        "USD",
    )
    stakes = header.stakes
    assert (stakes.small_bet, stakes.big_bet, stakes.small_blind, stakes.big_blind) == (
        Decimal("0.05"),
        Decimal("0.10"),
        Decimal("0.02"),
        Decimal("0.05"),
    )
    assert (header.table, header.button_seat, header.max_seats) == ("Suez", 3, None)
    assert header.started_at_utc == datetime(2010, 9, 12, 23, 21, 2, tzinfo=UTC)
    assert header.site_time == "Mon Sep 13 00:21:02 GMT+0100 2010"
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [
        (8, "DamonV2", Decimal("0.07")),
        (10, "Hero", Decimal("0.05") * 20),
    ]


def test_named_zones_and_the_tables_seats(real_histories) -> None:
    """ "EEST" (Goalwin, 2011) and "CET" (2012) are read with their summer time; "Players
    in round: 2 (5)" gives the table's seats; a stud hand prints its ante in the heading."""
    goalwin = _hand(real_histories, GOALWIN, "R5-174428515-248").header
    assert goalwin.started_at_utc == datetime(2011, 9, 11, 12, 26, 27, tzinfo=UTC)
    stud = _hand(real_histories, BIG_BRING, "R5-292493407-77").header
    assert stud.started_at_utc == datetime(2012, 12, 4, 18, 48, 34, tzinfo=UTC)
    assert (stud.game, stud.max_seats, stud.button_seat, stud.stakes.ante) == (
        Game.SEVEN_STUD,
        5,
        1,
        Decimal("0.10"),
    )
    hi_lo = _hand(real_histories, HI_LO, "R5-78227816-62").header
    assert (hi_lo.game, hi_lo.button_seat, hi_lo.stakes.bring_in) == (
        Game.SEVEN_STUD_HILO,
        None,
        Decimal("0.12"),
    )


def test_every_net_the_summary_prints_is_the_engines(real_histories) -> None:
    """ "Seat 8: DamonV2 ($0.05), net: -$0.02": read from the text here, not by the parser."""
    net_line = re.compile(r"^Seat \d+: (.+) \(\S+\), net: ([+-])\$([\d.,]+)", re.MULTILINE)
    checked = 0
    for name in EXPECTED:
        path = real_histories / FOLDER / name
        texts = real_sites.text_of(path).split("***** History for hand ")[1:]
        for hand, text in zip(real_sites.hands(path), texts, strict=True):
            printed = {
                m[1]: Decimal(m[3].replace(",", "")) * (1 if m[2] == "+" else -1)
                for m in net_line.finditer(text)
            }
            nets = {name: net for name, net in _nets(hand).items() if net or name in printed}
            assert nets == printed, hand.hand_number
            checked += len(printed)
    assert checked == 67


def test_a_raise_is_read_by_what_it_adds(real_histories) -> None:
    """ "mylonas77 bets $0.50 / Hero raises $1 to $1.37" on fifth street: Hero adds $1,
    making the round's $1; the $1.37 counts his 0.12 and 0.25 of the streets before (FPDB
    reads a raise to 1.37 there). The summary: "Hero ($27.47), net: +$2.47"."""
    hand = _hand(real_histories, HI_LO, "R5-78227816-62")
    [raised] = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE]
    assert (raised.player, raised.raise_to) == ("Hero", Decimal("1"))
    nets = _nets(hand)
    assert (nets["Hero"], nets["mylonas77"]) == (Decimal("2.47"), Decimal("-2.42"))
    [totals] = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.rake, totals.main) == (
        Decimal("5.14"),
        Decimal("0.25"),
        Decimal("5.14"),
    )


def test_a_raise_over_a_blind_adds_to_it(real_histories) -> None:
    """ "Player4 posts small blind ($0.50) / Player4 raises $1.50 to $2"."""
    hand = _hand(real_histories, GOALWIN, "R5-174428515-254")
    [raised] = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE]
    assert (raised.player, raised.raise_to) == ("Player4", Decimal("2"))


def test_a_bet_nobody_calls_comes_back_unsaid(real_histories) -> None:
    """ "velabianca bets $0.10 / grommek folds / Hero folds / x Diabolo666 folds", then
    "Main pot: $0.27 won by velabianca ($0.26)": the 0.10 went back without a line. And
    a big blind nobody calls: "Main pot: $1 won by Hero ($1)" of 0.50 and 1 posted."""
    hand = _hand(real_histories, DRAW, "R5-81962116-233")
    returned = [e for e in hand.events if isinstance(e, UncalledReturn)]
    assert returned == [UncalledReturn("velabianca", Decimal("0.10"))]
    assert _nets(hand)["velabianca"] == Decimal("0.21")
    blinds_only = _hand(real_histories, GOALWIN, "R5-174428515-248")
    returned = [e for e in blinds_only.events if isinstance(e, UncalledReturn)]
    assert returned == [UncalledReturn("Hero", Decimal("0.50"))]


def test_a_dead_small_blind_joins_the_big_one(real_histories) -> None:
    """ "grommek posts big blind ($0.05) / grommek posts dead blind ($0.02)", then
    "grommek checks" the round of $0.05: the 0.02 is dead, in no round."""
    hand = _hand(real_histories, DRAW, "R5-81962116-233")
    posts = [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Post)]
    assert posts[-1] == ("grommek", PostKind.SMALL_AND_BIG_BLINDS, Decimal("0.07"))
    assert _nets(hand)["grommek"] == Decimal("-0.07")


def test_the_draw_starts_at_its_first_line_and_the_new_hand_gives_the_cards(
    real_histories,
) -> None:
    """ "Dealing to Hero: [Tc, 9h, 7c, Ah, Jh] / ... / Hero changed 2 cards / New hand for
    Hero: [8h, 9h, 6s, Ah, Jh]": the cards in place kept, the others drawn."""
    hand = _hand(real_histories, DRAW, "R5-81962116-232")
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert [(d.player, d.discard_count) for d in draws] == [("Hero", 2), ("x Diabolo666", 3)]
    hero = draws[0]
    assert (hero.street, hero.discarded, hero.kept, hero.drawn) == (
        Street.DRAW_1,
        ("Tc", "7c"),
        ("9h", "Ah", "Jh"),
        ("8h", "6s"),
    )
    # "velabianca checks / velabianca changed 3 cards": no "---" before this draw.
    unmarked = _hand(real_histories, DRAW, "R5-81962116-234")
    streets = [e for e in unmarked.events if isinstance(e, StreetStart)]
    assert [(s.street, s.line) for s in streets] == [(Street.PREDRAW, 95), (Street.DRAW_1, 101)]


def test_goalwin_prints_the_heros_new_hand_but_not_his_draw(real_histories) -> None:
    """ "Player4 changed 1 cards / New hand for Hero: [As, 7c, Jh, Ac, Jd]" after
    "[As, 5h, Jh, Ac, Jd]": Hero drew one card; he shows two pair and wins."""
    hand = _hand(real_histories, GOALWIN, "R5-174428515-250")
    hero = next(e for e in hand.events if isinstance(e, Draw) and e.player == "Hero")
    assert (hero.discard_count, hero.discarded, hero.drawn) == (1, ("5h",), ("7c",))
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert [pot.high_winners for pot in result.pots] == [("Hero",)]


def test_stud_deals_show_the_up_cards_and_the_heros_down_cards(real_histories) -> None:
    """ "Dealing to the bAAr: [-, -, Kh]" / "Dealing to Hero: [Jh, 9d, Ac]" / on the
    river, "Dealing to Hero: [9h]", a down card."""
    hand = _hand(real_histories, STUD, "R5-82086688-607")
    deals = [(e.player, e.street, e.down, e.up) for e in hand.events if isinstance(e, Deal)]
    assert deals[:2] == [
        ("the bAAr", Street.THIRD, (), ("Kh",)),
        ("Hero", Street.THIRD, ("Jh", "9d"), ("Ac",)),
    ]
    assert deals[-1] == ("Hero", Street.SEVENTH, ("9h",), ())


def test_a_big_bring_in_is_a_completion(real_histories) -> None:
    """ "Hero big bring in $1 / Player0 raises $2 to $2 / Hero calls $1" at $1/$2."""
    hand = _hand(real_histories, BIG_BRING, "R5-292493407-77")
    actions = [(e.player, e.kind, e.raise_to) for e in hand.events if isinstance(e, Action)]
    assert actions[:2] == [
        ("Hero", ActionKind.COMPLETE, Decimal("1")),
        ("Player0", ActionKind.RAISE, Decimal("2")),
    ]
    assert _nets(hand) == {"Hero": Decimal("-5.10"), "Player0": Decimal("4.60")}


def test_the_summarys_cards_are_the_showdown(real_histories) -> None:
    """ "Seat 6: kueto ($7.06), net: +$0.85, [Qc, 6c, Qs, Qd, 7s, 5s, 3c]
    (THREE_OF_A_KIND QUEEN)" beats Hero's two pair: the engine judges it so."""
    hand = _hand(real_histories, STUD, "R5-82086688-609")
    shows = {e.player: e.description for e in hand.events if isinstance(e, Show)}
    assert shows == {"Hero": "TWO_PAIR ACE, KING", "kueto": "THREE_OF_A_KIND QUEEN"}
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert [pot.high_winners for pot in result.pots] == [("kueto",)]

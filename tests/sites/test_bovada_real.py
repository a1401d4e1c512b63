"""Every real Bovada history (Bodog 7 Card Stud 2012/05, Bovada 7 Card Stud Hi/Lo 2012/09, a
7 Card Stud tournament 2012/06): each hand parses, its anonymous players named as Bovada
seats them, and its money proved: each bet nobody called comes back on its own line, which
FPDB's converter leaves in the pot of every cash hand."""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Game,
    MoneyKind,
    Muck,
    Note,
    Show,
    StreetStart,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.games import Street
from parsers.sites import conventions_of
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "Bovada"
CASH = "cash/Stud/7-Stud-USD-2.00-4.00-201205.txt"  # Bodog, $0.05/$0.10 whatever its name
HILO = "cash/Stud/7-StudHL-USD-0.25-0.50-201209.txt"
MTT = "tour/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {CASH: (4, 0), HILO: (1, 0), MTT: (40, 0)}

HEADER = re.compile(r"^(?:Ignition|Bovada|Bodog\S*) Hand #")
HAND_NUMBER = re.compile(r"^\ufeff?(?:Ignition|Bovada|Bodog\S*) Hand #(\d+)", re.MULTILINE)
FLOP_GAME = re.compile(r"HOLDEM|OMAHA")


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


def _actions(hand, player: str) -> list[tuple[ActionKind, Decimal | None, Decimal | None, bool]]:
    return [
        (e.kind, e.amount, e.raise_to, e.all_in)
        for e in hand.events
        if isinstance(e, Action) and e.player == player
    ]


def test_the_heading_gives_the_table_and_the_eastern_clock(real_histories) -> None:
    """ "Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07": no
    stakes printed; the bets make them $0.05/$0.10 (the file's name says $2-$4)."""
    hand = _hand(real_histories, CASH, "2604291510")
    header = hand.header
    assert (header.site, header.game, header.money, header.currency) == (
        "bovada",
        Game.SEVEN_STUD,
        MoneyKind.REAL,
        "USD",
    )
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal("0.01"),
        Decimal("0.02"),
        Decimal("0.05"),
        Decimal("0.10"),
    )
    assert (header.table, header.button_seat, header.tournament) == ("1178621", None, None)
    assert header.site_time == "2012-05-07 03:40:07"
    assert header.started_at_utc == datetime(2012, 5, 7, 7, 40, 7, tzinfo=UTC)  # EDT
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (1, "Seat+1", Decimal("0.57")),
        (3, "Hero", Decimal("0.50")),
        (5, "Seat+5", Decimal("0.51")),
    ]


def test_a_tournament_heading_and_its_stakes_from_the_bets(real_histories) -> None:
    """ "Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0)":
    the level's "(0/0)" says nothing; antes of 2, a bring-in of 5, bets of 10 and 20."""
    hand = _hand(real_histories, MTT, "2633115879")
    header = hand.header
    assert (header.money, header.currency, header.table) == (
        MoneyKind.TOURNAMENT,
        None,
        "1378659 1",
    )
    assert header.tournament is not None
    assert (header.tournament.tournament_id, header.tournament.level) == ("1378659", "1")
    stakes = header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet) == (
        Decimal(2),
        Decimal(5),
        Decimal(10),
        Decimal(20),
    )
    assert header.started_at_utc == datetime(2012, 6, 18, 2, 21, 3, tzinfo=UTC)


def test_the_hero_is_one_player_at_every_seat(real_histories) -> None:
    """ "Seat+3 [ME]" at the cash table and "Seat+4 [ME]" in the tournament are both Hero;
    the summary's "Seat 3:" is the player seated there."""
    cash = _hand(real_histories, CASH, "2604291510")
    mtt = _hand(real_histories, MTT, "2633115879")
    assert [s.seat for s in cash.seats if s.player == "Hero"] == [3]
    assert [s.seat for s in mtt.seats if s.player == "Hero"] == [4]
    summary = [(e.seat, e.player, e.outcome) for e in cash.events if hasattr(e, "outcome")]
    assert summary == [
        (1, "Seat+1", "folded"),
        (3, "Hero", "collected"),
        (5, "Seat+5", "folded"),
    ]


def test_streets_start_at_the_first_card_after_the_betting(real_histories) -> None:
    """2012/05-06 print no line after "*** HOLE CARDS ***": a street starts at the first card
    dealt after a bet or check, or at a second card dealt to one player. 2633123306: Seat+1
    is all in on fifth street; sixth and seventh are dealt with no betting between."""
    hand = _hand(real_histories, MTT, "2633123306")
    streets = [(e.street, e.line) for e in hand.events if isinstance(e, StreetStart)]
    assert [street for street, _line in streets] == list(hand.game.rules.streets)
    deals = [(e.street, e.down, e.up) for e in hand.events if isinstance(e, Deal)]
    seat1 = [d for d in deals if d[1] == ("7h", "Kh") or d[2] in (("As",), ("Qh",), ("9s",))]
    assert seat1 == [
        (Street.THIRD, ("7h", "Kh"), ("Th",)),
        (Street.FOURTH, (), ("As",)),
        (Street.FIFTH, (), ("Qh",)),
        (Street.SIXTH, (), ("9s",)),
    ]
    assert (Street.SEVENTH, ("Qd",), ()) in deals


def test_an_all_in_is_a_call_bet_or_raise_by_the_streets_totals(real_histories) -> None:
    """ "All-in 245" adds 245, a call for less of a 400 raise; "All-in(raise) 1054" raises to
    1054 (the street's total, as "Raises 600" is); "All-in(raise) 22" opening fifth street
    is a bet."""
    side_pots = _hand(real_histories, MTT, "2633131343")
    assert (ActionKind.CALL, Decimal(245), None, True) in _actions(side_pots, "Seat+2")
    assert (ActionKind.CALL, Decimal(200), None, True) in _actions(side_pots, "Seat+5")
    shove = _hand(real_histories, MTT, "2633133863")
    assert _actions(shove, "Hero")[-1] == (ActionKind.RAISE, None, Decimal(1054), True)
    assert _actions(shove, "Seat+7")[-1] == (ActionKind.CALL, Decimal(154), None, False)
    bet = _hand(real_histories, MTT, "2633123306")
    assert (ActionKind.BET, Decimal(22), None, True) in _actions(bet, "Seat+1")


def test_a_raise_over_the_bring_in_is_a_completion(real_histories) -> None:
    """ "Big blind/Bring in 5 / ... / Raises 10" completes to 10; at hi/lo, where nobody
    brings in, "Bets $0.25" opens third street."""
    hand = _hand(real_histories, MTT, "2633117518")
    completes = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.COMPLETE]
    assert [(e.player, e.raise_to) for e in completes] == [("Seat+8", Decimal(10))]
    hilo = _hand(real_histories, HILO, "2633952287")
    assert _actions(hilo, "Seat+1")[0] == (ActionKind.BET, Decimal("0.25"), None, False)


def test_the_bets_nobody_called_come_back_on_their_own_lines(real_histories) -> None:
    """ "Seat+3 [ME] : Bets $0.10 / Seat+5 : Folds / Seat+1 : Folds / Seat+3 [ME] : Return
    uncalled portion of bet $0.10 / ... Hand result $0.09": the antes and calls won, the bet
    back, a net of $0.06, as the next hand's stack ($0.56) proves."""
    hand = _hand(real_histories, CASH, "2604291510")
    assert [e for e in hand.events if isinstance(e, UncalledReturn)] == [
        UncalledReturn("Hero", Decimal("0.10"))
    ]
    assert [e for e in hand.events if isinstance(e, Collect)] == [Collect("Hero", Decimal("0.09"))]
    returned = sum(
        1
        for path in real_sites.site_files(FOLDER)
        for h in real_sites.hands(path)
        for e in h.events
        if isinstance(e, UncalledReturn)
    )
    assert returned == 29


# Cash hands FPDB's converter books wrong: it reads the summary's "Total Pot($...)" and so
# skips the pot calculation that would return the uncalled bet, and reads no "Return
# uncalled portion" line: the bettor pays for the bet nobody called. (player, FPDB's net,
# the net here); the nets here are the next hand's stack changes where the file has one.
FPDB_WRONG = {
    "2604291510": ("Hero", Decimal("-0.04"), Decimal("0.06")),  # $0.50 -> $0.56
    "2604291577": ("Seat+5", Decimal("0.24"), Decimal("0.34")),  # $0.48 -> $0.82
    "2604291787": ("Seat+5", Decimal("-0.02"), Decimal("0.03")),  # last hand of the file
}


def test_the_hands_fpdb_books_wrong_net_what_the_next_hand_shows(real_histories) -> None:
    hands = real_sites.hands(real_histories / FOLDER / CASH)
    following = {h.hand_number: n for h, n in itertools.pairwise(hands)}
    for number, (player, fpdb_net, net) in FPDB_WRONG.items():
        hand = next(h for h in hands if h.hand_number == number)
        result = {p.name: p for p in replay(hand, conventions_of(hand.site)).players}
        returned = sum(
            e.amount for e in hand.events if isinstance(e, UncalledReturn) and e.player == player
        )
        assert result[player].net == net
        assert fpdb_net == net - returned  # the uncalled bet left in the pot
        if number in following:
            after = {s.player: s.stack for s in following[number].seats}
            before = {s.player: s.stack for s in hand.seats}
            assert after[player] - before[player] == net


def test_a_hilo_pot_is_split_with_the_odd_chip_high(real_histories) -> None:
    """ "Seat+1 : Hand result $2.32 / Seat+4 : Hand result $2.33 / Total Pot($4.85) | Rake
    ($0.20)": the engine gives the high half to Seat+4's queens, the low to Seat+1's 7-6."""
    hand = _hand(real_histories, HILO, "2633952287")
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == () and result.rake == Decimal("0.20")
    [pot] = result.pots
    assert (pot.high_winners, pot.low_winners) == (("Seat+4",), ("Seat+1",))
    nets = {p.name: p.net for p in result.players}
    assert (nets["Seat+1"], nets["Seat+4"]) == (Decimal("0.27"), Decimal("0.28"))
    summary = {e.player: e.won for e in hand.events if getattr(e, "won", None)}
    assert summary == {"Seat+1": Decimal("2.32"), "Seat+4": Decimal("2.33")}


def test_a_showdown_shows_the_distinct_cards_printed(real_histories) -> None:
    """ "Seat+1 : Showdown [Ad Jh 7h 6d 4h Ad 2s 3s 4h 6d] (High Card)": the high five, then
    the low five; a show of the seven cards once each."""
    hand = _hand(real_histories, HILO, "2633952287")
    shows = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    assert shows["Seat+1"] == ("Ad", "Jh", "7h", "6d", "4h", "2s", "3s")
    assert shows["Seat+4"] == ("Qs", "Qh", "As", "9h", "7s")


def test_side_pots_are_won_first_then_the_main(real_histories) -> None:
    """ "Seat+4 [ME] : Hand Result-Side Pot 710 / Seat+4 [ME] : Hand Result 1755 / Total
    Pot(2465)": two all-ins for less, the hero's full house takes both pots."""
    hand = _hand(real_histories, MTT, "2633131343")
    result = replay(hand, conventions_of(hand.site))
    assert [(p.amount, p.high_winners) for p in result.pots] == [
        (Decimal(1755), ("Hero",)),
        (Decimal(710), ("Hero",)),
    ]
    assert {p.name: p.net for p in result.players}["Hero"] == Decimal(2465 - 840)
    finishes = [e for e in hand.events if isinstance(e, TournamentFinish)]
    assert [(e.player, e.place) for e in finishes] == [("Seat+2", 15), ("Seat+5", 14)]


def test_a_seat_sitting_out_is_seated_but_not_dealt_in(real_histories) -> None:
    """ "Seat+3 [ME]: $0.55 in chips" then "Seat+3 [ME] : Seat sit out": no ante, no cards,
    no summary line; the hand is the others'."""
    hand = _hand(real_histories, CASH, "2604291787")
    notes = [(e.kind, e.player) for e in hand.events if isinstance(e, Note)]
    assert notes[:3] == [("sits_out", "Hero"), ("leaves", "Hero"), ("leaves", "Hero")]
    players = [p.name for p in replay(hand, conventions_of(hand.site)).players]
    assert players == ["Seat+1", "Seat+5"]


def test_mucked_hands_are_mucks_with_their_cards(real_histories) -> None:
    """ "Seat+4 [ME] : Mucks [Ac 6s Ks 5d Tc Ts Qh] (One pair)", and in the summary
    "Seat 4:   [Mucked] [Ac 6s Ks 5d Tc Ts Qh ]"."""
    hand = _hand(real_histories, MTT, "2633126654")
    mucks = [(e.player, e.cards) for e in hand.events if isinstance(e, Muck)]
    assert ("Hero", ("Ac", "6s", "Ks", "5d", "Tc", "Ts", "Qh")) in mucks
    summary = [e for e in hand.events if getattr(e, "outcome", None) == "mucked"]
    assert [(e.player, len(e.cards)) for e in summary] == [("Seat+2", 7), ("Hero", 7)]

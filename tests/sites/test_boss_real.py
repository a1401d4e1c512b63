"""The real Boss Media (Opoker) history: a 2011 session of five card draw, fixed limit
€2/€4, 14 hands in one XML `<ROOT>`: each hand read from its own `<HISTORY>` attributes,
the cards from their numbers, the bets nobody called returned where Boss says nothing,
the showdown's POT and RAKE as the hand's totals."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Draw,
    Game,
    LimitKind,
    MoneyKind,
    Muck,
    PotTotals,
    Show,
    Street,
    UncalledReturn,
)
from parsers.sites import conventions_of
from parsers.text.history_file import file_chunks
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "Boss"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {"cash/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml": (14, 0)}

HEADER = re.compile(r'^<HISTORY ID="\d+"')
HAND_NUMBER = re.compile(r'<HISTORY ID="(\d+)"')
FLOP_GAME = re.compile(r'GAME="GAME_(?:THM|OMA|OMATU|OMAHL)"')
DRAW = "cash/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml"

(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(FOLDER, EXPECTED, HEADER, HAND_NUMBER, FLOP_GAME)


def _hand(real_histories, number: str):
    return next(
        h for h in real_sites.hands(real_histories / FOLDER / DRAW) if h.hand_number == number
    )


def test_the_history_attributes_give_game_stakes_table_and_clock(real_histories) -> None:
    hand = _hand(real_histories, "2692984519")
    header = hand.header
    assert (header.site, header.game, header.limit, header.money, header.currency) == (
        "boss",
        Game.FIVE_DRAW,
        LimitKind.FIXED,
        MoneyKind.REAL,
        "EUR",
    )
    stakes = header.stakes
    # STAKES="2.00/4.00": the bets; the blinds posted are 1 and 2
    assert (stakes.small_bet, stakes.big_bet, stakes.small_blind, stakes.big_blind) == (
        Decimal(2),
        Decimal(4),
        Decimal(1),
        Decimal(2),
    )
    assert header.table == "Table FCD 192"
    assert header.started_at_utc == datetime(2011, 9, 11, 21, 22, 58, tzinfo=UTC)  # 1315776178
    assert (header.button_seat, header.max_seats) == (2, 5)  # DEALER="Y"; five seats listed
    # seats 1 and 4 are STATE_EMPTY, NAME="UNKNOWN"
    assert [(s.seat, s.player, s.stack) for s in hand.seats] == [
        (2, "Player2", Decimal("103.75")),
        (3, "Player3", Decimal("16.00")),
        (5, "Hero", Decimal("70.00")),
    ]


def test_the_heros_numbered_cards_and_his_draw(real_histories) -> None:
    """Dealt 30 44 5 47 10, holding 0 44 5 25 4 after changing three (COUNT="3"):
    kept the sixes (44, 5), drew the ace and five of diamonds and the king of clubs."""
    hand = _hand(real_histories, "2692984519")
    deal = next(e for e in hand.events if isinstance(e, Deal))
    assert (deal.player, deal.street, deal.down) == (
        "Hero",
        Street.PREDRAW,
        ("5h", "6s", "6d", "9s", "Jd"),
    )
    draws = [e for e in hand.events if isinstance(e, Draw)]
    assert draws == [
        Draw("Player3", Street.DRAW_1, 2),
        Draw(
            "Hero",
            Street.DRAW_1,
            3,
            discarded=("5h", "9s", "Jd"),
            drawn=("Ad", "Kc", "5d"),
            kept=("6s", "6d"),
        ),
    ]


def test_the_raise_is_to_a_total_and_the_big_blinds_call_names_it(real_histories) -> None:
    """Player3 raises from the small blind VALUE="4.00" (to 4), Hero calls VALUE="4.00"
    over his 2.00 blind: a call of 2. After the draw Player3's bet of 4 is not called:
    it goes back, and the WIN of 7.75 is the pot of 8 less 0.25 rake."""
    hand = _hand(real_histories, "2692984519")
    actions = [e for e in hand.events if isinstance(e, Action)]
    assert actions[1:3] == [
        Action("Player3", ActionKind.RAISE, raise_to=Decimal(4)),
        Action("Hero", ActionKind.CALL, Decimal(2)),
    ]
    assert UncalledReturn("Player3", Decimal(4)) in hand.events
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Player3", Decimal("7.75"))
    ]
    assert [e for e in hand.events if isinstance(e, PotTotals)] == [
        PotTotals(Decimal(8), Decimal("0.25"))
    ]


def test_a_showdown_judged_by_the_engine(real_histories) -> None:
    """Hero's pair of tens beats Player3's king high; both hands are printed."""
    hand = _hand(real_histories, "2692985477")
    shows = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    assert shows == {
        "Player3": ("Kd", "8c", "7d", "5d", "3d"),  # 12 20 6 4 2
        "Hero": ("Tc", "Td", "Kc", "9c", "6d"),  # 22 9 25 21 5
    }
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert [pot.high_winners for pot in result.pots] == [("Hero",)]
    assert result.rake == Decimal("0.25")


def test_a_mucked_hand_shows_no_cards(real_histories) -> None:
    """Player2 calls the three-bet, checks it down and mucks: `HAND="$(STR_G_MUCK)"`."""
    hand = _hand(real_histories, "2692986516")
    assert Muck("Player2") in hand.events
    assert [e.player for e in hand.events if isinstance(e, Show)] == ["Player3"]
    actions = [e for e in hand.events if isinstance(e, Action)]
    assert actions[:2] == [
        Action("Player2", ActionKind.RAISE, raise_to=Decimal(4)),
        Action("Player3", ActionKind.RAISE, raise_to=Decimal(6)),
    ]


def test_a_player_sitting_out_is_seated_but_not_dealt(real_histories) -> None:
    hand = _hand(real_histories, "2692988440")
    assert [s.player for s in hand.seats if s.sitting_out] == ["Player2"]  # STATE_SITOUT


def test_hands_keep_their_lines_and_bytes(real_histories) -> None:
    path = real_histories / FOLDER / DRAW
    data = path.read_bytes()
    chunks = list(file_chunks(str(path), data))
    assert [c.first_line for c in chunks][:3] == [3, 49, 95]  # as grep -n counts them
    for chunk in chunks:
        assert data[chunk.byte_offset :].startswith(b"<HISTORY ID=")
        assert data[: chunk.byte_end].endswith(b"</HISTORY>")
    assert data[chunks[-1].byte_end :].strip() == b"</ROOT>"

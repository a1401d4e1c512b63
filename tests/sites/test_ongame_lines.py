"""OnGame's line forms that the real files do not hold, as FPDB's converter and its
regression files record them: each read into the events a real line of its kind gives,
or skipped as a flop game."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    Collect,
    Draw,
    Game,
    Hand,
    LimitKind,
    MoneyKind,
    Note,
    Post,
    PostKind,
    PotTotals,
    Show,
)
from parsers.model.outcomes import SkippedHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

# A pot-limit draw hand of FPDB's forms: two big blinds, no "---" before the draw.
DRAW = """***** History for hand R5-192626403-203 *****
Start hand: Fri Nov 18 12:48:10 CET 2011
Table: Flensburg [192626403] (POT_LIMIT FIVE_CARD_DRAW $1/$1, Real money)
User: Hero
Button: seat 1
Players in round: 4
Seat 1: Hero ($98)
Seat 3: Ann ($22.40)
Seat 6: Bob ($34.74)
Seat 9: Cid ($72.27)
Ann posts big blind ($1)
Bob posts big blind ($1)
---
Dealing pocket cards
Dealing to Hero: [Qs, 8c, 5h, Th, 5s]
Cid raises $3 to $3
Hero folds
Ann raises $4 to $5
Bob folds
Cid calls $2
Ann changed 2 cards
Cid changed 0 cards
Ann bets $5
Cid folds
---
Summary:
Main pot: $11 won by Ann ($10.45)
Rake taken: $0.55
Seat 1: Hero ($98)
Seat 3: Ann ($27.85), net: +$5.45
Seat 6: Bob ($33.74), net: -$1
Seat 9: Cid ($67.27), net: -$5
***** End of hand R5-192626403-203 *****
"""

# A stud hi/lo hand split high and low.
HI_LO = """***** History for hand R5-78227816-70 *****
Start hand: Sat Aug 28 20:40:00 GMT+0300 2010
Table: Taegu [78227816] (LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50, ante: $0.05, Real money)
User: Hero
Players in round: 2
Seat 1: Hero ($25)
Seat 3: Ann ($20)
Hero posts ante $0.05
Ann posts ante $0.05
---
Dealing pocket cards
Dealing to Hero: [Ah, 2h, 3c]
Dealing to Ann: [-, -, Kd]
Hero small bring in $0.12
Ann calls $0.12
---
Dealing 4th street
Dealing to Hero: [4d]
Dealing to Ann: [Kc]
Ann checks
Hero checks
---
Dealing 5th street
Dealing to Hero: [9s]
Dealing to Ann: [Qs]
Ann checks
Hero checks
---
Dealing 6th street
Dealing to Hero: [Js]
Dealing to Ann: [Qh]
Ann checks
Hero checks
---
Dealing river
Dealing to Hero: [5c]
Ann checks
Hero checks
---
Summary:
Main pot: $0.34 won by Ann ($0.16 High), Hero ($0.16 Low)
Rake taken: $0.02
Seat 1: Hero ($24.99), net: -$0.01, [Ah, 2h, 3c, 4d, 9s, Js, 5c] (STRAIGHT FIVE)
Seat 3: Ann ($19.99), net: -$0.01, [Kh, 7d, Kd, Kc, Qs, Qh, 2c] (FULL_HOUSE KING, QUEEN)
***** End of hand R5-78227816-70 *****
"""


def _read(text: str) -> object:
    [(_chunk, outcome)] = list(parse_bytes("ongame.txt", text.encode() + b"\n\n"))
    return outcome


def _hand(text: str) -> Hand:
    hand = _read(text)
    assert isinstance(hand, Hand), hand
    return hand


def test_pot_limit_draw_two_big_blinds_and_standing_pat() -> None:
    """ "(POT_LIMIT FIVE_CARD_DRAW $1/$1, ...)", "Cid changed 0 cards": a pat hand. Both
    blinds are $1 and printed "big blind": the engine, taking the first for the big one,
    expects the next seat to open (see the report); the money is right."""
    hand = _hand(DRAW)
    header = hand.header
    assert (header.game, header.limit, header.stakes.big_blind) == (
        Game.FIVE_DRAW,
        LimitKind.POT,
        Decimal("1"),
    )
    assert header.started_at_utc == datetime(2011, 11, 18, 11, 48, 10, tzinfo=UTC)
    draws = [(e.player, e.discard_count) for e in hand.events if isinstance(e, Draw)]
    assert draws == [("Ann", 2), ("Cid", 0)]
    result = replay(hand, conventions_of(hand.site))
    assert [f.message for f in result.errors] == ["Cid acts first on predraw but Bob should"]
    nets = {p.name: p.net for p in result.players}
    assert (nets["Ann"], nets["Cid"], nets["Bob"]) == (
        Decimal("5.45"),
        Decimal("-5"),
        Decimal("-1"),
    )


def test_hi_lo_halves_are_two_collects_and_the_engine_splits_alike() -> None:
    """ "Main pot: $0.34 won by Ann ($0.16 High), Hero ($0.16 Low)"."""
    hand = _hand(HI_LO)
    assert hand.header.started_at_utc == datetime(2010, 8, 28, 17, 40, tzinfo=UTC)
    assert [e for e in hand.events if isinstance(e, Collect)] == [
        Collect("Ann", Decimal("0.16"), "main"),
        Collect("Hero", Decimal("0.16"), "main"),
    ]
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert [(p.high_winners, p.low_winners) for p in result.pots] == [(("Ann",), ("Hero",))]


def test_a_pot_shared_by_names_with_spaces_and_a_side_pot() -> None:
    """ "Main pot: $2.87 won by maac_5 ($1.37), sagi34 ($1.36)" and "Side pot 1: ...",
    the names read against the seated ones (here one holding a comma)."""
    text = HI_LO.replace("Ann", "KREST 78, jr").replace(
        "Main pot: $0.34 won by KREST 78, jr ($0.16 High), Hero ($0.16 Low)",
        "Main pot: $0.30 won by KREST 78, jr ($0.15 High), Hero ($0.15 Low)\n"
        "Side pot 1: $0.04 won by Hero ($0.02), KREST 78, jr ($0.02)",
    )
    hand = _hand(text)
    collects = [(e.player, e.amount, e.pot) for e in hand.events if isinstance(e, Collect)]
    assert collects == [
        ("KREST 78, jr", Decimal("0.15"), "main"),
        ("Hero", Decimal("0.15"), "main"),
        ("Hero", Decimal("0.02"), "side-1"),
        ("KREST 78, jr", Decimal("0.02"), "side-1"),
    ]
    [totals] = [e for e in hand.events if isinstance(e, PotTotals)]
    assert (totals.total, totals.main, totals.sides) == (
        Decimal("0.34"),
        Decimal("0.30"),
        (Decimal("0.04"),),
    )


def test_a_pot_won_by_no_seated_player_is_an_error_naming_the_line() -> None:
    error = _read(HI_LO.replace(", Hero ($0.16 Low)", ", Nobody ($0.16 Low)"))
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.STRUCTURE
    assert "Nobody" in error.message and error.line == 41


def test_razz_and_fpdbs_zones() -> None:
    """Razz, in FPDB's game table; "MSK" (2012) and "GST" (2013, read as Dubai's)."""
    text = HI_LO.replace("SEVEN_CARD_STUD_HI_LO", "RAZZ").replace("GMT+0300", "MSK")
    hand = _hand(text)
    assert hand.game is Game.RAZZ
    assert hand.header.started_at_utc == datetime(2010, 8, 28, 16, 40, tzinfo=UTC)
    gulf = _hand(HI_LO.replace("Sat Aug 28 20:40:00 GMT+0300 2010", "Fri Mar 1 10:30:49 GST 2013"))
    assert gulf.header.started_at_utc == datetime(2013, 3, 1, 6, 30, 49, tzinfo=UTC)


@pytest.mark.parametrize(
    "table",
    [
        "Table: Tilburg [81867677] (LIMIT OMAHA_HI $0.05/$0.10, Real money)",
        "Table: [SPEED] Dijon [22678800] (NO_LIMIT TEXAS_HOLDEM €0.02/€0.04, Real money)",
        "Table: Table #1 [295703542] (NO_LIMIT TEXAS_HOLDEM 50000/100000, ante: 40000, Chips)",
        "Table: someplace [75443872] (LIMIT TEXAS_HOLDEM 0.50/1, Real money)",
        "Table: Casablanca [232794641] (NO_LIMIT TEXAS_HOLDEM $0.25/$0.50, Play money)",
        "Table: x [1] (POT_LIMIT OMAHA_HI_LO 10/20, Chips)",
    ],
)
def test_a_flop_game_is_skipped_by_name(table: str) -> None:
    text = DRAW.replace(
        "Table: Flensburg [192626403] (POT_LIMIT FIVE_CARD_DRAW $1/$1, Real money)", table
    )
    skipped = _read(text)
    assert isinstance(skipped, SkippedHand)
    assert skipped.hand_number == "R5-192626403-203"


def test_a_speed_table_in_euros_and_play_money() -> None:
    euros = _hand(DRAW.replace("Flensburg [", "[SPEED] Flensburg [").replace("$", "€")).header
    assert (euros.table, euros.currency, euros.money) == ("Flensburg", "EUR", MoneyKind.REAL)
    play = _hand(DRAW.replace("Real money", "Play money")).header
    assert play.money is MoneyKind.PLAY
    bare = _hand(DRAW.replace("$", "")).header  # "0.50/1, Real money": no currency printed
    assert (bare.currency, bare.money, bare.stakes.big_blind) == (None, MoneyKind.REAL, 1)


def test_a_tournament_hand_gives_its_id_and_buy_in() -> None:
    """'***** History for hand T5-295703542-3 (TOURNAMENT: "Coinflip", S-6169-242,
    buy-in: $21) *****', chips ("TC")."""
    text = (
        DRAW.replace(
            "R5-192626403-203 *****\n",
            'T5-192626403-203 (TOURNAMENT: "Coinflip", S-6169-242, buy-in: $21) *****\n',
            1,
        )
        .replace("End of hand R5-", "End of hand T5-")
        .replace("Real money", "TC")
    )
    hand = _hand(text)
    assert hand.hand_number == "T5-192626403-203"
    assert hand.header.money is MoneyKind.TOURNAMENT
    tournament = hand.header.tournament
    assert tournament is not None
    assert (tournament.tournament_id, tournament.buy_in, tournament.currency) == (
        "S-6169-242",
        Decimal("21"),
        "USD",
    )


def test_a_tournament_with_no_id_is_refused_as_fpdb_does() -> None:
    """ "(TOURNAMENT: )" (FPDB: a partial hand)."""
    text = DRAW.replace(
        "R5-192626403-203 *****\n", "T5-192626403-203 (TOURNAMENT: ) *****\n", 1
    ).replace("End of hand R5-", "End of hand T5-")
    error = _read(text)
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.STRUCTURE
    assert error.hand_number == "T5-192626403-203" and "names no tournament" in error.message


def test_all_in_forms_and_a_dead_small_blind_alone() -> None:
    """ "posts big blind (...) [all in]" and FPDB's "and is all-in"; "Hero posts big blind
    ($0.10) / Hero posts dead blind ($0.05)" with no small blind posted (FPDB's
    "Dead.Small.Blind" file): the small blind is the dead part."""
    text = DRAW.replace("POT_LIMIT FIVE_CARD_DRAW $1/$1", "LIMIT FIVE_CARD_DRAW $1/$2").replace(
        "Ann posts big blind ($1)", "Ann posts big blind ($1)\nAnn posts dead blind ($0.50)"
    )
    hand = _hand(text)
    posts = [(e.player, e.kind, e.amount) for e in hand.events if isinstance(e, Post)]
    assert posts[0] == ("Ann", PostKind.SMALL_AND_BIG_BLINDS, Decimal("1.50"))
    assert hand.header.stakes.small_blind == Decimal("0.50")
    all_in = _hand(
        DRAW.replace("Bob posts big blind ($1)", "Bob posts big blind ($1) [all in]")
        .replace("Seat 6: Bob ($34.74)", "Seat 6: Bob ($1)")
        .replace("Cid raises $3 to $3", "Cid raises $3 to $3 and is all-in")
    )
    flagged = [e.player for e in all_in.events if getattr(e, "all_in", False)]
    assert flagged == ["Bob", "Cid"]


def test_a_show_line_with_capital_suits_and_a_player_sitting_out() -> None:
    """FPDB's "Uchilka shows [ KC,JD ]" and "Hero sits out"."""
    text = DRAW.replace("Cid folds\n", "Cid folds\nAnn shows [ KC,JD ]\nHero sits out\n")
    hand = _hand(text)
    assert [e for e in hand.events if isinstance(e, Show)] == [Show("Ann", ("Kc", "Jd"))]
    assert [e.player for e in hand.events if isinstance(e, Note)] == ["Hero"]


def test_a_hand_cut_before_its_end_line_is_truncated() -> None:
    cut = DRAW[: DRAW.index("Seat 6: Bob ($33.74)")]
    error = _read(cut)
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.TRUNCATED


def test_a_new_hand_in_a_stud_game_is_an_error() -> None:
    text = HI_LO.replace(
        "Ann checks\nHero checks\n---\nDealing 5th",
        "New hand for Hero: [Ah]\nAnn checks\nHero checks\n---\nDealing 5th",
    )
    error = _read(text)
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.STRUCTURE
    assert "New hand for" in error.message


def test_an_unknown_line_names_file_line_and_hand() -> None:
    error = _read(DRAW.replace("Cid calls $2", "Cid juggles $2"))
    assert isinstance(error, HandParseError) and error.kind is ErrorKind.SYNTAX
    assert (error.line, error.hand_number) == (20, "R5-192626403-203")

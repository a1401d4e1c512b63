"""Merge's forms that the real .txt files do not hold, as FPDB's converter and its
regression files record them: each read into the events a real line of its kind gives,
skipped as a flop game, cancelled, or refused with a precise reason."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Action, ActionKind, Hand, MoneyKind, Note, Post, PostKind
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay

DESCRIPTION = '<description type="2-7 Lowball" stakes="Limit $1/$2"/>'
GAME = (
    '<game id="33423082-2" starttime="20110419085229" numholecards="5" gametype="67" '
    'realmoney="true" data="20110419|Minnehaha (33423082)|33423082|33423082-2|false">'
)
BODY = """\t<players dealer="1">
\t\t<player seat="1" nickname="Villain" balance="$30.50" dealtin="true" />
\t\t<player seat="3" nickname="Hero" balance="$49.50" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="SMALL_BLIND" timestamp="1303221151109" player="1" amount="0.50"/>
\t\t<event sequence="2" type="BIG_BLIND" timestamp="1303221151562" player="3" amount="1.00"/>
\t</round>
\t<round id="PRE_FIRST_DRAW" sequence="2">
\t\t<event sequence="3" type="RAISE" timestamp="1303221154968" player="1" amount="2.00"/>
\t\t<event sequence="4" type="FOLD" timestamp="1303221155968" player="3"/>
\t\t<cards type="HOLE" cards="Ac,2c,Jh,Qd,Td" player="3" hand="A-Q-J-T-2"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="3">
\t\t<event sequence="5" type="MUCK" timestamp="1303221155781" player="1"/>
\t\t<winner amount="3.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="4">
\t</round>
</game>"""


def _read(*lines: str) -> object:
    outcomes = [o for _c, o in parse_bytes("merge.txt", ("\n".join(lines) + "\n\n").encode())]
    assert len(outcomes) == 1, outcomes
    return outcomes[0]


def _valid(outcome: object) -> Hand:
    assert isinstance(outcome, Hand), outcome
    assert replay(outcome, conventions_of(outcome.site)).errors == ()
    return outcome


def test_the_written_hand_reads_and_replays() -> None:
    hand = _valid(_read(DESCRIPTION, GAME, BODY))
    assert hand.hand_number == "33423082-2"
    raise_ = next(e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE)
    assert raise_.raise_to == Decimal("2.00")


def test_the_2012_clock_prints_its_offset() -> None:
    """Inferred (FPDB's 2012 files): 'starttime="2012/08/14 21:50:08 +0400"', which the
    hand's event stamps (17:50:01 UTC) confirm; FPDB reads it as Eastern time."""
    game = GAME.replace('starttime="20110419085229"', 'starttime="2012/08/14 21:50:08 +0400"')
    hand = _valid(_read(DESCRIPTION, game, BODY))
    assert hand.header.started_at_utc == datetime(2012, 8, 14, 17, 50, 8, tzinfo=UTC)
    assert hand.header.site_time == "2012/08/14 21:50:08 +0400"


def test_before_september_2010_a_raise_names_what_it_adds() -> None:
    """Inferred (FPDB's "addCallandRaise" before 2010-09-08, colons in the data): the small
    blind's "RAISE 1.50" puts 1.50 on its 0.50, a raise to 2.00."""
    game = GAME.replace("20110419085229", "20100907170630").replace("|", ":")
    hand = _valid(_read(DESCRIPTION, game, BODY.replace('amount="2.00"', 'amount="1.50"')))
    raise_ = next(e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.RAISE)
    assert raise_.raise_to == Decimal("2.00")
    assert hand.header.table == "Minnehaha (33423082)"


def test_flop_games_are_skipped_mixed_or_not() -> None:
    holdem = DESCRIPTION.replace("2-7 Lowball", "Holdem").replace("Limit", "No Limit")
    assert isinstance(_read(holdem, GAME, BODY), SkippedHand)
    mixed = GAME.replace('realmoney="true"', 'realmoney="true" multigametype="35"')
    skipped = _read(DESCRIPTION.replace("2-7 Lowball", "HOSE"), mixed, BODY)
    assert isinstance(skipped, SkippedHand) and skipped.game == "Omaha H/L8"


def test_play_money_and_a_newcomers_blind() -> None:
    """Inferred: 'realmoney="false"' is play money; "INITIAL_BLIND" a big blind (FPDB);
    no timestamp on an event (FPDB's 2011 holdem file)."""
    game = GAME.replace('realmoney="true"', 'realmoney="false"')
    body = BODY.replace('type="BIG_BLIND" timestamp="1303221151562"', 'type="INITIAL_BLIND"')
    hand = _valid(_read(DESCRIPTION, game, body))
    assert (hand.header.money, hand.header.currency) == (MoneyKind.PLAY, None)
    assert Post("Hero", PostKind.BIG_BLIND, Decimal("1.00")) in hand.events


def test_a_player_back_posting_both_blinds() -> None:
    """Inferred (FPDB's Omaha H/L file): "RETURN_BLIND 1.50" over a 1.00 big blind posts
    both blinds."""
    seat = '\t\t<player seat="4" nickname="Back" balance="$20.00" dealtin="true" />\n'
    body = BODY.replace("\t</players>", seat + "\t</players>").replace(
        '\t</round>\n\t<round id="PRE_FIRST_DRAW"',
        '\t\t<event sequence="3" type="RETURN_BLIND" timestamp="1" player="4" amount="1.50"/>\n'
        '\t</round>\n\t<round id="PRE_FIRST_DRAW"',
        1,
    )
    hand = _read(DESCRIPTION, GAME, body)
    assert isinstance(hand, Hand)
    assert Post("Back", PostKind.SMALL_AND_BIG_BLINDS, Decimal("1.50")) in hand.events


def test_connections_and_leaving_are_notes() -> None:
    body = BODY.replace(
        '\t\t<event sequence="4" type="FOLD"',
        '\t\t<event sequence="4" type="DISCONNECTED" timestamp="1" player="3"/>\n'
        '\t\t<event sequence="4" type="FOLD"',
    )
    hand = _valid(_read(DESCRIPTION, GAME, body))
    assert Note("disconnected", "", "Hero") in hand.events


def test_a_nickname_is_unescaped() -> None:
    body = BODY.replace('nickname="Villain"', 'nickname="Tom &amp; Jerry"')
    hand = _valid(_read(DESCRIPTION, GAME, body))
    assert hand.seats[0].player == "Tom & Jerry"


def test_a_cancelled_game_is_counted_as_cancelled() -> None:
    """FPDB's "Cancelled.hand" file: a small blind, then '<round id="GAME_CANCELLED"...>'."""
    body = BODY.split('\t<round id="PRE_FIRST_DRAW"')[0] + (
        '\t<round id="GAME_CANCELLED" sequence="2">\n'
        '\t\t<event sequence="2" type="GAME_CANCELLED" timestamp="1297913362578"/>\n'
        "\t</round>\n</game>"
    )
    cancelled = _read(DESCRIPTION, GAME, body)
    assert isinstance(cancelled, CancelledHand)
    assert (cancelled.hand_number, cancelled.line) == ("33423082-2", 12)


def test_a_tournament_balance_is_after_the_forced_bets() -> None:
    """Inferred (FPDB adds the blinds back to a tournament stack): 'type="2-7 Lowball
    Tournament" stakes="Limit"', the balance 30.00 after a 0.50 small blind is 30.50."""
    description = '<description type="2-7 Lowball Tournament" stakes="Limit"/>'
    game = GAME.replace("33423082|33423082-2|false", "81601090-1|33423082-2|true")
    hand = _read(description, game, BODY.replace("$30.50", "$30.00"))
    assert isinstance(hand, Hand)
    assert hand.header.money is MoneyKind.TOURNAMENT
    assert hand.header.tournament is not None
    assert hand.header.tournament.tournament_id == "81601090"
    assert hand.seats[0].stack == Decimal("30.50")


def test_a_hand_without_the_files_description_says_so() -> None:
    error = _read(GAME, BODY)
    assert isinstance(error, HandParseError)
    assert (error.kind, error.line, error.hand_number) == (ErrorKind.STRUCTURE, 1, "33423082-2")
    assert "the file's '<description .../>' line" in error.message


def test_an_unknown_event_is_a_syntax_error_on_its_line() -> None:
    body = BODY.replace('type="FOLD"', 'type="TIP_DEALER"')
    error = _read(DESCRIPTION, GAME, body)
    assert isinstance(error, HandParseError)
    assert (error.kind, error.line) == (ErrorKind.SYNTAX, 13)


def test_five_card_draw_and_no_limit_stud_stakes() -> None:
    """Inferred (FPDB's files): "5-Draw", gametype 55; 'stakes="No Limit ($0.01/$0.02/$0.10)"'."""
    five = DESCRIPTION.replace("2-7 Lowball", "5-Draw").replace(
        "Limit $1/$2", "Pot Limit ($0.50/$1)"
    )
    hand = _valid(_read(five, GAME.replace('gametype="67"', 'gametype="55"'), BODY))
    assert (hand.game.value, hand.header.stakes.big_blind) == ("five_draw", Decimal("1"))


HERO_FOLDS = '\t\t<event sequence="4" type="FOLD" timestamp="1303221155968" player="3"/>'


def test_sitting_out_during_the_hand_is_a_fold_once() -> None:
    """Inferred, FPDB MergeToFpdb.py re_SitsOut and readAction: '<event sequence="N"
    type="SIT_OUT" player="N"/>' (no timestamp) is the player's fold, but not after he
    has folded: then, as for a seat not dealt in, he sits out with a note."""
    sits_out = '\t\t<event sequence="4" type="SIT_OUT" player="3"/>'
    hand = _valid(_read(DESCRIPTION, GAME, BODY.replace(HERO_FOLDS, sits_out)))
    assert Action("Hero", ActionKind.FOLD) in hand.events
    after = _valid(_read(DESCRIPTION, GAME, BODY.replace(HERO_FOLDS, HERO_FOLDS + "\n" + sits_out)))
    assert Note("sits_out", "", "Hero") in after.events
    assert [e for e in after.events if isinstance(e, Action) and e.player == "Hero"] == [
        Action("Hero", ActionKind.FOLD)
    ]
    seat = '\t\t<player seat="5" nickname="Away" balance="$20.00" dealtin="false" />\n'
    away = BODY.replace("\t</players>", seat + "\t</players>").replace(
        HERO_FOLDS, HERO_FOLDS + '\n\t\t<event sequence="5" type="SIT_OUT" player="5"/>'
    )
    hand = _valid(_read(DESCRIPTION, GAME, away))
    assert Note("sits_out", "", "Away") in hand.events
    assert [s.sitting_out for s in hand.seats if s.player == "Away"] == [True]

"""Every real PokerStars history: each stud/draw hand parses, each flop-game hand is skipped,
and the few hands the files themselves spoil are refused, each named below with the fault
shown in its text."""

from __future__ import annotations

import re
from decimal import Decimal as D
from pathlib import Path

from parsers.model.errors import ErrorKind
from parsers.model.events import CommunityCards, Deal, Note, Seat, SeatSummary, StreetStart
from parsers.model.outcomes import CancelledHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_file
from pipeline.engine.replay import replay
from tests.support import real_sites

FOLDER = "PokerStars"

# (stud/draw hands parsed, flop-game hands skipped) per file, counted by hand.
EXPECTED = {
    "cash/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt": (1, 0),
    "cash/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt": (17, 0),
    "cash/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt": (0, 0),
    "cash/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt": (1, 0),
    "cash/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt": (1, 0),
    "cash/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt": (1, 0),
    "cash/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt": (1, 0),
    "cash/Draw/5-Carddraw-USD-0.10-0.20-200911.txt": (30, 0),
    "cash/Draw/Badugi-USD-0.25-0.50-201009.txt": (4, 0),
    "cash/Draw/NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt": (1, 0),
    "cash/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt": (1, 0),
    "cash/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt": (1, 0),
    "cash/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt": (1, 0),
    "cash/Stud/7-Stud-USD-0.04-0.08-200911.txt": (11, 0),
    "cash/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt": (1, 0),
    "cash/Stud/7-StudHL-USD-0.04-0.08-200911.txt": (7, 0),
    "cash/Stud/7-StudHL-USD-400-800-201701.3bet.fix.txt": (1, 0),
    "cash/Stud/Razz-USD-0.04-0.08-200911.txt": (9, 0),
    "extra/ChazDazzle+fpdb-chaz/pyfpdb__regression-test-files__tour__Stars__Stud__"
    "7-StudHL-USD-0.98-0.12-202302.allin.ante.txt": (1, 0),
    "extra/Clynchh+mixed-game-tracker/tests__test_parser.py__embedded__"
    "TRIPLE_DRAW_3BET_hand261960026404.txt": (1, 0),
    "extra/Pokis+Poker-games-importer/test_import_hands.py__embedded__"
    "line137_hand260946892373.txt": (0, 0),
    "extra/Pokis+Poker-games-importer/test_import_hands.py__embedded__"
    "line31_hand260317098719.txt": (0, 0),
    "extra/Pokis+Poker-games-importer/test_import_hands.py__embedded__"
    "line88_hand260946776010.txt": (0, 0),
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__tour__Stars__Mixed__"
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt": (71, 66),
    "extra/minafaw+tablecrab/src__Tc2SitePokerStarsHandGrabber.py__embedded__"
    "line582_hand80908721832.txt": (1, 0),
    "extra/philroberts+FPDB-for-OSX/regression-test__ps-studhilo-ring-showdown.txt": (2, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__7cardStud.txt": (1, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__7cardStudPre.txt": (1, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__8game.txt": (1, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__razz.txt": (1, 0),
    "extra/scott-ad-riley+poker-hand-parser/test__fixtures__stud.txt": (1, 0),
    "tour/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt": (1, 0),
    "tour/Draw/LBad-USD-MTT8-201011.txt": (78, 0),
    "tour/Draw/LBad-USD-SNG8-201011.txt": (104, 0),
    "tour/Stud/7-StudHL-USD-10-1-200906.PT2.export.txt": (1, 0),
    "tour/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt": (1, 0),
}

DUPLICATE_HOLE_CARDS = (
    "cash/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
)
POKIS = "extra/Pokis+Poker-games-importer/test_import_hands.py__embedded__"
POKIS_RAZZ = POKIS + "line137_hand260946892373.txt"
POKIS_BADUGI = POKIS + "line31_hand260317098719.txt"
POKIS_TRIPLE_DRAW = POKIS + "line88_hand260946776010.txt"
CANCELLED = "cash/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"

# The hands the files spoil (each has its own test below, showing the fault in the text).
FAULTS = {
    POKIS_RAZZ: {"260946892373": ErrorKind.TRUNCATED},
    POKIS_BADUGI: {"260317098719": ErrorKind.SYNTAX},
    POKIS_TRIPLE_DRAW: {"260946776010": ErrorKind.TRUNCATED},
}

HEADER = re.compile(r"^\ufeff?PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand) #\d+:")
HAND_NUMBER = re.compile(
    r"^\ufeff?PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand) #(\d+):", re.MULTILINE
)
FLOP_GAME = re.compile(r"Hold'em|Omaha")


(
    test_every_real_file_is_listed,
    test_file_parses_completely,
    test_amounts_are_read_exactly,
    test_names_resolve_to_seated_players,
) = real_sites.file_tests(
    FOLDER,
    EXPECTED,
    HEADER,
    HAND_NUMBER,
    FLOP_GAME,
    faults=FAULTS,
    cancelled={CANCELLED: frozenset({"20349633663"})},
)


def _path(real_histories: Path, name: str) -> Path:
    return real_histories / FOLDER / name


def _lines(real_histories: Path, name: str) -> list[str]:
    return real_sites.text_of(_path(real_histories, name)).splitlines()


def _only_error(real_histories: Path, name: str):
    (error,) = [o for _c, o in parse_file(_path(real_histories, name))]
    return error


def test_cancelled_hand(real_histories) -> None:
    (outcome,) = [o for _c, o in parse_file(_path(real_histories, CANCELLED))]
    assert isinstance(outcome, CancelledHand)
    assert outcome.reason == "Hand cancelled"
    assert _lines(real_histories, CANCELLED)[outcome.line - 1] == "Hand cancelled"


def test_duplicated_hole_cards_leave_the_cards_unknown_and_the_money_proved(
    real_histories,
) -> None:
    """A client bug: the hero throws two cards away, unnamed ("[]"), and the next line
    deals him the same five cards he kept, ten cards in a five-card hand (FPDB keeps this
    history as "duplicate.holecards"). The money is sound, so the hand is read: each deal
    line that does not deal what was discarded becomes a note, the cards from there on
    unknown, and the engine proves the pot."""
    lines = _lines(real_histories, DUPLICATE_HOLE_CARDS)
    assert lines[20:22] == [
        "Hero: discards 2 cards []",
        "Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]",
    ]
    (hand,) = real_sites.hands(real_histories / FOLDER / DUPLICATE_HOLE_CARDS)
    notes = [e for e in hand.events if isinstance(e, Note) and e.kind == "cards_contradicted"]
    assert [note.line for note in notes] == [22, 32, 44]  # 44: "[2s 7s 5h 3c Qh] [Qh]", six cards
    assert not any(isinstance(e, Deal) and e.line in (22, 32, 44) for e in hand.events)
    result = replay(hand, conventions_of(hand.site))
    assert result.findings == ()
    assert result.player("Player2").net == D("19.20") - D(5)
    assert result.player("Hero").net == D(-5)


def test_pokis_razz_and_triple_draw_are_cut_after_the_total_pot(real_histories) -> None:
    """The Pokis importer's test hands stop at the summary's first line: no "Seat N: ..."
    line follows "Total pot" (and the triple draw hand has no draw lines either)."""
    for name, seats in ((POKIS_RAZZ, 3), (POKIS_TRIPLE_DRAW, 2)):
        error = _only_error(real_histories, name)
        assert error.kind is ErrorKind.TRUNCATED
        assert error.message == f"the summary lists 0 of the {seats} seats dealt in (truncated)"
        lines = [line for line in _lines(real_histories, name) if line.strip()]
        assert lines[-2] == "*** SUMMARY ***"
        assert lines[-1].startswith("Total pot ")
        assert error.line == len(lines)


def test_pokis_badugi_posts_for_a_player_with_no_seat(real_histories) -> None:
    """ "radoslavL11: posts big blind $2.50", but the seat list holds only brokestinas and
    Joke8989: the hand was edited by whoever copied it."""
    error = _only_error(real_histories, POKIS_BADUGI)
    assert (error.kind, error.line, error.column) == (ErrorKind.SYNTAX, 6, 1)
    lines = _lines(real_histories, POKIS_BADUGI)
    seated = [line.split(": ", 1)[1].split(" (")[0] for line in lines if line.startswith("Seat ")]
    assert seated == ["brokestinas", "Joke8989"]
    assert lines[5] == "radoslavL11: posts big blind $2.50"


def test_seat_out_of_hand_is_not_dealt_in(real_histories) -> None:
    """A player moved from another table "out of hand": seated, not dealt in, and left
    out of the summary (tournament 329147852, five hands)."""
    name = "tour/Draw/LBad-USD-MTT8-201011.txt"
    hands = real_sites.hands(_path(real_histories, name))
    out_of_hand = [
        (hand, seat)
        for hand in hands
        for seat in hand.seats
        if "out of hand" in _lines(real_histories, name)[seat.line - 1]
    ]
    assert len(out_of_hand) == 5
    for hand, seat in out_of_hand:
        assert isinstance(seat, Seat) and seat.sitting_out
        summarized = {e.player for e in hand.events if isinstance(e, SeatSummary)}
        assert seat.player not in summarized


def test_stud_community_river_card(real_histories) -> None:
    """Eight players to seventh street: "*** RIVER *** [6h]" deals one card to all; the
    summary's "Board [6h]" repeats it, and the card is dealt once."""
    name = "cash/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
    (hand,) = real_sites.hands(_path(real_histories, name))
    lines = _lines(real_histories, name)
    boards = [e for e in hand.events if isinstance(e, CommunityCards)]
    assert boards == [CommunityCards(("6h",))]
    assert lines[boards[0].line - 1] == "*** RIVER *** [6h]"
    river = next(e for e in hand.events if isinstance(e, StreetStart) and e.line == 87)
    assert river.street.value == "seventh"
    assert "Board [6h]" in lines

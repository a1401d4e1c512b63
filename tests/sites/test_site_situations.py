"""Every situation a stud or draw hand can be in, at each of the thirteen sites (issue 48,
point 1): how the site writes it, where that form comes from, and whether it is read.

The table below is docs/sites.md: `render()` writes the document from it
(`python -m tests.sites.test_site_situations > docs/sites.md`) and a test holds the two equal,
so a row of the document and its test cannot drift apart. A cell is one of:

* real: a line quoted from a real history in ../shared/histories/real, with its file;
  its test reads the hand holding that line and checks what the line becomes;
* Inferred: a form taken from FPDB's converter (file and regex name), the site's
  rules, never seen in a real file here;
* n/a: the site has no such situation (a stud-only site has no blinds);
* a situation missing from a site's cells has no source found (neither a real line nor
  an FPDB regex).

A real cell whose form is not read right today is marked "not read yet": its test is an
expected failure (strict), so it turns into a pass, and asks to be unmarked, the day the
reader is fixed.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Hand,
    LimitKind,
    MoneyKind,
    Note,
    Post,
    PostKind,
    SeatSummary,
    Show,
    UncalledReturn,
)
from parsers.model.outcomes import CancelledHand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.replay import replay
from pipeline.engine.results import HandResult
from tests.conftest import REAL_HISTORIES, REPO
from tests.support.real_sites import text_of

D = Decimal
Check = Callable[[object], None]

# ---------------------------------------------------------------------------------------
# The situations (rows) and the sites (sections)

SITUATIONS: dict[str, str] = {
    "cash": "cash game (stakes in the header)",
    "sng": "tournament: sit-and-go / heads-up",
    "mtt": "tournament: multi-table",
    "level_stakes": "tournament stakes from the level (header has none)",
    "fixed": "fixed limit",
    "pot": "pot limit (or half-pot)",
    "no_limit": "no limit",
    "nl_stud": "no-limit / pot-limit stud: bring-in, first actor, raise sizes",
    "ante": "ante",
    "bring_in": "bring-in",
    "blinds": "small and big blinds",
    "dead_blind": "missed / dead blind posted (dead money in the pot)",
    "sitting_out": "sitting out",
    "returning": "returning from sitting out",
    "allin_ante": "all-in for less than the ante",
    "allin_bring_in": "all-in for less than the bring-in",
    "allin_blind": "all-in for less than a blind",
    "side_pots": "side pots (1 to 3)",
    "split_pot": "split pot (hi/lo or tie), odd chip",
    "run_twice": "run twice",
    "uncalled": "uncalled bet returned",
    "cancelled": "cancelled hand",
    "partial": "partial (cut-off) hand",
    "chips": "chip format (tournament chips, thousands)",
    "currency": "currency format",
    "nets": "summary gives nets instead of / beside collections",
    "no_street_markers": "history without street markers",
}

SITES: dict[str, str] = {  # folder in ../shared/histories/real -> what the site deals
    "Absolute": "stud (7 Card Stud, Hi/Lo, Razz)",
    "Boss": "draw (5 Card Draw)",
    "Bovada": "stud (7 Card Stud, Hi/Lo)",
    "Everleaf": "stud (7 Card Stud, Razz)",
    "FullTilt": "stud and draw",
    "iPoker": "stud (7 Card Stud, Hi/Lo, 5 Card Stud)",
    "KingsClub": "stud and draw",
    "Merge": "stud and draw",
    "OnGame": "stud and draw (5 Card Draw)",
    "PartyPoker": "stud (7 Card Stud, Hi/Lo)",
    "PokerStars": "stud and draw",
    "Winamax": "stud and draw (2-7 Triple Draw)",
    "Winning": "stud (7 Card Stud, Hi/Lo)",
}

# ---------------------------------------------------------------------------------------
# Checks: what a real line must become


@dataclass(frozen=True)
class Cell:
    site: str
    situation: str
    form: str  # the line (real: an exact part of a line of the hand) or the form
    source: str  # real: the file under ../shared/histories/real; else "Inferred: ..."
    kind: str  # "real", "inferred", "n/a"
    read: str  # "yes", "not read yet", "n/a"
    check: Check | None = None

    @property
    def test_id(self) -> str:
        return f"{self.site}-{self.situation}"


def real(site: str, situation: str, form: str, path: str, check: Check) -> Cell:
    return Cell(site, situation, form, f"{site}/{path}", "real", "yes", check)


def real_unread(site: str, situation: str, form: str, path: str, check: Check) -> Cell:
    return Cell(site, situation, form, f"{site}/{path}", "real", "not read yet", check)


# Inferred forms a reader already accepts: the site's line test that feeds it the form
# (constructed text in the site's exact form), and a piece of the form that test holds.
READER_TESTS: dict[tuple[str, str], tuple[str, str]] = {
    ("Absolute", "sng"): ("tests/sites/test_absolute_lines.py", "Tourney ID"),
    ("Absolute", "mtt"): ("tests/sites/test_absolute_lines.py", "Tourney ID"),
    ("Boss", "sng"): ("tests/sites/test_boss_lines.py", "GAMEKIND_TOURNAMENT"),
    ("Boss", "pot"): ("tests/sites/test_boss_lines.py", 'LIMIT="PL"'),
    ("Boss", "no_limit"): ("tests/sites/test_boss_lines.py", 'history(body, limit="NL")'),
    ("Boss", "dead_blind"): ("tests/sites/test_boss_lines.py", "HAND_DSB"),
    ("Everleaf", "sng"): ("tests/sites/test_everleaf_lines.py", "TID_1337923-1.txt"),
    ("FullTilt", "partial"): ("tests/sites/test_fulltilt_lines.py", "Ante of"),
    ("FullTilt", "cancelled"): ("tests/sites/test_fulltilt_lines.py", "has been canceled"),
    ("iPoker", "sitting_out"): ("tests/sites/test_ipoker_lines.py", 'type="SIT_OUT" player="1"'),
    ("iPoker", "partial"): ("tests/sites/test_ipoker_lines.py", "its <general> has no <startdate>"),
    ("iPoker", "mtt"): (
        "tests/sites/test_ipoker_lines.py",
        "Irish Open 2013 B SuperSat R/A, 799557276",
    ),
    ("KingsClub", "dead_blind"): ("tests/sites/test_kingsclub_missed_blind.py", "missed.sb"),
    ("KingsClub", "sng"): ("tests/sites/test_kingsclub_lines.py", "'T4512 [3]'"),
    ("KingsClub", "sitting_out"): ("tests/sites/test_kingsclub_lines.py", "sits out"),
    ("KingsClub", "cancelled"): ("tests/sites/test_kingsclub_lines.py", "Hand cancelled"),
    ("KingsClub", "uncalled"): ("tests/sites/test_kingsclub_lines.py", "Uncalled bet"),
    ("Merge", "sng"): ("tests/sites/test_merge_lines.py", 'Tournament" stakes'),
    ("Merge", "dead_blind"): ("tests/sites/test_merge_lines.py", "RETURN_BLIND"),
    ("Merge", "cancelled"): ("tests/sites/test_merge_lines.py", "GAME_CANCELLED"),
    ("Merge", "sitting_out"): ("tests/sites/test_merge_lines.py", 'type="SIT_OUT" player="3"/>'),
    ("Merge", "chips"): ("tests/sites/test_merge_lines.py", 'realmoney="false"'),
    ("OnGame", "sitting_out"): ("tests/sites/test_ongame_lines.py", "sits out"),
    ("OnGame", "mtt"): ("tests/sites/test_ongame_lines.py", "TOURNAMENT:"),
    ("PartyPoker", "cancelled"): ("tests/sites/test_partypoker_lines.py", "Table Closed"),
    ("PartyPoker", "partial"): (
        "tests/sites/test_partypoker_lines.py",
        "Connection Lost due to some",
    ),
    ("PartyPoker", "sng"): ("tests/sites/test_partypoker_lines.py", "re_GameInfoTrny1"),
    ("PokerStars", "dead_blind"): (
        "tests/sites/test_pokerstars_lines.py",
        "posts small & big blinds",
    ),
    ("Winamax", "mtt"): ("tests/sites/test_winamax_lines.py", "buyIn:"),
    ("Winamax", "dead_blind"): ("tests/sites/test_winamax_dead_blind.py", "posts dead blind ("),
    ("Winning", "sng"): ("tests/sites/test_winning_lines.py", "SITGOID-TN-"),
    ("Winning", "mtt"): ("tests/sites/test_winning_lines.py", "SCHEDULEDID-TN-"),
}


def inferred(site: str, situation: str, form: str, source: str) -> Cell:
    read = "yes" if (site, situation) in READER_TESTS else "not read yet"
    return Cell(site, situation, form, f"Inferred: {source}", "inferred", read)


def not_applicable(site: str, situation: str, why: str) -> Cell:
    return Cell(site, situation, why, "", "n/a", "n/a")


def hand_of(outcome: object) -> Hand:
    assert isinstance(outcome, Hand), outcome
    return outcome


@cache
def replayed(hand: Hand) -> HandResult:
    result = replay(hand, conventions_of(hand.site))
    assert not result.errors, result.errors
    return result


def both(*checks: Check) -> Check:
    def check(outcome: object) -> None:
        for each in checks:
            each(outcome)

    return check


def header(**expected: object) -> Check:
    def check(outcome: object) -> None:
        head = hand_of(outcome).header
        for name, value in expected.items():
            assert getattr(head, name) == value, (name, getattr(head, name))

    return check


def stakes(**expected: str) -> Check:
    def check(outcome: object) -> None:
        given = hand_of(outcome).header.stakes
        for name, value in expected.items():
            assert getattr(given, name) == D(value), (name, getattr(given, name))

    return check


def tournament(**expected: object) -> Check:
    def check(outcome: object) -> None:
        given = hand_of(outcome).header.tournament
        assert given is not None
        for name, value in expected.items():
            assert getattr(given, name) == value, (name, getattr(given, name))

    return check


def post(player: str, kind: PostKind, amount: str, all_in: bool | None = None) -> Check:
    def check(outcome: object) -> None:
        posts = [e for e in hand_of(outcome).events if isinstance(e, Post)]
        mine = [p for p in posts if p.player == player and p.kind is kind]
        assert mine, posts
        assert mine[0].amount == D(amount), mine
        if all_in is not None:
            assert mine[0].all_in is all_in, mine

    return check


def action(
    player: str, kind: ActionKind, amount: str | None = None, all_in: bool | None = None
) -> Check:
    def check(outcome: object) -> None:
        actions = [e for e in hand_of(outcome).events if isinstance(e, Action)]
        mine = [a for a in actions if a.player == player and a.kind is kind]
        assert mine, actions
        if amount is not None:
            assert D(amount) in (mine[0].amount, mine[0].raise_to), mine
        if all_in is not None:
            assert any(a.all_in is all_in for a in mine), mine

    return check


def any_all_in(player: str) -> Check:
    def check(outcome: object) -> None:
        flagged = [
            e
            for e in hand_of(outcome).events
            if isinstance(e, Action | Post) and e.player == player and e.all_in
        ]
        assert flagged, hand_of(outcome).events

    return check


def uncalled(player: str, amount: str) -> Check:
    def check(outcome: object) -> None:
        returns = [e for e in hand_of(outcome).events if isinstance(e, UncalledReturn)]
        assert UncalledReturn(player, D(amount)) in returns, returns

    return check


def pots(count: int) -> Check:
    """The engine builds `count` pots (main and sides) and replays the hand cleanly."""

    def check(outcome: object) -> None:
        assert len(replayed(hand_of(outcome)).pots) == count, replayed(hand_of(outcome)).pots

    return check


def total_pot(amount: str) -> Check:
    def check(outcome: object) -> None:
        assert replayed(hand_of(outcome)).total_pot == D(amount)

    return check


def replays(outcome: object) -> None:
    replayed(hand_of(outcome))


def split_between(*players: str) -> Check:
    """More than one player collects a share of the same hand, and it replays."""

    def check(outcome: object) -> None:
        hand = hand_of(outcome)
        takers = {e.player for e in hand.events if isinstance(e, Collect)}
        takers |= {
            e.player for e in hand.events if isinstance(e, SeatSummary) and e.won is not None
        }
        assert set(players) <= takers, takers
        replayed(hand)

    return check


def error_kind(kind: ErrorKind) -> Check:
    """The hand is refused, and says why: a partial hand is no hand to replay."""

    def check(outcome: object) -> None:
        assert isinstance(outcome, HandParseError), outcome
        assert outcome.kind is kind, outcome

    return check


def cancelled(outcome: object) -> None:
    assert isinstance(outcome, CancelledHand), outcome


def sitting_out(player: str) -> Check:
    def check(outcome: object) -> None:
        hand = hand_of(outcome)
        seats = [s for s in hand.seats if s.player == player]
        noted = [e for e in hand.events if isinstance(e, Note) and e.player == player]
        assert (seats and seats[0].sitting_out) or noted, (seats, noted)

    return check


def note(kind: str, player: str | None = None) -> Check:
    def check(outcome: object) -> None:
        notes = [e for e in hand_of(outcome).events if isinstance(e, Note)]
        assert any(n.kind == kind and (player is None or n.player == player) for n in notes), notes

    return check


def second_run(player: str) -> Check:
    def check(outcome: object) -> None:
        shows = [e for e in hand_of(outcome).events if isinstance(e, Show) and e.player == player]
        assert {s.run for s in shows} >= {1, 2} or len(shows) >= 2, shows

    return check


def stack(player: str, amount: str) -> Check:
    def check(outcome: object) -> None:
        seats = [s for s in hand_of(outcome).seats if s.player == player]
        assert seats and seats[0].stack == D(amount), seats

    return check


def won(player: str, amount: str) -> Check:
    """The summary's figure for the player (a net where the site gives nets)."""

    def check(outcome: object) -> None:
        rows = [
            e for e in hand_of(outcome).events if isinstance(e, SeatSummary) and e.player == player
        ]
        collected = [
            e.amount
            for e in hand_of(outcome).events
            if isinstance(e, Collect) and e.player == player
        ]
        assert any(r.won == D(amount) for r in rows) or D(amount) in collected, (rows, collected)

    return check


def net(player: str, amount: str) -> Check:
    """The engine's net for the player (what he won less what he put in)."""

    def check(outcome: object) -> None:
        result = replayed(hand_of(outcome))
        mine = [p for p in result.players if p.name == player]
        assert mine and mine[0].net == D(amount), mine

    return check


REAL = MoneyKind.REAL
TOURNEY = MoneyKind.TOURNAMENT
FIXED, POT, NO, HALF = LimitKind.FIXED, LimitKind.POT, LimitKind.NO, LimitKind.HALF_POT
ANTE, SB, BB = PostKind.ANTE, PostKind.SMALL_BLIND, PostKind.BIG_BLIND
SB_BB, DEAD = PostKind.SMALL_AND_BIG_BLINDS, PostKind.DEAD_BLIND

STUD_ONLY = "the site deals no draw game: no blinds"
DRAW_ONLY = "the site deals no stud game"
CASH_ONLY = "no tournament histories of this site exist here or in FPDB's converter"
NO_NL_STUD = "the site deals stud at fixed limit only (FPDB's converter)"

# ---------------------------------------------------------------------------------------
# The table

ABS = "cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"
BOSS = "cash/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml"
BOV = "cash/Stud/7-Stud-USD-2.00-4.00-201205.txt"
BOVT = "tour/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt"
EVU = "cash/Stud/7-Stud-USD-0.05-0.10.201107.txt"
EVE = "cash/Stud/7-Stud-EUR-0.05-0.10.201108-new-format.txt"
FTCO = "cash/Stud/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt"
FTSNG = "tour/Draw/3-Draw-Limit-USD-STT-2max-10-201211.txt"
FTMTT = "tour/Stud/5-Stud-USD-MTT-100-201303.txt"
FTDEAD = "cash/Draw/3-Draw-Limit-USD-5-10-201211.txt"
FTPL = "cash/Draw/5-Carddraw-PL-0.10-0.25-201011.Sample.Not.UTF16.txt"
FTNL = "cash/Draw/1-Draw-NL-USD-0.10-0.20-201103.txt"
FTANTE = "tour/Stud/Razz-USD-HUSNG-200-201211.all.in.ante.txt"
FTBRING = "tour/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
FTUND = "cash/Stud/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt"
FTSIT = "cash/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt"
FTRET = "cash/Draw/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt"
FTMIX = (
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__cash"
    "__FTP__Mix__10Game-6max-USD-2.50-5.201104.Sample.txt"
)
IPE = "cash/Stud/7-StudHL-EUR-0.05-0.10-201405.txt"
IPT = "tour/Stud/7-StudHi-USD-STT-5-201103.txt"
KC1 = "cash/Draw/NL-2-7-SD-USD-25-50-202108.1.RIT.txt"
KCRAKE = "cash/Draw/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"
KC3 = "cash/Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt"
KCRIT = "cash/Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt"
KCRAZZ = "cash/Stud/Razz-USD-40-80-202101.txt"
KCR27 = "cash/Stud/2-7 Razz-USD-22-44-202101.txt"
MGM = "cash/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
MGPL = "cash/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt"
MGHPL = "cash/Draw/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"
MGBPL = "cash/Draw/Badugi-PL-USD-0.05-0.10-201101.Sample.txt"
MGRAZZ = "cash/Stud/Razz-USD-0.50-1.00-201111.allIn.txt"
MGHORSE = (
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__cash"
    "__Merge__Mixed__HORSE-8max-USD-0.25-0.50-201409.new.format.txt"
)
OGG = "cash/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt"
OGD = "cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt"
OGHL = "cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt"
OGBIG = "cash/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt"
OGS = "cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt"
PPC = "cash/Stud/7-Stud-USD-1-2-201104.txt"
PPHL = "cash/Stud/7-StudHL-USD-0.50-1.00-201008.txt"
PPT = "tour/Stud/7-Stud-USD-MTT-6.00-201205.txt"
PSS = "cash/Stud/7-Stud-USD-0.04-0.08-200911.txt"
PSHL = "cash/Stud/7-StudHL-USD-0.04-0.08-200911.txt"
PSD = "cash/Draw/5-Carddraw-USD-0.10-0.20-200911.txt"
PSPL = "cash/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt"
PSNL = "cash/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt"
PSSIDE = "cash/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt"
PSCANCEL = "cash/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"
PSSNG = "tour/Draw/LBad-USD-SNG8-201011.txt"
PSMTT = "tour/Draw/LBad-USD-MTT8-201011.txt"
PSCUT = (
    "extra/Pokis+Poker-games-importer/test_import_hands.py__embedded__line137_hand260946892373.txt"
)
PSANTE = "tour/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt"
PSANTE2 = (
    "extra/ChazDazzle+fpdb-chaz/pyfpdb__regression-test-files"
    "__tour__Stars__Stud__7-StudHL-USD-0.98-0.12-202302.allin.ante.txt"
)
PSHOME = (
    "extra/jejellyroll-fr+fpdb-3/regression-test-files__tour"
    "__Stars__Mixed__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
)
WMHL = "cash/Stud/7-StudHL-6max-EUR-25-50-201611._8games_.txt"
WMTD = "cash/Draw/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
WMPLAY = "cash/Stud/7-Stud-6max-play-0.5-0.10-201606.export.txt"
WNG = "cash/Stud/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
WNACR = (
    "extra/poker-apprentice+hand-history-parser/src____fixtures"
    "____hands__acr.ts__embedded__line1_hand1903647457.txt"
)
CELLS: list[Cell] = [
    # Absolute ---------------------------------------------------------------------------
    real(
        "Absolute",
        "cash",
        "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04",
        ABS,
        both(header(money=REAL), stakes(small_bet="0.02", big_bet="0.04")),
    ),
    inferred(
        "Absolute",
        "sng",
        "Stage #N: Tourney ID N Holdem Single Tournament",
        "FPDB AbsoluteToFpdb.py re_GameInfo (TRNY_TYPE)",
    ),
    inferred(
        "Absolute",
        "mtt",
        "Stage #N: Tourney ID N ... Multi Normal Tournament",
        "FPDB AbsoluteToFpdb.py re_GameInfo (TRNY_TYPE)",
    ),
    real("Absolute", "fixed", "Seven Card Hi/Lo  Normal $0.02/$0.04", ABS, header(limit=FIXED)),
    not_applicable("Absolute", "nl_stud", NO_NL_STUD),
    real("Absolute", "ante", "PLAYER1 - Ante $0.01", ABS, post("PLAYER1", ANTE, "0.01")),
    real(
        "Absolute",
        "bring_in",
        "PLAYER7 - Bring-In $0.01",
        ABS,
        action("PLAYER7", ActionKind.BRING_IN, "0.01"),
    ),
    not_applicable("Absolute", "blinds", STUD_ONLY),
    not_applicable("Absolute", "dead_blind", STUD_ONLY),
    not_applicable("Absolute", "allin_blind", STUD_ONLY),
    real(
        "Absolute",
        "split_pot",
        "Seat 3: PLAYER3 won Total ($0.19) HI:with One pair, aces",
        ABS,
        split_between("PLAYER3", "PLAYER6"),
    ),
    real(
        "Absolute",
        "currency",
        "Seat 1 - PLAYER1 ($0.17 in chips)",
        ABS,
        both(header(currency="USD"), stack("PLAYER1", "0.17")),
    ),
    # Boss -------------------------------------------------------------------------------
    real(
        "Boss",
        "cash",
        'GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00"',
        BOSS,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="2.00", big_bet="4.00")),
    ),
    inferred(
        "Boss",
        "sng",
        'GAMEKIND="GAMEKIND_TOURNAMENT" ... TABLETOURNEYID="N"',
        "FPDB BossToFpdb.py re_GameInfo",
    ),
    real("Boss", "fixed", 'LIMIT="FL"', BOSS, header(limit=FIXED)),
    inferred("Boss", "pot", 'LIMIT="PL"', "FPDB BossToFpdb.py re_GameInfo (LIMIT)"),
    inferred("Boss", "no_limit", 'LIMIT="NL"', "FPDB BossToFpdb.py re_GameInfo (LIMIT)"),
    not_applicable("Boss", "nl_stud", DRAW_ONLY),
    not_applicable("Boss", "bring_in", DRAW_ONLY),
    not_applicable("Boss", "allin_bring_in", DRAW_ONLY),
    real(
        "Boss",
        "blinds",
        'PLAYER="Player3" KIND="HAND_SB" VALUE="1.00"',
        BOSS,
        both(post("Player3", SB, "1.00"), post("Hero", BB, "2.00")),
    ),
    inferred(
        "Boss",
        "dead_blind",
        '<ACTION TYPE="HAND_BLINDS" PLAYER="P" KIND="HAND_DSB" VALUE="N">',
        'FPDB BossToFpdb.py re_PostDSB / re_PostBoth (KIND="HAND_AB")',
    ),
    real(
        "Boss",
        "sitting_out",
        'SEAT="2" AMOUNT="92.75" STATE="STATE_SITOUT"',
        BOSS,
        sitting_out("Player2"),
    ),
    real("Boss", "currency", 'TABLECURRENCY="EUR"', BOSS, header(currency="EUR")),
    real("Boss", "nets", 'WIN="0.00" LOSS="4.00"', BOSS, net("Hero", "-4.00")),
    # Bovada ------------------------------------------------------------------------------
    real(
        "Bovada",
        "cash",
        "Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit",
        BOV,
        both(header(money=REAL, limit=FIXED), stakes(ante="0.01")),
    ),
    real(
        "Bovada",
        "mtt",
        "7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0)",
        BOVT,
        both(header(money=TOURNEY), tournament(tournament_id="1378659", level="1")),
    ),
    real(
        "Bovada",
        "level_stakes",
        "Fixed Limit- Level 1 (0/0)",
        BOVT,
        stakes(small_bet="10", big_bet="20", ante="2", bring_in="5"),
    ),
    real("Bovada", "fixed", "7CARD Fixed Limit", BOV, header(limit=FIXED)),
    not_applicable("Bovada", "nl_stud", NO_NL_STUD),
    real("Bovada", "ante", "Seat+1 : Ante chip $0.01", BOV, post("Seat+1", ANTE, "0.01")),
    real(
        "Bovada",
        "bring_in",
        "Seat+5 : Bring_in chip $0.02",
        BOV,
        action("Seat+5", ActionKind.BRING_IN, "0.02"),
    ),
    not_applicable("Bovada", "blinds", STUD_ONLY),
    not_applicable("Bovada", "dead_blind", STUD_ONLY),
    not_applicable("Bovada", "allin_blind", STUD_ONLY),
    real("Bovada", "sitting_out", "Seat+3 [ME] : Seat sit out", BOV, note("sits_out")),
    real("Bovada", "side_pots", "Seat+4 [ME] : Hand Result-Side Pot 710", BOVT, pots(2)),
    real(
        "Bovada",
        "uncalled",
        "Seat+3 [ME] : Return uncalled portion of bet $0.10",
        BOV,
        uncalled("Hero", "0.10"),
    ),
    real("Bovada", "chips", "Seat+1: 1,500 in chips", BOVT, stack("Seat+1", "1500")),
    real("Bovada", "currency", "Seat+1: $0.57 in chips", BOV, header(currency="USD")),
    real("Bovada", "no_street_markers", "Seat+1 : Card dealt to a spot [9c]", BOV, replays),
    # Everleaf ----------------------------------------------------------------------------
    real(
        "Everleaf",
        "cash",
        "$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53",
        EVU,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="0.05", big_bet="0.10")),
    ),
    inferred(
        "Everleaf",
        "sng",
        "Everleaf Gaming Game #N ... (tournament id in the file name)",
        "FPDB EverleafToFpdb.py re_TourneyInfoFromFilename / re_TourneyFromHH",
    ),
    real("Everleaf", "fixed", "$0.05/$0.10 7 Card Stud", EVU, header(limit=FIXED)),
    not_applicable("Everleaf", "nl_stud", NO_NL_STUD),
    real(
        "Everleaf", "ante", "Player1: posts ante [$ 0.01 USD]", EVU, post("Player1", ANTE, "0.01")
    ),
    real(
        "Everleaf",
        "bring_in",
        "Player2 posts bring-in $0.02.",
        EVU,
        action("Player2", ActionKind.BRING_IN, "0.02"),
    ),
    not_applicable("Everleaf", "blinds", STUD_ONLY),
    not_applicable("Everleaf", "dead_blind", STUD_ONLY),
    not_applicable("Everleaf", "allin_blind", STUD_ONLY),
    real(
        "Everleaf",
        "currency",
        "Seat 5: MOURINHO_ (  € 2.50 EURO )",
        EVE,
        both(header(currency="EUR"), stack("MOURINHO_", "2.50")),
    ),
    # FullTilt ----------------------------------------------------------------------------
    real(
        "FullTilt",
        "cash",
        "$3/$6 Ante $0.50 - Limit Stud Hi",
        FTCO,
        both(header(money=REAL), stakes(small_bet="3", big_bet="6", ante="0.50")),
    ),
    real(
        "FullTilt",
        "sng",
        "$10 Heads-Up Sit & Go (243560420), Table 1 - 30/60",
        FTSNG,
        both(
            header(money=TOURNEY),
            tournament(tournament_id="243560420"),
            stakes(small_bet="30", big_bet="60"),
        ),
    ),
    real(
        "FullTilt",
        "mtt",
        "Big Game of the Week (251332389), Table 1 - 800/1600 Ante 150",
        FTMTT,
        both(header(money=TOURNEY), stakes(small_bet="800", big_bet="1600", ante="150")),
    ),
    real("FullTilt", "fixed", "$5/$10 - Limit 2-7 Triple Draw", FTDEAD, header(limit=FIXED)),
    real("FullTilt", "pot", "$0.10/$0.25 - Pot Limit 5 Card Draw", FTPL, header(limit=POT)),
    real(
        "FullTilt",
        "no_limit",
        "$0.10/$0.20 Ante $0.05 - No Limit 2-7 Single Draw",
        FTNL,
        both(header(limit=NO), stakes(ante="0.05")),
    ),
    real("FullTilt", "ante", "kwuiyhw antes $0.50", FTCO, post("kwuiyhw", ANTE, "0.50")),
    real(
        "FullTilt",
        "bring_in",
        "Player1 brings in for $0.50",
        FTUND,
        action("Player1", ActionKind.BRING_IN, "0.50"),
    ),
    real(
        "FullTilt",
        "blinds",
        "Hero posts the small blind of $2.50",
        FTDEAD,
        both(post("Hero", SB, "2.50"), post("Player0", BB, "5")),
    ),
    real(
        "FullTilt",
        "dead_blind",
        "Player2 posts a dead small blind of $2.50",
        FTDEAD,
        both(post("Player2", SB_BB, "7.50"), total_pot("15")),
    ),
    real(
        "FullTilt",
        "sitting_out",
        "Seat 1: Hero ($5,208), is sitting out",
        FTSIT,
        sitting_out("Hero"),
    ),
    real("FullTilt", "returning", "Player5 has returned", FTRET, note("returned", "Player5")),
    real(
        "FullTilt",
        "allin_ante",
        "Player0 antes 6, and is all in",
        FTANTE,
        post("Player0", ANTE, "6", all_in=True),
    ),
    real(
        "FullTilt",
        "allin_bring_in",
        "Villain brings in for 9, and is all in",
        FTBRING,
        action("Villain", ActionKind.BRING_IN, "9", all_in=True),
    ),
    real(
        "FullTilt", "side_pots", "Kilij wins the high side pot ($5) with two pair", FTMIX, pots(2)
    ),
    real(
        "FullTilt",
        "split_pot",
        "Kilij wins the low pot ($64.70) with 8,7,6,3,2",
        FTMIX,
        split_between("allie3911", "Kilij"),
    ),
    inferred(
        "FullTilt", "cancelled", "Hand #N has been canceled", "FPDB FulltiltToFpdb.py re_Cancelled"
    ),
    real(
        "FullTilt",
        "uncalled",
        "Uncalled bet of $5 returned to Player2",
        FTDEAD,
        uncalled("Player2", "5"),
    ),
    real("FullTilt", "chips", "Seat 1: Hero (1,500)", FTSNG, stack("Hero", "1500")),
    real("FullTilt", "currency", "Seat 1: Hero ($320.50)", FTDEAD, header(currency="USD")),
    # iPoker ------------------------------------------------------------------------------
    real(
        "iPoker",
        "cash",
        "<gametype>7 Card Stud Hi-Lo L €0.05/€0.10</gametype>",
        IPE,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="0.05", big_bet="0.10")),
    ),
    real(
        "iPoker",
        "sng",
        "<tablename>$5 Limit 7 Card Stud, 699476041, 699476041</tablename>",
        IPT,
        both(header(money=TOURNEY), tournament(tournament_id="699476041")),
    ),
    real(
        "iPoker",
        "level_stakes",
        "<gametype>7 Card Stud L</gametype>",
        IPT,
        stakes(small_bet="60", big_bet="120", ante="8", bring_in="15"),
    ),
    real("iPoker", "fixed", "<gametype>7 Card Stud Hi-Lo L", IPE, header(limit=FIXED)),
    not_applicable("iPoker", "nl_stud", NO_NL_STUD),
    real("iPoker", "ante", 'player="Player2" type="15" sum="8"', IPT, post("Player2", ANTE, "8")),
    real(
        "iPoker",
        "bring_in",
        'player="Player5" type="16" sum="15"',
        IPT,
        action("Player5", ActionKind.BRING_IN, "15"),
    ),
    not_applicable("iPoker", "blinds", STUD_ONLY),
    not_applicable("iPoker", "dead_blind", STUD_ONLY),
    not_applicable("iPoker", "allin_blind", STUD_ONLY),
    inferred(
        "iPoker",
        "sitting_out",
        '<event sequence="N" type="SIT_OUT" player="N"/>',
        "FPDB iPoker/base.py re_sits_out",
    ),
    inferred(
        "iPoker", "partial", "a <game> without its <startdate>", "FPDB iPoker/base.py re_partial"
    ),
    real(
        "iPoker",
        "chips",
        '<player seat="1" name="Player2" chips="1,440"',
        IPT,
        stack("Player2", "1440"),
    ),
    real("iPoker", "currency", "<currency>USD</currency>", IPT, tournament(currency="USD")),
    real("iPoker", "nets", 'chips="1,440" dealer="1" win="663" bet="368"', IPT, replays),
    # KingsClub ---------------------------------------------------------------------------
    real(
        "KingsClub",
        "cash",
        "#45383178: No Limit 2-7 Single Draw - 25/50",
        KC3,
        both(header(money=REAL, limit=NO), stakes(small_blind="25", big_blind="50")),
    ),
    inferred(
        "KingsClub",
        "sng",
        "Table 'TN [N]'",
        "FPDB KingsClubToFpdb.py re_TourNo",
    ),
    real("KingsClub", "fixed", "Limit Razz - 40/80", KCRAZZ, header(limit=FIXED)),
    real("KingsClub", "no_limit", "No Limit 2-7 Single Draw - 25/50", KC3, header(limit=NO)),
    real("KingsClub", "ante", "Hero: posts ante 20", KC3, post("Hero", ANTE, "20")),
    real(
        "KingsClub",
        "bring_in",
        "Hero brings in for 16.58",
        KCR27,
        action("Hero", ActionKind.BRING_IN, "16.58"),
    ),
    real(
        "KingsClub",
        "blinds",
        "Player2: posts the small blind 25",
        KC3,
        both(post("Player2", SB, "25"), post("Hero", BB, "50")),
    ),
    real(
        "KingsClub",
        "dead_blind",
        "Player1: posts blind 44",
        KCRAKE,
        both(post("Player1", SB_BB, "66"), net("Player1", "-77")),
    ),
    inferred(
        "KingsClub",
        "dead_blind",
        "a missed small blind posted dead, with no line (the seat's net says it)",
        "FPDB regression file NL-2-7-SD-USD-125-250-202103.missed.sb.txt",
    ),
    inferred("KingsClub", "sitting_out", "P sits out", "FPDB KingsClubToFpdb.py re_sitsOut"),
    real("KingsClub", "side_pots", "Player0 wins (9,225) from side pot 1", KCRIT, pots(2)),
    real(
        "KingsClub",
        "split_pot",
        "Hero wins (1,262.50) from pot",
        KCRIT,
        split_between("Player0", "Hero"),
    ),
    real(
        "KingsClub",
        "run_twice",
        "Run 2: Player4 shows [4c 8d 6h 2h 5c]",
        KC1,
        second_run("Player4"),
    ),
    inferred("KingsClub", "cancelled", "Hand cancelled", "FPDB KingsClubToFpdb.py re_Cancelled"),
    inferred(
        "KingsClub",
        "uncalled",
        "Uncalled bet ($N) returned to P",
        "FPDB KingsClubToFpdb.py re_Uncalled",
    ),
    real("KingsClub", "chips", "Seat 2: Hero (1,200)", KC3, stack("Hero", "1200")),
    real("KingsClub", "nets", "Seat 6: Player4 (2,518) +1,318", KC1, net("Player4", "1318")),
    # Merge -----------------------------------------------------------------------------
    real(
        "Merge",
        "cash",
        '<description type="2-7 Lowball" stakes="Limit $1/$2"/>',
        MGM,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="1", big_bet="2")),
    ),
    real("Merge", "fixed", 'stakes="Limit $1/$2"', MGM, header(limit=FIXED)),
    real("Merge", "pot", 'stakes="Pot Limit ($0.05/$0.10)"', MGPL, header(limit=POT)),
    real("Merge", "pot", 'stakes="Half Pot Limit ($0.50/$0.50)"', MGHPL, header(limit=HALF)),
    real(
        "Merge",
        "ante",
        'type="ANTE" timestamp="1321414699986" player="3" amount="0.05"',
        MGRAZZ,
        replays,
    ),
    real(
        "Merge",
        "bring_in",
        'type="BRING_IN" timestamp="1321414708889" player="3" amount="0.10"',
        MGRAZZ,
        replays,
    ),
    real(
        "Merge",
        "blinds",
        'type="SMALL_BLIND" timestamp="1303221132531" player="3" amount="0.50"',
        MGM,
        replays,
    ),
    inferred(
        "Merge",
        "dead_blind",
        '<event sequence="N" type="RETURN_BLIND" player="N" amount="N"/>',
        "FPDB MergeToFpdb.py re_PostBoth",
    ),
    real(
        "Merge",
        "sitting_out",
        '<player seat="0" nickname="Player1" balance="$7.43" dealtin="false" />',
        MGBPL,
        sitting_out("Player1"),
    ),
    inferred(
        "Merge",
        "sitting_out",
        '<event sequence="N" type="SIT_OUT" player="N"/>',
        "FPDB MergeToFpdb.py re_SitsOut",
    ),
    real(
        "Merge",
        "uncalled",
        '<winner amount="0.25" uncalled="true" potnumber="2" player="1"',
        MGHORSE,
        uncalled("Player0", "0.25"),
    ),
    inferred(
        "Merge",
        "cancelled",
        '<event sequence="N" type="GAME_CANCELLED" timestamp="N"/>',
        "FPDB MergeToFpdb.py re_Cancelled",
    ),
    real("Merge", "currency", 'balance="$30.00"', MGM, header(currency="USD")),
    inferred("Merge", "chips", 'realmoney="false"', "FPDB MergeToFpdb.py re_PlayMoney"),
    # OnGame ------------------------------------------------------------------------------
    real(
        "OnGame",
        "cash",
        "Table: Irbid [174428515] (LIMIT FIVE_CARD_DRAW $1/$2, Real money)",
        OGG,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="1", big_bet="2")),
    ),
    real(
        "OnGame",
        "fixed",
        "(LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50, ante: $0.05, Real money)",
        OGHL,
        header(limit=FIXED),
    ),
    not_applicable("OnGame", "nl_stud", NO_NL_STUD),
    real("OnGame", "ante", "boneos56 posts ante $0.05", OGHL, post("boneos56", ANTE, "0.05")),
    real(
        "OnGame",
        "bring_in",
        "kueto small bring in $0.05",
        OGS,
        action("kueto", ActionKind.BRING_IN, "0.05"),
    ),
    real(
        "OnGame",
        "bring_in",
        "Hero big bring in $1",
        OGBIG,
        action("Hero", ActionKind.COMPLETE, "1"),
    ),
    real(
        "OnGame",
        "blinds",
        "Player8 posts small blind ($0.50)",
        OGG,
        both(post("Player8", SB, "0.50"), post("Hero", BB, "1")),
    ),
    real(
        "OnGame",
        "dead_blind",
        "grommek posts dead blind ($0.02)",
        OGD,
        both(post("grommek", SB_BB, "0.07"), replays),
    ),
    inferred("OnGame", "sitting_out", "P sits out", "FPDB OnGameToFpdb.py re_sitsOut"),
    real("OnGame", "currency", "Seat 1: Hero ($81.70)", OGG, header(currency="USD")),
    real("OnGame", "nets", "Seat 1: Hero ($82.20), net: +$0.50", OGG, net("Hero", "0.50")),
    # PartyPoker --------------------------------------------------------------------------
    real(
        "PartyPoker",
        "cash",
        "$0.50/$1 USD 7 Card Stud - Monday, April 25",
        PPC,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="0.50", big_bet="1")),
    ),
    real(
        "PartyPoker",
        "mtt",
        "FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2",
        PPT,
        both(header(money=TOURNEY), tournament(tournament_id="69784932", level="2")),
    ),
    real(
        "PartyPoker",
        "level_stakes",
        "Level:2  Stakes-Antes(60/120-10)",
        PPT,
        stakes(small_bet="60", big_bet="120", ante="10"),
    ),
    real("PartyPoker", "fixed", "FL 7 Card Stud", PPT, header(limit=FIXED)),
    not_applicable("PartyPoker", "nl_stud", NO_NL_STUD),
    real(
        "PartyPoker", "ante", "tubby09 posts ante [$0.05 USD]", PPHL, post("tubby09", ANTE, "0.05")
    ),
    real(
        "PartyPoker",
        "bring_in",
        "YMAN1 bring-ins [$0.25 USD]",
        PPHL,
        action("YMAN1", ActionKind.BRING_IN, "0.25"),
    ),
    not_applicable("PartyPoker", "blinds", STUD_ONLY),
    not_applicable("PartyPoker", "dead_blind", STUD_ONLY),
    not_applicable("PartyPoker", "allin_blind", STUD_ONLY),
    inferred("PartyPoker", "cancelled", "Table Closed", "FPDB PartyPokerToFpdb.py re_Cancelled"),
    inferred(
        "PartyPoker",
        "partial",
        "Connection Lost due to some reason",
        "FPDB PartyPokerToFpdb.py re_Disconnected",
    ),
    real("PartyPoker", "chips", "Hero posts ante [10]", PPT, post("Hero", ANTE, "10")),
    real("PartyPoker", "currency", "Seat 3: Hero ( $24.95 USD )", PPHL, header(currency="USD")),
    # PokerStars --------------------------------------------------------------------------
    real(
        "PokerStars",
        "cash",
        "7 Card Stud Limit ($0.04/$0.08 USD)",
        PSS,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="0.04", big_bet="0.08")),
    ),
    real(
        "PokerStars",
        "sng",
        "Tournament #330855877, $1.00+$0.20 USD Badugi Limit - Level I (20/40)",
        PSSNG,
        both(
            header(money=TOURNEY),
            tournament(buy_in=D("1.00"), fee=D("0.20"), level="I"),
            stakes(small_bet="20", big_bet="40"),
        ),
    ),
    real(
        "PokerStars",
        "mtt",
        "Tournament #329147852, $2.00+$0.20 USD Badugi Limit - Level I (20/40)",
        PSMTT,
        both(header(money=TOURNEY), tournament(tournament_id="329147852")),
    ),
    real(
        "PokerStars",
        "sng",
        "8-Game (Triple Draw 2-7 Lowball Limit) - Match Round I, Level I (20/40)",
        PSHOME,
        both(header(home_game="Dazzle's Room"), tournament(match_round="I")),
    ),
    real("PokerStars", "fixed", "7 Card Stud Limit ($0.04/$0.08 USD)", PSS, header(limit=FIXED)),
    real("PokerStars", "pot", "5 Card Draw Pot Limit ($0.50/$1.00 USD)", PSPL, header(limit=POT)),
    real(
        "PokerStars", "no_limit", "5 Card Draw No Limit ($0.25/$0.50 USD)", PSNL, header(limit=NO)
    ),
    real("PokerStars", "ante", "Hero: posts the ante $0.01", PSS, post("Hero", ANTE, "0.01")),
    real(
        "PokerStars",
        "bring_in",
        "MasterTrini1: brings in for $0.02",
        PSS,
        action("MasterTrini1", ActionKind.BRING_IN, "0.02"),
    ),
    real(
        "PokerStars",
        "blinds",
        "dantho: posts small blind $0.05",
        PSD,
        both(post("dantho", SB, "0.05"), post("Hero", BB, "0.10")),
    ),
    inferred(
        "PokerStars",
        "dead_blind",
        "P: posts small & big blinds $N",
        "FPDB PokerStarsToFpdb.py re_post_both",
    ),
    real("PokerStars", "sitting_out", "Jana50: sits out", PSD, note("sits_out", "Jana50")),
    real("PokerStars", "returning", "Postman15 has returned", PSD, note("returned", "Postman15")),
    real(
        "PokerStars",
        "allin_ante",
        "Hero: posts the ante 1 and is all-in",
        PSANTE,
        post("Hero", ANTE, "1", all_in=True),
    ),
    real(
        "PokerStars",
        "allin_ante",
        "Hero: posts the ante 40 and is all-in",
        PSANTE2,
        post("Hero", ANTE, "40", all_in=True),
    ),
    real("PokerStars", "side_pots", "Side pot-1 1140. Side pot-2 1140. | Rake 0", PSMTT, pots(3)),
    real("PokerStars", "side_pots", "Player3 collected $0.10 from side pot", PSSIDE, pots(2)),
    real(
        "PokerStars",
        "split_pot",
        "gashpor collected $0.36 from pot",
        PSHL,
        split_between("u.pressure", "gashpor"),
    ),
    real("PokerStars", "cancelled", "Hand cancelled", PSCANCEL, cancelled),
    real(
        "PokerStars",
        "uncalled",
        "Uncalled bet ($0.10) returned to dantho",
        PSD,
        uncalled("dantho", "0.10"),
    ),
    real(
        "PokerStars",
        "chips",
        "Seat 2: Player19 (1500 in chips)",
        PSMTT,
        both(header(currency=None), stack("Player19", "1500")),
    ),
    real("PokerStars", "currency", "($0.04/$0.08 USD)", PSS, header(currency="USD")),
    real("PokerStars", "no_street_markers", "Hero: discards 1 card [2s]", PSD, replays),
    # Winamax -----------------------------------------------------------------------------
    real(
        "Winamax",
        "cash",
        "7-Card Stud Hi/Lo fixed limit (5€/25€/50€)",
        WMHL,
        both(header(money=REAL, limit=FIXED), stakes(ante="5", small_bet="25", big_bet="50")),
    ),
    real(
        "Winamax",
        "chips",
        "Table: 'Ceské Budejovice' 6-max (play money)",
        WMPLAY,
        header(money=MoneyKind.PLAY),
    ),
    real("Winamax", "fixed", "2-7 Triple Draw fixed limit (25€/50€)", WMTD, header(limit=FIXED)),
    not_applicable("Winamax", "nl_stud", NO_NL_STUD),
    real("Winamax", "ante", "Hero posts ante 5€", WMHL, post("Hero", ANTE, "5")),
    real(
        "Winamax", "bring_in", "Hero brings in 10€", WMHL, action("Hero", ActionKind.BRING_IN, "10")
    ),
    real(
        "Winamax",
        "blinds",
        "Player0 posts small blind 12.50€",
        WMTD,
        both(post("Player0", SB, "12.50"), post("Hero", BB, "25")),
    ),
    inferred(
        "Winamax", "dead_blind", "P posts dead blind (N€)", "FPDB WinamaxToFpdb.py re_post_dead"
    ),
    real(
        "Winamax",
        "split_pot",
        "Player0 collected 114€ from pot(LO)",
        WMHL,
        both(won("Player0", "114"), replays),
    ),
    real(
        "Winamax",
        "currency",
        "Seat 1: Hero (2026.03€)",
        WMHL,
        both(header(currency="EUR"), stack("Hero", "2026.03")),
    ),
    # Winning -----------------------------------------------------------------------------
    real(
        "Winning",
        "cash",
        "Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)",
        WNG,
        both(header(money=REAL, limit=FIXED), stakes(small_bet="1", big_bet="2")),
    ),
    real("Winning", "fixed", "1/2 (PRR) Leyak (Seven Cards Stud)", WNG, header(limit=FIXED)),
    not_applicable("Winning", "nl_stud", NO_NL_STUD),
    real("Winning", "ante", "Player ChazDazzle ante (0.15)", WNG, post("ChazDazzle", ANTE, "0.15")),
    real(
        "Winning",
        "bring_in",
        "Player Nee bring in (0.40)",
        WNG,
        action("Nee", ActionKind.BRING_IN, "0.40"),
    ),
    not_applicable("Winning", "blinds", STUD_ONLY),
    not_applicable("Winning", "dead_blind", STUD_ONLY),
    not_applicable("Winning", "allin_blind", STUD_ONLY),
    real("Winning", "side_pots", "Side pot(1) $0.60 | Rake $0.00", WNACR, pots(2)),
    real(
        "Winning",
        "uncalled",
        "Uncalled bet (1) returned to ChazDazzle",
        WNG,
        uncalled("ChazDazzle", "1"),
    ),
    real("Winning", "no_street_markers", "Player Nee bring in (0.40)", WNG, replays),
    # Added: more forms -------------------------------------------------------------------
    real(
        "iPoker",
        "allin_bring_in",
        'player="Player19" type="16" sum="47"',
        IPT,
        both(action("Player19", ActionKind.BRING_IN, "47"), replays),
    ),
    real("PokerStars", "sitting_out", "dantho: is sitting out", PSD, sitting_out("dantho")),
    real("PokerStars", "partial", "Total pot 920 | Rake 0", PSCUT, error_kind(ErrorKind.TRUNCATED)),
    real("FullTilt", "sitting_out", "Player5 is sitting out", FTRET, sitting_out("Player5")),
    inferred(
        "Merge",
        "sng",
        '<description type="7-Stud Tournament" stakes="Limit ...">',
        "FPDB MergeToFpdb.py re_GameInfo (TYPE)",
    ),
    inferred(
        "OnGame",
        "mtt",
        '***** History for hand N (TOURNAMENT: "name", N, buy-in: $N) *****',
        "FPDB OnGameToFpdb.py re_HandInfo (TOUR)",
    ),
    inferred(
        "PartyPoker",
        "sng",
        "***** Hand History For Game N ***** FL 7 Card Stud $N USD Buy-in ...",
        "FPDB PartyPokerToFpdb.py re_GameInfoTrny1",
    ),
    inferred(
        "Winamax",
        "mtt",
        'Winamax Poker - Tournament "name" buyIn: N€ + N€ level: N - HandId: ...',
        "FPDB WinamaxToFpdb.py re_hand_info (TOUR)",
    ),
    inferred(
        "Winning",
        "sng",
        "file name with SITGOID and T<N>-",
        "FPDB WinningToFpdb.py re_File2 / re_TourNo",
    ),
    inferred(
        "Winning",
        "mtt",
        "file name with SCHEDULEDID and T<N>-",
        "FPDB WinningToFpdb.py re_File2 / re_TourNo",
    ),
    inferred(
        "iPoker",
        "mtt",
        "<tablename>name, N</tablename> (the tournament code in the table name)",
        "FPDB iPoker/base.py re_tablename_mtt",
    ),
    inferred(
        "FullTilt",
        "partial",
        "Ante of $N returned to P (the ante given back when the hand does not go on)",
        "FPDB FulltiltToFpdb.py re_ReturnsAnte",
    ),
    real(
        "Winning",
        "nets",
        "Bets: 0.55. Collects: 1.10. Wins: 0.55.",
        WNG,
        both(won("ChazDazzle", "1.10"), net("ChazDazzle", "0.55")),
    ),
]


# ---------------------------------------------------------------------------------------
# The tests


def _unique_ids(cells: list[Cell]) -> list[str]:
    seen: dict[str, int] = {}
    ids = []
    for cell in cells:
        seen[cell.test_id] = seen.get(cell.test_id, 0) + 1
        ids.append(
            cell.test_id if seen[cell.test_id] == 1 else f"{cell.test_id}-{seen[cell.test_id]}"
        )
    return ids


IDS = dict(zip(map(id, CELLS), _unique_ids(CELLS), strict=True))
REAL_CELLS = [cell for cell in CELLS if cell.kind == "real"]


def cell_id(cell: Cell) -> str:
    return IDS[id(cell)]


@cache
def file_outcomes(path: str) -> tuple[tuple[str, object], ...]:
    file = REAL_HISTORIES / path
    return tuple(
        ("\n".join(chunk.lines), outcome)
        for chunk, outcome in parse_bytes(str(file), file.read_bytes())
    )


def outcome_holding(path: str, form: str) -> object:
    """The outcome of the first hand of the file with a line holding `form`."""
    outcomes = file_outcomes(path)
    for text, outcome in outcomes:
        if any(form in line for line in text.splitlines()):
            return outcome
    # A line every hand of the file shares, written once before them: Merge's heading,
    # iPoker's session <general>: the file's first hand.
    text = text_of(REAL_HISTORIES / path)
    first = next(outcome for _text, outcome in outcomes if isinstance(outcome, Hand))
    assert any(form in line for line in text.splitlines()), f"no line of {path} holds {form!r}"
    return first


def _params(cells: list[Cell]) -> list[object]:
    return [
        pytest.param(
            cell,
            id=cell_id(cell),
            marks=[pytest.mark.xfail(strict=True, reason="not read yet")]
            if cell.read == "not read yet"
            else [],
        )
        for cell in cells
    ]


@pytest.mark.parametrize("cell", _params(REAL_CELLS))
def test_real_form_becomes_its_event(cell: Cell, real_histories: Path) -> None:
    assert cell.check is not None
    path = cell.source
    assert (real_histories / path).is_file(), path
    cell.check(outcome_holding(path, cell.form))


@pytest.mark.parametrize(
    ("site", "situation"), [pytest.param(*key, id=f"{key[0]}-{key[1]}") for key in READER_TESTS]
)
def test_inferred_form_read_today_has_its_reader_test(site: str, situation: str) -> None:
    """An Inferred row marked read names the line test that feeds the reader its form."""
    assert any(c.site == site and c.situation == situation and c.kind == "inferred" for c in CELLS)
    path, piece = READER_TESTS[(site, situation)]
    assert piece in (REPO / path).read_text(encoding="utf-8"), (path, piece)


def test_every_cell_names_a_known_site_and_situation() -> None:
    for cell in CELLS:
        assert cell.site in SITES, cell
        assert cell.situation in SITUATIONS, cell
        assert cell.kind in ("real", "inferred", "n/a"), cell


def test_the_document_is_the_table() -> None:
    assert (REPO / "docs" / "sites.md").read_text(encoding="utf-8") == render()


# ---------------------------------------------------------------------------------------
# The document


def counts(site: str) -> tuple[int, int, int, int]:
    """Situations with a real form, Inferred only, not applicable, and no source found."""
    real_count = inferred_count = na_count = none_count = 0
    for situation in SITUATIONS:
        kinds = {cell.kind for cell in CELLS if cell.site == site and cell.situation == situation}
        if "real" in kinds:
            real_count += 1
        elif "inferred" in kinds:
            inferred_count += 1
        elif "n/a" in kinds:
            na_count += 1
        else:
            none_count += 1
    return real_count, inferred_count, na_count, none_count


def _escape(text: str) -> str:
    return text.replace("|", "\\|")


def render() -> str:
    lines = [
        "# Every situation, every site",
        "",
        "How each of the thirteen sites writes the situations a stud or draw hand can be in",
        "(issue 48, point 1). A form is quoted from a real history in",
        "`../shared/histories/real` (the source column names the file), or, marked",
        "*Inferred*, taken from FPDB's converter (file and regex name) where no real file",
        "here has it. *n/a*: the site has no such situation. A situation a site's table",
        "does not list has no source found: no real line here and no FPDB regex.",
        "",
        "Each row's test is",
        "`tests/sites/test_site_situations.py::test_real_form_becomes_its_event[<id>]`:",
        "it reads the real file's hand holding the quoted line and checks the event or",
        "header field the line becomes (a dead blind's amount in the pot, the side pots",
        "the engine builds, the uncalled return, the currency, the tournament level's",
        "stakes). *Read today?*: yes; *not read yet* (the reader gets it wrong today, the",
        "test is a strict expected failure: a bug for the parsers); *not read yet* on an",
        "Inferred row means no reader test exists for that form (a *yes* on one names the",
        "site's line test that feeds the reader the form). This document is written",
        "from the test's table (`python -m tests.sites.test_site_situations > docs/sites.md`)",
        "and a test holds the two equal.",
        "",
        "## Summary",
        "",
        f"Situations: {len(SITUATIONS)} per site, counted once each (a situation with a",
        "real form and an Inferred one counts as real).",
        "",
        "| site | deals | real form | Inferred | n/a | no source found |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    totals = [0, 0, 0, 0]
    for site, deals in SITES.items():
        row = counts(site)
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        lines.append(f"| {site} | {deals} | {row[0]} | {row[1]} | {row[2]} | {row[3]} |")
    lines.append(f"| **total** | | {totals[0]} | {totals[1]} | {totals[2]} | {totals[3]} |")
    lines += ["", "## Not read yet", ""]
    lines += ["Real forms the readers get wrong today (bugs for the parsers):", ""]
    unread = [c for c in CELLS if c.read == "not read yet" and c.kind == "real"]
    lines += [f"* {c.site} / {SITUATIONS[c.situation]}: `{c.form}` ({c.source})" for c in unread]
    lines += ["* none"] if not unread else []
    lines += ["", "Inferred forms no reader test accepts yet (no real line to test them on):", ""]
    untested = [c for c in CELLS if c.read == "not read yet" and c.kind == "inferred"]
    lines += [f"* {c.site} / {SITUATIONS[c.situation]}: `{c.form}` ({c.source})" for c in untested]
    for site, deals in SITES.items():
        lines += ["", f"## {site}", "", f"Deals {deals}.", ""]
        lines += [
            "| situation | form | source | read today? | test id |",
            "| --- | --- | --- | --- | --- |",
        ]
        for situation, label in SITUATIONS.items():
            cells = [c for c in CELLS if c.site == site and c.situation == situation]
            if not cells:
                lines.append(f"| {label} | | no source found | | |")
            for cell in cells:
                form = (
                    f"*{_escape(cell.form)}*" if cell.kind == "n/a" else f"`{_escape(cell.form)}`"
                )
                if cell.kind == "real":
                    source = f"`{_escape(cell.source)}`"
                elif cell.kind == "inferred":
                    source = _escape(cell.source)
                else:
                    source = "n/a"
                test = cell_id(cell) if cell.kind == "real" else ""
                if cell.kind == "inferred" and (site, situation) in READER_TESTS:
                    test = f"`{READER_TESTS[(site, situation)][0]}`"
                lines.append(f"| {label} | {form} | {source} | {cell.read} | {test} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(render())

"""The hero of a hand is the player the site marks, site by site, in the real histories
(issue 47, point 2): "Dealt to Hero [...]" where a site prints only its hero's down cards,
Bovada's "[ME]" seat, iPoker's session `<nickname>`, OnGame's "User:" line. Where the file
does not say (an observed table, a hero sitting out, files that print no card), the hero
is unknown, never guessed from whoever's cards come first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parsers.model.events import Deal, Hand
from parsers.text.history_file import parse_bytes
from pipeline.storage.rows import hero_of

BOVADA_CASH = "Bovada/cash/Stud/7-Stud-USD-2.00-4.00-201205.txt"
BOVADA_HILO = "Bovada/cash/Stud/7-StudHL-USD-0.25-0.50-201209.txt"
BOVADA_MTT = "Bovada/tour/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt"
IPOKER_HILO = "iPoker/cash/Stud/7-StudHL-EUR-0.05-0.10-201405.txt"
IPOKER_STT = "iPoker/tour/Stud/7-StudHi-USD-STT-5-201103.txt"


def _hands(real_histories: Path, name: str) -> dict[str, Hand]:
    path = real_histories / name
    return {
        outcome.hand_number: outcome
        for _chunk, outcome in parse_bytes(str(path), path.read_bytes())
        if isinstance(outcome, Hand)
    }


# (file, hand, the hero): one file of each of the 13 sites, stud and draw, cash and
# tournament; the line that marks him is in the comment.
MARKED = [
    # "Hero - Pocket [10c 5c 7s]", the others' "PLAYER1 - Pocket [H H Js]"
    (
        "Absolute/cash/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt",
        "1300000000",
        "Hero",
    ),
    # <ACTION TYPE="HAND_DEAL" PLAYER="Hero"> with numbered cards, the others' LINK="b"
    ("Boss/cash/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml", "2692984519", "Hero"),
    # "Seat+3 [ME]: $0.50 in chips"
    (BOVADA_CASH, "2604291510", "Hero"),
    (BOVADA_HILO, "2633952287", "Hero"),
    (BOVADA_MTT, "2633115879", "Hero"),  # "Seat+4 [ME]: 1,500 in chips"
    # "Dealt to EricBlade [ 5d, Qs, 7s ]."
    ("Everleaf/cash/Stud/7-Stud-EUR-0.05-0.10.201108-new-format.txt", "295679510", "EricBlade"),
    # "Dealt to Hero [5d 6s] [2s]"; the villain's cards, dealt face up once he is all in
    # and shows them ("Dealt to Villain [As 7c Kc] [Js]"), do not make him the hero
    (
        "FullTilt/tour/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt",
        "28333847000",
        "Hero",
    ),
    # "Dealt to Hero: [Ts 8h Jh 4c 6h]", the others' "[X X X X X]"
    ("KingsClub/cash/Draw/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt", "39969256", "Hero"),
    # '<cards type="HOLE" cards="As,7h,Kc" player="3"/>', the others' "null,null,6c"
    ("Merge/cash/Stud/Razz-USD-0.50-1.00-201111.allIn.txt", "43618199-14", "Hero"),
    ("Merge/cash/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt", "33423082-1", "Hero"),
    # "User: Hero"
    ("OnGame/cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt", "R5-82086688-607", "Hero"),
    ("OnGame/cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt", None, "Hero"),
    # "Dealt to Hero [  9d Qh 3h ]"
    ("PartyPoker/tour/Stud/7-Stud-USD-MTT-6.00-201205.txt", "11792805420", "Hero"),
    # "Dealt to Player5 [...]" in a badugi sit & go, "Dealt to Hero [...]" in a Triple
    # Stud tournament
    ("PokerStars/tour/Draw/LBad-USD-SNG8-201011.txt", "52588201462", "Player5"),
    ("PokerStars/tour/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt", "91733835979", "Hero"),
    # "Dealt to jelachatte [...]", SoGood36's up cards "Dealt to SoGood36 [...]"
    (
        "Winamax/extra/jejellyroll-fr+fpdb-3/"
        "test_hand__wina__razz__20220220_Munich 02_real_razz_fixed-limit copy.txt",
        "16976649-1-1645388957",
        "jelachatte",
    ),
    # 2016: "Player ChazDazzle received card: [5d]", the other's "received a card."
    (
        "Winning/cash/Stud/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt",
        "693977667",
        "ChazDazzle",
    ),
    # 2019: "Dealt to Hero [As 2s Qs]"
    (
        "Winning/cash/Stud/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt",
        "85198832",
        "Hero",
    ),
    # "<nickname>Hero</nickname>": Player0, who shows at the end, is printed with his
    # three third-street cards before the hero
    (IPOKER_HILO, "5710054735", "Hero"),
    (IPOKER_STT, "4044859365", "Player11"),  # "<nickname>Player11</nickname>"
]


@pytest.mark.parametrize(("name", "number", "hero"), MARKED)
def test_the_hero_is_the_player_the_site_marks(
    real_histories: Path, name: str, number: str | None, hero: str
) -> None:
    hands = _hands(real_histories, name)
    chosen = [hands[number]] if number is not None else list(hands.values())
    assert chosen
    for hand in chosen:
        assert hand.header.hero == hero, hand.hand_number
        assert hero_of(hand) == hero


def test_bovadas_hero_is_the_me_seat_never_an_anonymous_one(real_histories: Path) -> None:
    """All 45 Bovada hands: the hero is Hero (the "[ME]" seat), never "Seat+N" (the first
    seat dealt cards, as Bovada prints every player's); in #2604291787 he sits out ("Seat+3
    [ME] : Seat sit out") and is dealt nothing: that hand is not his."""
    heroes = {}
    for name in (BOVADA_CASH, BOVADA_HILO, BOVADA_MTT):
        for number, hand in _hands(real_histories, name).items():
            heroes[number] = hero_of(hand)
            me = [seat.seat for seat in hand.seats if seat.player == "Hero"]
            assert len(me) == 1, number  # "[ME]" on one seat line of every hand
    assert len(heroes) == 45
    assert not any(hero and hero.startswith("Seat+") for hero in heroes.values())
    assert [number for number, hero in heroes.items() if hero is None] == ["2604291787"]
    assert set(heroes.values()) == {"Hero", None}


def test_ipokers_hero_is_the_sessions_nickname(real_histories: Path) -> None:
    """Every hand of the three iPoker files: the hero is the `<nickname>` of the session's
    header, not whoever's cards are printed first (a player going to showdown has his
    down cards printed from third street on)."""
    for name in (IPOKER_HILO, IPOKER_STT, "iPoker/cash/Stud/7-StudL-USD-0.05-0.10-201009.txt"):
        path = real_histories / name
        found = re.search(rb"<nickname>([^<]+)</nickname>", path.read_bytes())
        assert found is not None
        nickname = found[1].decode()
        hands = _hands(real_histories, name).values()
        assert hands
        assert {hand.header.hero for hand in hands} == {nickname}
    first_dealt = [
        next(e.player for e in hand.events if isinstance(e, Deal) and e.down)
        for hand in _hands(real_histories, IPOKER_STT).values()
    ]
    assert set(first_dealt) != {"Player11"}  # what the guess made of it


# (file, hands): files that do not say whose history they are
UNKNOWN = [
    # an observed table: "Dealt to Play er9 [2s]", up cards only, for everyone
    (
        "FullTilt/extra/philroberts+FPDB-for-OSX/regression-test__known-broken__ftp-stud-hilo-ring-001.txt",
        1,
    ),
    # "Seat 1: Hero ($5,208), is sitting out": no "Dealt to" line
    ("FullTilt/cash/Draw/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt", 1),
    # 2011/07: "** Dealing down cards **" and no card printed
    ("Everleaf/cash/Stud/7-Stud-USD-0.05-0.10.201107.txt", 19),
    # a play-money export with no card dealt printed
    ("Winamax/cash/Stud/7-Stud-6max-play-0.5-0.10-201606.export.txt", 1),
]


@pytest.mark.parametrize(("name", "count"), UNKNOWN)
def test_no_hero_where_the_file_does_not_say(real_histories: Path, name: str, count: int) -> None:
    hands = _hands(real_histories, name).values()
    assert len(hands) == count
    assert {hero_of(hand) for hand in hands} == {None}


def test_a_tournament_summarys_hero_is_the_hero_of_its_hands(real_histories: Path) -> None:
    """The summary's hero ("You finished in 3rd place", the player listed 3rd; Full Tilt
    names him) is the one its tournament's hands mark: Player5 of the badugi sit & go
    (the summary in the form FPDB's real ones show, as tests/storage/test_tournaments.py has it),
    Hero of the 8-Game home-game shootout."""
    from parsers.formats.tournament_summaries import TournamentSummary, read_summary
    from tests.storage.test_tournaments import STARS_SUMMARY, STARS_SUMMARY_PLAY

    for text, name in (
        (STARS_SUMMARY, "PokerStars/tour/Draw/LBad-USD-SNG8-201011.txt"),
        (
            STARS_SUMMARY_PLAY,
            "PokerStars/extra/jejellyroll-fr+fpdb-3/regression-test-files__tour__Stars__Mixed"
            "__8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
        ),
    ):
        summary = read_summary("TS.txt", text.encode())
        assert isinstance(summary, TournamentSummary)
        hands = [
            hand
            for hand in _hands(real_histories, name).values()
            if hand.header.tournament is not None
            and hand.header.tournament.tournament_id == summary.tournament_id
        ]
        assert hands
        assert {hero_of(hand) for hand in hands} == {summary.hero}

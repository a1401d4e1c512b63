"""PokerKit, a second engine written by others, referees every hand PHH can say: the real
histories, the sample histories and simulated tables of the six games PHH names.

A hand agrees when PokerKit's final stacks are our engine's; where a site's house rule is
one PokerKit does not model, the verdict names the rule and `tests.support.phh_referee` checks
the difference is that rule's effect and nothing else. The real hands judged under a rule
other than rake are listed here by number, each with its rule.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from decimal import Decimal

import pytest

from parsers.formats.phh_notation import VARIANTS
from parsers.model.events import Hand, LimitKind
from parsers.model.games import Game
from parsers.sites import conventions_of
from parsers.text.history_file import history_files, parse_file
from pipeline.engine.replay import replay
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import default_spec
from pipeline.writers.phh import Unexportable
from tests.conftest import REAL_HISTORIES, REPO
from tests.support.phh_referee import Outcome, SiteRule, Verdict, referee

REAL_RULE_HANDS: dict[tuple[str, str], tuple[SiteRule, ...]] = {
    # "Dealt to Player4 [9c] [9d]" ... "Player4 bets $4" at $2/$4
    ("fulltilt", "11111111813"): (SiteRule.OPEN_PAIR,),
    ("fulltilt", "11111112277"): (SiteRule.OPEN_PAIR,),
    ("pokerstars", "35874334277"): (SiteRule.OPEN_PAIR, SiteRule.RAKE),
    ("pokerstars", "99632512109"): (SiteRule.OPEN_PAIR,),
    # iPoker's sit-and-go: a fourth-street bet of 300 over an open pair, at 150/300
    ("ipoker", "4045005063"): (SiteRule.OPEN_PAIR,),
    ("ipoker", "4045006251"): (SiteRule.OPEN_PAIR,),
    # "Seat+3 [ME] : D bets $0.10" (Bodog), "Seat+8 : Double bets 20" (Bovada tournament)
    ("bovada", "2604291577"): (SiteRule.OPEN_PAIR, SiteRule.RAKE),
    ("bovada", "2633116884"): (SiteRule.OPEN_PAIR,),
    ("bovada", "2633121750"): (SiteRule.OPEN_PAIR,),
    ("bovada", "2633123306"): (SiteRule.OPEN_PAIR,),
    ("bovada", "2633125397"): (SiteRule.OPEN_PAIR,),
    # Badugi, "Player13: raises 30 to 150 and is all-in / Player19: raises 30 to 180"
    ("pokerstars", "52476877655"): (SiteRule.SHORT_ALL_IN_RAISE,),
    ("pokerstars", "52478520236"): (SiteRule.SHORT_ALL_IN_RAISE,),
    ("pokerstars", "52478783130"): (SiteRule.SHORT_ALL_IN_RAISE,),
    ("pokerstars", "52479754591"): (SiteRule.SHORT_ALL_IN_RAISE,),
}
REAL_UNJUDGED = {
    ("pokerstars", "91733835979"),  # "Dealt to Hero [...] [of]", then shows
    # "EricBlade: bets [€ 0.05 EURO] / MOURINHO_ raises [€ 0.15 EURO]" over an open pair
    ("everleaf", "295680332"),
    # heads-up, "BET 5 / RAISE 10 / 15 / 20 / 25 / 30": PokerKit caps at four bets
    ("merge", "31241825-6"),
    # Razz: both all-in hands shown on fourth street, where Merge shows them
    ("merge", "43618199-14"),
    # "Player2 bets 44 / Player3 raises to 77.16", "Player4 raises to 625" over a 500
    # completion: KingsClub's raise by the bring-in, which PokerKit's fixed limit refuses
    ("kingsclub", "37581152"),
    ("kingsclub", "3537921"),
}
REAL_SKIPPED = {
    # 33 PokerStars and Full Tilt, OnGame's 14 (2010, Goalwin 2011), Boss's 14 (2011)
    "PHH has no variant for fixed_limit five_draw": 61,
    "a blind posted out of position (PHH gives blinds by position)": 7,
    "PHH has no variant for pot_limit five_draw": 2,
    # 2 PokerStars, and KingsClub's "posts blind 44" (39879543)
    "a small and big blinds (PHH has no such post)": 3,
    # 2 PokerStars, the 19 hands of Everleaf's 2011/07 file, which prints no card, and the
    # 3 PartyPoker hands, which print the hero's alone
    "an up card the history does not show (PHH's stud needs them)": 24,
    "PHH has no variant for fixed_limit triple_draw_a5": 3,  # PokerStars, Merge, KingsClub
    "PHH has no variant for pot_limit triple_draw_27": 1,  # Merge
    "PHH has no variant for pot_limit badugi": 1,  # Merge
    "PHH has no variant for fixed_limit single_draw_a5": 1,  # KingsClub
    "PHH has no variant for fixed_limit badacey": 1,  # KingsClub
    "PHH has no variant for fixed_limit razz_27": 1,  # KingsClub
    "PHH has no variant for half_pot_limit badugi": 1,  # Merge
    "PHH has no variant for fixed_limit five_stud": 1,
    "PHH has no variant for no_limit five_draw": 1,
    "a discard the history does not show from a hand it shows": 1,
    "a stud community card (PHH's stud has no board)": 1,
    "a fold by a player all-in (PHH's all-in players do not act)": 1,
    "a hand run twice (PHH deals and shows each hand once)": 5,  # KingsClub
}
PHH_GAMES = tuple(VARIANTS)  # the (game, betting) pairs PHH names
SIMULATED_HANDS = 300  # per game here; bench/referee.py plays 10,000 of each


def verdicts(hands: list[Hand]) -> dict[tuple[str, str], Verdict | Unexportable]:
    judged = {}
    for hand in hands:
        result = replay(hand, conventions_of(hand.site))
        assert not result.errors, hand.hand_number
        judged[(hand.site, hand.hand_number)] = referee(hand, result)
    return judged


def hands_under(folder: object) -> list[Hand]:
    return [
        outcome
        for path in history_files([folder])  # type: ignore[list-item]
        for _chunk, outcome in parse_file(path)
        if isinstance(outcome, Hand) and not replay(outcome, conventions_of(outcome.site)).errors
    ]


def assert_judged_fairly(judged: dict[tuple[str, str], Verdict | Unexportable]) -> None:
    disagreements = {
        key: verdict
        for key, verdict in judged.items()
        if isinstance(verdict, Verdict) and verdict.outcome is Outcome.DISAGREES
    }
    assert disagreements == {}


@pytest.mark.slow
def test_every_real_hand_agrees_with_pokerkit_or_differs_by_a_named_rule() -> None:
    judged = verdicts(hands_under(REAL_HISTORIES))
    assert_judged_fairly(judged)
    skipped = Counter(v.reason for v in judged.values() if isinstance(v, Unexportable))
    assert skipped == REAL_SKIPPED
    ruled = {
        key: v.rules
        for key, v in judged.items()
        if isinstance(v, Verdict)
        and v.outcome is not Outcome.UNJUDGED
        and set(v.rules) - {SiteRule.RAKE}
    }
    assert ruled == REAL_RULE_HANDS
    unjudged = {
        k for k, v in judged.items() if isinstance(v, Verdict) and v.outcome is Outcome.UNJUDGED
    }
    assert unjudged == REAL_UNJUDGED
    outcomes = Counter(v.outcome for v in judged.values() if isinstance(v, Verdict))
    assert outcomes[Outcome.AGREES] > 300  # most real hands are unraked: tournaments, play money


@pytest.mark.slow
def test_every_sample_hand_phh_can_say_agrees_with_pokerkit() -> None:
    judged = verdicts(hands_under(REPO / "sample_histories"))
    assert_judged_fairly(judged)
    rules = {rule for v in judged.values() if isinstance(v, Verdict) for rule in v.rules}
    assert rules == {SiteRule.RAKE, SiteRule.OPEN_PAIR}  # the simulator's table is PokerStars'
    exported = [v for v in judged.values() if isinstance(v, Verdict)]
    assert len(exported) > 1_300


@pytest.mark.parametrize(("game", "limit"), PHH_GAMES, ids=[g.value for g, _ in PHH_GAMES])
def test_simulated_tables_agree_with_pokerkit(game: Game, limit: LimitKind) -> None:
    spec = default_spec(game, limit)
    hands = [one.hand for one in simulate_hands(spec, SIMULATED_HANDS, seed=14)]
    judged = verdicts(hands)
    assert_judged_fairly(judged)
    exported = [v for v in judged.values() if isinstance(v, Verdict)]
    assert len(exported) >= SIMULATED_HANDS * 0.9  # only stud's community card is unsaid


def test_a_pot_booked_wrong_is_caught() -> None:
    """The referee can fail: were our engine to book a chip of the winner's to a loser,
    PokerKit's stacks would disagree."""
    spec = default_spec(Game.RAZZ, LimitKind.FIXED)
    caught = 0
    for one in simulate_hands(spec, 40, seed=3):
        result = replay(one.hand, conventions_of(one.hand.site))
        winner = max(result.players, key=lambda p: p.net)
        loser = min(result.players, key=lambda p: p.net)
        chip = Decimal("0.01")
        booked_wrong = tuple(
            dataclasses.replace(p, net=p.net - chip)
            if p is winner
            else dataclasses.replace(p, net=p.net + chip)
            if p is loser
            else p
            for p in result.players
        )
        verdict = referee(one.hand, dataclasses.replace(result, players=booked_wrong))
        if isinstance(verdict, Verdict):
            assert verdict.outcome is Outcome.DISAGREES
            caught += 1
    assert caught > 30


@pytest.mark.slow
def test_export_then_validate_reads_the_real_hands_back(tmp_path: object) -> None:
    """`studdraw export --collection` then `studdraw validate` of the PHH: the hands come
    back, every one a hand the engine replays without error."""
    from pathlib import Path

    from typer.testing import CliRunner

    from pipeline.cli.app import app

    out = Path(str(tmp_path))
    runner = CliRunner()
    exported = runner.invoke(
        app, ["export", str(REAL_HISTORIES), "--out", str(out), "--collection"]
    )
    # 492 of the first four sites; Everleaf 6; OnGame 6 (stud); iPoker 124; Merge 24;
    # Bovada 45; KingsClub 5; Absolute 1
    assert "703 hands written as PHH" in exported.output
    back = [o for _c, o in parse_file(out / "hands.phhs")]
    hands = [o for o in back if isinstance(o, Hand)]
    valid = [h for h in hands if not replay(h, conventions_of(h.site)).errors]
    assert len(back) == 703
    assert len(valid) == 703

"""Rules only real hands showed: incomplete all-in raises in fixed limit, an all-in for
less than the ante, and a stud player whose hole cards are known before the showdown.

Each rule is held to the real hands that show it, then to small hands built here that
show what the rule allows and what it refuses.
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from parsers.model.conventions import ShortAllInRaise
from parsers.model.events import (
    Action,
    ActionKind,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Post,
    PostKind,
    Seat,
    Stakes,
    Street,
    StreetStart,
)
from parsers.sites import conventions_of
from parsers.sites.fulltilt import CONVENTIONS as FULL_TILT
from parsers.sites.pokerstars import CONVENTIONS as POKERSTARS
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from tests.conftest import REAL_HISTORIES
from tests.support import real_sites

D = Decimal
LBAD_MTT = "PokerStars/tour/Draw/LBad-USD-MTT8-201011.txt"

# The PokerStars hands where a fixed-limit raise follows an all-in raise (or bet) for less
# than a bet: (hand, the short all-in's line, the raise after it, the level it makes).
SHORT_ALL_IN_RAISES = {
    # bet 60: "Player19: raises 60 to 120 / Player13: raises 30 to 150 and is all-in /
    # Player19: raises 30 to 180": half a bet reopens the raiser's option, to 120 + 60.
    "52476877655": ("Player13: raises 30 to 150 and is all-in", "Player19: raises 30 to 180"),
    # bet 100: "raises 100 to 200 / raises 70 to 270 and is all-in / raises 30 to 300".
    "52478520236": ("Player1: raises 70 to 270 and is all-in", "Player21: raises 30 to 300"),
    # bet 300: an all-in bet of 50 is completed to one full bet.
    "52478783130": ("Player19: bets 50 and is all-in", "Player3: raises 250 to 300"),
    # big blind 300: an all-in raise to 550, then a raise to 300 + 300.
    "52479754591": ("Player19: raises 250 to 550 and is all-in", "Player0: raises 50 to 600"),
}


def _lbad_hand(number: str) -> Hand:
    (hand,) = [h for h in real_sites.hands(REAL_HISTORIES / LBAD_MTT) if h.hand_number == number]
    return hand


@pytest.mark.parametrize("number", sorted(SHORT_ALL_IN_RAISES))
def test_pokerstars_raises_from_the_last_full_bet_after_a_short_all_in(number: str) -> None:
    hand = _lbad_hand(number)
    lines = real_sites.text_of(REAL_HISTORIES / LBAD_MTT).splitlines()
    short, following = SHORT_ALL_IN_RAISES[number]
    raises = [
        e
        for e in hand.events
        if isinstance(e, Action) and e.line and e.kind.value in ("raise", "bet")
    ]
    texts = [lines[e.line - 1] for e in raises]
    assert texts.index(short) < texts.index(following)

    assert replay(hand, conventions_of(hand.site)).findings == ()
    # Had PokerStars let the short all-in stand as the new level, the raise after it
    # would be a bet short: the rule is the site's, and the engine holds it.
    from_all_in = dataclasses.replace(POKERSTARS, short_all_in_raise=ShortAllInRaise.FROM_ALL_IN)
    assert Code.RAISE_SIZE in {f.code for f in replay(hand, from_all_in).errors}


def _triple_draw(short_stack: Decimal, a_raises_to: Decimal) -> Hand:
    """Triple draw 20/40, blinds 10/20: c calls, a raises, b calls, c raises all-in for
    what is left of `short_stack`, then a raises again to `a_raises_to`."""
    header = HandHeader(
        site="pokerstars",
        hand_number="1",
        game=Game.TRIPLE_DRAW_27,
        limit=LimitKind.FIXED,
        stakes=Stakes(small_bet=D(20), big_bet=D(40), small_blind=D(10), big_blind=D(20)),
        money=MoneyKind.TOURNAMENT,
        currency=None,
        started_at_utc=datetime(2026, 11, 23, tzinfo=UTC),
        site_time="",
        button_seat=3,
    )
    seats = (Seat(1, "a", D(1000)), Seat(2, "b", D(1000)), Seat(3, "c", short_stack))
    events = (
        Post("a", PostKind.SMALL_BLIND, D(10)),
        Post("b", PostKind.BIG_BLIND, D(20)),
        StreetStart(Street.PREDRAW),
        Action("c", ActionKind.CALL, D(20)),
        Action("a", ActionKind.RAISE, D(20), D(40)),
        Action("b", ActionKind.CALL, D(20)),
        Action("c", ActionKind.RAISE, short_stack - D(40), short_stack, all_in=True),
        Action("a", ActionKind.RAISE, a_raises_to - short_stack, a_raises_to),
    )
    return Hand(header, seats, events)  # type: ignore[arg-type]


def _codes(hand: Hand, **conventions: object) -> set[Code]:
    return {f.code for f in replay(hand, dataclasses.replace(POKERSTARS, **conventions)).errors}


def test_a_short_all_in_of_half_a_bet_reopens_the_raising() -> None:
    # c's all-in to 50 is 10 over the 40: half the 20 bet. a may raise, to 40 + 20.
    assert _codes(_triple_draw(D(50), D(60))) & {Code.RAISE_SIZE, Code.RAISE_NOT_REOPENED} == set()
    assert Code.RAISE_SIZE in _codes(_triple_draw(D(50), D(70)))
    assert Code.RAISE_SIZE not in _codes(
        _triple_draw(D(50), D(70)), short_all_in_raise=ShortAllInRaise.FROM_ALL_IN
    )


def test_a_short_all_in_below_half_a_bet_leaves_those_who_acted_a_call_or_a_fold() -> None:
    # c's all-in to 45 is 5 over the 40: a, who raised already, may not raise again.
    assert Code.RAISE_NOT_REOPENED in _codes(_triple_draw(D(45), D(60)))
    # Where half a bet does not reopen either, even the half-bet all-in closes it.
    assert Code.RAISE_NOT_REOPENED in _codes(_triple_draw(D(50), D(60)), half_bet_reopens=False)


def test_an_all_in_for_less_than_the_ante_returns_the_unmatched_ante() -> None:
    """No-limit single draw, heads-up: "Hero: posts the ante 1 and is all-in", Player0
    antes 25 and posts the big blind 100; "Uncalled bet (124) returned to Player0";
    "Total pot 2"."""
    path = (
        REAL_HISTORIES / "PokerStars/tour/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-201212"
        ".ante.all.in.txt"
    )
    (hand,) = real_sites.hands(path)
    assert "Hero: posts the ante 1 and is all-in" in real_sites.text_of(path)
    result = replay(hand, conventions_of(hand.site))
    assert result.findings == ()
    assert result.total_pot == D(2)
    player0 = result.player("Player0")
    assert (player0.put_in, player0.uncalled, player0.net) == (D(1), D(124), D(1))
    assert dict(player0.put_in_by_street) == {"ante": D(1)}
    assert result.player("Hero").net == D(-1)


def test_an_all_in_ante_is_said_all_in() -> None:
    """ "Hero: posts the ante 40 and is all-in" is no all-in flag mismatch."""
    path = (
        REAL_HISTORIES / "PokerStars/extra/ChazDazzle+fpdb-chaz/pyfpdb__regression-test-files"
        "__tour__Stars__Stud__7-StudHL-USD-0.98-0.12-202302.allin.ante.txt"
    )
    (hand,) = real_sites.hands(path)
    posts = [e for e in hand.events if isinstance(e, Post) and e.player == "Hero"]
    assert [(p.kind, p.all_in) for p in posts] == [(PostKind.ANTE, True)]
    assert replay(hand, conventions_of(hand.site)).findings == ()


def test_hole_cards_shown_on_third_street_may_be_dealt_again_with_the_up_cards() -> None:
    """Full Tilt razz heads-up: the bring-in is all-in, both show on third street, and each
    later street repeats the shown hole cards: "Dealt to Villain [As 7c Kc] [Js]"."""
    path = (
        REAL_HISTORIES / "FullTilt/tour/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    )
    (hand,) = real_sites.hands(path)
    assert "Villain shows [As 7c Kc]" in real_sites.text_of(path)
    result = replay(hand, conventions_of(hand.site))
    assert result.findings == ()
    assert result.player("Hero").net == D(24)


def test_shown_hole_cards_that_another_player_holds_are_dealt_twice() -> None:
    path = (
        REAL_HISTORIES / "FullTilt/tour/Stud/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt"
    )
    (hand,) = real_sites.hands(path)
    # Villain "shows" Hero's 5d as a hole card: the engine must not take it on trust.
    events = tuple(
        dataclasses.replace(e, cards=("5d", "7c", "Kc"))
        if type(e).__name__ == "Show" and e.player == "Villain" and e.cards == ("As", "7c", "Kc")
        else e
        for e in hand.events
    )
    result = replay(dataclasses.replace(hand, events=events), conventions_of(hand.site))
    assert Code.CARD_DEALT_TWICE in {f.code for f in result.errors}


def test_a_raise_of_the_whole_stack_is_all_in_even_unsaid() -> None:
    """Winamax 2016: "Player0 raises -6.10€ to 18.90€" puts his last chips in (a raise to
    28.90€ over a 25€ completion) without "and is all-in": a short all-in raise, legal,
    with the unsaid all-in noted as a warning."""
    path = (
        REAL_HISTORIES / "Winamax/cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
    )
    (hand,) = real_sites.hands(path)
    result = replay(hand, conventions_of(hand.site))
    assert result.errors == ()
    assert [(f.code, f.player) for f in result.warnings] == [(Code.ALL_IN_FLAG, "Player0")]
    player0 = result.player("Player0")
    assert (player0.put_in, player0.collected) == (D("33.90"), D("70.30"))  # his whole stack


def test_full_tilt_raises_from_a_short_all_in_raise() -> None:
    """Full Tilt 5 Card Stud, 2013, bets of 800: "Player0 completes it to 800 / Player4
    raises to 1,345, and is all in / Player0 raises to 2,145": 1,345 + 800, where
    PokerStars would make it 800 + 800."""
    path = REAL_HISTORIES / "FullTilt/tour/Stud/5-Stud-USD-MTT-100-201303.txt"
    text = real_sites.text_of(path)
    assert "Player4 raises to 1,345, and is all in" in text
    assert "Player0 raises to 2,145" in text
    (hand,) = [h for h in real_sites.hands(path) if h.hand_number == "32412111030"]
    assert replay(hand, conventions_of(hand.site)).errors == ()
    from_last_full_bet = dataclasses.replace(
        FULL_TILT, short_all_in_raise=ShortAllInRaise.FROM_LAST_FULL_BET
    )
    assert Code.RAISE_SIZE in {f.code for f in replay(hand, from_last_full_bet).errors}

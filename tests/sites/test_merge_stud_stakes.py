"""Merge's stud hands whose stakes the description does not say as a fixed-limit cash
table's bets (issue 48): a mixed-game tournament's ('type="HORSE Tournament"
stakes="Limit"': no amount, FPDB's 2011 tournament form) and no-limit or pot-limit stud
('stakes="No Limit ($0.01/$0.02/$0.10)"': ante, bring-in, bet). The hands are written in
Merge's line forms (the real 2011 stud files' elements, FPDB's MergeToFpdb regexes for
what no real file shows) and must replay without an error."""

from __future__ import annotations

from decimal import Decimal

from parsers.model.events import Action, ActionKind, Hand, LimitKind, MoneyKind
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay

# Inferred: FPDB's re_GameInfo ("HORSE" plus " Tournament", the limit with no amount, as
# its 2011 tournament files print 'stakes="No Limit"') and re_HandInfo (a tournament's
# multigametype before "realmoney"); Razz in a tournament is multigametype 49 (FPDB's
# Multigametypes). A tournament's balance is after the hand's forced bets (FPDB's
# adjustMergeTourneyStack).
HORSE_TOURNAMENT = """<description type="HORSE Tournament" stakes="Limit"/>
<game id="38934560-18" starttime="20110716200331" numholecards="7" gametype="77" \
multigametype="49" realmoney="true" data="20110716|HORSE Freeroll - 20%3A00|38893318-1|\
38934560-18|true">
\t<players dealer="5">
\t\t<player seat="0" nickname="Hero" balance="1495.00" dealtin="true" />
\t\t<player seat="2" nickname="Villain1" balance="1485.00" dealtin="true" />
\t\t<player seat="5" nickname="Villain2" balance="1495.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="ANTE" timestamp="1310861011000" player="0" amount="5.00"/>
\t\t<event sequence="2" type="ANTE" timestamp="1310861011000" player="2" amount="5.00"/>
\t\t<event sequence="3" type="ANTE" timestamp="1310861011000" player="5" amount="5.00"/>
\t</round>
\t<round id="BRING_IN" sequence="2">
\t\t<event sequence="4" type="BRING_IN" timestamp="1310861013000" player="2" amount="10.00"/>
\t\t<cards type="HOLE" cards="As,4c,3h" player="0" hand="4-3-A"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc" player="2"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,6d" player="5"/>
\t</round>
\t<round id="THIRD_STREET" sequence="3">
\t\t<event sequence="5" type="COMPLETE" timestamp="1310861015000" player="5" amount="40.00"/>
\t\t<event sequence="6" type="CALL" timestamp="1310861016000" player="0" amount="40.00"/>
\t\t<event sequence="7" type="CALL" timestamp="1310861017000" player="2" amount="30.00"/>
\t</round>
\t<round id="FOURTH_STREET" sequence="4">
\t\t<event sequence="8" type="BET" timestamp="1310861019000" player="0" amount="40.00"/>
\t\t<event sequence="9" type="FOLD" timestamp="1310861020000" player="2"/>
\t\t<event sequence="10" type="CALL" timestamp="1310861021000" player="5" amount="40.00"/>
\t\t<cards type="HOLE" cards="As,4c,3h,2s" player="0" hand="4-3-2-A"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc,9h" player="2"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,6d,5c" player="5"/>
\t</round>
\t<round id="FIFTH_STREET" sequence="5">
\t\t<event sequence="11" type="BET" timestamp="1310861023000" player="0" amount="80.00"/>
\t\t<event sequence="12" type="FOLD" timestamp="1310861024000" player="5"/>
\t\t<cards type="HOLE" cards="As,4c,3h,2s,8d" player="0" hand="8-4-3-2-A"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,6d,5c,Jd" player="5"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="6">
\t\t<event sequence="13" type="MUCK" timestamp="1310861026000" player="0"/>
\t\t<winner amount="295.00" uncalled="false" potnumber="1" player="0" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="7">
\t</round>
</game>
"""

# Inferred: the description of FPDB's no-limit stud hi/lo regression file's name
# ("NL7-StudHL-0.01-0.02-0.10": ante, bring-in, bet), matched by FPDB's re_GameInfo (its
# "blah" group takes the third amount). The elements are the real 2011 Stud Hi/Lo file's.
NO_LIMIT_STUD = """<description type="7-Stud H/L8" stakes="No Limit ($0.01/$0.02/$0.10)"/>
<game id="55302911-12" starttime="20120415203114" numholecards="7" gametype="43" \
realmoney="true" data="20120415|Mekong (55302911)|55302911|55302911-12|false">
\t<players dealer="5">
\t\t<player seat="1" nickname="Alice" balance="$2.00" dealtin="true" />
\t\t<player seat="3" nickname="Hero" balance="$2.00" dealtin="true" />
\t\t<player seat="5" nickname="Bob" balance="$2.00" dealtin="true" />
\t</players>
\t<round id="BLINDS" sequence="1">
\t\t<event sequence="1" type="ANTE" timestamp="1334536274000" player="1" amount="0.01"/>
\t\t<event sequence="2" type="ANTE" timestamp="1334536274100" player="3" amount="0.01"/>
\t\t<event sequence="3" type="ANTE" timestamp="1334536274200" player="5" amount="0.01"/>
\t</round>
\t<round id="BRING_IN" sequence="2">
\t\t<event sequence="4" type="BRING_IN" timestamp="1334536276000" player="1" amount="0.02"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c" player="1"/>
\t\t<cards type="HOLE" cards="Ah,4d,Kd" player="3" hand="Ace High"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,9s" player="5"/>
\t</round>
\t<round id="THIRD_STREET" sequence="3">
\t\t<event sequence="5" type="COMPLETE" timestamp="1334536278000" player="3" amount="0.10"/>
\t\t<event sequence="6" type="RAISE" timestamp="1334536278500" player="5" amount="0.30"/>
\t\t<event sequence="7" type="CALL" timestamp="1334536279000" player="1" amount="0.28"/>
\t\t<event sequence="8" type="CALL" timestamp="1334536280000" player="3" amount="0.20"/>
\t</round>
\t<round id="FOURTH_STREET" sequence="4">
\t\t<event sequence="9" type="CHECK" timestamp="1334536282000" player="3"/>
\t\t<event sequence="10" type="BET" timestamp="1334536283000" player="5" amount="0.45"/>
\t\t<event sequence="11" type="FOLD" timestamp="1334536284000" player="1"/>
\t\t<event sequence="12" type="FOLD" timestamp="1334536285000" player="3"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,2c,3c" player="1"/>
\t\t<cards type="HOLE" cards="Ah,4d,Kd,Qc" player="3" hand="Ace High"/>
\t\t<cards type="DRAW_DRAWN_CARDS" cards="null,null,9s,Ts" player="5"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="5">
\t\t<event sequence="13" type="MUCK" timestamp="1334536287000" player="5"/>
\t\t<winner amount="1.38" uncalled="false" potnumber="1" player="5" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="6">
\t</round>
</game>
"""


def _hand(text: str) -> Hand:
    outcomes = [o for _c, o in parse_bytes("merge.txt", (text + "\n").encode())]
    assert len(outcomes) == 1, outcomes
    hand = outcomes[0]
    assert isinstance(hand, Hand), hand
    return hand


def _errors(hand: Hand) -> list[tuple[Code, str]]:
    return [(f.code, f.message) for f in replay(hand, conventions_of(hand.site)).errors]


def test_a_mixed_tournaments_stud_hand_bets_its_levels_limits() -> None:
    """No amount in the description, no blind in a stud hand: the small bet is the
    completion (40), the big bet twice it; today's reader made them 0, every bet too big."""
    hand = _hand(HORSE_TOURNAMENT)
    assert (hand.game.value, hand.header.mixed_game) == ("razz", "HORSE")
    assert hand.header.money is MoneyKind.TOURNAMENT
    stakes = hand.header.stakes
    assert (stakes.small_bet, stakes.big_bet) == (Decimal("40.00"), Decimal("80.00"))
    assert (stakes.ante, stakes.bring_in) == (Decimal("5.00"), Decimal("10.00"))
    assert _errors(hand) == []


def test_a_mixed_tournaments_bet_too_big_is_still_refused() -> None:
    """The small bet read from the completion judges the later bets: 60 on fifth street
    (the big bet is 80) is refused."""
    too_big = HORSE_TOURNAMENT.replace('amount="80.00"', 'amount="60.00"')
    hand = _hand(too_big.replace('amount="295.00"', 'amount="275.00"'))
    assert [code for code, _m in _errors(hand)] == [Code.BET_SIZE]


def test_no_limit_stud_brings_in_and_bets_by_no_limit_rules() -> None:
    """'No Limit ($0.01/$0.02/$0.10)': ante 0.01, bring-in 0.02, smallest bet 0.10. The
    low card (2c) brings in and acts first, as in fixed-limit stud; the completion to
    0.10 opens the betting and a raise is at least its size; fourth street opens with
    the best board."""
    hand = _hand(NO_LIMIT_STUD)
    assert hand.header.limit is LimitKind.NO
    stakes = hand.header.stakes
    assert (stakes.ante, stakes.bring_in, stakes.small_bet) == (
        Decimal("0.01"),
        Decimal("0.02"),
        Decimal("0.10"),
    )
    first = next(e for e in hand.events if isinstance(e, Action))
    assert (first.player, first.kind) == ("Alice", ActionKind.BRING_IN)
    assert _errors(hand) == []


def test_no_limit_stud_refuses_a_bet_below_the_smallest() -> None:
    """Opening for 0.06 over the 0.02 bring-in is less than the 0.10 bet."""
    short = NO_LIMIT_STUD.replace('player="3" amount="0.10"', 'player="3" amount="0.06"').replace(
        'player="3" amount="0.20"', 'player="3" amount="0.24"'
    )
    assert [code for code, _m in _errors(_hand(short))] == [Code.RAISE_SIZE]


def test_no_limit_stud_refuses_the_high_card_acting_first() -> None:
    """The best board (Kd) opening third street instead of the low card is refused."""
    wrong = NO_LIMIT_STUD.replace(
        '<event sequence="4" type="BRING_IN" timestamp="1334536276000" player="1" amount="0.02"/>',
        '<event sequence="4" type="BRING_IN" timestamp="1334536276000" player="3" amount="0.02"/>',
    )
    codes = [code for code, _m in _errors(_hand(wrong))]
    assert Code.BRING_IN_PLAYER in codes


def test_pot_limit_stud_may_complete_over_a_small_pot() -> None:
    """Pot limit: the pot after calling the bring-in is 0.07, yet completing to the 0.10
    bet is allowed; the raise to 0.30 is within the pot (at most 0.10 + 0.15 + 0.10)."""
    hand = _hand(NO_LIMIT_STUD.replace('stakes="No Limit (', 'stakes="Pot Limit ('))
    assert hand.header.limit is LimitKind.POT
    assert _errors(hand) == []


def test_a_mixed_tournaments_hand_won_by_its_bring_in_has_no_small_bet() -> None:
    """Everyone folds to the bring-in: the hand says no small bet, and the bring-in is
    not judged against one it does not know (today's engine: "bring-in of 10.00 with a
    small bet of 0")."""
    third = HORSE_TOURNAMENT.split('\t<round id="THIRD_STREET"')[0]
    folded = (
        third
        + """\t<round id="THIRD_STREET" sequence="3">
\t\t<event sequence="5" type="FOLD" timestamp="1310861015000" player="5"/>
\t\t<event sequence="6" type="FOLD" timestamp="1310861016000" player="0"/>
\t</round>
\t<round id="END_OF_FOLDED_GAME" sequence="4">
\t\t<event sequence="7" type="MUCK" timestamp="1310861026000" player="2"/>
\t\t<winner amount="25.00" uncalled="false" potnumber="1" player="2" pottype="n"/>
\t</round>
\t<round id="END_OF_GAME" sequence="5">
\t</round>
</game>
"""
    )
    hand = _hand(folded)
    assert hand.header.stakes.small_bet is None
    assert _errors(hand) == []

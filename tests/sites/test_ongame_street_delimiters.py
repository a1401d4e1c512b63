"""OnGame hands without their street delimiters (issue 48): no "Dealing pocket cards",
no "---", no "Dealing 4th street" and the rest. The streets are found from the deals
and the draws, as FPDB's OnGameToFpdb.markStreets finds the draw at its first "changed"
line: the first street starts with the first card dealt or the first action after the
blinds, a stud player dealt a second time starts the next street. The hand below is
written in the real files' line forms (2011 Goalwin: "posts small blind ($0.50)",
"Dealing to Hero: [...]", "changed 1 cards", "New hand for Hero: [...]") with the
table line of FPDB's re_HandInfo for pot limit ("POT_LIMIT FIVE_CARD_DRAW")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parsers.model.events import Action, Draw, Hand, LimitKind, Street, StreetStart
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay

POT_LIMIT_DRAW = """***** History for hand R5-244090560-41 *****
Start hand: Tue Nov 22 21:14:08 GMT+0100 2011
Table: Tanger [244090560] (POT_LIMIT FIVE_CARD_DRAW $0.50/$1, Real money)
User: Hero
Button: seat 4
Players in round: 3
Seat 1: Hero ($81.70)
Seat 4: Player4 ($24.80)
Seat 8: Player8 ($69.85)
Player8 posts small blind ($0.50)
Hero posts big blind ($1)
Dealing to Hero: [9d, Ts, Qc, 6c, 3c]
Player4 calls $1
Player8 calls $0.50
Hero checks
Player8 changed 2 cards
Hero changed 1 cards
New hand for Hero: [9d, Ts, Qc, Jc, 3c]
Player4 changed 3 cards
Player8 checks
Hero bets $3
Player4 folds
Player8 folds
Summary:
Main pot: $3 won by Hero ($2.85)
Rake taken: $0.15
Seat 1: Hero ($83.55), net: +$1.85
Seat 4: Player4 ($23.80), net: -$1
Seat 8: Player8 ($68.85), net: -$1
***** End of hand R5-244090560-41 *****
"""

DELIMITERS = re.compile(
    r"^(---|Dealing pocket cards|Dealing [4-6]th street|Dealing river)\n", re.MULTILINE
)


def _hands(text: str) -> list[Hand]:
    outcomes = [o for _c, o in parse_bytes("ongame.txt", text.encode())]
    assert all(isinstance(o, Hand) for o in outcomes), outcomes
    return outcomes  # type: ignore[return-value]


def _errors(hand: Hand) -> list[Code]:
    return [f.code for f in replay(hand, conventions_of(hand.site)).errors]


def test_a_draw_hand_without_delimiters_finds_its_streets() -> None:
    """Today's reader refused the hero's cards as dealt before any street. The first
    street opens at them; left of the big blind (Player4) acts first, left of the button
    (Player8) after the draw, which starts at the first "changed" line."""
    (hand,) = _hands(POT_LIMIT_DRAW)
    assert hand.header.limit is LimitKind.POT
    streets = [e.street for e in hand.events if isinstance(e, StreetStart)]
    assert streets == [Street.PREDRAW, Street.DRAW_1]
    first = next(e for e in hand.events if isinstance(e, Action))
    assert first.player == "Player4"
    draws = [(e.player, e.discard_count) for e in hand.events if isinstance(e, Draw)]
    assert draws == [("Player8", 2), ("Hero", 1), ("Player4", 3)]
    assert _errors(hand) == []


def test_the_first_actor_is_still_judged_without_delimiters() -> None:
    """The big blind acting first before the draw is refused."""
    wrong = POT_LIMIT_DRAW.replace(
        "Player4 calls $1\nPlayer8 calls $0.50\nHero checks\n",
        "Hero checks\nPlayer4 calls $1\nPlayer8 calls $0.50\n",
    )
    (hand,) = _hands(wrong)
    assert {Code.FIRST_ACTOR, Code.OUT_OF_TURN} & set(_errors(hand))


@pytest.mark.parametrize(
    "name",
    [
        "cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt",
        "cash/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt",
        "cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt",
        "cash/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt",
        "cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt",
    ],
)
def test_the_real_files_read_the_same_without_delimiters(real_histories: Path, name: str) -> None:
    """Every real hand, draw and stud, with its delimiters taken out reads into the
    same events (line numbers aside) and replays without an error."""
    text = (real_histories / "OnGame" / name).read_text(encoding="utf-8")
    stripped = DELIMITERS.sub("", text)
    assert stripped != text
    with_them, without = _hands(text), _hands(stripped)
    assert [h.events for h in without] == [h.events for h in with_them]
    assert all(_errors(hand) == [] for hand in without)

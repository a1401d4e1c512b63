"""The Full Tilt writer writes the way Full Tilt wrote.

- Every line shape of the generated hands of a game appears in the real Full Tilt files
  (in any game: the site words a line alike in all of them), or in the short list below,
  each entry quoting the real line that justifies it.
- Hands are described in Full Tilt's words: every hand shown in the real files is
  described again, from its cards, exactly as the file describes it.
- The money is the simulator's: the "wins" lines add up, player by player, to what the
  simulator gives (a hi/lo pot cut into its halves included), and so do the summary's.
- The same seed writes the same text; what Full Tilt never printed is refused.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from decimal import Decimal
from functools import cache

import pytest

from parsers.model.events import Collect, CommunityCards, Game, Hand
from parsers.text.hand_texts import decode_history
from parsers.text.history_file import parse_file
from pipeline.simulation.books import SimulatedHand
from pipeline.simulation.generate import written
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import HERO, default_spec
from pipeline.writers.fulltilt import (
    GAMES as FULLTILT_GAMES,
)
from pipeline.writers.fulltilt import (
    UnwritableHand,
    write_hand,
)
from pipeline.writers.fulltilt_words import describe, summary_words
from pipeline.writers.history_writer import grouped_amount_text
from tests.conftest import REAL_HISTORIES
from tests.support.line_shapes import fulltilt_shapes

REAL_FULLTILT = REAL_HISTORIES / "FullTilt"
HAND_START = re.compile(r"\n(?=Full ?Tilt ?Poker Game #)")
"""A hand's first line: "Full Tilt Poker Game #32617272179: ..." or, in the 2010-2011
files, "FullTiltPoker Game #25314791161: Table Squaw Tea (6 max) - ..."."""
ARCHIVE_NUMBER = re.compile(r"^\*+ # \d+ \*+$")
"""The archive export's "******************** # 1 *************************" before a
hand: a line of the file, not of the hand (the parser passes over it too)."""
HANDS_PER_GAME = 1_000
RIGGED = 250  # of them, from a stacked deck: ties, quartered lows
SEED = 7

# shape -> the real Full Tilt line(s) that justify it
JUSTIFIED = {
    "<P> bets N, and is all in": (
        "all in as the other bets say it: '1Incubator1 raises to $10.90, and is all in', "
        "'allie3911 calls $45.05, and is all in'"
    ),
    "<P> wins the main pot (N) with D": (
        "a main pot in a game without halves: 'Kilij wins the high main pot ($41.05) with "
        "two pair, Aces and Queens' less its half, as 'wins the pot' is 'wins the high pot'"
    ),
    "<P> wins the side pot (N) with D": (
        "likewise: 'Kilij wins the high side pot ($5) with two pair, Aces and Queens'"
    ),
    "<P> wins side pot #N (N) with D": (
        "several side pots, numbered as the Full Tilt parser reads them (no real hand has "
        "two); one reads 'Kilij wins the high side pot ($5) with two pair, Aces and Queens'"
    ),
    "Total pot N Main pot N. Side pot-N N. | Rake N": (
        "several side pots, numbered as the parser reads them; one reads "
        "'Total pot $95.10 Main pot $85.10. Side pot $10. | Rake $3'"
    ),
    "D: four of a kind, R": "worded like 'three of a kind, Nines'",
    "D: a straight flush, R high": (
        "worded like the straight, 'Hero shows [7s 6c 5d 4d 3d] a straight, Seven high'"
    ),
}


# ----------------------------------------------------------------------------- the corpora


@cache
def real_hands() -> tuple[tuple[str, ...], ...]:
    """Every hand of the real Full Tilt files (flop games too), as its non-blank lines."""
    if not REAL_FULLTILT.is_dir():
        pytest.fail(f"the shared real histories are missing: {REAL_FULLTILT}")
    hands = []
    for path in sorted(REAL_FULLTILT.rglob("*.txt")):
        text = decode_history(path.read_bytes()).text.replace("\r", "")
        for chunk in HAND_START.split(text):
            lines = tuple(
                line.rstrip()
                for line in chunk.split("\n")
                if line.strip() and not ARCHIVE_NUMBER.match(line.strip())
            )
            if lines and HAND_START.match("\n" + lines[0]):
                hands.append(lines)
    return tuple(hands)


@cache
def real_shapes() -> frozenset[str]:
    return frozenset().union(*(fulltilt_shapes(lines) for lines in real_hands()))


@cache
def generated(game: Game) -> tuple[tuple[SimulatedHand, str], ...]:
    """Simulated hands written as Full Tilt text (some from a stacked deck); the few the
    site cannot print are passed over (see `test_few_hands_are_passed_over`)."""
    plain = replace(default_spec(game), site="fulltilt")
    rigged = replace(plain, rig_rate=0.3, first_hand_number=plain.first_hand_number + 10**7)
    hands = [
        *simulate_hands(plain, HANDS_PER_GAME - RIGGED, SEED),
        *simulate_hands(rigged, RIGGED, SEED + 1),
    ]
    found = []
    for simulated in hands:
        try:
            found.append((simulated, write_hand(simulated.hand, HERO)))
        except UnwritableHand:
            assert unprintable(simulated), simulated.hand.hand_number
    return tuple(found)


@cache
def generated_shapes(game: Game) -> frozenset[str]:
    return frozenset().union(*(fulltilt_shapes(text.split("\n")) for _s, text in generated(game)))


GAMES = pytest.mark.parametrize("game", FULLTILT_GAMES, ids=lambda g: g.value)


# ----------------------------------------------------------------------------- shapes


@pytest.mark.slow
@GAMES
def test_generated_lines_have_real_shapes(game: Game) -> None:
    assert generated_shapes(game) - real_shapes() - set(JUSTIFIED) == set()


@pytest.mark.slow
def test_every_justification_is_used() -> None:
    """No stale entry: each justified shape is one the writer really writes."""
    used = set().union(*(generated_shapes(game) for game in FULLTILT_GAMES))
    assert set(JUSTIFIED) - used == set()


def game_name(first_line: str) -> str:
    """ "Limit Stud Hi" of "... - $2/$4 Ante $0.40 - Limit Stud Hi - 13:14:27 ET - ...",
    and "Limit Badugi" of the 2013 form that names the game first and abbreviates its
    limit: "... - FL Badugi - $0.10/$0.20 - 10:18:16 ET - 2013/05/08"."""
    match = GAME_NAME.search(first_line) or GAME_FIRST.search(first_line)
    assert match is not None, first_line
    limit, game = match.groups()
    return f"{LIMIT_WORDS.get(limit, limit)} {game}"


GAME_NAME = re.compile(r" - ((?:No |Pot )?Limit) (.+?) - \d\d?:\d\d:\d\d ")
GAME_FIRST = re.compile(r" - (FL|PL|NL) (.+?) - [^ ]+/[^ ]+ - \d\d?:\d\d:\d\d ")
LIMIT_WORDS = {"FL": "Limit", "PL": "Pot Limit", "NL": "No Limit"}


def parsed_outcomes() -> int:
    """Every hand the Full Tilt parser finds in the real files, read or skipped."""
    return sum(1 for path in sorted(REAL_FULLTILT.rglob("*.txt")) for _ in parse_file(path))


def test_the_real_files_are_all_read() -> None:
    """Each hand of every real file, in every header form: 25 files, 172 hands (the mixed
    file's 84, of which 24 are flop games; the tournament triple draw file's 54; the
    stud file's 12; 22 files of one hand each, two of them "FullTiltPoker Game #", one
    of those an archive export)."""
    games = Counter(game_name(lines[0]) for lines in real_hands())
    assert sum(games.values()) == 84 + 54 + 12 + 22 == parsed_outcomes()
    assert games["Limit 2-7 Triple Draw"] == 10 + 54 + 5
    assert games["Limit Stud Hi"] == 10 + 12 + 3
    assert games["Limit Badugi"] == 10 + 2  # "- Limit Badugi -" and "- FL Badugi -"


# ----------------------------------------------------------------------------- words

FT_GAMES = {
    "Limit Stud Hi": Game.SEVEN_STUD,
    "Limit Stud H/L": Game.SEVEN_STUD_HILO,
    "Limit Razz": Game.RAZZ,
    "Limit 2-7 Triple Draw": Game.TRIPLE_DRAW_27,
    "No Limit 2-7 Single Draw": Game.SINGLE_DRAW_27,
    "Limit Badugi": Game.BADUGI,
    "Limit 5 Card Draw": Game.FIVE_DRAW,
}
SHOWN = re.compile(r"^.+ shows \[([^\]]+)\] (.+)$")
SUMMARY_SHOWN = re.compile(
    r"^Seat \d+: .+ (?:showed|mucked) \[([^\]]+)\] (?:and \w+.*? with|-) (.+)$"
)


def real_descriptions() -> list[tuple[Game, tuple[str, ...], str, bool]]:
    found = []
    for lines in real_hands():
        game = FT_GAMES.get(game_name(lines[0]))
        if game is None:
            continue
        for line in lines:
            for pattern, summary in ((SHOWN, False), (SUMMARY_SHOWN, True)):
                if match := pattern.match(line):
                    found.append((game, tuple(match[1].split()), match[2], summary))
    return found


def test_hands_are_described_as_full_tilt_describes_them() -> None:
    cases = real_descriptions()
    assert len(cases) > 60
    for game, cards, said, summary in cases:
        if summary:
            assert summary_words(game, cards) == said, (game, cards)
            continue
        words = describe(game, cards)
        assert words is not None
        high, low = words
        if game is Game.SEVEN_STUD_HILO:
            high += ", for high" + (f" and {low}, for low" if low else "")
        assert high == said, (game, cards)


def test_amounts_group_thousands() -> None:
    # "Seat 2: Hero ($1,747)", "Player6 wins the pot ($2,922) with J,7,5,3,2"
    assert grouped_amount_text(Decimal("1747")) == "1,747"
    assert grouped_amount_text(Decimal("2922.50")) == "2,922.50"
    assert grouped_amount_text(Decimal("0.90")) == "0.90"
    assert grouped_amount_text(Decimal("5.00")) == "5"


# ----------------------------------------------------------------------------- money

WINS = re.compile(
    r"^(.+) wins (?:the (?:high |low )?(?:main |side )?pot|side pot #\d+) \(\$([\d,.]+)\)"
)
SUMMARY_WON = re.compile(
    r"^Seat \d+: (.+?)(?: \([a-z ]+\))* (?:showed .* and won|collected) \(\$([\d,.]+)\)"
)


def _amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


@pytest.mark.slow  # a simulated table per game, written and read back
@GAMES
def test_the_wins_add_up_to_the_simulators_collects(game: Game) -> None:
    halves = 0
    for simulated, text in generated(game):
        collected: Counter[str] = Counter()
        for event in simulated.hand.events:
            if isinstance(event, Collect):
                collected[event.player] += event.amount
        wins: Counter[str] = Counter()
        summary: Counter[str] = Counter()
        for line in text.split("\n"):
            if match := WINS.match(line):
                wins[match[1]] += _amount(match[2])
                halves += " low " in line
            elif match := SUMMARY_WON.match(line):
                summary[match[1]] += _amount(match[2])
        assert wins == collected, simulated.hand.hand_number
        assert summary == collected, simulated.hand.hand_number
    assert (halves > 0) == (game is Game.SEVEN_STUD_HILO)


def test_a_draw_round_prints_its_discards_before_its_cards() -> None:
    for _simulated, text in generated(Game.TRIPLE_DRAW_27):
        for block in re.split(r"\*\*\* \w+ DRAW \*\*\*", text)[1:]:
            lines = block.split("\n")
            dealt = [
                i for i, line in enumerate(lines) if " is dealt " in line or "Dealt to" in line
            ]
            drawn = [
                i for i, line in enumerate(lines) if " discards " in line or "stands pat" in line
            ]
            assert not dealt or not drawn or max(drawn) < min(dealt)


def test_the_same_seed_writes_the_same_text() -> None:
    first = [text for _s, text in written("mixed", 120, 5, "fulltilt")]
    again = [text for _s, text in written("mixed", 120, 5, "fulltilt")]
    other = [text for _s, text in written("mixed", 120, 6, "fulltilt")]
    assert first == again != other
    assert len(first) == 120


# ----------------------------------------------------------------------------- refused


def _first_hand(game: Game, **changes: object) -> Hand:
    spec = replace(default_spec(game), **changes)  # type: ignore[arg-type]
    return next(simulate_hands(spec, 1, 1)).hand


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param(lambda: _first_hand(Game.FIVE_STUD), id="five card stud"),
        pytest.param(lambda: _first_hand(Game.TRIPLE_DRAW_A5), id="A-5 triple draw"),
        pytest.param(
            lambda: next(simulate_hands(default_spec(Game.RAZZ, tournament=True), 1, 1)).hand,
            id="tournament",
        ),
        pytest.param(lambda: _first_hand(Game.RAZZ, currency="EUR"), id="euros"),
        pytest.param(lambda: _first_hand(Game.BADUGI, seats=4), id="four-max"),
    ],
)
def test_what_full_tilt_never_printed_is_refused(hand) -> None:
    with pytest.raises(UnwritableHand):
        write_hand(hand(), HERO)


def unprintable(simulated: SimulatedHand) -> bool:
    """What no Full Tilt history shows: stud's community card, and the halves of a hi/lo
    hand's second side pot (nor does the Full Tilt parser read a wording for them)."""
    events = simulated.hand.events
    if any(isinstance(event, CommunityCards) for event in events):
        return True
    sides = {e.pot for e in events if isinstance(e, Collect) and e.pot.startswith("side-")}
    return simulated.hand.game is Game.SEVEN_STUD_HILO and len(sides) > 1


@pytest.mark.parametrize("game", [Game.SEVEN_STUD, Game.SEVEN_STUD_HILO], ids=str)
def test_few_hands_are_passed_over(game: Game) -> None:
    skipped = HANDS_PER_GAME - len(generated(game))
    assert 0 < skipped < HANDS_PER_GAME // 10

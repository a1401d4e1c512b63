"""Generated text is written the way PokerStars writes: every line shape of the generated
hands of a game appears in the real PokerStars files (in that game, or another game where
the same line form is printed), or in the short list below, each entry quoting the real
line that justifies it."""

from __future__ import annotations

from functools import cache

import pytest

from parsers.model.events import Game
from pipeline.writers.pokerstars import GAMES as POKERSTARS_GAMES
from tests.conftest import REAL_HISTORIES
from tests.support.generated_corpus import round_trip
from tests.support.line_shapes import file_hands, shapes_by_game

pytestmark = pytest.mark.slow  # thousands of simulated hands per game

# shape -> the real PokerStars line(s) that justify it
JUSTIFIED = {
    "PokerStars Hand #N:  G (N/N USD) - N ET": (
        "today's header, for a player whose clock is on ET: the 'Hand #' of "
        "'PokerStars Hand #182639671213:  7 Card Stud Limit ($0.10/$0.20 USD) - "
        "2018/02/17 16:08:46 WET [2018/02/17 11:08:46 ET]' with the ET-only clock of "
        "'PokerStars Game #35874004239:  7 Card Stud Limit ($0.04/$0.08 USD) - "
        "2009/11/26 10:08:43 ET'"
    ),
    "<P> collected N from side pot-N": (
        "numbered when there are several side pots; one side pot reads "
        "'buddyboy3399 collected $2.55 from side pot'"
    ),
    "Total pot N Main pot N. Side pot-N N. | Rake N": (
        "several side pots, numbered; one reads "
        "'Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25'"
    ),
    "Board [C]": (
        "stud's community card, printed as the flop games print their board: "
        "'Board [8c Qs 4h 2d 3d]'"
    ),
    "Seat N: <P> folded on the Flop": (
        "no-limit single draw words its rounds as flop games do ('Seat 1: Player1 (small "
        "blind) folded before Flop' in the real 2-7 Single Draw hand); after the draw: "
        "'Seat 2: Hero (button) (small blind) folded on the Flop'"
    ),
    "D: four of a kind, R": (
        "worded like 'three of a kind, Aces' and 'a full house, Sevens full of Fives'"
    ),
    "D: a straight flush, R to R": "worded like 'a straight, Ace to Five'",
}


@cache
def real_shapes() -> tuple[dict[str, set[str]], set[str]]:
    per_game = shapes_by_game(file_hands(sorted((REAL_HISTORIES / "PokerStars").rglob("*.txt"))))
    return per_game, set().union(*per_game.values())


@cache
def generated_shapes(game: Game) -> frozenset[str]:
    trip = round_trip(game)
    return frozenset(shapes_by_game((t.text.lines, t.parsed) for t in trip)[game.value])


@pytest.mark.parametrize("game", POKERSTARS_GAMES, ids=lambda g: g.value)
def test_generated_lines_have_real_shapes(game: Game) -> None:
    generated = generated_shapes(game)
    per_game, any_game = real_shapes()
    assert generated - any_game - set(JUSTIFIED) == set()
    own = generated & per_game.get(game.value, set())
    print(f"{game}: {len(generated)} shapes, {len(own)} seen in real {game} hands")


def test_every_justification_is_used() -> None:
    """No stale entry: each justified shape is one the generator really writes."""
    used = set().union(*(generated_shapes(game) for game in POKERSTARS_GAMES))
    assert set(JUSTIFIED) <= used

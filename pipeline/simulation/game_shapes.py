"""The simulator's own statement of each game's shape, restated from the published
rules and kept apart from `parsers.model.games` on purpose: the round trip checks the engine
(which reads `parsers.model.games`) against an independent author."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parsers.model.events import (
    Card,
    Game,
    Street,
)
from pipeline.engine.evaluators import (
    ace_to_five_low_value,
    badugi_value,
    deuce_to_seven_low_value,
    eight_or_better_low_value,
    high_value,
)

Evaluator = Callable[[Sequence[Card]], int | None]


@dataclass(frozen=True, slots=True)
class GameShape:
    """A game's shape, restated from the published rules (not read from `parsers.model.games`):
    what is dealt, who starts, which rounds bet big."""

    stud: bool
    streets: tuple[Street, ...]
    big_streets: frozenset[Street]
    max_seats: int
    high: Evaluator
    low: Evaluator | None = None
    deal: tuple[tuple[int, int], ...] = ()  # stud: (down, up) cards dealt on each street
    bring_in: str | None = None  # "lowest", "highest" (aces low) or "highest_ace_high" brings in
    board: Evaluator | None = None  # stud: the best exposed board speaks first
    open_pair: Street | None = None  # an open pair here allows the big bet
    hand_size: int = 5
    describe: str = "high"  # how a shown hand is worded
    ceilings: tuple[int, ...] = ()  # five-up: the largest raise per round, x the minimum


_SEVEN = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)


_FIVE = (Street.SECOND, Street.THIRD, Street.FOURTH, Street.FIFTH)


_SEVEN_DEAL = ((2, 1), (0, 1), (0, 1), (0, 1), (1, 0))


_TRIPLE = (Street.PREDRAW, Street.DRAW_1, Street.DRAW_2, Street.DRAW_3)


_SINGLE = (Street.PREDRAW, Street.DRAW_1)


_BIG_SEVEN = frozenset({Street.FIFTH, Street.SIXTH, Street.SEVENTH})


_BIG_TRIPLE = frozenset({Street.DRAW_2, Street.DRAW_3})


RULES: dict[Game, GameShape] = {
    Game.SEVEN_STUD: GameShape(
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8, high=high_value,
        deal=_SEVEN_DEAL, bring_in="lowest", board=high_value, open_pair=Street.FOURTH,
        hand_size=7,
    ),
    Game.SEVEN_STUD_HILO: GameShape(
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8, high=high_value,
        low=eight_or_better_low_value, deal=_SEVEN_DEAL, bring_in="lowest", board=high_value,
        hand_size=7, describe="hilo",
    ),
    Game.RAZZ: GameShape(
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8,
        high=ace_to_five_low_value, deal=_SEVEN_DEAL, bring_in="highest",
        board=ace_to_five_low_value, hand_size=7, describe="a5",
    ),
    Game.RAZZ_27: GameShape(  # razz for the deuce-to-seven low: an ace is the worst card
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8,
        high=deuce_to_seven_low_value, deal=_SEVEN_DEAL, bring_in="highest_ace_high",
        board=deuce_to_seven_low_value, hand_size=7, describe="deuce",
    ),
    Game.FIVE_STUD: GameShape(
        stud=True, streets=_FIVE, big_streets=frozenset({Street.FOURTH, Street.FIFTH}),
        max_seats=8, high=high_value, deal=((1, 1), (0, 1), (0, 1), (0, 1)),
        bring_in="lowest", board=high_value, open_pair=Street.THIRD,
    ),
    Game.FIVE_UP_STUD: GameShape(  # the casino's: the highest card speaks, the last card is down
        stud=True, streets=_FIVE, big_streets=frozenset(), max_seats=7, high=high_value,
        deal=((1, 1), (0, 1), (0, 1), (1, 0)), board=high_value, ceilings=(10, 20, 40, 80),
    ),
    Game.TRIPLE_DRAW_27: GameShape(
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6,
        high=deuce_to_seven_low_value, describe="deuce",
    ),
    Game.SINGLE_DRAW_27: GameShape(
        stud=False, streets=_SINGLE, big_streets=frozenset({Street.DRAW_1}), max_seats=6,
        high=deuce_to_seven_low_value, describe="deuce",
    ),
    Game.TRIPLE_DRAW_A5: GameShape(
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6,
        high=ace_to_five_low_value, describe="a5",
    ),
    Game.BADUGI: GameShape(
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6, high=badugi_value,
        hand_size=4, describe="badugi",
    ),
    Game.SINGLE_DRAW_A5: GameShape(
        stud=False, streets=_SINGLE, big_streets=frozenset({Street.DRAW_1}), max_seats=6,
        high=ace_to_five_low_value, describe="a5",
    ),
    Game.BADEUCEY: GameShape(  # half the pot to the best badugi, half to the best 2-7
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6, high=badugi_value,
        low=deuce_to_seven_low_value, describe="deuce",
    ),
    Game.BADACEY: GameShape(  # half the pot to the best badugi, half to the best A-5
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6, high=badugi_value,
        low=ace_to_five_low_value, describe="a5",
    ),
    Game.FIVE_DRAW: GameShape(
        stud=False, streets=_SINGLE, big_streets=frozenset({Street.DRAW_1}), max_seats=6,
        high=high_value,
    ),
}  # fmt: skip

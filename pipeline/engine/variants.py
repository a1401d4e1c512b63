"""The rules of each game, and each site's conventions, as data.

The replay engine never asks "is this Razz?": it asks the variant which card brings in,
which board acts first, which streets play big bets and how a showdown is judged.
Sites differ on details the rules page leaves open (caps, odd chips, ties); each site's
format declares those as `parsers.conventions.SiteConventions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from parsers.events import DRAW_STREETS, Card, Game, Street
from pipeline.engine.evaluators import (
    ace_to_five_low_value,
    badugi_value,
    deuce_to_seven_low_value,
    eight_or_better_low_value,
    high_value,
)

RANK_ORDER = "23456789TJQKA"
SUIT_ORDER = "cdhs"  # bring-in ties: clubs lowest, spades highest


class Family(StrEnum):
    STUD = "stud"
    DRAW = "draw"


class BoardOrder(StrEnum):
    """Which up card brings in: the lowest (stud) or the highest (razz)."""

    HIGHEST = "highest"
    LOWEST = "lowest"


Evaluator = Callable[[Sequence[Card]], int | None]


@dataclass(frozen=True, slots=True)
class Variant:
    game: Game
    family: Family
    streets: tuple[Street, ...]
    big_bet_streets: frozenset[Street]
    high: Evaluator | None  # the high (or only) half of a showdown; bigger is better
    low: Evaluator | None = None  # the low half of a split-pot game; None: does not qualify
    bring_in_card: BoardOrder | None = None  # HIGHEST (razz) or LOWEST up card brings in
    board_value: Evaluator | None = None  # stud: the best board (biggest value) acts first
    open_pair_street: Street | None = None  # the street where an open pair allows big bets
    draws: int = 0
    hand_size: int = 5
    raise_ceilings: tuple[int, ...] = ()  # five-up stud: max raise per round, x the minimum


def _low_board(cards: Sequence[Card]) -> int:
    return ace_to_five_low_value(cards)


SEVEN_STUD_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
FIVE_STUD_STREETS = (Street.SECOND, Street.THIRD, Street.FOURTH, Street.FIFTH)
STUD_BIG = frozenset({Street.FIFTH, Street.SIXTH, Street.SEVENTH})

VARIANTS: dict[Game, Variant] = {
    Game.SEVEN_STUD: Variant(
        Game.SEVEN_STUD,
        Family.STUD,
        SEVEN_STUD_STREETS,
        STUD_BIG,
        high_value,
        bring_in_card=BoardOrder.LOWEST,
        board_value=high_value,
        open_pair_street=Street.FOURTH,
        hand_size=7,
    ),
    Game.SEVEN_STUD_HILO: Variant(
        Game.SEVEN_STUD_HILO,
        Family.STUD,
        SEVEN_STUD_STREETS,
        STUD_BIG,
        high_value,
        low=eight_or_better_low_value,
        bring_in_card=BoardOrder.LOWEST,
        board_value=high_value,
        hand_size=7,
    ),
    Game.RAZZ: Variant(
        Game.RAZZ,
        Family.STUD,
        SEVEN_STUD_STREETS,
        STUD_BIG,
        ace_to_five_low_value,
        bring_in_card=BoardOrder.HIGHEST,
        board_value=_low_board,
        hand_size=7,
    ),
    Game.FIVE_STUD: Variant(
        Game.FIVE_STUD,
        Family.STUD,
        FIVE_STUD_STREETS,
        frozenset({Street.FOURTH, Street.FIFTH}),
        high_value,
        bring_in_card=BoardOrder.LOWEST,
        board_value=high_value,
        open_pair_street=Street.THIRD,
    ),
    Game.FIVE_UP_STUD: Variant(
        Game.FIVE_UP_STUD,
        Family.STUD,
        FIVE_STUD_STREETS,
        frozenset(),
        high_value,
        board_value=high_value,
        raise_ceilings=(10, 20, 40, 80),
    ),
    Game.TRIPLE_DRAW_27: Variant(
        Game.TRIPLE_DRAW_27,
        Family.DRAW,
        (Street.PREDRAW, *DRAW_STREETS),
        frozenset({Street.DRAW_2, Street.DRAW_3}),
        deuce_to_seven_low_value,
        draws=3,
    ),
    Game.TRIPLE_DRAW_A5: Variant(
        Game.TRIPLE_DRAW_A5,
        Family.DRAW,
        (Street.PREDRAW, *DRAW_STREETS),
        frozenset({Street.DRAW_2, Street.DRAW_3}),
        ace_to_five_low_value,
        draws=3,
    ),
    Game.BADUGI: Variant(
        Game.BADUGI,
        Family.DRAW,
        (Street.PREDRAW, *DRAW_STREETS),
        frozenset({Street.DRAW_2, Street.DRAW_3}),
        badugi_value,
        draws=3,
        hand_size=4,
    ),
    Game.SINGLE_DRAW_27: Variant(
        Game.SINGLE_DRAW_27,
        Family.DRAW,
        (Street.PREDRAW, Street.DRAW_1),
        frozenset({Street.DRAW_1}),
        deuce_to_seven_low_value,
        draws=1,
    ),
    Game.FIVE_DRAW: Variant(
        Game.FIVE_DRAW,
        Family.DRAW,
        (Street.PREDRAW, Street.DRAW_1),
        frozenset({Street.DRAW_1}),
        high_value,
        draws=1,
    ),
}


def card_order(card: Card, aces_low: bool) -> tuple[int, int]:
    """A single up card's rank and suit, for the bring-in (razz counts aces low)."""
    rank = RANK_ORDER.index(card[0])
    if aces_low and card[0] == "A":
        rank = -1
    return rank, SUIT_ORDER.index(card[1])

"""Each game's rules with the evaluators that judge it.

The replay engine never asks "is this Razz?": it asks the variant which card brings in,
which board acts first, which streets play big bets and how a showdown is judged. The
rules themselves are `parsers.model.games.GAME_RULES`; this module adds what only a judge
needs, the evaluator of each `Ranking`. Sites differ on details the rules leave open
(caps, odd chips, ties); each site's format declares those as
`parsers.model.conventions.SiteConventions`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from parsers.model.events import Card
from parsers.model.games import GAME_RULES, Family, Game, GameRules, Ranking
from pipeline.engine.evaluators import (
    ace_to_five_low_value,
    badugi_value,
    deuce_to_seven_low_value,
    eight_or_better_low_value,
    high_value,
)

RANK_ORDER: Final = "23456789TJQKA"
SUIT_ORDER: Final = "cdhs"  # bring-in ties: clubs lowest, spades highest

Evaluator = Callable[[Sequence[Card]], int | None]

EVALUATORS: Final[dict[Ranking, Evaluator]] = {
    Ranking.HIGH: high_value,
    Ranking.ACE_TO_FIVE: ace_to_five_low_value,
    Ranking.DEUCE_TO_SEVEN: deuce_to_seven_low_value,
    Ranking.BADUGI: badugi_value,
    Ranking.EIGHT_OR_BETTER: eight_or_better_low_value,
}


@dataclass(frozen=True, slots=True)
class Variant:
    rules: GameRules
    high: Evaluator  # the high (or only) half of a showdown; bigger is better
    low: Evaluator | None  # the other half of a split-pot game; a None value: no qualifier
    board_value: Evaluator | None  # stud: the best board (biggest value) acts first


def _variant(rules: GameRules) -> Variant:
    value = EVALUATORS[rules.ranking]
    return Variant(
        rules,
        high=value,
        low=EVALUATORS[rules.split_ranking] if rules.split_ranking else None,
        board_value=value if rules.family is Family.STUD else None,
    )


VARIANTS: dict[Game, Variant] = {game: _variant(rules) for game, rules in GAME_RULES.items()}


def card_order(card: Card, aces_low: bool) -> tuple[int, int]:
    """A single up card's rank and suit, for the bring-in (razz counts aces low, 2-7 razz
    high)."""
    rank = RANK_ORDER.index(card[0])
    if aces_low and card[0] == "A":
        rank = -1
    return rank, SUIT_ORDER.index(card[1])

"""Every game's shape, stated once: its betting rounds, what each round deals, which
rounds bet big, how a showdown is judged.

The parsers (which street a card belongs to), the engine (turn order, bet sizes,
showdown), the dashboard's replayer and the SQL stats (`stat_games` in
`pipeline/storage/stats.sql`, held to this table by `tests/parsers/test_game_rules.py`) all read
this table. Adding a game means one `GameRules` entry here, its `Game` id, and, if it is
judged in a new way, an evaluator for its `Ranking` in `pipeline/engine/evaluators.py`.

The simulator keeps its own statement of the rules on purpose: the round trip checks the
engine against an independent author.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final


class Game(StrEnum):
    """Game ids: the same strings in `parse`, `validate`, `generate` and the database."""

    SEVEN_STUD = "seven_stud"
    SEVEN_STUD_HILO = "seven_stud_hilo"
    RAZZ = "razz"
    FIVE_STUD = "five_stud"
    FIVE_UP_STUD = "five_up_stud"
    TRIPLE_DRAW_27 = "triple_draw_27"
    SINGLE_DRAW_27 = "single_draw_27"
    TRIPLE_DRAW_A5 = "triple_draw_a5"
    BADUGI = "badugi"
    FIVE_DRAW = "five_draw"
    # Added with the sites that deal them (KingsClub); last, so that the ids' order, which
    # numbers the simulator's hands, stays as it was.
    RAZZ_27 = "razz_27"
    SINGLE_DRAW_A5 = "single_draw_a5"
    BADEUCEY = "badeucey"
    BADACEY = "badacey"

    @property
    def rules(self) -> GameRules:
        return GAME_RULES[self]

    @property
    def is_stud(self) -> bool:
        return self in _STUD_GAMES


class Street(StrEnum):
    """Betting rounds. Stud streets are named by card count; draw rounds by draws done."""

    SECOND = "second"  # five card stud's first round
    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"
    PREDRAW = "predraw"
    DRAW_1 = "draw_1"
    DRAW_2 = "draw_2"
    DRAW_3 = "draw_3"


DRAW_STREETS: Final = (Street.DRAW_1, Street.DRAW_2, Street.DRAW_3)


class Family(StrEnum):
    STUD = "stud"  # cards dealt down and up, round by round; no draws
    DRAW = "draw"  # a closed hand dealt before the first round, improved by draws


class Ranking(StrEnum):
    """How a hand (or a stud board) is valued; each has an evaluator in the engine."""

    HIGH = "high"
    ACE_TO_FIVE = "ace_to_five"
    DEUCE_TO_SEVEN = "deuce_to_seven"
    BADUGI = "badugi"
    EIGHT_OR_BETTER = "eight_or_better"  # ace-to-five, if five ranks of eight or lower


class BringIn(StrEnum):
    """Which up card brings in on a stud game's first street."""

    LOWEST = "lowest"  # high games: the lowest card
    HIGHEST = "highest"  # low games: the highest card (aces low in razz, high in 2-7 razz)


@dataclass(frozen=True, slots=True)
class StreetDeal:
    """What one betting round deals each player before it: cards face down, face up.

    A draw round deals nothing new: what a player draws replaces what he throws away.
    """

    street: Street
    down: int
    up: int = 0


@dataclass(frozen=True, slots=True)
class GameRules:
    game: Game
    name: str  # as players call it
    family: Family
    deals: tuple[StreetDeal, ...]  # every betting round, in order
    big_bet_streets: frozenset[Street]
    ranking: Ranking  # the high (or only) half of a showdown
    split_ranking: Ranking | None = None  # split-pot games: how the other half is judged
    bring_in: BringIn | None = None
    open_pair_street: Street | None = None  # an open pair there allows the big bet
    raise_ceilings: tuple[int, ...] = ()  # five-up stud: most a round's raise may be, x the minimum

    streets: tuple[Street, ...] = field(init=False)  # the betting rounds, from `deals`
    hand_size: int = field(init=False)  # cards held at the end: stud's every deal, draw's first
    up_size: int = field(init=False)  # of those, dealt face up (stud)
    draws: int = field(init=False)
    _deal_by_street: dict[Street, StreetDeal] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # Worked out once: the engine asks for them at every action.
        object.__setattr__(self, "streets", tuple(deal.street for deal in self.deals))
        object.__setattr__(self, "hand_size", sum(deal.down + deal.up for deal in self.deals))
        object.__setattr__(self, "up_size", sum(deal.up for deal in self.deals))
        draws = len(self.deals) - 1 if self.family is Family.DRAW else 0
        object.__setattr__(self, "draws", draws)
        object.__setattr__(self, "_deal_by_street", {deal.street: deal for deal in self.deals})

    def deal_on(self, street: Street) -> StreetDeal | None:
        """The round's deal; None for a street the game does not have."""
        return self._deal_by_street.get(street)


_SEVEN_STUD_DEALS = (
    StreetDeal(Street.THIRD, down=2, up=1),
    StreetDeal(Street.FOURTH, down=0, up=1),
    StreetDeal(Street.FIFTH, down=0, up=1),
    StreetDeal(Street.SIXTH, down=0, up=1),
    StreetDeal(Street.SEVENTH, down=1, up=0),
)
_SEVEN_STUD_BIG = frozenset({Street.FIFTH, Street.SIXTH, Street.SEVENTH})
_FIVE_STUD_FIRST_STREETS = (
    StreetDeal(Street.SECOND, down=1, up=1),
    StreetDeal(Street.THIRD, down=0, up=1),
    StreetDeal(Street.FOURTH, down=0, up=1),
)


def _draw_deals(hand_size: int, draws: int) -> tuple[StreetDeal, ...]:
    first = StreetDeal(Street.PREDRAW, down=hand_size)
    return (first, *(StreetDeal(street, down=0) for street in DRAW_STREETS[:draws]))


_TRIPLE_DRAW_BIG = frozenset({Street.DRAW_2, Street.DRAW_3})
_SINGLE_DRAW_BIG = frozenset({Street.DRAW_1})

GAME_RULES: Final[dict[Game, GameRules]] = {
    rules.game: rules
    for rules in (
        GameRules(
            Game.SEVEN_STUD,
            "7 Card Stud",
            Family.STUD,
            _SEVEN_STUD_DEALS,
            _SEVEN_STUD_BIG,
            Ranking.HIGH,
            bring_in=BringIn.LOWEST,
            open_pair_street=Street.FOURTH,
        ),
        GameRules(
            Game.SEVEN_STUD_HILO,
            "7 Card Stud Hi/Lo",
            Family.STUD,
            _SEVEN_STUD_DEALS,
            _SEVEN_STUD_BIG,
            Ranking.HIGH,
            split_ranking=Ranking.EIGHT_OR_BETTER,
            bring_in=BringIn.LOWEST,
        ),
        GameRules(
            Game.RAZZ,
            "Razz",
            Family.STUD,
            _SEVEN_STUD_DEALS,
            _SEVEN_STUD_BIG,
            Ranking.ACE_TO_FIVE,
            bring_in=BringIn.HIGHEST,
        ),
        # Razz played for the deuce-to-seven low: the ace is high, so an up ace brings in.
        GameRules(
            Game.RAZZ_27,
            "2-7 Razz",
            Family.STUD,
            _SEVEN_STUD_DEALS,
            _SEVEN_STUD_BIG,
            Ranking.DEUCE_TO_SEVEN,
            bring_in=BringIn.HIGHEST,
        ),
        GameRules(
            Game.FIVE_STUD,
            "5 Card Stud",
            Family.STUD,
            (*_FIVE_STUD_FIRST_STREETS, StreetDeal(Street.FIFTH, down=0, up=1)),
            frozenset({Street.FOURTH, Street.FIFTH}),
            Ranking.HIGH,
            bring_in=BringIn.LOWEST,
            open_pair_street=Street.THIRD,
        ),
        # The casino game: no bring-in, the last card dealt down, each round's raise capped.
        GameRules(
            Game.FIVE_UP_STUD,
            "5 Card Stud (five-up)",
            Family.STUD,
            (*_FIVE_STUD_FIRST_STREETS, StreetDeal(Street.FIFTH, down=1, up=0)),
            frozenset(),
            Ranking.HIGH,
            raise_ceilings=(10, 20, 40, 80),
        ),
        GameRules(
            Game.TRIPLE_DRAW_27,
            "2-7 Triple Draw",
            Family.DRAW,
            _draw_deals(5, 3),
            _TRIPLE_DRAW_BIG,
            Ranking.DEUCE_TO_SEVEN,
        ),
        GameRules(
            Game.TRIPLE_DRAW_A5,
            "A-5 Triple Draw",
            Family.DRAW,
            _draw_deals(5, 3),
            _TRIPLE_DRAW_BIG,
            Ranking.ACE_TO_FIVE,
        ),
        GameRules(
            Game.SINGLE_DRAW_A5,
            "A-5 Single Draw",
            Family.DRAW,
            _draw_deals(5, 1),
            _SINGLE_DRAW_BIG,
            Ranking.ACE_TO_FIVE,
        ),
        GameRules(
            Game.BADUGI, "Badugi", Family.DRAW, _draw_deals(4, 3), _TRIPLE_DRAW_BIG, Ranking.BADUGI
        ),
        # Five-card triple draws splitting the pot: half to the best badugi (of four of the
        # five cards), half to the best deuce-to-seven (Badeucey) or ace-to-five (Badacey)
        # low of all five. Both halves always have a winner.
        GameRules(
            Game.BADEUCEY,
            "Badeucey",
            Family.DRAW,
            _draw_deals(5, 3),
            _TRIPLE_DRAW_BIG,
            Ranking.BADUGI,
            split_ranking=Ranking.DEUCE_TO_SEVEN,
        ),
        GameRules(
            Game.BADACEY,
            "Badacey",
            Family.DRAW,
            _draw_deals(5, 3),
            _TRIPLE_DRAW_BIG,
            Ranking.BADUGI,
            split_ranking=Ranking.ACE_TO_FIVE,
        ),
        GameRules(
            Game.SINGLE_DRAW_27,
            "2-7 Single Draw",
            Family.DRAW,
            _draw_deals(5, 1),
            _SINGLE_DRAW_BIG,
            Ranking.DEUCE_TO_SEVEN,
        ),
        GameRules(
            Game.FIVE_DRAW,
            "5 Card Draw",
            Family.DRAW,
            _draw_deals(5, 1),
            _SINGLE_DRAW_BIG,
            Ranking.HIGH,
        ),
    )
}
_STUD_GAMES: Final = frozenset(
    game for game, rules in GAME_RULES.items() if rules.family is Family.STUD
)

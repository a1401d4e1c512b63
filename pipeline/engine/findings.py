"""What the engine says about a hand: findings with stable codes.

An *error* means the money or the legality of the hand is wrong: the hand cannot be
trusted. A *warning* means the history follows a site convention that differs from the
rules page, or says something odd that changes no money.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Code(StrEnum):
    # forced bets
    BRING_IN_PLAYER = "bring_in_player"
    BRING_IN_AMOUNT = "bring_in_amount"
    BRING_IN_MISSING = "bring_in_missing"
    # order of play
    FIRST_ACTOR = "first_actor"
    OUT_OF_TURN = "out_of_turn"
    ACTED_AFTER_FOLD = "acted_after_fold"
    UNKNOWN_PLAYER = "unknown_player"
    SEATED_TWICE = "seated_twice"
    ROUND_NOT_CLOSED = "round_not_closed"
    # amounts
    BET_SIZE = "bet_size"
    RAISE_SIZE = "raise_size"
    CAP_EXCEEDED = "cap_exceeded"
    RAISE_NOT_REOPENED = "raise_not_reopened"
    CHECK_FACING_BET = "check_facing_bet"
    CALL_AMOUNT = "call_amount"
    OVER_STACK = "over_stack"
    ALL_IN_FLAG = "all_in_flag"
    ALL_IN_FOLD = "all_in_fold"
    UNCALLED_AMOUNT = "uncalled_amount"
    # cards
    CARD_DEALT_TWICE = "card_dealt_twice"
    UP_CARDS_INCONSISTENT = "up_cards_inconsistent"
    SHOWN_CARDS_MISMATCH = "shown_cards_mismatch"
    DRAW_COUNT = "draw_count"
    CARD_COUNT = "card_count"
    # pots and results
    TOTAL_POT = "total_pot"
    SIDE_POTS = "side_pots"
    COLLECTED = "collected"
    WINNER = "winner"
    SPLIT = "split"
    ODD_CHIP = "odd_chip"  # a split's odd chip where the site's rule is unknown: who took it
    SUMMARY = "summary"
    # the engine itself
    AMOUNT_RANGE = "amount_range"  # an amount past exact counting (10^5000, 1e999999)
    ENGINE_FAULT = "engine_fault"  # the replay raised: a bug of ours, the hand kept aside


SEVERITY: dict[Code, Severity] = {code: Severity.ERROR for code in Code}
SEVERITY[Code.ALL_IN_FLAG] = Severity.WARNING
SEVERITY[Code.SUMMARY] = Severity.WARNING
SEVERITY[Code.ALL_IN_FOLD] = Severity.WARNING
SEVERITY[Code.ODD_CHIP] = Severity.WARNING


@dataclass(frozen=True, slots=True)
class Finding:
    code: Code
    message: str
    line: int = 0  # the history line of the event concerned (0: the hand as a whole)
    player: str | None = None

    @property
    def severity(self) -> Severity:
        return SEVERITY[self.code]

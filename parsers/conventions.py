"""What a site does where the rules page leaves room: declared by each site's format.

The engine applies the rules of the game; a site's history is only consistent with them
once the site's house conventions are known (does it cap heads-up? who gets the odd
chip?). Each site module declares its own `CONVENTIONS`, next to its grammar, so adding
a site never touches the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum


class OddChip(StrEnum):
    """Who gets the chip that cannot be split."""

    FIRST_SEAT_LEFT_OF_BUTTON = "first_seat_left_of_button"
    HIGH_HALF_THEN_FIRST_SEAT = "high_half_then_first_seat"


@dataclass(frozen=True, slots=True)
class SiteConventions:
    """The house rules a replay needs.

    `cap_bets`: bets allowed in a fixed-limit round (the bet, or the blind, and raises).
    `uncapped_heads_up`: no cap when only two players are left in the hand.
    `chip`: the smallest unit a split can give, for real money; tournaments use 1.
    `pots_printed_net_of_rake`: the summary's main and side pots are after rake
    (PokerStars: "Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25").
    """

    cap_bets: int = 4
    pots_printed_net_of_rake: bool = True
    uncapped_heads_up: bool = True
    odd_chip: OddChip = OddChip.HIGH_HALF_THEN_FIRST_SEAT
    chip: Decimal = Decimal("0.01")

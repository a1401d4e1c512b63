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


class ShortAllInRaise(StrEnum):
    """Fixed limit: where the next raise goes after an all-in raise for less than a bet.

    PokerStars (tournament Badugi, 2010) raises from the last *full* bet, so the next
    raise completes the short one: "Player19: raises 60 to 120 / Player13: raises 30 to
    150 and is all-in / Player19: raises 30 to 180" (a 60 bet); and over a short all-in
    bet, "Player19: bets 50 and is all-in / Player3: raises 250 to 300" (a 300 bet).
    """

    FROM_LAST_FULL_BET = "from_last_full_bet"
    # Full Tilt (5 Card Stud, 2013, bets of 800): "completes it to 800 / raises to 1,345,
    # and is all in / raises to 2,145": the short raise stands as the new level.
    FROM_ALL_IN = "from_all_in"


@dataclass(frozen=True, slots=True)
class SiteConventions:
    """The house rules a replay needs.

    `cap_bets`: bets allowed in a fixed-limit round (the bet, or the blind, and raises).
    `uncapped_heads_up`: no cap when only two players are left in the hand.
    `chip`: the smallest unit a split can give, for real money; tournaments use 1.
    `short_all_in_raise`: fixed limit, the level the next raise starts from after an
    all-in raise for less than a bet; `half_bet_reopens`: such an all-in of at least half
    a bet lets the players who already acted raise again (the common card-room rule;
    below half, they may only call).
    `raise_over_completion_adds_bring_in`: stud's first raise over the completion of a
    bring-in adds the bring-in, not a small bet (KingsClub, every real stud hand that has
    one: "Player0 brings in for 33.16 / Player2 bets 44 / Player3 raises to 77.16 /
    Player4 raises to 121.16" at 44/88); it is a full raise, the next adds a small bet.
    `pots_printed_net_of_rake`: the summary's main and side pots are after rake
    (PokerStars: "Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25").
    """

    cap_bets: int = 4
    pots_printed_net_of_rake: bool = True
    uncapped_heads_up: bool = True
    odd_chip: OddChip = OddChip.HIGH_HALF_THEN_FIRST_SEAT
    chip: Decimal = Decimal("0.01")
    short_all_in_raise: ShortAllInRaise = ShortAllInRaise.FROM_LAST_FULL_BET
    half_bet_reopens: bool = True
    raise_over_completion_adds_bring_in: bool = False


CARD_ROOM_RULES = SiteConventions()
"""The rules a hand of no known site is replayed by: the common card-room rules."""

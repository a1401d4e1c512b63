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


class OddChipHalf(StrEnum):
    """A hi/lo pot split between a high and a low hand: which half takes the chip that
    cannot be halved.

    - HIGH: the card-room rule (Robert's Rules of Poker: "the high hand receives the odd
      chip"), and what every real hi/lo hand of PokerStars (7 Stud Hi/Lo 0.04/0.08, 2009:
      0.73 shared 0.37 high, 0.36 low), Bovada (2012: 4.65 as 2.33 / 2.32), Absolute (2009:
      0.39 as 0.20 / 0.19) and Merge (2014: 4.19 as 2.10 / 2.09) shows; FPDB's
      DerivedStats gives the high half the remainder too, for every site.
    - LOW: Winning (2016 Stud Hi/Lo: 7.05 shared 3.53 to the low hand, 3.52 to the high,
      the hand kept aside in issue 48 and the one FPDB's WinningToFpdb.py quotes).
    - UNKNOWN: no real hand of the site shows it; any halving within one chip of the exact
      half is accepted, with an `odd_chip` warning that names what the history did.
    """

    HIGH = "high"
    LOW = "low"
    UNKNOWN = "unknown"


class OddChip(StrEnum):
    """Tied winners of a pot (or of one half of a hi/lo pot): who takes the chips that
    cannot be shared equally, one chip each at most.

    - FIRST_SEAT_LEFT_OF_BUTTON: the first winner clockwise from the button, then the next
      (a stud hand has no button: from seat 1). The card-room rule for button games, and
      FPDB's for every game (DerivedStats hands the remainder out by position from the
      small blind on).
    - HIGH_CARD_BY_SUIT: the card-room rule for stud (Robert's Rules): the winner holding
      the highest card, suits breaking a tie (spades, hearts, diamonds, clubs), among all
      his cards; between tied low hands (razz, a low half), the lowest card by suit. A draw
      game falls back on the seat left of the button.
    - UNKNOWN: no real hand of the site shows tied winners with a chip left over; any
      sharing within one chip of the exact part is accepted, with an `odd_chip` warning
      that names what the history did.
    """

    FIRST_SEAT_LEFT_OF_BUTTON = "first_seat_left_of_button"
    HIGH_CARD_BY_SUIT = "high_card_by_suit"
    UNKNOWN = "unknown"


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
    `odd_chip_half`, `odd_chip`: who takes a chip a split cannot share (`OddChipHalf`,
    `OddChip`); the defaults are the card-room rules the replay of a hand of no known
    site follows, each site module declares its own.
    `total_pot_printed`: the summary prints the total pot; False where the total is only
    what the summary's pots won and rake add up to (KingsClub), so that the money is
    checked as collected + rake against the bets, not as a total against them.
    """

    cap_bets: int = 4
    pots_printed_net_of_rake: bool = True
    uncapped_heads_up: bool = True
    odd_chip_half: OddChipHalf = OddChipHalf.HIGH
    odd_chip: OddChip = OddChip.FIRST_SEAT_LEFT_OF_BUTTON
    chip: Decimal = Decimal("0.01")
    short_all_in_raise: ShortAllInRaise = ShortAllInRaise.FROM_LAST_FULL_BET
    half_bet_reopens: bool = True
    raise_over_completion_adds_bring_in: bool = False
    total_pot_printed: bool = True


CARD_ROOM_RULES = SiteConventions()
"""The rules a hand of no known site is replayed by: the common card-room rules."""

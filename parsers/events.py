"""The event contract: what every site parser emits and the engine replays.

A hand is a header, its seats and an ordered tuple of events, one per meaningful history
line. The records are site-neutral (a Full Tilt "antes" and a PokerStars "posts the ante"
are the same `Post`), immutable, and exact: money is `Decimal`, never float. Each event
remembers the line it came from (`line`, not part of equality) so that the engine's
findings can point a player at the exact line of the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import get_args

from parsers.games import Game, Street
from parsers.immutable import immutable

Card = str
"""Two characters, rank then suit: "Ah", "Td", "2c"."""

UNKNOWN_CARD: Card = "??"
"""A card the history prints but that cannot be read (e.g. `[of]`): kept as a placeholder."""


class LimitKind(StrEnum):
    FIXED = "fixed_limit"
    POT = "pot_limit"
    NO = "no_limit"
    HALF_POT = "half_pot_limit"  # Merge's "Half Pot Limit": a raise of at most half the pot


class MoneyKind(StrEnum):
    """What the chips are worth: real money, play money or tournament chips."""

    REAL = "real"
    PLAY = "play"
    TOURNAMENT = "tournament"


class PostKind(StrEnum):
    ANTE = "ante"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    SMALL_AND_BIG_BLINDS = "small_and_big_blinds"
    DEAD_BLIND = "dead_blind"


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    COMPLETE = "complete"
    BRING_IN = "bring_in"


@immutable
class Stakes:
    """The stakes as the header states them, completed from the hand's own forced bets.

    Fixed-limit games have a small and a big bet; blind games have blinds; stud has an
    ante and a bring-in. Whatever the history does not say stays None.
    """

    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    ante: Decimal | None = None
    bring_in: Decimal | None = None
    small_blind: Decimal | None = None
    big_blind: Decimal | None = None


@immutable
class Tournament:
    tournament_id: str
    buy_in: Decimal | None = None
    fee: Decimal | None = None
    bounty: Decimal | None = None
    currency: str | None = None
    level: str | None = None  # as printed: "XXXI", "I"
    match_round: str | None = None  # shootouts and home-game matches


@immutable
class HandHeader:
    site: str
    hand_number: str
    game: Game
    limit: LimitKind
    stakes: Stakes
    money: MoneyKind
    currency: str | None
    started_at_utc: datetime
    site_time: str  # the site's own clock, as printed, with its zone: "2013/01/03 16:27:43 EET"
    table: str = ""
    max_seats: int | None = None
    button_seat: int | None = None
    tournament: Tournament | None = None
    mixed_game: str | None = None  # "8-Game", "HORSE", "Triple Stud", ...
    home_game: str | None = None  # the home-game club name


@immutable
class Seat:
    seat: int
    player: str
    stack: Decimal
    sitting_out: bool = False
    bounty: Decimal | None = None
    line: int = field(default=0, compare=False)


@immutable
class Post:
    player: str
    kind: PostKind
    amount: Decimal
    all_in: bool = False
    line: int = field(default=0, compare=False)


@immutable
class StreetStart:
    street: Street
    line: int = field(default=0, compare=False)


@immutable
class Deal:
    """Cards a player receives on a street; `shown_before` repeats what the site reprints."""

    player: str
    street: Street
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    shown_before: tuple[Card, ...] = ()
    line: int = field(default=0, compare=False)


@immutable
class CommunityCards:
    """Stud's shared card when the deck runs out (or any printed board)."""

    cards: tuple[Card, ...]
    line: int = field(default=0, compare=False)


@immutable
class Action:
    """A betting decision, in the site's own terms.

    A bring-in, bet or call has `amount`, the chips it adds. A raise has `amount`, the
    raise over the bet it faces ("raises $0.06 to $0.10"), and `raise_to`, the player's
    total for the round after it; a completion has only `raise_to`.
    """

    player: str
    kind: ActionKind
    amount: Decimal | None = None
    raise_to: Decimal | None = None
    all_in: bool = False
    line: int = field(default=0, compare=False)


@immutable
class Draw:
    """One player's draw. Standing pat is `discard_count == 0`.

    Opponents' discards are usually known only by count; the hero's (and sometimes a
    pat hand's) cards are printed. In a hand run twice (everyone all in before the draw,
    so the draw is dealt once per run) `drawn` holds the first run's cards and
    `other_runs` the cards of each later run.
    """

    player: str
    street: Street
    discard_count: int
    discarded: tuple[Card, ...] | None = None
    drawn: tuple[Card, ...] | None = None
    kept: tuple[Card, ...] | None = None
    other_runs: tuple[tuple[Card, ...], ...] = ()
    line: int = field(default=0, compare=False)

    @property
    def stood_pat(self) -> bool:
        return self.discard_count == 0


@immutable
class UncalledReturn:
    player: str
    amount: Decimal
    line: int = field(default=0, compare=False)


@immutable
class ShowdownStart:
    line: int = field(default=0, compare=False)


@immutable
class Show:
    """A hand shown. `run` is 0 for the hand's only showdown (or a hand that is the same
    in every run), k for the k-th run of a hand run more than once ("Run 2: Player4
    shows [4c 8d 6h 2h 5c]")."""

    player: str
    cards: tuple[Card, ...]
    description: str | None = None
    run: int = 0
    line: int = field(default=0, compare=False)


@immutable
class Muck:
    """A player gives up at showdown; the summary sometimes reveals the cards."""

    player: str
    cards: tuple[Card, ...] | None = None
    line: int = field(default=0, compare=False)


@immutable
class Collect:
    """Money a player takes from a pot. `pot` is "pot", "main" or "side-1", "side-2", ..."""

    player: str
    amount: Decimal
    pot: str = "pot"
    line: int = field(default=0, compare=False)


@immutable
class SummaryStart:
    line: int = field(default=0, compare=False)


@immutable
class PotTotals:
    """The summary's money line: total pot, its split into main and side pots, rake."""

    total: Decimal
    rake: Decimal
    main: Decimal | None = None
    sides: tuple[Decimal, ...] = ()
    line: int = field(default=0, compare=False)


@immutable
class SeatSummary:
    """One seat's line in the summary: what the site says happened to that player.

    `outcome` is one of: "folded", "showed", "mucked", "collected", "sat out".
    `street` is the round a player folded on, whatever the site calls it ("on the 3rd
    Street", "on 3rd St.": THIRD); None where the line does not say.
    """

    seat: int
    player: str
    outcome: str
    positions: tuple[str, ...] = ()  # "button", "small blind", "big blind"
    won: Decimal | None = None
    cards: tuple[Card, ...] | None = None
    description: str | None = None
    street: Street | None = None
    didnt_bet: bool = False
    line: int = field(default=0, compare=False)


@immutable
class TournamentFinish:
    player: str
    place: int | None
    prize: Decimal | None = None
    line: int = field(default=0, compare=False)


@immutable
class Note:
    """A line that changes no money but is kept: chat, joins, time-outs, site remarks.

    `kind` is a short stable slug ("said", "joins", "betting_capped", ...); `player` is
    the name when the line is about one, seated or not.
    """

    kind: str
    text: str
    player: str | None = None
    line: int = field(default=0, compare=False)


Event = (
    Post
    | StreetStart
    | Deal
    | CommunityCards
    | Action
    | Draw
    | UncalledReturn
    | ShowdownStart
    | Show
    | Muck
    | Collect
    | SummaryStart
    | PotTotals
    | SeatSummary
    | TournamentFinish
    | Note
)

DealtInEvent = Post | Action | Deal | Draw | Show | Muck | Collect | UncalledReturn
"""The events only a player dealt in has: each names its `player`."""


_DEALT_IN_TYPES: frozenset[type] = frozenset(get_args(DealtInEvent))


def players_dealt_in(events: Iterable[Event]) -> set[str]:
    """Who played the hand: only a player dealt in posts, acts, is dealt, draws, shows,
    mucks or collects (a seat sitting out appears in none of these)."""
    # A set of exact types, not isinstance of the union (nor a cast: a call an event),
    # since this runs for every event; each of those types names a player.
    return {e.player for e in events if type(e) in _DEALT_IN_TYPES}  # type: ignore[union-attr, misc]


@immutable
class ParseWarning:
    """Something odd that did not stop the hand from being read (an unreadable card)."""

    line: int
    message: str


@immutable
class Hand:
    header: HandHeader
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    warnings: tuple[ParseWarning, ...] = ()

    @property
    def site(self) -> str:
        return self.header.site

    @property
    def hand_number(self) -> str:
        return self.header.hand_number

    @property
    def game(self) -> Game:
        return self.header.game

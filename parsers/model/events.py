"""The event contract: what every site parser emits and the engine replays.

A hand is a header, its seats and an ordered tuple of events, one per meaningful history
line. The records are site-neutral (a Full Tilt "antes" and a PokerStars "posts the ante"
are the same `Post`), immutable, and exact: money is `Decimal`, never float. Each event
remembers the line it came from (`line`, not part of equality) so that the engine's
findings can point a player at the exact line of the file. The header and the seats are
records of `parsers.model.hand_header`, named here too: the site parsers import the whole
contract from here.

The module is compiled by mypyc (`parsers/build/compiled.py`): every hand builds hundreds of
these records and the engine reads them all, and a compiled record is built and read
without the interpreter. Each is a frozen dataclass (equality, hashing, `replace`,
`fields`) whose `__init__` is written out, because the one a dataclass generates is
interpreted Python that sets each field through `object.__setattr__`, some twenty times
slower than the compiled one. That `__init__` is the one place that assigns a field, so it
alone says `type: ignore[misc]`; run interpreted, the records take `parsers.model.immutable`'s
slot-setting one instead (each module's last line). `tests/parsers/test_records.py` holds each
written `__init__` to its fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Final, get_args

from parsers.model.games import Game as Game
from parsers.model.games import Street as Street
from parsers.model.hand_header import HandHeader as HandHeader
from parsers.model.hand_header import LimitKind as LimitKind
from parsers.model.hand_header import MoneyKind as MoneyKind
from parsers.model.hand_header import Seat as Seat
from parsers.model.hand_header import Stakes as Stakes
from parsers.model.hand_header import Tournament as Tournament
from parsers.model.immutable import interpreted_inits
from parsers.model.record import Record

Card = str
"""Two characters, rank then suit: "Ah", "Td", "2c"."""

MAX_WHOLE_DIGITS: Final = 12
MAX_DECIMALS: Final = 4
"""An event's amounts: below 10^12 with at most four decimals. The database keeps money
as DECIMAL(18, 4), whose whole parts up to 10^14 the sums of such amounts (a trillion:
more than any table's chips) stay under; a reader refuses a larger one."""

UNKNOWN_CARD: Card = "??"
"""A card the history prints but that cannot be read (e.g. `[of]`): kept as a placeholder."""

ZERO: Final = Decimal(0)
"""No money, made once: compiled, `Decimal(0)` is a call to the type every time it is met
(a player's running total starts at it on every action)."""


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


@dataclass(frozen=True, slots=True)
class Post(Record):
    player: str
    kind: PostKind
    amount: Decimal
    all_in: bool = False
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        kind: PostKind,
        amount: Decimal,
        all_in: bool = False,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.kind = kind  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.all_in = all_in  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class StreetStart(Record):
    street: Street
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        street: Street,
        line: int = 0,
    ) -> None:
        self.street = street  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Deal(Record):
    """Cards a player receives on a street; `shown_before` repeats what the site reprints."""

    player: str
    street: Street
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    shown_before: tuple[Card, ...] = ()
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        street: Street,
        down: tuple[Card, ...] = (),
        up: tuple[Card, ...] = (),
        shown_before: tuple[Card, ...] = (),
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.street = street  # type: ignore[misc]
        self.down = down  # type: ignore[misc]
        self.up = up  # type: ignore[misc]
        self.shown_before = shown_before  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class CommunityCards(Record):
    """Stud's shared card when the deck runs out (or any printed board)."""

    cards: tuple[Card, ...]
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        cards: tuple[Card, ...],
        line: int = 0,
    ) -> None:
        self.cards = cards  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Action(Record):
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

    def __init__(
        self,
        player: str,
        kind: ActionKind,
        amount: Decimal | None = None,
        raise_to: Decimal | None = None,
        all_in: bool = False,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.kind = kind  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.raise_to = raise_to  # type: ignore[misc]
        self.all_in = all_in  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Draw(Record):
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

    def __init__(
        self,
        player: str,
        street: Street,
        discard_count: int,
        discarded: tuple[Card, ...] | None = None,
        drawn: tuple[Card, ...] | None = None,
        kept: tuple[Card, ...] | None = None,
        other_runs: tuple[tuple[Card, ...], ...] = (),
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.street = street  # type: ignore[misc]
        self.discard_count = discard_count  # type: ignore[misc]
        self.discarded = discarded  # type: ignore[misc]
        self.drawn = drawn  # type: ignore[misc]
        self.kept = kept  # type: ignore[misc]
        self.other_runs = other_runs  # type: ignore[misc]
        self.line = line  # type: ignore[misc]

    @property
    def stood_pat(self) -> bool:
        return self.discard_count == 0


@dataclass(frozen=True, slots=True)
class UncalledReturn(Record):
    player: str
    amount: Decimal
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        amount: Decimal,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class ShowdownStart(Record):
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        line: int = 0,
    ) -> None:
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Show(Record):
    """A hand shown. `run` is 0 for the hand's only showdown (or a hand that is the same
    in every run), k for the k-th run of a hand run more than once ("Run 2: Player4
    shows [4c 8d 6h 2h 5c]")."""

    player: str
    cards: tuple[Card, ...]
    description: str | None = None
    run: int = 0
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        cards: tuple[Card, ...],
        description: str | None = None,
        run: int = 0,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.cards = cards  # type: ignore[misc]
        self.description = description  # type: ignore[misc]
        self.run = run  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Muck(Record):
    """A player gives up at showdown; the summary sometimes reveals the cards."""

    player: str
    cards: tuple[Card, ...] | None = None
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        cards: tuple[Card, ...] | None = None,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.cards = cards  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Collect(Record):
    """Money a player takes from a pot. `pot` is "pot", "main" or "side-1", "side-2", ..."""

    player: str
    amount: Decimal
    pot: str = "pot"
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        amount: Decimal,
        pot: str = "pot",
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.amount = amount  # type: ignore[misc]
        self.pot = pot  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class SummaryStart(Record):
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        line: int = 0,
    ) -> None:
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class PotTotals(Record):
    """The summary's money line: total pot, its split into main and side pots, rake."""

    total: Decimal
    rake: Decimal
    main: Decimal | None = None
    sides: tuple[Decimal, ...] = ()
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        total: Decimal,
        rake: Decimal,
        main: Decimal | None = None,
        sides: tuple[Decimal, ...] = (),
        line: int = 0,
    ) -> None:
        self.total = total  # type: ignore[misc]
        self.rake = rake  # type: ignore[misc]
        self.main = main  # type: ignore[misc]
        self.sides = sides  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class SeatSummary(Record):
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

    def __init__(
        self,
        seat: int,
        player: str,
        outcome: str,
        positions: tuple[str, ...] = (),
        won: Decimal | None = None,
        cards: tuple[Card, ...] | None = None,
        description: str | None = None,
        street: Street | None = None,
        didnt_bet: bool = False,
        line: int = 0,
    ) -> None:
        self.seat = seat  # type: ignore[misc]
        self.player = player  # type: ignore[misc]
        self.outcome = outcome  # type: ignore[misc]
        self.positions = positions  # type: ignore[misc]
        self.won = won  # type: ignore[misc]
        self.cards = cards  # type: ignore[misc]
        self.description = description  # type: ignore[misc]
        self.street = street  # type: ignore[misc]
        self.didnt_bet = didnt_bet  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class TournamentFinish(Record):
    player: str
    place: int | None
    prize: Decimal | None = None
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        place: int | None,
        prize: Decimal | None = None,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.place = place  # type: ignore[misc]
        self.prize = prize  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Note(Record):
    """A line that changes no money but is kept: chat, joins, time-outs, site remarks.

    `kind` is a short stable slug ("said", "joins", "betting_capped", ...); `player` is
    the name when the line is about one, seated or not.
    """

    kind: str
    text: str
    player: str | None = None
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        kind: str,
        text: str,
        player: str | None = None,
        line: int = 0,
    ) -> None:
        self.kind = kind  # type: ignore[misc]
        self.text = text  # type: ignore[misc]
        self.player = player  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


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


_DEALT_IN_TYPES: Final[frozenset[type]] = frozenset(get_args(DealtInEvent))


def players_dealt_in(events: Iterable[Event]) -> set[str]:
    """Who played the hand: only a player dealt in posts, acts, is dealt, draws, shows,
    mucks or collects (a seat sitting out appears in none of these)."""
    # A set of exact types, not isinstance of the union (nor a cast: a call an event),
    # since this runs for every event; each of those types names a player.
    return {e.player for e in events if type(e) in _DEALT_IN_TYPES}  # type: ignore[union-attr, misc]


@dataclass(frozen=True, slots=True)
class ParseWarning(Record):
    """Something odd that did not stop the hand from being read (an unreadable card)."""

    line: int
    message: str

    def __init__(
        self,
        line: int,
        message: str,
    ) -> None:
        self.line = line  # type: ignore[misc]
        self.message = message  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class Hand(Record):
    header: HandHeader
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    warnings: tuple[ParseWarning, ...] = ()

    def __init__(
        self,
        header: HandHeader,
        seats: tuple[Seat, ...],
        events: tuple[Event, ...],
        warnings: tuple[ParseWarning, ...] = (),
    ) -> None:
        self.header = header  # type: ignore[misc]
        self.seats = seats  # type: ignore[misc]
        self.events = events  # type: ignore[misc]
        self.warnings = warnings  # type: ignore[misc]

    @property
    def site(self) -> str:
        return self.header.site

    @property
    def hand_number(self) -> str:
        return self.header.hand_number

    @property
    def game(self) -> Game:
        return self.header.game


interpreted_inits(__file__, *get_args(Event), ParseWarning, Hand)

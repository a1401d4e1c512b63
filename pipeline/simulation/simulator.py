"""Seeded, reproducible simulation of plausible, legal Stud and Draw hands.

Why: the engine must be proven on far more hands than any site gives us, and on the rare
ones above all (community cards, reshuffled stubs, quartered pots, side pots of three and
more players, capped rounds). The simulator deals and plays such hands quickly and keeps
its own books -- pots, rake, shares and nets -- apart from the engine's, so that a round
trip can compare the two: a disagreement is a bug on one side or the other.

A simulated `Hand` is what the PokerStars parser would read from the history of that hand
seen by an observer who sees every card: every player's `Deal` holds the down cards, every
`Draw` holds the discarded, drawn and kept cards. Everything else follows the parser's
normalization (see `parsers/hand_assembly.py` and `parsers/pokerstars.py`): third street is
dealt as two down cards and one up card, a completion after the bring-in is a `RAISE`, the
header's stakes come from the forced bets as posted, the summary lists every seat. Take
away what the site hides (opponents' down cards and draws) and the hand is the parsed one.

The table is stateful across hands -- stacks carry over, the button moves, busted players
rebuy or are replaced -- but everything depends only on the spec and the seed.

Only the evaluators are shared with the engine (a hand's value is a fact, not a rule):
streets, bring-in, acting order, bet sizes, pots, rake and splits are worked out here from
the games' published rules, independently of `pipeline.engine` and `parsers.games`.

What chance makes rare is also made on purpose: `loose_rate` hands in which nobody folds
(multiway showdowns, eight players to seventh street and its community card, stubs that
run out), and `rig_rate` hands dealt from a stacked deck that gives two players the same
ranks (ties to split; in hi/lo, lows to quarter). Both only choose among legal plays.

Not simulated: all-ins on a forced bet (every stack covers the ante and blinds; short
stacks rebuy, or are replaced in a tournament), and further raises after a short all-in
raise (a round with one is only called or folded to its end).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from parsers.events import (
    Action,
    ActionKind,
    Card,
    Collect,
    CommunityCards,
    Deal,
    Draw,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    Note,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    ShowdownStart,
    Stakes,
    Street,
    StreetStart,
    SummaryStart,
    Tournament,
    TournamentFinish,
    UncalledReturn,
)
from pipeline.engine.evaluators import (
    ace_to_five_low_value,
    badugi_value,
    deuce_to_seven_low_value,
    eight_or_better_low_value,
    high_value,
)
from pipeline.writers.hand_words import (
    HIGH_RANK,
    LOW_RANK,
    RANKS,
    a5_ranks,
    badugi_best,
    badugi_ranks,
    decode_high,
    deuce_packed,
    high_words,
    low_letters,
)

__all__ = [
    "DEFAULT_PLAYERS",
    "RakePolicy",
    "SimulatedHand",
    "SimulatedPot",
    "TableSpec",
    "TournamentSpec",
    "default_spec",
    "describe_hand",
    "simulate_hands",
]

DEFAULT_PLAYERS: tuple[str, ...] = (
    "Jörg K",
    "[TeamPro] Ana",
    "mr: fish",
    "Zoë.77",
    "Ñandú",
    "Old Sid",
    "lady.ante",
    "Mads L",
    "Kestrel99",
    "Łukasz W.",
    "José María",
    "x_Grinder_x",
    "Hé Lín",
    "O'Brien 3",
    "Ana-Maria 2",
    "ßtraße",
)
"""Names that exercise a parser: spaces, brackets, colons, dots and non-ASCII letters."""

HERO = "studdraw_hero"
EASTERN = ZoneInfo("America/New_York")
SUITS = "cdhs"
DECK: tuple[Card, ...] = tuple(r + s for r in RANKS for s in SUITS)
CAP_BETS = 4  # PokerStars caps a fixed-limit round at four bets, heads-up too


# ============================================================================ the spec


@dataclass(frozen=True, slots=True)
class RakePolicy:
    """What the house keeps: a share of the pot, rounded down to the chip, up to a cap.

    `no_flop_no_drop`: a hand that ends in its first betting round is not raked, as the
    sites do (a pot won on the blinds or the bring-in)."""

    percent: Decimal = Decimal("0.05")
    cap: Decimal | None = Decimal("3")
    no_flop_no_drop: bool = True


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """A multi-table tournament seen from one table: players bust and are replaced."""

    tournament_id: str = "3958246017"
    buy_in: Decimal = Decimal("5.00")
    fee: Decimal = Decimal("0.50")
    currency: str = "USD"
    starting_stack: int = 1500
    hands_per_level: int = 15
    entrants: int = 180
    table_number: int = 1


@dataclass(frozen=True, slots=True)
class TableSpec:
    """One table: the game, its stakes (the first level's, in a tournament) and its people.

    Stakes are the table's, as a lobby states them: fixed limit needs `small_bet`,
    `big_bet` and, for stud, `bring_in` (and usually `ante`); draw games need the blinds;
    no limit and pot limit take the blinds as the stakes; the casino five-up stud takes its
    minimum bet ("mise de départ") as `small_bet`, and as `ante` the stake everyone puts
    in before the cards.
    """

    game: Game
    limit: LimitKind
    stakes: Stakes
    seats: int
    money: MoneyKind = MoneyKind.REAL
    currency: str | None = "USD"
    rake: RakePolicy | None = RakePolicy()
    hero: str = HERO
    players: tuple[str, ...] = DEFAULT_PLAYERS
    table: str = "Halvora II"
    site: str = "pokerstars"
    tournament: TournamentSpec | None = None
    first_hand_number: int = 260_000_000_001
    start: datetime = datetime(2026, 11, 14, 21, 0, 0, tzinfo=UTC)
    sit_out_rate: float = 0.03
    rig_rate: float = 0.0  # hands dealt from a stacked deck that sets up a tie (see `rig`)
    loose_rate: float = 0.05  # hands in which nobody folds: multiway pots to the end

    def __post_init__(self) -> None:
        rules = RULES[self.game]
        if not 2 <= self.seats <= rules.max_seats:
            raise ValueError(f"{self.game} seats 2 to {rules.max_seats}, not {self.seats}")
        if self.money not in (MoneyKind.REAL, MoneyKind.TOURNAMENT):
            raise ValueError("money is real (cash) or tournament")
        if (self.money is MoneyKind.TOURNAMENT) != (self.tournament is not None):
            raise ValueError("a tournament table needs a TournamentSpec, and only it")
        if self.money is MoneyKind.TOURNAMENT and self.rake is not None:
            raise ValueError("tournaments are not raked")
        others = [name for name in self.players if name != self.hero]
        if len(set(others)) < self.seats + 2:
            raise ValueError(f"{self.seats} seats need at least {self.seats + 2} player names")
        _check_stakes(self.game, self.limit, self.stakes)


def _check_stakes(game: Game, limit: LimitKind, stakes: Stakes) -> None:
    rules = RULES[game]
    if game is Game.FIVE_UP_STUD:
        if limit is not LimitKind.NO or not stakes.small_bet:
            raise ValueError("five-up stud is no limit under raise ceilings, with small_bet")
        return
    if limit is LimitKind.FIXED and not (stakes.small_bet and stakes.big_bet):
        raise ValueError("fixed limit needs small_bet and big_bet")
    if rules.stud:
        if limit is not LimitKind.FIXED or not stakes.bring_in:
            raise ValueError("stud is fixed limit with a bring-in")
        if stakes.bring_in >= stakes.small_bet:  # type: ignore[operator]  # both checked above
            raise ValueError("the bring-in is less than the small bet")
    elif not (stakes.small_blind and stakes.big_blind):
        raise ValueError("draw games need small_blind and big_blind")


def default_spec(
    game: Game,
    limit: LimitKind | None = None,
    *,
    tournament: bool = False,
    seats: int | None = None,
    antes: bool = False,
) -> TableSpec:
    """A plausible table for a game: Stars-like cash stakes, or a tournament's first level."""
    rules = RULES[game]
    seats = seats or rules.max_seats
    if game is Game.FIVE_UP_STUD:
        return TableSpec(
            game,
            LimitKind.NO,
            Stakes(small_bet=Decimal("2"), ante=Decimal("2")),
            seats,
            currency="EUR",
            rake=RakePolicy(Decimal("0.03"), cap=None, no_flop_no_drop=False),
            table="Casino Barrière 2",
            site="simulated",
        )
    limit = limit or (LimitKind.NO if game is Game.SINGLE_DRAW_27 else LimitKind.FIXED)
    stakes = _default_stakes(game, limit, tournament, antes)
    table = _TABLE_NAMES[game]
    if tournament:
        spec = TournamentSpec()
        return TableSpec(
            game,
            limit,
            stakes,
            seats,
            money=MoneyKind.TOURNAMENT,
            currency=None,
            rake=None,
            table=f"{spec.tournament_id} {spec.table_number}",
            tournament=spec,
        )
    return TableSpec(game, limit, stakes, seats, table=table)


_TABLE_NAMES = {
    Game.SEVEN_STUD: "Brisenya IV",
    Game.SEVEN_STUD_HILO: "Halvora II",
    Game.RAZZ: "Quintilla V",
    Game.FIVE_STUD: "Ottilie III",
    Game.FIVE_UP_STUD: "Casino Barrière 2",
    Game.TRIPLE_DRAW_27: "Orsolya III",
    Game.SINGLE_DRAW_27: "Menelaia VI",
    Game.TRIPLE_DRAW_A5: "Rosamunde I",
    Game.BADUGI: "Tamsinia II",
    Game.FIVE_DRAW: "Ulrika VII",
}


def _default_stakes(game: Game, limit: LimitKind, tournament: bool, antes: bool) -> Stakes:
    d = Decimal
    if RULES[game].stud:
        if tournament:
            return Stakes(small_bet=d(20), big_bet=d(40), ante=d(4), bring_in=d(6))
        if game is Game.RAZZ:
            return Stakes(small_bet=d(1), big_bet=d(2), ante=d("0.10"), bring_in=d("0.25"))
        return Stakes(small_bet=d("0.10"), big_bet=d("0.20"), ante=d("0.02"), bring_in=d("0.05"))
    if limit is LimitKind.FIXED:
        if tournament:
            return Stakes(small_bet=d(30), big_bet=d(60), small_blind=d(15), big_blind=d(30))
        if game is Game.BADUGI:
            return Stakes(
                small_bet=d("0.25"), big_bet=d("0.50"), small_blind=d("0.10"), big_blind=d("0.25")
            )
        return Stakes(
            small_bet=d("0.10"), big_bet=d("0.20"), small_blind=d("0.05"), big_blind=d("0.10")
        )
    ante = (d(5) if tournament else d("0.05")) if antes else None
    if tournament:
        return Stakes(small_blind=d(10), big_blind=d(20), ante=ante)
    if limit is LimitKind.POT:
        return Stakes(small_blind=d("0.50"), big_blind=d("1.00"), ante=ante)
    return Stakes(small_blind=d("0.25"), big_blind=d("0.50"), ante=ante)


# ============================================================================ the results


@dataclass(frozen=True, slots=True)
class SimulatedPot:
    """A pot as the simulator settled it: gross amount, its part of the rake, its winners."""

    amount: Decimal
    rake: Decimal
    eligible: tuple[str, ...]
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]
    shares: tuple[tuple[str, Decimal], ...]


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A simulated hand and the simulator's own books for it.

    `nets` holds every player dealt in (collected less put in, uncalled bets given back);
    `features` tags what the hand exercises ("all_in", "side_pot", "split", "quartered",
    "community", "reshuffle", "capped", "open_pair_big_bet", ...) so that a test can check
    that a run covered the rare cases.
    """

    hand: Hand
    nets: dict[str, Decimal]
    rake: Decimal
    pots: tuple[SimulatedPot, ...]
    winners: frozenset[str]
    features: frozenset[str]


# ============================================================================ the rules


Evaluator = Callable[[Sequence[Card]], int | None]


@dataclass(frozen=True, slots=True)
class _Rules:
    """A game's shape, restated from the published rules (not read from `parsers.games`):
    what is dealt, who starts, which rounds bet big."""

    stud: bool
    streets: tuple[Street, ...]
    big_streets: frozenset[Street]
    max_seats: int
    high: Evaluator
    low: Evaluator | None = None
    deal: tuple[tuple[int, int], ...] = ()  # stud: (down, up) cards dealt on each street
    bring_in: str | None = None  # "lowest" or "highest" up card brings in
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


RULES: dict[Game, _Rules] = {
    Game.SEVEN_STUD: _Rules(
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8, high=high_value,
        deal=_SEVEN_DEAL, bring_in="lowest", board=high_value, open_pair=Street.FOURTH,
        hand_size=7,
    ),
    Game.SEVEN_STUD_HILO: _Rules(
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8, high=high_value,
        low=eight_or_better_low_value, deal=_SEVEN_DEAL, bring_in="lowest", board=high_value,
        hand_size=7, describe="hilo",
    ),
    Game.RAZZ: _Rules(
        stud=True, streets=_SEVEN, big_streets=_BIG_SEVEN, max_seats=8,
        high=ace_to_five_low_value, deal=_SEVEN_DEAL, bring_in="highest",
        board=ace_to_five_low_value, hand_size=7, describe="a5",
    ),
    Game.FIVE_STUD: _Rules(
        stud=True, streets=_FIVE, big_streets=frozenset({Street.FOURTH, Street.FIFTH}),
        max_seats=8, high=high_value, deal=((1, 1), (0, 1), (0, 1), (0, 1)),
        bring_in="lowest", board=high_value, open_pair=Street.THIRD,
    ),
    Game.FIVE_UP_STUD: _Rules(  # the casino's: the highest card speaks, the last card is down
        stud=True, streets=_FIVE, big_streets=frozenset(), max_seats=7, high=high_value,
        deal=((1, 1), (0, 1), (0, 1), (1, 0)), board=high_value, ceilings=(10, 20, 40, 80),
    ),
    Game.TRIPLE_DRAW_27: _Rules(
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6,
        high=deuce_to_seven_low_value, describe="deuce",
    ),
    Game.SINGLE_DRAW_27: _Rules(
        stud=False, streets=_SINGLE, big_streets=frozenset({Street.DRAW_1}), max_seats=6,
        high=deuce_to_seven_low_value, describe="deuce",
    ),
    Game.TRIPLE_DRAW_A5: _Rules(
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6,
        high=ace_to_five_low_value, describe="a5",
    ),
    Game.BADUGI: _Rules(
        stud=False, streets=_TRIPLE, big_streets=_BIG_TRIPLE, max_seats=6, high=badugi_value,
        hand_size=4, describe="badugi",
    ),
    Game.FIVE_DRAW: _Rules(
        stud=False, streets=_SINGLE, big_streets=frozenset({Street.DRAW_1}), max_seats=6,
        high=high_value,
    ),
}  # fmt: skip


# ============================================================================ the driver


def simulate_hands(spec: TableSpec, count: int, seed: int) -> Iterator[SimulatedHand]:
    """`count` consecutive hands at one table; the same spec and seed give the same hands."""
    table = _Table(spec, random.Random(seed))
    for _ in range(count):
        yield table.play_next()


@dataclass(frozen=True, slots=True)
class _Style:
    """A player's temper: how often they stay in, and how often they raise."""

    looseness: float
    aggression: float


@dataclass(slots=True)
class _Occupant:
    name: str
    stack: int
    style: _Style


class _Table:
    """Seats, stacks, button and clock, carried from hand to hand."""

    def __init__(self, spec: TableSpec, rng: random.Random) -> None:
        self.spec = spec
        self.rng = rng
        self.rules = RULES[spec.game]
        self.unit = Decimal(1) if spec.money is MoneyKind.TOURNAMENT else Decimal("0.01")
        self.money = _Money(self.unit)
        self.hand_number = spec.first_hand_number
        self.clock = spec.start.replace(microsecond=0)
        self.played = 0
        self.remaining = spec.tournament.entrants if spec.tournament else 0
        self.button: int | None = None
        self.left: dict[str, int] = {}  # who left the table, and when
        self.seats: dict[int, _Occupant | None] = dict.fromkeys(range(1, spec.seats + 1))
        hero_seat = rng.randint(1, spec.seats)
        for seat in self.seats:
            name = spec.hero if seat == hero_seat else self.free_name()
            self.seats[seat] = self.newcomer(name)

    # ------------------------------------------------------------------ people
    def free_name(self) -> str:
        """A name not at the table, nor one that left it lately (a newcomer is new)."""
        seated = {o.name for o in self.seats.values() if o is not None}
        recent = {name for name, hand in self.left.items() if self.played - hand < 50}
        free = [n for n in self.spec.players if n not in seated and n != self.spec.hero]
        return self.rng.choice([n for n in free if n not in recent] or free)

    def newcomer(self, name: str) -> _Occupant:
        style = _Style(self.rng.uniform(0.1, 0.9), self.rng.uniform(0.1, 0.9))
        return _Occupant(name, self.buy_in(), style)

    def buy_in(self) -> int:
        """Stacks vary on purpose: short ones make all-ins and side pots."""
        stakes = self.stakes()
        rng = self.rng
        roll = rng.random()
        if self.spec.tournament is not None:
            # a player moved in from another table, with chips in line with the level
            start = self.spec.tournament.starting_stack * self.level_factor()
            factor = rng.uniform(0.15, 0.6) if roll < 0.25 else rng.uniform(0.6, 3.0)
            return max(int(start * factor), self.min_stack(stakes) * 2)
        unit = stakes.big_bet or stakes.big_blind or stakes.small_bet
        deep = self.spec.limit is not LimitKind.FIXED
        if roll < 0.25:
            multiple = rng.uniform(1.5, 6.0)
        elif roll < 0.8:
            multiple = rng.uniform(30.0, 100.0) if deep else rng.uniform(10.0, 40.0)
        else:
            multiple = rng.uniform(100.0, 200.0) if deep else rng.uniform(40.0, 100.0)
        if self.rules.ceilings:
            multiple *= 3  # five-up: players must cover the raises they may face
        return max(int(unit * multiple), self.min_stack(stakes) + 1)

    def min_stack(self, stakes: _IntStakes) -> int:
        """Enough for every forced bet and then some: no one is all-in on an ante or blind."""
        if self.rules.stud:
            return stakes.ante + stakes.small_bet + 1
        return stakes.ante + stakes.big_blind + 1

    # ------------------------------------------------------------------ stakes
    def level(self) -> int:
        tournament = self.spec.tournament
        return self.played // tournament.hands_per_level if tournament else 0

    def level_factor(self) -> float:
        return _LEVEL_FACTORS[min(self.level(), len(_LEVEL_FACTORS) - 1)]

    def stakes(self) -> _IntStakes:
        return _IntStakes.of(self.spec.stakes, self.unit, self.level_factor())

    # ------------------------------------------------------------------ between hands
    def refresh(self) -> list[int]:
        """Rebuys, replacements, comings and goings; the seats dealt in this hand."""
        rng = self.rng
        spec = self.spec
        stakes = self.stakes()
        for seat, occupant in self.seats.items():
            if occupant is None:
                if rng.random() < 0.3:
                    self.seats[seat] = self.newcomer(self.free_name())
                continue
            if occupant.stack < self.min_stack(stakes):
                if spec.tournament is None or occupant.name == spec.hero:
                    occupant.stack = self.buy_in()  # a rebuy (the hero re-enters)
                else:
                    self.left[occupant.name] = self.played
                    self.seats[seat] = self.newcomer(self.free_name())  # a new player
            elif (
                spec.tournament is None
                and occupant.name != spec.hero
                and rng.random() < 0.01
                and sum(o is not None for o in self.seats.values()) > 3
            ):
                self.left[occupant.name] = self.played
                self.seats[seat] = None  # leaves the table
        active = [s for s, o in self.seats.items() if o is not None]
        if spec.tournament is None:
            for seat in list(active):
                occupant = self.seats[seat]
                assert occupant is not None
                sits_out = occupant.name != spec.hero and rng.random() < spec.sit_out_rate
                if sits_out and len(active) > 2:
                    active.remove(seat)
        return active

    def move_button(self, active: list[int]) -> int:
        if self.button is None:
            self.button = self.rng.choice(active)
        else:
            later = [s for s in active if s > self.button]
            self.button = later[0] if later else active[0]
        return self.button

    def play_next(self) -> SimulatedHand:
        active = self.refresh()
        button = None if self.rules.stud else self.move_button(active)
        self.hand_number += self.rng.randint(1_000, 90_000)
        self.clock += timedelta(seconds=self.rng.randint(30, 90))
        self.clock = _unambiguous_eastern(self.clock)
        play = _HandPlay(self, active, button)
        result = play.run()
        for p in play.players:
            occupant = self.seats[p.seat]
            assert occupant is not None
            occupant.stack = p.stack
        if self.spec.tournament is not None:
            self.remaining = max(2, self.remaining - len(play.busted))
        self.played += 1
        return result


_LEVEL_FACTORS = (1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100)
_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def _roman(number: int) -> str:
    out = []
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


def _unambiguous_eastern(moment: datetime) -> datetime:
    """Skip the hour the Eastern clock repeats in autumn: a history prints ET wall time,
    and that hour would read back as another instant."""
    local = moment.astimezone(EASTERN).replace(tzinfo=None)
    if local.replace(tzinfo=EASTERN).astimezone(UTC) != moment:
        return moment + timedelta(hours=1)
    return moment


def _eastern_clock(moment: datetime) -> str:
    """ "2026/11/20 9:27:43 ET": PokerStars does not pad the hour."""
    local = moment.astimezone(EASTERN)
    return f"{local:%Y/%m/%d} {local.hour}:{local:%M:%S} ET"


@dataclass(frozen=True, slots=True)
class _IntStakes:
    """The stakes in chips (cents for cash): all the arithmetic is integer."""

    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    small_blind: int
    big_blind: int

    @classmethod
    def of(cls, stakes: Stakes, unit: Decimal, factor: float) -> _IntStakes:
        def chips(amount: Decimal | None) -> int:
            if not amount:
                return 0
            return max(1, round(float(amount / unit) * factor))

        return cls(
            chips(stakes.small_bet),
            chips(stakes.big_bet),
            chips(stakes.ante),
            chips(stakes.bring_in),
            chips(stakes.small_blind),
            chips(stakes.big_blind),
        )


class _Money:
    """Chips to `Decimal`, memoised: a hand makes dozens of amounts."""

    def __init__(self, unit: Decimal) -> None:
        self.unit = unit
        self.cache: dict[int, Decimal] = {}

    def __call__(self, chips: int) -> Decimal:
        amount = self.cache.get(chips)
        if amount is None:
            amount = self.cache[chips] = Decimal(chips) * self.unit
        return amount


# ============================================================================ one hand


@dataclass(slots=True, eq=False)
class _Player:
    name: str
    seat: int
    stack: int
    style: _Style
    start_stack: int
    put_in: int = 0
    street_bet: int = 0
    collected: int = 0
    folded: bool = False
    all_in: bool = False
    voluntary: bool = False  # a blind, the bring-in or any bet: no "(didn't bet)"
    fold_street: Street | None = None
    cards: list[Card] = field(default_factory=list)  # stud: in dealt order; draw: the hand
    up: list[Card] = field(default_factory=list)
    strength: float = 0.0
    plan: tuple[Card, ...] = ()  # draw games: the cards to keep at the next draw

    @property
    def can_act(self) -> bool:
        return not self.folded and not self.all_in


_FOLD, _CHECK, _CALL, _RAISE = "fold", "check", "call", "raise"


class _HandPlay:
    """Deal and play one hand, recording the events as the parser would emit them."""

    def __init__(self, table: _Table, active: list[int], button: int | None) -> None:
        self.table = table
        self.spec = table.spec
        self.rules = table.rules
        self.rng = table.rng
        self.q = table.money
        self.stakes = table.stakes()
        self.button = button
        self.players: list[_Player] = []
        for seat in active:
            occupant = table.seats[seat]
            assert occupant is not None
            self.players.append(
                _Player(occupant.name, seat, occupant.stack, occupant.style, occupant.stack)
            )
        self.sitting_out = [s for s, o in table.seats.items() if o is not None and s not in active]
        self.events: list[Event] = []
        self.features: set[str] = set()
        self.deck = list(DECK)
        self.rng.shuffle(self.deck)
        self.loose = self.rng.random() < self.spec.loose_rate
        self.queued: dict[str, list[Card]] = {}
        if len(self.players) >= 2 and self.rng.random() < self.spec.rig_rate:
            self.rig()
        self.street: Street = self.rules.streets[0]
        self.street_index = 0
        self.community: list[Card] = []
        self.busted: list[_Player] = []
        # the betting round
        self.current = 0
        self.last_raise = 0
        self.bets = 0
        self.big_unit = False
        self.blocked = False  # after a short all-in raise, no one raises again this round
        self.to_act: set[_Player] = set()
        self.live_count = len(self.players)
        self.acting_count = len(self.players)  # neither folded nor all-in
        self.pot = 0
        self.aggressor: _Player | None = None
        # draw games
        self.discards: list[Card] = []
        self.positions: dict[str, tuple[str, ...]] = {}
        self.blinds: tuple[_Player, _Player] | None = None
        self.bring_in_player: _Player | None = None

    # ------------------------------------------------------------------ helpers
    def take(self, count: int, player: _Player | None = None) -> tuple[Card, ...]:
        """The next `count` cards off the top of the deck (a rigged player's first)."""
        if not count:
            return ()
        queued = self.queued.get(player.name) if player is not None else None
        if queued:
            mine = queued[:count]
            del queued[:count]
            return (*mine, *self.take(count - len(mine)))
        deck = self.deck
        cards = tuple(deck[-count:])
        del deck[-count:]
        return cards

    def rig(self) -> None:
        """Stack the deck for the cases chance makes rare: two players are dealt the same
        ranks (a tie to split; in hi/lo, a low to quarter) and nobody folds."""
        rng = self.rng
        first, second = rng.sample(self.players, 2)
        ranks = _rigged_ranks(self.spec.game, rng)
        if self.spec.game is Game.BADUGI:
            suits = rng.sample(SUITS, 4)
            pairs = [(s, suits[(i + 1) % 4]) for i, s in enumerate(suits)]
        else:
            pairs = [tuple(rng.sample(SUITS, 2)) for _ in ranks]
            for side in (0, 1):  # no flush: a flush would break the tie
                if len({pair[side] for pair in pairs}) == 1:
                    other = next(s for s in SUITS if s not in pairs[0])
                    pairs[0] = (other, pairs[0][1]) if side == 0 else (pairs[0][0], other)
        hands = ([r + a for r, (a, _) in zip(ranks, pairs, strict=True)],
                 [r + b for r, (_, b) in zip(ranks, pairs, strict=True)])  # fmt: skip
        for player, cards in zip((first, second), hands, strict=True):
            rng.shuffle(cards)
            self.queued[player.name] = cards
            for card in cards:
                self.deck.remove(card)
        self.loose = True
        self.features.add("rigged")

    def live(self) -> list[_Player]:
        return [p for p in self.players if not p.folded]

    def pay(self, player: _Player, chips: int) -> bool:
        """Move chips from stack to pot; whether the player is now all-in."""
        player.stack -= chips
        player.put_in += chips
        player.street_bet += chips
        self.pot += chips
        if player.stack == 0 and not player.all_in:
            player.all_in = True
            self.acting_count -= 1
            self.features.add("all_in")
        return player.all_in

    def next_after(self, seat: int, pool: Sequence[_Player]) -> _Player | None:
        """The first of `pool` clockwise after `seat` (pool in seat order)."""
        for player in pool:
            if player.seat > seat:
                return player
        return pool[0] if pool else None

    def following(self, player: _Player) -> _Player | None:
        """The next player clockwise who still owes an action this round."""
        players = self.players
        count = len(players)
        start = players.index(player)
        to_act = self.to_act
        for step in range(1, count + 1):
            other = players[(start + step) % count]
            if other in to_act and not other.folded and not other.all_in:
                return other
        return None

    # ------------------------------------------------------------------ the hand
    def run(self) -> SimulatedHand:
        if self.rules.stud:
            self.play_stud()
        else:
            self.play_draw()
        return self.finish()

    def start_street(self, index: int) -> None:
        self.street_index = index
        self.street = self.rules.streets[index]
        self.events.append(StreetStart(self.street))
        if index > 0:  # the first round keeps its blinds
            for p in self.players:
                p.street_bet = 0
            self.current = 0
            self.bets = 0
            self.last_raise = 0
        self.big_unit = False
        self.blocked = False
        self.aggressor = None
        self.to_act = {p for p in self.players if p.can_act}

    def betting_needed(self) -> bool:
        if self.live_count < 2 or not self.acting_count:
            return False
        if self.acting_count >= 2:
            return True
        return next(p for p in self.players if p.can_act).street_bet < self.current

    # ------------------------------------------------------------------ stud
    def play_stud(self) -> None:
        for p in self.players:
            if self.stakes.ante:
                self.post(p, PostKind.ANTE, self.stakes.ante)
        for index, (down, up) in enumerate(self.rules.deal):
            self.start_street(index)
            self.deal_stud(down, up, last=index == len(self.rules.deal) - 1)
            if index == 0 and self.rules.bring_in:
                self.bring_in_round()
            elif self.betting_needed():
                self.betting_round(self.stud_first_actor())
            self.return_uncalled()
            if self.live_count < 2:
                return

    def deal_stud(self, down: int, up: int, last: bool) -> None:
        live = self.live()
        if last and len(self.deck) < len(live) * (down + up):
            card = self.deck.pop()
            self.community.append(card)
            self.events.append(CommunityCards((card,)))
            self.features.add("community")
            self.rate_stud()
            return
        for p in live:
            # the "[cards so far]" reprint, as a history that shows every card prints it
            before = tuple(p.cards)
            new_down = self.take(down, p)
            new_up = self.take(up, p)
            p.cards.extend(new_down)
            p.cards.extend(new_up)
            p.up.extend(new_up)
            self.events.append(Deal(p.name, self.street, new_down, new_up, before))
        if self.street == self.rules.open_pair and any(
            len(p.up) >= 2 and p.up[-1][0] == p.up[-2][0] for p in live
        ):
            self.events.append(Note("remark", "Pair on board - a double bet is allowed"))
        self.rate_stud()

    def rate_stud(self) -> None:
        for p in self.players:
            if p.can_act:
                cards = p.cards + self.community if self.community else p.cards
                p.strength = _stud_strength(self.rules, cards)

    def bring_in_order(self, player: _Player) -> tuple[int, int]:
        card = player.up[0]
        ranks = LOW_RANK if self.rules.bring_in == "highest" else HIGH_RANK
        return ranks[card[0]], SUITS.index(card[1])

    def bring_in_round(self) -> None:
        if self.rules.bring_in == "highest":
            chosen = max(self.players, key=self.bring_in_order)
        else:
            chosen = min(self.players, key=self.bring_in_order)
        self.bring_in_player = chosen
        stakes = self.stakes
        complete = self.rng.random() < 0.05 + 0.3 * chosen.strength * chosen.style.aggression
        if complete and chosen.stack > stakes.small_bet:
            self.bet_or_raise(chosen, stakes.small_bet)
        else:
            all_in = self.pay(chosen, stakes.bring_in)
            chosen.voluntary = True
            self.current = chosen.street_bet
            self.events.append(Action(chosen.name, ActionKind.BRING_IN, self.q(stakes.bring_in),
                                      all_in=all_in))  # fmt: skip
        self.to_act.discard(chosen)
        self.betting_round(self.following(chosen))

    def stud_first_actor(self) -> _Player | None:
        board = self.rules.board
        assert board is not None
        live = [p for p in self.live() if p.up]
        best = max(live, key=lambda p: (board(p.up), -p.seat))
        if best.can_act:
            return best
        return self.next_after(best.seat, [p for p in self.players if p.can_act])

    # ------------------------------------------------------------------ draw
    def play_draw(self) -> None:
        assert self.button is not None
        self.place_blinds()
        for p in self.players:
            if self.stakes.ante:
                self.post(p, PostKind.ANTE, self.stakes.ante)
        small, big = self.blinds  # type: ignore[misc]  # place_blinds set them
        self.post(small, PostKind.SMALL_BLIND, self.stakes.small_blind)
        self.post(big, PostKind.BIG_BLIND, self.stakes.big_blind)
        self.current = big.street_bet
        self.bets = 1
        self.last_raise = self.current
        self.start_street(0)
        size = self.rules.hand_size
        for p in self.players:
            p.cards = list(self.take(size, p))
            self.events.append(Deal(p.name, Street.PREDRAW, tuple(p.cards)))
        draws_left = len(self.rules.streets) - 1
        self.rate_draw(draws_left)
        self.betting_round(self.next_after(big.seat, [p for p in self.players if p.can_act]))
        self.return_uncalled()
        for index in range(1, len(self.rules.streets)):
            if self.live_count < 2:
                return
            self.start_street(index)
            self.draw_round(len(self.rules.streets) - 1 - index)
            if self.betting_needed():
                acting = [p for p in self.players if p.can_act]
                self.betting_round(self.next_after(self.button, acting))
            self.return_uncalled()

    def place_blinds(self) -> None:
        button = self.button
        assert button is not None
        seats = self.players
        if len(seats) == 2:
            small = next(p for p in seats if p.seat == button)
        else:
            small = self.next_after(button, seats)  # type: ignore[assignment]  # asserted next
        assert small is not None
        big = self.next_after(small.seat, seats)
        assert big is not None
        self.blinds = (small, big)
        for p in seats:
            tags = []
            if p.seat == button:
                tags.append("button")
            if p is small:
                tags.append("small blind")
            if p is big:
                tags.append("big blind")
            self.positions[p.name] = tuple(tags)

    def post(self, player: _Player, kind: PostKind, chips: int) -> None:
        if kind is not PostKind.ANTE:
            player.voluntary = True
            self.pay(player, chips)
        else:
            player.stack -= chips
            player.put_in += chips
            self.pot += chips
        self.events.append(Post(player.name, kind, self.q(chips)))

    def rate_draw(self, draws_left: int) -> None:
        """Plan each live player's next draw, and rate the hand by that plan."""
        game = self.spec.game
        for p in self.players:
            if not p.folded:
                p.plan = _plan_draw(game, p.cards, draws_left, self.rng) if draws_left else ()
                p.strength = _draw_strength(game, p.cards, p.plan, draws_left)

    def draw_round(self, draws_left: int) -> None:
        """Each live player draws, from the left of the button. A stub that runs out is
        rebuilt from the discards, which leaves out the cards of the players still to draw
        (theirs are not discarded yet); the discards always suffice, as every player served
        put back as many cards as they took."""
        assert self.button is not None
        live = self.live()
        start = self.next_after(self.button, live)
        assert start is not None
        index = live.index(start)
        order = live[index:] + live[:index]
        for p in order:
            # The site reprints the kept cards in the order they were held.
            kept = tuple(c for c in p.cards if c in p.plan)
            discarded = tuple(c for c in p.cards if c not in kept)
            drawn: list[Card] = []
            while len(drawn) < len(discarded):
                if not self.deck:
                    self.deck = self.discards
                    self.discards = []
                    self.rng.shuffle(self.deck)
                    self.events.append(Note("remark", "The deck is reshuffled"))
                    self.features.add("reshuffle")
                drawn.append(self.deck.pop())
            if discarded:
                self.discards.extend(discarded)
                p.cards = [*kept, *drawn]
                draw = Draw(p.name, self.street, len(discarded), discarded, tuple(drawn), kept)
            else:  # "stands pat on [cards]": the parser fills only `kept`
                draw = Draw(p.name, self.street, 0, kept=tuple(p.cards))
            self.events.append(draw)
        self.rate_draw(draws_left)

    # ------------------------------------------------------------------ betting
    def betting_round(self, actor: _Player | None) -> None:
        """Players act in turn until no one owes an action or one player is left."""
        while actor is not None and self.live_count > 1:
            self.act(actor)
            self.to_act.discard(actor)
            actor = self.following(actor)

    def act(self, player: _Player) -> None:
        due = self.current - player.street_bet
        choice = self.choose(player, due)
        if choice == _FOLD:
            player.folded = True
            player.fold_street = self.street
            self.live_count -= 1
            self.acting_count -= 1
            self.events.append(Action(player.name, ActionKind.FOLD))
        elif choice == _CHECK:
            self.events.append(Action(player.name, ActionKind.CHECK))
        elif choice == _CALL:
            chips = min(due, player.stack)
            all_in = self.pay(player, chips)
            player.voluntary = True
            self.events.append(Action(player.name, ActionKind.CALL, self.q(chips), all_in=all_in))
        else:
            self.bet_or_raise(player, self.raise_total(player))

    def can_raise(self, player: _Player, due: int) -> bool:
        if self.blocked or player.stack <= due:
            return False
        if self.spec.limit is LimitKind.FIXED and self.bets >= CAP_BETS:
            return False
        return self.acting_count - (1 if player.can_act else 0) > 0

    def choose(self, player: _Player, due: int) -> str:
        """Fold, check, call or raise by the hand's strength, blurred, against thresholds
        that the player's temper and the price of the call move."""
        rng = self.rng
        style = player.style
        raising = self.can_raise(player, due)
        if self.loose:
            if raising and rng.random() < 0.05 + 0.2 * player.strength * style.aggression:
                return _RAISE
            return _CALL if due else _CHECK
        strength = player.strength + rng.uniform(-0.15, 0.15)
        if due > 0:
            price = due / (self.pot + due)
            if strength < 0.38 - 0.22 * style.looseness + 0.35 * price:
                return _FOLD
            if raising and strength > 0.8 - 0.25 * style.aggression:
                return _RAISE
            return _CALL
        if raising and (
            strength > 0.6 - 0.25 * style.aggression or rng.random() < 0.06 * style.aggression
        ):
            return _RAISE
        return _CHECK

    def raise_total(self, player: _Player) -> int:
        """The round total this bet or raise makes, within the limit and the stack."""
        most = player.street_bet + player.stack
        if self.spec.limit is LimitKind.FIXED:
            return min(most, self.fixed_total(player))
        minimum = self.current + max(self.last_raise, self.min_bet())
        if self.spec.limit is LimitKind.POT:
            ceiling = self.current + self.pot + (self.current - player.street_bet)
        else:
            ceiling = most
        if self.rules.ceilings:
            ceiling = min(ceiling, self.current + self.min_bet() * self.rules.ceilings[
                self.street_index])  # fmt: skip
        ceiling = min(ceiling, most)
        if ceiling <= minimum:
            return ceiling
        rng = self.rng
        pot = self.pot + self.current - player.street_bet
        roll = rng.random()
        if roll < 0.3:
            target = minimum
        elif roll < 0.6:
            target = self.current + pot // 2
        elif roll < 0.85:
            target = self.current + pot
        elif roll < 0.93:
            target = self.current + 2 * pot
        else:
            target = ceiling
        target = max(minimum, min(target, ceiling))
        if target > most * 0.6 and ceiling == most:
            target = most  # a raise of most of the stack is a shove
        return target

    def min_bet(self) -> int:
        return self.stakes.big_blind or self.stakes.small_bet

    def fixed_total(self, player: _Player) -> int:
        stakes = self.stakes
        if self.street_index == 0 and self.bets == 0 and self.current > 0:
            return stakes.small_bet  # completing the bring-in
        big = self.street in self.rules.big_streets or self.big_unit
        unit = stakes.big_bet if big else stakes.small_bet
        if (
            self.bets == 0
            and not big
            and self.street == self.rules.open_pair
            and any(len(p.up) >= 2 and p.up[-1][0] == p.up[-2][0] for p in self.live())
            and player.street_bet + player.stack >= self.current + stakes.big_bet
            and self.rng.random() < 0.6
        ):
            # Only a player who covers the big bet makes it: the engine refuses an all-in
            # for less than the big bet but more than the small one (see the report).
            self.features.add("open_pair_big_bet")
            return self.current + stakes.big_bet
        return self.current + unit

    def bet_or_raise(self, player: _Player, total: int) -> None:
        added = total - player.street_bet
        before = self.current
        all_in = self.pay(player, added)
        player.voluntary = True
        if before == 0:
            self.events.append(Action(player.name, ActionKind.BET, self.q(added), all_in=all_in))
        else:
            self.events.append(
                Action(
                    player.name,
                    ActionKind.RAISE,
                    self.q(total - before),
                    self.q(total),
                    all_in=all_in,
                )
            )
        increment = total - before
        if self.spec.limit is LimitKind.FIXED:
            full = total >= self.fixed_full_total(before)
            if (
                self.bets == 0
                and self.street == self.rules.open_pair
                and increment == self.stakes.big_bet != self.stakes.small_bet
            ):
                self.big_unit = True  # the open pair's big bet holds for the round
        else:
            full = increment >= max(self.last_raise, self.min_bet())
        if not full:
            self.blocked = True
        self.last_raise = max(self.last_raise, increment)
        self.current = total
        self.bets += 1
        self.aggressor = player
        self.to_act = {p for p in self.players if p.can_act and p is not player}
        if self.spec.limit is LimitKind.FIXED and self.bets == CAP_BETS:
            self.events.append(Note("remark", "Betting is capped"))
            self.features.add("capped")

    def fixed_full_total(self, before: int) -> int:
        stakes = self.stakes
        if self.street_index == 0 and self.bets == 0 and before > 0 and self.rules.stud:
            return stakes.small_bet
        big = self.street in self.rules.big_streets or self.big_unit
        return before + (stakes.big_bet if big else stakes.small_bet)

    def return_uncalled(self) -> None:
        if not self.players:
            return
        top = max(self.players, key=lambda p: p.street_bet)
        second = max((p.street_bet for p in self.players if p is not top), default=0)
        excess = top.street_bet - second
        if excess > 0:
            top.street_bet -= excess
            top.put_in -= excess
            top.stack += excess
            self.pot -= excess
            if top.all_in:
                top.all_in = False
                self.acting_count += 1
            self.events.append(UncalledReturn(top.name, self.q(excess)))
            self.features.add("uncalled")

    # ------------------------------------------------------------------ the end
    def finish(self) -> SimulatedHand:
        live = self.live()
        total = self.pot
        first_round_only = self.street_index == 0 and len(live) == 1
        rake = self.rake(total, first_round_only)
        pots = _build_pots([(p.name, p.put_in) for p in self.players], [p.name for p in live])
        if len(pots) > 1:
            self.features.add("side_pot")
            if len(pots[0][1]) >= 3:
                self.features.add("side_pot_multiway")  # three or more all in it
        pot_rakes = _rake_by_pot([amount for amount, _ in pots], rake, self.rake_percent())
        settled = [
            self.settle(amount, eligible, pot_rake)
            for (amount, eligible), pot_rake in zip(pots, pot_rakes, strict=True)
        ]
        shown: dict[str, tuple[Card, ...]] = {}
        mucked: set[str] = set()
        if len(live) > 1:
            shown, mucked = self.showdown(settled)
        else:
            self.collect(settled, labels=["pot"])
        for p in self.players:
            p.stack += p.collected
        self.tournament_finishes()
        if len(live) == 1:
            self.events.append(Note("doesnt_show", "", live[0].name))
        elif self.rules.low is not None and any(
            len(pot.eligible) > 1 and not pot.low for pot in settled
        ):
            self.events.append(Note("remark", "No low hand qualified"))
        self.events.append(SummaryStart())
        self.events.append(self.totals(total, rake, settled))
        self.events.extend(self.seat_summaries(shown, mucked))
        return self.result(rake, settled)

    def rake_percent(self) -> Decimal:
        return self.spec.rake.percent if self.spec.rake else Decimal(0)

    def rake(self, total: int, first_round_only: bool) -> int:
        policy = self.spec.rake
        if policy is None or (policy.no_flop_no_drop and first_round_only):
            return 0
        chips = int(total * policy.percent)
        if policy.cap is not None:
            chips = min(chips, int(policy.cap / self.table.unit))
        return chips

    def settle(self, amount: int, eligible: tuple[str, ...], rake: int) -> _Settled:
        net = amount - rake
        if len(eligible) == 1:
            return _Settled(amount, rake, eligible, eligible, (), {eligible[0]: net})
        by_name = {p.name: p for p in self.players}
        hands = {name: self.final_cards(by_name[name]) for name in eligible}
        high = _best(hands, self.rules.high)
        low = _best(hands, self.rules.low) if self.rules.low else ()
        seats = {name: by_name[name].seat for name in eligible}
        shares = _split(net, high, low, seats, self.button)
        if len(shares) > 1:
            self.features.add("split")
        if low:
            if set(high) != set(low) or len(high) > 1:
                self.features.add("split")
            if (len(low) > 1 or len(high) > 1) and set(high) != set(low):
                self.features.add("quartered")
        elif self.rules.low is not None:
            self.features.add("no_low")
        if len(high) > 1 or len(low) > 1:
            self.features.add("tie")
        return _Settled(amount, rake, eligible, high, low, shares)

    def final_cards(self, player: _Player) -> tuple[Card, ...]:
        return tuple(player.cards + self.community)

    def showdown(self, settled: list[_Settled]) -> tuple[dict[str, tuple[Card, ...]], set[str]]:
        self.features.add("showdown")
        self.events.append(ShowdownStart())
        winners = {name for pot in settled for name in pot.shares if pot.shares[name] > 0}
        live = self.live()
        first = self.aggressor  # the last round's last bettor shows first
        if first is None or first.folded:
            anchor = self.bring_in_player.seat if self.bring_in_player else (self.button or 0)
            first = self.next_after(anchor, live)
        assert first is not None
        index = live.index(first)
        order = live[index:] + live[:index]
        shown: dict[str, tuple[Card, ...]] = {}
        mucked: set[str] = set()
        best_high: int | None = None
        for p in order:
            cards = self.final_cards(p)
            value = self.rules.high(cards)
            shows = (
                not shown
                or p.name in winners
                or p.all_in
                or (best_high is not None and value is not None and value >= best_high)
                or self.rng.random() < 0.2
            )
            if shows:
                shown[p.name] = cards
                self.events.append(Show(p.name, cards, self.describe(cards)))
                if value is not None and (best_high is None or value > best_high):
                    best_high = value
            else:
                mucked.add(p.name)
                self.events.append(Muck(p.name))
                self.features.add("muck")
        labels = (
            ["pot"]
            if len(settled) == 1
            else ["main"] + [f"side-{i}" for i in range(1, len(settled))]
        )
        self.collect(settled, labels)
        return shown, mucked

    def collect(self, settled: list[_Settled], labels: list[str]) -> None:
        by_name = {p.name: p for p in self.players}
        for index in reversed(range(len(settled))):
            pot = settled[index]
            for p in self.players:
                share = pot.shares.get(p.name, 0)
                if share > 0:
                    by_name[p.name].collected += share
                    self.events.append(Collect(p.name, self.q(share), labels[index]))

    def describe(self, cards: tuple[Card, ...]) -> str:
        return _describe(self.rules.describe, cards)

    def tournament_finishes(self) -> None:
        if self.spec.tournament is None:
            return
        busted = [p for p in self.players if p.stack == 0]
        place = self.table.remaining  # the shortest starting stack finishes last
        for p in sorted(busted, key=lambda p: p.start_stack):
            self.events.append(TournamentFinish(p.name, place))
            place -= 1
        self.busted = busted

    def totals(self, total: int, rake: int, settled: list[_Settled]) -> PotTotals:
        q = self.q
        if len(settled) > 1:
            nets = [q(pot.amount - pot.rake) for pot in settled]
            return PotTotals(q(total), q(rake), nets[0], tuple(nets[1:]))
        return PotTotals(q(total), q(rake))

    def seat_summaries(
        self, shown: dict[str, tuple[Card, ...]], mucked: set[str]
    ) -> list[SeatSummary]:
        by_seat = {p.seat: p for p in self.players}
        summaries = []
        for seat in sorted([*by_seat, *self.sitting_out]):
            player = by_seat.get(seat)
            if player is None:
                # Not dealt in: no real PokerStars summary shows such a seat, so none is written.
                self.features.add("sitting_out")
                continue
            summaries.append(self.seat_summary(player, shown, mucked))
        return summaries

    def seat_summary(
        self, p: _Player, shown: dict[str, tuple[Card, ...]], mucked: set[str]
    ) -> SeatSummary:
        positions = self.positions.get(p.name, ())
        won = self.q(p.collected) if p.collected else None
        if p.folded:
            first_round = p.fold_street == self.rules.streets[0]
            return SeatSummary(
                p.seat,
                p.name,
                "folded",
                positions,
                street=self.fold_wording(p.fold_street),
                didnt_bet=first_round and not p.voluntary,
            )
        if p.name in shown:
            cards = shown[p.name]
            description = _summary_description(self.rules.describe, self.describe(cards))
            return SeatSummary(p.seat, p.name, "showed", positions, won, cards, description)
        if p.name in mucked:
            return SeatSummary(p.seat, p.name, "mucked", positions, cards=self.final_cards(p))
        return SeatSummary(p.seat, p.name, "collected", positions, won)

    def fold_wording(self, street: Street | None) -> str:
        assert street is not None
        if self.rules.stud:
            return _STUD_FOLD_WORDS[street]
        index = self.rules.streets.index(street)
        if self.spec.game is Game.SINGLE_DRAW_27:
            return "before Flop" if index == 0 else "Flop"
        if index == 0:
            return "before the Draw"
        if len(self.rules.streets) == 2:
            return "after the Draw"
        return f"after the {('1st', '2nd', '3rd')[index - 1]} Draw"

    # ------------------------------------------------------------------ the record
    def header(self) -> HandHeader:
        spec = self.spec
        table = self.table
        tournament = None
        if spec.tournament is not None:
            t = spec.tournament
            tournament = Tournament(
                t.tournament_id, t.buy_in, t.fee, None, t.currency, _roman(table.level() + 1)
            )
        return HandHeader(
            site=spec.site,
            hand_number=str(table.hand_number),
            game=spec.game,
            limit=spec.limit,
            stakes=self.header_stakes(),
            money=spec.money,
            currency=None if spec.tournament is not None else spec.currency,
            started_at_utc=table.clock,
            site_time=_eastern_clock(table.clock),
            table=spec.table,
            max_seats=spec.seats,
            button_seat=self.button,
            tournament=tournament,
        )

    def header_stakes(self) -> Stakes:
        """As the parser builds them: the header's two amounts, completed from the first
        forced bets posted (not all-in), and the bring-in if the first action is one."""
        q = self.q
        stakes = self.stakes
        posted: dict[PostKind, Decimal] = {}
        bring_in = None
        for event in self.events:
            if isinstance(event, Post) and not event.all_in:
                posted.setdefault(event.kind, event.amount)
            elif isinstance(event, Action):
                if event.kind is ActionKind.BRING_IN and not event.all_in and event.amount:
                    bring_in = event.amount
                break
        if self.spec.game is Game.FIVE_UP_STUD:
            return Stakes(small_bet=q(stakes.small_bet), ante=posted.get(PostKind.ANTE))
        if self.spec.limit is LimitKind.FIXED:
            return Stakes(
                small_bet=q(stakes.small_bet),
                big_bet=q(stakes.big_bet),
                ante=posted.get(PostKind.ANTE),
                bring_in=bring_in,
                small_blind=posted.get(PostKind.SMALL_BLIND),
                big_blind=posted.get(PostKind.BIG_BLIND),
            )
        return Stakes(
            ante=posted.get(PostKind.ANTE),
            bring_in=bring_in,
            small_blind=q(stakes.small_blind),
            big_blind=q(stakes.big_blind),
        )

    def seats(self) -> tuple[Seat, ...]:
        by_seat = {p.seat: p for p in self.players}
        seats = []
        for seat in sorted([*by_seat, *self.sitting_out]):
            player = by_seat.get(seat)
            if player is not None:
                seats.append(Seat(seat, player.name, self.q(player.start_stack)))
            else:
                occupant = self.table.seats[seat]
                assert occupant is not None
                seats.append(Seat(seat, occupant.name, self.q(occupant.stack), sitting_out=True))
        return tuple(seats)

    def result(self, rake: int, settled: list[_Settled]) -> SimulatedHand:
        q = self.q
        hand = Hand(self.header(), self.seats(), tuple(self.events))
        nets = {p.name: q(p.collected - p.put_in) for p in self.players}
        pots = tuple(
            SimulatedPot(
                q(pot.amount),
                q(pot.rake),
                pot.eligible,
                pot.high,
                pot.low,
                tuple((name, q(share)) for name, share in pot.shares.items()),
            )
            for pot in settled
        )
        winners = frozenset(p.name for p in self.players if p.collected > 0)
        return SimulatedHand(hand, nets, q(rake), pots, winners, frozenset(self.features))


_STUD_FOLD_WORDS = {
    Street.SECOND: "2nd Street",
    Street.THIRD: "3rd Street",
    Street.FOURTH: "4th Street",
    Street.FIFTH: "5th Street",
    Street.SIXTH: "6th Street",
    Street.SEVENTH: "River",
}


# ============================================================================ pots


@dataclass(frozen=True, slots=True)
class _Settled:
    amount: int
    rake: int
    eligible: tuple[str, ...]
    high: tuple[str, ...]
    low: tuple[str, ...]
    shares: dict[str, int]


def _build_pots(
    contributions: list[tuple[str, int]], live: list[str]
) -> list[tuple[int, tuple[str, ...]]]:
    """Main pot then side pots, cut at each live player's total: a pot is shared by the
    live players who reached its level; folded money stays in the pots it reached."""
    put_in = dict(contributions)
    levels = sorted({put_in[name] for name in live if put_in[name] > 0})
    pots: list[tuple[int, tuple[str, ...]]] = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for _, c in contributions)
        eligible = tuple(name for name in live if put_in[name] >= level)
        pots.append((amount, eligible))
        previous = level
    return pots


def _rake_by_pot(amounts: list[int], rake: int, percent: Decimal) -> list[int]:
    """The rake comes out of the main pot first, then the side pots, each pot giving at
    most the house's percentage of it; what rounding leaves comes out of the largest pot
    (so a pot of a chip or two is not raked to nothing)."""
    if not amounts:
        return []
    parts = []
    left = rake
    for amount in amounts:
        part = min(left, int(amount * percent))
        parts.append(part)
        left -= part
    largest = max(range(len(amounts)), key=lambda i: amounts[i] - parts[i])
    parts[largest] += left
    return parts


def _best(hands: dict[str, tuple[Card, ...]], evaluate: Evaluator | None) -> tuple[str, ...]:
    if evaluate is None:
        return ()
    values = {name: evaluate(cards) for name, cards in hands.items()}
    qualified = [v for v in values.values() if v is not None]
    if not qualified:
        return ()
    best = max(qualified)
    return tuple(name for name, value in values.items() if value == best)


def _split(
    net: int,
    high: tuple[str, ...],
    low: tuple[str, ...],
    seats: dict[str, int],
    button: int | None,
) -> dict[str, int]:
    """Halves for high and low (the odd chip to the high half), then equal parts, odd
    chips to the winners nearest the dealer's left (stud has no button: seat order)."""
    halves = [(high, net)]
    if low:
        high_half = (net + 1) // 2
        halves = [(high, high_half), (low, net - high_half)]
    shares: dict[str, int] = {}
    anchor = button or 0
    for winners, amount in halves:
        ordered = sorted(winners, key=lambda name: (seats[name] <= anchor, seats[name]))
        part, odd = divmod(amount, len(ordered))
        for index, name in enumerate(ordered):
            shares[name] = shares.get(name, 0) + part + (1 if index < odd else 0)
    return shares


# ============================================================================ playing


def _clamp(value: float) -> float:
    return 0.0 if value < 0 else 1.0 if value > 1 else value


def _high_strength(cards: Sequence[Card]) -> float:
    """A high hand's worth from its category and top rank (see `decode_high`)."""
    value = high_value(cards)
    category = value >> 20
    top = (value >> 16) & 15
    if category == 0:
        strength = 0.04 + 0.22 * (top - 2) / 12
    elif category == 1:
        strength = 0.36 + 0.22 * (top - 2) / 12
    elif category == 2:
        strength = 0.62 + 0.1 * (top - 2) / 12
    else:
        strength = 0.72 + 0.04 * category
    count = len(cards)
    if count < 5 and category >= 1:
        strength += 0.08 * (5 - count)
    elif count > 5 and category <= 2:
        strength -= 0.05 * (count - 5)
    return _clamp(strength)


def _a5_strength(cards: Sequence[Card], qualifier: int = 13) -> float:
    """How good a low is: the highest of its best `need` distinct low cards."""
    need = min(len(cards), 5)
    distinct = sorted({LOW_RANK[c[0]] for c in cards})
    if len(distinct) < need:
        return 0.05
    top = distinct[need - 1]
    if top > qualifier:
        return 0.0
    return _clamp(1 - (top - need) / (14 - need))


def _stud_strength(rules: _Rules, cards: list[Card]) -> float:
    if rules.describe == "a5":
        return _a5_strength(cards)
    high = _high_strength(cards)
    if rules.describe == "hilo":
        low = _a5_strength(cards, qualifier=8)
        return _clamp(max(high, low) + (0.1 if high > 0.4 and low > 0.4 else 0.0))
    return high


def _is_flush(cards: Sequence[Card]) -> bool:
    return len(cards) == 5 and len({c[1] for c in cards}) == 1


def _deuce_made(cards: Sequence[Card]) -> float:
    ranks = sorted(HIGH_RANK[c[0]] for c in cards)
    if len(set(ranks)) < len(ranks) or _is_flush(cards):
        return 0.05
    if len(ranks) == 5 and ranks[4] - ranks[0] == 4:
        return 0.05  # a straight
    top = ranks[-1]
    second = ranks[-2] if len(ranks) > 1 else 2
    return _clamp(1 - (top - 7) / 8 - (second - 5) / 40)


_LOW_RANKS = "A2345678"


def _rigged_ranks(game: Game, rng: random.Random) -> list[str]:
    """Ranks worth dealing to two players at once: a hand both can make and hold."""
    if game in (Game.SEVEN_STUD_HILO, Game.RAZZ, Game.TRIPLE_DRAW_A5):
        if game is Game.SEVEN_STUD_HILO and rng.random() < 0.5:
            return list("A2345")  # the wheel: both make the best low
        return rng.sample(_LOW_RANKS, 5)
    if game is Game.BADUGI:
        return rng.sample(_LOW_RANKS, 4)
    if game in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27):
        while True:
            ranks = sorted(rng.sample("2345678", 5), key=RANKS.index)
            if RANKS.index(ranks[-1]) - RANKS.index(ranks[0]) != 4:  # not a straight
                return ranks
    start = rng.randrange(9)
    return list(RANKS[start : start + 5])  # high games: a straight


def _plan_draw(
    game: Game, cards: list[Card], draws_left: int, rng: random.Random
) -> tuple[Card, ...]:
    """The cards a player keeps for the next draw (all of them: standing pat)."""
    if game is Game.BADUGI:
        best = badugi_best(cards)
        if len(best) == 4 and (max(LOW_RANK[c[0]] for c in best) <= 10 or draws_left <= 1):
            return tuple(cards)
        limit = 13 if draws_left <= 1 else 9
        return tuple(c for c in best if LOW_RANK[c[0]] <= limit) or best[:1]
    if game is Game.FIVE_DRAW:
        return _plan_five_draw(cards, rng)
    deuce = game in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27)
    ranks = HIGH_RANK if deuce else LOW_RANK
    threshold = 8 if draws_left > 1 else rng.choice((8, 9, 10))
    made = _deuce_made(cards) if deuce else _a5_strength(cards)
    if made >= 0.55 or (draws_left == 1 and made >= 0.4 and rng.random() < 0.5):
        return tuple(cards)
    kept: list[Card] = []
    for card in sorted(cards, key=lambda c: ranks[c[0]]):
        if ranks[card[0]] <= threshold and all(k[0] != card[0] for k in kept):
            kept.append(card)
    kept = kept[:5]
    if deuce and len(kept) == 5 and _deuce_made(kept) <= 0.05:
        kept = kept[:4]
    return tuple(kept)


def _plan_five_draw(cards: list[Card], rng: random.Random) -> tuple[Card, ...]:
    category, _ = decode_high(high_value(cards))
    if category >= 4:
        return tuple(cards)  # straight or better: pat
    counts: dict[str, int] = {}
    for card in cards:
        counts[card[0]] = counts.get(card[0], 0) + 1
    grouped = [c for c in cards if counts[c[0]] >= 2]
    if grouped:
        if category == 1 and rng.random() < 0.3:
            kicker = max((c for c in cards if counts[c[0]] == 1), key=lambda c: HIGH_RANK[c[0]])
            return (*grouped, kicker)
        return tuple(grouped)
    suits: dict[str, int] = {}
    for card in cards:
        suits[card[1]] = suits.get(card[1], 0) + 1
    flush_suit = next((s for s, n in suits.items() if n == 4), None)
    if flush_suit is not None:
        return tuple(c for c in cards if c[1] == flush_suit)
    ordered = sorted(cards, key=lambda c: HIGH_RANK[c[0]], reverse=True)
    return tuple(ordered[: rng.choice((1, 2))])


def _draw_strength(game: Game, cards: list[Card], kept: tuple[Card, ...], draws_left: int) -> float:
    """A draw hand's worth: made hands by their value, draws by what they keep, the
    number of cards they need and the draws still to come."""
    if game is Game.FIVE_DRAW:
        return _high_strength(cards)
    if draws_left == 0:
        kept = tuple(cards)  # no draw to come: the hand is what it is
    if game is Game.BADUGI:
        best = badugi_best(cards)
        quality = 1 - (max(LOW_RANK[c[0]] for c in best) - len(best)) / 10
        if len(best) == 4:
            return _clamp(0.6 + 0.4 * quality)
        if draws_left == 0:
            return 0.0
        if len(best) == 3:
            return _clamp(0.15 + 0.25 * quality + 0.05 * draws_left)
        return _clamp(0.03 + 0.08 * quality + 0.02 * draws_left)
    deuce = game in (Game.TRIPLE_DRAW_27, Game.SINGLE_DRAW_27)
    if len(kept) == len(cards):
        return _deuce_made(cards) if deuce else _a5_strength(cards)
    if not kept or draws_left == 0:
        return 0.02
    ranks = HIGH_RANK if deuce else LOW_RANK
    top = max(ranks[c[0]] for c in kept)
    missing = len(cards) - len(kept)
    quality = _clamp(1 - (top - len(kept) - (1 if deuce else 0)) / 10)
    return _clamp(quality * (0.6**missing) * (1 + 0.35 * (draws_left - 1)))


# ============================================================================ wording


def _deuce_words(cards: Sequence[Card]) -> str:
    category, ranks = decode_high(deuce_packed(cards))
    if category == 0:
        return "Lo: " + low_letters(ranks)
    return "Lo: " + high_words(category, ranks)


def describe_hand(game: Game, cards: Sequence[Card]) -> str:
    """PokerStars' words for a shown hand: "a pair of Kings", "Lo: 8,6,4,3,2",
    "HI: two pair, Kings and Eights; LO: 7,6,3,2,A", "Badugi: 8,5,4,2", "3-card: 9,2,A"."""
    return _describe(RULES[game].describe, cards)


def _describe(kind: str, cards: Sequence[Card]) -> str:
    if kind == "badugi":
        ranks = badugi_ranks(cards)
        label = "Badugi" if len(ranks) == 4 else f"{len(ranks)}-card"
        return f"{label}: {low_letters(ranks)}"
    if kind == "a5":
        return "Lo: " + low_letters(a5_ranks(cards))
    if kind == "deuce":
        return _deuce_words(cards)
    high = high_words(*decode_high(high_value(cards)))
    if kind == "hilo":
        if eight_or_better_low_value(cards) is None:
            return f"HI: {high}"
        return f"HI: {high}; LO: {low_letters(a5_ranks(cards))}"
    return high


def _summary_description(kind: str, shown: str) -> str:
    """The summary repeats the show's words; a badugi hand takes an article there."""
    return f"a {shown}" if kind == "badugi" else shown

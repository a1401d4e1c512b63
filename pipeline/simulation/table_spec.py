"""What a simulated table is: its game, stakes, seats, players and money, and the
defaults each game is played at."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal

from parsers.model.events import (
    Game,
    LimitKind,
    MoneyKind,
    Stakes,
)
from pipeline.simulation.game_shapes import RULES

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
    Game.RAZZ_27: "Deucina III",
    Game.SINGLE_DRAW_A5: "Acelina I",
    Game.BADEUCEY: "Baduccia IV",
    Game.BADACEY: "Badacina II",
}


def _default_stakes(game: Game, limit: LimitKind, tournament: bool, antes: bool) -> Stakes:
    d = Decimal
    if RULES[game].stud:
        if tournament:
            return Stakes(small_bet=d(20), big_bet=d(40), ante=d(4), bring_in=d(6))
        if game in (Game.RAZZ, Game.RAZZ_27):
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


_ROMAN = (
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
    (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
)  # fmt: skip


def level_name(level: int) -> str:
    """A tournament level as the Tournament event names it: I, II, III, IV..."""
    out = []
    number = level
    for value, letters in _ROMAN:
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)

"""The first two lines of a PokerStars history: the header (hand number, game, stakes or
tournament and level, the clock) and the table line.

Apart from the lines of play (`writers.pokerstars`): they are worded from the header
alone, and the sample histories name their files by the same words (`game_text`,
`stake_pair`).
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from parsers.model.events import Game, HandHeader, LimitKind, MoneyKind, Tournament
from parsers.text.site_time import to_utc
from pipeline.writers.history_writer import UnwritableHand, amount_text, cents_text

EASTERN = ZoneInfo("America/New_York")


GAME_NAMES: dict[Game, str] = {
    Game.SEVEN_STUD: "7 Card Stud",
    Game.SEVEN_STUD_HILO: "7 Card Stud Hi/Lo",
    Game.RAZZ: "Razz",
    Game.FIVE_STUD: "5 Card Stud",
    Game.TRIPLE_DRAW_27: "Triple Draw 2-7 Lowball",
    Game.SINGLE_DRAW_27: "Single Draw 2-7 Lowball",
    Game.TRIPLE_DRAW_A5: "Triple Draw A-5 Lowball",
    Game.BADUGI: "Badugi",
    Game.FIVE_DRAW: "5 Card Draw",
}

LIMIT_NAMES: dict[LimitKind, str] = {
    LimitKind.FIXED: "Limit",
    LimitKind.POT: "Pot Limit",
    LimitKind.NO: "No Limit",
}

CURRENCY_SYMBOLS: dict[str, str] = {"USD": "$", "EUR": "€", "GBP": "£"}


def money_symbol(header: HandHeader) -> str:
    """The sign amounts print with: none for chips and play money, as the site prints them."""
    if header.money is not MoneyKind.REAL or header.currency is None:
        return ""
    return CURRENCY_SYMBOLS.get(header.currency, "")


def header_line(header: HandHeader) -> str:
    """ "PokerStars Hand #N:  Razz Limit ($1/$2 USD) - 2026/11/15 ..." and its variants."""
    start = "PokerStars Home Game Hand #" if header.home_game is not None else "PokerStars Hand #"
    club = f"{{{header.home_game}}} " if header.home_game else ""
    if header.tournament is not None:
        body = f" {club}{tournament_text(header, header.tournament)}"
    else:
        body = f"  {club}{cash_text(header)}"
    return f"{start}{header.hand_number}:{body} - {when_text(header)}"


def cash_text(header: HandHeader) -> str:
    """ "Razz Limit ($1/$2 USD)", or mixed: "8-Game (Razz Limit, $2/$4 USD)"."""
    symbol = money_symbol(header)
    low, high = stake_pair(header)
    stakes = f"{symbol}{low}/{symbol}{high}"
    if header.money is MoneyKind.REAL and header.currency:
        stakes += f" {header.currency}"
    if header.mixed_game:
        return f"{header.mixed_game} ({game_text(header)}, {stakes})"
    return f"{game_text(header)} ({stakes})"


def tournament_text(header: HandHeader, tournament: Tournament) -> str:
    """ "Tournament #T, $5.00+$0.50 USD Razz Limit - Match Round I, Level I (20/40)"."""
    game = game_text(header)
    if header.mixed_game:
        game = f"{header.mixed_game} ({game})"
    low, high = stake_pair(header)
    level = f"Level {tournament.level or 'I'} ({low}/{high})"
    if tournament.match_round:
        level = f"Match Round {tournament.match_round}, {level}"
    return f"Tournament #{tournament.tournament_id}, {buy_in_text(tournament)} {game} - {level}"


def buy_in_text(tournament: Tournament) -> str:
    """ "$1.00+$0.20 USD", "$200+$15 USD", knockouts "$25+$25+$5 USD", play chips "100+9".

    As in the header's stakes, the amounts print whole when all of them are ("$2000+$100
    USD", 2018; "$25+$25+$5 USD", 2026), else all with cents ("$2.00+$0.20 USD", 2013;
    "$0.98+$0.12 USD", 2023).
    """
    if tournament.buy_in is None:
        return "Freeroll "  # the site leaves two spaces before the game
    parts = [tournament.buy_in]
    if tournament.bounty is not None:
        parts.append(tournament.bounty)
    parts.append(tournament.fee if tournament.fee is not None else Decimal(0))
    symbol = CURRENCY_SYMBOLS.get(tournament.currency or "")
    if symbol is None:
        return "+".join(amount_text(part) for part in parts)
    whole = all(part == part.to_integral_value() for part in parts)
    text = amount_text if whole else cents_text
    return "+".join(symbol + text(part) for part in parts) + f" {tournament.currency}"


def game_text(header: HandHeader) -> str:
    name = GAME_NAMES.get(header.game)
    if name is None:
        raise UnwritableHand(f"PokerStars does not deal {header.game}")
    if header.limit not in LIMIT_NAMES:
        raise UnwritableHand(f"PokerStars does not deal {header.limit.value} games")
    return f"{name} {LIMIT_NAMES[header.limit]}"


def stake_pair(header: HandHeader) -> tuple[str, str]:
    """The header's two amounts: the bets in fixed limit, the blinds otherwise.

    Both print as whole numbers when both are ("$1/$2"), else both with cents
    ("$0.50/$1.00"), as the site does.
    """
    stakes = header.stakes
    if header.limit is LimitKind.FIXED:
        low, high = stakes.small_bet, stakes.big_bet
    else:
        low, high = stakes.small_blind, stakes.big_blind
    if low is None or high is None:
        raise UnwritableHand(f"hand {header.hand_number}: the header needs both stakes")
    if low == low.to_integral_value() and high == high.to_integral_value():
        return str(int(low)), str(int(high))
    return cents_text(low), cents_text(high)


def when_text(header: HandHeader) -> str:
    """The site's own clock when it reads back exactly, then the ET time in brackets.

    The parser takes the instant from the ET time and keeps the site's clock as printed,
    so a non-ET clock is reprinted as it is; an ET clock alone must be the same instant.
    """
    eastern = eastern_text(header.started_at_utc)
    site_time = header.site_time
    clock = _CLOCK.fullmatch(site_time)
    if site_time == eastern or clock is None:
        return eastern
    if clock["zone"] != "ET":
        return f"{site_time} [{eastern}]"
    try:
        year, month, day, hour, minute, second = map(
            int, clock.group("y", "mo", "d", "h", "mi", "s")
        )
        local = datetime(year, month, day, hour, minute, second)
    except ValueError:
        return eastern
    return site_time if to_utc(local, "ET") == header.started_at_utc else eastern


def eastern_text(moment: datetime) -> str:
    """ "2013/01/03 9:27:43 ET": PokerStars does not pad the hour."""
    local = moment.astimezone(EASTERN)
    return f"{local:%Y/%m/%d} {local.hour}:{local:%M:%S} ET"


_CLOCK = re.compile(
    r"(?P<y>\d{4})/(?P<mo>\d\d)/(?P<d>\d\d) (?P<h>\d{1,2}):(?P<mi>\d\d):(?P<s>\d\d)"
    r" (?P<zone>[A-Z]{1,5})"
)
"""A site clock as the header grammar reads it back unchanged."""


def table_line(header: HandHeader) -> str:
    """ "Table 'Orsolya III' 6-max Seat #6 is the button"."""
    play = " (Play Money)" if header.money is MoneyKind.PLAY and header.tournament is None else ""
    button = f" Seat #{header.button_seat} is the button" if header.button_seat else ""
    max_seats = header.max_seats or 0
    if not max_seats:
        raise UnwritableHand(f"hand {header.hand_number}: the table line needs max_seats")
    return f"Table '{header.table}' {max_seats}-max{play}{button}"

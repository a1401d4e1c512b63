"""Tournament summary files: what a client writes about a tournament as a whole.

A tournament's hands tell its buy-in and the hero's finish, but not how many entered nor
the prize pool; the summary does. PokerStars and Full Tilt write one per tournament
(`grammars/pokerstars_summary.lark`, `grammars/fulltilt_summary.lark`), each read line by
line with its grammar; the lines' records are then put together here. A summary file
holds no hand: it is recognised by its first line and read whole.

Which player the file is about: PokerStars says "You finished in 3rd place", and the
hero is the player at that place; Full Tilt names him ("OrangeWater finished in 2nd
place"). A file still running says so, and keeps no finish.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedInput

from parsers.model.amounts import currency_symbol_of, parse_amount
from parsers.model.errors import ErrorKind, HandParseError
from parsers.text.hand_texts import decode_history
from parsers.text.site_time import clock_to_utc

GRAMMARS = Path(__file__).parents[1] / "grammars"
_CHIPS = ("FPP", "SC", "FTP", "T$", "Play Chips")  # no money: points, tokens, play chips
_WORDED = "%a, %B %d, %Y %H:%M"  # "Wed, July 21, 2010 22:40"

SUMMARY_START = re.compile(
    r"\A\ufeff?(?:PokerStars (?:Kick-Off )?Tournament #\d+, "
    r"|Full Tilt Poker(?:\.fr)? Tournament Summary )"
)


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """A tournament as its summary tells it."""

    site: str
    tournament_id: str
    name: str  # as printed: "8-Game", "Big Game of the Week ... 5 Card Stud Limit"
    buy_in: Decimal | None
    fee: Decimal | None
    bounty: Decimal | None
    currency: str | None  # None: chips (play money, freerolls)
    entrants: int | None
    prize_pool: Decimal | None
    started_at: datetime | None
    finished_at: datetime | None
    hero: str | None
    finish: int | None  # the hero's place; None while running
    prize: Decimal | None  # what he received (0 out of the money); None while running
    path: str


def is_summary(data: bytes) -> bool:
    """Whether a file's first characters are a summary's."""
    return SUMMARY_START.match(decode_history(data[:400], None).text) is not None


def read_summary(path: str, data: bytes) -> TournamentSummary | HandParseError:
    """The file's summary, or why it cannot be read (the file and line named)."""
    text = decode_history(data, None).text
    site = "fulltilt" if text.lstrip("\ufeff").startswith("Full Tilt") else "pokerstars"
    parser = _parser(site)
    records: list[tuple[str, tuple[Any, ...]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        try:
            records.append(_Lines().transform(parser.parse(line)))
        except UnexpectedInput as error:
            return HandParseError(
                ErrorKind.SYNTAX,
                f"a tournament summary line not understood (column {error.column})",
                path,
                number,
                line_text=line,
            )
    try:
        return _summary(site, records, path)
    except (ValueError, KeyError, ArithmeticError) as error:  # Decimal's InvalidOperation
        return HandParseError(ErrorKind.SYNTAX, f"a tournament summary: {error}", path, 1)


@cache
def _parser(site: str) -> Lark:
    grammar = (GRAMMARS / f"{site}_summary.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="earley", lexer="dynamic")


class _Lines(Transformer[Token, tuple[str, tuple[Any, ...]]]):
    """Each line as (what it is, its values as printed)."""

    def __default__(self, data, children, meta):  # every rule: its tokens' texts
        return str(data), tuple(None if c is None else str(c) for c in children)


def _money(text: str | None) -> Decimal | None:
    """ "$1,250.50", "₹136.50", "1500" -> the amount."""
    return parse_amount(text) if text else None


def _currency(amount: str | None, code: str | None) -> str | None:
    if code and code not in _CHIPS:
        return code
    return currency_symbol_of(amount) if amount else None


def _clock(clock: str | None, zone: str | None, rest: str | None) -> datetime | None:
    """ "2013/05/26 20:00:00 WET [2013/05/26 15:00:00 ET]": the clock in brackets (the
    site's own zone) where there is one."""
    if clock is None or zone is None:
        return None
    bracket = re.search(r"\[(\S+ \S+) (\w+)\]", rest or "")
    if bracket:
        clock, zone = bracket[1], bracket[2]
    return clock_to_utc(clock, zone)


def _numbered_clock(worded: str, zone: str) -> tuple[str, str, None]:
    """ "Wed, July 21, 2010 22:40" as the numbered clock the other lines print."""
    return datetime.strptime(worded, _WORDED).strftime("%Y/%m/%d %H:%M:%S"), zone, None


def _summary(site: str, records: list[tuple[str, tuple[Any, ...]]], path: str) -> TournamentSummary:
    kinds = [kind for kind, _values in records]
    if not kinds or kinds[0] != "header":
        raise ValueError("no tournament header")
    found: dict[str, tuple[Any, ...]] = {}
    places: list[tuple[int, str, str | None]] = []  # place, the line's rest, its result
    for kind, values in records:
        if kind == "place":
            places.append((int(values[0]), values[1] or "", values[2] if len(values) > 2 else None))
        else:
            found.setdefault(kind, values)
    if site == "pokerstars":
        number, name = found["header"]
    else:
        name_and_id, game = found["header"]
        opened = name_and_id.rindex("(")
        number, name = name_and_id[opened + 1 : -1], f"{name_and_id[:opened].strip()} {game}"
    buy_in = fee = bounty = None
    currency = None
    if "buy_in" in found:
        values = found["buy_in"]
        amounts = [v for v in values if v and v[-1].isdigit()]
        codes = [v for v in values if v and not v[-1].isdigit()]
        buy_in = _money(amounts[0])
        if site == "pokerstars" and len(amounts) == 3:  # knockout: buy-in / bounty / fee
            bounty, fee = _money(amounts[1]), _money(amounts[2])
        elif len(amounts) >= 2:
            fee = _money(amounts[1])
        currency = _currency(amounts[0], codes[-1] if codes else None)
    if "knockout" in found:  # Full Tilt: "Knockout Bounty: $15", part of the buy-in
        bounty = _money(found["knockout"][0])
    hero, finish, prize = _hero_and_finish(site, found, places)
    started = found.get("started", (None, None, None))
    finished = found.get("finished", (None, None, None))
    if "started_dashed" in found:  # 2007: "2007/08/13 - 08:15:00 (ET)"
        day, time, zone = found["started_dashed"]
        started = (f"{day} {time}", zone, None)
    if "started_worded" in found:
        started = _numbered_clock(*found["started_worded"])
    if "finished_worded" in found:
        finished = _numbered_clock(*found["finished_worded"])
    prize_pool = found.get("prize_pool", (None,))[0]
    return TournamentSummary(
        site=site,
        tournament_id=number,
        name=name.strip(),
        buy_in=buy_in,
        fee=fee,
        bounty=bounty,
        currency=currency,
        entrants=int(found["entrants"][0]) if "entrants" in found else None,
        prize_pool=_money(prize_pool) if prize_pool and prize_pool[-1].isdigit() else None,
        started_at=_clock(*started),
        finished_at=_clock(*finished),
        hero=hero,
        finish=finish,
        prize=prize,
        path=path,
    )


def _hero_and_finish(
    site: str, found: dict[str, tuple[Any, ...]], places: list[tuple[int, str, str | None]]
) -> tuple[str | None, int | None, Decimal | None]:
    """Whose summary it is, his place and his prize (None, None, None while running)."""
    if site == "pokerstars":
        if "you_finished" not in found:
            return None, None, None
        place = int(found["you_finished"][0])
        at_place = [(rest, result) for p, rest, result in places if p == place]
        if len(at_place) != 1:
            return None, place, None
        rest, result = at_place[0]
        hero = rest[: rest.rindex(" (")]
        amount = re.match(r"[$€£₹]?\d[\d,]*(\.\d+)?", result or "")
        return hero, place, _money(amount[0]) if amount else Decimal(0)
    if "finished_entries" in found:  # several entries: his best
        hero, places_text = found["finished_entries"]
        best = min(int(p) for p in re.findall(r"\d+", places_text))
        return hero, best, None
    if "someone_finished" not in found:
        return None, None, None
    hero, place_text, _suffix = found["someone_finished"]
    place = int(place_text)
    for p, rest, _result in places:
        name, _, won = rest.partition(", ")
        if p == place and name == hero:
            return hero, place, _money(won.split()[0]) if won else Decimal(0)
    return hero, place, Decimal(0)

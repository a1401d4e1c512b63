"""iPoker's XML histories: a session file, its header and its hands.

An iPoker file is one XML document, `<session sessioncode="...">`, written as the session
goes: a `<general>` header (the game and stakes as one phrase, "7 Card Stud L $0.05/$0.10",
the table, its currency, the hero's nickname, a tournament's name and buy-in), then one
`<game gamecode="...">` per hand. `xml_hands.split_xml` cuts the file at the hands and
gives each the header as its `preamble`; this module reads one hand with it.

What iPoker does its own way:

- every chip a player puts in is an `<action>` with a numeric `type` (FPDB's table:
  0 fold, 3 call, 4 check, 5 bet, 7 all-in, 15 ante, 16 bring-in, 23 raise to, 6 raise
  by, 9 sitting out; 1, 2 and 8 are blinds and a new player's "no action", flop games
  only) and the chips it adds in `sum`, except a raise to (23), whose `sum` is the total;
- the actions are written grouped by player, not in the order played: their `no` is;
- an all-in (7) says only what it adds: a call, a bet or a raise, as the street stands;
- cards are per player and street, suit first with ten as "10" ("X X H6": two down
  cards not shown, the six of hearts up); a player who goes to showdown has every card
  printed, so his hand is shown; nothing says who showed first or mucked;
- there is no pot line: each `<player>` has the total it `win`s, and a bet nobody
  called is never returned in words (`hand_lines.uncalled_returned` writes it in);
- a tournament header prints no stakes ("7 Card Stud L"): the hand's own bets give them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache
from typing import Final
from xml.etree.ElementTree import Element

from parsers.lines.hand_assembly import DealtLine, StructureError, assemble_events, marked_hero
from parsers.lines.hand_lines import (
    AllInLine,
    all_in_action,
    completions_from_raises,
    count_street_put_in,
    forced_bet_sizes,
    uncalled_returned,
)
from parsers.lines.xml_elements import ElementFault, XmlTree
from parsers.lines.xml_hands import (
    account_for_elements,
    card_of,
    parse_xml_opening,
    read_xml_hand,
    split_xml,
)
from parsers.model.amounts import currency_named_in, parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    Collect,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Note,
    Post,
    PostKind,
    Seat,
    Show,
    Stakes,
    StreetStart,
    Tournament,
    UncalledReturn,
)
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText

SITE: Final = "ipoker"
NAME: Final = "iPoker"  # as players know it: every screen and message
# Inferred: no real iPoker hand shows a fixed-limit raise after a short all-in raise.
# Odd chips: no real iPoker hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(odd_chip_half=OddChipHalf.UNKNOWN, odd_chip=OddChip.UNKNOWN)

FILE_START = re.compile(r"<session\s+sessioncode=")
HAND_START: Final = re.compile(r'<game\s+gamecode="\d+"')
HAND_END: Final = "</game>"


def split_file(path: str, data: bytes) -> Iterator[HandText]:
    """The file's `<game>` elements, each with the session's header."""
    return split_xml(path, data, HAND_START, HAND_END)


# ---------------------------------------------------------------------------- the header

GAMES: Final[dict[str, Game]] = {
    "7 card stud": Game.SEVEN_STUD,
    "7 card stud hi-lo": Game.SEVEN_STUD_HILO,
    "7 card stud hilow": Game.SEVEN_STUD_HILO,  # inferred: FPDB's game table
    "5 card stud": Game.FIVE_STUD,  # inferred: FPDB's game table
}
"""The stud games iPoker dealt; its flop games ("Holdem", "Six Plus Holdem", "Omaha",
"Omaha Hi-Lo", "LH 0.02/0.04": limit hold'em, none at all: five-card Omaha) are skipped."""

LIMITS: Final[dict[str, LimitKind]] = {
    "L": LimitKind.FIXED,
    "Limit": LimitKind.FIXED,  # inferred from here on: FPDB's limit table
    "PL": LimitKind.POT,
    "LP": LimitKind.POT,
    "Pot limit": LimitKind.POT,
    "NL": LimitKind.NO,
    "SL": LimitKind.NO,
    "LZ": LimitKind.NO,
    "БЛ": LimitKind.NO,
    "No limit": LimitKind.NO,
}

_GAME_TYPE: Final = re.compile(
    r"(?P<game>.*?) ?\b(?P<limit>"
    + "|".join(sorted(map(re.escape, LIMITS), key=len, reverse=True))
    + r")(?: (?P<low>[^ /]+)/(?P<high>[^ /]+))?(?: Ante (?P<ante>\S+))?"
)
"""`<gametype>`: "7 Card Stud L $0.05/$0.10", "7 Card Stud Hi-Lo L €0.05/€0.10", "7 Card
Stud L" (a tournament); inferred (FPDB): "... Ante $0.01", the sign after the number
("0,05€/0,10€"), the limit spelt out ("Pot limit")."""

_FLOP_GAME_TYPE: Final = re.compile(r"LH |Holdem|Omaha|Six Plus")


@immutable
class GameType:
    """What `<gametype>` says: a stud game with its limit and stakes as printed, or (no
    `game`) a flop game, skipped."""

    game: Game | None
    limit: LimitKind
    low: str | None
    high: str | None
    ante: str | None


_FLOP_GAME: Final = GameType(None, LimitKind.FIXED, None, None, None)


def game_type(printed: str) -> GameType | None:
    """The game of "7 Card Stud Hi-Lo L €0.05/€0.10"; None for a game not known."""
    found = _GAME_TYPE.fullmatch(printed)
    flop = _FLOP_GAME_TYPE.match(printed) is not None
    if found is None:
        return _FLOP_GAME if flop else None
    game = GAMES.get(found["game"].lower())
    if flop or (game is None and (found["game"] == "" or _FLOP_GAME_TYPE.search(found["game"]))):
        return _FLOP_GAME
    if game is None:
        return None
    return GameType(game, LIMITS[found["limit"]], found["low"], found["high"], found["ante"])


@immutable
class Session:
    """The `<general>` header of a session file, as every one of its hands needs it."""

    game: str  # as printed: "7 Card Stud Hi-Lo L €0.05/€0.10"
    game_type: GameType | None  # None: a game iPoker's files are not known to deal
    table: str
    currency: str | None  # the table's (a euro table in a dollar account says EUR)
    money: MoneyKind
    max_seats: int | None
    tournament: Tournament | None
    hero: str | None  # "<nickname>Hero</nickname>": whose session it is


_TOURNAMENT_NUMBER: Final = re.compile(r"\(#(\d+)\)|(\d+)\s*$|, (\d+)(?: \S+)?\s*$")
_POINTS: Final = "Pts "  # a buy-in in the skin's player points: "Pts 11.00+Pts 0.00"


@lru_cache(maxsize=16)
def session_of(path: str, preamble: str) -> Session:
    """The session's header, read once per file (every hand brings the same preamble)."""
    tree = parse_xml_opening(path, preamble)
    root = tree.root
    general = root.find("general")
    if root.tag != "session" or general is None:
        raise HandParseError(
            ErrorKind.STRUCTURE, "no <session> header before the first hand", path, tree.line(root)
        )
    fields = {child.tag: (child.text or "").strip() for child in general}
    game = fields.get("gametype", "")
    tournament = None
    if "tournamentname" in fields or "place" in fields:
        tournament = _tournament(fields, tree.line(general))
    currency = fields.get("tablecurrency") or currency_named_in(game) or fields.get("currency")
    mode = fields.get("mode", "real")
    money = (
        MoneyKind.TOURNAMENT
        if tournament
        else MoneyKind.REAL
        if mode == "real" and currency not in (None, "", "fun")
        else MoneyKind.PLAY  # inferred: FPDB's "play" for no currency or "fun"
    )
    size = fields.get("tablesize", "")
    return Session(
        game=game,
        game_type=game_type(game),
        table=fields.get("tablename", ""),
        currency=None if money is not MoneyKind.REAL else currency,
        money=money,
        max_seats=int(size) if size.isdigit() and int(size) > 0 else None,
        tournament=tournament,
        hero=fields.get("nickname") or None,
    )


def _tournament(fields: dict[str, str], line: int) -> Tournament:
    """ "<tournamentname>$5 Limit 7 Card Stud</tournamentname><place>5</place><buyin>$5+$0.50
    </buyin>": the number is the `<tournamentcode>` or ends the table's name ("$5 Limit 7
    Card Stud, 699476041, 699476041"). Inferred (FPDB iPoker/base.py re_tablename_mtt,
    re_tour_no, re_tour_no_hash and the split on the last comma; its multi-table files):
    a multi-table tournament's table, "Irish Open 2013 B SuperSat R/A, 799557276", "Hyper
    Turbo (#16727068)", the code before a word, "€0.50 NLH Double Up 6 Gioc., 547028881
    M2EFE101E4DDF2KD"; a buy-in in points, "Pts 11.00+Pts 0.00" (FPDB re_fpp: FPP); a
    buy-in that is a word and no amount, "Einladung" (an invitation: none paid, told as
    unknown)."""
    number = fields.get("tournamentcode")
    if not number:
        found = _TOURNAMENT_NUMBER.search(fields.get("tablename", ""))
        number = next((g for g in found.groups() if g), "") if found else ""
    buy_in = fee = None
    printed = fields.get("buyin", "")
    currency = fields.get("currency") or None
    if printed.strip().startswith(_POINTS):
        printed, currency = printed.replace(_POINTS, ""), "FPP"
    parts = [p for p in printed.split("+") if p.strip()]
    try:
        if parts and any(c.isdigit() for c in printed):
            buy_in = sum((parse_amount(p) for p in parts[:-1]), ZERO) or None
            fee = parse_amount(parts[-1])
            if buy_in is None:  # one amount: the whole buy-in, no fee said
                buy_in, fee = fee, None
    except ValueError:
        raise HandParseError(
            ErrorKind.SYNTAX, "unreadable buy-in", "", line, line_text=fields["buyin"]
        ) from None
    return Tournament(
        tournament_id=number or fields.get("tournamentname", ""),
        buy_in=buy_in,
        fee=fee,
        currency=currency,
    )


# ---------------------------------------------------------------------------- the hand

_STUD_STREETS: Final = {"second", "third", "fourth", "fifth", "sixth", "river"}
_GAME_CODE: Final = re.compile(r'gamecode="(\d+)"')

# Action types. Each `Final`: compiled, a constant is inlined, a plain global looked up.
_ANTE: Final = "15"
_BRING_IN: Final = "16"
_FOLD: Final = "0"
_CHECK: Final = "4"
_CALL: Final = "3"
_BET: Final = "5"
_RAISE_TO: Final = "23"
_RAISE_BY: Final = "6"
_ALL_IN: Final = "7"
_SITTING_OUT: Final = "9"
_NO_ACTION: Final = frozenset({"1", "2", "8"})  # blinds and a new player's wait: flop games only

_DATES: Final = (
    (re.compile(r"(\d{4})-(\d\d)-(\d\d) (\d\d?):(\d\d)(?::(\d\d))?"), "ymd"),
    (re.compile(r"(\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d)(?::(\d\d))?"), "ymd"),  # inferred
    (re.compile(r"(\d\d)[/.](\d\d)[/.](\d{4}) (\d\d?):(\d\d)(?::(\d\d))?"), "dmy"),  # inferred
    (re.compile(r"(\d\d)-([A-Z][a-z]{2})-(\d{4}) (\d\d?):(\d\d)(?::(\d\d))?"), "dMy"),  # inferred
)
_MONTHS: Final = {
    month: number
    for number, month in enumerate(
        ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), 1
    )
}


def start_time(text: str) -> datetime:
    """ "2010-09-05 13:00:46", read as UTC (FPDB: iPoker's clock is UTC); inferred from
    FPDB: "2010/09/05 13:00", "05/09/2010 13:00:46", "05.09.2010 ...", "05-Sep-2010 ...".
    ValueError for anything else."""
    text = text.strip()
    for pattern, order in _DATES:
        found = pattern.fullmatch(text)
        if found is None:
            continue
        first, second, third, hour, minute, seconds = found.groups()
        if order == "ymd":
            year, month, day = int(first), int(second), int(third)
        elif order == "dmy":
            year, month, day = int(third), int(second), int(first)
        else:
            year, month, day = int(third), _MONTHS[second], int(first)
        return datetime(year, month, day, int(hour), int(minute), int(seconds or 0), tzinfo=UTC)
    raise ValueError(f"unreadable start date {text!r}")


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one `<game>` with its session's header; `HandParseError` naming the file, the
    line and the problem (never another exception)."""
    number_found = _GAME_CODE.search(chunk.lines[0])
    number = number_found[1] if number_found else None
    try:
        session = session_of(chunk.path, chunk.preamble)
    except HandParseError as error:  # the file's fault, told at each of its hands
        raise HandParseError(
            error.kind,
            f"the session's header (line {error.line}) does not read: {error.message}",
            chunk.path,
            chunk.first_line,
            1,
            number,
            chunk.lines[0],
        ) from None
    if not any(HAND_END in line for line in chunk.lines):
        last = chunk.first_line + len(chunk.lines) - 1
        raise HandParseError(
            ErrorKind.TRUNCATED,
            f"a partial hand: its <game> is cut off before {HAND_END}",
            chunk.path,
            last,
            1,
            number,
            chunk.lines[-1],
        )
    return read_xml_hand(chunk, number, lambda tree: _read_game(chunk, session, tree))


def _read_game(chunk: HandText, session: Session, tree: XmlTree) -> Hand | SkippedHand:
    element = tree.root
    number = element.attrib.get("gamecode", "")
    kind = session.game_type
    if kind is None:
        raise ElementFault(chunk.first_line, f"unknown iPoker game {session.game!r}")
    game = kind.game
    if game is None:
        return SkippedHand(SITE, number, session.game, chunk.path, chunk.first_line)

    general = tree.child(element, "general")
    _whole(tree, element, general)
    players = tree.child(general, "players")
    seats, button = _seats(tree, players)
    names = {seat.player for seat in seats}
    records = _records(tree, game, names, {seat.seat: seat.player for seat in seats})
    acting = {  # compiled, `getattr` with a default costs an exception where it misses
        record.player for record in records if isinstance(record, (Post, DealtLine, Action))
    }
    seats = [
        seat
        if seat.player in acting
        else Seat(seat.seat, seat.player, seat.stack, True, line=seat.line)
        for seat in seats
    ]
    records = uncalled_returned(completions_from_raises(game, records))
    records += _shows(game, records, tree.line(element))
    records += _collects(tree, players, records)
    last_line = chunk.first_line + len(chunk.lines) - 1
    events = assemble_events(game, records, last_line, has_summary=False)
    date = tree.child(general, "startdate")
    stakes = _stakes(kind.limit, kind.low, kind.high, kind.ante, events)
    header = HandHeader(
        site=SITE,
        hand_number=number,
        game=game,
        limit=kind.limit,
        stakes=stakes,
        money=session.money,
        currency=session.currency,
        started_at_utc=start_time(date.text or ""),
        site_time=(date.text or "").strip(),
        table=session.table,
        max_seats=session.max_seats,
        button_seat=button,
        tournament=session.tournament,
        hero=marked_hero(session.hero, events),
    )
    hand = Hand(header, tuple(seats), events)
    account_for_elements(chunk, tree, hand, _element_kind)
    return hand


def _whole(tree: XmlTree, game: Element, general: Element) -> None:
    """A partial hand is told so (TRUNCATED), never read as a whole one. Inferred (no real
    file shows one): FPDB iPoker/base.py re_partial, its "iPoker hands lacking
    actions/starttime", a `<game>` without its `<startdate>` or without a `<round>`; and
    (`parse_hand`) a `<game>` the file cuts off before its `</game>`."""
    if general.find("startdate") is None:
        raise StructureError(
            tree.line(general), "a partial hand: its <general> has no <startdate>", truncated=True
        )
    if game.find("round") is None:
        raise StructureError(
            tree.line(game), "a partial hand: its <game> has no <round>", truncated=True
        )


def _element_kind(element: Element) -> tuple[bool, str] | None:
    """What an element is that makes no event of its own (`line_accounting`)."""
    tag = element.tag
    if tag == "game" or tag == "startdate":  # the hand's number, its time
        return True, "header"
    if tag == "general" or tag == "players":
        return False, "container"
    if tag == "round":  # round 0 (the antes), 1 (empty), a round with nothing in it
        return False, "round opening no street"
    if tag == "player" and not element.attrib.get("name"):
        return False, "empty seat"
    return None


def _seats(tree: XmlTree, players: Element) -> tuple[list[Seat], int | None]:
    """`<player seat="2" name="Hero" chips="$0.73" dealer="0" win="$0.13" bet="$0.03" />`;
    a seat with no name is empty."""
    seats, button = [], None
    for player in players.iter("player"):
        name = player.attrib.get("name", "")
        if not name:
            continue
        number = tree.attribute(player, "seat")
        if not number.isdigit():
            raise ElementFault(tree.line(player), f"seat {number!r} is not a number")
        seats.append(Seat(int(number), name, tree.amount(player, "chips"), line=tree.line(player)))
        if player.attrib.get("dealer") == "1":
            button = int(number)
    if not seats:
        raise ElementFault(tree.line(players), "no player seated")
    if len({seat.player for seat in seats}) < len(seats):
        raise ElementFault(tree.line(players), "a player seated twice")
    return seats, button


def _collects(tree: XmlTree, players: Element, records: list[object]) -> list[Collect]:
    """What each player `win`s, less the bet nobody called that it counts in (the hand
    gives it back, `uncalled_returned`): "Player2 ... win="663" bet="368"" took 603 and 60."""
    returned: dict[str, Decimal] = {}
    for record in records:
        if isinstance(record, UncalledReturn):
            returned[record.player] = returned.get(record.player, ZERO) + record.amount
    collects = []
    for player in players.iter("player"):
        name = player.attrib.get("name", "")
        won = tree.amount(player, "win") - returned.get(name, ZERO) if name else ZERO
        if won > 0:
            collects.append(Collect(name, won, line=tree.line(player)))
    return collects


def _records(tree: XmlTree, game: Game, names: set[str], seated: dict[int, str]) -> list[object]:
    """The antes, then each street: its start, its cards, its actions in their order, its
    events (a player sitting out)."""
    streets = game.rules.streets
    records: list[object] = [_event(tree, event, seated) for event in tree.root.findall("event")]
    for round_element in tree.root.iter("round"):
        number = tree.attribute(round_element, "no")
        if not number.isdigit():
            raise ElementFault(tree.line(round_element), f"round {number!r} is not a number")
        index = int(number) - 2  # round 0 posts the antes, round 1 is empty
        actions: list[Element] = []
        shown: list[Element] = []
        events: list[Element] = []
        for element in round_element.iter():  # one walk for every kind
            tag = element.tag
            if tag == "action":
                actions.append(element)
            elif tag == "cards":
                shown.append(element)
            elif tag == "event":
                events.append(element)
        actions = _in_order(tree, actions)
        if index < 0:
            records += [_ante(tree, action, names) for action in actions]
            records += [_event(tree, event, seated) for event in events]
            continue
        if index >= len(streets):
            raise ElementFault(tree.line(round_element), f"a round {number} in a {game} hand")
        if not actions and not shown:
            records += [_event(tree, event, seated) for event in events]
            continue
        records.append(StreetStart(streets[index], line=tree.line(round_element)))
        for cards in shown:
            dealt = _dealt(tree, cards, names)
            if dealt is not None:
                records.append(dealt)
        put_in: dict[str, Decimal] = {}
        for action in actions:
            record = _action(tree, action, names, put_in)
            count_street_put_in(record, put_in)
            records.append(record)
        records += [_event(tree, event, seated) for event in events]
    return records


_SIT_OUT: Final = "SIT_OUT"


def _event(tree: XmlTree, event: Element, seated: dict[int, str]) -> Note:
    """`<event sequence="4" type="SIT_OUT" player="3"/>`: the player of seat 3 sits out, a
    note (iPoker's own "sitting out" in the hand is the action of type 9, a fold).
    Inferred (no real file shows an `<event>`): FPDB iPoker/base.py re_sits_out, the
    seat by its number. Any other type of event is not known."""
    kind = tree.attribute(event, "type")
    if kind != _SIT_OUT:
        raise ElementFault(tree.line(event), f"unknown iPoker event type {kind!r}")
    seat = tree.attribute(event, "player")
    player = seated.get(int(seat)) if seat.isdigit() else None
    if player is None:
        raise ElementFault(tree.line(event), f"no player seated at seat {seat!r}")
    return Note("sits_out", "", player, line=tree.line(event))


def _in_order(tree: XmlTree, actions: list[Element]) -> list[Element]:
    """A round's actions by their numbers (a real file prints four rounds in ten seat by
    seat instead): a round in order is kept as it is, without a sort."""
    numbers = [_action_number(tree, action) for action in actions]
    for index in range(1, len(numbers)):
        if numbers[index] < numbers[index - 1]:
            order = sorted(range(len(actions)), key=numbers.__getitem__)
            return [actions[i] for i in order]
    return actions


def _action_number(tree: XmlTree, action: Element) -> int:
    number = action.attrib.get("no", "")
    if not number.isdigit():
        raise ElementFault(tree.line(action), f"action number {number!r} is not a number")
    return int(number)


def _player(tree: XmlTree, element: Element, names: set[str]) -> str:
    name = tree.attribute(element, "player")
    if name not in names:
        raise ElementFault(tree.line(element), f"{name!r} is not seated")
    return name


def _ante(tree: XmlTree, action: Element, names: set[str]) -> Post:
    kind = action.attrib.get("type")
    if kind != _ANTE:
        raise ElementFault(tree.line(action), f"an action of type {kind} before the cards")
    return Post(
        _player(tree, action, names),
        PostKind.ANTE,
        tree.amount(action, "sum"),
        line=tree.line(action),
    )


def _dealt(tree: XmlTree, cards: Element, names: set[str]) -> DealtLine | None:
    """`<cards type="Third Street" player="WurmX">X X H6</cards>`: the cards shown."""
    if cards.attrib.get("type", "").lower().removesuffix(" street") not in _STUD_STREETS:
        raise ElementFault(
            tree.line(cards), f"cards of a {cards.get('type')!r} street in a stud hand"
        )
    try:
        shown = _shown(cards.text or "")
    except ValueError as error:
        raise ElementFault(tree.line(cards), str(error)) from None
    if not shown:
        return None
    return DealtLine(_player(tree, cards, names), shown, line=tree.line(cards))


@lru_cache(maxsize=4096)  # "X X D2", "C3": a few hundred texts a session
def _shown(text: str) -> tuple[str, ...]:
    """The cards a `<cards>` text shows ("X X D2": the two of diamonds)."""
    return tuple(card for card in map(card_of, text.split()) if card is not None)


def _action(tree: XmlTree, action: Element, names: set[str], put_in: dict[str, Decimal]) -> Action:
    player = _player(tree, action, names)
    kind = action.attrib.get("type", "")
    line = tree.line(action)
    if kind in (_FOLD, _SITTING_OUT):
        return Action(player, ActionKind.FOLD, line=line)
    if kind == _CHECK:
        return Action(player, ActionKind.CHECK, line=line)
    amount = tree.amount(action, "sum")
    if kind == _CALL:
        return Action(player, ActionKind.CALL, amount, line=line)
    if kind == _BET:
        return Action(player, ActionKind.BET, amount, line=line)
    if kind == _BRING_IN:
        return Action(player, ActionKind.BRING_IN, amount, line=line)
    had = put_in.get(player, ZERO)
    if kind == _RAISE_TO:
        return Action(player, ActionKind.RAISE, raise_to=amount, line=line)
    if kind == _RAISE_BY:  # inferred: FPDB's "raise by"
        return Action(
            player, ActionKind.RAISE, raise_to=max(put_in.values(), default=had) + amount, line=line
        )
    if kind == _ALL_IN:
        return all_in_action(AllInLine(player, amount, line=line), put_in)
    if kind in _NO_ACTION:
        raise ElementFault(line, f"a blind (action type {kind}) in a stud hand")
    raise ElementFault(line, f"unknown iPoker action type {kind!r}")


def _shows(game: Game, records: list[object], line: int) -> list[Show]:
    """At a showdown (two players or more not folded), those whose every card is printed
    showed them."""
    cards: dict[str, list[str]] = {}
    folded: set[str] = set()
    for record in records:
        if isinstance(record, DealtLine):
            cards.setdefault(record.player, []).extend(record.cards)
        elif isinstance(record, Action) and record.kind is ActionKind.FOLD:
            folded.add(record.player)
    players = [p for p in cards if p not in folded]
    size = game.rules.hand_size
    if len(players) < 2:
        return []
    last = max((getattr(r, "line", 0) for r in records), default=line)
    return [Show(p, tuple(cards[p]), line=last) for p in players if len(cards[p]) == size]


# The small bet of a tournament hand that bets nothing it can be told from, by its ante:
# the levels of the real iPoker stud sit-and-go (2012), ante / bring-in / small bet from
# 8 / 15 / 60 to 150 / 300 / 1,000. An ante not here leaves the small bet unknown.
_TOURNAMENT_SMALL_BETS: Final = {
    Decimal(ante): Decimal(small)
    for ante, small in (
        (8, 60),
        (10, 80),
        (15, 100),
        (20, 150),
        (30, 200),
        (40, 300),
        (50, 400),
        (80, 600),
        (100, 800),
        (150, 1000),
    )
}


def _stakes(
    limit: LimitKind,
    low: str | None,
    high: str | None,
    ante: str | None,
    events: tuple[object, ...],
) -> Stakes:
    """The stakes the header prints, else (a tournament) those the hand's bets show."""
    forced = forced_bet_sizes(events)
    if ante is not None:
        forced["ante"] = parse_amount(ante)
    small: Decimal | None
    big: Decimal | None
    if low is not None and high is not None:
        small, big = parse_amount(low), parse_amount(high)
    else:
        small = _small_bet_played(events)
        if small is None and "ante" in forced:
            small = _TOURNAMENT_SMALL_BETS.get(forced["ante"])
        big = None if small is None else small * 2
    if limit is LimitKind.FIXED:
        return Stakes(small_bet=small, big_bet=big, **forced)
    return Stakes(
        ante=forced.get("ante"), bring_in=forced.get("bring_in"), small_blind=small, big_blind=big
    )


def _small_bet_played(events: tuple[object, ...]) -> Decimal | None:
    """A fixed-limit stud hand's small bet, from what it bets: the first street's
    completion, or half a bet from the fifth street on."""
    street = None
    for event in events:
        if isinstance(event, StreetStart):
            street = event.street
        elif isinstance(event, Action) and not event.all_in and street is not None:
            if event.kind is ActionKind.COMPLETE and event.raise_to is not None:
                return event.raise_to
            if event.kind is ActionKind.BET and event.amount is not None:
                first = street.value in ("third", "second")
                late = street.value in ("fifth", "sixth", "seventh")
                if first:
                    return event.amount
                if late:
                    return event.amount / 2
    return None


SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    file_start=FILE_START,
    split_file=split_file,
)

"""Boss Media's (Opoker) XML histories: a file of `<HISTORY>` elements, one per hand.

A Boss file is `<ROOT>` holding one `<HISTORY ID="2692984519" SESSION=... TABLE=...
GAME="GAME_FCD" ... TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00" DATE="1315776178"
...>` per hand (FPDB's files also show the hands with no `<ROOT>` or XML declaration at
all). Everything a hand needs is in its own element, so the file's preamble is unused.

What Boss does its own way:

- the game, limit, currency and stakes are codes in the hand's attributes; the date is a
  Unix time (UTC);
- every seat of the table is listed, an empty one as `NAME="UNKNOWN" ...
  STATE="STATE_EMPTY"`; the players dealt in have a `HAND_DEAL`;
- cards are numbers (`<CARD LINK="22">`: the ten of clubs, `xml_hands.card_of`), a card
  not shown is "b";
- a raise and an all-in `VALUE` is the player's total on the round; a call's is what it
  adds in the later files ("Player1 ... VALUE="7.00"" calling 9 over a 2 blind) and the
  round's total in the earlier ones (the big blind "calls" 4.00 over his 2.00): whichever
  fits the bet it faces;
- the draw is a `CHANGECARD` with the number of cards changed and the five cards held
  after it (the hero's; "b" for an opponent's);
- `<SHOWDOWN POT=... RAKE=...>` closes the hand: POT is what the winners share (a bet
  nobody called is not in it, nor in any `WIN`); each player has a `<RESULT>` with what
  he `WIN`s, his cards if he showed or lost a showdown, "$(STR_G_MUCK)" if he mucked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Final
from xml.etree.ElementTree import Element

from parsers.lines.hand_assembly import DealtLine, DrawLine, assemble_events, dealt_hero
from parsers.lines.hand_lines import (
    AllInLine,
    all_ins_resolved,
    count_street_put_in,
    dead_and_live_blinds,
    stakes_of,
    uncalled_returned,
)
from parsers.lines.line_accounting import read_into
from parsers.lines.xml_elements import ElementFault, XmlTree
from parsers.lines.xml_hands import account_for_elements, card_of, read_xml_hand, split_xml
from parsers.model.amounts import parse_amount
from parsers.model.conventions import OddChip, OddChipHalf, SiteConventions
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
    Muck,
    Post,
    PostKind,
    PotTotals,
    Seat,
    Show,
    StreetStart,
    SummaryStart,
    Tournament,
)
from parsers.model.immutable import immutable
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites.site_format import SiteFormat
from parsers.text.hand_texts import HandText

SITE: Final = "boss"
NAME: Final = "Boss Media"  # as players know it: every screen and message
# Odd chips: no real Boss hand splits a pot with a chip left over; any sharing within a
# chip of the exact one is accepted, with an `odd_chip` warning naming who took it.
CONVENTIONS = SiteConventions(odd_chip_half=OddChipHalf.UNKNOWN, odd_chip=OddChip.UNKNOWN)

FILE_START = re.compile(r'<HISTORY\s+ID="\d+"\s+SESSION=')
HAND_START: Final = re.compile(r'<HISTORY\s+ID="\d+"')
HAND_END: Final = "</HISTORY>"


def split_file(path: str, data: bytes) -> Iterator[HandText]:
    """The file's `<HISTORY>` elements (the `</ROOT>` after the last is no hand)."""
    return split_xml(path, data, HAND_START, HAND_END)


# ---------------------------------------------------------------------------- the header

GAMES: Final[dict[str, Game]] = {"GAME_FCD": Game.FIVE_DRAW}
"""Boss's one draw game; FPDB knows no other stud or draw code."""

FLOP_GAMES: Final = frozenset({"GAME_THM", "GAME_OMA", "GAME_OMATU", "GAME_OMAHL"})
"""Hold'em, Omaha, Omaha Turbo (inferred: FPDB, "Franz 1" 2009) and Omaha Hi-Lo: skipped."""

LIMITS: Final[dict[str, LimitKind]] = {
    "FL": LimitKind.FIXED,
    "PL": LimitKind.POT,  # inferred from here on: FPDB's regression files (flop games)
    "NL": LimitKind.NO,
}

_REAL_MONEY: Final = "GAMETYPE_REAL"  # inferred: any other GAMETYPE is play money
_TOURNAMENT: Final = "GAMEKIND_TOURNAMENT"  # inferred: FPDB; the cash kind is GAMEKIND_CASH
_GAME_CODE: Final = re.compile(r'\sGAME="([A-Z_]+)"')
_HAND_NUMBER: Final = re.compile(r'ID="(\d+)"')
_SESSION_NUMBER: Final = re.compile(r"session(\d+)\.xml")
_STAKES: Final = re.compile(r"(?P<low>[\d.,]+)/(?P<high>[\d.,]+)")


@immutable
class _Context:
    """The hand's own attributes, as its header needs them."""

    number: str
    game: Game
    limit: LimitKind
    money: MoneyKind
    currency: str | None
    low: Decimal
    high: Decimal
    started: datetime
    date: str
    table: str
    tournament: Tournament | None


def _context(tree: XmlTree, game: Game) -> _Context:
    """`<HISTORY ID=... TABLE="Table FCD 192" ... GAMETYPE="GAMETYPE_REAL"
    GAMEKIND="GAMEKIND_CASH" TABLECURRENCY="EUR" LIMIT="FL" STAKES="2.00/4.00"
    DATE="1315776178" TABLETOURNEYID="" ...>`."""
    element = tree.root
    line = tree.line(element)
    limit = LIMITS.get(tree.attribute(element, "LIMIT"))
    if limit is None:
        raise ElementFault(line, f"unknown Boss limit {element.get('LIMIT')!r}")
    stakes = _STAKES.fullmatch(tree.attribute(element, "STAKES"))
    if stakes is None:
        raise ElementFault(line, f"unreadable stakes {element.get('STAKES')!r}")
    date = tree.attribute(element, "DATE")
    if not date.isdigit():
        raise ElementFault(line, f"the date {date!r} is not a Unix time")
    currency = tree.attribute(element, "TABLECURRENCY") or None
    tournament = None
    if element.get("GAMEKIND") == _TOURNAMENT:
        tournament = _tournament(element, currency)
    money = (
        MoneyKind.TOURNAMENT
        if tournament
        else MoneyKind.REAL
        if element.get("GAMETYPE") == _REAL_MONEY
        else MoneyKind.PLAY
    )
    return _Context(
        number=tree.attribute(element, "ID"),
        game=game,
        limit=limit,
        money=money,
        currency=currency if money is MoneyKind.REAL else None,
        low=_amount(stakes["low"], line),
        high=_amount(stakes["high"], line),
        started=datetime.fromtimestamp(int(date), tz=UTC),
        date=date,
        table=element.get("TABLE", ""),
        tournament=tournament,
    )


def _amount(text: str, line: int) -> Decimal:
    try:
        return parse_amount(text)
    except ValueError as error:
        raise ElementFault(line, str(error)) from None


def _tournament(element: Element, currency: str | None) -> Tournament:
    """Inferred (FPDB): a tournament's number is its `TABLETOURNEYID`, else (FPDB: "No
    idea why Boss doesn't use the TABLETOURNEYID") the session's; no buy-in is written."""
    number = element.get("TABLETOURNEYID", "")
    if not number:
        found = _SESSION_NUMBER.fullmatch(element.get("SESSION", ""))
        number = found[1] if found else element.get("SESSION", "")
    return Tournament(tournament_id=number, currency=currency)


# ---------------------------------------------------------------------------- the hand


def parse_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """Read one `<HISTORY>`; `HandParseError` naming the file, the line and the problem
    (never another exception)."""
    number_found = _HAND_NUMBER.search(chunk.lines[0])
    number = number_found[1] if number_found else None
    code = _GAME_CODE.search(chunk.lines[0])
    if number and code and code[1] in FLOP_GAMES:  # told by the start tag, read no further
        return SkippedHand(SITE, number, code[1], chunk.path, chunk.first_line)
    return read_xml_hand(chunk, number, lambda tree: _read_history(chunk, tree))


def _read_history(chunk: HandText, tree: XmlTree) -> Hand | SkippedHand:
    element = tree.root
    if element.tag != "HISTORY":
        raise ElementFault(tree.line(element), f"a <{element.tag}> where a <HISTORY> should be")
    code = tree.attribute(element, "GAME")
    if code in FLOP_GAMES:
        return SkippedHand(SITE, tree.attribute(element, "ID"), code, chunk.path, chunk.first_line)
    game = GAMES.get(code)
    if game is None:
        raise ElementFault(tree.line(element), f"unknown Boss game {code!r}")
    context = _context(tree, game)
    seats, button, listed = _seats(tree)
    records = _Records(tree, game, context, {seat.player: seat.stack for seat in seats}).read()
    dealt = {record.player for record in records if isinstance(record, _Dealt)}
    seats = [
        seat
        if seat.player in dealt
        else Seat(seat.seat, seat.player, seat.stack, True, line=seat.line)
        for seat in seats
    ]
    body = [record.dealt if isinstance(record, _Dealt) else record for record in records]
    body = [record for record in body if record is not None]
    body = dead_and_live_blinds(uncalled_returned(all_ins_resolved(game, body, bet_first=True)))
    last_line = chunk.first_line + len(chunk.lines) - 1
    has_totals = any(isinstance(record, PotTotals) for record in body)
    events = assemble_events(game, body, last_line, has_summary=has_totals)
    header = HandHeader(
        site=SITE,
        hand_number=context.number,
        game=game,
        limit=context.limit,
        stakes=stakes_of(context.limit, context.low, context.high, events),
        money=context.money,
        currency=context.currency,
        started_at_utc=context.started,
        site_time=context.date,
        table=context.table,
        max_seats=listed,
        button_seat=button,
        tournament=context.tournament,
        hero=dealt_hero(events),
    )
    hand = Hand(header, tuple(seats), events)
    account_for_elements(chunk, tree, hand, _element_kind)
    return hand


def _element_kind(element: Element) -> tuple[bool, str] | None:
    """What an element is that makes no event of its own (`line_accounting`)."""
    if element.tag == "HISTORY":  # the hand's number, game, stakes, table, time
        return True, "header"
    if element.tag == "PLAYER" and element.attrib.get("STATE") in _NOT_SEATED:
        return False, "empty seat"
    return None


_NOT_SEATED: Final = frozenset({"STATE_EMPTY", "STATE_RESERVED"})


def _seats(tree: XmlTree) -> tuple[list[Seat], int | None, int | None]:
    """`<PLAYER NAME="Hero" SEAT="5" AMOUNT="70.00" STATE="STATE_PLAYING" DEALER="N">`:
    the players seated, the button, and the table's size where every seat is listed
    (with its STATE: the older files list only the players, `<PLAYER NAME= SEAT=
    AMOUNT=>`). An empty seat is "STATE_EMPTY" (NAME="UNKNOWN"), a reserved one
    "STATE_RESERVED" (NAME="")."""
    element = tree.root
    seats, button, listed = [], None, 0
    every_seat = False
    for player in element.iter("PLAYER"):
        listed += 1
        state = player.get("STATE")
        every_seat = every_seat or state is not None
        name = player.get("NAME", "")
        if state in _NOT_SEATED or not name:
            continue
        number = tree.attribute(player, "SEAT")
        if not number.isdigit():
            raise ElementFault(tree.line(player), f"seat {number!r} is not a number")
        stack = tree.amount(player, "AMOUNT")
        seats.append(Seat(int(number), name, stack, line=tree.line(player)))
        if player.get("DEALER") == "Y":
            button = int(number)
    if not seats:
        raise ElementFault(tree.line(element), "no player seated")
    if len({seat.player for seat in seats}) < len(seats):
        raise ElementFault(tree.line(element), "a player seated twice")
    return sorted(seats, key=lambda seat: seat.seat), button, listed if every_seat else None


@immutable
class _Dealt:
    """A player dealt in (`HAND_DEAL`), with his cards where they are shown."""

    player: str
    dealt: DealtLine | None


_BLINDS: Final = {
    "HAND_SB": PostKind.SMALL_BLIND,
    "HAND_BB": PostKind.BIG_BLIND,
    "HAND_DSB": PostKind.DEAD_BLIND,  # a dead small blind, with a big blind to come back in
    "HAND_AB": PostKind.SMALL_AND_BIG_BLINDS,
}
_MUCKED, _FOLDED, _UNCONTESTED = "$(STR_G_MUCK)", "$(STR_G_FOLD)", "$(STR_BY_DEFAULT)"


class _Records:
    """The hand's elements in order, as records `assemble_events` takes. Reading a call
    needs what the player has in on the round, reading an all-in his stack: both are
    counted as the elements come."""

    def __init__(
        self, tree: XmlTree, game: Game, context: _Context, stacks: dict[str, Decimal]
    ) -> None:
        self.tree = tree
        self.game = game
        self.context = context
        self.stacks = stacks
        self.left = dict(stacks)  # each player's chips not yet put in
        self.put_in: dict[str, Decimal] = {}  # on the round: the blinds are the first's
        self.cards: dict[str, tuple[str, ...]] = {}  # the hand each player holds, if shown
        self.streets = iter(game.rules.streets)
        self.records: list[object] = []
        self.small_blind: Decimal | None = None

    def read(self) -> list[object]:
        for item in self.tree.root:
            if item.tag == "ACTION":
                self._action(item)
            elif item.tag == "SHOWDOWN":
                self._showdown(item)
            elif item.tag != "PLAYER":
                raise ElementFault(self.tree.line(item), f"an unknown <{item.tag}> in a hand")
        return self.records

    def _player(self, item: Element) -> str:
        name = self.tree.attribute(item, "PLAYER")
        if name not in self.stacks:
            raise ElementFault(self.tree.line(item), f"{name!r} is not seated")
        return name

    def _add(self, record: object, player: str, added: Decimal) -> None:
        self.left[player] -= added
        count_street_put_in(record, self.put_in)
        self.records.append(record)

    def _street(self, line: int) -> None:
        street = next(self.streets, None)
        if street is None:
            raise ElementFault(line, f"a round too many for {self.game}")
        if street is not self.game.rules.streets[0]:  # the blinds are the first round's
            self.put_in.clear()
        self.records.append(StreetStart(street, line=line))

    def _action(self, item: Element) -> None:
        kind = self.tree.attribute(item, "TYPE")
        line = self.tree.line(item)
        if kind == "HAND_BOARD":  # the draw: `<ACTION TYPE="HAND_BOARD" POT="8.00" ...>`
            self._street(line)
        elif kind == "HAND_DEAL":
            self._deal(item, line)
        elif kind in ("HAND_BLINDS", "HAND_ANTE"):
            self._post(item, kind, line)
        elif kind == "CHANGECARD":
            self._draw(item, line)
        elif kind == "ACTION_STAND":  # inferred: FPDB reads a stand-pat action
            self.records.append(DrawLine(self._player(item), 0, line=line))
        else:
            self._bet(item, kind, line)

    def _post(self, item: Element, kind: str, line: int) -> None:
        """`<ACTION TYPE="HAND_BLINDS" PLAYER="Hero" KIND="HAND_BB" VALUE="2.00">`; inferred
        (FPDB, flop games): HAND_DSB, HAND_AB (small and big together), a second HAND_SB
        (a dead small blind: FPDB's "secondsb"), `<ACTION TYPE="HAND_ANTE" ... VALUE=>`."""
        player = self._player(item)
        amount = self.tree.amount(item, "VALUE")
        if kind == "HAND_ANTE":
            self._add(Post(player, PostKind.ANTE, amount, line=line), player, amount)
            return
        blind = self.tree.attribute(item, "KIND")
        post_kind = _BLINDS.get(blind)
        if post_kind is None:
            raise ElementFault(line, f"unknown Boss blind {blind!r}")
        if post_kind is PostKind.SMALL_BLIND:
            if self.small_blind is not None:
                post_kind = PostKind.DEAD_BLIND
            self.small_blind = self.small_blind or amount
        all_in = amount == self.left[player]
        if post_kind is PostKind.SMALL_AND_BIG_BLINDS:
            # the small part is dead, the big one live: posted as two, merged back after
            # (`dead_and_live_blinds`) once the calls and returns are counted
            dead = self.small_blind or self.context.low / 2
            self._add(Post(player, PostKind.DEAD_BLIND, dead, line=line), player, dead)
            post_kind, amount = PostKind.BIG_BLIND, amount - dead
        self._add(Post(player, post_kind, amount, all_in, line=line), player, amount)

    def _deal(self, item: Element, line: int) -> None:
        """`<ACTION TYPE="HAND_DEAL" PLAYER="Hero"><CARD LINK="30"></CARD>...`: the first
        opens the first round; the cards are the hero's, "b" for the others'."""
        if not any(isinstance(record, StreetStart) for record in self.records):
            self._street(line)
        player = self._player(item)
        cards = self._cards(item)
        dealt = None
        if cards:
            self.cards[player] = cards
            dealt = DealtLine(player, cards, line=line)
        else:
            read_into(line, "the seats dealt in")
        self.records.append(_Dealt(player, dealt))

    def _cards(self, item: Element) -> tuple[str, ...]:
        """The cards shown, all or none: "b" is a card not shown."""
        try:
            read = [card_of(self.tree.attribute(card, "LINK")) for card in item.iter("CARD")]
        except ValueError as error:
            raise ElementFault(self.tree.line(item), str(error)) from None
        shown = tuple(card for card in read if card is not None)
        if shown and len(shown) < len(read):
            raise ElementFault(self.tree.line(item), "some cards shown and some not")
        return shown

    def _draw(self, item: Element, line: int) -> None:
        """`<ACTION TYPE="CHANGECARD" PLAYER="Hero" COUNT="3">` and the five cards held
        after the draw: those not held before are the cards drawn."""
        player = self._player(item)
        count = self.tree.attribute(item, "COUNT")
        if not count.isdigit():
            raise ElementFault(line, f"a draw of {count!r} cards")
        after = self._cards(item)
        before = self.cards.get(player)
        if not after or before is None:
            self.records.append(DrawLine(player, int(count), line=line))
            return
        kept = tuple(card for card in before if card in after)
        drawn = tuple(card for card in after if card not in before)
        discarded = tuple(card for card in before if card not in after)
        if len(drawn) != int(count):
            raise ElementFault(line, f"a draw of {count} cards changes {len(drawn)}")
        self.cards[player] = after
        self.records.append(DrawLine(player, int(count), discarded, line=line))
        self.records.append(DealtLine(player, kept, drawn, line=line))

    def _bet(self, item: Element, kind: str, line: int) -> None:
        player = self._player(item)
        if kind == "ACTION_FOLD":
            self.records.append(Action(player, ActionKind.FOLD, line=line))
            return
        if kind == "ACTION_CHECK":
            self.records.append(Action(player, ActionKind.CHECK, line=line))
            return
        value = self.tree.amount(item, "VALUE")
        had = self.put_in.get(player, ZERO)
        facing = max(self.put_in.values(), default=ZERO)
        left = self.left[player]
        if kind == "ACTION_ALLIN":
            # the round's total (FPDB), or his last chips when that is what it names
            added = value if value == left else value - had
            self._add(AllInLine(player, added, line=line), player, added)
            self.put_in[player] = had + added
            return
        if kind == "ACTION_CALL":
            # what it adds (VALUE="7.00": 2 in, calling 9), else the round's total
            added = value if had + value <= facing else value - had
            if added <= 0 or had + added > facing:
                raise ElementFault(line, f"a call of {value} facing {facing}")
            action = Action(player, ActionKind.CALL, added, all_in=added == left, line=line)
        elif kind == "ACTION_BET":
            added = value
            action = Action(player, ActionKind.BET, value, all_in=value == left, line=line)
        elif kind == "ACTION_RAISE":
            if value <= facing:
                raise ElementFault(line, f"a raise to {value} facing {facing}")
            added = value - had
            action = Action(
                player, ActionKind.RAISE, raise_to=value, all_in=added == left, line=line
            )
        else:
            raise ElementFault(line, f"unknown Boss action {kind!r}")
        self._add(action, player, added)

    def _showdown(self, item: Element) -> None:
        """`<SHOWDOWN NAME="HAND_SHOWDOWN" POT="7.75" RAKE="0.25" ...>` and a `<RESULT
        PLAYER="Hero" WIN="8.75" HAND="$(STR_G_WIN_PAIR) $(STR_G_CARDS_TENS)" ...>` with
        the cards shown; "$(STR_G_MUCK)" mucked (FPDB's 2013 file: with the cards), "$(
        STR_G_FOLD)" folded, "$(STR_BY_DEFAULT)" won with no showdown."""
        line = self.tree.line(item)
        collects = []
        for result in item.iter("RESULT"):
            player = self._player(result)
            said = result.get("HAND", "")
            cards = self._cards(result)
            result_line = self.tree.line(result)
            if said == _MUCKED:
                self.records.append(Muck(player, cards or None, line=result_line))
            elif cards and said not in (_FOLDED, _UNCONTESTED):
                self.records.append(Show(player, cards, line=result_line))
            won = self.tree.amount(result, "WIN")
            if won > 0:
                collects.append(Collect(player, won, line=result_line))
        self.records += collects
        if item.get("RAKE") is not None:
            pot, rake = self.tree.amount(item, "POT"), self.tree.amount(item, "RAKE")
            self.records.append(SummaryStart(line=line))
            self.records.append(PotTotals(pot + rake, rake, line=line))


SITE_FORMAT: Final = SiteFormat(
    SITE,
    NAME,
    HAND_START,
    parse_hand,
    CONVENTIONS,
    file_start=FILE_START,
    split_file=split_file,
)

"""Merge's hand body as the site-neutral assembly expects it (`merge` reads the lines).

Merge's body lines name seats, not players, and say each thing in their own order: the
records they make are below, and the passes that undo the habits the `merge` module's
notes list: seat numbers made the seated names (`_named`), rounds made streets with each
round's cards, shows and winners put in order (`_rounds`), a seat sitting out
(`_sitting_out`), a blind posted on coming back (`_blinds_returned`), the all-ins
(`_all_ins_resolved`), and before 2010-09-08 raises that name what they add.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field, replace
from decimal import Decimal
from html import unescape
from typing import Final

from parsers.lines.hand_assembly import DealtLine, DrawLine, StructureError
from parsers.lines.hand_lines import (
    AddedRaiseLine,
    AllInLine,
    all_ins_resolved,
    raises_to_street_totals,
)
from parsers.lines.line_accounting import carries_nothing, read_into
from parsers.model.events import (
    ZERO,
    Action,
    ActionKind,
    Collect,
    Game,
    Muck,
    Note,
    Post,
    PostKind,
    Seat,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturn,
)
from parsers.model.immutable import immutable

# ---------------------------------------------------------------------------- records


@immutable
class RoundLine:
    name: str
    line: int = field(default=0, compare=False)


@immutable
class EndTag:
    """ "</round>", "</players>", "</game>": nothing to read."""

    line: int = field(default=0, compare=False)


@immutable
class EventLine:
    """An '<event .../>' whose meaning needs the hand around it (or its seat's name)."""

    kind: str  # Merge's type: "ALL_IN", "DRAW", "SHOW", "RETURN_BLIND", ...
    player: str  # a seat number
    amount: Decimal | None = None
    text: str | None = None
    line: int = field(default=0, compare=False)

    def named(self, player: str) -> EventLine:
        """The line with its seat's name (a direct call: `replace` costs ~5 µs a line)."""
        return EventLine(self.kind, player, self.amount, self.text, line=self.line)


@immutable
class CardsLine:
    """'<cards type="HOLE" cards="8h,2s,3h" player="7"/>': a player's cards so far."""

    kind: str
    player: str  # a seat number
    cards: tuple[str, ...]  # "" for a card not seen
    line: int = field(default=0, compare=False)

    def named(self, player: str) -> CardsLine:
        return CardsLine(self.kind, player, self.cards, line=self.line)


@immutable
class WinnerLine:
    player: str  # a seat number
    amount: Decimal
    uncalled: bool
    pot_number: int
    line: int = field(default=0, compare=False)

    def named(self, player: str) -> WinnerLine:
        return WinnerLine(player, self.amount, self.uncalled, self.pot_number, line=self.line)


_POSTS: Final = {
    "SMALL_BLIND": PostKind.SMALL_BLIND,
    "BIG_BLIND": PostKind.BIG_BLIND,
    "INITIAL_BLIND": PostKind.BIG_BLIND,  # inferred: a newcomer's blind, FPDB's big blind
    "ANTE": PostKind.ANTE,
}
_ACTIONS: Final = {
    "FOLD": ActionKind.FOLD,
    "CHECK": ActionKind.CHECK,
    "CALL": ActionKind.CALL,
    "BET": ActionKind.BET,
    "BRING_IN": ActionKind.BRING_IN,
}


# ---------------------------------------------------------------------------- habits

_DRAW_ROUNDS: Final = {
    "FIRST_DRAW": Street.DRAW_1,
    "SECOND_DRAW": Street.DRAW_2,
    "THIRD_DRAW": Street.DRAW_3,
}
_STUD_ROUNDS: Final = {
    "SECOND_STREET": Street.SECOND,
    "THIRD_STREET": Street.THIRD,
    "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH,
    "SIXTH_STREET": Street.SIXTH,
    "SEVENTH_STREET": Street.SEVENTH,
}


def undo_habits(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """Merge's records as the site-neutral assembly expects them."""
    named = _named(seats, records)
    rounds = _sitting_out(seats, _rounds(game, named))
    return _all_ins_resolved(game, _blinds_returned(rounds))


def undo_habits_2010(game: Game, seats: Sequence[Seat], records: list[object]) -> list[object]:
    """Before 2010-09-08 a raise names what it adds (FPDB's "addCallandRaise"): inferred,
    from FPDB's 2010 holdem file ("SMALL_BLIND 1.00 / RAISE 5.00 / winner 8.00")."""
    named = _named(seats, records)
    added = [
        AddedRaiseLine(r.player, r.raise_to, line=r.line)  # type: ignore[arg-type]
        if isinstance(r, Action) and r.kind is ActionKind.RAISE
        else r
        for r in named
    ]
    rounds = _sitting_out(seats, _rounds(game, raises_to_street_totals(added)))
    return _all_ins_resolved(game, _blinds_returned(rounds))


def _named(seats: Sequence[Seat], records: list[object]) -> list[object]:
    """Seat numbers made the seated names; markup lines dropped."""
    name_of = {str(seat.seat): seat.player for seat in seats}
    named: list[object] = []
    for record in records:
        if isinstance(record, EndTag):
            continue
        if isinstance(record, EventLine):
            record = _event_of(record, _name_of(record, name_of))
        elif isinstance(record, (CardsLine, WinnerLine)):
            record = record.named(_name_of(record, name_of))
        elif isinstance(record, Note) and record.kind != "said":
            record = replace(record, player=_name_of(record, name_of))
        elif isinstance(record, Note) and record.player is not None:
            record = replace(record, player=unescape(record.player), text=unescape(record.text))
        named.append(record)
    return named


def _name_of(record: EventLine | CardsLine | WinnerLine | Note, name_of: dict[str, str]) -> str:
    """The name of the seat a record names ("" for an event of no player: GAME_CANCELLED)."""
    seat = record.player or ""
    player = name_of.get(seat)
    if player is None:
        if not seat and isinstance(record, EventLine):
            return ""
        raise StructureError(record.line, f"seat {seat} is named but not in the seat list")
    return player


def _event_of(record: EventLine, player: str) -> object:
    """An event line that needs nothing but its seat's name (`player`) made its event;
    the others named, for the hand around them to say what they are."""
    kind, amount, line = record.kind, record.amount, record.line
    if kind in _POSTS and amount is not None:
        return Post(player, _POSTS[kind], amount, line=line)
    if kind in _ACTIONS:
        return Action(player, _ACTIONS[kind], amount=amount, line=line)
    if kind in ("RAISE", "COMPLETE") and amount is not None:
        return Action(player, ActionKind[kind], raise_to=amount, line=line)
    if kind == "ALL_IN" and amount is None:  # a second word for an all-in said already
        return Note("all_in", "", player, line=line)
    if kind == "ALL_IN":  # what it adds: a call, a bet or a raise (`_all_ins_resolved`)
        return AllInLine(player, amount or ZERO, line=line)
    return record.named(player)


def _rounds(game: Game, records: list[object]) -> list[object]:
    """Rounds made streets, and each round's cards, shows and winners put in order: new
    cards dealt at the street's start (a draw's right after the player's draw), a show
    with the cards it shows, a bet given back before the pots are won."""
    normalized: list[object] = []
    seen: dict[str, tuple[str, ...]] = {}  # each player's cards so far
    round_records: list[object] = []
    street: Street | None = None
    for record in [*records, None]:
        if isinstance(record, RoundLine) or record is None:
            normalized.extend(_round_in_order(game, street, round_records, seen))
            round_records = []
            if record is None:
                break
            opening = _street_of(game, record.name, street)
            if opening is not None:
                street = opening
                normalized.append(StreetStart(street, line=record.line))
            elif record.name == "SHOWDOWN":
                normalized.append(ShowdownStart(line=record.line))
            continue
        round_records.append(record)
    return normalized


def _street_of(game: Game, name: str, current: Street | None) -> Street | None:
    """The street a round opens, or None when it goes on with the one before (the
    betting after a draw, stud's "THIRD_STREET" after its "BRING_IN") or opens none."""
    streets = game.rules.streets
    if name == "PRE_FIRST_DRAW" or name == "BRING_IN":
        return streets[0]
    street = _DRAW_ROUNDS.get(name) or _STUD_ROUNDS.get(name)
    if street is None or street == current:
        return None
    return street


def _round_in_order(
    game: Game, street: Street | None, records: list[object], seen: dict[str, tuple[str, ...]]
) -> list[object]:
    shown: dict[str, CardsLine] = {}
    mucked: dict[str, CardsLine] = {}
    dealt: list[CardsLine] = []
    draws: set[str] = set()
    returned: list[WinnerLine] = []
    for record in records:  # one look at each record: most rounds are bets alone
        if isinstance(record, CardsLine):
            if record.kind == "SHOWN":
                shown[record.player] = record
            elif record.kind == "MUCKED":
                mucked[record.player] = record
            elif record.kind in _DEALT:
                dealt.append(record)
        elif isinstance(record, EventLine) and record.kind == "DRAW":
            draws.add(record.player)
        elif isinstance(record, WinnerLine) and record.uncalled:
            returned.append(record)
    first: list[object] = []  # cards new on the street
    for cards in dealt:
        if cards.player in draws and not game.is_stud:
            continue  # told with the player's draw
        deal = _new_cards(game, cards, seen)
        if deal is not None:
            first.append(deal)
        else:
            carries_nothing(cards.line, "cards line showing no new card")
    body: list[object] = []
    for record in records:
        if isinstance(record, EventLine) and record.kind == "DRAW":
            body.extend(
                _draw(record, next((c for c in dealt if c.player == record.player), None), seen)
            )
        elif isinstance(record, EventLine) and record.kind in ("SHOW", "MUCK"):
            told = (shown if record.kind == "SHOW" else mucked).get(record.player)
            if record.kind == "SHOW" and told is None:
                body.append(Note("shows", "", record.player, line=record.line))
            elif record.kind == "SHOW" and told is not None:
                body.append(Show(record.player, _known(told.cards), line=told.line))
                read_into(record.line, f"the show of line {told.line}")
            else:
                known = _known(told.cards) if told is not None else None
                body.append(Muck(record.player, known or None, line=record.line))
                if told is not None:
                    read_into(told.line, f"the muck of line {record.line}")
        elif isinstance(record, CardsLine):
            continue
        elif isinstance(record, WinnerLine):
            if record.uncalled:
                continue
            if returned:
                body.extend(UncalledReturn(r.player, r.amount, line=r.line) for r in returned)
                returned = []
            body.append(
                Collect(record.player, record.amount, _pot(record.pot_number), line=record.line)
            )
        else:
            body.append(record)
    body.extend(UncalledReturn(r.player, r.amount, line=r.line) for r in returned)
    return first + body


_DEALT: Final = ("HOLE", "DRAW_DRAWN_CARDS")


def _known(cards: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(card for card in cards if card)


def _new_cards(game: Game, cards: CardsLine, seen: dict[str, tuple[str, ...]]) -> DealtLine | None:
    """The cards a street deals a player: those past what the player had (stud's up
    cards, the hero's), the first time a draw game's hand is printed."""
    before = seen.get(cards.player, ())
    seen[cards.player] = cards.cards
    if not game.is_stud and before:
        return None
    new = _known(cards.cards[len(before) :])
    return DealtLine(cards.player, new, line=cards.line) if new else None


def _draw(
    draw: EventLine, cards: CardsLine | None, seen: dict[str, tuple[str, ...]]
) -> list[object]:
    """'<event type="DRAW" player="3" text="2"/>' and, for the hero, the hand after it
    ("Qh,Tc,4s,6h,7h" -> "9d,9c,4s,6h,7h": kept 4s 6h 7h, drew 9d 9c, threw Qh Tc)."""
    text = draw.text or ""
    if not text.isdigit():
        raise StructureError(draw.line, f"a draw of {text!r} cards")
    count = int(text)
    before = _known(seen.get(draw.player, ()))
    if cards is None or not before:
        return [DrawLine(draw.player, count, line=draw.line)]
    after = _known(cards.cards)
    seen[draw.player] = cards.cards
    if count == 0:  # standing pat, as every site's "stands pat on [...]" is read
        read_into(cards.line, f"the draw of line {draw.line}")
        return [DrawLine(draw.player, 0, kept=after, line=draw.line)]
    kept = tuple(card for card in after if card in before)
    drawn = tuple(card for card in after if card not in before)
    thrown = tuple(card for card in before if card not in after)
    return [
        DrawLine(draw.player, count, discarded=thrown, line=draw.line),
        DealtLine(draw.player, kept, drawn, line=cards.line),
    ]


def _sitting_out(seats: Sequence[Seat], records: list[object]) -> list[object]:
    """'<event sequence="6" type="SIT_OUT" player="3"/>'. Inferred (no real file shows
    one): FPDB MergeToFpdb.py re_SitsOut and readAction, a "SIT_OUT" during the hand is
    the player's fold, but not once he has folded. A player who has folded, or whose seat
    is not dealt in ('dealtin="false"') and who has done nothing in the hand, sits out
    with no fold: a note."""
    out = {seat.player for seat in seats if seat.sitting_out}
    folded: set[str] = set()
    result: list[object] = []
    for record in records:
        if isinstance(record, EventLine) and record.kind == "SIT_OUT":
            player = record.player
            if player in folded or player in out:
                result.append(Note("sits_out", "", player, line=record.line))
                continue
            folded.add(player)
            result.append(Action(player, ActionKind.FOLD, line=record.line))
            continue
        if isinstance(record, (Post, Action, DealtLine, DrawLine)):
            out.discard(record.player)
            if isinstance(record, Action) and record.kind is ActionKind.FOLD:
                folded.add(record.player)
        result.append(record)
    return result


def _pot(number: int) -> str:
    return "main" if number <= 1 else f"side-{number - 1}"


def _blinds_returned(records: list[object]) -> list[object]:
    """Inferred (FPDB): "RETURN_BLIND", a player back in the game posting, is a small
    blind below the big blind, a big blind equal to it, both blinds above it."""
    if not any(isinstance(r, EventLine) and r.kind == "RETURN_BLIND" for r in records):
        return records
    big = next(
        (r.amount for r in records if isinstance(r, Post) and r.kind is PostKind.BIG_BLIND), None
    )
    normalized: list[object] = []
    for record in records:
        if isinstance(record, EventLine) and record.kind == "RETURN_BLIND":
            amount = record.amount or ZERO
            if big is None or amount == big:
                kind = PostKind.BIG_BLIND
            else:
                kind = PostKind.SMALL_BLIND if amount < big else PostKind.SMALL_AND_BIG_BLINDS
            record = Post(record.player, kind, amount, line=record.line)
        normalized.append(record)
    return normalized


def _all_ins_resolved(game: Game, records: list[object]) -> list[object]:
    """Each "ALL_IN" made the call, bet, completion or raise it is
    (`hand_lines.all_ins_resolved`), the first street's bets counted without the blinds of
    the round before it ("BLINDS"), as Merge's all-ins have always been read (no real hand
    shows one over its player's own blind, where that counts). A completion in a draw game
    is a raise (FPDB); an event left unread here lacks its amount."""
    if any(
        isinstance(r, EventLine)
        or (isinstance(r, Action) and r.kind is ActionKind.COMPLETE and not game.is_stud)
        for r in records
    ):
        normalized: list[object] = []
        for record in records:
            if isinstance(record, EventLine):
                raise StructureError(record.line, f"a {record.kind} event without its amount")
            if (
                isinstance(record, Action)
                and record.kind is ActionKind.COMPLETE
                and not game.is_stud
            ):
                record = replace(record, kind=ActionKind.RAISE)
            normalized.append(record)
        records = normalized
    return all_ins_resolved(game, records, blinds_count=False)

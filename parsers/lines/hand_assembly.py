"""Turn a hand's parsed lines into its event sequence, checking that they come in order.

The line grammar says what each line *is*; this module says whether the lines make a hand:
seats before forced bets, bets inside streets, the summary last and complete. It also
normalizes what sites print differently: which dealt cards are down and which up, the
cards a player draws (printed on the next line as "Dealt to"), and the draw round that
single-draw games play without announcing it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Final

from parsers.lines.line_accounting import read_into
from parsers.model.events import (
    UNKNOWN_CARD,
    Action,
    Card,
    Collect,
    CommunityCards,
    Deal,
    Draw,
    Event,
    Game,
    Muck,
    Note,
    Post,
    PotTotals,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    TournamentFinish,
    UncalledReturn,
    players_dealt_in,
)
from parsers.model.games import DRAW_STREETS
from parsers.model.immutable import interpreted_inits


@dataclass(frozen=True, slots=True)
class DealtLine:
    """ "Dealt to X [cards]" or "Dealt to X [cards so far] [new cards]", before normalizing."""

    player: str
    cards: tuple[Card, ...]
    new_cards: tuple[Card, ...] | None = None
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        cards: tuple[Card, ...],
        new_cards: tuple[Card, ...] | None = None,
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.cards = cards  # type: ignore[misc]
        self.new_cards = new_cards  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


@dataclass(frozen=True, slots=True)
class DrawLine:
    """A discard or a stand-pat line; the drawn cards, if shown, follow as a `DealtLine`."""

    player: str
    discard_count: int
    discarded: tuple[Card, ...] | None = None
    kept: tuple[Card, ...] | None = None
    other_runs: tuple[tuple[Card, ...], ...] = ()  # a hand run twice: see `Draw`
    line: int = field(default=0, compare=False)

    def __init__(
        self,
        player: str,
        discard_count: int,
        discarded: tuple[Card, ...] | None = None,
        kept: tuple[Card, ...] | None = None,
        other_runs: tuple[tuple[Card, ...], ...] = (),
        line: int = 0,
    ) -> None:
        self.player = player  # type: ignore[misc]
        self.discard_count = discard_count  # type: ignore[misc]
        self.discarded = discarded  # type: ignore[misc]
        self.kept = kept  # type: ignore[misc]
        self.other_runs = other_runs  # type: ignore[misc]
        self.line = line  # type: ignore[misc]


# A dealt or draw line is read on every line of a hand that deals: the two records are
# compiled with their `__init__` written out, as the events are (`parsers.model.events`).
interpreted_inits(__file__, DealtLine, DrawLine)


class StructureError(Exception):
    """Lines that do not make a hand: out of place, or the hand stops before its end."""

    def __init__(self, line: int, message: str, truncated: bool = False) -> None:
        self.line = line
        self.truncated = truncated
        super().__init__(message)


class Phase(IntEnum):
    SEATS = 0
    FORCED_BETS = 1
    PLAY = 2
    SHOWDOWN = 3
    SUMMARY = 4


_PHASE_NAMES: Final = {
    Phase.SEATS: "the seat list",
    Phase.FORCED_BETS: "the forced bets",
    Phase.PLAY: "the betting streets",
    Phase.SHOWDOWN: "the showdown",
    Phase.SUMMARY: "the summary",
}

# Where each kind of line may stand (first and last phase), and the phase it opens.
_PLACEMENT: Final[dict[type, tuple[Phase, Phase, Phase | None]]] = {
    Post: (Phase.SEATS, Phase.FORCED_BETS, Phase.FORCED_BETS),
    StreetStart: (Phase.SEATS, Phase.PLAY, Phase.PLAY),
    DealtLine: (Phase.PLAY, Phase.PLAY, None),
    Action: (Phase.PLAY, Phase.PLAY, None),
    DrawLine: (Phase.PLAY, Phase.PLAY, None),
    UncalledReturn: (Phase.PLAY, Phase.SHOWDOWN, None),
    Collect: (Phase.PLAY, Phase.SHOWDOWN, None),
    Show: (Phase.PLAY, Phase.SHOWDOWN, None),
    Muck: (Phase.PLAY, Phase.SHOWDOWN, None),
    ShowdownStart: (Phase.PLAY, Phase.PLAY, Phase.SHOWDOWN),
    SummaryStart: (Phase.PLAY, Phase.SHOWDOWN, Phase.SUMMARY),
    PotTotals: (Phase.SUMMARY, Phase.SUMMARY, None),
    SeatSummary: (Phase.SUMMARY, Phase.SUMMARY, None),
    CommunityCards: (Phase.PLAY, Phase.SUMMARY, None),
    TournamentFinish: (Phase.SEATS, Phase.SUMMARY, None),
    Note: (Phase.SEATS, Phase.SUMMARY, None),
}


def assemble_events(
    game: Game, records: list[object], last_line: int, has_summary: bool = True
) -> tuple[Event, ...]:
    """The hand's events from its body lines (everything after the seat list). A site
    with no summary (Everleaf) ends its hands with the pots won: a hand with none is cut."""
    events: list[Event] = []
    phase = Phase.SEATS
    street: Street | None = None
    streets = game.rules.streets
    pending_draw: dict[str, int] = {}  # player -> index in events of a draw awaiting its cards
    hand_size: dict[str, int] = {}  # cards per player, from his first deal (draws: its size)
    saw_totals = False

    for record in records:
        line = record.line  # type: ignore[attr-defined]  # events and line records all have one
        placement = _PLACEMENT.get(type(record))
        if placement is None:  # a site's line its clean-up folds in elsewhere, out of place
            raise StructureError(line, f"a line out of place ({type(record).__name__})")
        first, last, opens = placement
        if isinstance(record, DrawLine) and street == Street.PREDRAW and len(streets) == 2:
            # Single-draw games: PokerStars prints no "*** DRAW ***" line.
            street = Street.DRAW_1
            events.append(StreetStart(street, line=line))
            pending_draw.clear()
        if not first <= phase <= last:
            raise StructureError(line, _out_of_place(record, phase))
        if opens is not None:
            phase = opens

        if isinstance(record, StreetStart):
            if record.street not in streets:
                raise StructureError(line, f"a {record.street} street line in a {game} hand")
            street = record.street
            pending_draw.clear()
            events.append(record)
        elif isinstance(record, DealtLine):
            assert street is not None
            draw_index = pending_draw.pop(record.player, None)
            if draw_index is None:
                hand_size.setdefault(record.player, len(record.cards))
                events.append(_deal(game, street, record, first_street=street == streets[0]))
                continue
            draw = events[draw_index]
            assert isinstance(draw, Draw)
            # "Dealt to Hero [kept] [new]", or after a draw of the whole hand one bracket:
            # "Hero: discards 5 cards [...]" then "Dealt to Hero [6h Td 2c 5h 3s]".
            kept, new = (
                ((), record.cards) if record.new_cards is None else (record.cards, record.new_cards)
            )
            size = hand_size.setdefault(record.player, len(record.cards))
            if len(new) == draw.discard_count and len(kept) + len(new) == size:
                events[draw_index] = replace(draw, kept=kept, drawn=new)
                read_into(line, f"the draw of line {draw.line}")
            else:
                events.append(_contradicted_deal(record, draw.discard_count))
        elif isinstance(record, DrawLine):
            assert street is not None
            if street not in DRAW_STREETS:
                raise StructureError(line, f"a draw line on the {street} street of a {game} hand")
            pending_draw[record.player] = len(events)
            events.append(
                Draw(
                    record.player,
                    street,
                    record.discard_count,
                    discarded=record.discarded,
                    kept=record.kept,
                    other_runs=record.other_runs,
                    line=line,
                )
            )
        else:
            saw_totals = saw_totals or isinstance(record, PotTotals)
            if (
                isinstance(record, SeatSummary)
                and record.street is not None
                and record.street not in streets
            ):
                record = replace(record, street=_fold_street_of(game, record.street))
            events.append(record)  # type: ignore[arg-type]  # an event: _PLACEMENT knew its type

    if not has_summary:
        if not any(isinstance(event, Collect) for event in events):
            raise StructureError(
                last_line, "the hand stops before its pots are won (truncated)", truncated=True
            )
    elif phase != Phase.SUMMARY or not saw_totals:
        missing = "its summary" if phase != Phase.SUMMARY else "the summary's total pot line"
        raise StructureError(
            last_line, f"the hand stops before {missing} (truncated)", truncated=True
        )
    return tuple(events)


def dealt_hero(events: Sequence[Event]) -> str | None:
    """The hero where the site prints only its hero's down cards: the one player dealt
    down cards, as known cards, in the hand's first deal. PokerStars, Full Tilt, Winamax,
    Winning: "Dealt to Hero [Ah Kd 5c]" ("Dealt to Bob [5c]", up cards only, for the
    others); Winning's 2016 form "Player Hero received card: [5d]" ("received a card."
    for the others); KingsClub "Dealt to Hero: [Ts 8h Jh 4c 6h]" ("[X X X X X]");
    Absolute "Hero - Pocket [10c 5c 7s]" ("[H H Js]"); Everleaf "Dealt to Hero [ 5d, Qs,
    7s ]"; PartyPoker "Dealt to Hero [  Td 5s 3c ]"; Merge '<cards type="HOLE" ...>'
    (the others' DRAW_DRAWN_CARDS hide them: "null,null,6c"); Boss's numbered `<CARD
    LINK="30">` (the others' LINK="b").

    Only the first deal counts: later streets may deal an all-in player's cards face up
    ("Dealt to Villain [As 7c Kc] [Js]" after his show). Nobody dealt down cards there
    (an observed table, a hero sitting out, Everleaf's 2011/07 files that print no
    card), or more than one player: None, the file does not say."""
    hero: str | None = None
    street: Street | None = None
    for event in events:
        if not isinstance(event, Deal):
            continue
        if street is None:
            street = event.street
        elif event.street is not street:
            break
        if any(card != UNKNOWN_CARD for card in event.down) and event.player != hero:
            if hero is not None:
                return None
            hero = event.player
    return hero


def marked_hero(name: str | None, events: Sequence[Event]) -> str | None:
    """The player the file names as its hero (Bovada's "[ME]" seat, iPoker's session
    `<nickname>`, OnGame's "User: Hero"), if he is dealt in: a hero sitting out plays no
    hand, as at the sites that know him only by his cards."""
    if name is None or name not in players_dealt_in(events):
        return None
    return name


_CONTRADICTED_DEAL: Final = re.compile(
    r"discards \d+ but the history deals \[(?P<cards>[^\]]*)\] \[(?P<new>[^\]]*)\]"
    r": cards unknown"
)


def contradicted_deal_cards(note: Note) -> tuple[str, str] | None:
    """The two card lists, as printed, of a `_contradicted_deal` note ("" for a bracket
    the line did not have): what a writer needs to print the line back."""
    found = _CONTRADICTED_DEAL.fullmatch(note.text.removeprefix(f"{note.player} "))
    return None if found is None else (found["cards"], found["new"])


def _contradicted_deal(record: DealtLine, discarded: int) -> Note:
    """A deal that does not deal what the draw discarded. A PokerStars client bug (Triple
    Draw, 2012, the file FPDB keeps as "duplicate.holecards"): "Hero: discards 2 cards []"
    then "Dealt to Hero [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]", the five cards kept and dealt
    again, and later "discards 1 card [Ad]", a card he never held. The money of such a
    hand is sound; its cards are not: the line is kept as a note, and the player's cards
    from that draw on are unknown, as for a player whose draw the history does not show."""
    return Note(
        "cards_contradicted",
        f"{record.player} discards {discarded} but the history deals "
        f"[{' '.join(record.cards)}] [{' '.join(record.new_cards or ())}]: cards unknown",
        record.player,
        line=record.line,
    )


def _deal(game: Game, street: Street, record: DealtLine, first_street: bool) -> Deal:
    shown_before: tuple[Card, ...]
    if record.new_cards is None:
        shown_before, new = (), record.cards
    elif first_street and game.is_stud:
        # Nothing is dealt before a stud game's first street, so every card is new however
        # the site groups them (Full Tilt: "Dealt to Hero [6d Kd] [4s]", down then up).
        shown_before, new = (), record.cards + record.new_cards
    else:
        shown_before, new = record.cards, record.new_cards
    down_count = _down_cards(game, street, len(new))
    return Deal(
        record.player,
        street,
        down=new[:down_count],
        up=new[down_count:],
        shown_before=shown_before,
        line=record.line,
    )


def _fold_street_of(game: Game, said: Street | None) -> Street | None:
    """The summary's fold street on the game's own streets: "before the Draw" (or
    Winamax's "pre-flop") is a stud game's first street, "the River" its last."""
    streets = game.rules.streets
    if game.is_stud and said is Street.PREDRAW:
        return streets[0]
    if game.is_stud and said is Street.SEVENTH:
        return streets[-1]
    return None


def _down_cards(game: Game, street: Street, new_cards: int) -> int:
    """How many of a deal's new cards are face down.

    A draw game deals only down. A stud street shows its owner every card it deals
    ("Dealt to Hero [6d Kd 4s]") and others only the up cards ("Dealt to Bob [4s]").
    """
    if not game.is_stud:
        return new_cards
    deal = game.rules.deal_on(street)
    return deal.down if deal and new_cards == deal.down + deal.up else 0


_LINE_NAMES: Final[dict[type, str]] = {
    Post: "a forced bet",
    StreetStart: "a street",
    DealtLine: "a 'Dealt to'",
    Action: "an action",
    DrawLine: "a draw",
    UncalledReturn: "an uncalled bet",
    Collect: "a 'collected'",
    Show: "a 'shows'",
    Muck: "a 'mucks'",
    ShowdownStart: "the '*** SHOW DOWN ***'",
    SummaryStart: "the '*** SUMMARY ***'",
    PotTotals: "the 'Total pot'",
    SeatSummary: "a summary seat",
    CommunityCards: "a board",
    TournamentFinish: "a tournament finish",
    Note: "a",
}


def _out_of_place(record: object, phase: Phase) -> str:
    kind = _LINE_NAMES[type(record)]
    first, _, _ = _PLACEMENT[type(record)]
    if phase < first:
        return f"{kind} line out of place: it cannot come before {_PHASE_NAMES[first]}"
    return f"{kind} line out of place: it cannot come after the start of {_PHASE_NAMES[phase]}"

"""Write a `Hand` as PokerStars history text: the exact inverse of `parsers.sites.pokerstars`.

Simulated hands become files that PokerStars tools (and our own parser) read like real
ones, and a parsed hand written back and parsed again must give the same `Hand`: that
round trip is what proves parser and writer agree on every line form.

The writer prints one modern form for each line. The site's older forms (the "Game #"
header, the 2008 date, the header without " USD") read to the same events, so they come
out in today's wording; so do the trailing blanks the client leaves on some lines (the
reader strips them). A hand is seen from one seat, `hero`: opponents' down cards and
drawn cards stay hidden, as the site hides them. With no hero, every card the events
hold is printed (a parsed history holds only what its hero saw anyway).

Where the site printed one event in two forms that read alike, the form the hand was
read in is written back when the events still tell it: stud's community card dealt on
the street's own line ("*** RIVER *** [6h]", 2009, repeated as the summary's "Board
[6h]") keeps the street's line number, and a deal line the parser could not believe (a
client bug, kept as a "cards_contradicted" note) is printed back from the note.

What no PokerStars line the parser reads can say (five-up stud, five card stud's second
street, a dead blind, a note kind without a line) raises `UnwritableHand`.

The renderer prints what the events say and invents nothing, with two exceptions that
the text form forces: the "[cards so far]" reprint of a "Dealt to" line is recomputed from
the earlier deals, so that it follows the chosen point of view, and the cards a drawing
hero keeps are worked out when the event lacks them. A hand without a summary (as a
simulator may make one) first gets one from `with_summary`, kept apart from rendering.
The header and table lines are worded in `pokerstars_header`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from parsers.lines.hand_assembly import contradicted_deal_cards
from parsers.model.events import (
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
    Muck,
    Note,
    Post,
    PostKind,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    Tournament,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.games import DRAW_STREETS
from pipeline.writers.hand_words import describe_hand
from pipeline.writers.history_writer import (
    HeldCards,
    Page,
    Renderer,
    UnwritableHand,
    amount_text,
    cards_text,
    cents_text,
    kept_cards,
    ordinal,
    walk,
    with_summary,
)
from pipeline.writers.pokerstars_header import (
    CURRENCY_SYMBOLS,
    header_line,
    money_symbol,
    table_line,
)

__all__ = [
    "HAND_END",
    "UnwritableHand",
    "amount_text",
    "cents_text",
    "render",
    "write_file",
    "write_hand",
]

# ---------------------------------------------------------------------------- vocabulary

STREET_LINES: dict[Street, str] = {
    Street.THIRD: "*** 3rd STREET ***",
    Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***",
    Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** RIVER ***",
    Street.PREDRAW: "*** DEALING HANDS ***",
    Street.DRAW_1: "*** FIRST DRAW ***",
    Street.DRAW_2: "*** SECOND DRAW ***",
    Street.DRAW_3: "*** THIRD DRAW ***",
}

POST_WORDS: dict[PostKind, str] = {
    PostKind.ANTE: "the ante",
    PostKind.SMALL_BLIND: "small blind",
    PostKind.BIG_BLIND: "big blind",
    PostKind.SMALL_AND_BIG_BLINDS: "small & big blinds",
}

NOTE_FORMS: dict[str, str] = {
    "doesnt_show": "{player}: doesn't show hand",
    "joins": "{player} joins the table at seat #{text}",
    "leaves": "{player} leaves the table",
    "sits_out": "{player}: sits out",
    "returned": "{player} has returned",
    "timed_out": "{player} has timed out",
    "connection": "{player} is {text}",
    "said": '{player} said, "{text}"',
    "waits_for_button": "{player} will be allowed to play after the button",
    "removed": "{player} was removed from the table for failing to post",
    "remark": "{text}",
}

HAND_END = "\n\n\n\n"
"""What follows every hand in a PokerStars file: its line end, then three blank lines."""

# Five card stud and the casino five-up stud are simulated (and judged by the engine), but
# no PokerStars table deals them.
GAMES: tuple[Game, ...] = (
    Game.SEVEN_STUD,
    Game.SEVEN_STUD_HILO,
    Game.RAZZ,
    Game.TRIPLE_DRAW_27,
    Game.SINGLE_DRAW_27,
    Game.TRIPLE_DRAW_A5,
    Game.BADUGI,
    Game.FIVE_DRAW,
)
"""The games `generate` writes as PokerStars histories."""
ENCODING = "utf-8-sig"  # as the PokerStars client saves its files

# ---------------------------------------------------------------------------- public API


def write_file(hands: Iterable[Hand], hero: str | None = None) -> str:
    """A history file's text, byte for byte as the client writes it (less the UTF-8 BOM
    it starts with: encode as "utf-8-sig" to have it)."""
    return "".join(write_hand(hand, hero) + HAND_END for hand in hands)


def write_hand(hand: Hand, hero: str | None = None) -> str:
    """The hand as PokerStars prints it to `hero` (None: every known card is printed)."""
    return "\n".join(render(with_summary(hand, _summary_words), hero))


def render(hand: Hand, hero: str | None = None) -> list[str]:
    """The hand's text, one piece per printed event (a hero's draw is two lines).

    A pure renderer: a hand without a summary gets none (see `with_summary`).
    """
    header = hand.header
    page = _Page(money_symbol(header), header.game, header.tournament, hand.events, hero)
    pieces = [header_line(header), table_line(header)]
    pieces.extend(seat_line(seat, page) for seat in hand.seats)
    pieces.extend(walk(hand.events, _RENDERERS, page))
    return pieces


# ---------------------------------------------------------------------------- the page


class _Page(Page):
    """What rendering one hand needs besides the event: its money, cards and pots."""

    def __init__(
        self,
        symbol: str,
        game: Game,
        tournament: Tournament | None,
        events: tuple[Event, ...],
        hero: str | None,
    ) -> None:
        super().__init__(symbol, game, hero)
        self.tournament = tournament
        self.events = events
        self.cards = _CardsView(hero, game=game)
        self._numbered: bool | None = None
        self._street_boards: dict[int, tuple[Card, ...]] | None = None
        self.board_line = 0  # the street line a community card was printed on, if any
        self.boards: list[tuple[Card, ...]] = []  # those cards, repeated in the summary

    def money(self, amount: Decimal) -> str:
        return self.symbol + amount_text(amount)

    @property
    def numbered_side_pots(self) -> bool:
        if self._numbered is None:  # looked at only in the rare hand with side pots
            self._numbered = numbered_side_pots(self.events)
        return self._numbered

    @property
    def street_boards(self) -> dict[int, tuple[Card, ...]]:
        if self._street_boards is None:  # looked at only on a stud hand's river
            self._street_boards = boards_on_street_lines(self.events)
        return self._street_boards


def _tournament_symbol(tournament: Tournament | None) -> str:
    """Buy-ins, bounties and prizes are real money even when the chips are not."""
    return CURRENCY_SYMBOLS.get((tournament.currency if tournament else None) or "", "")


# ---------------------------------------------------------------------------- seats


def seat_line(seat: Seat, page: _Page) -> str:
    """ "Seat 3: Bob (1500 in chips, $2.50 bounty) is sitting out"."""
    chips = f"{page.money(seat.stack)} in chips"
    if seat.bounty is not None:
        symbol = _tournament_symbol(page.tournament)
        chips += f", {symbol}{amount_text(seat.bounty)} bounty"
    state = " is sitting out" if seat.sitting_out else ""
    return f"Seat {seat.seat}: {seat.player} ({chips}){state}"


# ---------------------------------------------------------------------------- play


def post_line(post: Post, page: _Page) -> str:
    words = POST_WORDS.get(post.kind)
    if words is None:
        raise UnwritableHand(f"PokerStars prints no {post.kind} line")
    return f"{post.player}: posts {words} {page.money(post.amount)}{_all_in(post.all_in)}"


def action_line(action: Action, page: _Page) -> str:
    """ "Bob: raises $0.10 to $0.20": the raise over the bet faced, then the round total."""
    player, kind = action.player, action.kind
    if kind is ActionKind.FOLD:
        return f"{player}: folds"
    if kind is ActionKind.CHECK:
        return f"{player}: checks"
    if kind is ActionKind.COMPLETE:
        text = f"{player}: completes it to {page.money(_required(action.raise_to, action))}"
    elif kind is ActionKind.RAISE:
        added, total = _required(action.amount, action), _required(action.raise_to, action)
        text = f"{player}: raises {page.money(added)} to {page.money(total)}"
    else:
        verb = {
            ActionKind.CALL: "calls",
            ActionKind.BET: "bets",
            ActionKind.BRING_IN: "brings in for",
        }[kind]
        text = f"{player}: {verb} {page.money(_required(action.amount, action))}"
    return text + _all_in(action.all_in)


def _required(amount: Decimal | None, action: Action) -> Decimal:
    if amount is None:
        raise UnwritableHand(f"{action.player}'s {action.kind} has no amount to print")
    return amount


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def street_line(start: StreetStart, page: _Page) -> str | None:
    """The street's "*** ... ***" line; None for the single draw the site leaves unsaid.

    Stud's community card read from the river's own line ("*** RIVER *** [6h]", 2009)
    is printed there again; otherwise it has a "Board [6h]" line of its own.
    """
    if start.street is Street.DRAW_1 and page.game.rules.draws == 1:
        return None  # a single draw's round has no line (the parser adds the StreetStart)
    line = STREET_LINES.get(start.street)
    if line is None:
        raise UnwritableHand(f"the parser reads no PokerStars line for the {start.street} street")
    if start.line and start.street is Street.SEVENTH and page.game.is_stud:
        board = page.street_boards.get(start.line)
        if board is not None:
            page.board_line = start.line
            page.boards.append(board)
            return f"{line} {cards_text(board)}"
    return line


def boards_on_street_lines(events: Iterable[Event]) -> dict[int, tuple[Card, ...]]:
    """The community cards read from a street's own line, by that line's number.

    The parser makes "*** RIVER *** [6h]" a StreetStart and a CommunityCards of the
    same line; a "Board [6h]" line of its own has a line number of its own, and a
    simulated hand has none (0)."""
    streets = {event.line for event in events if isinstance(event, StreetStart) and event.line}
    return {
        event.line: event.cards
        for event in events
        if isinstance(event, CommunityCards) and event.line in streets
    }


@dataclass(slots=True)
class _CardsView(HeldCards):
    """The "Dealt to" and draw lines as one seat sees them, with the reprints they carry.

    `seen` is what each player's earlier "Dealt to" lines showed (stud reprints it);
    `holding` is each player's cards as far as the events tell (a drawing hero's kept
    cards come from it when the event does not say them); `dealt_down` who was dealt
    cards face down, the players whose hands the history shows.
    """

    game: Game = Game.SEVEN_STUD
    seen: dict[str, list[Card]] = field(default_factory=dict)
    dealt_down: set[str] = field(default_factory=set)

    def deal_line(self, deal: Deal) -> str | None:
        player = deal.player
        self.take(deal)
        if deal.down:
            self.dealt_down.add(player)
        shown = (*deal.down, *deal.up) if self.sees_all(player) else deal.up
        if not shown:
            return None
        # Stud reprints the cards shown so far; a draw game only what the site did.
        before = self.seen.setdefault(player, []) if self.game.is_stud else [*deal.shown_before]
        line = f"Dealt to {player} "
        line += f"{cards_text(before)} {cards_text(shown)}" if before else cards_text(shown)
        if self.game.is_stud:
            before.extend(shown)
        return line

    def draw_lines(self, draw: Draw) -> list[str]:
        """ "Hero: discards 2 cards [8h 6s]" + "Dealt to Hero [kept] [new]", or "X: stands pat"."""
        player, sees = draw.player, self.sees_all(draw.player)
        held = self.take(draw)
        if draw.stood_pat:
            kept = draw.kept
            if kept is None and self.hero == player:  # the site shows its hero's pat hand
                kept = held
            if sees and kept:
                return [f"{player}: stands pat on {cards_text(kept)}"]
            return [f"{player}: stands pat"]
        plural = "card" if draw.discard_count == 1 else "cards"
        line = f"{player}: discards {draw.discard_count} {plural}"
        if sees and (draw.discarded is not None or player in self.dealt_down):
            # a shown hand's thrown cards, unknown, print as none (a client bug, 2012):
            # "Hero: discards 2 cards []"
            line += f" {cards_text(draw.discarded or ())}"
        if not sees or draw.drawn is None:
            return [line]
        kept = kept_cards(held, draw)
        if kept is None:  # the new cards cannot be printed without the kept ones
            return [line]
        if not kept:  # all five thrown away: the parser reads this line as a Deal
            return [line, f"Dealt to {player} {cards_text(draw.drawn)}"]
        return [line, f"Dealt to {player} {cards_text(kept)} {cards_text(draw.drawn)}"]


def community_line(board: CommunityCards, page: _Page) -> str | None:
    if board.line and board.line == page.board_line:
        return None  # printed on the street's line
    return f"Board {cards_text(board.cards)}"


def uncalled_line(uncalled: UncalledReturn, page: _Page) -> str:
    return f"Uncalled bet ({page.money(uncalled.amount)}) returned to {uncalled.player}"


def show_line(show: Show, page: _Page) -> str:
    return f"{show.player}: shows {cards_text(show.cards)} ({shown_words(show, page.game)})"


def shown_words(show: Show, game: Game) -> str:
    """The show line's words: the site's as read, else PokerStars' own for those cards (a
    simulated hand carries none). Every show of a real PokerStars history has them."""
    return show.description or describe_hand(game, show.cards)


def muck_line(muck: Muck, _page: _Page) -> str:
    return f"{muck.player}: mucks hand"


def note_line(note: Note, page: _Page) -> str | None:
    if note.kind == "cards_contradicted":
        return contradicted_deal_line(note, page)
    form = NOTE_FORMS.get(note.kind)
    if form is None:
        raise UnwritableHand(f"no PokerStars line for a {note.kind!r} note")
    return form.format(player=note.player or "", text=note.text)


def contradicted_deal_line(note: Note, page: _Page) -> str | None:
    """The deal line the parser kept as a note, as it was printed.

    A client bug (Triple Draw, 2012): "Hero: discards 2 cards []" then "Dealt to Hero
    [2s 7s 5h 3c Qh] [2s 7s 5h 3c Qh]". The note holds both card lists; the player's
    cards are unknown from there on, for the writer as for the parser. A line about a
    player whose cards the page hides is not printed (a parsed hand has none such).
    """
    player = note.player or ""
    found = contradicted_deal_cards(note)
    if found is None:
        raise UnwritableHand(f"a cards_contradicted note without its cards: {note.text!r}")
    cards, new = found
    page.cards.holding[player] = None
    if not page.cards.sees_all(player):
        return None
    return f"Dealt to {player} [{cards}]" + (f" [{new}]" if new else "")


def numbered_side_pots(events: Iterable[Event]) -> bool:
    """Side pots are "side pot" when there is one, "side pot-1", "side pot-2" when more."""
    sides: set[str] = set()
    count = 0
    for event in events:
        if isinstance(event, Collect) and event.pot.startswith("side-"):
            sides.add(event.pot)
        elif isinstance(event, PotTotals):
            count = max(count, len(event.sides))
    return max(count, len(sides)) > 1


def pot_name(pot: str, numbered: bool) -> str:
    """A collect's pot label as printed: "pot", "main pot", "side pot", "side pot-2"."""
    if pot == "pot":
        return "pot"
    if pot == "main":
        return "main pot"
    return f"side pot-{pot.removeprefix('side-')}" if numbered else "side pot"


def collect_line(collect: Collect, page: _Page) -> str:
    pot = pot_name(collect.pot, collect.pot.startswith("side-") and page.numbered_side_pots)
    return f"{collect.player} collected {page.money(collect.amount)} from {pot}"


def showdown_line(_start: ShowdownStart, _page: _Page) -> str:
    return "*** SHOW DOWN ***"


# ---------------------------------------------------------------------------- summary


def summary_line(_start: SummaryStart, _page: _Page) -> str:
    return "*** SUMMARY ***"


def totals_line(totals: PotTotals, page: _Page) -> str:
    """ "Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25" (and "Board [6h]")."""
    split = ""
    if totals.main is not None and totals.sides:  # a main pot alone is not printed
        split = f" Main pot {page.money(totals.main)}."
        for number, side in enumerate(totals.sides, 1):
            label = f"Side pot-{number}" if page.numbered_side_pots else "Side pot"
            split += f" {label} {page.money(side)}."
    line = f"Total pot {page.money(totals.total)}{split} | Rake {page.money(totals.rake)}"
    # a community card dealt on the street's line is repeated: "Board [6h]" (2009)
    return "\n".join([line, *(f"Board {cards_text(board)}" for board in page.boards)])


def seat_summary_line(summary: SeatSummary, page: _Page) -> str:
    """ "Seat 1: Hero (button) (small blind) folded before the Draw (didn't bet)"."""
    positions = "".join(f" ({position})" for position in summary.positions)
    return f"Seat {summary.seat}: {summary.player}{positions} {outcome_text(summary, page)}"


def outcome_text(summary: SeatSummary, page: _Page) -> str:
    outcome = summary.outcome
    if outcome == "folded":
        street = fold_street_text(page.game, summary.street)
        where = street if street.startswith(("before", "after")) else f"on the {street}"
        return f"folded {where}" + (" (didn't bet)" if summary.didnt_bet else "")
    if outcome == "showed":
        text = f"showed {cards_text(summary.cards or ())}"
        text += f" and won ({page.money(summary.won)})" if summary.won is not None else " and lost"
        return text + (f" with {summary.description}" if summary.description else "")
    if outcome == "mucked":
        return f"mucked {cards_text(summary.cards)}" if summary.cards else "mucked"
    if outcome == "collected":
        return f"collected ({page.money(summary.won or Decimal(0))})"
    if outcome == "sat out":
        return "is sitting out"
    raise UnwritableHand(f"no PokerStars summary wording for the outcome {outcome!r}")


def finish_line(finish: TournamentFinish, page: _Page) -> str:
    """ "Bob finished the tournament in 3rd place and received $4.50." or the winner's line."""
    symbol = _tournament_symbol(page.tournament)
    prize = None if finish.prize is None else symbol + cents_text(finish.prize)
    if finish.place == 1 and prize is not None:
        return f"{finish.player} wins the tournament and receives {prize} - congratulations!"
    if finish.place is None:
        raise UnwritableHand(f"{finish.player}'s tournament finish has no place")
    line = f"{finish.player} finished the tournament in {ordinal(finish.place)} place"
    return line + (f" and received {prize}." if prize is not None else "")


def deal_line(deal: Deal, page: _Page) -> str | None:
    return page.cards.deal_line(deal)


def draw_text(draw: Draw, page: _Page) -> str:
    return "\n".join(page.cards.draw_lines(draw))


_RENDERERS: dict[type, Renderer] = {
    Post: post_line,
    StreetStart: street_line,
    Deal: deal_line,
    Draw: draw_text,
    Collect: collect_line,
    PotTotals: totals_line,
    TournamentFinish: finish_line,
    Action: action_line,
    UncalledReturn: uncalled_line,
    ShowdownStart: showdown_line,
    Show: show_line,
    Muck: muck_line,
    CommunityCards: community_line,
    SummaryStart: summary_line,
    SeatSummary: seat_summary_line,
    Note: note_line,
}


def _summary_words(show: Show, game: Game) -> str | None:
    """The summary repeats the show line's words."""
    return summary_description(game, shown_words(show, game))


def summary_description(game: Game, shown: str | None) -> str | None:
    """The summary's hand description: the show line's, but "a Badugi: ..." in badugi."""
    if game is Game.BADUGI and shown and not shown.startswith("a "):
        return f"a {shown}"
    return shown


_STUD_FOLD_STREETS: dict[Street, str] = {
    Street.SECOND: "2nd Street",
    Street.THIRD: "3rd Street",
    Street.FOURTH: "4th Street",
    Street.FIFTH: "5th Street",
    Street.SIXTH: "6th Street",
    Street.SEVENTH: "River",  # "folded on the River", as the site words stud's last street
}


def fold_street_text(game: Game, street: Street | None) -> str:
    """ "3rd Street", "before the Draw", "after the 2nd Draw" ("after the Draw" if only one).

    2-7 single draw is worded like a flop game ("before Flop"), as the site does.
    """
    if game.is_stud:
        return _STUD_FOLD_STREETS.get(street or Street.THIRD, "3rd Street")
    if game is Game.SINGLE_DRAW_27:
        return "before Flop" if street in (None, Street.PREDRAW) else "Flop"
    if street is None or street is Street.PREDRAW:
        return "before the Draw"
    if game.rules.draws == 1:
        return "after the Draw"
    return f"after the {ordinal(DRAW_STREETS.index(street) + 1)} Draw"

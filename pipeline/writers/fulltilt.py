"""Write a `Hand` as Full Tilt Poker history text, from the hero's seat.

Every line is written in the shape of a line of the real Full Tilt histories (the cash
files in `shared/histories/real/FullTilt/`, 2010-2011): each template below quotes the
real line it follows. What those files never print is not invented: a hand holding it
raises `UnwritableHand` (tournaments, money other than dollars, A-5 triple draw, five
card stud and five-up stud, the stud community card, a dead or all-in forced bet, a
note kind Full Tilt has no line for). The few forms that a real line only implies (a
plain "main pot", a second side pot) are listed in `tests/writers/test_fulltilt_writer.py`
with the real line each one follows.

Full Tilt words a hand otherwise than PokerStars, and the writer follows it:

- amounts group thousands ("$1,747"), the header gives each stake as it is ("$2.50/$5");
- a raise says only its total ("raises to $600"), stud's first raise "completes it to";
- the stud bring-in is announced ("Player5 is low with [3c]"), the hero's third-street
  cards come down and up apart ("Dealt to Hero [Ac 9h] [3s]"), later streets reprint
  what was seen ("Dealt to Player4 [9c] [9d]"), nothing is printed for an opponent's
  seventh-street card;
- a draw round prints every discard first, then the cards dealt for them ("Player5 is
  dealt 1 card", "Dealt to Hero [Ah 3s] [Jh 8c]"); the draw streets give the pot;
- hands are worded in Full Tilt's terms ("Ace Ten high", "J,7,5,3,2", "a Badugi: Q, 4,
  3, 2", "a pair of Twos", "a straight, Seven high", a paired razz low "a pair of
  Sevens"), recomputed from the cards; a pot is won in a line of its own ("wins the pot
  ($2,922) with ..."), a hi/lo pot half by half ("wins the high pot", "wins the low main
  pot");
- an uncontested winner "mucks" before winning; the summary's pots are gross of the
  rake ("Total pot $95.10 Main pot $85.10. Side pot $10. | Rake $3") and its seats
  include those sitting out.

The remarks PokerStars prints and Full Tilt does not ("Betting is capped", "The deck is
reshuffled", "Pair on board - a double bet is allowed") change no money and are left
out. The walk and the bookkeeping are shared with the PokerStars writer
(`history_writer`); the wording is Full Tilt's own, a shown hand's words in
`fulltilt_words`.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_DOWN, Decimal
from zoneinfo import ZoneInfo

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
    Street,
    StreetStart,
    SummaryStart,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.games import DRAW_STREETS
from pipeline.engine.evaluators import eight_or_better_low_value, high_value
from pipeline.writers.fulltilt_words import describe, summary_words
from pipeline.writers.history_writer import (
    HeldCards,
    Page,
    Purse,
    Renderer,
    UnwritableHand,
    cards_text,
    fates,
    grouped_amount_text,
    kept_cards,
    money_put_in,
    ordinal,
    pot_layers,
    walk,
    with_summary,
)

__all__ = [
    "ENCODING",
    "GAMES",
    "HAND_END",
    "UnwritableHand",
    "render",
    "write_file",
    "write_hand",
]

EASTERN = ZoneInfo("America/New_York")

# ---------------------------------------------------------------------------- vocabulary

# "... - $2.50/$5 Ante $0.40 - Limit Stud Hi - ...", "... - Limit Stud H/L - ...",
# "... - Limit Razz - ...", "... - Limit 2-7 Triple Draw - ...", "... - No Limit 2-7
# Single Draw - ...", "... - Limit Badugi - ...", "... - Limit 5 Card Draw - ..."
GAME_NAMES: dict[Game, str] = {
    Game.SEVEN_STUD: "Stud Hi",
    Game.SEVEN_STUD_HILO: "Stud H/L",
    Game.RAZZ: "Razz",
    Game.TRIPLE_DRAW_27: "2-7 Triple Draw",
    Game.SINGLE_DRAW_27: "2-7 Single Draw",
    Game.BADUGI: "Badugi",
    Game.FIVE_DRAW: "5 Card Draw",
}
GAMES: tuple[Game, ...] = tuple(GAME_NAMES)
"""The games a Full Tilt history (as the real files show it) can hold."""
ENCODING = "utf-16"  # with its byte-order mark, as the Full Tilt client saves histories

# "- Limit Razz -", "- No Limit 2-7 Single Draw -", "- Pot Limit Omaha Hi -"
LIMIT_NAMES: dict[LimitKind, str] = {
    LimitKind.FIXED: "Limit",
    LimitKind.POT: "Pot Limit",
    LimitKind.NO: "No Limit",
}

# "*** 3RD STREET ***" ... "*** 7TH STREET ***", "*** FIRST DRAW *** (Pot: $0.20)",
# "*** SECOND DRAW *** (Pot: $1,725)", "*** THIRD DRAW *** (Pot: $2,925)"
STREET_NAMES: dict[Street, str] = {
    Street.THIRD: "3RD STREET",
    Street.FOURTH: "4TH STREET",
    Street.FIFTH: "5TH STREET",
    Street.SIXTH: "6TH STREET",
    Street.SEVENTH: "7TH STREET",
    Street.DRAW_1: "FIRST DRAW",
    Street.DRAW_2: "SECOND DRAW",
    Street.DRAW_3: "THIRD DRAW",
}

FULL_RING = 8
"""A full-ring table's header names no size ("Table Fpdb - $2/$4 Ante $0.40 - ..."); a
six-max table's does ("Table Jackrabbit (6 max) - ...")."""

SILENT_REMARKS = frozenset(
    {"Betting is capped", "The deck is reshuffled", "Pair on board - a double bet is allowed"}
)
"""PokerStars' remarks that no Full Tilt history prints (they change no money)."""

HAND_END = "\n\n\n\n"
"""What follows every hand in a file: its line end, then blank lines
("Seat 7: Player6 folded on 3rd St." and three blank lines before the next hand)."""

CHIP = Decimal("0.01")

# ---------------------------------------------------------------------------- public API


def write_file(hands: Iterable[Hand], hero: str | None = None) -> str:
    """A history file's text (Full Tilt saves it as UTF-16: encode it so to have that)."""
    return "".join(write_hand(hand, hero) + HAND_END for hand in hands)


def write_hand(hand: Hand, hero: str | None = None) -> str:
    """The hand as Full Tilt prints it to `hero` (None: every known card is printed); a
    hand without a summary (a simulated one) gets the one Full Tilt prints."""
    return "\n".join(render(with_summary(hand), hero))


def render(hand: Hand, hero: str | None = None) -> list[str]:
    """The hand's text, one piece per printed event (some pieces hold several lines)."""
    writable(hand)
    page = _Page(hand, hero)
    pieces = [header_line(hand.header)]
    pieces.extend(seat_line(seat) for seat in hand.seats)
    pieces.extend(walk(hand.events, _RENDERERS, page))
    return pieces


def writable(hand: Hand) -> None:
    """Raise `UnwritableHand` for what no real Full Tilt line says."""
    header = hand.header
    if header.game not in GAME_NAMES:
        raise UnwritableHand(f"no Full Tilt history of {header.game} to learn from")
    if header.tournament is not None or header.money is not MoneyKind.REAL:
        raise UnwritableHand("only Full Tilt cash games are known (no tournament history)")
    if header.currency != "USD":
        raise UnwritableHand(f"only dollar tables are known, not {header.currency}")
    if header.max_seats not in (6, FULL_RING):
        raise UnwritableHand(f"no Full Tilt header of a {header.max_seats}-seat table")
    if any(seat.bounty is not None for seat in hand.seats):
        raise UnwritableHand("no Full Tilt seat line with a bounty")


# ---------------------------------------------------------------------------- amounts


def money(amount: Decimal) -> str:
    """ "$1,747", "$2.50", "$5"."""
    return "$" + grouped_amount_text(amount)


def _all_in(all_in: bool) -> str:
    # "1Incubator1 raises to $10.90, and is all in"
    return ", and is all in" if all_in else ""


# ---------------------------------------------------------------------------- header


def header_line(header: HandHeader) -> str:
    """The first line, as a cash game with a player on ET sees it:

    "Full Tilt Poker Game #25325990000: Table David's Draw (6 max) - $150/$300 - Limit
    2-7 Triple Draw - 10:00:00 ET - 2010/12/20"
    "Full Tilt Poker Game #29704127410: Table Jackrabbit (6 max) - $2.50/$5 Ante $0.40 -
    Limit Stud Hi - 19:37:32 CET - 2011/04/07 [13:37:32 ET - 2011/04/07]" (ET only here)
    """
    size = f" ({header.max_seats} max)" if header.max_seats != FULL_RING else ""
    stakes = header.stakes
    if header.limit is LimitKind.FIXED:
        low, high = stakes.small_bet, stakes.big_bet
    else:  # "$0.50/$1 Ante $0.25 - No Limit 2-7 Single Draw": the blinds
        low, high = stakes.small_blind, stakes.big_blind
    if low is None or high is None:
        raise UnwritableHand(f"hand {header.hand_number}: the header needs both stakes")
    ante = f" Ante {money(stakes.ante)}" if stakes.ante else ""
    game = f"{LIMIT_NAMES[header.limit]} {GAME_NAMES[header.game]}"
    local = header.started_at_utc.astimezone(EASTERN)
    clock = f"{local:%H:%M:%S} ET - {local:%Y/%m/%d}"
    return (
        f"Full Tilt Poker Game #{header.hand_number}: Table {header.table}{size} - "
        f"{money(low)}/{money(high)}{ante} - {game} - {clock}"
    )


def seat_line(seat: Seat) -> str:
    # "Seat 1: Player1 ($6,411)", "Seat 3: Player3 ($4,941), is sitting out"
    state = ", is sitting out" if seat.sitting_out else ""
    return f"Seat {seat.seat}: {seat.player} ({money(seat.stack)}){state}"


# ---------------------------------------------------------------------------- the page


class _Page(Page):
    """One hand's state as it is written: money so far, cards seen, lines held back."""

    def __init__(self, hand: Hand, hero: str | None) -> None:
        super().__init__("$", hand.header.game, hero)
        self.header = hand.header
        self.cards = HeldCards(hero)
        self.seen: dict[str, list[Card]] = {}  # stud: the cards printed so far
        self.up: dict[str, list[Card]] = {}  # stud: the up cards
        self.purse = Purse()  # the money put in so far
        self.seats = {seat.player: seat.seat for seat in hand.seats}
        self.street: Street | None = None
        self.completed = False  # stud: third street's bring-in has been completed
        self.announced = False  # stud: the bring-in card line is out
        self.dealt: list[str] = []  # a draw round's dealt lines, after all its discards
        self.collects: list[Collect] = []
        self.mucked: set[str] = set()
        self.in_summary = False
        self.fates = fates(hand.events)
        put_in = money_put_in(hand.events)
        live = [s.player for s in hand.seats if s.player in put_in]
        live = [name for name in live if name not in self.fates.folds]
        self.layers = pot_layers(put_in, live)
        self.sitting_out = [s for s in hand.seats if s.sitting_out]

    def before(self, event: Event | None) -> list[str]:
        lines: list[str] = []
        if self.dealt and not isinstance(event, Draw | Note):
            lines.extend(self.dealt)
            self.dealt = []
        if self.collects and not isinstance(event, Collect):
            lines.extend(collect_lines(self.collects, self))
            self.collects = []
        if (
            isinstance(event, Action)
            and self.street is Street.THIRD
            and self.game.is_stud
            and not self.announced
        ):
            lines.append(bring_in_card_line(event.player, self))
        if self.in_summary and (event is None or isinstance(event, SeatSummary)):
            before_seat = event.seat if event is not None else None
            lines.extend(self.sat_out_lines(before_seat))
        if event is not None:
            self.purse.take(event)
        return lines

    def sat_out_lines(self, before_seat: int | None) -> list[str]:
        # "Seat 3: Player3 is sitting out"
        lines = []
        while self.sitting_out and (before_seat is None or self.sitting_out[0].seat < before_seat):
            seat = self.sitting_out.pop(0)
            lines.append(f"Seat {seat.seat}: {seat.player} is sitting out")
        return lines


# ---------------------------------------------------------------------------- play


def post_line(post: Post, _page: _Page) -> str:
    if post.all_in:
        raise UnwritableHand("no Full Tilt line for an all-in forced bet")
    if post.kind is PostKind.ANTE:
        return f"{post.player} antes {money(post.amount)}"  # "Hero antes $0.40"
    if post.kind is PostKind.SMALL_BLIND:  # "Hero posts the small blind of $75"
        return f"{post.player} posts the small blind of {money(post.amount)}"
    if post.kind is PostKind.BIG_BLIND:  # "Player4 posts the big blind of $150"
        return f"{post.player} posts the big blind of {money(post.amount)}"
    raise UnwritableHand(f"no Full Tilt line for a {post.kind} post")


def street_line(start: StreetStart, page: _Page) -> str:
    page.street = start.street
    page.completed = False
    if start.street is Street.PREDRAW:
        # "The button is in seat #1", then "*** HOLE CARDS ***"
        button = f"The button is in seat #{page.header.button_seat}\n"
        return (button if page.header.button_seat else "") + "*** HOLE CARDS ***"
    name = STREET_NAMES.get(start.street)
    if name is None:
        raise UnwritableHand(f"no Full Tilt line for the {start.street} street")
    if start.street not in DRAW_STREETS:
        return f"*** {name} ***"
    if page.game.rules.draws == 1:
        name = "DRAW"  # "*** DRAW *** (Pot: $2.05)"
    return f"*** {name} *** (Pot: {money(page.purse.pot)})"


def deal_line(deal: Deal, page: _Page) -> str | None:
    """ "Dealt to Hero [2h Qd 4s Tc 2c]"; stud: "Dealt to Hero [Ac 9h] [3s]", "Dealt to
    Player4 [9c]", "Dealt to Player4 [9c] [9d]", "Dealt to Hero [6c 5d 3d] [7c]"."""
    player = deal.player
    page.cards.take(deal)
    sees = page.cards.sees_all(player)
    shown = (*deal.down, *deal.up) if sees else deal.up
    if deal.street in DRAW_STREETS:  # all thrown away: the new hand comes as a deal
        if shown:
            page.dealt.append(f"Dealt to {player} {cards_text(shown)}")
        return None
    if not page.game.is_stud:
        return f"Dealt to {player} {cards_text(shown)}" if shown else None
    page.up.setdefault(player, []).extend(deal.up)
    before = page.seen.setdefault(player, [])
    if not shown:
        return None  # an opponent's seventh-street card, dealt down
    if before:
        line = f"Dealt to {player} {cards_text(before)} {cards_text(shown)}"
    elif sees and deal.down and deal.up:
        line = f"Dealt to {player} {cards_text(deal.down)} {cards_text(deal.up)}"
    else:
        line = f"Dealt to {player} {cards_text(shown)}"
    before.extend(shown)
    return line


def bring_in_card_line(player: str, page: _Page) -> str:
    # "Player5 is low with [3c]"; razz: "Hero is high with [Kh]"
    page.announced = True
    up = page.up.get(player)
    if not up:
        raise UnwritableHand(f"{player} brings in with no up card")
    side = "high" if page.game is Game.RAZZ else "low"
    return f"{player} is {side} with [{up[0]}]"


def draw_line(draw: Draw, page: _Page) -> str:
    """ "Player5 discards 1 card", "Hero discards 2 cards [Qs Jc]", "Player6 stands pat",
    "Hero stands pat on [4h 9c 2h Th 5h]"; the dealt line waits for the round's end:
    "Player5 is dealt 1 card", "Player6 is dealt 2 cards", "Dealt to Hero [Ah 3s] [Jh 8c]"."""
    player = draw.player
    sees = page.cards.sees_all(player)
    held = page.cards.take(draw)
    if draw.stood_pat:
        kept = kept_cards(held, draw)
        return (
            f"{player} stands pat on {cards_text(kept)}"
            if sees and kept
            else f"{player} stands pat"
        )
    count = draw.discard_count
    cards = f"{count} card" if count == 1 else f"{count} cards"
    line = f"{player} discards {cards}"
    if sees and draw.discarded is not None:
        line += f" {cards_text(draw.discarded)}"
    kept, drawn = kept_cards(held, draw), draw.drawn
    if sees and drawn is None:
        return line  # all thrown away: the new cards come as a deal of the draw street
    if not sees or kept is None or drawn is None:
        page.dealt.append(f"{player} is dealt {cards}")
    elif kept:
        page.dealt.append(f"Dealt to {player} {cards_text(kept)} {cards_text(drawn)}")
    else:
        page.dealt.append(f"Dealt to {player} {cards_text(drawn)}")
    return line


def action_line(action: Action, page: _Page) -> str:
    """ "Player1 folds", "Hero checks", "Player6 calls $150", "Player5 bets $150",
    "Player5 raises to $600", "Player5 brings in for $0.50", "Player4 completes it to $2"."""
    player, kind = action.player, action.kind
    if kind is ActionKind.FOLD:
        return f"{player} folds"
    if kind is ActionKind.CHECK:
        return f"{player} checks"
    if kind in (ActionKind.CALL, ActionKind.BRING_IN) or (
        kind is ActionKind.BET and not _completes(page)
    ):
        verb = {ActionKind.CALL: "calls", ActionKind.BRING_IN: "brings in for"}.get(kind, "bets")
        return f"{player} {verb} {money(_amount(action.amount, action))}{_all_in(action.all_in)}"
    total = action.raise_to if action.raise_to is not None else action.amount
    if _completes(page):
        page.completed = True
        verb = "completes it to"  # stud's first full bet of third street, over the bring-in
    else:
        verb = "raises to"
    return f"{player} {verb} {money(_amount(total, action))}{_all_in(action.all_in)}"


def _completes(page: _Page) -> bool:
    return page.game.is_stud and page.street is Street.THIRD and not page.completed


def _amount(amount: Decimal | None, action: Action) -> Decimal:
    if amount is None:
        raise UnwritableHand(f"{action.player}'s {action.kind} has no amount to print")
    return amount


def uncalled_line(uncalled: UncalledReturn, _page: _Page) -> str:
    # "Uncalled bet of $0.20 returned to Player8"
    return f"Uncalled bet of {money(uncalled.amount)} returned to {uncalled.player}"


def showdown_line(_start: ShowdownStart, _page: _Page) -> str:
    return "*** SHOW DOWN ***"


def show_line(show: Show, page: _Page) -> str:
    """ "Player6 shows [Js 7d 5c 3c 2d] J,7,5,3,2"; hi/lo: "Kilij shows [8s 7s 8h 6d 3d 2d
    3h] two pair, Eights and Threes, for high and 8,7,6,3,2, for low"."""
    words = describe(page.game, show.cards)
    if words is None:
        return f"{show.player} shows {cards_text(show.cards)}"
    high, low = words
    if page.game is Game.SEVEN_STUD_HILO:
        high += ", for high" + (f" and {low}, for low" if low else "")
    return f"{show.player} shows {cards_text(show.cards)} {high}"


def muck_line(muck: Muck, page: _Page) -> str:
    page.mucked.add(muck.player)
    return f"{muck.player} mucks"  # "Player5 mucks"


def collect_line(collect: Collect, page: _Page) -> None:
    page.collects.append(collect)  # written together, when the run of collects ends


def collect_lines(collects: list[Collect], page: _Page) -> list[str]:
    """ "Player8 mucks" + "Player8 wins the pot ($1.12)" uncontested; at a showdown
    "Player6 wins the pot ($2,922) with J,7,5,3,2", "Kilij wins the high side pot ($5)
    with two pair, Aces and Queens", "allie3911 wins the low side pot ($5) with
    8,7,5,3,2"."""
    if not page.fates.showdown:
        lines = []
        for collect in collects:
            if collect.player not in page.mucked:
                page.mucked.add(collect.player)
                lines.append(f"{collect.player} mucks")
            lines.append(f"{collect.player} wins the pot ({money(collect.amount)})")
        return lines
    by_pot: dict[str, list[Collect]] = {}
    for collect in collects:
        by_pot.setdefault(collect.pot, []).append(collect)
    sides = sum(1 for pot in by_pot if pot.startswith("side-"))
    lines = []
    for pot, won in by_pot.items():
        name = pot_name(pot, max(sides, len(page.layers) - 1))
        lines.extend(pot_lines(pot, name, won, page))
    return lines


def pot_name(pot: str, sides: int) -> str:
    """ "the pot", "the main pot", "the side pot"; "side pot #2" when there are several
    (no real hand has two side pots: the form the Full Tilt parser reads)."""
    if pot == "pot":
        return "the pot"
    if pot == "main":
        return "the main pot"
    return "the side pot" if sides <= 1 else f"side pot #{pot.removeprefix('side-')}"


def pot_lines(pot: str, name: str, won: list[Collect], page: _Page) -> list[str]:
    shown = {player: show.cards for player, show in page.fates.shows.items()}
    words = {player: describe(page.game, cards) for player, cards in shown.items()}
    halves = _halves(pot, won, shown, page) if page.game is Game.SEVEN_STUD_HILO else None
    if halves is None:
        return [
            _wins(collect.player, name, collect.amount, words.get(collect.player), 0)
            for collect in won
        ]
    if "#" in name:
        raise UnwritableHand("no Full Tilt wording for the halves of a second side pot")
    high, low = halves
    name = name.removeprefix("the ")
    return [
        *(_wins(p, f"the high {name}", a, words.get(p), 0) for p, a in high.items() if a),
        *(_wins(p, f"the low {name}", a, words.get(p), 1) for p, a in low.items() if a),
    ]


def _wins(
    player: str, pot: str, amount: Decimal, words: tuple[str, str | None] | None, half: int
) -> str:
    text = f"{player} wins {pot} ({money(amount)})"
    said = words[half] if words is not None else None
    return text + (f" with {said}" if said else "")


def _halves(
    pot: str, won: list[Collect], shown: dict[str, tuple[Card, ...]], page: _Page
) -> tuple[dict[str, Decimal], dict[str, Decimal]] | None:
    """A hi/lo pot's collects, each cut into its high and its low part (None: no low).

    The players who reach the pot and showed are judged high and low; the low half is
    half the pot rounded down to the cent (the odd cent goes high); a player who wins
    both halves has each part printed apart, as Full Tilt prints them.
    """
    index = 0 if pot in ("pot", "main") else int(pot.removeprefix("side-"))
    if index >= len(page.layers):
        return None
    contenders = {p: shown[p] for p in page.layers[index][1] if p in shown}
    lows = {p: eight_or_better_low_value(cards) for p, cards in contenders.items()}
    best_low = max((v for v in lows.values() if v is not None), default=None)
    if best_low is None:
        return None
    highs = {p: high_value(cards) for p, cards in contenders.items()}
    high_winners = {p for p, v in highs.items() if v == max(highs.values())}
    low_winners = {p for p, v in lows.items() if v == best_low}
    amounts = {collect.player: collect.amount for collect in won}
    total = sum(amounts.values(), Decimal(0))
    low_half = (total / 2).quantize(CHIP, rounding=ROUND_DOWN)
    high = {p: a for p, a in amounts.items() if p in high_winners and p not in low_winners}
    both = sorted(
        (p for p in amounts if p in high_winners and p in low_winners), key=page.seats.__getitem__
    )
    rest = total - low_half - sum(high.values(), Decimal(0))
    for index, player in enumerate(both):
        share = (rest / (len(both) - index)).quantize(CHIP, rounding=ROUND_DOWN)
        if index == 0:
            share = rest - share * (len(both) - 1)
        high[player] = share
        rest -= share
    low = {p: a - high.get(p, Decimal(0)) for p, a in amounts.items() if p in low_winners}
    if any(part < 0 for part in (*high.values(), *low.values())):
        return None
    return high, low


def note_line(note: Note, page: _Page) -> str | None:
    if note.kind == "doesnt_show":
        return None  # the uncontested winner "mucks", printed with the win
    if note.kind == "said":
        return f"{note.player}: {note.text}"  # "grimyreaper1: lol"
    if note.kind == "remark" and note.text == "No low hand qualified":
        return note.text  # "No low hand qualified"
    if note.kind == "remark" and note.text in SILENT_REMARKS:
        return None
    raise UnwritableHand(f"no Full Tilt line for a {note.kind!r} note")


def community_line(_board: CommunityCards, _page: _Page) -> str:
    raise UnwritableHand("no Full Tilt history shows stud's community card")


def finish_line(_finish: TournamentFinish, _page: _Page) -> str:
    raise UnwritableHand("no Full Tilt tournament history to learn from")


# ---------------------------------------------------------------------------- summary


def summary_line(_start: SummaryStart, page: _Page) -> str:
    page.in_summary = True
    return "*** SUMMARY ***"


def totals_line(totals: PotTotals, page: _Page) -> str:
    """ "Total pot $2,925 | Rake $3", "Total pot $95.10 Main pot $85.10. Side pot $10. |
    Rake $3": the pots gross of the rake, as the bets make them."""
    split = ""
    if totals.main is not None:
        if len(page.layers) != 1 + len(totals.sides):
            raise UnwritableHand("the summary's pots do not match the bets")
        main, *sides = (amount for amount, _eligible in page.layers)
        split = f" Main pot {money(main)}."
        for number, side in enumerate(sides, 1):
            # several: numbered as the Full Tilt parser reads them (no real hand has two)
            label = "Side pot" if len(sides) == 1 else f"Side pot-{number}"
            split += f" {label} {money(side)}."
    return f"Total pot {money(totals.total)}{split} | Rake {money(totals.rake)}"


def seat_summary_line(summary: SeatSummary, page: _Page) -> str:
    """ "Seat 1: Player1 (button) folded before the Draw (didn't bet)" and the like."""
    positions = "".join(f" ({position})" for position in summary.positions)
    return f"Seat {summary.seat}: {summary.player}{positions} {outcome_text(summary, page)}"


def outcome_text(summary: SeatSummary, page: _Page) -> str:
    """ "folded on 3rd St.", "folded before the Draw (didn't bet)", "folded after the 2nd
    Draw", "showed [..] and won ($2,922) with J,7,5,3,2", "showed [..] and lost with
    T,9,8,7,3", "mucked [7h 7c 8c 5d 3d] - a pair of Sevens", "collected ($6), mucked",
    "is sitting out"; hi/lo: "... with HI: two pair, Eights and Threes; LO: 8,7,6,3,2"."""
    outcome = summary.outcome
    player = summary.player
    if outcome == "folded":
        street = page.fates.folds.get(player)
        didnt_bet = player not in page.fates.bet
        return "folded " + fold_street_text(page.game, street, didnt_bet)
    if outcome == "showed":
        cards = summary.cards or ()
        text = f"showed {cards_text(cards)}"
        text += f" and won ({money(summary.won)})" if summary.won is not None else " and lost"
        said = summary_words(page.game, cards)
        return text + (f" with {said}" if said else "")
    if outcome == "mucked":
        if not summary.cards:
            raise UnwritableHand(f"no Full Tilt summary of {player}'s muck without the cards")
        said = summary_words(page.game, summary.cards)
        return f"mucked {cards_text(summary.cards)}" + (f" - {said}" if said else "")
    if outcome == "collected":
        return f"collected ({money(summary.won or Decimal(0))}), mucked"
    if outcome == "sat out":
        return "is sitting out"
    raise UnwritableHand(f"no Full Tilt summary wording for the outcome {outcome!r}")


def fold_street_text(game: Game, street: Street | None, didnt_bet: bool) -> str:
    """ "on 3rd St." ... "on 7th St."; "before the Draw" ("(didn't bet)" when no blind
    nor bet was put in), "after the Draw" (one draw), "after the 1st Draw"."""
    if game.is_stud:
        number = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
        return f"on {ordinal(number.index(street or Street.THIRD) + 3)} St."
    if street is None or street is Street.PREDRAW:
        return "before the Draw" + (" (didn't bet)" if didnt_bet else "")
    if game.rules.draws == 1:
        return "after the Draw"
    return f"after the {ordinal(DRAW_STREETS.index(street) + 1)} Draw"


_RENDERERS: dict[type, Renderer] = {
    Post: post_line,
    StreetStart: street_line,
    Deal: deal_line,
    Draw: draw_line,
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

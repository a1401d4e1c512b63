"""What every site's history writer shares: the walk over a hand's events, the money and
cards it keeps track of on the way, and the pieces of text all sites print alike.

A site writer (`writers.pokerstars`, `writers.fulltilt`) owns its wording: one renderer per
kind of event, each turning the event into the site's line (or nothing). `walk` feeds
them the events in order; a `Page` carries what rendering one hand needs besides the
event (the currency symbol, the game, the hero's view of the cards, the money so far) and
may hold lines back until a later event (a site that prints every discard of a draw round
before the cards dealt for them). What follows the walk is site-neutral bookkeeping:

- amounts ("2.50", "1", "1,747"), card lists ("[Ah 3c]"), ordinals ("2nd");
- each player's cards as far as the events tell (a drawing hero's kept cards);
- each player's money in the pot, and the pots that money makes;
- each player's fate (folded on which street, bet or not, showed, collected).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import lru_cache
from typing import Any

from parsers.model.events import (
    UNKNOWN_CARD,
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
    Post,
    PostKind,
    PotTotals,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    UncalledReturn,
)


class UnwritableHand(ValueError):
    """The hand holds something no line of the site (that its parser reads) can say."""


# ---------------------------------------------------------------------------- amounts


@lru_cache(maxsize=1 << 16)
def amount_text(amount: Decimal) -> str:
    """ "1", "2.50", "0.04": whole amounts lose their cents, as the sites print them.

    Cached: a history repeats the same few amounts (equal Decimals print alike).
    """
    if amount == amount.to_integral_value():
        return str(int(amount))
    return cents_text(amount)


@lru_cache(maxsize=1 << 16)
def grouped_amount_text(amount: Decimal) -> str:
    """ "1,747", "2,922", "0.90": `amount_text` with the thousands grouped."""
    if amount == amount.to_integral_value():
        return f"{int(amount):,}"
    return cents_text(amount, ",")


def cents_text(amount: Decimal, grouping: str = "") -> str:
    """Always with cents ("1.00", "0.50"): buy-ins and prizes print that way."""
    # a finite amount: an int exponent
    if amount.normalize().as_tuple().exponent >= -2:  # type: ignore[operator]
        return format(amount, f"{grouping}.2f")
    return format(amount.normalize(), f"{grouping}f")


def cards_text(cards: Iterable[Card]) -> str:
    """ "[Ah 3c]"; an unreadable card (`UNKNOWN_CARD`, "??") reads back as unreadable."""
    return "[" + " ".join(cards) + "]"


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "11th", "28th"."""
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{_ORDINAL_SUFFIXES.get(number % 10, 'th')}"


_ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}


# ---------------------------------------------------------------------------- the walk


class Page:
    """What rendering one hand needs besides the event: its money and its cards.

    `before` sees every event first and gives the lines to print before it (None: the
    end of the hand): lines held back until then, or a line the site prints there
    that no event stands for. A site that prints each event where it stands has none.
    """

    def __init__(self, symbol: str, game: Game, hero: str | None) -> None:
        self.symbol = symbol  # "$" in a dollar cash game; chips and play money have none
        self.game = game
        self.hero = hero

    def before(self, event: Event | None) -> Iterable[str]:
        return ()


Renderer = Callable[[Any, Any], "str | None"]


def walk(events: Iterable[Event], renderers: dict[type, Renderer], page: Page) -> Iterator[str]:
    """Each event's text (those with none print nothing), held-back lines in their place."""
    for event in events:
        yield from page.before(event)
        text = renderers[type(event)](event, page)
        if text is not None:
            yield text
    yield from page.before(None)


# ---------------------------------------------------------------------------- cards


@dataclass(slots=True)
class HeldCards:
    """Each player's cards as far as the events tell, and whose cards the page shows.

    `holding[player]` is None once the events lose track (an opponent's unseen draw).
    """

    hero: str | None
    holding: dict[str, tuple[Card, ...] | None] = field(default_factory=dict)

    def sees_all(self, player: str) -> bool:
        """The hero's cards are printed, and with no hero every card the events hold."""
        return self.hero is None or player == self.hero

    def take(self, event: Deal | Draw) -> tuple[Card, ...] | None:
        """The player's cards before the deal or draw; the holding moves past it."""
        held = self.holding.get(event.player, ())
        self.holding[event.player] = cards_after(held, event)
        return held


def kept_cards(held: tuple[Card, ...] | None, draw: Draw) -> tuple[Card, ...] | None:
    """The cards a draw keeps: all of them standing pat, else those not thrown away."""
    if draw.kept is not None or held is None:
        return draw.kept
    if draw.stood_pat:
        return held
    if draw.discarded is None:
        return None
    return tuple(card for card in held if card not in draw.discarded)


def cards_after(held: tuple[Card, ...] | None, event: Deal | Draw) -> tuple[Card, ...] | None:
    """A player's cards after a deal or a draw; None once the events lose track of them."""
    if held is None:
        return None
    if isinstance(event, Deal):
        return (*held, *event.down, *event.up)
    if event.stood_pat:
        return held if event.kept is None else event.kept
    kept = kept_cards(held, event)
    if kept is None:
        return None
    if event.drawn is None:  # all thrown away: the new cards come as a Deal (as parsed)
        return () if not kept else None
    return (*kept, *event.drawn)


def cards_in_place(held: tuple[Card, ...] | None, draw: Draw) -> tuple[Card, ...] | None:
    """The hand after a draw, each new card where a thrown-away one was."""
    if held is None or draw.stood_pat:
        return held
    if draw.drawn is None and draw.discarded is not None and set(held) <= set(draw.discarded):
        return ()  # all thrown away: the new cards come as a Deal (as parsed)
    if draw.discarded is None or draw.drawn is None or len(draw.drawn) != len(draw.discarded):
        return None
    new = iter(draw.drawn)
    return tuple(next(new) if card in draw.discarded else card for card in held)


def known_hands(hand: Hand) -> dict[str, tuple[Card, ...]]:
    """Each player's final cards, for those whose every card the events hold.

    In the order a summary prints a mucked hand: a drawn card takes the place of the
    card it replaces (unlike the "Dealt to X [kept] [new]" line); stud's community card
    (dealt when the deck cannot give everyone a seventh card) ends every hand.
    """
    held: dict[str, tuple[Card, ...] | None] = {}
    community: tuple[Card, ...] = ()
    for event in hand.events:
        if isinstance(event, Deal):
            held[event.player] = cards_after(held.get(event.player, ()), event)
        elif isinstance(event, Draw):
            held[event.player] = cards_in_place(held.get(event.player, ()), event)
        elif isinstance(event, CommunityCards):
            community += event.cards
    size = hand.game.rules.hand_size
    finished = {player: (*cards, *community) for player, cards in held.items() if cards is not None}
    return {
        player: cards
        for player, cards in finished.items()
        if len(cards) == size and UNKNOWN_CARD not in cards
    }


# ---------------------------------------------------------------------------- money


def add_to(totals: dict[str, Decimal], player: str, amount: Decimal) -> None:
    totals[player] = totals.get(player, Decimal(0)) + amount


@dataclass(slots=True)
class Purse:
    """Each player's money in the pot so far: posts, bets and raises, less uncalled
    returns. Fed event by event (`take`), it tells the pot at any point of the hand."""

    put_in: dict[str, Decimal] = field(default_factory=dict)
    in_round: dict[str, Decimal] = field(default_factory=dict)

    def take(self, event: Event) -> None:
        if isinstance(event, StreetStart):
            if event.street is not Street.PREDRAW:  # the blinds, posted before it, count in it
                self.in_round = {}
        elif isinstance(event, Post):
            add_to(self.put_in, event.player, event.amount)
            if event.kind is not PostKind.ANTE:
                add_to(self.in_round, event.player, event.amount)
        elif isinstance(event, Action) and event.kind not in (ActionKind.FOLD, ActionKind.CHECK):
            if event.raise_to is not None:  # a raise's amount is its increment, not this
                added = event.raise_to - self.in_round.get(event.player, Decimal(0))
            else:
                added = event.amount or Decimal(0)
            add_to(self.put_in, event.player, added)
            add_to(self.in_round, event.player, added)
        elif isinstance(event, UncalledReturn):
            add_to(self.put_in, event.player, -event.amount)

    @property
    def pot(self) -> Decimal:
        return sum(self.put_in.values(), Decimal(0))


def money_put_in(events: Iterable[Event]) -> dict[str, Decimal]:
    """Each player's money in the pot: posts, bets and raises, less uncalled returns."""
    purse = Purse()
    for event in events:
        purse.take(event)
    return purse.put_in


def pot_layers(
    put_in: dict[str, Decimal], live: Iterable[str]
) -> list[tuple[Decimal, tuple[str, ...]]]:
    """The pots the money makes, gross of rake: the main pot, then a side pot at each
    level a live player stopped at, each with the live players who reached it."""
    live = [name for name in live if put_in.get(name, 0) > 0]
    layers = []
    previous = Decimal(0)
    for level in sorted({put_in[name] for name in live}):
        amount = sum((min(c, level) - min(c, previous) for c in put_in.values()), Decimal(0))
        layers.append((amount, tuple(name for name in live if put_in[name] >= level)))
        previous = level
    return layers


# ---------------------------------------------------------------------------- fates


@dataclass(slots=True)
class Fates:
    """What became of each player, as a summary tells it: the street each folded on,
    who bet (a blind or the bring-in counts, an ante does not), who showed at the
    showdown, who mucked, who collected how much, who took part at all."""

    folds: dict[str, Street | None] = field(default_factory=dict)
    bet: set[str] = field(default_factory=set)
    shows: dict[str, Show] = field(default_factory=dict)
    mucks: set[str] = field(default_factory=set)
    won: dict[str, Decimal] = field(default_factory=dict)
    acted: set[str] = field(default_factory=set)
    showdown: bool = False


def fates(events: Iterable[Event]) -> Fates:
    """Only a show after the showdown's start counts as "showed"."""
    found = Fates()
    street: Street | None = None
    for event in events:
        if isinstance(event, StreetStart):
            street = event.street
        elif isinstance(event, Post):
            found.acted.add(event.player)
            if event.kind is not PostKind.ANTE:
                found.bet.add(event.player)
        elif isinstance(event, Action):
            found.acted.add(event.player)
            if event.kind is ActionKind.FOLD:
                found.folds.setdefault(event.player, street)
            elif event.kind is not ActionKind.CHECK:
                found.bet.add(event.player)
        elif isinstance(event, ShowdownStart):
            found.showdown = True
        elif isinstance(event, Show) and found.showdown:
            found.shows[event.player] = event
        elif isinstance(event, Muck):
            found.mucks.add(event.player)
        elif isinstance(event, Collect):
            add_to(found.won, event.player, event.amount)
    return found


# ---------------------------------------------------------------------------- the summary


ShowWords = Callable[[Show, Game], str | None]
"""A site's words for a shown hand in its summary ("a Badugi: 8,5,4,2")."""


def _as_shown(show: Show, _game: Game) -> str | None:
    return show.description


def with_summary(hand: Hand, words: ShowWords = _as_shown) -> Hand:
    """The hand with the summary section the sites print, derived where it is missing.

    A parsed hand has it already and comes back unchanged; a simulated hand stops at its
    last collect. Only what is missing is added: the summary's start and its totals, then
    one seat per seat dealt in, each told in site-neutral terms (the street a player
    folded on) but for `words`, a site's wording of a shown hand.
    """
    types = {type(event) for event in hand.events}
    added: list[Event] = []
    if SummaryStart not in types:
        added.append(SummaryStart())
    if PotTotals not in types:
        added.append(derive_pot_totals(hand))
    if SeatSummary not in types:
        added.extend(derive_seat_summaries(hand, words))
    if not added:
        return hand
    return replace(hand, events=(*hand.events, *added))


def derive_pot_totals(hand: Hand) -> PotTotals:
    """Total pot from what was put in; the rake is what the collects leave over."""
    put_in = money_put_in(hand.events)
    total = sum(put_in.values(), Decimal(0))
    collects = [event for event in hand.events if isinstance(event, Collect)]
    rake = total - sum((collect.amount for collect in collects), Decimal(0))
    by_pot: dict[str, Decimal] = {}
    for collect in collects:
        by_pot[collect.pot] = by_pot.get(collect.pot, Decimal(0)) + collect.amount
    if "main" not in by_pot:
        return PotTotals(total, rake)
    sides = sorted((pot for pot in by_pot if pot.startswith("side-")), key=lambda p: int(p[5:]))
    return PotTotals(total, rake, by_pot["main"], tuple(by_pot[pot] for pot in sides))


def derive_seat_summaries(hand: Hand, words: ShowWords = _as_shown) -> tuple[SeatSummary, ...]:
    """One summary line per seat: what became of each player.

    Only a show after "*** SHOW DOWN ***" makes "showed": a winner who shows an
    uncontested hand has "collected". A muck reveals the cards when the events know them.
    """
    fate = fates(hand.events)
    folds, shows, won = fate.folds, fate.shows, fate.won
    positions = blind_positions(hand)
    known = known_hands(hand)
    revealed = {e.player: e.cards for e in hand.events if isinstance(e, Muck) and e.cards}
    summaries = []
    for seat in sorted(hand.seats, key=lambda s: s.seat):
        player = seat.player
        base = SeatSummary(
            seat.seat,
            player,
            "mucked",
            (
                *(("button",) if seat.seat == hand.header.button_seat else ()),
                *positions.get(player, ()),
            ),
        )
        if seat.sitting_out and player not in fate.acted:
            continue  # not dealt in: the summary does not list the seat
        if player in folds:
            summary = replace(
                base, outcome="folded", street=folds[player], didnt_bet=player not in fate.bet
            )
        elif player in shows:
            show = shows[player]
            summary = replace(
                base,
                outcome="showed",
                cards=show.cards,
                description=words(show, hand.game),
                won=won.get(player),
            )
        elif player in won and player not in fate.mucks:
            summary = replace(base, outcome="collected", won=won[player])
        else:
            summary = replace(base, cards=revealed.get(player) or known.get(player))
        summaries.append(summary)
    return tuple(summaries)


def blind_positions(hand: Hand) -> dict[str, tuple[str, ...]]:
    """Who sits in the blinds: the first small and big blind posted (later posts of a big
    blind are players buying into the game, not the big blind's seat).

    A player all-in on the ante has nothing left for the small blind, yet sits in it:
    "Hero: posts the ante 1 and is all-in", "Player0: posts big blind 100", then "Seat
    1: Hero (button) (small blind) showed ..." (heads-up, 2011). The small blind's seat
    is then the seat dealt in before the big blind's.
    """
    posters: dict[PostKind, str] = {}
    posted: set[str] = set()
    all_in_antes: set[str] = set()
    for event in hand.events:
        if isinstance(event, Post):
            posters.setdefault(event.kind, event.player)
            posted.add(event.player)
            if event.kind is PostKind.ANTE and event.all_in:
                all_in_antes.add(event.player)
    small, big = posters.get(PostKind.SMALL_BLIND), posters.get(PostKind.BIG_BLIND)
    if small is None and big is not None and all_in_antes:
        seats = sorted(hand.seats, key=lambda s: s.seat)
        dealt = [s.player for s in seats if not s.sitting_out or s.player in posted]
        before = dealt[dealt.index(big) - 1]
        small = before if before in all_in_antes and before != big else None
    positions: dict[str, tuple[str, ...]] = {}
    for poster, name in ((small, "small blind"), (big, "big blind")):
        if poster is not None:
            positions[poster] = (*positions.get(poster, ()), name)
    return positions

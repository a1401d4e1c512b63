"""Hands written as PHH, the notation other poker tools and research datasets read.

A PHH hand states the game (`variant`), the forced bets and stacks by *position*, and the
hand as a list of actions: the dealer's (`d dh p1 AsKs`: cards to player 1, `??` for a
card nobody saw) and the players' (`p1 cbr 0.20`: complete, bet or raise *to* 0.20,
`cc` check or call, `f` fold, `pb` post the bring-in, `sd` discard, `sm` show or muck).
Antes, blinds, uncalled bets and the pots are left to the reader's rules, so a PHH hand
is only as right as the history it came from: which is why every hand exported here has
been replayed by our engine first, and its finishing stacks are the engine's.

Positions: stud players are listed in seat order; blind games start left of the button
and end on it. Amounts keep the hand's own unit ("0.25", "1500"): every amount of a
cash hand is written with the same decimals, so a reader may scale them all to integers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC
from decimal import Decimal

from parsers.formats.phh_notation import USER_FIELD, VARIANTS
from parsers.lines.hand_lines import unmatched_bet
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
    Hand,
    LimitKind,
    Muck,
    Note,
    Post,
    PostKind,
    Seat,
    Show,
    StreetStart,
    players_dealt_in,
)
from parsers.model.games import Family, Street
from pipeline.engine.betting import ANTE
from pipeline.engine.results import HandResult

RUN_TWICE = "a hand run twice (PHH deals and shows each hand once)"


@dataclass(frozen=True, slots=True)
class Unexportable:
    """Why a hand has no PHH form (the export counts these by reason)."""

    reason: str


def phh_fields(hand: Hand, result: HandResult) -> dict[str, object] | Unexportable:
    """The PHH fields of a hand the engine replayed without error, in PHH's order."""
    header = hand.header
    variant = VARIANTS.get((hand.game, header.limit))
    if variant is None:
        return Unexportable(f"PHH has no variant for {header.limit.value} {hand.game.value}")
    if any(isinstance(event, CommunityCards) for event in hand.events):
        return Unexportable("a stud community card (PHH's stud has no board)")
    players = _players_in_position(hand)
    if isinstance(players, Unexportable):
        return players
    forced = _forced_bets(hand, players)
    if isinstance(forced, Unexportable):
        return forced
    antes, blinds = forced
    money = {p.name: p for p in result.players}
    stakes = header.stakes
    amounts = _Amounts(
        [seat.stack for seat in players]
        + [a for a in (stakes.small_bet, stakes.big_bet, stakes.bring_in, result.rake) if a]
        + [*antes, *blinds]
        + [money[s.player].net for s in players]
        + [e.amount for e in hand.events if isinstance(e, Action | Post) and e.amount]
    )
    collections = collections_returning_uncalled(hand, result)
    collected: dict[str, Decimal] = {}
    for collect in collections:
        collected[collect.player] = collected.get(collect.player, Decimal(0)) + collect.amount
    index = {seat.player: number for number, seat in enumerate(players, start=1)}
    writer = _ActionWriter(hand, index, amounts)
    actions = list(writer.actions())
    if writer.unwritable:
        return Unexportable(writer.unwritable)
    fields: dict[str, object] = {"variant": variant}
    if hand.game.rules.family is Family.STUD:
        fields["ante_trimming_status"] = True
        fields["antes"] = amounts.all(antes)
        fields["bring_in"] = amounts.one(_bring_in(hand))
    else:
        fields["antes"] = amounts.all(antes)
        fields["blinds_or_straddles"] = amounts.all(blinds)
    if header.limit is LimitKind.FIXED:
        fields["small_bet"] = amounts.one(stakes.small_bet or Decimal(0))
        fields["big_bet"] = amounts.one(stakes.big_bet or Decimal(0))
    else:
        fields["min_bet"] = amounts.one(stakes.big_blind or max(blinds))
    fields["starting_stacks"] = amounts.all(seat.stack for seat in players)
    fields["actions"] = actions
    started = header.started_at_utc.astimezone(UTC)
    fields |= {
        "time": started.time().replace(microsecond=0),
        "time_zone": "UTC",
        "day": started.day,
        "month": started.month,
        "year": started.year,
        "hand": header.hand_number,
        "seats": [seat.seat for seat in players],
        "seat_count": header.max_seats,
        "table": header.table or None,
        "players": [seat.player for seat in players],
        "finishing_stacks": amounts.all(s.stack + money[s.player].net for s in players),
        "winnings": amounts.all(collected.get(s.player, Decimal(0)) for s in players),
        "currency": header.currency,
    }
    fields |= _user_fields(hand, result, collections, amounts)
    return {key: value for key, value in fields.items() if value is not None}


def phh_text(fields: Mapping[str, object]) -> str:
    """One hand as a `.phh` file: `key = value` lines of TOML."""
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields.items())


def phhs_text(hands: Iterable[Mapping[str, object]]) -> Iterator[str]:
    """Hands as a `.phhs` collection, piece by piece: each hand a table `[1]`, `[2]`..."""
    for number, fields in enumerate(hands, start=1):
        yield f"{'' if number == 1 else chr(10)}[{number}]\n{phh_text(fields)}"


# ---------------------------------------------------------------------------- positions


def _players_in_position(hand: Hand) -> list[Seat] | Unexportable:
    """The players dealt in, in PHH's order: seat order for stud; for blind games from
    the seat left of the button round to the button."""
    dealt = players_dealt_in(hand.events)
    seats = sorted((s for s in hand.seats if s.player in dealt), key=lambda s: s.seat)
    if hand.game.is_stud:
        return seats
    button = hand.header.button_seat
    if button is None:
        return Unexportable("no button seat (PHH places blind games by the button)")
    after_button = [s for s in seats if s.seat > button]
    return after_button + [s for s in seats if s.seat <= button]


def _forced_bets(
    hand: Hand, players: list[Seat]
) -> tuple[list[Decimal], list[Decimal]] | Unexportable:
    """Each position's antes and blind. PHH gives a blind by position only: a dead blind,
    or a big blind posted by a player coming in, has no place in it."""
    position = {seat.player: number for number, seat in enumerate(players)}
    antes = [Decimal(0)] * len(players)
    blinds = [Decimal(0)] * len(players)
    for event in hand.events:
        if not isinstance(event, Post):
            continue
        at = position[event.player]
        if event.kind is PostKind.ANTE:
            antes[at] += event.amount
        elif event.kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND) and not blinds[at]:
            blinds[at] = event.amount
        else:
            return Unexportable(f"a {event.kind.value.replace('_', ' ')} (PHH has no such post)")
    if hand.game.is_stud:
        return antes, blinds
    if not _blinds_in_place(hand, position):
        return Unexportable("a blind posted out of position (PHH gives blinds by position)")
    if len(players) == 2:
        blinds.reverse()  # heads-up, PHH lists the button's small blind first all the same
    return antes, blinds


def _blinds_in_place(hand: Hand, position: dict[str, int]) -> bool:
    """The blinds where PHH puts them: the two seats after the button, small then big
    (heads-up, the button's small blind and the other's big); a missing small blind
    leaves the big one where it sits."""
    small, big = (
        [position[e.player] for e in hand.events if isinstance(e, Post) and e.kind is kind]
        for kind in (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
    )
    if len(position) == 2:
        return small in ([], [1]) and big == [0]
    return small in ([], [0]) and (big == [1] or (big == [0] and not small))


def _bring_in(hand: Hand) -> Decimal:
    """The bring-in as posted (the header's when nobody posted a full one: it was
    completed, or posted all-in for less)."""
    for e in hand.events:
        if isinstance(e, Action) and e.kind is ActionKind.BRING_IN and e.amount and not e.all_in:
            return e.amount
    stakes = hand.header.stakes
    return stakes.bring_in or (stakes.small_bet or Decimal(0)) / 2


# ---------------------------------------------------------------------------- actions


@dataclass
class _ActionWriter:
    """Walks a hand's events into PHH actions, with the dealer's lines PHH wants: every
    live player's cards on every street, `??` for those the history does not show."""

    hand: Hand
    index: dict[str, int]
    amounts: _Amounts
    folded: set[str] = field(default_factory=set)
    dealt: dict[str, Deal] = field(default_factory=dict)
    dealing: Street | None = None
    draws: list[Draw] = field(default_factory=list)
    bets: dict[str, Decimal] = field(default_factory=dict)
    all_in: set[str] = field(default_factory=set)
    known_hands: set[str] = field(default_factory=set)
    unwritable: str | None = None  # what PHH cannot say, once met

    def actions(self) -> Iterator[str]:
        for event in self.hand.events:
            if not isinstance(event, Deal | Note):
                yield from self._deals()
            if not isinstance(event, Draw | Note):  # "The deck is reshuffled" among draws
                yield from self._draws()
            yield from self._action(event)
        yield from self._deals()
        yield from self._draws()

    def _action(self, event: Event) -> Iterator[str]:
        if isinstance(event, StreetStart):
            self.bets = {}
            if event.street in self._dealing_streets:
                self.dealing = event.street
        elif isinstance(event, Post):
            if event.all_in:
                self.all_in.add(event.player)
            if event.kind is not PostKind.ANTE:
                self.bets[event.player] = self.bets.get(event.player, Decimal(0)) + event.amount
        elif isinstance(event, Deal):
            self.dealt[event.player] = event
        elif isinstance(event, Draw):
            if event.other_runs:
                self.unwritable = RUN_TWICE
            if event.discard_count and not event.discarded and event.player in self.known_hands:
                # "Hero: discards 2 cards []" (PokerStars 2012): PokerKit discards known cards
                self.unwritable = "a discard the history does not show from a hand it shows"
            self.draws.append(event)
            yield f"{self._p(event.player)} sd {''.join(_discarded(event))}".rstrip()
        elif isinstance(event, Action):
            yield from self._bet(event)
        elif isinstance(event, Show) and event.run > 1:
            self.unwritable = RUN_TWICE
        elif isinstance(event, Show | Muck) and self._contested:
            # A hand won uncontested has no showdown in PHH: whatever the winner shows
            # after it, and the mucks of the players who folded, are left out.
            cards = event.cards if isinstance(event, Show) else ()
            yield f"{self._p(event.player)} sm {''.join(cards)}".rstrip()

    def _bet(self, action: Action) -> Iterator[str]:
        player, kind = self._p(action.player), action.kind
        before = self.bets.get(action.player, Decimal(0))
        if action.all_in:
            self.all_in.add(action.player)
        if kind is ActionKind.FOLD:
            if action.player in self.all_in:
                # "Player3: posts small blind 25 and is all-in" ... "Player3: folds"
                self.unwritable = "a fold by a player all-in (PHH's all-in players do not act)"
            self.folded.add(action.player)
            yield f"{player} f"
            return
        if kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
            self.bets[action.player] = before + (action.amount or Decimal(0))
            yield f"{player} {'pb' if kind is ActionKind.BRING_IN else 'cc'}"
            return
        if action.raise_to is not None:
            to = action.raise_to
        elif kind is ActionKind.RAISE:
            to = max(self.bets.values(), default=Decimal(0)) + (action.amount or Decimal(0))
        else:
            to = before + (action.amount or Decimal(0))
        self.bets[action.player] = to
        yield f"{player} cbr {self.amounts.one(to)}"

    def _deals(self) -> Iterator[str]:
        """The street's cards for every player still in, in position order."""
        street, self.dealing = self.dealing, None
        if street is None:
            return
        deal = self.hand.game.rules.deal_on(street)
        assert deal is not None  # a street of the hand's own game
        for player in sorted(self.index, key=self.index.__getitem__):
            if player in self.folded:
                continue
            seen = self.dealt.pop(player, None)
            down = _cards(seen.down if seen else (), deal.down)
            up = _cards(seen.up if seen else (), deal.up)
            if UNKNOWN_CARD in up:
                self.unwritable = "an up card the history does not show (PHH's stud needs them)"
            if down and UNKNOWN_CARD not in down and street is self.hand.game.rules.streets[0]:
                self.known_hands.add(player)
            yield f"d dh {self._p(player)} {''.join(down + up)}"
        self.dealt.clear()

    def _draws(self) -> Iterator[str]:
        """After a draw round's discards, the cards each drawing player was dealt."""
        for draw in self.draws:
            if draw.discard_count:
                drawn = _cards(draw.drawn or (), draw.discard_count)
                yield f"d dh {self._p(draw.player)} {''.join(drawn)}"
        self.draws.clear()

    @property
    def _dealing_streets(self) -> frozenset[Street]:
        """The streets that deal new cards (a draw round replaces cards instead)."""
        return frozenset(d.street for d in self.hand.game.rules.deals if d.down or d.up)

    @property
    def _contested(self) -> bool:
        return len(self.index) - len(self.folded) > 1

    def _p(self, player: str) -> str:
        return f"p{self.index[player]}"


def _cards(known: tuple[Card, ...], count: int) -> tuple[Card, ...]:
    """The cards dealt, as far as the history shows them."""
    return known if len(known) == count else (UNKNOWN_CARD,) * count


def _discarded(draw: Draw) -> tuple[Card, ...]:
    return _cards(draw.discarded or (), draw.discard_count)


# ---------------------------------------------------------------------------- amounts


class _Amounts:
    """Every amount of a hand written with the same decimals: as many as its most
    precise amount needs ("0.25", "1.50"), none for chips."""

    def __init__(self, amounts: Iterable[Decimal]) -> None:
        exponents = (amount.normalize().as_tuple().exponent for amount in amounts)
        self.places = max((-e for e in exponents if isinstance(e, int)), default=0)

    def one(self, amount: Decimal) -> Decimal | int:
        if self.places <= 0:
            return int(amount)
        return amount.quantize(Decimal(1).scaleb(-self.places))

    def all(self, amounts: Iterable[Decimal]) -> list[Decimal | int]:
        return [self.one(amount) for amount in amounts]


# ---------------------------------------------------------------------------- user fields


def uncalled_left_in_pot(result: HandResult) -> dict[str, Decimal]:
    """Bets nobody called that the site paid out with the pot instead of returning them.

    PHH, like PokerStars, returns every uncalled bet to its maker; Winamax pays it out
    with the pot ("raises 0.03€ to 0.05€ / jelachatte folds / SoGood36 collected 0.09€
    from pot"). On each street, what the top bettor put in beyond the second is that."""
    kept: dict[str, Decimal] = {}
    by_street = [(p.name, dict(p.put_in_by_street)) for p in result.players]
    for street in {street for _, bets in by_street for street in bets} - {ANTE}:
        unmatched = unmatched_bet({name: bets.get(street, Decimal(0)) for name, bets in by_street})
        if unmatched is not None:
            maker, excess = unmatched
            kept[maker] = kept.get(maker, Decimal(0)) + excess
    return kept


def collections_returning_uncalled(hand: Hand, result: HandResult) -> list[Collect]:
    """The hand's collections, less what a reader of PHH returns as uncalled: taken off
    its maker's last collections (a side pot of his own, or the pot)."""
    kept = uncalled_left_in_pot(result)
    collections: list[Collect] = []
    for collect in reversed([e for e in hand.events if isinstance(e, Collect)]):
        taken = min(kept.get(collect.player, Decimal(0)), collect.amount)
        if taken:
            kept[collect.player] -= taken
        if collect.amount > taken:
            collections.append(replace(collect, amount=collect.amount - taken))
    return collections[::-1]


def _user_fields(
    hand: Hand, result: HandResult, collections: list[Collect], amounts: _Amounts
) -> dict[str, object]:
    """What the history says and PHH has no key for, so that reading the PHH back gives
    the hand its history gives."""
    header, stakes, tournament = hand.header, hand.header.stakes, hand.header.tournament
    dealt_in = players_dealt_in(hand.events)  # sitting out, yet in the hand (his antes)
    known: dict[str, object] = {
        "site": header.site,
        "money": header.money.value,
        "site_time": header.site_time,
        "button_seat": header.button_seat,
        "mixed_game": header.mixed_game,
        "home_game": header.home_game,
        "hero": header.hero,
        "ante": stakes.ante,
        "bring_in": stakes.bring_in,
        "small_blind": stakes.small_blind,
        "big_blind": stakes.big_blind,
        "rake": result.rake,
        "sitting_out": [s.player for s in hand.seats if s.sitting_out and s.player in dealt_in]
        or None,
        "collected": [
            {"player": c.player, "pot": c.pot, "amount": amounts.one(c.amount)} for c in collections
        ],
    }
    if tournament is not None:
        known |= {
            "tournament_id": tournament.tournament_id,
            "buy_in": tournament.buy_in,
            "fee": tournament.fee,
            "bounty": tournament.bounty,
            "tournament_currency": tournament.currency,
            "level": tournament.level,
            "match_round": tournament.match_round,
        }
    chips = {"ante", "bring_in", "small_blind", "big_blind", "rake"}
    return {
        USER_FIELD + key: amounts.one(value) if key in chips else value  # type: ignore[arg-type]
        for key, value in known.items()
        if value is not None
    }


def _toml(value: object) -> str:
    """A value in TOML: PHH files are TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return f"[{', '.join(map(_toml, value))}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key} = {_toml(item)}" for key, item in value.items()) + "}"
    return str(value)  # a time of day: 21:01:20

"""PHH files read into hands: the same events as a site's history, for the same engine.

A `.phh` file is one hand in TOML; a `.phhs` collection holds one hand per table
(`[1]`, `[2]`...). TOML is read by `tomllib` (amounts exact, as `Decimal`), each action
by the grammar `grammars/phh.lark`. PHH states what a site's history says in other
words: forced bets by position, bets as totals ("cbr 0.40": raise *to* 0.40), no
uncalled bets and no collections. This module turns it back into our events: posts,
streets, deals, actions with the amounts they add, draws, the uncalled bet returned,
showdown and collections (from `_studdraw_collected`, else PHH's `winnings`, else its
`finishing_stacks`).

PHH requires neither `winnings` nor `finishing_stacks` (PokerKit's `HandHistory` writes
only the required fields): a hand that gives no outcome is settled by PHH's own rules,
PokerKit's, from its actions. The pot goes to the one player left, or is judged on the
cards each player still in ends with (a muck forfeits); pots are split at each all-in
level, ties share to the lowest position first (PokerKit's `divmod`), and a hi/lo pot's
odd chip goes to the high half. Unless `ante_trimming_status` says otherwise, antes are
dead money in the main pot, which a player all-in for less than an ante can win whole,
and no ante goes back as uncalled; trimmed, nobody antes more than the next most (a big
blind ante alone comes back whole), and antes are live money like any bet. Heads-up,
PokerKit has each position post the other's ante. A hand whose winner's cards the file
does not give stays without collections, and the engine rejects it as such. Files
studdraw wrote (`_studdraw_site`) keep the site's ante rules and state their collections.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, time
from decimal import ROUND_DOWN, Decimal, InvalidOperation
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from parsers.build.grammar_cache import cached_grammar
from parsers.formats.phh_notation import GAMES_OF_VARIANT, PHH_SITE, USER_FIELD, phh_site
from parsers.lines.hand_lines import unmatched_bet
from parsers.model.errors import ErrorKind, HandParseError
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
    HandHeader,
    MoneyKind,
    Muck,
    Post,
    PostKind,
    Seat,
    Show,
    ShowdownStart,
    Stakes,
    Street,
    StreetStart,
    Tournament,
    UncalledReturn,
)
from parsers.model.games import Family
from parsers.model.hand_limits import MAX_HAND_LINES, MAX_PLAYERS, count_refusal
from parsers.text.hand_texts import HandText, decode_history
from parsers.text.site_time import ZONE_BY_ABBREVIATION

SITE = PHH_SITE
_UNKNOWN_TIME = datetime(1970, 1, 1, tzinfo=UTC)  # a PHH hand that gives no date


def split_phh(path: str, data: bytes) -> Iterator[HandText]:
    """A `.phh` file is one hand; a `.phhs` file one hand per table, from its `[header]`
    line to the next."""
    text = decode_history(data).text
    lines = text.replace("\r\n", "\n").split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line.encode("utf-8")) + 1)
    starts = [0]
    if path.lower().endswith(".phhs"):
        starts = [i for i, line in enumerate(lines) if line.lstrip().startswith("[")] or [0]
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        chunk = lines[start:end]
        while chunk and not chunk[-1].strip():
            chunk.pop()
            end -= 1
        if chunk:
            yield HandText(
                path, tuple(chunk), start + 1, offsets[start], min(offsets[end], len(data))
            )


def parse_hand(chunk: HandText) -> Hand:
    """One PHH hand as our events; a hand that does not read raises `HandParseError`."""
    body = chunk.lines[1:] if chunk.lines[0].lstrip().startswith("[") else chunk.lines
    try:
        fields = tomllib.loads("\n".join(body), parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise HandParseError(
            ErrorKind.SYNTAX, f"not PHH (TOML): {error}", chunk.path, chunk.first_line
        ) from error
    except InvalidOperation:  # a float such as 1e9999999, past what a Decimal holds
        raise HandParseError(
            ErrorKind.STRUCTURE, "a number past any amount", chunk.path, chunk.first_line
        ) from None
    too_large = _count_refusal(fields) or _not_a_number(fields)
    if too_large is not None:
        raise HandParseError(ErrorKind.STRUCTURE, too_large, chunk.path, chunk.first_line)
    try:
        return _PhhHand(fields, chunk).hand()
    except (KeyError, ValueError, TypeError, IndexError, ArithmeticError, LarkError) as error:
        where = getattr(error, "line", chunk.first_line)
        raise HandParseError(
            ErrorKind.STRUCTURE, f"a PHH hand that does not add up: {error!r}", chunk.path, where
        ) from error


def _not_a_number(value: object, field: str = "") -> str | None:
    """Which field holds `nan` or `inf`, which TOML allows and no amount is: read as
    `Decimal`, they reached the engine ("cannot convert NaN to integer")."""
    if isinstance(value, Decimal):
        return None if value.is_finite() else f"{field} holds {value}, not an amount"
    if isinstance(value, dict):
        named = [(str(key), item) for key, item in value.items()]
    else:  # a list's items are the list's field; anything else holds no number
        named = [(field, item) for item in value] if isinstance(value, list) else []
    for name, item in named:
        found = _not_a_number(item, name)
        if found is not None:
            return found
    return None


def _count_refusal(fields: dict[str, Any]) -> str | None:
    """Why a hand's players or actions are more than any hand has (`hand_limits`), said
    before a seat is made: 1,000,000 players cost 63 s and 2.19 GB."""
    for what, key, most in (
        ("players", "starting_stacks", MAX_PLAYERS),
        ("players", "players", MAX_PLAYERS),
        ("actions", "actions", MAX_HAND_LINES),
    ):
        given = fields.get(key)
        refusal = count_refusal(what, len(given) if isinstance(given, list) else 0, most)
        if refusal is not None:
            return refusal
    return None


@cache
def _grammar() -> Lark:
    return cached_grammar("phh.lark", start="action")


@dataclass
class _PhhHand:
    """Reads one hand's fields, walking its actions with the table's money."""

    fields: dict[str, Any]
    chunk: HandText
    events: list[Event] = field(default_factory=list)
    street_index: int = -1
    cards_dealt: dict[str, int] = field(default_factory=dict)
    left: dict[str, Decimal] = field(default_factory=dict)  # chips behind
    round_bets: dict[str, Decimal] = field(default_factory=dict)
    antes: dict[str, Decimal] = field(default_factory=dict)  # as posted (all-in: less)
    put_in: dict[str, Decimal] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    draws: list[Draw] = field(default_factory=list)
    completed: bool = False  # stud: the bring-in was completed this round
    showdown_at: int | None = None  # where the last run of shows and mucks began
    holdings: dict[str, list[Card]] = field(default_factory=dict)  # cards held, "??" unseen
    mucked: set[str] = field(default_factory=set)  # mucked at the showdown: out of the pots
    dead_antes: bool = False  # PHH's untrimmed antes: all in the main pot, never returned

    def hand(self) -> Hand:
        f = self.fields
        self.game, self.limit = GAMES_OF_VARIANT[f["variant"]]
        self.rules = self.game.rules
        # Our own files state every collection, and return antes by the site's rule.
        self.dead_antes = USER_FIELD + "site" not in f and not f.get("ante_trimming_status")
        stacks = [Decimal(s) for s in f["starting_stacks"]]
        count = len(stacks)
        self.players = [str(p) for p in f.get("players", [f"p{i}" for i in range(1, count + 1)])]
        seat_numbers = [_whole(s) or 0 for s in f.get("seats", range(1, count + 1))]
        away = set(f.get(USER_FIELD + "sitting_out", ()))
        seats = tuple(
            Seat(n, p, s, sitting_out=p in away)
            for n, p, s in zip(seat_numbers, self.players, stacks, strict=True)
        )
        self.left = dict(zip(self.players, stacks, strict=True))
        self._forced_bets([Decimal(a) for a in f.get("antes", [0] * count)], f)
        lines = self._action_lines()
        for action, line in zip(f["actions"], lines, strict=True):
            self._act(_grammar().parse(action.split("#")[0].strip()), line)
        self._end_of_round()
        self._flush_draws()
        if self.showdown_at is not None:
            line = self.events[self.showdown_at].line
            self.events.insert(self.showdown_at, ShowdownStart(line=line))
        self.events.extend(self._collections())
        seats = tuple(sorted(seats, key=lambda s: s.seat))
        return Hand(self._header(seats), seats, tuple(self.events))

    # ------------------------------------------------------------------ forced bets

    def _forced_bets(self, antes: list[Decimal], f: dict[str, Any]) -> None:
        heads_up = len(self.players) == 2
        if USER_FIELD + "site" not in f:  # PokerKit's antes (ours are as the site took them)
            if heads_up:
                antes.reverse()  # heads-up, each ante is posted by the other position
            if f.get("ante_trimming_status"):  # trimmed: nobody antes more than the next most
                stacks = [self.left[p] for p in self.players]
                posted = sorted(min(a, s) for a, s in zip(antes, stacks, strict=True))
                antes = [min(a, posted[-2]) for a in antes] if len(posted) > 1 else antes
        for player, ante in zip(self.players, antes, strict=True):
            if ante:
                self._post(player, PostKind.ANTE, ante)
                self.antes[player] = min(ante, self.put_in[player])
        blinds = [Decimal(b) for b in f.get("blinds_or_straddles") or [0] * len(self.players)]
        if heads_up:
            blinds.reverse()  # heads-up, the first blind listed is the button's, the second's
        small_at = 1 if heads_up else 0  # the small blind posts first; every other is big
        for at in sorted(range(len(blinds)), key=lambda i: (i != small_at, i)):
            if blinds[at]:
                small = at == small_at and blinds[at] < max(blinds)  # a lone blind is big
                kind = PostKind.SMALL_BLIND if small else PostKind.BIG_BLIND
                self._post(self.players[at], kind, blinds[at], blind=True)

    def _post(self, player: str, kind: PostKind, amount: Decimal, blind: bool = False) -> None:
        amount = min(amount, self.left[player])
        self._pay(player, amount)
        if blind:
            self.round_bets[player] = amount
        self.events.append(Post(player, kind, amount, all_in=not self.left[player]))

    def _pay(self, player: str, amount: Decimal) -> None:
        self.left[player] -= amount
        self.put_in[player] = self.put_in.get(player, Decimal(0)) + amount

    # ------------------------------------------------------------------ actions

    def _act(self, tree: Tree[Token], line: int) -> None:
        kind = tree.data
        tokens = [str(t) for t in tree.children if isinstance(t, Token)]
        if kind == "deal_board":
            self.events.append(CommunityCards(_cards(tokens[0]), line=line))
            return
        player = self.players[int(tokens[0][1:]) - 1]
        if kind == "deal_hole":
            self.showdown_at = None  # cards to come: the shows before were all-in players'
            self._deal(player, _cards(tokens[1]), line)
            return
        if kind == "discard":
            self._discard(player, _cards(tokens[1]) if len(tokens) > 1 else (), line)
            return
        self._flush_draws()
        if kind in ("show", "muck"):
            if self.showdown_at is None:
                self._end_of_round()
                self.showdown_at = len(self.events)
            cards = _cards(tokens[1]) if kind == "show" else ()
            event = Show(player, cards, line=line) if cards else Muck(player, line=line)
            self._shown(player, cards)
            self.events.append(event)
            return
        self.events.append(self._bet(player, kind, tokens[1] if len(tokens) > 1 else None, line))

    def _bet(self, player: str, kind: str, to_text: str | None, line: int) -> Action:
        before = self.round_bets.get(player, Decimal(0))
        facing = max(self.round_bets.values(), default=Decimal(0))
        if kind == "fold":
            self.folded.add(player)
            return Action(player, ActionKind.FOLD, line=line)
        if kind == "bring_in":
            amount = min(self._stakes_bring_in(), self.left[player])
            return self._put(player, ActionKind.BRING_IN, amount, None, line)
        if kind == "check_or_call":
            owed = min(facing - before, self.left[player])
            if owed <= 0:
                return Action(player, ActionKind.CHECK, line=line)
            return self._put(player, ActionKind.CALL, owed, None, line)
        to = Decimal(str(to_text).replace(",", "").replace("_", ""))
        if self.rules.family is Family.STUD and self.street_index == 0 and not self.completed:
            # the first bet on third street completes, the bring-in or (Full Tilt's
            # "1Incubator1 is low with [3c] / completes it to $2.50") the low card's turn
            self.completed = True
            action = self._put(player, ActionKind.COMPLETE, to - before, to, line)
            return replace(action, amount=None)  # a completion states only its total
        if facing == 0:
            return self._put(player, ActionKind.BET, to - before, None, line)
        return self._put(player, ActionKind.RAISE, to - facing, to, line, adds=to - before)

    def _put(
        self,
        player: str,
        kind: ActionKind,
        amount: Decimal,
        raise_to: Decimal | None,
        line: int,
        adds: Decimal | None = None,
    ) -> Action:
        adds = amount if adds is None else adds
        self._pay(player, adds)
        self.round_bets[player] = self.round_bets.get(player, Decimal(0)) + adds
        return Action(player, kind, amount, raise_to, all_in=not self.left[player], line=line)

    def _stakes_bring_in(self) -> Decimal:
        return Decimal(self.fields.get("bring_in") or 0)

    # ------------------------------------------------------------------ cards

    def _deal(self, player: str, cards: tuple[Card, ...], line: int) -> None:
        if self.draws:  # the cards a discard is replaced with
            for index, draw in enumerate(self.draws):
                if draw.player == player and draw.drawn is None:
                    self.holdings.setdefault(player, []).extend(cards)
                    known = None if UNKNOWN_CARD in cards else cards
                    self.draws[index] = Draw(
                        draw.player,
                        draw.street,
                        draw.discard_count,
                        draw.discarded,
                        known,
                        line=draw.line,
                    )
                    return
        held = self.cards_dealt.get(player, 0)
        street, down, up = self._street_of_card(held, len(cards))
        self.holdings.setdefault(player, []).extend(cards)
        self.cards_dealt[player] = held + len(cards)
        if self.rules.streets.index(street) != self.street_index:
            self._start_street(self.rules.streets.index(street), line)
        down_cards, up_cards = cards[:down], cards[down : down + up]
        if UNKNOWN_CARD in down_cards:
            down_cards = ()
        if down_cards or up_cards:
            self.events.append(Deal(player, street, down_cards, up_cards, line=line))

    def _street_of_card(self, held: int, count: int) -> tuple[Street, int, int]:
        """The street whose deal gives a player his next `count` cards, and how many of
        them go face down and up."""
        dealt = 0
        for deal in self.rules.deals:
            if dealt == held and deal.down + deal.up == count:
                return deal.street, deal.down, deal.up
            dealt += deal.down + deal.up
        raise ValueError(f"{count} cards dealt to a player holding {held}")

    def _discard(self, player: str, cards: tuple[Card, ...], line: int) -> None:
        draw_streets = [s for s in self.rules.streets if s is not Street.PREDRAW]
        if not self.draws or any(d.player == player for d in self.draws):
            # A second discard by the same player opens the next draw; with everyone
            # else all-in no bet comes between the two to close the first.
            self._flush_draws()
            current = self.rules.streets[self.street_index]
            next_draw = draw_streets[
                draw_streets.index(current) + 1 if current in draw_streets else 0
            ]
            self._start_street(self.rules.streets.index(next_draw), line)
        known = None if not cards or UNKNOWN_CARD in cards else cards  # a pat: None, as sites
        holding = self.holdings.setdefault(player, [])
        for card in cards:
            if card in holding or UNKNOWN_CARD in holding:
                holding.remove(card if card in holding else UNKNOWN_CARD)
        street = self.rules.streets[self.street_index]
        self.draws.append(Draw(player, street, len(cards), known, None, line=line))

    def _flush_draws(self) -> None:
        self.events.extend(self.draws)
        self.draws = []

    def _start_street(self, index: int, line: int) -> None:
        if self.street_index >= 0:  # the first round opens on the blinds: they stay in it
            self._end_of_round()
        self.street_index = index
        self.completed = False
        self.events.append(StreetStart(self.rules.streets[index], line=line))

    def _end_of_round(self) -> None:
        """A bet nobody called goes back to the one who made it, with the part of his ante
        nobody could match ("Hero: posts the ante 1 and is all-in" against an ante of 25
        and a big blind of 100 returns 124). A big blind ante, posted by one player for
        the table, is dead."""
        unmatched = unmatched_bet(self.round_bets)
        if unmatched is not None:
            top_player, excess = unmatched
            other_antes = [a for p, a in self.antes.items() if p != top_player]
            own_ante = self.antes.get(top_player, Decimal(0))
            unmatched_ante = max(Decimal(0), own_ante - max(other_antes)) if other_antes else 0
            if self.dead_antes:
                unmatched_ante = 0
            returned = excess + unmatched_ante
            self.left[top_player] += returned
            self.put_in[top_player] -= returned
            self.events.append(UncalledReturn(top_player, returned))
        self.round_bets = {}

    # ------------------------------------------------------------------ the end

    def _collections(self) -> list[Collect]:
        f = self.fields
        user = f.get(USER_FIELD + "collected")
        if user is not None:
            return [Collect(c["player"], Decimal(c["amount"]), c.get("pot", "pot")) for c in user]
        if "winnings" in f:
            amounts = [Decimal(w) for w in f["winnings"]]
        elif "finishing_stacks" in f:
            amounts = [
                Decimal(s) - self.left[p]
                for p, s in zip(self.players, f["finishing_stacks"], strict=True)
            ]
        else:
            amounts = self._settled()
        return [Collect(p, a) for p, a in zip(self.players, amounts, strict=True) if a > 0]

    # ------------------------------------------------------------------ PHH's own outcome

    def _shown(self, player: str, cards: tuple[Card, ...]) -> None:
        """A show is the player's hand (a stud player's every card, in PokerKit's files); a
        muck, even after an all-in player's early show, gives up his claim to the pots."""
        if not cards:
            self.mucked.add(player)
            return
        self.mucked.discard(player)
        holding = self.holdings.setdefault(player, [])
        if len(cards) >= len(holding):
            holding[:] = cards
            return
        for card in cards:  # fewer cards than he holds: the unseen ones among them
            if card not in holding and UNKNOWN_CARD in holding:
                holding[holding.index(UNKNOWN_CARD)] = card

    def _settled(self) -> list[Decimal]:
        """What each player collects by PokerKit's rules, for a file that does not say
        (no `winnings`, no `finishing_stacks`); nothing if a pot's cards are unknown.

        As PokerKit settles a hand: the hands that cannot win any part of a pot they are
        in are killed first (which merges the pots they made), then each pot is split in
        a high and, if anyone still in has one, a low half, each half among its best."""
        from pipeline.engine.variants import VARIANTS as JUDGES  # the engine's evaluators

        live = [p for p in self.players if p not in self.folded and p not in self.mucked]
        put = {p: self.put_in.get(p, Decimal(0)) for p in self.players}
        dead = Decimal(0)
        if self.dead_antes:
            for player, ante in self.antes.items():
                dead += ante
                put[player] -= ante
        won = dict.fromkeys(self.players, Decimal(0))
        if len(live) == 1:
            won[live[0]] = sum(put.values(), dead)
            return list(won.values())
        hands = {p: self._final_hand(p) for p in live}
        known = {p: h for p, h in hands.items() if h is not None}
        if len(known) < len(live):
            return []  # a hand the file does not give: nobody can say who won
        judge = JUDGES[self.game]
        evaluators = [judge.high] + ([judge.low] if judge.low is not None else [])
        values = [{p: evaluate(h) for p, h in known.items()} for evaluate in evaluators]
        pots = _pots(put, dead, live, self.players)
        live = [p for p in live if any(_can_win(p, v, e) for v in values for _a, e in pots)]
        pots = _pots(put, dead, live, self.players)
        halves = [v for v in values if any(v[p] is not None for p in live)]
        unit = self._unit()
        for amount, eligible in pots:
            winners = [_best(v, eligible) for v in halves]
            parts = _shares(amount, len(halves), unit)
            if not all(winners):  # no qualifying low in this pot: the high takes it all
                winners, parts = winners[:1], [amount]
            for players, part in zip(winners, parts, strict=True):
                for winner, share in zip(players, _shares(part, len(players), unit), strict=True):
                    won[winner] += share
        return list(won.values())

    def _final_hand(self, player: str) -> tuple[Card, ...] | None:
        cards = tuple(self.holdings.get(player, ()))
        size = self.rules.hand_size
        if UNKNOWN_CARD in cards or not min(size, 5) <= len(cards) <= size:
            return None
        return cards

    def _unit(self) -> Decimal:
        """The smallest amount the hand's figures are written in (1 for whole chips)."""
        exponents = [
            Decimal(str(v)).as_tuple().exponent
            for v in (*self.fields["starting_stacks"], *self.fields.get("antes", ()))
        ]
        exponent = min((e for e in exponents if isinstance(e, int)), default=0)
        return Decimal(1).scaleb(min(exponent, 0))

    def _header(self, seats: tuple[Seat, ...]) -> HandHeader:
        f = self.fields

        def user(name: str) -> Any:
            return f.get(USER_FIELD + name)

        def money(name: str) -> Decimal | None:
            value = user(name)
            return None if value is None else Decimal(value)

        ours = user("site") is not None  # written by studdraw: its stakes are all stated
        posted = [Decimal(b) for b in f.get("blinds_or_straddles") or [] if b]
        derived = {  # what PHH's own fields say, for files other tools wrote
            "ante": max((Decimal(a) for a in f.get("antes", [])), default=None) or None,
            "bring_in": _decimal(f.get("bring_in")),
            "small_blind": min(posted) if len(posted) > 1 else None,
            "big_blind": max(posted) if posted else _decimal(f.get("min_bet")),
        }
        stakes = Stakes(
            small_bet=_decimal(f.get("small_bet")),
            big_bet=_decimal(f.get("big_bet")),
            **{name: money(name) if ours else v for name, v in derived.items()},
        )
        currency = f.get("currency")
        kind = user("money") or (MoneyKind.REAL.value if currency else MoneyKind.TOURNAMENT.value)
        tournament = None
        if user("tournament_id") is not None:
            tournament = Tournament(
                str(user("tournament_id")),
                money("buy_in"),
                money("fee"),
                money("bounty"),
                _text(user("tournament_currency")),
                _text(user("level")),
                _text(user("match_round")),
            )
        button = _whole(user("button_seat"))
        if button is None and self.rules.family is Family.DRAW:
            button = _seat_of(self.players[-1], seats)  # PHH's blind games end on the button
        return HandHeader(
            site=phh_site(user("site") or f.get("site")),  # never a site-read hand's key
            hand_number=str(f.get("hand") or _content_number(self.chunk)),
            game=self.game,
            limit=self.limit,
            stakes=stakes,
            money=MoneyKind(kind),
            currency=currency,
            started_at_utc=_started_at(f),
            site_time=str(user("site_time") or ""),
            table=str(f.get("table") or ""),
            max_seats=_whole(f.get("seat_count")),
            button_seat=button,
            tournament=tournament,
            mixed_game=_text(user("mixed_game")),
            home_game=_text(user("home_game")),
            hero=_text(user("hero")),  # PHH has no hero: none unless studdraw wrote him
        )

    def _action_lines(self) -> list[int]:
        """Each action's line in the file: where its text is found, in order."""
        lines, at = [], 0
        for action in self.fields["actions"]:
            for index in range(at, len(self.chunk.lines)):
                if action in self.chunk.lines[index]:
                    at = index
                    break
            lines.append(self.chunk.first_line + at)
        return lines


def _pots(
    put: dict[str, Decimal], dead: Decimal, live: list[str], players: list[str]
) -> list[tuple[Decimal, list[str]]]:
    """PokerKit's main and side pots: a pot at each level anyone put in, for the live
    players who reached it (the dead antes in the first); pots of the same players merge."""
    pots: list[tuple[Decimal, list[str]]] = []
    amount, previous = dead, Decimal(0)
    for level in sorted(set(put.values())):
        amount += sum((level - previous for p in players if put[p] >= level), Decimal(0))
        eligible = [p for p in players if put[p] >= level and p in live]
        while pots and pots[-1][1] == eligible:
            amount += pots.pop()[0]
        if amount:
            pots.append((amount, eligible))
        amount, previous = Decimal(0), level
    return pots


def _shares(amount: Decimal, count: int, unit: Decimal) -> list[Decimal]:
    """`amount` in `count` equal parts of whole units, the remainder to the first."""
    part = (amount / count / unit).to_integral_value(rounding=ROUND_DOWN) * unit
    return [amount - part * (count - 1)] + [part] * (count - 1)


def _best(values: dict[str, int | None], eligible: list[str]) -> list[str]:
    """The eligible players (in position order) with the best value (bigger is better;
    None does not qualify)."""
    qualified = [values[p] for p in eligible if values[p] is not None]
    if not qualified:
        return []
    best = max(v for v in qualified if v is not None)
    return [p for p in eligible if values[p] == best]


def _can_win(player: str, values: dict[str, int | None], eligible: list[str]) -> bool:
    """PokerKit's `can_win_now`: the player is in the pot and nobody in it beats him."""
    own = values[player]
    if player not in eligible or own is None:
        return False
    return all(values[p] is None or values[p] <= own for p in eligible)  # type: ignore[operator]


def _seat_of(player: str, seats: tuple[Seat, ...]) -> int:
    return next(s.seat for s in seats if s.player == player)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(text[i : i + 2] for i in range(0, len(text), 2))


def _whole(value: object) -> int | None:
    """A seat or count as a whole number; anything else a file may hold is an error."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _decimal(value: object) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _content_number(chunk: HandText) -> str:
    """A hand without a number is known by its content: the same hand, the same number."""
    return "phh-" + hashlib.sha256(chunk.text.encode()).hexdigest()[:20]


def _started_at(f: dict[str, Any]) -> datetime:
    """When the hand started, in UTC. A date, time or zone that is none ('infinity', a
    zone no one knows, a date that leaves the calendar in UTC) is an error, not midnight
    UTC: the hand is rejected with it."""
    if not all(key in f for key in ("year", "month", "day")):
        return _UNKNOWN_TIME
    given = f.get("time")
    if given is not None and not isinstance(given, time):
        raise ValueError(f"time {str(given)[:100]!r} is not a time of day")
    named = str(f.get("time_zone") or "UTC")
    try:  # an IANA name as PHH asks, or an abbreviation the sites print ("ET", "CET")
        zone = ZoneInfo(ZONE_BY_ABBREVIATION.get(named, named))
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a name too long for a file
        raise ValueError(f"time_zone {named[:100]!r} is no time zone's name") from None
    day = date(_whole(f["year"]) or 0, _whole(f["month"]) or 0, _whole(f["day"]) or 0)
    return datetime.combine(day, given or time(), tzinfo=zone).astimezone(UTC)

"""What a player types into the odds calculator, read into a situation for
`pipeline.engine.odds`, or refused with one line naming the field and the problem.

Cards are read loosely, as players write them: "As Kd", "AsKd", "as kd", "A♠ K♦",
"10h" for Th; commas and dashes separate like spaces. Stud: each player's down cards and
up cards; the cards still to come are the game's total less those known (an unknown down
card is dealt like a card to come: nothing tells it apart). Draw: each player's kept
cards and the number he draws (by default the hand size less the cards kept; 0 is pat);
the cards neither kept nor drawn are unknown cards he keeps, dealt like his draw.

A draw player's cards may be a range instead ("any 8-low draw": `odds_ranges`); a player
with no cards named holds a random hand. Pure: no Streamlit here, so that the rules are
tested without a page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from dashboard.odds_ranges import LowDraw, is_range, range_odds, read_range
from parsers.model.events import Card
from parsers.model.games import GAME_RULES, Family, Game, Ranking
from pipeline.engine.equity import DECK
from pipeline.engine.odds import MAX_EXACT, MAX_SAMPLES, TARGET_ERROR, Odds, odds
from pipeline.engine.variants import VARIANTS

MAX_PLAYERS: Final = {Family.STUD: 8, Family.DRAW: 6}
MIN_PLAYERS: Final = 2
SUIT_SYMBOLS: Final = {
    "♠": "s",
    "♤": "s",
    "♥": "h",
    "♡": "h",
    "♦": "d",
    "♢": "d",
    "♣": "c",
    "♧": "c",
}
_SEPARATORS: Final = re.compile(r"[\s,;/|-]+")
_RANKS: Final = "23456789TJQKA"
_SUITS: Final = "cdhs"


class InputError(ValueError):
    """What the player typed cannot be a situation; the message says where and why."""


@dataclass(frozen=True, slots=True)
class PlayerInput:
    """One player's fields as typed. Stud fills `down` and `up`; draw `kept` and `draws`
    ("" for the default: the hand size less the cards kept)."""

    name: str
    down: str = ""
    up: str = ""
    kept: str = ""
    draws: str = ""


@dataclass(frozen=True, slots=True)
class Situation:
    """A situation the odds can count: each player's known cards and cards to deal."""

    game: Game
    players: tuple[str, ...]
    known: tuple[tuple[Card, ...], ...]  # by player, in `players`' order
    to_deal: tuple[int, ...]
    dead: tuple[Card, ...]
    ranges: tuple[LowDraw | None, ...] = ()  # by player: the range his kept cards are from

    @property
    def hands(self) -> Mapping[str, tuple[Card, ...]]:
        return dict(zip(self.players, self.known, strict=True))

    @property
    def player_ranges(self) -> dict[str, LowDraw]:
        return {
            name: low_draw
            for name, low_draw in zip(self.players, self.ranges, strict=False)
            if low_draw is not None
        }

    def range_sizes(self) -> dict[str, int]:
        """How many hands each player's range holds, less the cards named."""
        named = {card for cards in self.known for card in cards} | set(self.dead)
        return {name: len(found.hands(named)) for name, found in self.player_ranges.items()}

    def odds(
        self,
        *,
        target_error: float = TARGET_ERROR,
        max_samples: int = MAX_SAMPLES,
        max_exact: int = MAX_EXACT,
        seed: int = 0,
    ) -> Odds:
        """Every player's chances (`pipeline.engine.odds.odds`, with its precision)."""
        counts = dict(zip(self.players, self.to_deal, strict=True))
        ranges = self.player_ranges
        if ranges:
            return range_odds(
                VARIANTS[self.game],
                self.hands,
                counts,
                self.dead,
                ranges,
                target_error=target_error,
                seed=seed,
            )[0]
        return odds(
            VARIANTS[self.game],
            self.hands,
            counts,
            self.dead,
            max_exact=max_exact,
            target_error=target_error,
            max_samples=max_samples,
            seed=seed,
        )


def read_cards(text: str, field: str) -> tuple[Card, ...]:
    """The cards of `text` in the deck's spelling ("Ah", "Td"), in the order typed."""
    for symbol, letter in SUIT_SYMBOLS.items():
        text = text.replace(symbol, letter)
    cards: list[Card] = []
    for word in _SEPARATORS.split(text.strip()):
        at = 0
        while at < len(word):
            ten = word[at : at + 2] == "10"
            rank = "T" if ten else word[at].upper()
            suit_at = at + (2 if ten else 1)
            suit = word[suit_at : suit_at + 1].lower()
            if rank not in _RANKS or not suit or suit not in _SUITS:
                typed = word[at : suit_at + 1] if suit_at < len(word) else word[at:]
                raise InputError(f"{field}: '{typed}' is not a card")
            cards.append(rank + suit)
            at = suit_at + 1
    return tuple(cards)


def read_situation(game: Game, players: Sequence[PlayerInput], dead: str = "") -> Situation:
    """The situation the fields describe, or `InputError` saying what is wrong."""
    rules = GAME_RULES[game]
    most = MAX_PLAYERS[rules.family]
    if not MIN_PLAYERS <= len(players) <= most:
        raise InputError(f"{rules.name}: {MIN_PLAYERS} to {most} players, not {len(players)}")
    names = [player.name for player in players]
    if len(set(names)) != len(names):
        raise InputError("two players have the same name")
    read = _read_stud if rules.family is Family.STUD else _read_draw
    fields: list[tuple[str, tuple[Card, ...]]] = []
    known: list[tuple[Card, ...]] = []
    to_deal: list[int] = []
    ranges: list[LowDraw | None] = []
    for player in players:
        player_fields, count, low_draw = read(game, player)
        fields += player_fields
        known.append(tuple(card for _, cards in player_fields for card in cards))
        to_deal.append(count)
        ranges.append(low_draw)
    dead_cards = read_cards(dead, "The dead cards")
    fields.append(("the dead cards", dead_cards))
    _named_once(fields)
    unseen = len(DECK) - sum(len(cards) for _, cards in fields)
    needed = sum(to_deal) + sum(low_draw.kept for low_draw in ranges if low_draw)
    if needed > unseen:
        raise InputError(
            f"the deck cannot deal {needed} cards: {unseen} are left after the cards "
            "named (name more cards, or seat fewer players)"
        )
    situation = Situation(
        game, tuple(names), tuple(known), tuple(to_deal), dead_cards, tuple(ranges)
    )
    for name, size in situation.range_sizes().items():
        if size == 0:
            low_draw = situation.player_ranges[name]
            raise InputError(
                f"{name}'s cards: no hand of '{low_draw.text}' is left after the cards named"
            )
    return situation


_PlayerRead = tuple[list[tuple[str, tuple[Card, ...]]], int, LowDraw | None]


def _read_stud(game: Game, player: PlayerInput) -> _PlayerRead:
    rules = GAME_RULES[game]
    down = read_cards(player.down, f"{player.name}'s down cards")
    up = read_cards(player.up, f"{player.name}'s up cards")
    down_most = rules.hand_size - rules.up_size
    if len(up) > rules.up_size:
        raise InputError(
            f"{player.name}'s up cards: {rules.name} deals at most {rules.up_size} up cards "
            f"({len(up)} named)"
        )
    if len(down) > down_most:
        raise InputError(
            f"{player.name}'s down cards: {rules.name} deals at most {down_most} down cards "
            f"({len(down)} named)"
        )
    fields = [(f"{player.name}'s down cards", down), (f"{player.name}'s up cards", up)]
    return fields, rules.hand_size - len(down) - len(up), None


def _read_draw(game: Game, player: PlayerInput) -> _PlayerRead:
    rules = GAME_RULES[game]
    if is_range(player.kept):
        return _read_range(game, player)
    kept = read_cards(player.kept, f"{player.name}'s cards")
    if len(kept) > rules.hand_size:
        raise InputError(
            f"{player.name}'s cards: in {rules.name} a player holds at most {rules.hand_size} "
            f"cards ({len(kept)} named)"
        )
    missing = rules.hand_size - len(kept)
    draws = player.draws.strip()
    if draws:
        if not draws.isdigit():
            raise InputError(f"{player.name}'s draw: '{draws}' is not a number of cards")
        if int(draws) > missing:
            raise InputError(
                f"{player.name} keeps {len(kept)} cards and draws {int(draws)}: a "
                f"{rules.name} hand is {rules.hand_size} cards (name only the cards he keeps)"
            )
    # unknown kept cards are dealt like the draw: nothing tells them apart
    return [(f"{player.name}'s cards", kept)], missing, None


def _read_range(game: Game, player: PlayerInput) -> _PlayerRead:
    """A range in place of the cards kept: a one-card draw unless the draw says more."""
    size = GAME_RULES[game].hand_size
    draws = player.draws.strip() or "1"
    if not draws.isdigit() or not 0 < int(draws) < size:
        raise InputError(
            f"{player.name}'s draw: a player drawing to a range draws 1 to {size - 1} cards"
        )
    try:
        low_draw = read_range(player.kept, game, size - int(draws))
    except ValueError as problem:
        raise InputError(f"{player.name}'s cards: {problem}") from None
    return [(f"{player.name}'s cards", ())], int(draws), low_draw


def _named_once(fields: list[tuple[str, tuple[Card, ...]]]) -> None:
    """Every card in one place: a card typed twice is refused, naming both places."""
    seen: dict[Card, str] = {}
    for field, cards in fields:
        for card in cards:
            if card in seen:
                where = f"twice in {field}" if seen[card] == field else f"{seen[card]} and {field}"
                raise InputError(f"{card} is named twice: {where}")
            seen[card] = field


def known_text(game: Game, player: PlayerInput, to_deal: int) -> str:
    """A player's cards as a stud or draw player writes them: "(As 2d) 3h, 4 to come",
    "7c 5d 4h 2s, draws 1", "pat"."""
    rules = GAME_RULES[game]
    if rules.family is Family.STUD:
        down = " ".join(read_cards(player.down, ""))
        up = " ".join(read_cards(player.up, ""))
        shown = " ".join(part for part in (f"({down})" if down else "", up) if part)
        more = f"{to_deal} to come" if to_deal else "no more cards"
        return f"{shown}, {more}" if shown else f"a random hand ({to_deal} cards)"
    if is_range(player.kept):
        return f"{player.kept.strip()}, draws {to_deal}"
    kept = " ".join(read_cards(player.kept, ""))
    if not kept:
        return f"a random hand ({to_deal} cards)"
    return f"{kept}, pat" if to_deal == 0 else f"{kept}, draws {to_deal}"


def half_names(game: Game) -> tuple[str, str] | None:
    """The names of a split pot's halves as players call them; None: one winner a pot."""
    rules = GAME_RULES[game]
    if rules.split_ranking is None:
        return None
    if rules.ranking is Ranking.BADUGI:  # Badeucey, Badacey
        low = "2-7" if rules.split_ranking is Ranking.DEUCE_TO_SEVEN else "A-5"
        return "Badugi half", f"{low} half"
    return "High", "Low"


def percent(value: Fraction) -> str:
    """A chance to one decimal, "47.3%" (a Fraction formats no percent before 3.12)."""
    return f"{float(value):.1%}"


def result_rows(
    game: Game, players: Sequence[PlayerInput], situation: Situation, result: Odds
) -> list[dict[str, str]]:
    """The result table: each player's cards, equity, and either his halves and scoop
    (split-pot games) or what he wins alone and his part of split pots."""
    halves = half_names(game)
    rows = []
    for player, count in zip(players, situation.to_deal, strict=True):
        chances = result.chances[player.name]
        row = {"Player": player.name, "Cards": known_text(game, player, count)}
        row["Equity"] = percent(chances.equity)
        if halves is None:
            row["Wins alone"] = percent(chances.scoop)
            row["Split pots (his part)"] = percent(chances.equity - chances.scoop)
        else:
            row[halves[0]] = percent(chances.high)
            row[halves[1]] = percent(chances.low)
            row["Scoop"] = percent(chances.scoop)
        rows.append(row)
    return rows

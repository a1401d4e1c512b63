"""A stored hand as the steps a replayer shows: one per street, then the result.

Pure: database rows in, a tuple of immutable steps out, so that the replayer's logic is
tested without Streamlit and every hand in a database can be checked (the chips each
step shows add up to what the engine stored).

The database keeps cards per player, not per street: `hand_players.cards_down` and
`cards_up` in dealing order, `cards_shown` at showdown (or `cards_mucked`, when the
summary reveals a mucked hand), and the draws with the hero's
discarded, drawn and kept cards. The street each card belongs to follows from the game's
dealing pattern (7-card stud: 2 down and 1 up on 3rd street, 1 up on 4th to 6th, 1 down on
7th), which `parsers.model.games` states for every game.

The steps' parts are named for what the replayer shows (`ShownCard`, `ShownSeat`,
`ShownLine`, `ShownPot`), apart from the events they are worked out from.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from parsers.model.games import GAME_RULES, Family, Game, GameRules, StreetDeal

Row = Mapping[str, Any]
ZERO = Decimal(0)


def _rules(game: str) -> GameRules:
    """The game's rules; a game id this version does not know replays as a triple draw."""
    return GAME_RULES[Game(game) if game in GAME_RULES else Game.TRIPLE_DRAW_27]


_STREET_TITLES = {
    "second": "2nd street",
    "third": "3rd street",
    "fourth": "4th street",
    "fifth": "5th street",
    "sixth": "6th street",
    "seventh": "7th street",
    "predraw": "Before the draw",
    "draw_1": "First draw",
    "draw_2": "Second draw",
    "draw_3": "Third draw",
}
_LIVE_POSTS = frozenset({"small_blind", "big_blind", "bring_in", "dead_blind"})
_CHIPS_ADDED = frozenset({"bet", "call", *_LIVE_POSTS})
_RAISES = frozenset({"raise", "complete"})


@dataclass(frozen=True, slots=True)
class ShownCard:
    """One card in front of a player.

    `code` is 'Ah', or None for a card whose face the history never shows (drawn as a
    back). `down` is how it was dealt: face down (its owner alone sees it) or up.
    `from_showdown` marks an opponent's card known only because it was shown at the end,
    which the replayer can keep hidden until the showdown step.
    """

    code: str | None
    down: bool
    new: bool = False
    from_showdown: bool = False


@dataclass(frozen=True, slots=True)
class DrawMove:
    """A player's draw on this step: how many cards, and which when the history says."""

    discard_count: int
    discarded: tuple[str, ...] | None
    drawn: tuple[str, ...] | None

    @property
    def stood_pat(self) -> bool:
        return self.discard_count == 0


@dataclass(frozen=True, slots=True)
class ShownSeat:
    """A player at the end of a step: chips, cards, and what happened to him."""

    seat: int
    player: str
    is_hero: bool
    stack: Decimal  # behind, not yet in the pot
    street_bet: Decimal  # live chips put in on this step's betting round
    put_in: Decimal  # everything in the pot so far, antes included
    cards: tuple[ShownCard, ...]
    folded: bool
    all_in: bool
    draw: DrawMove | None = None
    collected: Decimal | None = None  # the result step only
    net: Decimal | None = None  # the result step only
    showed: bool = False


@dataclass(frozen=True, slots=True)
class ShownLine:
    """One line of the hand: a forced bet, a decision, or (result step) a payout."""

    player: str
    action: str  # actions.action, or 'returned', 'collected', 'shows' on the result step
    amount: Decimal | None = None
    raise_to: Decimal | None = None
    all_in: bool = False
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ShownFinding:
    code: str
    severity: str
    message: str
    line: int | None
    player: str | None


@dataclass(frozen=True, slots=True)
class ShownPot:
    index: int  # 0 main pot, 1.. side pots
    amount: Decimal
    eligible: tuple[str, ...]
    high_winners: tuple[str, ...]
    low_winners: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Step:
    """The table after one street (its cards, draws and betting), or the result."""

    index: int
    street: str  # a street id, or 'showdown' / 'result' for the last step
    title: str
    seats: tuple[ShownSeat, ...]
    actions: tuple[ShownLine, ...]
    pot: Decimal  # every chip in the middle at the end of the step
    final: bool
    findings: tuple[ShownFinding, ...] = ()
    board: tuple[str, ...] = ()  # stud's shared card, once dealt (the deck ran out)


@dataclass(frozen=True, slots=True)
class Replay:
    site: str
    hand_number: str
    game: str
    family: str  # 'stud' or 'draw'
    hand: Mapping[str, Any]  # the `hands` row, for the header (stakes, table, time)
    steps: tuple[Step, ...]
    pots: tuple[ShownPot, ...]
    findings: tuple[ShownFinding, ...]

    @property
    def currency(self) -> str | None:
        return self.hand.get("currency")


@dataclass(frozen=True, slots=True)
class HandRows:
    """A hand's rows from each table (as dicts, e.g. from Polars `to_dicts()`)."""

    hand: Row
    players: Sequence[Row]
    actions: Sequence[Row]
    draws: Sequence[Row] = ()
    pots: Sequence[Row] = ()
    findings: Sequence[Row] = ()


def street_title(street: str, game: str = "") -> str:
    """A street as players name it; a single-draw game has one draw, not a "first"."""
    if street == "draw_1" and _rules(game).draws == 1:
        return "The draw"
    return _STREET_TITLES.get(street, street.replace("_", " "))


def build_replay(rows: HandRows) -> Replay:
    """The hand's steps: one per street that was dealt, then the showdown or result."""
    game = rows.hand["game"]
    rules = _rules(game)
    family = rules.family
    players = sorted(rows.players, key=lambda p: p["seat"])
    actions = sorted(rows.actions, key=lambda a: a["seq"])
    draws = sorted(rows.draws, key=lambda d: d["seq"])
    streets = _streets_played(game, players, actions, draws)
    board = _cards(rows.hand.get("board"))  # .get: a file older than the column
    hands = (
        _stud_cards(game, players, streets, board)
        if family == "stud"
        else _draw_cards(game, players, draws, streets)
    )
    # the shared card replaces the last street's down card: it lies in the middle from then
    board_from = len(rules.deals) - 1 if family == "stud" else len(streets)
    findings = tuple(_finding(f) for f in rows.findings)

    book = _Book(rows.hand, players)
    steps: list[Step] = []
    last_line = 0
    for index, street in enumerate(streets):
        lines: list[ShownLine] = []
        for action in actions:
            if action["street"] == street or (index == 0 and action["street"] == "ante"):
                lines.append(book.apply(action))
        moves = {d["player"]: _draw_move(d) for d in draws if d["street"] == street}
        step_lines = [a["line"] for a in actions if a["street"] == street and a["line"]]
        upto = max(step_lines, default=last_line)
        step_findings = tuple(f for f in findings if f.line and last_line < f.line <= upto)
        last_line = upto
        seats = tuple(
            book.seat(player, hands[player["player"]][index], moves.get(player["player"]))
            for player in players
        )
        steps.append(
            Step(
                index,
                street,
                street_title(street, game),
                seats,
                tuple(lines),
                book.pot(),
                False,
                step_findings,
                board if index >= board_from else (),
            )
        )
        book.next_street()

    showdown = any(p["went_to_showdown"] for p in players)
    final_cards = {p["player"]: hands[p["player"]][-1] for p in players}
    seats = tuple(book.result_seat(p, final_cards[p["player"]]) for p in players)
    result_lines = [
        ShownLine(p["player"], "shows", cards=_cards(p["cards_shown"]))
        for p in players
        if p.get("cards_shown")
    ]
    result_lines += [
        ShownLine(p["player"], "mucks", cards=_cards(p["cards_mucked"]))
        for p in players
        if p.get("cards_mucked")  # .get: a file older than the column
    ]
    result_lines += [
        ShownLine(p["player"], "returned", amount=p["uncalled"]) for p in players if p["uncalled"]
    ]
    result_lines += [
        ShownLine(p["player"], "collected", amount=p["collected"])
        for p in players
        if p["collected"]
    ]
    late = tuple(f for f in findings if not f.line or f.line > last_line)
    steps.append(
        Step(
            len(steps),
            "showdown" if showdown else "result",
            "Showdown" if showdown else "Result",
            seats,
            tuple(result_lines),
            rows.hand["total_pot"],
            True,
            late,
            board if len(streets) > board_from else (),
        )
    )
    pots = tuple(
        ShownPot(
            p["pot_index"],
            p["amount"],
            tuple(p["eligible"] or ()),
            tuple(p["high_winners"] or ()),
            tuple(p["low_winners"] or ()),
        )
        for p in sorted(rows.pots, key=lambda p: p["pot_index"])
    )
    return Replay(
        rows.hand["site"],
        rows.hand["hand_number"],
        game,
        family,
        rows.hand,
        tuple(steps),
        pots,
        findings,
    )


# ---------------------------------------------------------------------------- streets
def _streets_played(
    game: str, players: Sequence[Row], actions: Sequence[Row], draws: Sequence[Row]
) -> list[str]:
    """The streets dealt in this hand, in order: a street with no betting (everyone
    all-in) still counts when cards were dealt on it."""
    rules = _rules(game)
    order: list[str] = list(rules.streets)
    reached = 0
    if rules.family is Family.STUD:
        reached = max((_stud_streets_evidenced(rules.deals, p) for p in players), default=0)
    seen = {a["street"] for a in actions} | {d["street"] for d in draws}
    for position, street in enumerate(order):
        if street in seen:
            reached = max(reached, position)
    return order[: reached + 1]


def _stud_streets_evidenced(deals: Sequence[StreetDeal], player: Row) -> int:
    """The last street (position in the pattern) whose cards this player is known to
    hold: his up cards, and his down cards where the history shows them."""
    ups = len(_cards(player.get("cards_up")))
    downs = len(_cards(player.get("cards_down")))
    shown = len(_revealed(player))
    downs = max(downs, shown - ups)
    last = 0
    for position, deal in enumerate(deals):
        # an opponent's down cards are unknown: a street that also deals an up card is
        # proved by the up card alone; a down-only street (7th) needs a known down card
        if ups < deal.up or (deal.up == 0 and downs < deal.down):
            break
        ups, downs = ups - deal.up, max(downs - deal.down, 0)
        last = position
    return last


def _dealt_streets(player: Row, streets: Sequence[str]) -> int:
    """How many of the hand's streets dealt this player cards: up to his fold."""
    fold = player.get("fold_street")
    if fold in streets:
        return streets.index(fold) + 1
    return len(streets)


# ---------------------------------------------------------------------------- cards
def _cards(text: str | None) -> tuple[str, ...]:
    return tuple(text.split()) if text else ()


def _revealed(player: Row) -> tuple[str, ...]:
    """The cards the showdown reveals: shown, or mucked and printed in the summary."""
    return _cards(player.get("cards_shown") or player.get("cards_mucked"))


def _stud_cards(
    game: str, players: Sequence[Row], streets: Sequence[str], board: Sequence[str] = ()
) -> dict[str, list[tuple[ShownCard, ...]]]:
    """Each player's cards after each street; the last entry is the showdown's view.
    With a `board`, the last street deals nobody a card of his own: the shared card in
    the middle (which a shown hand includes) stands for it."""
    deals = _rules(game).deals
    if board:
        deals = (*deals[:-1], replace(deals[-1], down=0))
    hands: dict[str, list[tuple[ShownCard, ...]]] = {}
    for player in players:
        ups = list(_cards(player.get("cards_up")))
        # (card, known only from the showdown): the down cards the history dealt him
        # face down, then what his shown hand adds (an opponent's down cards)
        downs = [(card, False) for card in _cards(player.get("cards_down"))]
        remaining = [*ups, *(card for card, _ in downs), *board]
        for card in _revealed(player):
            if card in remaining:
                remaining.remove(card)
            else:
                downs.append((card, not player["is_hero"]))
        dealt = _dealt_streets(player, streets)
        held: list[ShownCard] = []
        per_street: list[tuple[ShownCard, ...]] = []
        for position in range(len(streets)):
            held = [replace(card, new=False) for card in held]
            if position < dealt:
                deal = deals[position]
                for _ in range(deal.down):
                    code, from_showdown = downs.pop(0) if downs else (None, False)
                    held.append(ShownCard(code, True, True, from_showdown))
                for _ in range(deal.up):
                    if ups:
                        held.append(ShownCard(ups.pop(0), False, True))
            per_street.append(_stud_order(held))
        per_street.append(tuple(replace(card, new=False) for card in per_street[-1]))
        hands[player["player"]] = per_street
    return hands


def _stud_order(cards: list[ShownCard]) -> tuple[ShownCard, ...]:
    """Down cards of 3rd street first, then the up cards, then the last down card: the
    way a stud hand lies on the table and is printed at showdown."""
    first_downs = [c for c in cards if c.down][:2]
    ups = [c for c in cards if not c.down]
    later_downs = [c for c in cards if c.down][2:]
    return (*first_downs, *ups, *later_downs)


def _draw_cards(
    game: str, players: Sequence[Row], draws: Sequence[Row], streets: Sequence[str]
) -> dict[str, list[tuple[ShownCard, ...]]]:
    """Each player's hand after each street's draw; the last entry is the showdown's."""
    size = _rules(game).hand_size
    hands: dict[str, list[tuple[ShownCard, ...]]] = {}
    for player in players:
        name = player["player"]
        own = [d for d in draws if d["player"] == name]
        shown = _revealed(player)
        known = _known_draw_hands(player, own)
        pat_all_along = bool(shown) and all(d["discard_count"] == 0 for d in own)
        dealt = _dealt_streets(player, streets)
        per_street: list[tuple[ShownCard, ...]] = []
        current: tuple[ShownCard, ...] = ()
        for position, street in enumerate(streets):
            if position >= dealt:
                current = tuple(replace(c, new=False) for c in current)
            elif street in known:
                hand, drawn = known[street]
                current = tuple(ShownCard(code, True, code in drawn) for code in hand)
            elif pat_all_along:
                current = tuple(ShownCard(code, True, False, True) for code in shown)
            else:
                move = next((d for d in own if d["street"] == street), None)
                fresh = move["discard_count"] if move else (size if position == 0 else 0)
                count = len(current) or size
                current = tuple(ShownCard(None, True, i >= count - fresh) for i in range(count))
            per_street.append(current)
        if shown:
            final = tuple(ShownCard(code, True, False, not player["is_hero"]) for code in shown)
        else:
            final = tuple(replace(c, new=False) for c in per_street[-1])
        per_street.append(final)
        hands[name] = per_street
    return hands


def _known_draw_hands(
    player: Row, own_draws: Sequence[Row]
) -> dict[str, tuple[tuple[str, ...], frozenset[str]]]:
    """Street -> (hand after that street's draw, the cards just drawn), where the history
    prints them: the hero's (kept + drawn; before the first draw, kept + discarded)."""
    known: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {}
    for index, draw in enumerate(own_draws):
        kept, drawn = _cards(draw.get("kept")), _cards(draw.get("drawn"))
        discarded = _cards(draw.get("discarded"))
        if index == 0 and (kept or discarded) and len(kept) + len(discarded) >= 1:
            known["predraw"] = ((*kept, *discarded), frozenset())
        if kept or drawn:
            known[draw["street"]] = ((*kept, *drawn), frozenset(drawn))
    if not own_draws and player.get("cards_down"):
        known["predraw"] = (_cards(player["cards_down"]), frozenset())
    return known


def _draw_move(row: Row) -> DrawMove:
    discarded = _cards(row.get("discarded")) if row.get("discarded") is not None else None
    drawn = _cards(row.get("drawn")) if row.get("drawn") is not None else None
    return DrawMove(row["discard_count"], discarded, drawn)


def _finding(row: Row) -> ShownFinding:
    return ShownFinding(
        row["code"], row["severity"], row["message"], row.get("line"), row.get("player")
    )


# ---------------------------------------------------------------------------- chips
class _Book:
    """Chips as the actions move them: each player's stack, live bet and total in."""

    def __init__(self, hand: Row, players: Sequence[Row]) -> None:
        self.hand = hand
        self.stack = {p["player"]: p["stack"] for p in players}
        self.street_bet = {p["player"]: ZERO for p in players}
        self.put_in = {p["player"]: ZERO for p in players}
        self.folded: set[str] = set()
        self.all_in: set[str] = set()

    def apply(self, row: Row) -> ShownLine:
        player, kind = row["player"], row["action"]
        amount, raise_to = row.get("amount"), row.get("raise_to")
        live = dead = ZERO
        if kind == "ante":
            dead = amount or ZERO
        elif kind == "small_and_big_blinds":
            # the small blind part is dead, the big blind part live (as the engine counts)
            dead = min(self.hand.get("small_blind") or ZERO, amount or ZERO)
            live = (amount or ZERO) - dead
        elif kind in _RAISES and raise_to is not None:
            live = raise_to - self.street_bet.get(player, ZERO)
        elif kind in _CHIPS_ADDED or kind in _RAISES:
            live = amount or ZERO
        elif kind == "fold":
            self.folded.add(player)
        if player in self.put_in:
            self.street_bet[player] += live
            self.put_in[player] += live + dead
            self.stack[player] -= live + dead
        if row.get("all_in"):
            self.all_in.add(player)
        return ShownLine(player, kind, amount, raise_to, bool(row.get("all_in")))

    def next_street(self) -> None:
        self.street_bet = dict.fromkeys(self.street_bet, ZERO)

    def pot(self) -> Decimal:
        return sum(self.put_in.values(), ZERO)

    def seat(self, player: Row, cards: tuple[ShownCard, ...], move: DrawMove | None) -> ShownSeat:
        name = player["player"]
        return ShownSeat(
            player["seat"],
            name,
            player["is_hero"],
            self.stack[name],
            self.street_bet[name],
            self.put_in[name],
            cards,
            name in self.folded,
            name in self.all_in,
            move,
        )

    def result_seat(self, player: Row, cards: tuple[ShownCard, ...]) -> ShownSeat:
        """After the showdown: uncalled bets back, pots paid, the engine's nets."""
        name = player["player"]
        return ShownSeat(
            player["seat"],
            name,
            player["is_hero"],
            player["stack"] - player["put_in"] + player["collected"],
            ZERO,
            player["put_in"],
            cards,
            name in self.folded,
            name in self.all_in,
            None,
            player["collected"],
            player["net"],
            bool(_revealed(player)),
        )

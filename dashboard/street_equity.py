"""Each player's equity on every street of a replayed hand, and the hero's as he saw it.

Two views of each street, both counted by `pipeline.engine.odds` (high, low and scoop
told apart; every runout counted when they are few, else a seeded sample whose standard
error is stated):

- **From the cards the history shows in the end.** Every player still in at the street
  (not folded before it) holds the cards he was dealt by then that the history shows,
  his down cards shown at the showdown included; a card of his it never shows is dealt
  at random, like the cards to come. The cards of players who folded before the street
  (their up cards, a folded hero's down cards) are dead. This is the equity a player
  would read with every hand face up: who was ahead, and by how much.
- **The hero's view.** His own cards, the others' up cards so far, the folded up cards
  dead; everything else unknown. Counted while the hero is in and his cards are known;
  where nobody's down cards are known it is the first view, counted once.

Stud: the cards to come are the game's (7-card games up to seven, five card stud five).
When the deck could not give every player still in his last card (eight players to the
end), that card is one card in the middle for all, as the rules deal it. A street whose
shared card lies in the middle already (the history's "Board") is not counted, and says
so.

Draw games, the policy (as the all-in adjustment's, a stated choice):

- The equity on a street is the equity *before the next draw*: each player in keeps what
  he kept and draws the number of cards the history says he drew; the discards where
  known (the hero's, at this draw and every earlier one) are dead. The hands are compared
  as they stand after that draw: the later draws are not averaged over, since what one
  would throw then is his decision, not a card to deal. After the last draw, the hands
  are compared as they stand.
- The hero's hand before a draw is known (the history prints his cards). An opponent's
  is known only where the history shows it: when he stood pat from that draw on and
  showed his hand (his shown hand is the hand he held), or where the site prints his
  cards. Otherwise his kept cards are unknown and he gets a random hand of the game's
  size (kept and drawn alike), and the street says so.
- A player who folds on the street, before the draw, is compared with the hand he holds.
- The hero's view in a draw game: his own hand and discards; every opponent a random hand
  (no card of theirs is seen).

Pure: the replay's steps in, immutable results out (the page caches them per hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from dashboard.replay_steps import DrawMove, Replay, ShownCard, ShownSeat, Step
from parsers.model.games import GAME_RULES, Family, Game, GameRules
from pipeline.engine.equity import DECK
from pipeline.engine.odds import Odds, odds
from pipeline.engine.variants import VARIANTS

# The replayer's precision: a street in a few tens of milliseconds (bench/street_equity.py)
MAX_EXACT: Final = 5_000  # runouts counted one by one: 6th street heads up (1,560) is exact
TARGET_ERROR: Final = 0.01  # a sampled equity within one percent (one standard error)
MAX_SAMPLES: Final = 3_000  # at most: 0.5 / sqrt(3,000) = 0.9% for any equity


@dataclass(frozen=True, slots=True)
class Situation:
    """What one view knows on one street: the players' cards, the cards each is still to
    get (his unknown ones and those to come), the dead cards."""

    hands: tuple[tuple[str, tuple[str, ...]], ...]
    to_deal: tuple[tuple[str, int], ...]
    dead: tuple[str, ...]
    at_random: tuple[tuple[str, int], ...]  # player, his cards held but unknown (dealt so)
    shared: int = 0  # stud: the last card one in the middle for all (the deck runs out)


@dataclass(frozen=True, slots=True)
class View:
    """One view's chances on one street, or why there are none."""

    odds: Odds | None
    why_not: str = ""  # said when `odds` is None
    note: str = ""  # what was dealt at random, what is compared
    same_as_shown: bool = False  # the hero's view is the first view (nothing more known)
    situation: Situation | None = None


@dataclass(frozen=True, slots=True)
class StreetEquity:
    """A street's two views."""

    index: int  # the replay step
    street: str
    title: str
    players: tuple[str, ...]  # still in at the street, in seat order
    shown: View  # from the cards the history shows in the end
    hero: View  # what the hero could see


def street_equities(replay: Replay) -> tuple[StreetEquity, ...]:
    """Both views on every street of the hand (the result step has none)."""
    game = Game(replay.game) if replay.game in GAME_RULES else None
    out: list[StreetEquity] = []
    for index, step in enumerate(replay.steps[:-1]):
        players = _players_in(replay.steps, index)
        if game is None:
            why = f"no equity for a game this version does not know ({replay.game})"
            shown = hero = View(None, why)
        else:
            shown, hero = _views(replay, game.rules, index, players)
        out.append(StreetEquity(index, step.street, step.title, players, shown, hero))
    return tuple(out)


def _players_in(steps: Sequence[Step], index: int) -> tuple[str, ...]:
    """Who had not folded before the street (a fold on it still counts him in)."""
    if index == 0:
        return tuple(seat.player for seat in steps[0].seats)
    return tuple(seat.player for seat in steps[index - 1].seats if not seat.folded)


def _views(
    replay: Replay, rules: GameRules, index: int, players: tuple[str, ...]
) -> tuple[View, View]:
    if len(players) < 2:
        why = "one player left: nothing to count"
        return View(None, why), View(None, why)
    step = replay.steps[index]
    if step.board:
        why = "the deck ran out: a shared card in the middle, which this count does not deal"
        return View(None, why), View(None, why)
    situation = _situation(replay, rules, index, players, hero_view=False)
    shown = _counted(rules, situation, index)
    hero_seat = next((seat for seat in step.seats if seat.is_hero), None)
    if hero_seat is None:
        return shown, View(None, "no hero in this hand")
    if hero_seat.player not in players:
        return shown, View(None, f"{hero_seat.player} folded before this street")
    if not hero_seat.cards or any(_code(card) is None for card in hero_seat.cards):
        return shown, View(None, f"{hero_seat.player}'s cards are not known")
    mine = _situation(replay, rules, index, players, hero_view=True)
    if mine == situation:
        return shown, View(shown.odds, shown.why_not, shown.note, True, situation)
    return shown, _counted(rules, mine, index, hero_view=True)


def _counted(rules: GameRules, situation: Situation, seed: int, hero_view: bool = False) -> View:
    """The situation's odds, or why they cannot be counted."""
    note = _note(rules, situation, hero_view)
    named = sum(len(cards) for _, cards in situation.hands) + len(situation.dead)
    needed = sum(count for _, count in situation.to_deal) + situation.shared
    if needed > len(DECK) - named:
        why = f"the deck cannot deal the {needed} cards to come from {len(DECK) - named}"
        return View(None, why, note, situation=situation)
    try:
        counted = odds(
            VARIANTS[rules.game],
            dict(situation.hands),
            dict(situation.to_deal),
            situation.dead,
            max_exact=MAX_EXACT,
            target_error=TARGET_ERROR,
            max_samples=MAX_SAMPLES,
            seed=seed,
            shared=situation.shared,
        )
    except ValueError as error:  # a card named twice: a history that contradicts itself
        return View(None, f"not counted: {error}", note, situation=situation)
    return View(counted, "", note, situation=situation)


def _note(rules: GameRules, situation: Situation, hero_view: bool = False) -> str:
    """What the count dealt at random besides the cards to come."""
    unknown = [(name, count) for name, count in situation.at_random if count]
    if not unknown:
        return ""
    names = ", ".join(name for name, _ in unknown)
    if rules.family is Family.DRAW:
        why = "no card of theirs is seen" if hero_view else "not known"
        return f"a random hand for {names} ({why})"
    if hero_view:
        text = f"the down cards he could not see dealt at random ({names})"
    else:
        parts = [f"{name} ({count})" for name, count in unknown]
        text = "cards never shown, dealt at random: " + ", ".join(parts)
    if situation.shared:
        text += "; the deck runs out: the last card is one in the middle for all"
    return text


def _situation(
    replay: Replay, rules: GameRules, index: int, players: tuple[str, ...], hero_view: bool
) -> Situation:
    if rules.family is Family.STUD:
        return _stud_situation(replay.steps[index], rules, players, hero_view)
    return _draw_situation(replay.steps, rules, index, players, hero_view)


_CARDS: Final = frozenset(DECK)


def _code(card: ShownCard) -> str | None:
    """The card's face, where the history shows one ('??': a card it hides, unknown)."""
    return card.code if card.code in _CARDS else None


def _known(seat: ShownSeat) -> list[str]:
    return [code for code in map(_code, seat.cards) if code is not None]


def _without_held(dead: list[str], hands: dict[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The dead cards, once each and none that a hand holds (a history reshuffled)."""
    held = {card for cards in hands.values() for card in cards}
    return tuple(dict.fromkeys(card for card in dead if card not in held))


# ---------------------------------------------------------------------------- stud
def _stud_situation(
    step: Step, rules: GameRules, players: tuple[str, ...], hero_view: bool
) -> Situation:
    hands: dict[str, tuple[str, ...]] = {}
    to_deal: dict[str, int] = {}
    at_random: list[tuple[str, int]] = []
    dead: list[str] = []
    to_come = True  # every player in has his last card to come
    for seat in step.seats:
        if seat.player not in players:
            # folded before: his up cards dead (a folded hero's down cards too, but not
            # in the hero's own view of an opponent: he saw his own cards only)
            dead += [
                code for c in seat.cards if (code := _code(c)) and (not c.down or seat.is_hero)
            ]
            continue
        sees_all = not hero_view or seat.is_hero
        held = tuple(code for c in seat.cards if (code := _code(c)) and (sees_all or not c.down))
        hands[seat.player] = held
        unknown = len(seat.cards) - len(held)
        to_deal[seat.player] = rules.hand_size - len(held)
        at_random.append((seat.player, unknown))
        to_come = to_come and len(seat.cards) < rules.hand_size
    out = _without_held(dead, hands)
    named = sum(map(len, hands.values())) + len(out)
    shared = 0
    if to_come and sum(to_deal.values()) > len(DECK) - named:
        # stud's rule: the deck cannot give each his last card, so one card in the middle
        shared = 1
        to_deal = {name: count - 1 for name, count in to_deal.items()}
    return Situation(tuple(hands.items()), tuple(to_deal.items()), out, tuple(at_random), shared)


# ---------------------------------------------------------------------------- draw
def _draw_situation(
    steps: Sequence[Step], rules: GameRules, index: int, players: tuple[str, ...], hero_view: bool
) -> Situation:
    streets = len(steps) - 1
    after = steps[index + 1] if index + 1 < streets else None  # the next draw's step
    final = {seat.player: seat for seat in steps[-1].seats}
    hands: dict[str, tuple[str, ...]] = {}
    to_deal: dict[str, int] = {}
    at_random: list[tuple[str, int]] = []
    dead: list[str] = []
    for position, seat in enumerate(steps[index].seats):
        # discards known up to the next draw: out of the deck (the hero's, in his view)
        if seat.is_hero or not hero_view:
            for later in steps[1 : index + 2 if after else index + 1]:
                move = later.seats[position].draw
                if move and move.discarded:
                    dead += [card for card in move.discarded if card in _CARDS]
        if seat.player not in players:
            if seat.is_hero or not hero_view:
                dead += _known(seat)
            continue
        move = after.seats[position].draw if after else None
        count = move.discard_count if move else 0
        hand = _hand_before_draw(steps, index, position, final[seat.player])
        if hero_view and not seat.is_hero:
            hand = None
        kept = _kept(hand, move) if hand is not None else None
        if kept is None:
            hands[seat.player] = ()
            to_deal[seat.player] = rules.hand_size
            at_random.append((seat.player, rules.hand_size))
        else:
            hands[seat.player] = kept
            to_deal[seat.player] = count
    return Situation(
        tuple(hands.items()), tuple(to_deal.items()), _without_held(dead, hands), tuple(at_random)
    )


def _hand_before_draw(
    steps: Sequence[Step], index: int, position: int, final: ShownSeat
) -> tuple[str, ...] | None:
    """The player's hand on the street (before the next draw): printed by the history,
    or his shown hand when he stood pat at every draw from the next on."""
    seat = steps[index].seats[position]
    known = _known(seat)
    if seat.cards and len(known) == len(seat.cards):
        return tuple(known)
    shown = tuple(_known(final))
    if not final.showed or len(shown) != len(final.cards) or not shown:
        return None
    later = [step.seats[position].draw for step in steps[index + 1 : -1]]
    if all(move is not None and move.stood_pat for move in later):
        return shown
    return None


def _kept(hand: tuple[str, ...], move: DrawMove | None) -> tuple[str, ...] | None:
    """What he keeps of `hand` at the draw `move` (None: no draw); None when the
    discards are not known."""
    if move is None or move.discard_count == 0:
        return hand
    thrown = move.discarded
    if thrown is None or len(thrown) != move.discard_count or not set(thrown) <= set(hand):
        return None
    return tuple(card for card in hand if card not in thrown)

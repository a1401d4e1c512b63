"""Mutation tests: change one thing in a real hand, and the engine must say what.

Each mutation rewrites the text of real PokerStars hands, which are then parsed and
replayed; the test asserts the finding code the engine reports. Every mutation kind
runs on several games.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from decimal import Decimal

import pytest

from parsers.model.events import Action, ActionKind, Deal, Hand, Show, Street
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from tests.support.engine_corpus import real_pokerstars

Mutation = Callable[[list[str], Hand], list[str] | None]
"""Given a hand's lines and its parsed events, the mutated lines (None: not applicable)."""

GAMES = ["seven_stud", "seven_stud_hilo", "razz", "triple_draw_27", "badugi", "five_draw"]
HANDS_PER_GAME = 3


def _amount_plus(text: str, delta: str) -> str:
    """Add `delta` to the first amount after the colon of an action line."""
    head, _, tail = text.partition(": ")
    match = re.search(r"([$€]?)(\d+(?:\.\d+)?)", tail)
    assert match
    value = Decimal(match.group(2)) + Decimal(delta)
    return f"{head}: {tail[: match.start(2)]}{value}{tail[match.end(2) :]}"


def _unit(hand: Hand) -> str:
    return "0.01" if hand.header.money.value == "real" else "1"


def change_call_amount(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    for event in hand.events:
        if isinstance(event, Action) and event.kind is ActionKind.CALL and not event.all_in:
            i = event.line - first
            return [*lines[:i], _amount_plus(lines[i], _unit(hand)), *lines[i + 1 :]]
    return None


def change_bet_amount(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    if hand.header.limit.value != "fixed_limit":
        return None
    for event in hand.events:
        if isinstance(event, Action) and event.kind is ActionKind.BET and not event.all_in:
            i = event.line - first
            return [*lines[:i], _amount_plus(lines[i], _unit(hand)), *lines[i + 1 :]]
    return None


def change_raise_total(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    for event in hand.events:
        if isinstance(event, Action) and event.kind is ActionKind.RAISE and not event.all_in:
            i = event.line - first
            head, _, total = lines[i].rpartition(" to ")
            match = re.match(r"([$€]?)(\d+(?:\.\d+)?)$", total)
            assert match
            bigger = Decimal(match.group(2)) + Decimal(_unit(hand))
            return [*lines[:i], f"{head} to {match.group(1)}{bigger}", *lines[i + 1 :]]
    return None


def swap_two_actions(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    """Two consecutive actions by different players, both checks or both folds, swapped."""
    events = hand.events
    for a, b in itertools.pairwise(events):
        if (
            isinstance(a, Action)
            and isinstance(b, Action)
            and a.player != b.player
            and a.kind is b.kind
            and a.kind in (ActionKind.CHECK, ActionKind.FOLD)
            and b.line == a.line + 1
        ):
            i = a.line - first
            return [*lines[:i], lines[i + 1], lines[i], *lines[i + 2 :]]
    return None


def change_bring_in_player(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    """Give the bring-in to another player (the line names someone else)."""
    bring_in = next(
        (e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.BRING_IN), None
    )
    if bring_in is None:
        return None
    others = [
        e.player
        for e in hand.events
        if isinstance(e, Action) and e.line > bring_in.line and e.player != bring_in.player
    ]
    if not others:
        return None
    i = bring_in.line - first
    return [*lines[:i], lines[i].replace(bring_in.player, others[0], 1), *lines[i + 1 :]]


def give_pot_to_loser(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    """At a showdown, the collect line names a player who showed a losing hand."""
    result = replay(hand, conventions_of(hand.site))
    showers = [e.player for e in hand.events if isinstance(e, Show)]
    winners = set(result.pots[0].high_winners) | set(result.pots[0].low_winners)
    losers = [p for p in showers if p not in winners]
    if not winners or not losers or len(result.pots) != 1:
        return None
    mutated = list(lines)
    for index, text in enumerate(lines):
        for winner in winners:
            if text.startswith(f"{winner} collected "):
                mutated[index] = text.replace(winner, losers[0], 1)
    return mutated


def duplicate_a_card(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    """A stud up card dealt again to another player."""
    deals = [e for e in hand.events if isinstance(e, Deal) and e.street is Street.FOURTH]
    if len(deals) < 2 or not hand.game.is_stud:
        return None
    a, b = deals[0], deals[1]
    i = b.line - first
    return [*lines[:i], lines[i][: lines[i].rindex("[")] + f"[{a.up[0]}]", *lines[i + 1 :]]


def change_shown_card(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    """A showdown line that shows a card the player was never dealt face up."""
    if not hand.game.is_stud:
        return None
    for event in hand.events:
        if isinstance(event, Show) and len(event.cards) == 7:
            up = [d.up for d in hand.events if isinstance(d, Deal) and d.player == event.player]
            card = next(c for cards in up for c in cards)
            dealt = {c for d in hand.events if isinstance(d, Deal) for c in (*d.up, *d.down)}
            replacement = next(
                f"{r}{s}"
                for r in "23456789TJQKA"
                for s in "cdhs"
                if f"{r}{s}" not in dealt and f"{r}{s}" not in event.cards
            )
            i = event.line - first
            return [*lines[:i], lines[i].replace(card, replacement, 1), *lines[i + 1 :]]
    return None


def change_total_pot(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    for index, text in enumerate(lines):
        if text.startswith("Total pot ") and " Main pot" not in text:
            _head, _, rest = text.partition("Total pot ")
            amount, _, tail = rest.partition(" ")
            match = re.match(r"([$€]?)(\d+(?:\.\d+)?)$", amount)
            assert match
            bigger = Decimal(match.group(2)) + Decimal(_unit(hand))
            return [
                *lines[:index],
                f"Total pot {match.group(1)}{bigger} {tail}",
                *lines[index + 1 :],
            ]
    return None


def change_collected_amount(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    for index, text in enumerate(lines):
        match = re.match(r"(.* collected [$€]?)(\d+(?:\.\d+)?)( from .*)$", text)
        if match:
            smaller = Decimal(match.group(2)) - Decimal(_unit(hand))
            return [
                *lines[:index],
                f"{match.group(1)}{smaller}{match.group(3)}",
                *lines[index + 1 :],
            ]
    return None


def change_uncalled(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    for index, text in enumerate(lines):
        match = re.match(r"Uncalled bet \(([$€]?)(\d+(?:\.\d+)?)\)(.*)$", text)
        if match:
            bigger = Decimal(match.group(2)) + Decimal(_unit(hand))
            return [
                *lines[:index],
                f"Uncalled bet ({match.group(1)}{bigger}){match.group(3)}",
                *lines[index + 1 :],
            ]
    return None


def act_after_folding(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    folds = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.FOLD]
    later = [e for e in hand.events if isinstance(e, Action) and folds and e.line > folds[0].line]
    if not folds or not later:
        return None
    i = later[-1].line - first
    return [*lines[: i + 1], f"{folds[0].player}: checks", *lines[i + 1 :]]


def check_facing_a_bet(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    for event in hand.events:
        if isinstance(event, Action) and event.kind is ActionKind.CALL and not event.all_in:
            i = event.line - first
            return [*lines[:i], f"{event.player}: checks", *lines[i + 1 :]]
    return None


def shrink_a_stack(lines: list[str], hand: Hand, first: int) -> list[str] | None:
    """A seat line whose stack is smaller than what the player then puts in."""
    result = replay(hand, conventions_of(hand.site))
    player = max(result.players, key=lambda p: p.put_in)
    seat = next(s for s in hand.seats if s.player == player.name)
    smaller = player.put_in - Decimal(_unit(hand))
    if smaller <= 0:
        return None
    i = seat.line - first
    money = re.sub(
        r"\(([$€]?)[\d.]+ in chips", lambda m: f"({m.group(1)}{smaller} in chips", lines[i]
    )
    return [*lines[:i], money, *lines[i + 1 :]]


MUTATIONS: dict[str, tuple[Mutation, set[Code]]] = {
    "call amount": (change_call_amount, {Code.CALL_AMOUNT}),
    "bet size": (change_bet_amount, {Code.BET_SIZE, Code.RAISE_SIZE}),
    "raise size": (change_raise_total, {Code.RAISE_SIZE}),
    "acting order": (swap_two_actions, {Code.OUT_OF_TURN, Code.FIRST_ACTOR, Code.BRING_IN_PLAYER}),
    "bring-in player": (change_bring_in_player, {Code.BRING_IN_PLAYER}),
    "winner": (give_pot_to_loser, {Code.WINNER}),
    "card dealt twice": (duplicate_a_card, {Code.CARD_DEALT_TWICE}),
    "shown card": (change_shown_card, {Code.SHOWN_CARDS_MISMATCH}),
    "total pot": (change_total_pot, {Code.TOTAL_POT}),
    "collected amount": (change_collected_amount, {Code.COLLECTED}),
    "uncalled amount": (change_uncalled, {Code.UNCALLED_AMOUNT}),
    "act after fold": (act_after_folding, {Code.ACTED_AFTER_FOLD}),
    "check facing a bet": (check_facing_a_bet, {Code.CHECK_FACING_BET}),
    "stack too small": (shrink_a_stack, {Code.OVER_STACK}),
}


def _mutants(mutation: Mutation) -> dict[str, list[tuple[str, str]]]:
    """Per game, up to HANDS_PER_GAME (hand number, mutated text) pairs."""
    found: dict[str, list[tuple[str, str]]] = {}
    for chunk, hand in real_pokerstars():
        if hand is None or hand.game.value not in GAMES:
            continue
        if len(found.get(hand.game.value, [])) >= HANDS_PER_GAME:
            continue
        mutated = mutation(list(chunk.lines), hand, chunk.first_line)
        if mutated is not None:
            found.setdefault(hand.game.value, []).append((hand.hand_number, "\n".join(mutated)))
    return found


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_mutation_is_caught(name: str) -> None:
    mutation, codes = MUTATIONS[name]
    mutants = _mutants(mutation)
    assert len(mutants) >= 2, f"{name}: applies to fewer than two games ({sorted(mutants)})"
    for game, cases in mutants.items():
        for number, text in cases:
            ((_chunk, outcome),) = list(parse_bytes("mutant.txt", text.encode()))
            assert isinstance(outcome, Hand), (name, game, number, outcome)
            found = {
                finding.code for finding in replay(outcome, conventions_of(outcome.site)).errors
            }
            assert found & codes, (name, game, number, found)

"""All-in adjusted results: each player's money with the luck of the cards to come taken out.

When no more betting is possible (every live player but at most one is all in) and cards
are still to come, the rest of the hand is luck: a player's fair result is what his
*equity* in each pot gives him, not what the cards gave. This module finds that moment in
a replayed hand and works out, per player, the expected collection and `ev_net`
(expected collection less the money put in). Players judge their game by that line:
the decisions, not the runouts.

The policy, stated once:

- The moment is the end of the hand's last betting round. Its live players are those who
  never folded; the money is the engine's (pots, rake, each player's put-in).
- Stud: each live player holds the cards dealt to him up to that round; the cards still to
  come are drawn from the unseen deck (the 52 less every card the history shows by then:
  live hands, folded up cards, a folded hero's down cards). `equity.pot_equities` counts
  every runout, or samples them with a seeded generator and states the standard error.
- Every live hand must be known at the all-in (the hero's as dealt, anyone's as shown
  whole): otherwise the hand keeps its result (`NotAdjusted`, with why). Only the cards
  held at the all-in count: a card dealt after it that the history cannot read changes
  nothing. A hand run more than once keeps its result too: the
  runs already share the pot.
- Draw games: an all-in after the last draw has no luck left (its result is its EV). One
  before it is left unadjusted: what each player would draw is his decision, not a card
  to average over.
- The rake is taken from every pot in proportion to its size: expected collection is
  the player's equity in each pot times the pot less its part of the rake, so that the
  expected nets, like the real ones, add up to minus the rake.
- An expected amount is not money paid: it is rounded to the money's 4 decimal places.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Final

from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Action,
    Card,
    CommunityCards,
    Deal,
    Show,
    StreetStart,
)
from parsers.model.games import Family, GameRules, Street
from pipeline.engine.equity import pot_equities
from pipeline.engine.results import HandResult, PlayerResult
from pipeline.engine.variants import VARIANTS

PLACES: Final = Decimal("0.0001")  # the database's money scale


@dataclass(frozen=True, slots=True)
class AllInShare:
    """One live player's expectation at the all-in."""

    player: str
    equity: Fraction  # his expected part of all the money collected (after rake)
    expected_collected: Decimal
    ev_net: Decimal  # expected_collected - put_in


@dataclass(frozen=True, slots=True)
class AllInAdjustment:
    """A hand decided all in with cards to come, its luck averaged out."""

    street: Street  # the last betting round
    exact: bool  # every runout counted (else sampled)
    runouts: int  # counted (the most of any pot), or drawn (the most of a pot drawn)
    standard_error: float  # of the equities sampled (the largest over the pots); 0 if exact
    shares: tuple[AllInShare, ...]  # the live players; the others' EV is their result


@dataclass(frozen=True, slots=True)
class NotAdjusted:
    """A hand decided all in with cards to come that keeps its result, and why."""

    street: Street
    reason: str


def all_in_adjustment(result: HandResult) -> AllInAdjustment | NotAdjusted | None:
    """The hand's all-in adjustment; None when no all-in decided it with cards to come
    (the result is then its own EV)."""
    hand = result.hand
    rules = hand.game.rules
    live = [p for p in result.players if p.fold_street is None]
    all_in = [p for p in live if p.all_in_street is not None]
    if len(live) < 2 or not all_in or len(live) - len(all_in) > 1:
        return None
    street = _last_betting_round(hand.events, rules)
    later = rules.streets[rules.streets.index(street) + 1 :]
    if not later:
        return None
    if rules.family is Family.DRAW:
        return NotAdjusted(street, "all in before the last draw: the draws are decisions")
    if any(isinstance(e, Show) and e.run > 1 for e in hand.events):
        return NotAdjusted(street, "run more than once: the runs already share the pot")
    names = [p.name for p in live]
    dealt = _cards_dealt(hand.events, rules, street)
    final = _final_hands(hand.events, rules, names, dealt)
    held: dict[str, tuple[Card, ...]] = {}
    unknown: list[str] = []
    unordered: list[str] = []
    for name in names:
        cards = _dealt_at(dealt.get(name, {}), rules, street)  # the hero's, as dealt
        if cards is None and name in final:
            cards = _held_at(final[name], dealt.get(name, {}), rules, street)
            if cards is None:
                unordered.append(name)
                continue
        if cards is None:
            unknown.append(name)
            continue
        held[name] = cards
    if unknown:
        return NotAdjusted(street, f"{', '.join(unknown)}'s cards are not known")
    if unordered:
        return NotAdjusted(
            street, f"{', '.join(unordered)}'s cards are not shown in the order dealt"
        )
    seen = [
        card
        for name, by_street in dealt.items()
        if name not in held
        for down, up in by_street.values()
        for card in (*down, *up)
        if card != UNKNOWN_CARD
    ]
    to_come = sum(deal.down + deal.up for s in later if (deal := rules.deal_on(s)))
    try:
        return _adjusted(result, live, held, seen, to_come, street)
    except ValueError as error:  # the history's cards contradict each other
        return NotAdjusted(street, str(error))


def _adjusted(
    result: HandResult,
    live: Sequence[PlayerResult],
    held: dict[str, tuple[Card, ...]],
    seen: list[Card],
    to_come: int,
    street: Street,
) -> AllInAdjustment:
    variant = VARIANTS[result.hand.game]
    kept = (
        Fraction(result.total_pot - result.rake) / Fraction(result.total_pot)
        if result.total_pot
        else Fraction(0)
    )
    expected = {p.name: Fraction(0) for p in live}
    exact, runouts, error = True, 0, 0.0
    sampled = 0  # the runouts drawn for a pot: a hand partly sampled states those
    for pot in result.pots:
        contesting = [name for name in pot.eligible if name in held]
        if len(contesting) < 2:
            for name in contesting:
                expected[name] += Fraction(pot.amount) * kept
            continue
        others = [card for name in held if name not in contesting for card in held[name]]
        equities = pot_equities(
            variant, {name: held[name] for name in contesting}, to_come, [*seen, *others]
        )
        for name, share in equities.shares.items():
            expected[name] += share * Fraction(pot.amount) * kept
        exact = exact and equities.exact
        if equities.exact:
            runouts = max(runouts, equities.runouts)
        else:
            sampled = max(sampled, equities.runouts)
        error = max(error, equities.standard_error)
    if not exact:  # a side pot counted and a main pot drawn: the sample's size
        runouts = sampled
    collected_in_all = result.total_pot - result.rake
    amounts = _rounded(expected, collected_in_all)
    shares = tuple(
        AllInShare(
            p.name,
            expected[p.name] / Fraction(collected_in_all) if collected_in_all else Fraction(0),
            amounts[p.name],
            amounts[p.name] - p.put_in,
        )
        for p in live
    )
    return AllInAdjustment(street, exact, runouts, error, shares)


def _rounded(expected: dict[str, Fraction], total: Decimal) -> dict[str, Decimal]:
    """The expectations to 4 places, adding up to `total` exactly (the rounding's
    difference given to the largest), so that the adjusted nets still sum to minus the
    rake."""
    amounts = {
        name: (Decimal(value.numerator) / Decimal(value.denominator)).quantize(PLACES)
        for name, value in expected.items()
    }
    largest = max(amounts, key=lambda name: amounts[name])
    amounts[largest] += total - sum(amounts.values(), ZERO)
    return amounts


def _last_betting_round(events: Sequence[object], rules: GameRules) -> Street:
    """The round of the hand's last action (the first round if nobody acted)."""
    street, last = rules.streets[0], rules.streets[0]
    for event in events:
        if type(event) is StreetStart:
            street = event.street
        elif type(event) is Action:
            last = street
    return last


# (down cards, up cards) dealt to a player on each street, as the deal events show them.
Dealt = dict[Street, tuple[tuple[Card, ...], tuple[Card, ...]]]


def _cards_dealt(events: Sequence[object], rules: GameRules, until: Street) -> dict[str, Dealt]:
    """Every player's deals up to and including the round `until`."""
    dealt_until = set(rules.streets[: rules.streets.index(until) + 1])
    dealt: dict[str, Dealt] = {}
    for event in events:
        if type(event) is Deal and event.street in dealt_until:
            by_street = dealt.setdefault(event.player, {})
            down, up = by_street.get(event.street, ((), ()))
            by_street[event.street] = ((*down, *event.down), (*up, *event.up))
    return dealt


def _final_hands(
    events: Sequence[object], rules: GameRules, names: list[str], dealt: dict[str, Dealt]
) -> dict[str, tuple[Card, ...]]:
    """The live players' whole hands: as shown, or the hero's as dealt (then the stud
    community card, if the deck ran short)."""
    final: dict[str, tuple[Card, ...]] = {}
    board: tuple[Card, ...] = ()
    every_deal: dict[str, list[Card]] = {}
    for event in events:
        if type(event) is Show and event.run <= 1 and event.player in names:
            if len(event.cards) == rules.hand_size and UNKNOWN_CARD not in event.cards:
                final[event.player] = event.cards
        elif type(event) is Deal and event.player in names:
            every_deal.setdefault(event.player, []).extend((*event.down, *event.up))
        elif type(event) is CommunityCards:
            board = (*board, *event.cards)
    for name in names:
        cards = (*every_deal.get(name, ()), *board)
        if name not in final and len(cards) == rules.hand_size and UNKNOWN_CARD not in cards:
            final[name] = cards
    return final


def _dealt_at(dealt: Dealt, rules: GameRules, street: Street) -> tuple[Card, ...] | None:
    """The cards a player held at the end of round `street`, if his deals show every one
    of them (the hero's); None otherwise. What he was dealt after does not matter: a
    card the history prints but cannot read on seventh street ("Dealt to Hero [...]
    [of]") leaves his hand at a fourth-street all-in known."""
    held: list[Card] = []
    for deal in rules.deals:
        down, up = dealt.get(deal.street, ((), ()))
        if len(down) != deal.down or len(up) != deal.up or UNKNOWN_CARD in down + up:
            return None
        held.extend(down)
        held.extend(up)
        if deal.street == street:
            return tuple(held)
    return None


def _held_at(
    final: tuple[Card, ...], dealt: Dealt, rules: GameRules, street: Street
) -> tuple[Card, ...] | None:
    """The cards a player held at the end of round `street`, or None if unsure.

    His down cards are his deals' where they show them (the hero's); otherwise they are
    read from his whole hand, which the sites show in the order dealt ("shows [8s 4c
    6d 2h 9c Ts 3h]": two down, four up, one down). That order is checked, not trusted:
    each round's up cards must stand in the whole hand where that round dealt them."""
    held: list[Card] = []
    position = 0
    for deal in rules.deals:
        down, up = dealt.get(deal.street, ((), ()))
        ups_at = position + deal.down
        if final[ups_at : ups_at + deal.up] != up:
            return None
        known = len(down) == deal.down and UNKNOWN_CARD not in down
        held.extend(down if known else final[position:ups_at])
        held.extend(up)
        position = ups_at + deal.up
        if deal.street == street:
            return tuple(held)
    return None

"""PokerKit as a second referee: our engine's money for a hand, checked by another engine.

A hand is exported to PHH (`pipeline.writers.phh`), read back by `pokerkit.HandHistory`
and played through PokerKit's state machine. Each player's final stack there must be his
starting stack plus the net our engine booked. Where a site's house rule is one PokerKit
does not model, the hand is judged under that rule and the verdict names it:

- rake: PokerKit gives the winners the whole pot, so the winners, and only they, end
  the rake above our figures, between them;
- an open pair on fourth street allows the big bet (7 Card Stud at PokerStars and Full
  Tilt): the hand is played again with fourth street's bet the big bet, and must agree;
- after an all-in raise for less than a bet, PokerStars lets the next raise complete it
  (`ShortAllInRaise.FROM_LAST_FULL_BET`): PokerKit refuses that raise, and must refuse
  nothing else, at the first raise after such an all-in.

Amounts are played as integers of the hand's smallest unit, so PokerKit's odd-chip
arithmetic (`divmod`) is exact.
"""

from __future__ import annotations

import dataclasses
import itertools
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from pokerkit import HandHistory
from pokerkit.notation import parse_action

from parsers.model.events import UNKNOWN_CARD, Action, ActionKind, Deal, Hand, Show, StreetStart
from parsers.model.games import Game, Street
from parsers.sites import conventions_of
from pipeline.engine.results import HandResult
from pipeline.writers.phh import Unexportable, phh_fields, phh_text


class SiteRule(StrEnum):
    RAKE = "rake: the site keeps part of the pot"
    OPEN_PAIR = "open pair on fourth street: the big bet may be bet"
    SHORT_ALL_IN_RAISE = "after a short all-in raise, the next raise completes it"
    UNCAPPED_HEADS_UP = "heads-up, fixed-limit raises have no cap"
    RAISE_OVER_COMPLETION = "stud's first raise over a completion adds the bring-in"


class Outcome(StrEnum):
    AGREES = "agrees"
    AGREES_BUT_FOR = "agrees but for a site rule"
    UNJUDGED = "not judged"
    DISAGREES = "disagrees"


@dataclass(frozen=True, slots=True)
class Verdict:
    outcome: Outcome
    rules: tuple[SiteRule, ...] = ()
    detail: str = ""
    difference: tuple[int, ...] = ()  # PokerKit's final stacks less ours, in units


def referee(hand: Hand, result: HandResult) -> Verdict | Unexportable:
    """PokerKit's judgement of a hand our engine replayed without error."""
    fields = phh_fields(hand, result)
    if isinstance(fields, Unexportable):
        return fields
    unknown = _shown_with_unknown_card(hand)
    if unknown:
        return Verdict(Outcome.UNJUDGED, detail=f"{unknown} shows a card the history hides")
    text = phh_text(fields)
    unit = _unit(fields)

    def units(raw: str) -> int:
        return int(Decimal(raw.replace(",", "")) / unit)

    ours = [units(str(amount)) for amount in fields["finishing_stacks"]]  # type: ignore[attr-defined]
    players: list[str] = fields["players"]  # type: ignore[assignment]
    rake = units(str(result.rake))
    collected = [any(p.collected for p in result.players if p.name == name) for name in players]

    rules: list[SiteRule] = []
    played = _play(text, units)
    if isinstance(played, _Refusal) and _open_pair_refused(hand, played):
        rules.append(SiteRule.OPEN_PAIR)
        played = _play(text, units, _fourth_street_big_bet)
        if isinstance(played, _Refusal) and "below the minimum" in played.message:
            # A small bet raised by the big bet, as the open pair allows: PokerKit plays
            # fourth street at one size, so neither replay can follow the hand.
            detail = f"fourth street mixes the small and the big bet ({played})"
            return Verdict(Outcome.UNJUDGED, tuple(rules), detail)
    if isinstance(played, _Refusal):
        if _heads_up_raise_refused(hand, played, players):
            detail = f"PokerKit caps the raises ({played})"
            return Verdict(Outcome.UNJUDGED, (*rules, SiteRule.UNCAPPED_HEADS_UP), detail)
        if _raise_by_the_bring_in_refused(hand, played):
            detail = f"PokerKit raises by the small bet ({played})"
            return Verdict(Outcome.UNJUDGED, (*rules, SiteRule.RAISE_OVER_COMPLETION), detail)
        if _short_all_in_raise_refused(hand, played, players):
            return Verdict(Outcome.AGREES_BUT_FOR, (*rules, SiteRule.SHORT_ALL_IN_RAISE))
        return Verdict(Outcome.DISAGREES, tuple(rules), f"PokerKit refuses {played}")
    difference = tuple(theirs - mine for theirs, mine in zip(played, ours, strict=True))
    if any(difference) and _only_the_rake(difference, rake, collected):
        rules.append(SiteRule.RAKE)
    elif any(difference) and _shown_before_the_last_street(hand):
        # Merge shows the all-in hands when the betting stops (Razz 43618199-14, fourth
        # street): PokerKit, given "sm" there, pays nobody the pot.
        detail = "hands shown before the last street is dealt: PokerKit pays no pot"
        return Verdict(Outcome.UNJUDGED, tuple(rules), detail, difference)
    elif any(difference):
        return Verdict(Outcome.DISAGREES, tuple(rules), "final stacks differ", difference)
    outcome = Outcome.AGREES_BUT_FOR if rules else Outcome.AGREES
    return Verdict(outcome, tuple(rules), difference=difference)


def _heads_up_raise_refused(hand: Hand, played: _Refusal, players: list[str]) -> bool:
    """Two players, a site whose fixed-limit raises are uncapped heads-up (Merge 31241825-6:
    "BET 5 / RAISE 10 / 15 / 20 / 25 / 30"), and PokerKit refusing a raise past its cap."""
    return (
        len(players) == 2
        and conventions_of(hand.site).uncapped_heads_up
        and "No more completion, betting, or raising" in played.message
    )


def _raise_by_the_bring_in_refused(hand: Hand, played: _Refusal) -> bool:
    """A site whose first raise over a stud completion adds the bring-in (KingsClub
    37581152: "Player2 bets 44 / Player3 raises to 77.16", bring-in 33.16), which
    PokerKit's fixed limit, one small bet a raise, refuses."""
    return (
        conventions_of(hand.site).raise_over_completion_adds_bring_in
        and "below the minimum" in played.message
    )


def _shown_before_the_last_street(hand: Hand) -> bool:
    shown = False
    for event in hand.events:
        shown = shown or isinstance(event, Show)
        if shown and isinstance(event, StreetStart):
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Refusal:
    action: str
    message: str

    def __str__(self) -> str:
        return f"{self.action!r}: {self.message}"


def _only_the_rake(difference: tuple[int, ...], rake: int, collected: list[bool]) -> bool:
    """PokerKit, which rakes nothing, pays the winners exactly the rake more than the
    site did, and nobody else a chip (how the rake's odd chips fall among split pots is
    the site's)."""
    return sum(difference) == rake and all(
        d >= 0 and (collected[i] or d == 0) for i, d in enumerate(difference)
    )


def _play(
    text: str, units: Callable[[str], int], adjust: Callable[[object], None] | None = None
) -> list[int] | _Refusal:
    """PokerKit's final stacks, or the first action it refuses outright."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about our `_studdraw_` fields' kin
        history = HandHistory.loads(text, parse_value=units)
    history = dataclasses.replace(history, parse_value=units)
    if adjust is not None:
        game = history.create_game()
        adjust(game)
        object.__setattr__(history, "create_game", lambda: game)
    refusals: list[_Refusal] = []

    def noting(state: object, action: str, parse_value: Callable[[str], int]) -> None:
        try:
            parse_action(state, action, parse_value)  # type: ignore[arg-type]
        except ValueError as error:
            if not _repairable(str(error)):
                refusals.append(_Refusal(action, str(error)))
            raise

    import pokerkit.notation

    pokerkit.notation.parse_action = noting  # type: ignore[assignment]
    state = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "There is no reason for this player to fold."
            for state in history:  # noqa: B007  # the last state is the hand's end
                pass
    except (ValueError, KeyError) as error:
        return refusals[0] if refusals else _Refusal("", repr(error))
    finally:
        pokerkit.notation.parse_action = parse_action
    assert state is not None
    return list(state.stacks)


def _repairable(message: str) -> bool:
    """PokerKit tries each action before the dealer's automatic steps (a burn card, the
    bets gathered): these refusals are the order of its loop, not the hand's fault."""
    return "must be burnt" in message or "not a valid player" in message


def _unit(fields: dict[str, object]) -> Decimal:
    """The hand's smallest unit: every amount is written with the same decimals."""
    stacks: list[object] = fields["starting_stacks"]  # type: ignore[assignment]
    exponent = min(Decimal(str(stack)).as_tuple().exponent for stack in stacks)  # type: ignore[type-var]
    return Decimal(1).scaleb(min(int(exponent), 0))


def _shown_with_unknown_card(hand: Hand) -> str | None:
    """A player who shows a hand holding a card nobody can read (a seventh card printed
    "[of]"): the site judged cards PokerKit cannot."""
    shown = {e.player for e in hand.events if isinstance(e, Show)}
    for event in hand.events:
        if isinstance(event, Show | Deal) and event.player in shown:
            cards = event.cards if isinstance(event, Show) else event.down
            if UNKNOWN_CARD in cards:
                return event.player
    return None


def _open_pair_refused(hand: Hand, refusal: _Refusal) -> bool:
    """PokerKit refused a bet above the small bet in a 7 Card Stud hand where a player's
    two up cards on fourth street were a pair."""
    if hand.game is not Game.SEVEN_STUD or "above the maximum" not in refusal.message:
        return False
    up: dict[str, list[str]] = {}
    for event in hand.events:
        if isinstance(event, Deal) and event.street in (Street.THIRD, Street.FOURTH):
            up.setdefault(event.player, []).extend(card[0] for card in event.up)
    return any(len(ranks) == 2 and ranks[0] == ranks[1] for ranks in up.values())


def _fourth_street_big_bet(game: object) -> None:
    streets = list(game.streets)  # type: ignore[attr-defined]
    streets[1] = dataclasses.replace(
        streets[1],
        min_completion_betting_or_raising_amount=streets[
            -1
        ].min_completion_betting_or_raising_amount,
    )
    game.streets = tuple(streets)  # type: ignore[attr-defined]


def _short_all_in_raise_refused(hand: Hand, refusal: _Refusal, players: list[str]) -> bool:
    """PokerKit refused a raise, and the raise before it in its round was an all-in for
    less than a full raise."""
    if "cbr" not in refusal.action or not (
        "Short all-in" in refusal.message or "below the minimum" in refusal.message
    ):
        return False
    player = players[int(refusal.action.split()[0][1:]) - 1]
    raises = [
        e
        for e in hand.events
        if isinstance(e, Action) and e.kind in (ActionKind.BET, ActionKind.RAISE)
    ]
    for before, refused in itertools.pairwise(raises):
        if refused.player == player and before.all_in:
            return True
    return False

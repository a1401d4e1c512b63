"""The replay's turn order: when a betting round opens and closes, and who acts next.

Stud's first street opens with the bring-in, each later one with the best board; a draw
game's first round with the player left of the big blind, the later ones left of the
button. Each action is checked against the player due to act, and no round may end with
a player still owing an action. The betting asks it before each action; a layer of the
replay (`hand_state` says how they stack).
"""

from __future__ import annotations

from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Action,
    ActionKind,
    Event,
    Post,
    PostKind,
    StreetStart,
)
from parsers.model.games import BringIn, Family, Ranking
from pipeline.engine.dealt_cards import DealtCards
from pipeline.engine.findings import Code
from pipeline.engine.hand_state import PlayerState
from pipeline.engine.variants import card_order


class TurnOrder(DealtCards):
    """The hand's state and cards, with whose turn it is."""

    # ------------------------------------------------------------------ streets
    def on_street(self, start: StreetStart) -> None:
        if self.street is not None:
            self.close_round(start)
        first_round = self.street is None
        self.street = start.street
        self.street_name = start.street.value
        if not first_round:
            for player in self.order:
                player.street_bet = ZERO
            self.current_bet = ZERO
            self.bets_in_round = 0
            self.last_raise = ZERO
            self.full_bet = ZERO
            self.raise_closed = set()
        self.big_unit_made = False
        self.to_act = {p.name for p in self.order if p.can_act}
        self.first_action_pending = True
        self.next_actor = None
        if self.rules.family is Family.DRAW:
            self.next_actor = self.first_draw_actor(first_round)

    def close_round(self, event: Event) -> None:
        """Everyone who can still act must have matched the bet before the next street."""
        live = [p for p in self.order if not p.folded]
        if len(live) <= 1:
            return
        pending = [
            p.name
            for p in self.order
            if p.can_act and (p.name in self.to_act or p.street_bet < self.current_bet)
        ]
        can_act = [p for p in live if not p.all_in]
        if len(can_act) == 1 and can_act[0].street_bet >= max(p.street_bet for p in live):
            return
        if pending:
            self.find(
                Code.ROUND_NOT_CLOSED,
                f"the {self.street} betting ends with {', '.join(pending)} still to act",
                event,
            )

    def first_draw_actor(self, first_round: bool) -> str | None:
        """Draw games: left of the big blind before the draw, left of the button after."""
        if first_round:
            blinds = [
                e.player
                for e in self.hand.events
                if isinstance(e, Post)
                and e.kind in (PostKind.BIG_BLIND, PostKind.SMALL_AND_BIG_BLINDS)
            ]
            anchor = self.players[blinds[0]].seat if blinds and blinds[0] in self.players else None
        else:
            anchor = self.hand.header.button_seat
        if anchor is None:
            return None
        return self.next_in_order(anchor)

    def next_in_order(self, after_seat: int) -> str | None:
        candidates = [p for p in self.order if p.can_act]
        for player in candidates:
            if player.seat > after_seat:
                return player.name
        return candidates[0].name if candidates else None

    def stud_first_actor(self) -> str | None:
        """The best exposed board acts first (ties: first in seat order); if that player
        is all-in, the next player who can act."""
        board_value = self.variant.board_value
        live = [p for p in self.order if not p.folded]
        most_up = self.rules.up_size
        if (
            not live
            or board_value is None
            or any(not p.up or UNKNOWN_CARD in p.up or len(p.up) > most_up for p in live)
        ):
            # An up card nobody recorded (PartyPoker prints the hero's alone), or too many:
            # who opens is unknown.
            return None
        best = max(live, key=lambda p: (board_value(p.up), -p.seat))
        if best.can_act:
            return best.name
        return self.next_in_order(best.seat)

    def bring_in_player(self) -> PlayerState | None:
        """Lowest up card (razz: highest, aces low; 2-7 razz: highest; ties by suit) among
        those dealt in."""
        dealt = self.order
        if (
            not dealt
            or self.rules.bring_in is None
            or any(not p.up or p.up[0] == UNKNOWN_CARD for p in dealt)
        ):
            return None  # somebody's door card is not in the history: who brings in is unknown
        if self.rules.bring_in is BringIn.HIGHEST:
            aces_low = self.rules.ranking is Ranking.ACE_TO_FIVE  # razz; 2-7 razz: aces high
            chosen = max(dealt, key=lambda p: card_order(p.up[0], aces_low=aces_low))
        else:
            chosen = min(dealt, key=lambda p: card_order(p.up[0], aces_low=False))
        if chosen.stack <= 0:  # all-in from the ante: the next player clockwise brings in
            name = self.next_in_order(chosen.seat)
            return self.players[name] if name else None
        return chosen

    # ------------------------------------------------------------------ turns
    def check_turn(self, player: PlayerState, action: Action) -> None:
        if self.first_action_pending:
            self.first_action_pending = False
            expected = self.expected_first_actor(action)
            if expected is not None and expected != player.name:
                self.find(
                    Code.BRING_IN_PLAYER
                    if action.kind is ActionKind.BRING_IN or self.needs_bring_in()
                    else Code.FIRST_ACTOR,
                    f"{player.name} acts first on {self.street} but {expected} should",
                    action,
                    player.name,
                )
            return
        if self.next_actor is not None and self.next_actor != player.name:
            self.find(
                Code.OUT_OF_TURN,
                f"{player.name} acts out of turn: {self.next_actor} is next",
                action,
                player.name,
            )

    def needs_bring_in(self) -> bool:
        """Stud's first street opens with the bring-in whatever the betting structure:
        pot-limit and no-limit stud too have the low card bring it in (or open for more),
        the others acting after it in seat order."""
        return self.rules.bring_in is not None and self.street == self.rules.streets[0]

    def expected_first_actor(self, action: Action) -> str | None:
        if self.rules.family is Family.DRAW:
            return self.next_actor
        if not self.needs_bring_in():
            return self.stud_first_actor()
        if action.kind not in (
            ActionKind.BRING_IN,
            ActionKind.BET,
            ActionKind.COMPLETE,
            ActionKind.RAISE,
        ):
            self.find(
                Code.BRING_IN_MISSING,
                f"{self.street} street starts without a bring-in or a completion",
                action,
            )
        chosen = self.bring_in_player()
        return chosen.name if chosen else None

    def following(self, player: PlayerState) -> str | None:
        """Who acts after this player: the next, in seat order, still owing an action."""
        wrap_around = None
        for other in self.order:
            if other.name in self.to_act and other.can_act:
                if other.seat > player.seat:
                    return other.name
                wrap_around = wrap_around or other.name
        return wrap_around

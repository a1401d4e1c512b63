"""The replay's cards: what each player is dealt, draws and shows, checked as it comes.

Stud cards add up, down and up; a draw hand is what the deal gave and each draw kept and
drew. No card is dealt twice, a shown hand is the hand dealt, and a hand run twice keeps
each run's cards. The turn order reads the up cards (who brings in, who opens a street),
the settlement the hands at showdown. A layer of the replay (`hand_state` says how they
stack).
"""

from __future__ import annotations

from parsers.model.events import UNKNOWN_CARD, Card, Deal, Draw, Show
from parsers.model.games import Family
from pipeline.engine.findings import Code
from pipeline.engine.hand_state import HandState, PlayerState


class DealtCards(HandState):
    """The hand's state, with the cards dealt, drawn and shown."""

    # ------------------------------------------------------------------ cards
    def on_deal(self, deal: Deal) -> None:
        player = self.player_of(deal)
        if player is None:
            return
        if self.rules.family is Family.STUD:
            shown = deal.shown_before
            if shown and list(shown) != player.up and list(shown) != player.known_cards():
                known = player.known_cards()
                self.find(
                    Code.UP_CARDS_INCONSISTENT,
                    f"{player.name}'s earlier cards were {' '.join(known) or 'none'}, "
                    f"the history now shows {' '.join(deal.shown_before)}",
                    deal,
                    player.name,
                )
            cards = deal.down + deal.up
            if self.dealt.isdisjoint(cards) and len(set(cards)) == len(cards):
                self.dealt.update(cards)
            else:
                for card in cards:
                    if card != UNKNOWN_CARD and card in self.dealt:
                        self.find(
                            Code.CARD_DEALT_TWICE, f"{card} is dealt twice", deal, player.name
                        )
                    self.dealt.add(card)
            player.down.extend(deal.down)
            player.up.extend(deal.up)
        else:
            player.down = list(deal.down)
            self.draw_hands[player.name] = list(deal.down)
        held, size = len(player.down) + len(player.up), self.rules.hand_size
        if held > size:
            self.find(
                Code.CARD_COUNT,
                f"{player.name} holds {held} cards; {self.rules.name} deals {size}",
                deal,
                player.name,
            )
        if self.rules.family is Family.STUD and self.first_action_pending:
            self.next_actor = None  # decided when the street's first action comes

    def on_draw(self, draw: Draw) -> None:
        player = self.player_of(draw)
        if player is None:
            return
        if player.folded:
            self.find(
                Code.ACTED_AFTER_FOLD, f"{player.name} draws after folding", draw, player.name
            )
        if not 0 <= draw.discard_count <= self.rules.hand_size:
            self.find(
                Code.DRAW_COUNT,
                f"{player.name} discards {draw.discard_count} of {self.rules.hand_size} cards",
                draw,
                player.name,
            )
        if draw.discard_count and sum(p.can_act for p in self.order) <= 1:
            player.drew_per_run = True
        for run, drawn in enumerate(draw.other_runs, start=2):
            self.runs = max(self.runs, run)
            if draw.kept is not None:
                player.run_cards[run] = (*draw.kept, *drawn)
        hand = self.draw_hands.get(player.name)
        if hand is None:
            return
        discarded = list(draw.discarded or ())
        if draw.discarded is not None and (
            len(discarded) != draw.discard_count or any(c not in hand for c in discarded)
        ):
            self.find(
                Code.DRAW_COUNT,
                f"{player.name} discards {' '.join(discarded)} from {' '.join(hand)}",
                draw,
                player.name,
            )
        if draw.kept is not None and draw.drawn is not None:
            self.draw_hands[player.name] = [*draw.kept, *draw.drawn]
        elif draw.discard_count == 0:
            self.draw_hands[player.name] = hand
        else:
            del self.draw_hands[player.name]  # new cards unknown

    def on_show(self, show: Show) -> None:
        player = self.player_of(show)
        if player is None:
            return
        if show.run > 1:
            self.on_later_run_show(player, show)
            return
        player.shown = show.cards
        shown = set(show.cards)
        if self.rules.family is Family.STUD:
            # A show may be the whole hand, the cards so far (a winner showing early), or
            # just the hole cards: the larger of the two sets must hold the smaller.
            known = [c for c in player.known_cards() if c != UNKNOWN_CARD]
            if len(show.cards) >= len(known):
                missing = [c for c in known if c not in shown]
            else:
                missing = [c for c in show.cards if c not in known]
            if not missing and UNKNOWN_CARD not in show.cards:
                self.learn_hole_cards(player, show.cards)
        else:
            hand = self.draw_hands.get(player.name)
            missing = [] if hand is None or set(hand) == shown else sorted(shown ^ set(hand))
        if missing:
            self.find(
                Code.SHOWN_CARDS_MISMATCH,
                f"{player.name} shows {' '.join(show.cards)}, which does not match the cards "
                f"dealt ({' '.join(missing)})",
                show,
                player.name,
            )

    def on_later_run_show(self, player: PlayerState, show: Show) -> None:
        """A hand of the second (or later) run; the first run's is the hand's own."""
        self.runs = max(self.runs, show.run)
        drawn = player.run_cards.get(show.run)
        if drawn is not None and set(drawn) != set(show.cards):
            self.find(
                Code.SHOWN_CARDS_MISMATCH,
                f"{player.name} shows {' '.join(show.cards)} in run {show.run}, which does "
                f"not match the cards drawn ({' '.join(drawn)})",
                show,
                player.name,
            )
        player.run_cards[show.run] = show.cards

    def learn_hole_cards(self, player: PlayerState, shown: tuple[Card, ...]) -> None:
        """A stud player who shows before the last card (all-in on third street) has no
        secret left: later deals may repeat his hole cards with his up cards ("Villain
        shows [As 7c Kc]", then "Dealt to Villain [As 7c Kc] [Js]"), so they become his
        known down cards, and cards no one else can be dealt."""
        if self.street == self.rules.streets[-1]:
            return  # nothing more is dealt (and the stud community card is no hole card)
        hole = [card for card in shown if card not in player.up]
        if len(hole) <= len(player.down):
            return
        for card in hole:
            if card not in player.down and card in self.dealt:
                self.find(Code.CARD_DEALT_TWICE, f"{card} is dealt twice", None, player.name)
            self.dealt.add(card)
        player.down = hole

"""The grammar rules every site writes alike, and the events they make.

Sites word their lines differently ("Hero: calls $0.02", "Hero calls $0.02", "Player Hero
calls (0.02)"), but once a grammar has read a line, the event depends only on the rule
and its terminals. Each site grammar names its rules after the methods below (`call`,
`deal`, `collect`, `folded`, ...), with their terminals in the same order, so that one
method serves every site; a site's transformer subclasses `CommonLines` and adds the
rules only it has. Terminals stay raw (`LineParser` converts them, by terminal name, with
the site's converters, which start from `PIECE_CONVERTERS`).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Final

import lark.visitors  # noqa: F401  # mypyc's C names the module of a class decorator (v_args)
from lark import Transformer, v_args

from parsers.lines.hand_assembly import DealtLine, DrawLine
from parsers.lines.hand_lines import AddedRaiseLine
from parsers.lines.line_parser import Converter, EventSpec, Text
from parsers.model.amounts import parse_amount
from parsers.model.events import (
    UNKNOWN_CARD,
    ZERO,
    Action,
    ActionKind,
    Collect,
    CommunityCards,
    Muck,
    Note,
    Post,
    PotTotals,
    Seat,
    SeatSummary,
    Show,
    ShowdownStart,
    StreetStart,
    SummaryStart,
    TournamentFinish,
    UncalledReturn,
)
from parsers.model.games import DRAW_STREETS, Street

_ORDINAL_STREETS: Final = {
    "2nd": Street.SECOND,
    "3rd": Street.THIRD,
    "4th": Street.FOURTH,
    "5th": Street.FIFTH,
    "6th": Street.SIXTH,
    "7th": Street.SEVENTH,
}
_NUMBERED_STREET: Final = re.compile(r"(2nd|3rd|[4-7]th) st(?:reet|\.)")
_NUMBERED_DRAW: Final = re.compile(r"after the ([123])(?:st|nd|rd) draw")
_FIRST_ROUND: Final = frozenset({"before the draw", "before flop", "before the flop", "pre-flop"})


def fold_street(text: str) -> Street | None:
    """The round a summary's "folded ..." names, in any site's words: "on the 3rd Street"
    (PokerStars, Winning), "on 3rd St." (Full Tilt), "before the Draw", "after the 2nd
    Draw", PokerStars' single draw "before Flop" / "on the Flop", stud's "on the River",
    Winamax's "pre-flop". The first round is PREDRAW and the River SEVENTH whatever the
    game: `hand_assembly` puts them on the game's own streets. None: a flop game's turn."""
    words = text.lower().removeprefix("on ").removeprefix("the ")
    if numbered := _NUMBERED_STREET.fullmatch(words):
        return _ORDINAL_STREETS[numbered[1]]
    if words in _FIRST_ROUND:
        return Street.PREDRAW
    if words in ("after the draw", "flop"):
        return Street.DRAW_1
    if draw := _NUMBERED_DRAW.fullmatch(words):
        return DRAW_STREETS[int(draw[1]) - 1]
    return Street.SEVENTH if words == "river" else None


def pot_label(text: str) -> str:
    """The pot a line names, in any site's words, as the events name it: "pot", "the pot",
    "the high pot" -> "pot"; "main pot", "the low main pot", "Main pot" -> "main"; "side
    pot", "the side pot" -> "side-1"; "side pot-2", "side pot 2", "the side pot #2", "Side
    pot 2" -> "side-2"; Winamax's Hi/Lo half, "pot(HI)", is of the pot it halves; Cereus's
    "72 proposition pot" (the 7-2 side bet) is "72"."""
    words = text.lower().removesuffix("(hi)").removesuffix("(lo)")
    if "side" in words:
        return "side-" + (words.rpartition("pot")[2].strip(" -#") or "1")
    if "main" in words:
        return "main"
    return "72" if words.startswith("72") else "pot"


PIECE_CONVERTERS: dict[str, Converter] = {
    "AMOUNT": parse_amount,
    "POT": pot_label,
    "INT": int,
    "CARD": str,
    "UNREADABLE_CARD": lambda _text: UNKNOWN_CARD,
    "FOLD_STREET": fold_street,
}
"""Converters of the terminals every site's grammar names alike (`grammars/pieces.lark`,
the pot a collection names, and the summary's fold street)."""


def action(kind: ActionKind, player: Any, amount: Any, total: Any, all_in: Any) -> EventSpec:
    return Action, {
        "player": player,
        "kind": kind,
        "amount": amount,
        "raise_to": total,
        "all_in": all_in is not None,
    }


def note(kind: str, player: Any, text: Any = "") -> EventSpec:
    return Note, {"kind": kind, "player": player, "text": text}


def pot_after_rake(
    left: Decimal, rake: Decimal, jackpot_fee: Decimal = ZERO, line: int = 0
) -> PotTotals:
    """The summary's money line of a site that prints the pot left once the rake is taken
    (Winamax: "Total pot 298€ | Rake 2€" with 300€ bet; Winning also takes a jackpot fee,
    "| Rake $0.08 | JP Fee $0.02"): the total pot adds them back, and the rake is all the
    pot loses. An event class for `LineParser` like any other: called with the fields."""
    return PotTotals(left + rake + jackpot_fee, rake + jackpot_fee, line=line)


@v_args(inline=True)
class CommonLines(Transformer[Any, Any]):
    """Grammar rule -> (event class, fields), for the rules every site shares."""

    # -- seats
    def seat(self, number, player, stack, sitting_out):
        return Seat, {
            "seat": number,
            "player": player,
            "stack": stack,
            "sitting_out": sitting_out is not None,
        }

    # -- forced bets and actions
    def post(self, player, kind, amount, all_in):
        return Post, {
            "player": player,
            "kind": kind,
            "amount": amount,
            "all_in": all_in is not None,
        }

    def fold(self, player):
        return Action, {"player": player, "kind": ActionKind.FOLD}

    def check(self, player):
        return Action, {"player": player, "kind": ActionKind.CHECK}

    def call(self, player, amount, all_in):
        return action(ActionKind.CALL, player, amount, None, all_in)

    def bet(self, player, amount, all_in):
        return action(ActionKind.BET, player, amount, None, all_in)

    def raise_to(self, player, amount, total, all_in):
        """ "raises $0.06 to $0.10": the raise over the bet faced, and the new total."""
        return action(ActionKind.RAISE, player, amount, total, all_in)

    def raise_total(self, player, total, all_in):
        """ "raises to $0.60": the new total only."""
        return action(ActionKind.RAISE, player, None, total, all_in)

    def bring_in(self, player, amount, all_in):
        return action(ActionKind.BRING_IN, player, amount, None, all_in)

    def complete(self, player, total, all_in):
        return action(ActionKind.COMPLETE, player, None, total, all_in)

    # -- cards
    def cards(self, *cards):
        """The cards a bracket shows. A site that prints a card nobody has seen as "X"
        (Winamax, KingsClub: "Dealt to Player0 [X X 9h]") names it HIDDEN_CARD in its
        grammar: it is left out, as the other sites leave it unprinted."""
        return tuple(card for card in cards if card.type != "HIDDEN_CARD")

    def deal(self, player, cards, new_cards):
        """A deal of cards nobody has seen at all ("Dealt to Player0 [X X X X X]",
        "[X X 9h Kh Kd Qc] [X]") deals nothing known: it is kept as a note."""
        if not (new_cards if new_cards is not None else cards):
            return note("dealt_hidden", player)
        return DealtLine, {"player": player, "cards": cards, "new_cards": new_cards}

    def discard(self, player, count, cards):
        return DrawLine, {"player": player, "discard_count": count, "discarded": cards}

    def stand_pat(self, player, cards):
        return DrawLine, {"player": player, "discard_count": 0, "kept": cards}

    def street(self, name):
        return StreetStart, {"street": name}

    def showdown(self):
        return ShowdownStart, {}

    def summary(self):
        return SummaryStart, {}

    # -- pots and showdown
    def uncalled(self, amount, player):
        return UncalledReturn, {"player": player, "amount": amount}

    def collect(self, player, amount, pot):
        return Collect, {"player": player, "amount": amount, "pot": pot}

    def show(self, player, cards, description):
        return Show, {"player": player, "cards": cards, "description": description}

    def muck(self, player):
        return Muck, {"player": player}

    def totals(self, total, side_pots, rake):
        return PotTotals, {"total": total, "rake": rake, **side_pots}

    def totals_after_rake(self, left, rake, jackpot_fee=None):
        """ "Total pot 298€ | Rake 2€", "| JP Fee $0.02": see `pot_after_rake`."""
        fields = {"left": left, "rake": rake}
        if jackpot_fee is not None:
            fields["jackpot_fee"] = jackpot_fee
        return pot_after_rake, fields

    def side_pots(self, *amounts):
        # [main, (side number or None, side amount) ...], or nothing when there is one pot
        if not amounts:
            return {}
        return {"main": amounts[0], "sides": tuple(amounts[2::2])}

    def board(self, cards):
        return CommunityCards, {"cards": cards}

    # -- the summary's seat lines: "Seat 3: Bob (button) <outcome>"
    def seat_summary(self, number, player, *rest):
        *positions, outcome = rest
        return SeatSummary, {
            "seat": number,
            "player": player,
            "positions": tuple(positions),
            **outcome,
        }

    def folded(self, street, didnt_bet):
        return {"outcome": "folded", "street": street, "didnt_bet": didnt_bet is not None}

    def showed_won(self, cards, amount, description):
        return {"outcome": "showed", "cards": cards, "won": amount, "description": description}

    def showed_lost(self, cards, description):
        return {"outcome": "showed", "cards": cards, "description": description}

    def showed(self, cards):
        return {"outcome": "showed", "cards": cards}

    def mucked(self, cards, description=None):
        return {"outcome": "mucked", "cards": cards, "description": description}

    def collected(self, amount):
        return {"outcome": "collected", "won": amount}

    def sat_out(self):
        return {"outcome": "sat out"}

    # -- tournament results
    def finished(self, player, place, _suffix, prize):
        return TournamentFinish, {"player": player, "place": place, "prize": prize}

    def won_tournament(self, player, prize):
        return TournamentFinish, {"player": player, "place": 1, "prize": prize}

    # -- notes
    def remark(self, text):
        return note("remark", None, text)

    def said(self, player, text):
        return note("said", player, text)

    def sits_out(self, player, *_wording):
        return note("sits_out", player)

    def returned(self, player):
        return note("returned", player)

    def timed_out(self, player):
        return note("timed_out", player)

    def joins(self, player, seat):
        return note("joins", player, Text(seat))

    def leaves(self, player):
        return note("leaves", player)


@v_args(inline=True)
class UnmarkedLines(CommonLines):
    """The shared rules for sites whose seat, post and action lines never say "sitting
    out" or "all-in", and whose raises name what they add (Everleaf, PartyPoker,
    Absolute): the same records, the absent mark read as absent."""

    def seat(self, number, player, stack):
        return super().seat(number, player, stack, None)

    def post(self, player, kind, amount):
        return super().post(player, kind, amount, None)

    def bring_in(self, player, amount):
        return super().bring_in(player, amount, None)

    def complete(self, player, total):
        return super().complete(player, total, None)

    def bet(self, player, amount):
        return super().bet(player, amount, None)

    def call(self, player, amount):
        return super().call(player, amount, None)

    def raise_adding(self, player, added):
        """ "raises [€ 0.10 EURO]": what the raise adds, made a total later
        (`hand_lines.raises_to_street_totals`)."""
        return AddedRaiseLine, {"player": player, "added": added}

    def deal(self, player, cards):
        return super().deal(player, cards, None)

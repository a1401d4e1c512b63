"""`LineParser`'s piece readers: each piece of a known shape checked by its terminal,
converted, and remembered only once accepted."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from parsers.lines.hand_lines import site_line_parser
from parsers.lines.line_parser import LineSyntaxError, _match_starts
from parsers.lines.line_templates import _CARD, _MAX_VALUES, _NUMBER, PieceReader, ShapeMismatch
from parsers.model.amounts import AmountOutOfRange, parse_amount
from parsers.sites import pokerstars
from parsers.sites.pokerstars import PokerStarsLines

AMOUNT = re.compile(r"[$€£]?\d+(?:[.,]\d+)*")
CARD = re.compile(r"[2-9TJQKA][cdhs]")


def test_a_piece_is_converted_once_then_remembered() -> None:
    calls: list[str] = []

    def convert(text: str) -> Decimal:
        calls.append(text)
        return parse_amount(text)

    reader = PieceReader(AMOUNT, _NUMBER, convert)
    assert [reader.value(t) for t in ("$0.50", "$0.50", "$1", "$0.50")] == [
        Decimal("0.50"), Decimal("0.50"), Decimal("1"), Decimal("0.50"),
    ]  # fmt: skip
    assert calls == ["$0.50", "$1"]


@pytest.mark.parametrize(
    ("pattern", "kind", "text"),
    [
        (AMOUNT, _NUMBER, "5c"),  # a card where the shape had a number
        (CARD, _CARD, "10"),  # a number where it had a card
        (AMOUNT, None, "$1.x"),  # what the terminal's pattern refuses
    ],
)
def test_a_piece_the_terminal_refuses_is_refused_every_time(pattern, kind, text) -> None:
    reader = PieceReader(pattern, kind, None)
    for _ in range(2):
        with pytest.raises(ShapeMismatch):
            reader.value(text)
    assert text not in reader.values


def test_a_reader_forgets_everything_once_full() -> None:
    reader = PieceReader(AMOUNT, _NUMBER, int)
    for number in range(_MAX_VALUES + 1):
        assert reader.value(str(number)) == number
    assert len(reader.values) == 1  # cleared when full, then the last one kept


def test_descriptions_share_one_shape_and_a_line_without_one_is_not_searched() -> None:
    """A summary line's hand description is one free piece: two descriptions, one shape.
    The search for it runs only on a line holding what its match begins with."""
    parser = site_line_parser(
        "pokerstars.lark", PokerStarsLines(), pokerstars.CONVERTERS, pokerstars.FREE_TEXT
    )
    assert _match_starts(pokerstars.FREE_TEXT) == (" wi", "] (")
    names = ["Bob"]
    for number, description in enumerate(("two pair, Kings and Fives", "a flush, Ace high")):
        line = f"Seat {number + 1}: Bob showed [Ah Kh] and won ($1.50) with {description}"
        event, _ = parser.parse(line, names, 40)
        assert event.player == "Bob"
    for number in (1, 2):  # no description: cut whole, and one shape too
        parser.parse(f"Seat {number}: Bob folded on the 3rd Street (didn't bet)", names, 41)
    assert len(parser._shapes) == 2


def test_a_misprinted_card_teaches_its_shape_nothing() -> None:
    """The unreadable terminal takes any card: had "[10d 7c 5c]" taught its shape, the
    next "[3d 7c 5c]" would be read with its 3d unreadable (found by the fuzz test once
    its examples came in another order)."""
    parser = site_line_parser("pokerstars.lark", PokerStarsLines(), pokerstars.CONVERTERS)
    names = ["Villain", "Hero"]
    event, unreadable = parser.parse("Dealt to Hero [10d 7c 5c] [4c 2s]", names, 7)
    assert (event.cards, unreadable) == (("??", "7c", "5c"), ["10d"])
    event, unreadable = parser.parse("Dealt to Hero [3d 7c 5c] [4c 2s]", names, 8)
    assert (event.cards, event.new_cards, unreadable) == (("3d", "7c", "5c"), ("4c", "2s"), [])


def test_a_value_a_known_shape_cannot_convert_is_left_to_the_grammar() -> None:
    """An amount too large to store, in a line of a known shape, is judged as a line
    never met is: a syntax error elsewhere in it comes first, as a fresh parse says."""
    parser = site_line_parser("pokerstars.lark", PokerStarsLines(), pokerstars.CONVERTERS)
    names = ["Player0", "Hero"]
    parser.parse("Total pot $3320 | Rake $2", names, 7)
    with pytest.raises(LineSyntaxError):
        parser.parse("Total pot 1000000000000 | Rake 1,5", names, 8)
    with pytest.raises(AmountOutOfRange):  # and a line that reads still says why not
        parser.parse("Total pot 1000000000000 | Rake $2", names, 9)

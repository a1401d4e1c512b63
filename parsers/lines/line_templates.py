"""What `LineParser` learns of a line's shape: how to build its event from the pieces of
any line of that shape, without the grammar.

When the grammar has parsed one line, `TemplatePlan` turns each terminal that feeds the
event into a `Value`: where its text sits among the line's pieces (literal text at even
indexes, numbers and cards at odd ones) and which `PieceReader` checks and converts it.
The plan also says which variable pieces those terminals cover: `LineParser` pins the
others, so that a shape is only reused where the grammar would read it the same way.
`LineTemplate` holds the result; building an event from it is the hot path of parsing.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from lark import Token

_LOOKAROUND: Final = re.compile(r"\(\?<?[=!]")

Converter = Callable[[str], Any]
"""From a terminal's text to its field's value."""


class LineTemplate:
    """How to build one shape's event from a line's pieces: where each of the event's
    arguments is read (`Value`: a piece through its terminal's reader, a constant, the
    player, the line number), and which values are only checked.

    Compiled (`parsers/build/compiled.py`), building is one native call a value and the
    event's constructor: this is the hot path of parsing.
    """

    def __init__(
        self,
        event_class: Callable[..., Any],
        checks: list[Value],
        arguments: list[Value],
        keywords: tuple[str, ...] | None,
        unreadable: list[Value],
    ) -> None:
        self.event_class = event_class
        self.checks = checks  # read first, then dropped: values that vary, never kept
        self.arguments = arguments  # in the order the event is called with them
        self.keywords = keywords  # None: called positionally
        self.unreadable = unreadable  # the card tokens that are not cards

    def build(self, pieces: list[str], player: str, line_number: int) -> Any:
        """The event; `ShapeMismatch` if a piece is not what its terminal accepts."""
        for check in self.checks:
            check.read(pieces, player, line_number)
        values = [argument.read(pieces, player, line_number) for argument in self.arguments]
        event_class = self.event_class  # read as an attribute, not looked up as a method
        if self.keywords is None:
            return event_class(*values)
        return event_class(**dict(zip(self.keywords, values, strict=True)))

    def unreadable_texts(self, pieces: list[str]) -> list[str]:
        return [value.read(pieces, "", 0) for value in self.unreadable]


class TemplatePlan:
    """Says where each terminal's value is read among a line's pieces, and how.

    A value is read by the terminal's `PieceReader`, which checks and converts a text
    once and remembers it, or, for a pattern that looks around itself, checked where it
    stands in the line."""

    def __init__(
        self,
        starts: list[int],
        pattern_of: Callable[[str], re.Pattern[str]],
        reader_of: Callable[[str, str | None, Converter | None], PieceReader],
        free_piece: int | None = None,
    ) -> None:
        self.starts = starts
        self.pattern_of = pattern_of
        self.reader_of = reader_of
        self.free_piece = free_piece  # words, not a number or a card
        self.covered: set[int] = set()
        self.cacheable = True

    def terminal(self, token: Token, convert: Converter | None) -> Value:
        """How the terminal's value is read from a line of this shape, checked."""
        if token.type.rpartition("__")[2] == "PLAYER":
            return _Player()
        span = _token_span(token, self.starts)
        if span is None or (span[0] == span[1] and span[0] % 2 == 0):
            # Literal text only (the same on every line of the shape), or a terminal that
            # cuts a number in two: then the shape is not cached at all.
            self.cacheable = self.cacheable and span is not None
            return Constant(convert(str(token)) if convert else str(token))
        first, last = span
        self.covered.update(range(first, last + 1))
        head, tail = _span_cuts(token, self.starts, first, last)
        # Another line of this shape may hold any number or card here: the terminal's
        # own pattern must accept it ("*** $12.50th STREET ***" is no street). A pattern
        # that looks around itself is checked where it stands in the line.
        pattern = self.pattern_of(token.type)
        if _LOOKAROUND.search(pattern.pattern):
            converter = convert if convert is not None and convert is not str else None
            return _CheckedInLine(first, head, last, tail, pattern, converter)
        # A card and a number never share a terminal either: "[5c]" is a card even where
        # "[10]" was read as an unreadable one.
        kind = None
        if first == last != self.free_piece:
            kind = _CARD if _is_card(str(token)) else _NUMBER
        reader = self.reader_of(token.type, kind, convert)
        if first == last:
            return _Piece(first, reader)
        return _Span(first, head, last, tail, reader)


class Value:
    """One value of a line's event, as a line of its shape holds it."""

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        raise NotImplementedError


class Constant(Value):
    """The same on every line of the shape (literal text, a transformer's constant)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return self.value


class _Player(Value):
    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return player


class LineNumber(Value):
    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return line_number


class _Piece(Value):
    """One variable piece, through its terminal's reader."""

    def __init__(self, index: int, reader: PieceReader) -> None:
        self.index = index
        self.reader = reader

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return self.reader.value(pieces[self.index])


class _Span(Value):
    """A terminal over several pieces, joined, through its reader."""

    def __init__(self, first: int, head: int, last: int, tail: int | None, reader: PieceReader):
        self.first, self.head, self.last, self.tail = first, head, last, tail
        self.reader = reader

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return self.reader.value(_join_span(pieces, self.first, self.head, self.last, self.tail))


class _CheckedInLine(Value):
    """A terminal whose pattern looks around itself, checked where it stands."""

    def __init__(
        self,
        first: int,
        head: int,
        last: int,
        tail: int | None,
        pattern: re.Pattern[str],
        convert: Converter | None,
    ) -> None:
        self.first, self.head, self.last, self.tail = first, head, last, tail
        self.pattern = pattern
        self.convert = convert

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        text = _join_span(pieces, self.first, self.head, self.last, self.tail)
        _checked_in_line(self.pattern, pieces, self.first, self.head, text)
        return text if self.convert is None else self.convert(text)


class Items(Value):
    """A tuple of values (a line's cards)."""

    def __init__(self, items: list[Value]) -> None:
        self.items = items

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return tuple([item.read(pieces, player, line_number) for item in self.items])


class ShapeMismatch(Exception):
    """A line fits a known shape, but a value in it is not what the terminal accepts.

    A known shape that fails so, or whose converter refuses a value (`ValueError`: an
    amount too large to store), leaves the line to the grammar, as a line never met is:
    "Total pot 1000000000000 | Rake 1,5" is a syntax error there (the rake), not an
    amount out of range (found by the fuzz test)."""


_CARD, _NUMBER = "card", "number"  # what a one-piece terminal's piece must be
_MAX_VALUES: Final = 8_192  # texts a reader remembers (a few MB in all: hand numbers never repeat)
_UNSEEN: Final = object()


class PieceReader:
    """Checks a piece's text against its terminal and converts it, remembering both.

    A terminal's pieces repeat from line to line (the same stakes, bets and cards), and
    checking ("$0.50" is an AMOUNT: a regular expression) then converting (a `Decimal`)
    cost 1.1 µs a piece; a text met before costs a dictionary lookup. That rests on the
    converters being functions of the text alone, as every site's are; what they return
    is kept by events, never changed."""

    def __init__(self, pattern: re.Pattern[str], kind: str | None, convert: Converter | None):
        self.fullmatch = pattern.fullmatch
        self.kind = kind  # _CARD, _NUMBER, or None: either
        self.convert = None if convert is str else convert  # None: the text itself
        self.values: dict[str, Any] = {}

    def value(self, text: str) -> Any:
        """The piece's value; `ShapeMismatch` if the terminal does not accept it."""
        value = self.values.get(text, _UNSEEN)
        if value is not _UNSEEN:
            return value
        kind = self.kind
        if kind is not None and (text[-1] in "cdhs") != (kind == _CARD):
            raise ShapeMismatch
        if self.fullmatch(text) is None:
            raise ShapeMismatch
        try:
            value = text if self.convert is None else self.convert(text)
        except KeyError:  # a converter's table lacks it ("*** 3TH STREET ***"): no match
            raise ShapeMismatch from None
        if len(self.values) >= _MAX_VALUES:
            self.values.clear()
        self.values[text] = value
        return value


def _is_card(piece: str) -> bool:
    return piece[-1] in "cdhs"


def _checked_in_line(
    pattern: re.Pattern[str], pieces: list[str], first: int, head: int, text: str
) -> None:
    start = head
    for index in range(first):
        start += len(pieces[index])
    match = pattern.match("".join(pieces), start)
    if match is None or match.end() != start + len(text):
        raise ShapeMismatch


def call_arguments(
    event_class: type, given: dict[str, Value]
) -> tuple[list[Value], tuple[str, ...] | None]:
    """The event's arguments as the build passes them: positionally, in the dataclass's
    field order, each default a constant (keywords None). An event called by keyword
    costs half as much again (the keywords are gathered in a dict, then matched to the
    parameters). A class that is not a plain dataclass is called by keyword, as are
    fields it lacks (to fail as written)."""
    by_keyword = (list(given.values()), tuple(given))
    if not dataclasses.is_dataclass(event_class):
        return by_keyword
    fields = dataclasses.fields(event_class)
    if not set(given) <= {field.name for field in fields}:
        return by_keyword
    ordered: list[Value] = []
    for field in fields:
        if field.name in given:
            ordered.append(given[field.name])
        elif field.default is dataclasses.MISSING or field.kw_only:
            return by_keyword
        else:
            ordered.append(Constant(field.default))
    return ordered, None


def piece_starts(pieces: Sequence[str]) -> list[int]:
    starts, position = [], 0
    for piece in pieces:
        starts.append(position)
        position += len(piece)
    starts.append(position)
    return starts


def _token_span(token: Token, starts: list[int]) -> tuple[int, int] | None:
    """The pieces a terminal spans, or None if it cuts a variable piece in two.

    Cutting through literal text is fine (literal text is the same on every line of the
    shape); cutting through a number or card is not.
    """
    start, end = token.start_pos, token.end_pos
    if start is None or end is None or end <= start:
        return None
    first = _piece_at(starts, start)
    last = _piece_at(starts, end - 1)
    if first % 2 == 1 and start != starts[first]:
        return None
    if last % 2 == 1 and end != starts[last + 1]:
        return None
    return first, last


def _piece_at(starts: list[int], position: int) -> int:
    low, high = 0, len(starts) - 2
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= position:
            low = middle
        else:
            high = middle - 1
    return low


def _span_cuts(token: Token, starts: list[int], first: int, last: int) -> tuple[int, int | None]:
    """Where a terminal starts in its first piece and ends in its last.

    A terminal ends inside literal text at a fixed offset, but a terminal that ends with a
    variable piece takes all of it, whatever its length on the next line ("r1", "r10").
    """
    assert token.start_pos is not None and token.end_pos is not None  # the grammar sets both
    head = token.start_pos - starts[first]
    tail = None if last % 2 == 1 else token.end_pos - starts[last]
    return head, tail


def _join_span(pieces: Sequence[str], first: int, head: int, last: int, tail: int | None) -> str:
    """Text from `head` chars into piece `first` to `tail` chars into piece `last`."""
    if first == last:
        return pieces[first][head:tail]
    return pieces[first][head:] + "".join(pieces[first + 1 : last]) + pieces[last][:tail]

"""Parse history lines with a Lark grammar, memoized by the line's shape.

A hand history is made of a few hundred kinds of line that differ only in their amounts,
cards and player names: "Hero: calls $0.02" and "Bob: calls $1.50" have the same *shape*.
Running the LALR parser on every line costs ~50 µs, far too slow for millions of hands,
so the grammar is run once per shape and the result kept as a `LineTemplate`:

1. The player's name is resolved against the seat list (names may contain anything, so
   no pattern could find them) and replaced by the grammar's `PLAYER` marker.
2. The line is split into literal text and *variable pieces* (numbers, cards).
   The literal text is the shape.
3. On a miss, Lark parses the line and the grammar's transformer says which event it is
   and which terminals feed which fields. The template remembers, for every such
   terminal, where its text sits among the pieces and how to convert it.
4. On a hit, the event is built straight from the pieces: no lexing, no parsing.

Correctness rests on one rule, enforced here rather than trusted: a variable piece that
is not wholly inside a terminal that feeds a field (say the "7" of "7 Card Stud", read by
the grammar as literal text) is *pinned*: its value becomes part of the cache key, so a
"5 Card Stud" line can never reuse the "7 Card Stud" template.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from parsers.lines.line_pieces import split_pieces
from parsers.lines.pattern_starts import match_prefixes

PLAYER_MARKER: Final = "\ue000"
"""Stands for the seated player's name in the text given to the grammar."""

_LOOKAROUND: Final = re.compile(r"\(\?<?[=!]")

# Whole line texts kept, each cache (about 1 KB a line with its pieces): a worker parsing
# mixed hands held 50,000 in each of two, 100 MB. Cleared when full: the lines that repeat
# come back at once, so 10,000 find 81% and 53% of lines where 50,000 found 83% and 57%.
# (The first, since split in two: the lines that start with a name, and the others.)
# 2,000 cost less still (session 25): a worker's peak on four files of mixed hands
# 142 -> 127 MB, its CPU 13.5 -> 12.4-13.0 s; generated stud parsed at 5,925-6,071 hands/s
# against 5,023-5,460. Only the real corpus repeated (`parse.py --source real`, its 900
# hands renumbered, every line met again) found more with 10,000: 10,693 against 8,876.
_MAX_LINES: Final = 2_000

Converter = Callable[[str], Any]
EventSpec = tuple[type, dict[str, Any]]
"""What a line transformer returns: an event class and its fields, terminals still raw."""


class Text(NamedTuple):
    """Wraps a terminal in a transformer's output to get its text as printed, unconverted."""

    token: Token


class Ignored(NamedTuple):
    """Wraps a terminal the event does not keep but whose value varies from line to line
    (Full Tilt's "*** DRAW *** (Pot: $2.05)"): checked against its pattern like any field,
    never passed to the event, and not pinned, so that every pot shares one template."""

    token: Token


class LineSyntaxError(Exception):
    """A line the grammar does not accept, with the column in the original text."""

    def __init__(self, line_text: str, column: int, expected: Sequence[str]) -> None:
        self.line_text = line_text
        self.column = column
        self.expected = tuple(expected)
        super().__init__(f"column {column}: expected {', '.join(self.expected) or 'end of line'}")


class LineTemplate:
    """How to build one shape's event from a line's pieces: where each of the event's
    arguments is read (`_Value`: a piece through its terminal's reader, a constant, the
    player, the line number), and which values are only checked.

    Compiled (`parsers/build/compiled.py`), building is one native call a value and the
    event's constructor: this is the hot path of parsing. (Until session 21 each shape's
    build was Python written for it and run by `exec`: learning a shape compiled code,
    and every line paid an interpreted call.)
    """

    def __init__(
        self,
        event_class: Callable[..., Any],
        checks: list[_Value],
        arguments: list[_Value],
        keywords: tuple[str, ...] | None,
        unreadable: list[_Value],
    ) -> None:
        self.event_class = event_class
        self.checks = checks  # read first, then dropped: values that vary, never kept
        self.arguments = arguments  # in the order the event is called with them
        self.keywords = keywords  # None: called positionally
        self.unreadable = unreadable  # the card tokens that are not cards

    def build(self, pieces: list[str], player: str, line_number: int) -> Any:
        """The event; `_ShapeMismatch` if a piece is not what its terminal accepts."""
        for check in self.checks:
            check.read(pieces, player, line_number)
        values = [argument.read(pieces, player, line_number) for argument in self.arguments]
        event_class = self.event_class  # read as an attribute, not looked up as a method
        if self.keywords is None:
            return event_class(*values)
        return event_class(**dict(zip(self.keywords, values, strict=True)))

    def unreadable_texts(self, pieces: list[str]) -> list[str]:
        return [value.read(pieces, "", 0) for value in self.unreadable]


@dataclass(slots=True)
class _ShapeEntry:
    pinned: tuple[int, ...]
    templates: dict[tuple[str, ...], LineTemplate]


class LineParser:
    """A site's line grammar plus its transformer, memoized by line shape.

    `converters` maps terminal names (without Lark's import prefix) to functions from the
    terminal's text to the field value; terminals not listed stay `str`.
    `unreadable_terminal` names the terminal that catches card tokens that are not
    cards, so the hand can be kept with a warning instead of thrown away.
    `free_text` finds the words a line may end with that are as free as a number (a
    hand's description: "shows [...] (a full house, Aces full of Nines)"; group 1): taken
    as one variable piece, every description shares its line's one shape instead of
    costing a grammar parse each (762 of the 801 shapes of 5,000 stud hands). Only a
    line no shape knew is cut so; the lines the fast paths find never pay for it.
    """

    def __init__(
        self,
        grammar: Lark,
        transformer: Transformer,
        converters: Mapping[str, Converter],
        unreadable_terminal: str | None = None,
        max_shapes: int = 50_000,
        free_text: re.Pattern[str] | None = None,
    ) -> None:
        self._free_text = free_text
        # What a free text's match begins with ("] (", " wi"): a line holding none of them
        # is not searched (a search stops at every space of the line; this costs two
        # substring checks). None: every line is searched.
        self._free_text_starts = _match_starts(free_text)
        self._grammar = grammar
        self._transformer = transformer
        self._converters = converters
        self._unreadable_terminal = unreadable_terminal
        self._max_shapes = max_shapes
        self._shapes: dict[tuple[str, ...], _ShapeEntry] = {}
        self._lines: dict[str, tuple[list[str], LineTemplate]] = {}  # whole texts met
        self._after_names: dict[str, tuple[list[str], LineTemplate]] = {}  # and after a name
        self._readings: dict[str, tuple[list[str], int | None, LineTemplate]] = {}
        self._patterns: dict[str, re.Pattern[str]] = {}
        self._readers: dict[tuple[str, str | None, Converter | None], _PieceReader] = {}

    def parse(self, line: str, names: Sequence[str], line_number: int) -> tuple[Any, list[str]]:
        """The line's event and the raw text of any unreadable card tokens.

        `names` are the seated players, longest first. Each way of reading a name into the
        line is tried in turn; the first the grammar accepts wins, so a player called
        "Dealt" cannot turn "Dealt to Bob [Ah]" into nonsense.
        """
        for name in names:  # fast path: most lines start with a name and a known shape
            if line.startswith(name) and line[len(name) : len(name) + 1] in (":", " ", ""):
                pieces, template = self._known_after_name(line[len(name) :])
                if template is not None:
                    try:
                        return _emit(template, pieces, name, line_number)
                    except (_ShapeMismatch, ValueError):
                        pass
                break
        else:
            found = [name for name in names if name in line]
            if not found:  # no name anywhere ("*** 3rd STREET ***"): the one reading is the line
                pieces, template = self._known(line)
                if template is not None:
                    try:
                        return _emit(template, pieces, "", line_number)
                    except (_ShapeMismatch, ValueError):
                        pass
            elif len(found) == 1:
                named = self._named_inside(line, found[0], line_number)
                if named is not None:
                    return named
        first_error: LineSyntaxError | None = None
        for masked, player, offset in _name_readings(line, names):
            pieces, free, template = self._reading(masked)
            if template is not None:
                try:
                    return _emit(template, pieces, player, line_number)
                except (_ShapeMismatch, ValueError):
                    pass  # a value this shape's terminals refuse: let the grammar judge it
            try:
                learnt = self._learn(masked, pieces, free, remember=template is None)
            except LineSyntaxError as error:
                if first_error is None:
                    first_error = _unmasked_error(error, line, player, offset)
                continue
            try:
                return _emit(learnt, pieces, player, line_number)
            except _ShapeMismatch:  # the grammar takes "*** 3TH STREET ***", its table not
                if first_error is None:
                    first_error = LineSyntaxError(line, 1, ())
        assert first_error is not None  # the unmasked reading is always tried
        raise first_error

    def _named_inside(self, line: str, name: str, line_number: int) -> tuple[Any, list[str]] | None:
        """The fast path for a line that names a player after other words ("Dealt to Bob
        [Ah]", "Seat 3: Bob folded on 3rd St."): the reading the slow path tries first,
        without its generator, when it is sure to be first. The caller knows that no name
        starts the line and that `name` is the only seated name in it; the name must
        stand whole where it first appears."""
        start = line.find(name)
        end = start + len(name)
        if start < 1 or line[start - 1] != " " or line[end : end + 1] not in (":", " ", ""):
            return None
        pieces, _free, template = self._reading(line[:start] + PLAYER_MARKER + line[end:])
        if template is None:
            return None
        try:
            return _emit(template, pieces, name, line_number)
        except (_ShapeMismatch, ValueError):
            return None

    def _reading(self, masked: str) -> tuple[list[str], int | None, LineTemplate | None]:
        """One reading of a line no fast path knew: its pieces, which piece is free text,
        and its shape's template. A reading met before is found whole: the lines that name
        a player after other words repeat as much as the others ("Seat 3: <player> folded
        on 3rd St.", "Uncalled bet ($0.50) returned to <player>")."""
        known = self._readings.get(masked)
        if known is not None:
            return known
        pieces, free = self._pieces(masked)
        template = self._lookup(pieces)
        if template is not None:
            if len(self._readings) >= _MAX_LINES:
                self._readings.clear()
            self._readings[masked] = (pieces, free, template)
        return pieces, free, template

    def _pieces(self, text: str) -> tuple[list[str], int | None]:
        """The line's literal text and variable pieces, and which piece is free text."""
        if self._free_text is not None and self._may_hold_free_text(text):
            found = self._free_text.search(text)
            if found is not None:
                start, end = found.span(1)
                pieces = split_pieces(text[:start])
                return [*pieces, text[start:end], text[end:]], len(pieces)
        return split_pieces(text), None

    def _may_hold_free_text(self, text: str) -> bool:
        starts = self._free_text_starts
        if starts is None:
            return True
        return any(start in text for start in starts)

    def _known(self, text: str) -> tuple[list[str], LineTemplate | None]:
        """The pieces of a line (name masked) and its shape's template, if known. A text
        met before is found whole, unsplit: most lines of an archive are repeats ("<player>:
        folds", "*** 3rd STREET ***"), and a template, once learnt, stays right."""
        known = self._lines.get(text)
        if known is not None:
            return known
        return self._split_and_remembered(self._lines, text, text)

    def _known_after_name(self, rest: str) -> tuple[list[str], LineTemplate | None]:
        """`_known` for a line that starts with a name, found by what follows the name
        (most lines of a hand: "<player> - Calls $0.04"), the masked text made only for
        a text not met before."""
        known = self._after_names.get(rest)
        if known is not None:
            return known
        return self._split_and_remembered(self._after_names, rest, PLAYER_MARKER + rest)

    def _split_and_remembered(
        self, cache: dict[str, tuple[list[str], LineTemplate]], key: str, text: str
    ) -> tuple[list[str], LineTemplate | None]:
        pieces = split_pieces(text)
        template = self._lookup(pieces)
        if template is not None:
            if len(cache) >= _MAX_LINES:
                cache.clear()  # a long import meets new texts without end
            cache[key] = (pieces, template)
        return pieces, template

    def _lookup(self, pieces: list[str]) -> LineTemplate | None:
        entry = self._shapes.get(tuple(pieces[0::2]))
        if entry is None:
            return None
        pinned = entry.pinned
        return entry.templates.get(tuple([pieces[i] for i in pinned]) if pinned else ())

    def _learn(
        self, masked: str, pieces: list[str], free: int | None = None, remember: bool = True
    ) -> LineTemplate:
        try:
            tree = self._grammar.parse(masked)
        except UnexpectedInput as error:
            allowed: Iterable[str] = (
                getattr(error, "expected", None) or getattr(error, "allowed", None) or ()
            )
            expected = sorted({self._describe_terminal(name) for name in allowed})
            raise LineSyntaxError(masked, error.column, expected) from None
        event_class, fields = self._transformer.transform(tree)
        template, covered, cacheable = self._compile(event_class, fields, pieces, free)
        if cacheable and remember:
            self._remember(pieces, covered, template)
        return template

    def _compile(
        self, event_class: type, fields: dict[str, Any], pieces: list[str], free: int | None
    ) -> tuple[LineTemplate, set[int], bool]:
        plan = _TemplatePlan(_piece_starts(pieces), self._pattern, self._reader, free)
        # Checked first, before any field is converted.
        checks = [plan.terminal(v.token, None) for v in fields.values() if isinstance(v, Ignored)]
        given: dict[str, _Value] = {}
        unreadable: list[Token] = []
        for name, value in fields.items():
            if isinstance(value, Ignored):
                continue
            if isinstance(value, Text):
                given[name] = plan.terminal(value.token, str)
            elif isinstance(value, Token):
                given[name] = plan.terminal(value, self._converter(value.type))
            elif isinstance(value, tuple) and any(isinstance(v, Token) for v in value):
                given[name] = _Items([plan.terminal(v, self._converter(v.type)) for v in value])
            else:
                given[name] = _Constant(value)
            unreadable.extend(v for v in _tokens_in(value) if self._is_unreadable(v))
        given["line"] = _LineNumber()
        arguments, keywords = _call_arguments(event_class, given)
        raw = [plan.terminal(token, None) for token in unreadable]
        template = LineTemplate(event_class, checks, arguments, keywords, raw)
        # A card the site misprinted ("[10d 7c 5c]") is not remembered for its shape: the
        # unreadable terminal takes any card, and "[3d 7c 5c]" would be read unreadable.
        return template, plan.covered, plan.cacheable and not unreadable

    def _remember(self, pieces: list[str], covered: set[int], template: LineTemplate) -> None:
        if len(self._shapes) >= self._max_shapes:
            self._shapes.clear()  # unique chat lines must not grow memory without bound
        shape = tuple(pieces[0::2])
        pinned = tuple(i for i in range(1, len(pieces), 2) if i not in covered)
        entry = self._shapes.get(shape)
        if entry is None or entry.pinned != pinned:
            entry = self._shapes[shape] = _ShapeEntry(pinned, {})
        entry.templates[tuple(pieces[i] for i in pinned)] = template

    def _pattern(self, terminal: str) -> re.Pattern[str]:
        """The terminal's own regular expression, to check a value taken from the pieces."""
        pattern = self._patterns.get(terminal)
        if pattern is None:
            definition = self._grammar.get_terminal(terminal).pattern
            pattern = self._patterns[terminal] = re.compile(definition.to_regexp())
        return pattern

    def _reader(self, terminal: str, kind: str | None, convert: Converter | None) -> _PieceReader:
        """The reader of a terminal's pieces, one for every shape that has the terminal."""
        key = (terminal, kind, convert)
        reader = self._readers.get(key)
        if reader is None:
            reader = self._readers[key] = _PieceReader(self._pattern(terminal), kind, convert)
        return reader

    def _describe_terminal(self, name: str) -> str:
        """A terminal as a player can read it: its text if literal, else its name."""
        try:
            pattern = self._grammar.get_terminal(name).pattern
        except KeyError:
            return name
        if pattern.type == "str":
            return repr(pattern.value.replace(PLAYER_MARKER, "<player>"))
        return name.rpartition("__")[2]

    def _converter(self, terminal: str) -> Converter:
        return self._converters.get(terminal.rpartition("__")[2], str)

    def _is_unreadable(self, token: Any) -> bool:
        return (
            isinstance(token, Token) and token.type.rpartition("__")[2] == self._unreadable_terminal
        )


class _TemplatePlan:
    """Says where each terminal's value is read among a line's pieces, and how.

    A value is read by the terminal's `_PieceReader`, which checks and converts a text
    once and remembers it, or, for a pattern that looks around itself, checked where it
    stands in the line."""

    def __init__(
        self,
        starts: list[int],
        pattern_of: Callable[[str], re.Pattern[str]],
        reader_of: Callable[[str, str | None, Converter | None], _PieceReader],
        free_piece: int | None = None,
    ) -> None:
        self.starts = starts
        self.pattern_of = pattern_of
        self.reader_of = reader_of
        self.free_piece = free_piece  # words, not a number or a card
        self.covered: set[int] = set()
        self.cacheable = True

    def terminal(self, token: Token, convert: Converter | None) -> _Value:
        """How the terminal's value is read from a line of this shape, checked."""
        if token.type.rpartition("__")[2] == "PLAYER":
            return _Player()
        span = _token_span(token, self.starts)
        if span is None or (span[0] == span[1] and span[0] % 2 == 0):
            # Literal text only (the same on every line of the shape), or a terminal that
            # cuts a number in two: then the shape is not cached at all.
            self.cacheable = self.cacheable and span is not None
            return _Constant(convert(str(token)) if convert else str(token))
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


class _Value:
    """One value of a line's event, as a line of its shape holds it."""

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        raise NotImplementedError


class _Constant(_Value):
    """The same on every line of the shape (literal text, a transformer's constant)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return self.value


class _Player(_Value):
    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return player


class _LineNumber(_Value):
    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return line_number


class _Piece(_Value):
    """One variable piece, through its terminal's reader."""

    def __init__(self, index: int, reader: _PieceReader) -> None:
        self.index = index
        self.reader = reader

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return self.reader.value(pieces[self.index])


class _Span(_Value):
    """A terminal over several pieces, joined, through its reader."""

    def __init__(self, first: int, head: int, last: int, tail: int | None, reader: _PieceReader):
        self.first, self.head, self.last, self.tail = first, head, last, tail
        self.reader = reader

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return self.reader.value(_join_span(pieces, self.first, self.head, self.last, self.tail))


class _CheckedInLine(_Value):
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


class _Items(_Value):
    """A tuple of values (a line's cards)."""

    def __init__(self, items: list[_Value]) -> None:
        self.items = items

    def read(self, pieces: list[str], player: str, line_number: int) -> Any:
        return tuple([item.read(pieces, player, line_number) for item in self.items])


class _ShapeMismatch(Exception):
    """A line fits a known shape, but a value in it is not what the terminal accepts.

    A known shape that fails so, or whose converter refuses a value (`ValueError`: an
    amount too large to store), leaves the line to the grammar, as a line never met is:
    "Total pot 1000000000000 | Rake 1,5" is a syntax error there (the rake), not an
    amount out of range (found by the fuzz test)."""


_CARD, _NUMBER = "card", "number"  # what a one-piece terminal's piece must be
_MAX_VALUES: Final = 8_192  # texts a reader remembers (a few MB in all: hand numbers never repeat)
_UNSEEN: Final = object()


class _PieceReader:
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
        """The piece's value; `_ShapeMismatch` if the terminal does not accept it."""
        value = self.values.get(text, _UNSEEN)
        if value is not _UNSEEN:
            return value
        kind = self.kind
        if kind is not None and (text[-1] in "cdhs") != (kind == _CARD):
            raise _ShapeMismatch
        if self.fullmatch(text) is None:
            raise _ShapeMismatch
        try:
            value = text if self.convert is None else self.convert(text)
        except KeyError:  # a converter's table lacks it ("*** 3TH STREET ***"): no match
            raise _ShapeMismatch from None
        if len(self.values) >= _MAX_VALUES:
            self.values.clear()
        self.values[text] = value
        return value


_FREE_TEXT_START: Final = 3  # characters: enough to tell " with " from any space


def _match_starts(pattern: re.Pattern[str] | None) -> tuple[str, ...] | None:
    """The texts one of which begins every match of `pattern` (`pattern_starts`), or
    None when they cannot be told (or a match may begin anywhere)."""
    if pattern is None:
        return None
    starts = match_prefixes(pattern, _FREE_TEXT_START)
    if not starts or "" in starts:
        return None
    return tuple(sorted(starts))


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
        raise _ShapeMismatch


def _emit(
    template: LineTemplate, pieces: list[str], player: str, line_number: int
) -> tuple[Any, list[str]]:
    event = template.build(pieces, player, line_number)
    return event, template.unreadable_texts(pieces) if template.unreadable else []


def _call_arguments(
    event_class: type, given: dict[str, _Value]
) -> tuple[list[_Value], tuple[str, ...] | None]:
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
    ordered: list[_Value] = []
    for field in fields:
        if field.name in given:
            ordered.append(given[field.name])
        elif field.default is dataclasses.MISSING or field.kw_only:
            return by_keyword
        else:
            ordered.append(_Constant(field.default))
    return ordered, None


def _tokens_in(value: Any) -> list[Token]:
    if isinstance(value, Text):
        return [value.token]
    if isinstance(value, Token):
        return [value]
    if isinstance(value, tuple):
        return [v for v in value if isinstance(v, Token)]
    return []


def _name_readings(line: str, names: Sequence[str]) -> Iterator[tuple[str, str, int]]:
    """Ways to read a seated name into the line: (masked line, name, position).

    A name counts only where it stands as a whole: at the start of the line or after a
    space, and followed by ':', a space or the end of the line. The line unmasked comes
    last, for lines about players who are not seated (joins, chat from the rail).
    """
    for name in names:
        if line.startswith(name) and line[len(name) : len(name) + 1] in (":", " ", ""):
            yield PLAYER_MARKER + line[len(name) :], name, 0
    for name in names:
        start = line.find(name, 1)
        while start > 0:
            end = start + len(name)
            if line[start - 1] == " " and line[end : end + 1] in (":", " ", ""):
                yield line[:start] + PLAYER_MARKER + line[end:], name, start
            start = line.find(name, start + 1)
    yield line, "", -1


def _unmasked_error(error: LineSyntaxError, line: str, player: str, offset: int) -> LineSyntaxError:
    """Report the column in the line as the player sees it, name unmasked."""
    column = error.column
    if offset >= 0 and column > offset + 1:
        column += len(player) - 1
    return LineSyntaxError(line, column, error.expected)


def _piece_starts(pieces: Sequence[str]) -> list[int]:
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

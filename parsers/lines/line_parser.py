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

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedInput

from parsers.lines.line_pieces import split_pieces
from parsers.lines.line_templates import (
    Constant,
    Items,
    LineNumber,
    LineTemplate,
    PieceReader,
    ShapeMismatch,
    TemplatePlan,
    Value,
    call_arguments,
    piece_starts,
)
from parsers.lines.line_templates import Converter as Converter
from parsers.lines.pattern_starts import match_prefixes

PLAYER_MARKER: Final = "\ue000"
"""Stands for the seated player's name in the text given to the grammar."""

# Whole texts kept in each cache, cleared when full: the lines that repeat come back at once.
_MAX_LINES: Final = 2_000

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
    costing a grammar parse each (most of a stud archive's shapes). Only a line no shape
    knew is cut so; the lines the fast paths find never pay for it.
    """

    def __init__(
        self,
        grammar: Lark,
        transformer: Transformer[Token, Any],
        converters: Mapping[str, Converter],
        unreadable_terminal: str | None = None,
        max_shapes: int = 50_000,
        free_text: re.Pattern[str] | None = None,
    ) -> None:
        self._free_text = free_text
        # A line holding none of the texts a match begins with ("] (", " wi") is not searched.
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
        self._readers: dict[tuple[str, str | None, Converter | None], PieceReader] = {}

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
                    except (ShapeMismatch, ValueError):
                        pass
                break
        else:
            found = [name for name in names if name in line]
            if not found:  # no name anywhere ("*** 3rd STREET ***"): the one reading is the line
                pieces, template = self._known(line)
                if template is not None:
                    try:
                        return _emit(template, pieces, "", line_number)
                    except (ShapeMismatch, ValueError):
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
                except (ShapeMismatch, ValueError):
                    pass  # a value this shape's terminals refuse: let the grammar judge it
            try:
                learnt = self._learn(masked, pieces, free, remember=template is None)
            except LineSyntaxError as error:
                if first_error is None:
                    first_error = _unmasked_error(error, line, player, offset)
                continue
            try:
                return _emit(learnt, pieces, player, line_number)
            except ShapeMismatch:  # the grammar takes "*** 3TH STREET ***", its table not
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
        except (ShapeMismatch, ValueError):
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
        plan = TemplatePlan(piece_starts(pieces), self._pattern, self._reader, free)
        # Checked first, before any field is converted.
        checks = [plan.terminal(v.token, None) for v in fields.values() if isinstance(v, Ignored)]
        given: dict[str, Value] = {}
        unreadable: list[Token] = []
        for name, value in fields.items():
            if isinstance(value, Ignored):
                continue
            if isinstance(value, Text):
                given[name] = plan.terminal(value.token, str)
            elif isinstance(value, Token):
                given[name] = plan.terminal(value, self._converter(value.type))
            elif isinstance(value, tuple) and any(isinstance(v, Token) for v in value):
                given[name] = Items([plan.terminal(v, self._converter(v.type)) for v in value])
            else:
                given[name] = Constant(value)
            unreadable.extend(v for v in _tokens_in(value) if self._is_unreadable(v))
        given["line"] = LineNumber()
        arguments, keywords = call_arguments(event_class, given)
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

    def _reader(self, terminal: str, kind: str | None, convert: Converter | None) -> PieceReader:
        """The reader of a terminal's pieces, one for every shape that has the terminal."""
        key = (terminal, kind, convert)
        reader = self._readers.get(key)
        if reader is None:
            reader = self._readers[key] = PieceReader(self._pattern(terminal), kind, convert)
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


def _emit(
    template: LineTemplate, pieces: list[str], player: str, line_number: int
) -> tuple[Any, list[str]]:
    event = template.build(pieces, player, line_number)
    return event, template.unreadable_texts(pieces) if template.unreadable else []


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

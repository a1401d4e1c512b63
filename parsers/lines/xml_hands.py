"""The one door for XML histories (iPoker, Merge's export and Boss Media write a session
as XML): parsed by expat with what a hostile file uses to hurt the reader refused, as
`defusedxml` refuses it (the same four handlers, without its pure-Python parser layer),
into the standard library's C elements, each element's line kept beside them
(`parsers.lines.xml_elements.XmlTree`).

- A document type declaration is refused where it starts. No history has one, and every
  attack below needs one: entity expansion ("billion laughs": ten entities of ten of the
  one before inflate a kilobyte to gigabytes), external entities (`<!ENTITY x SYSTEM
  "file:///etc/passwd">`), a DTD fetched from a URL. Entity declarations, unparsed
  entities and external references are refused as well, should a declaration ever get
  past that; reading a history never opens another file or the network.

A refusal, like a file that is not XML at all, is a `HandParseError` naming the file and
line, so an import counts the file and goes on.

An XML history is one document, but studdraw reads and stores it a hand at a time like
any other history (byte offsets, line numbers, resuming a file that grows): `split_xml`
cuts the file's text into its hand elements, each `HandText` carrying the file's text
before its first hand (`preamble`: the session's header, where the currency, game and
table are). A hand is then read on its own (`parse_xml`), the header with
`parse_xml_opening`; both give every element its line in the file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import NoReturn, TypeVar
from xml.etree.ElementTree import Element, TreeBuilder
from xml.parsers import expat

from parsers.lines.hand_assembly import StructureError
from parsers.lines.line_accounting import recording
from parsers.lines.xml_elements import ElementFault, XmlTree, start_tag_lines
from parsers.model.amounts import AmountOutOfRange
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Hand
from parsers.text.hand_texts import HandText, byte_offsets, decode_history


class XmlRefused(Exception):
    """What a history never holds and an attack needs (a DTD, an entity declared)."""


def _refuse(what: str) -> Callable[..., NoReturn]:
    def refuse(*_details: object) -> NoReturn:
        raise XmlRefused(what)

    return refuse


_REFUSALS = tuple(
    (handler, _refuse(what))  # made once: a parser is made for every hand
    for handler, what in (
        ("StartDoctypeDeclHandler", "a document type declaration (DTD)"),
        ("EntityDeclHandler", "an entity declaration"),
        ("UnparsedEntityDeclHandler", "an unparsed entity declaration"),
        ("ExternalEntityRefHandler", "an external entity reference"),
    )
)


def _read(
    path: str, data: bytes | str, first_line: int, whole: bool, rows: Sequence[str] | None = None
) -> XmlTree:
    """The tree, with expat calling the C tree builder directly and the elements' lines
    counted from the text's rows after (`start_tag_lines`); else (bytes, a document read in
    part, a text with comments or declarations) each element's line asked of expat as it
    starts, a Python call per element."""
    if whole and isinstance(data, str):
        builder = TreeBuilder()
        parser = _parser(builder)
        parser.StartElementHandler = builder.start
        _parse(parser, path, data, first_line, whole)
        root = builder.close()
        lines = start_tag_lines(root, data.split("\n") if rows is None else rows, first_line)
        if lines is not None:
            return XmlTree(root, lines)
    return _read_asking_lines(path, data, first_line, whole)


def _read_asking_lines(path: str, data: bytes | str, first_line: int, whole: bool) -> XmlTree:
    builder = TreeBuilder()
    parser = _parser(builder)
    lines: dict[Element, int] = {}
    elements: list[Element] = []  # the root, as soon as it starts: a document read in part

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = builder.start(tag, attributes)
        lines[element] = first_line - 1 + parser.CurrentLineNumber
        if not elements:
            elements.append(element)

    parser.StartElementHandler = start
    _parse(parser, path, data, first_line, whole)
    if not elements:
        raise HandParseError(ErrorKind.SYNTAX, "no XML element", path, first_line)
    return XmlTree(elements[0], lines)


def _parser(builder: TreeBuilder) -> expat.XMLParserType:
    """An expat parser feeding `builder` (but for the start tags), refusing what an
    attack needs."""
    parser = expat.ParserCreate(intern=None)  # no names looked up to share: 4% of a hand
    parser.buffer_text = True  # text in one piece, not a call per line
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    for handler, refusal in _REFUSALS:
        setattr(parser, handler, refusal)
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    return parser


def _parse(
    parser: expat.XMLParserType, path: str, data: bytes | str, first_line: int, whole: bool
) -> None:
    try:
        parser.Parse(data, whole)
    except XmlRefused as refusal:
        raise HandParseError(
            ErrorKind.STRUCTURE,
            f"XML refused: {refusal}, which no history needs",
            path,
            first_line,
        ) from None
    except expat.ExpatError as error:
        raise HandParseError(
            ErrorKind.SYNTAX,
            f"not well-formed XML ({expat.errors.messages[error.code]}: line {error.lineno}, "
            f"column {error.offset})",
            path,
            first_line - 1 + error.lineno,
            error.offset + 1,
        ) from None


def parse_xml(
    path: str, data: bytes | str, first_line: int = 1, rows: Sequence[str] | None = None
) -> XmlTree:
    """The document's tree; `HandParseError` for unsafe or broken XML. Text (a hand cut
    out of its file) is read as already decoded; `first_line` is the file's line the text
    starts on, `rows` its lines if already split (a hand's)."""
    return _read(path, data, first_line, True, rows)


def parse_xml_opening(path: str, text: str, first_line: int = 1) -> XmlTree:
    """The tree of a document of which only the opening is given, its elements so far
    (a session's header, the hands left out): refused or broken like `parse_xml`."""
    return _read(path, text, first_line, whole=False)


def split_xml(
    path: str, data: bytes, hand_start: re.Pattern[str], hand_end: str
) -> Iterator[HandText]:
    """The hands of an XML history: each from a `hand_start` match (its start tag) to the
    end tag `hand_end` included, or to the next hand (a file cut short). The text before
    the first hand is every hand's `preamble`; the closing tags after the last hand are
    no hand. The encoding is found as for any history (`decode_history`): an iPoker file
    that declares UTF-8 and holds Windows-1252 euro signs is read as Windows-1252. Bytes
    that are not UTF-8 in a file read as UTF-8 (it has a byte-order mark) are decoded
    escaped, so that the offsets after them stay exact, and read as U+FFFD."""
    decoded = decode_history(data, errors="surrogateescape")
    text = decoded.text
    returns = "\r" in text  # one scan: a euro sign makes the text two bytes a character
    if returns:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    starts = [match.start() for match in hand_start.finditer(text)]
    if not starts:
        return
    bounds: list[tuple[int, int]] = []
    for start, following in zip(starts, [*starts[1:], len(text)], strict=True):
        closing = text.find(hand_end, start, following)
        bounds.append((start, following if closing < 0 else closing + len(hand_end)))
    flat = [position for bound in bounds for position in bound]
    if returns:
        flat = _undo_newlines(decoded.text, flat)
    offsets = byte_offsets(decoded.text, flat, decoded, len(data))
    preamble = decoded.readable(text[: starts[0]])
    line, counted = 1, 0
    for index, (start, end) in enumerate(bounds):
        line += text.count("\n", counted, start)
        counted = start
        yield HandText(
            path=path,
            lines=tuple(map(str.rstrip, decoded.readable(text[start:end]).split("\n"))),
            first_line=line,
            byte_offset=offsets[2 * index],
            byte_end=offsets[2 * index + 1],
            preamble=preamble,
        )


def closing_of(preamble: str) -> str:
    """The end tag of the document a file's `preamble` opens ("</session>" at iPoker,
    "</ROOT>" at Boss; "" for none): to write hands back into a file of their own."""
    opened = re.search(r"<([A-Za-z][\w.-]*)", re.sub(r"<\?.*?\?>", "", preamble))
    return f"</{opened[1]}>" if opened else ""


def _undo_newlines(original: str, positions: list[int]) -> list[int]:
    """Positions in the text with CRLF made LF, as positions in the original text."""
    if "\r\n" not in original:
        return positions
    crlf = [match.start() for match in re.finditer("\r\n", original)]
    result, passed = [], 0
    for position in positions:
        while passed < len(crlf) and crlf[passed] - passed < position:
            passed += 1
        result.append(position + passed)
    return result


_CARD = re.compile(r"[2-9TJQKA][cdhs]")  # as grammars/pieces.lark's CARD
_HIDDEN = frozenset({"X", "XX", "b", ""})
_RANKS = "A23456789TJQK"  # Boss numbers each suit's cards ace first
_NUMBERED_SUITS = "dchs"  # Boss: 0-12 diamonds, 13-25 clubs, 26-38 hearts, 39-51 spades


@lru_cache(maxsize=1024)  # a hand prints dozens of cards, all of a few hundred spellings
def card_of(text: str) -> str | None:
    """A card as an XML site writes it, in studdraw's form ("Ts"): rank first ("5h",
    Merge), suit first with ten as "10" ("S10", "HA": iPoker) or a number from 0 to 51
    (Boss: "22" is the ten of clubs). None for a card not shown ("X" at iPoker, "" between
    Merge's commas, "b" at Boss); ValueError for anything else."""
    text = text.strip()
    if text in _HIDDEN:
        return None
    if _CARD.fullmatch(text):
        return text
    if text.isdigit() and len(text) <= 2 and int(text) < 52:
        number = int(text)
        return _RANKS[number % 13] + _NUMBERED_SUITS[number // 13]
    if len(text) >= 2 and text[0] in "SHDCshdc":
        rank = "T" if text[1:] == "10" else text[1:].upper()
        card = rank + text[0].lower()
        if _CARD.fullmatch(card):
            return card
    raise ValueError(f"unreadable card {text!r}")


# ---------------------------------------------------------------------------- a hand's faults


_Read = TypeVar("_Read")


def read_xml_hand(chunk: HandText, number: str | None, read: Callable[[XmlTree], _Read]) -> _Read:
    """`read` applied to the hand's tree; whatever goes wrong (broken XML, a missing
    attribute, lines out of place, an unreadable amount) a `HandParseError` naming the
    file, the line and the hand, never another exception."""
    try:
        return read(parse_xml(chunk.path, chunk.text, chunk.first_line, chunk.lines))
    except HandParseError as error:
        error.path, error.hand_number = chunk.path, error.hand_number or number
        error.line_text = error.line_text or chunk_line(chunk, error.line)
        raise
    except (ElementFault, StructureError) as fault:
        raise hand_error(chunk, number, fault.line, str(fault), fault) from None
    except (AmountOutOfRange, ValueError, OverflowError) as fault:  # a date past time_t
        raise hand_error(chunk, number, chunk.first_line, str(fault), fault) from None


def hand_error(
    chunk: HandText, number: str | None, line: int, message: str, fault: Exception
) -> HandParseError:
    """The `HandParseError` for a fault at a line of the hand: a hand cut short is
    TRUNCATED, elements out of place STRUCTURE, a value that does not read SYNTAX."""
    truncated = isinstance(fault, StructureError) and fault.truncated
    return HandParseError(
        ErrorKind.TRUNCATED
        if truncated
        else ErrorKind.STRUCTURE
        if isinstance(fault, (ElementFault, StructureError))
        else ErrorKind.SYNTAX,
        message,
        chunk.path,
        line,
        1,
        number,
        chunk_line(chunk, line),
    )


def chunk_line(chunk: HandText, line: int) -> str:
    """The text of a line of the file, if the hand holds it ("" else)."""
    offset = line - chunk.first_line
    return chunk.lines[offset] if 0 <= offset < len(chunk.lines) else ""


# ---------------------------------------------------------------------------- a hand's lines

ElementKind = Callable[[Element], "tuple[bool, str] | None"]
"""What a site's XML element is when no event of the hand stands on its line: (True, what
it was read into) or (False, the kind of element that carries nothing); None: unknown."""


def account_for_elements(chunk: HandText, tree: XmlTree, hand: Hand, kind_of: ElementKind) -> None:
    """Tell `line_accounting`, if a test asks, what became of the hand's XML lines that
    make no event: the elements the site names (`kind_of`), an element read with the
    element it stands in whose line made an event (a `<CARD>` of a deal), and the lines of
    closing tags alone. An element none of these claims is left unclaimed."""
    account = recording()
    if account is None:
        return
    kept = {event.line for event in hand.events} | {seat.line for seat in hand.seats}
    parent_of = {child: parent for parent in tree.root.iter() for child in parent}
    for element in tree.root.iter():
        line = tree.line(element)
        if line in kept or line in account.read or line in account.nothing:
            continue
        kind = kind_of(element)
        parent = parent_of.get(element)
        if kind is not None:
            read, what = kind
            (account.read if read else account.nothing)[line] = what
        elif parent is not None and (
            tree.line(parent) in kept or tree.line(parent) in account.read
        ):
            account.read[line] = f"read with the element of line {tree.line(parent)}"
    for offset, text in enumerate(chunk.lines):
        if text.lstrip().startswith("</"):
            account.nothing.setdefault(chunk.first_line + offset, "closing tag")

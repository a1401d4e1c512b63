"""Bytes of a history file to the text of its hands.

Poker clients write UTF-8 (with or without a byte-order mark), UTF-16 (Full Tilt) or the
Windows code page; lines end in CRLF or LF; hands are separated by blank lines, and a
file the client is still writing may end in half a hand. Nothing here is fatal: text
that is not a hand becomes a chunk of its own, for the caller to report.

Some UTF-16 exports are *double-spaced*: every line is followed by a blank one (the real
Full Tilt and Winning files of 2010-2016 read "line, LF, LF, line"). In such a file a hand
ends at two blank lines, and its chunk keeps the single blank lines between its lines,
so that every line keeps its true line number; the site parsers pass blank lines over.
"""

from __future__ import annotations

import bisect
import codecs
import itertools
import re
from collections.abc import Generator, Iterator
from dataclasses import field
from typing import Final

from parsers.lines.pattern_starts import match_prefixes
from parsers.model.immutable import immutable


@immutable
class DecodedFile:
    text: str
    encoding: str
    bom_bytes: int
    escaped: bool = False  # bytes that are not UTF-8 kept, as U+DC80-U+DCFF (`readable`)

    def readable(self, part: str) -> str:
        """A part of `text` as it reads decoded with U+FFFD: one for each run of escaped
        bytes (the bytes again, decoded so); as it is if nothing was escaped."""
        if not self.escaped:
            return part
        return part.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


@immutable
class FilePiece:
    """Where a piece of a file starts (byte offset and line number), and the encoding the
    whole file was found to have (None: guess it from the piece, the whole file)."""

    start: int = 0
    first_line: int = 1
    encoding: str | None = None


@immutable
class HandText:
    """One hand's text (or a run of text that is not a hand) and where it sits in its file.

    `byte_offset` and `byte_end` locate the chunk in the original bytes, so that an
    import can resume after the last complete hand of a file that grows.
    """

    path: str
    lines: tuple[str, ...]
    first_line: int
    byte_offset: int
    byte_end: int
    is_hand: bool = True
    # The file's text before its first hand, for formats whose hands are read with their
    # file's header (an XML session's currency, game and table): "" for the text sites.
    preamble: str = field(default="", repr=False)
    # The file's heading line (number, text) read before this hand, for a site that
    # writes the game and stakes once per file (Merge's "<description .../>"): None else.
    file_heading: tuple[int, str] | None = None

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


_BOMS: Final = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def decode_history(
    data: bytes, encoding: str | None = None, errors: str = "replace"
) -> DecodedFile:
    """Guess the encoding the way the clients write: BOM, then UTF-16 by its zeros,
    then strict UTF-8, then cp1252 (which reads any byte). A piece of a larger file comes
    with the `encoding` guessed for the whole file ('utf-8' or 'cp1252'): a piece alone
    could guess otherwise.

    Bytes that are not UTF-8 in a file read as UTF-8 all the same (it has a byte-order
    mark, or the whole file is UTF-8) become U+FFFD; with `errors="surrogateescape"`, one
    U+DC80-U+DCFF a byte instead (`escaped`), which `byte_offsets` counts as the byte it
    was, and `DecodedFile.readable` turns into U+FFFD once positions are found."""
    for bom, bom_encoding in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            if bom_encoding == "utf-8":
                return _utf8(body, errors, len(bom))
            body = body[: len(body) - len(body) % 2]  # a dangling half code unit: drop it
            return DecodedFile(body.decode(bom_encoding, "replace"), bom_encoding, len(bom))
    if encoding == "cp1252":
        return DecodedFile(data.decode("cp1252", "replace"), "cp1252", 0)
    if encoding is None and is_utf16(data):  # by its zeros: a byte-order mark read above
        sample = data[:4096]
        zeros_at_odd = sum(1 for i in range(1, len(sample), 2) if sample[i] == 0)
        encoding = "utf-16-le" if zeros_at_odd > len(sample) // 4 else "utf-16-be"
        usable = len(data) - len(data) % 2  # a file cut mid code unit: drop the odd byte
        return DecodedFile(data[:usable].decode(encoding, "replace"), encoding, 0)
    try:
        return DecodedFile(data.decode("utf-8"), "utf-8", 0)
    except UnicodeDecodeError as error:
        if error.start >= len(data) - 3 and error.end == len(data):
            # Cut inside the last character (the client is still writing): UTF-8 all the same.
            return DecodedFile(data[: error.start].decode("utf-8", "replace"), "utf-8", 0)
        if encoding == "utf-8":  # changed since the whole file was read: keep what reads
            return _utf8(data, errors, 0)
        return DecodedFile(data.decode("cp1252", "replace"), "cp1252", 0)


def is_utf16(data: bytes) -> bool:
    """A history in UTF-16, by its byte-order mark or, without one, by its zeros (a
    quarter of its first 4,096 bytes at least: ASCII text in UTF-16 is half zeros)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return True
    sample = data[:4096]
    return len(sample) >= 2 and sample.count(0) > len(sample) // 4


def _utf8(data: bytes, errors: str, bom_bytes: int) -> DecodedFile:
    try:
        return DecodedFile(data.decode("utf-8"), "utf-8", bom_bytes)
    except UnicodeDecodeError:
        escaped = errors == "surrogateescape"
        return DecodedFile(data.decode("utf-8", errors), "utf-8", bom_bytes, escaped)


SLAB_BYTES: Final = 2**21
"""How much of a file is decoded at a time. A file's whole text held at once cost a
worker 30 MB of its peak for a 15 MB file of accented names (two bytes a character);
in slabs of 2 MB: 21 MB less (its peak 164 -> 143 MB), for no more time."""


def slab_cuts(data: bytes, hand_start: re.Pattern[str], slab_bytes: int) -> list[int]:
    """Where to cut `data` (bytes of a UTF-8 or cp1252 file) into slabs of about
    `slab_bytes` that each decode alone and read as they would within the whole: before
    a hand's opening that follows a blank line, where `split_hands` ends a chunk anyway.
    The first cut is 0."""
    cuts = [0]
    for target in range(slab_bytes, len(data) - slab_bytes, slab_bytes):
        if target > cuts[-1]:
            found = hand_start_after(data[target : target + _CUT_WINDOW], hand_start)
            if found is not None:
                cuts.append(target + found)
    return cuts


def byte_encoding(data: bytes) -> str | None:
    """The encoding `decode_history` would find for all of `data`, without decoding it
    whole: 'utf-8' or 'cp1252', or None for UTF-16 (whose bytes are not cut)."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8"
    if is_utf16(data):
        return None
    if data.isascii():
        return "utf-8"
    guess = EncodingGuess(len(data))
    view = memoryview(data)
    for start in range(0, len(data), _CUT_WINDOW):
        guess.feed(view[start : start + _CUT_WINDOW])
        if guess.encoding != "utf-8":
            break
    return guess.encoding


class EncodingGuess:
    """`decode_history`'s choice between UTF-8 and cp1252 for a file of `size` bytes
    without a byte-order mark, made as its bytes are read, block by block: UTF-8 unless
    a byte is not, where a last character cut short (the client still writing) is
    UTF-8 all the same."""

    def __init__(self, size: int) -> None:
        self.encoding = "utf-8"
        self._size = size
        self._fed = 0
        self._decoder = codecs.getincrementaldecoder("utf-8")()

    def feed(self, block: bytes | memoryview) -> None:
        """The file's next bytes."""
        if self.encoding == "utf-8":
            held = len(self._decoder.getstate()[0])  # a character's first bytes, fed before
            try:
                self._decoder.decode(block, final=False)
            except UnicodeDecodeError as error:
                begin = self._fed - held + error.start
                end = self._fed - held + error.end
                if begin < self._size - 3 or end != self._size:
                    self.encoding = "cp1252"
        self._fed += len(block)


def hand_start_after(window: bytes, hand_start: re.Pattern[str]) -> int | None:
    """Where in `window` (bytes of a UTF-8 or cp1252 file, read a character a byte) the
    first hand's opening that follows a blank line starts: a place to cut the file.

    An opening may span lines (Full Tilt's archive: a line of stars, a blank line, the
    hand's first line). Matches come in order and never overlap, so a line within an
    opening is found alone only when the opening began before the window: the line of
    text before a place found must then be in the window too."""
    text = window.decode("latin-1")
    for match in hand_start.finditer(text):
        start = match.start()
        if _BLANK_LINE_BEFORE.search(text, max(0, start - 16), start) is None:
            continue
        text_before = start  # back to the end of the last line of text
        while text_before > 0 and text[text_before - 1] in " \t\r\n":
            text_before -= 1
        if text.rfind("\n", 0, text_before) >= 0:  # that line starts in the window
            return start
    return None


_CUT_WINDOW: Final = 2**20  # where to look for a hand to cut before
_BLANK_LINE_BEFORE: Final = re.compile(r"\n[ \t\r]*\n\Z")


def split_hands(
    path: str,
    data: bytes,
    hand_start: re.Pattern[str],
    piece: FilePiece | None = None,
    slab_bytes: int = SLAB_BYTES,
) -> Iterator[HandText]:
    """The file's hands in order, each from its first line to the next blank line or hand.

    `hand_start` matches a hand's first line at the start of a line (sites register it);
    a match may span lines (Full Tilt's archive export puts a line of stars and a blank
    line before the first line, and a blank line after it), and blank lines inside a
    match end no hand. Otherwise hands hold no blank lines (true of every site read so
    far, once double-spaced files are read as such), so text after a blank line that
    does not start a hand is a chunk of its own, reported as not a hand, instead of
    spoiling the hand before it.
    `data` may be a `piece` of a larger file: line numbers and byte offsets are then the
    whole file's. More than two `slab_bytes` of it are decoded a slab at a time
    (`slab_cuts`), in the encoding found for all of them (`byte_encoding`); UTF-16 whole.
    """
    piece = piece or FilePiece()
    encoding = piece.encoding
    if len(data) > 2 * slab_bytes and encoding is None:
        encoding = byte_encoding(data)
    if len(data) <= 2 * slab_bytes or encoding is None:
        yield from _split_decoded(path, data, hand_start, piece)
        return
    line = piece.first_line  # each slab's first line: where the one before ended
    for begin, end in itertools.pairwise([*slab_cuts(data, hand_start, slab_bytes), len(data)]):
        slab = FilePiece(piece.start + begin, line, encoding)
        line = yield from _split_decoded(path, data[begin:end], hand_start, slab)


def _split_decoded(
    path: str, data: bytes, hand_start: re.Pattern[str], piece: FilePiece
) -> Generator[HandText, None, int]:
    """`split_hands` of text decoded at once; returns the line number after its end."""
    decoded = decode_history(data, piece.encoding, "surrogateescape")  # offsets exact
    text = decoded.text
    if "\r" in text:
        # Keep offsets: a lone CR becomes LF, a CRLF keeps its CR for rstrip() to remove.
        text = re.sub(r"\r(?!\n)", "\n", text)
    openings = hand_openings(text, hand_start)
    starts = {start for start, _end in openings}
    blank_lines = _TWO_BLANK_LINES if _is_double_spaced(text) else _BLANK_LINES
    starts.update(
        match.end() for match in blank_lines.finditer(text) if not _inside(match.start(), openings)
    )
    boundaries = sorted(starts | {0, len(text)})
    byte_at = [
        piece.start + offset for offset in byte_offsets(text, boundaries, decoded, len(data))
    ]
    line_number = piece.first_line
    for index, (start, end) in enumerate(itertools.pairwise(boundaries)):
        chunk = decoded.readable(text[start:end])
        lines = [line.rstrip() for line in chunk.split("\n")]
        first = 0
        while first < len(lines) and not lines[first]:
            first += 1
        last = len(lines)
        while last > first and not lines[last - 1]:
            last -= 1
        if last > first:
            yield HandText(
                path=path,
                lines=tuple(lines[first:last]),
                first_line=line_number + first,
                byte_offset=byte_at[index],
                byte_end=byte_at[index + 1],
                is_hand=hand_start.match(text, start) is not None,
            )
        line_number += chunk.count("\n")
    return line_number


def hand_openings(text: str, hand_start: re.Pattern[str]) -> list[tuple[int, int]]:
    """The spans of `hand_start.finditer(text)`, found faster.

    A text site's opening is anchored at a line's start (a MULTILINE "^"), so the regex
    engine tries it at every character of the file: a tenth of all a hand cost to import.
    Looking for a newline followed by the opening lets it leap from newline to newline.
    """
    scanner = _line_start_scanner(hand_start)
    if scanner is None:
        return [match.span() for match in hand_start.finditer(text)]
    openings: list[tuple[int, int]] = []
    searched_from = 0  # as finditer: an opening starts after the one before ends
    for start in itertools.chain((0,), (match.end() for match in scanner.finditer(text))):
        if start >= searched_from:
            match = hand_start.match(text, start)
            if match is not None:
                openings.append(match.span())
                searched_from = match.end()
    return openings


_SCANNERS: Final[dict[re.Pattern[str], re.Pattern[str] | None]] = {}


def _line_start_scanner(hand_start: re.Pattern[str]) -> re.Pattern[str] | None:
    """A newline that an opening follows, for a pattern anchored at line starts. The
    characters an opening can start with (up to five), after any blanks, are checked
    first: nearly every line of a hand starts otherwise, and is passed at its first
    characters instead of after the whole alternation of every site's opening
    (`parsers.lines.pattern_starts`)."""
    if hand_start not in _SCANNERS:
        anchored = hand_start.pattern.startswith("^") and hand_start.flags & re.MULTILINE
        scanner = None
        if anchored:
            opening = hand_start.pattern[1:]
            prefixes = match_prefixes(
                re.compile(opening, hand_start.flags), _PREFIX_LENGTH, skipping=" \t"
            )
            first = "" if prefixes is None else rf"(?=[ \t]*{_any_prefix(prefixes)})"
            scanner = re.compile(rf"\n{first}(?={opening})", hand_start.flags)
        _SCANNERS[hand_start] = scanner
    return _SCANNERS[hand_start]


# Five characters: "*** #" (Full Tilt's line of stars before an opening) is told from
# "*** 3rd STREET ***" before the whole alternation runs (two: 9.7 -> 7.6 us an Absolute
# hand's scan); the pattern tries each character once, so longer costs no more elsewhere.
_PREFIX_LENGTH: Final = 5


def _any_prefix(prefixes: frozenset[str] | set[str]) -> str:
    """A pattern for "one of these prefixes" as a trie: each character tried once, a
    prefix that stops short letting any character follow ("P(?:OKER|oker)|\\#")."""
    following: dict[str, set[str]] = {}
    for prefix in prefixes:
        following.setdefault(prefix[0], set()).add(prefix[1:])
    alternatives, last_characters = [], []
    for first, rests in sorted(following.items()):
        if "" in rests:  # this prefix stops here: any character may follow
            last_characters.append(re.escape(first))
        else:
            alternatives.append(re.escape(first) + _any_prefix(rests))
    if len(last_characters) == 1:
        alternatives.append(last_characters[0])
    elif last_characters:
        alternatives.append(f"[{''.join(last_characters)}]")
    return alternatives[0] if len(alternatives) == 1 else f"(?:{'|'.join(alternatives)})"


_BLANK_LINES: Final = re.compile(r"\n(?:[ \t\r\ufeff]*\n)+")
_TWO_BLANK_LINES: Final = re.compile(r"\n(?:[ \t\r\ufeff]*\n){2,}")
_TWO_TEXT_LINES: Final = re.compile(r"[^\s\ufeff][ \t\r\ufeff]*\n[ \t\r\ufeff]*[^\s\ufeff]")


def _inside(position: int, openings: list[tuple[int, int]]) -> bool:
    """Whether `position` falls within one of the (sorted, disjoint) hand openings."""
    index = bisect.bisect_right(openings, (position, _AFTER_ANY)) - 1
    return index >= 0 and openings[index][0] <= position < openings[index][1]


# Sorts after any end offset: (position, _AFTER_ANY) follows (position, end).
_AFTER_ANY: Final = 1 << 62


def _is_double_spaced(text: str) -> bool:
    """Every line followed by a blank one: no two lines of text stand next to each other."""
    return "\n\n" in text.lstrip() and _TWO_TEXT_LINES.search(text) is None


def byte_offsets(
    text: str, positions: list[int], decoded: DecodedFile, data_length: int
) -> list[int]:
    """Byte offsets in the original file of character positions in its decoded text
    (never past the end: a replaced broken tail may re-encode longer than it was)."""
    if decoded.encoding == "cp1252" or (decoded.encoding == "utf-8" and text.isascii()):
        return [min(decoded.bom_bytes + position, data_length) for position in positions]
    offsets, byte, previous = [], decoded.bom_bytes, 0
    for position in positions:
        byte += len(text[previous:position].encode(decoded.encoding, "surrogateescape"))
        offsets.append(min(byte, data_length))
        previous = position
    return offsets

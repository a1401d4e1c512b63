"""Reading history files: encodings, line endings, hand boundaries, byte offsets, errors.

Every input is built from real PokerStars hands (shared/histories/real, beside the
checkout) re-encoded the ways poker clients write files. Expectations are computed from
the text itself (header lines, seat lines, line numbers), not from the parser.
"""

from __future__ import annotations

import codecs
import itertools
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Hand
from parsers.sites import ANY_HAND_START, SITE_FORMATS
from parsers.text.hand_texts import (
    HandText,
    byte_encoding,
    decode_history,
    hand_openings,
    slab_cuts,
    split_hands,
)
from parsers.text.history_file import file_chunks, history_files, parse_bytes, parse_file
from tests.conftest import REAL_HISTORIES

REAL = REAL_HISTORIES
STARS = REAL / "PokerStars"
STUD_FILE = STARS / "cash" / "Stud" / "7-Stud-USD-0.04-0.08-200911.txt"  # ASCII, 11 hands
BADUGI_FILE = STARS / "cash" / "Draw" / "Badugi-USD-0.25-0.50-201009.txt"  # UTF-8 + BOM, 4 hands

# A seated player renamed in each file so that the text is not ASCII.
RENAMES = {STUD_FILE: ("Nikolay Zem", "drachensüss"), BADUGI_FILE: ("Lino19", "Jörg")}

HEADER = re.compile(r"^\ufeff?PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand) #(\d+)")
SEAT = re.compile(r"^Seat \d+: (.+?) \(\$?[\d.,]+ in chips")


# -- the real hands ----------------------------------------------------------------------


@cache
def real_text(path: Path) -> str:
    """The file's text with LF line endings and no byte-order mark."""
    return path.read_bytes().decode("utf-8-sig").replace("\r\n", "\n")


@cache
def real_hands(path: Path) -> tuple[str, ...]:
    """The file's hands, each as its lines joined by LF, no blank line around."""
    hands = tuple(re.split(r"\n[ \t]*\n\s*", real_text(path).strip()))
    assert all(HEADER.match(hand) for hand in hands)
    return hands


@cache
def renamed_text(path: Path) -> str:
    old, new = RENAMES[path]
    text = real_text(path)
    assert old in text
    return text.replace(old, new)


def header_numbers(text: str) -> list[str]:
    return [m.group(1) for line in text.split("\n") if (m := HEADER.match(line))]


def header_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if HEADER.match(line)]


def seat_lists(text: str) -> list[tuple[str, ...]]:
    """Each hand's seated players, from the seat lines right after its table line."""
    result = []
    for hand in re.split(r"\n[ \t]*\n\s*", text.strip()):
        names = []
        for line in hand.split("\n")[2:]:
            match = SEAT.match(line)
            if not match:
                break
            names.append(match.group(1))
        result.append(tuple(names))
    return result


def line_numbers_of_headers(text: str) -> list[int]:
    return [number for number, line in enumerate(text.split("\n"), 1) if HEADER.match(line)]


def outcomes(data: bytes, path: str = "hands.txt") -> list[tuple[HandText, object]]:
    return list(parse_bytes(path, data))


def hands_only(data: bytes) -> list[Hand]:
    result = []
    for _chunk, outcome in outcomes(data):
        assert isinstance(outcome, Hand), outcome
        result.append(outcome)
    return result


def digest(hand: Hand) -> tuple[str, tuple[str, ...], int]:
    return hand.hand_number, tuple(seat.player for seat in hand.seats), len(hand.events)


# -- encodings and line endings -----------------------------------------------------------

ENCODINGS: dict[str, tuple[Callable[[str], bytes], str, int]] = {
    # name: (text -> bytes, encoding decode_history must find, byte-order-mark length)
    "utf-8": (lambda text: text.encode("utf-8"), "utf-8", 0),
    "utf-8-bom": (lambda text: codecs.BOM_UTF8 + text.encode("utf-8"), "utf-8", 3),
    "utf-16-le-bom": (
        lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "utf-16-le",
        2,
    ),
    "utf-16-be-bom": (
        lambda text: codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
        "utf-16-be",
        2,
    ),
    "utf-16-le-no-bom": (lambda text: text.encode("utf-16-le"), "utf-16-le", 0),
    "cp1252": (lambda text: text.encode("cp1252"), "cp1252", 0),
}
LINE_ENDINGS = {"lf": "\n", "crlf": "\r\n", "cr": "\r"}
FILES = {"stud": STUD_FILE, "badugi": BADUGI_FILE}


def encode(text: str, encoding: str, ending: str) -> bytes:
    return ENCODINGS[encoding][0](text.replace("\n", LINE_ENDINGS[ending]))


@cache
def reference_hands(path: Path) -> tuple[Hand, ...]:
    """The renamed file parsed from plain UTF-8 with LF endings."""
    return tuple(hands_only(renamed_text(path).encode("utf-8")))


@cache
def reference_hands_plain(path: Path) -> tuple[Hand, ...]:
    """The unmodified file parsed from UTF-8 with LF endings."""
    return tuple(hands_only(real_text(path).encode()))


@pytest.mark.parametrize("file_key", FILES)
def test_reference_parse_matches_the_text(file_key):
    path = FILES[file_key]
    text = renamed_text(path)
    hands = reference_hands(path)
    assert [hand.hand_number for hand in hands] == header_numbers(text)
    assert [tuple(seat.player for seat in hand.seats) for hand in hands] == seat_lists(text)
    new_name = RENAMES[path][1]
    assert any(new_name in (seat.player for seat in hand.seats) for hand in hands)
    # every event points at a line of its own hand, in file order
    starts = line_numbers_of_headers(text)
    ends = [*[start - 1 for start in starts[1:]], text.count("\n") + 1]
    for hand, start, end in zip(hands, starts, ends, strict=True):
        lines = [event.line for event in hand.events]
        assert lines == sorted(lines)
        assert start < lines[0] and lines[-1] <= end


@pytest.mark.parametrize("ending", LINE_ENDINGS)
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("file_key", FILES)
def test_same_hands_in_every_encoding_and_line_ending(file_key, encoding, ending):
    path = FILES[file_key]
    data = encode(renamed_text(path), encoding, ending)
    assert decode_history(data).encoding == ENCODINGS[encoding][1]

    reference = reference_hands(path)
    got = hands_only(data)
    assert [digest(hand) for hand in got] == [digest(hand) for hand in reference]
    assert got == list(reference)  # whole hands, with the non-ASCII name decoded right
    # line numbers do not depend on the encoding or the line ending either
    assert [[event.line for event in hand.events] for hand in got] == [
        [event.line for event in hand.events] for hand in reference
    ]


def test_cp1252_path_really_decodes_the_accented_name():
    data = renamed_text(STUD_FILE).encode("cp1252")
    assert "ü".encode("cp1252") in data
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")
    names = {seat.player for hand in hands_only(data) for seat in hand.seats}
    assert "drachensüss" in names
    assert not any("Ã" in name or "\ufffd" in name for name in names)


def test_original_badugi_file_with_bom_parses_every_hand():
    hands = list(parse_file(BADUGI_FILE))
    assert [chunk.first_line for chunk, _ in hands] == line_numbers_of_headers(
        real_text(BADUGI_FILE)
    )
    assert [outcome.hand_number for _, outcome in hands] == header_numbers(real_text(BADUGI_FILE))
    assert all(isinstance(outcome, Hand) for _, outcome in hands)
    assert hands[0][0].byte_offset == len(codecs.BOM_UTF8)


# -- slabs: a large file decoded a few megabytes at a time ---------------------------------


def _slab_count(data: bytes, slab_bytes: int) -> int:
    return len(slab_cuts(data, ANY_HAND_START, slab_bytes)) if byte_encoding(data) else 1


@pytest.mark.parametrize("slab_bytes", [700, 2_500, 9_000])
@pytest.mark.parametrize(
    "path", sorted(history_files([REAL])), ids=lambda path: str(path.relative_to(REAL))
)
def test_a_real_file_decoded_in_slabs_reads_as_it_does_whole(path: Path, slab_bytes: int):
    data = path.read_bytes()
    whole = list(split_hands(path.name, data, ANY_HAND_START, slab_bytes=len(data)))
    in_slabs = list(split_hands(path.name, data, ANY_HAND_START, slab_bytes=slab_bytes))
    assert in_slabs == whole


@pytest.mark.parametrize("ending", LINE_ENDINGS)
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-bom", "cp1252", "utf-16-le-bom"])
def test_slabs_keep_line_numbers_and_offsets_in_every_encoding_and_line_ending(
    encoding: str, ending: str
) -> None:
    data = encode(renamed_text(STUD_FILE) + "\n\n" + renamed_text(BADUGI_FILE), encoding, ending)
    whole = list(split_hands("x.txt", data, ANY_HAND_START, slab_bytes=len(data)))
    assert len(whole) == 15 and all(chunk.is_hand for chunk in whole)
    for slab_bytes in (300, 1_000, 4_000):
        assert list(split_hands("x.txt", data, ANY_HAND_START, slab_bytes=slab_bytes)) == whole
    slabs = _slab_count(data, 1_000)
    # Not cut: UTF-16 (its bytes are no characters) and old Mac files (no LF to cut after)
    assert slabs == 1 if encoding.startswith("utf-16") or ending == "cr" else slabs > 5


def test_slabs_count_a_lone_cr_as_the_line_break_it_reads_as() -> None:
    text = renamed_text(STUD_FILE)
    breaks = iter(range(len(text)))
    mixed = re.sub("\n", lambda _: "\r" if next(breaks) % 7 == 3 else "\r\n", text)
    data = mixed.encode()
    whole = list(split_hands("x.txt", data, ANY_HAND_START, slab_bytes=len(data)))
    assert _slab_count(data, 1_000) > 5
    assert list(split_hands("x.txt", data, ANY_HAND_START, slab_bytes=1_000)) == whole


def test_a_cut_never_falls_inside_an_opening_of_several_lines() -> None:
    """Full Tilt's archive opens a hand with a line of stars, a blank line, then its
    first line: cut between them, the stars would read as a chunk that is not a hand."""
    stars = "*" * 20 + " #1 " + "*" * 20
    lines = real_hands(STUD_FILE)
    opening = re.compile(r"^(?:\*{20} #\d+ \*{20}\n\n)?PokerStars Game", re.MULTILINE)
    text = "\n\n".join(f"{stars}\n\n{hand}" for hand in lines) + "\n"
    data = text.encode()
    whole = list(split_hands("x.txt", data, opening, slab_bytes=len(data)))
    assert len(whole) == len(lines) and all(chunk.lines[0] == stars for chunk in whole)
    for slab_bytes in range(200, 3_000, 37):
        assert list(split_hands("x.txt", data, opening, slab_bytes=slab_bytes)) == whole


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ("drachensüss".encode() * 3, "utf-8"),
        ("drachensüss".encode()[:-1], "utf-8"),  # the client still writing the last "ü"
        ("drachensüss".encode("cp1252") + b"xyz", "cp1252"),
        (b"abc\xff" + b"d", "cp1252"),  # a bad byte near the end, a character after it
        (codecs.BOM_UTF8 + "ü".encode("cp1252") * 9, "utf-8"),  # a BOM says so
        (codecs.BOM_UTF16_LE + "ü".encode("utf-16-le"), None),
    ],
)
def test_the_encoding_found_for_slabs_is_the_one_found_for_the_whole(
    data: bytes, encoding: str | None
) -> None:
    assert byte_encoding(data) == encoding
    if encoding is not None:
        assert decode_history(data).encoding == encoding


# -- byte offsets --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "ending"),
    [
        ("utf-8", "lf"),
        ("utf-8", "crlf"),
        ("utf-8-bom", "crlf"),
        ("utf-16-le-bom", "crlf"),
        ("utf-16-le-bom", "lf"),
        ("utf-16-be-bom", "crlf"),
        ("utf-16-le-no-bom", "crlf"),
        ("cp1252", "crlf"),
    ],
)
@pytest.mark.parametrize("file_key", FILES)
def test_byte_offsets_locate_each_hand(file_key, encoding, ending):
    text = renamed_text(FILES[file_key])
    data = encode(text, encoding, ending)
    decoder, bom = ENCODINGS[encoding][1], ENCODINGS[encoding][2]
    chunks = list(split_hands("hands.txt", data, ANY_HAND_START))
    headers = header_lines(text)
    assert len(chunks) == len(headers)

    for chunk, header in zip(chunks, headers, strict=True):
        piece = data[chunk.byte_offset : chunk.byte_end].decode(decoder)  # strict: whole chars
        lines = [line for line in re.split(r"\r\n|\r|\n", piece) if line.strip()]
        assert lines[0] == header
        assert [line for line in lines if HEADER.match(line)] == [header]
        assert lines[0] == chunk.lines[0]
    # the chunks tile the file: nothing lost, nothing counted twice
    assert chunks[0].byte_offset == bom
    assert all(a.byte_end == b.byte_offset for a, b in itertools.pairwise(chunks))
    assert chunks[-1].byte_end == len(data)


@pytest.mark.parametrize("bad", [b"\xe9", b"\xe2\x82", b"\xff\xfe\xfd"])
def test_bytes_that_are_not_utf8_in_a_utf8_file_keep_the_offsets_exact(bad: bytes) -> None:
    """A file with a byte-order mark is UTF-8 whatever a byte says: bytes that are not
    read as U+FFFD (as the file decoded whole reads), and each hand after them still
    starts at its own byte offset, where an import goes on from (U+FFFD counted as the
    three bytes it is in UTF-8 moved them on)."""
    text = renamed_text(STUD_FILE)
    data = encode(text, "utf-8-bom", "crlf")
    first_name = re.search(rb"Seat 1: (\S+)", data)
    assert first_name is not None
    name = first_name.group(1)
    spoiled = data.replace(name, name[:2] + bad + name[2:], 1)
    chunks = list(split_hands("hands.txt", spoiled, ANY_HAND_START))
    assert len(chunks) == len(header_lines(text))
    spoiled_name = spoiled.decode("utf-8-sig", "replace").split("Seat 1: ", 1)[1].split()[0]
    assert "\ufffd" in spoiled_name
    assert any(f"Seat 1: {spoiled_name} " in line for line in chunks[0].lines)
    for chunk in chunks:
        assert spoiled[chunk.byte_offset :].startswith(chunk.lines[0].encode())
    assert all(a.byte_end == b.byte_offset for a, b in itertools.pairwise(chunks))
    assert chunks[-1].byte_end == len(spoiled)


@pytest.mark.parametrize("bad", [b"\xe9", b"\xe2\x82", b"\xff\xfe\xfd"])
def test_bytes_that_are_not_utf8_in_an_xml_history_keep_the_offsets_exact(bad: bytes) -> None:
    """The same for an XML history (iPoker): read whole, its hands split by their tags,
    each still starts at its own byte offset after the bad bytes, and reads as the
    whole file decoded reads (U+FFFD for them)."""
    path = REAL / "iPoker" / "cash" / "Stud" / "7-StudL-USD-0.05-0.10-201009.txt"
    spoiled = codecs.BOM_UTF8 + path.read_bytes().replace(
        b'name="WurmX"', b'name="Wu' + bad + b'rmX"'
    )
    chunks = list(file_chunks(path.name, spoiled))
    assert len(chunks) == 2
    name = spoiled.decode("utf-8-sig", "replace").split('name="Wu', 1)[1].split('"')[0]
    assert "\ufffd" in name
    assert any(f'name="Wu{name}"' in line for line in chunks[0].lines)
    for chunk in chunks:
        assert spoiled[chunk.byte_offset :].startswith(chunk.lines[0].encode())
        assert spoiled[: chunk.byte_end].endswith(chunk.lines[-1].encode())


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le-bom", "utf-16-be-bom"])
def test_import_can_resume_at_a_hands_byte_end(encoding):
    """The documented use of byte_end: read the rest of a file from the last complete hand."""
    text = renamed_text(STUD_FILE)
    data = encode(text, encoding, "crlf")
    chunks = list(split_hands("hands.txt", data, ANY_HAND_START))
    numbers = header_numbers(text)
    cut = 4
    tail = hands_only(data[chunks[cut].byte_end :])
    assert [hand.hand_number for hand in tail] == numbers[cut + 1 :]
    assert tail == list(reference_hands(STUD_FILE)[cut + 1 :])


# -- hand boundaries ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "separator",
    ["\n", "\n\n", "\n\n\n\n\n\n\n\n", "\n  \n\t\n", "\r\n", "\r\n\r\n\r\n"],
    ids=["none", "one-blank", "many-blanks", "whitespace-lines", "crlf-none", "crlf-two"],
)
def test_hands_separated_by_any_number_of_blank_lines(separator):
    hands = real_hands(STUD_FILE)[:4]
    text = separator.join(hands) + "\n"
    got = outcomes(text.encode())
    lf_text = text.replace("\r\n", "\n")
    assert [chunk.first_line for chunk, _ in got] == line_numbers_of_headers(lf_text)
    assert [outcome.hand_number for _, outcome in got] == header_numbers(lf_text)
    assert [outcome for _, outcome in got] == list(reference_hands_plain(STUD_FILE)[:4])


@pytest.mark.parametrize(
    ("before", "garbage_line"),
    [
        ("Saved by HandConverter 1.0\nexported 2009-11-26\n\n", 1),
        ("\n\nSaved by HandConverter 1.0\n\n\n", 3),
        ("just one line of junk\n", 1),
    ],
)
def test_garbage_before_the_first_hand_is_not_a_hand(before, garbage_line):
    hands = real_hands(STUD_FILE)[:3]
    data = (before + "\n\n".join(hands) + "\n").encode()
    got = outcomes(data, "junk.txt")
    error = got[0][1]
    assert isinstance(error, HandParseError)
    assert error.kind is ErrorKind.NOT_A_HAND
    assert error.line == garbage_line
    assert error.path == "junk.txt"
    assert error.line_text == before.split("\n")[garbage_line - 1]
    assert [outcome for _, outcome in got[1:]] == list(reference_hands_plain(STUD_FILE)[:3])


GARBAGE = "=== session ended by user ===\nplease ignore this line"


def _file_with_garbage_between() -> tuple[str, int]:
    hands = real_hands(STUD_FILE)[:3]
    text = hands[0] + "\n\n\n" + GARBAGE + "\n\n\n" + hands[1] + "\n\n" + hands[2] + "\n"
    garbage_line = text.split("\n").index(GARBAGE.split("\n")[0]) + 1
    return text, garbage_line


def test_garbage_between_hands_never_stops_the_following_hands():
    text, garbage_line = _file_with_garbage_between()
    got = [outcome for _, outcome in outcomes(text.encode())]
    errors = [outcome for outcome in got if isinstance(outcome, HandParseError)]
    assert len(errors) == 1
    assert errors[0].path == "hands.txt"
    assert errors[0].line < garbage_line + len(GARBAGE.split("\n"))
    assert got[-2:] == list(reference_hands_plain(STUD_FILE)[1:3])


def test_garbage_between_hands_is_not_a_hand_and_spares_the_hand_before():
    text, garbage_line = _file_with_garbage_between()
    got = [outcome for _, outcome in outcomes(text.encode())]
    assert len(got) == 4
    assert got[0] == reference_hands_plain(STUD_FILE)[0]
    assert isinstance(got[1], HandParseError)
    assert got[1].kind is ErrorKind.NOT_A_HAND
    assert got[1].line == garbage_line


# -- truncated files --------------------------------------------------------------------------


def _cut_index(lines: list[str], where: str) -> int:
    """How many lines of the hand to keep."""
    if where == "header-only":
        return 1
    if where == "seat-list":
        return 4  # header, table, two seat lines
    if where == "mid-street":
        street = next(i for i, line in enumerate(lines) if line.startswith("*** ") and i > 5)
        return street + 3
    if where == "after-summary":
        return lines.index("*** SUMMARY ***") + 1
    raise AssertionError(where)


@pytest.mark.parametrize("ending", ["lf", "crlf"])
@pytest.mark.parametrize("where", ["header-only", "seat-list", "mid-street", "after-summary"])
@pytest.mark.parametrize("file_key", FILES)
def test_file_ending_inside_a_hand_is_truncated(file_key, where, ending):
    path = FILES[file_key]
    hands = real_hands(path)
    complete, last = hands[:-1], hands[-1].split("\n")
    kept = last[: _cut_index(last, where)]
    text = "\n\n\n".join([*complete, "\n".join(kept)]) + "\n"
    data = encode(text, "utf-8", ending)
    got = [outcome for _, outcome in outcomes(data, "growing.txt")]

    assert got[:-1] == list(reference_hands_plain(path)[:-1])
    error = got[-1]
    assert isinstance(error, HandParseError)
    assert error.kind is ErrorKind.TRUNCATED
    assert error.hand_number == header_numbers(real_text(path))[-1]
    assert error.path == "growing.txt"
    assert error.line == text.count("\n")  # the last line of the file, 1-based
    assert error.line_text == kept[-1]


def test_file_ending_after_the_table_line_is_truncated():
    hands = real_hands(STUD_FILE)
    text = hands[0] + "\n\n\n" + "\n".join(hands[1].split("\n")[:2]) + "\n"
    error = outcomes(text.encode())[-1][1]
    assert isinstance(error, HandParseError)
    assert error.kind is ErrorKind.TRUNCATED
    assert error.line == text.count("\n")


def test_truncated_hand_followed_by_a_complete_hand():
    """A client that crashed mid-hand and then went on writing in the same file."""
    hands = real_hands(STUD_FILE)
    cut = "\n".join(hands[1].split("\n")[:30])
    text = hands[0] + "\n\n" + cut + "\n\n" + hands[2] + "\n"
    got = [outcome for _, outcome in outcomes(text.encode())]
    assert got[0] == reference_hands_plain(STUD_FILE)[0]
    assert isinstance(got[1], HandParseError)
    assert got[1].kind is ErrorKind.TRUNCATED
    assert got[1].line == len(hands[0].split("\n")) + 1 + 30
    assert got[2] == reference_hands_plain(STUD_FILE)[2]


def test_utf8_file_cut_inside_a_character_keeps_earlier_names():
    data = renamed_text(STUD_FILE).encode("utf-8")
    name = "drachensüss".encode()
    cut = data.rindex(name) + len("drachens") + 1  # between the two bytes of "ü"
    got = [outcome for _, outcome in outcomes(data[:cut])]
    complete = [outcome for outcome in got if isinstance(outcome, Hand)]
    assert complete == list(reference_hands(STUD_FILE)[: len(complete)])
    assert len(complete) == len(got) - 1
    assert isinstance(got[-1], HandParseError)


def test_utf16_file_cut_mid_code_unit_stays_inside_the_file():
    data = encode(renamed_text(STUD_FILE), "utf-16-le-bom", "crlf")[:-1]
    chunks = list(split_hands("hands.txt", data, ANY_HAND_START))
    assert chunks[-1].byte_end <= len(data)


# -- line numbers -----------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-8-bom", "utf-16-le-bom", "cp1252"])
@pytest.mark.parametrize("ending", ["lf", "crlf", "cr"])
def test_error_line_is_the_line_in_the_whole_file(encoding, ending):
    hands = list(real_hands(STUD_FILE)[:4])
    bad = "MasterTrini1: juggles three chips"
    third = hands[2].split("\n")
    third.insert(12, bad)
    hands[2] = "\n".join(third)
    text = "junk before the hands\n\n" + "\n\n\n".join(hands) + "\n"
    text = text.replace("Nikolay Zem", "drachensüss")
    expected_line = text.split("\n").index(bad) + 1

    got = [outcome for _, outcome in outcomes(encode(text, encoding, ending))]
    assert [type(outcome).__name__ for outcome in got] == [
        "HandParseError",
        "Hand",
        "Hand",
        "HandParseError",
        "Hand",
    ]
    junk, error = got[0], got[3]
    assert (junk.kind, junk.line) == (ErrorKind.NOT_A_HAND, 1)
    assert error.kind is ErrorKind.SYNTAX
    assert error.line == expected_line
    assert error.line_text == bad
    assert error.hand_number == header_numbers(text)[2]
    assert f"hands.txt:{expected_line}:" in str(error)
    # events of the hand after it carry file lines too
    fourth = got[4]
    assert fourth.events[0].line == line_numbers_of_headers(text)[3] + 2 + len(fourth.seats)


# -- nothing to read ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"\n",
        b"   ",
        b" \n\t\n  \n",
        b"\r\n\r\n\r\n",
        b"\r\r",
        codecs.BOM_UTF8,
        codecs.BOM_UTF8 + b"\r\n\r\n",
        codecs.BOM_UTF16_LE,
        codecs.BOM_UTF16_LE + "\r\n \r\n".encode("utf-16-le"),
        codecs.BOM_UTF16_BE + "\n\n".encode("utf-16-be"),
    ],
)
def test_empty_or_blank_file_gives_nothing(data):
    assert outcomes(data) == []


def test_empty_and_blank_files_on_disk(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    blank = tmp_path / "blank.txt"
    blank.write_bytes(b"\r\n   \r\n\r\n")
    assert list(parse_file(empty)) == []
    assert list(parse_file(blank)) == []


# -- finding files ------------------------------------------------------------------------------


def test_history_files_searches_folders_recursively_in_sorted_order(tmp_path):
    for relative in [
        "b/2010/hands.txt",
        "b/2009/hands.txt",
        "a.txt",
        "c/deep/er/x.txt",
        "b/notes.md",
        "b/summary.pdf",
        "c/readme",
    ]:
        file = tmp_path / relative
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text("x")
    (tmp_path / "dir.txt").mkdir()  # a folder named like a history is not a file

    found = [p.relative_to(tmp_path).as_posix() for p in history_files([tmp_path])]
    assert found == ["a.txt", "b/2009/hands.txt", "b/2010/hands.txt", "c/deep/er/x.txt"]


def test_history_files_keeps_named_files_and_argument_order(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.txt").write_text("x")
    (tmp_path / "sub" / "a.txt").write_text("x")
    named = tmp_path / "z.dat"
    named.write_text("x")
    found = list(history_files([str(named), tmp_path / "sub"]))
    assert found == [named, tmp_path / "sub" / "a.txt", tmp_path / "sub" / "b.txt"]


def test_history_files_on_the_real_folder_finds_every_history():
    found = list(history_files([STARS / "cash"]))
    expected = sorted(p for p in (STARS / "cash").rglob("*.txt"))
    assert found == expected
    assert STUD_FILE in found and BADUGI_FILE in found
    assert len(found) == 18


# -- double-spaced files (Full Tilt and Winning UTF-16 exports) -------------------------------


def test_double_spaced_file_keeps_its_hands_whole_and_its_line_numbers():
    """Every line followed by a blank one: a hand ends at two blank lines, its chunk keeps
    the blank lines between its lines so that each keeps its line number in the file."""
    hands = real_hands(STUD_FILE)[:3]
    text = "\n\n\n\n".join(hand.replace("\n", "\n\n") for hand in hands) + "\n\n\n\n"
    data = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    chunks = list(split_hands("hands.txt", data, ANY_HAND_START))
    assert [chunk.is_hand for chunk in chunks] == [True, True, True]
    file_lines = text.split("\n")
    for chunk in chunks:
        assert chunk.lines == tuple(
            file_lines[chunk.first_line - 1 : chunk.first_line - 1 + len(chunk.lines)]
        )
    got = [outcome for _chunk, outcome in parse_bytes("hands.txt", data)]
    assert [o.hand_number for o in got] == header_numbers("\n".join(hands))
    assert [seat.line for seat in got[0].seats][:2] == [5, 7]  # lines 3, 4 single-spaced


def test_utf16_file_with_a_dangling_byte_after_its_bom_loses_only_that_byte():
    """The real Full Tilt exports end in half a code unit: no garbage chunk after the hand."""
    text = real_hands(STUD_FILE)[0] + "\n"
    data = codecs.BOM_UTF16_LE + text.encode("utf-16-le") + b"\n"
    assert decode_history(data).text == text
    assert [type(o) for _c, o in parse_bytes("hands.txt", data)] == [Hand]


# -- finding the hands' openings fast ---------------------------------------------------

_OPENING_PATTERNS = [site.hand_start for site in SITE_FORMATS] + [ANY_HAND_START]


def _finditer_spans(text: str, pattern: re.Pattern[str]) -> list[tuple[int, int]]:
    return [match.span() for match in pattern.finditer(text)]


def test_openings_found_fast_are_finditers_on_every_real_file() -> None:
    found = 0
    for path in sorted(p for p in REAL.rglob("*") if p.is_file() and p.suffix != ".tsv"):
        text = decode_history(path.read_bytes()).text
        for pattern in _OPENING_PATTERNS:
            assert hand_openings(text, pattern) == _finditer_spans(text, pattern), path
            found += len(_finditer_spans(text, pattern))
    assert found > 1_000


# Openings that span lines (Full Tilt's stars and blank lines, PartyPoker's "Game #1
# starts."), openings inside openings, line ends of every kind, a BOM mid-file.
_FRAGMENTS = [
    "PokerStars Hand #1: ", "PokerStars Game #", "\ufeff", "\n", "\r\n", " ", "x",
    "*** # 3 ***\n", "\n\n", "Full Tilt Poker Game #", "Seat 1: ", "Game #12 starts.\n",
    "***** Hand History for Game ", "Stage #C42", "#77: Limit ", '<game gamecode="5"',
    '  <game id="1-2"', "Winamax Poker - ", "Game started at: ", "Hand #9 - ",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=40))
def test_openings_found_fast_are_finditers_on_any_text(fragments: list[str]) -> None:
    text = "".join(fragments)
    for pattern in _OPENING_PATTERNS:
        assert hand_openings(text, pattern) == _finditer_spans(text, pattern), pattern.pattern

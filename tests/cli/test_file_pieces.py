"""A large file read in pieces (pipeline/sources/file_pieces.py): the pieces start where the hand
splitter starts a hand, carry the whole file's line numbers and encoding, and an import
in pieces stores exactly what an import of the whole file stores."""

from __future__ import annotations

import codecs
from pathlib import Path

import polars as pl
import pytest

from parsers.sites import ANY_HAND_START
from parsers.text.hand_texts import decode_history, split_hands
from pipeline.importing.importer import import_histories
from pipeline.sources.file_pieces import PieceSizes, file_pieces, line_breaks
from pipeline.storage.database import Database
from tests.conftest import REAL_HISTORIES, REPO
from tests.storage.test_import_crash import contents

pytestmark = pytest.mark.slow  # whole files imported piece by piece

SAMPLE = next((REPO / "sample_histories").rglob("*Stud Hi-Lo Limit.txt"))  # BOM, 8-handed


def _whole_and_pieces(tmp_path: Path, history: Path, piece_bytes: int, jobs: int = 2):
    """The same folder imported whole and in pieces: (summary, database) for each."""
    runs = []
    for name, size in (("whole", 10**12), ("pieces", piece_bytes)):
        path = tmp_path / f"{name}.duckdb"
        with Database(path) as database:
            summary = import_histories([history], database, jobs=jobs, piece_bytes=size)
        runs.append((summary, path))
    return runs


def _sample_hands() -> list[str]:
    return [t for t in SAMPLE.read_text(encoding="utf-8-sig").split("\n\n\n") if t.strip()]


def _same_rows(whole_db: Path, pieces_db: Path) -> dict[str, pl.DataFrame]:
    """The rows stored from the whole file, once those stored from its pieces equal them."""
    expected = contents(whole_db)
    for table, frame in contents(pieces_db).items():
        assert frame.equals(expected[table]), table
    return expected


def test_pieces_start_where_the_splitter_starts_a_hand(tmp_path: Path) -> None:
    data = SAMPLE.read_bytes()
    pieces = file_pieces(str(SAMPLE), 0, len(data), PieceSizes(len(data) // 6 + 1))
    assert pieces is not None and len(pieces) == 6
    chunks = {c.byte_offset: c for c in split_hands("x", data, ANY_HAND_START)}
    assert [p.start for p in pieces[1:]] == [p.end for p in pieces[:-1]]
    assert pieces[0].start == 0 and pieces[-1].end == len(data)
    assert [p.last for p in pieces] == [False] * 5 + [True]
    for piece in pieces[1:]:
        chunk = chunks[piece.start]  # a cut is a chunk's first byte...
        assert chunk.is_hand and piece.reading.first_line == chunk.first_line  # ...a hand
        assert piece.reading.encoding == "utf-8"


def test_a_file_read_in_pieces_stores_what_the_whole_file_stores(tmp_path: Path) -> None:
    hands = _sample_hands()
    broken = hands[40].replace("calls", "calls lots", 1)  # a syntax reject, mid-file
    garbage = "this is not a hand\nnor this"
    half = hands[-1][: len(hands[-1]) // 2]  # the client is still writing it
    body = "\n\n\n".join([*hands[:40], broken, garbage, *hands[41:-1]])
    history = tmp_path / "HH big.txt"
    history.write_bytes(b"\xef\xbb\xbf" + (body + "\n\n\n" + half).encode("utf-8"))

    (whole, whole_db), (pieces, pieces_db) = _whole_and_pieces(tmp_path, history, 40_000)
    assert len(file_pieces(str(history), 0, history.stat().st_size, PieceSizes(40_000)) or ()) > 8
    assert pieces.hands_imported == whole.hands_imported == len(hands) - 2
    assert pieces.rejected == whole.rejected == {"syntax": 1, "not_a_hand": 1}
    assert pieces.left_for_next_run == whole.left_for_next_run == 1
    assert pieces.files == whole.files == 1
    _same_rows(whole_db, pieces_db)

    # the client finishes the hand: both read on from where they stopped
    with history.open("ab") as out:
        out.write((hands[-1][len(half) :] + "\n\n\n").encode("utf-8"))
    for path, size in ((whole_db, 10**12), (pieces_db, 40_000)):
        with Database(path) as database:
            again = import_histories([history], database, jobs=2, piece_bytes=size)
        assert (again.hands_imported, again.duplicates, again.left_for_next_run) == (1, 0, 0)
    _same_rows(whole_db, pieces_db)


def test_every_piece_is_read_in_the_whole_files_encoding(tmp_path: Path) -> None:
    # cp1252: early hands in ASCII but for "KestrÃ©l" (bytes that happen to be UTF-8 for
    # "Kestrél"), then "Kestrél", "Zoë.77"... (lone bytes, not UTF-8): the file is cp1252
    hands = _sample_hands()
    ascii_only = [text.encode("ascii", "replace").decode("ascii") for text in hands[:100]]
    early = [text.replace("Kestrel99", "Kestr\u00c3\u00a9l") for text in ascii_only]
    late = [text.replace("Kestrel99", "Kestr\u00e9l") for text in hands[100:120]]
    history = tmp_path / "HH cp1252.txt"
    text = "\n\n\n".join([*early, *late, ""])
    history.write_bytes(text.encode("cp1252", "replace"))  # "Łukasz W." as "?ukasz W."
    data = history.read_bytes()

    pieces = file_pieces(str(history), 0, len(data), PieceSizes(len(data) // 4))
    assert pieces is not None and {p.reading.encoding for p in pieces} == {"cp1252"}
    first = data[pieces[0].start : pieces[0].end]
    assert decode_history(first).encoding == "utf-8"  # what the first piece alone suggests

    (whole, whole_db), (split, split_db) = _whole_and_pieces(tmp_path, history, len(data) // 4)
    assert split.hands_imported == whole.hands_imported == 120
    expected = _same_rows(whole_db, split_db)
    assert "Kestr\u00c3\u00a9l" in set(expected["hand_players"]["player"])


def test_utf16_files_are_read_whole() -> None:
    utf16 = next(
        path
        for path in sorted((REAL_HISTORIES / "FullTilt").rglob("*.txt"))
        if path.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")
    )
    size = utf16.stat().st_size
    assert file_pieces(str(utf16), 0, size, PieceSizes(max(size // 4, 1))) is None


def _read_as_whole(tmp_path: Path, history: Path) -> None:
    """Cut in four or five, the file's pieces start on the whole file's lines, in its encoding,
    and an import in pieces stores what one of the whole file stores."""
    data = history.read_bytes()
    pieces = file_pieces(str(history), 0, len(data), PieceSizes(len(data) // 4))
    assert pieces is not None and len(pieces) >= 4
    chunks = {chunk.byte_offset: chunk for chunk in split_hands("x", data, ANY_HAND_START)}
    assert [p.reading.first_line for p in pieces[1:]] == [
        chunks[p.start].first_line for p in pieces[1:]
    ]
    assert {p.reading.encoding for p in pieces} == {decode_history(data).encoding}
    (whole, whole_db), (split, split_db) = _whole_and_pieces(tmp_path, history, len(data) // 4)
    assert split.hands_imported == whole.hands_imported > 0
    _same_rows(whole_db, split_db)


def test_a_utf8_file_with_a_byte_order_mark_is_utf8_in_pieces_too(tmp_path: Path) -> None:
    """A byte that is not UTF-8 in a file that says it is: read whole, the mark wins (the
    byte becomes U+FFFD); the pieces once read such a file as cp1252, every accented name
    in it garbled. And the hands after that byte keep their byte offsets: its U+FFFD
    counted as the three bytes it is in UTF-8 moved them (and where an import goes on
    from) two bytes on."""
    hands = _sample_hands()[:120]
    hands[10] = hands[10].replace("Kestrel99", "Kestr\u00e9l")
    data = codecs.BOM_UTF8 + "\n\n\n".join([*hands, ""]).encode("utf-8")
    middle = len(data) // 2
    history = tmp_path / "HH mark.txt"
    history.write_bytes(data[:middle] + data[middle:].replace(b"Kestrel99", b"Kestr\xe9l", 1))
    assert decode_history(history.read_bytes()).encoding == "utf-8"
    _read_as_whole(tmp_path, history)


def test_lines_ended_by_a_lone_cr_are_counted_in_pieces_too(tmp_path: Path) -> None:
    """The splitter ends a line at a lone CR (an old Mac's line end, among the others):
    the pieces' first line numbers once counted LFs alone, and every line number stored
    after the first lone CR was off."""
    lines = "\n\n\n".join([*_sample_hands()[:120], ""]).split("\n")
    text = "".join(line + ("\r" if n % 50 == 7 and line else "\n") for n, line in enumerate(lines))
    history = tmp_path / "HH old mac.txt"
    history.write_bytes(text.encode("utf-8"))
    _read_as_whole(tmp_path, history)


def test_line_breaks_are_counted_as_the_splitter_counts_them() -> None:
    assert line_breaks(b"a\nb\r\nc\rd") == 3
    assert line_breaks(b"\r\r\n\n") == 3  # a lone CR, a CRLF, an LF
    assert line_breaks(b"a\r") + line_breaks(b"\nb", after_cr=True) == 1  # a CRLF cut in two
    assert line_breaks(b"a\r") + line_breaks(b"b", after_cr=True) == 1  # a lone CR

"""A large file read in pieces (pipeline/file_pieces.py): the pieces start where the hand
splitter starts a hand, carry the whole file's line numbers and encoding, and an import
in pieces stores exactly what an import of the whole file stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.reading import decode_history, split_hands
from parsers.sites import ANY_HAND_START
from pipeline.file_pieces import PieceSizes, file_pieces
from pipeline.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import REAL_HISTORIES, REPO
from tests.test_import_crash import contents

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
    texts = SAMPLE.read_text(encoding="utf-8-sig").split("\n\n\n")
    hands = [text for text in texts if text.strip()]
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
    expected = contents(whole_db)
    for table, frame in contents(pieces_db).items():
        assert frame.equals(expected[table]), table

    # the client finishes the hand: both read on from where they stopped
    with history.open("ab") as out:
        out.write((hands[-1][len(half) :] + "\n\n\n").encode("utf-8"))
    for path, size in ((whole_db, 10**12), (pieces_db, 40_000)):
        with Database(path) as database:
            again = import_histories([history], database, jobs=2, piece_bytes=size)
        assert (again.hands_imported, again.duplicates, again.left_for_next_run) == (1, 0, 0)
    expected = contents(whole_db)
    for table, frame in contents(pieces_db).items():
        assert frame.equals(expected[table]), table


def test_every_piece_is_read_in_the_whole_files_encoding(tmp_path: Path) -> None:
    # cp1252: early hands in ASCII but for "KestrÃ©l" (bytes that happen to be UTF-8 for
    # "Kestrél"), then "Kestrél", "Zoë.77"... (lone bytes, not UTF-8): the file is cp1252
    hands = [t for t in SAMPLE.read_text(encoding="utf-8-sig").split("\n\n\n") if t.strip()]
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
    expected = contents(whole_db)
    for table, frame in contents(split_db).items():
        assert frame.equals(expected[table]), table
    assert "Kestr\u00c3\u00a9l" in set(expected["hand_players"]["player"])


def test_utf16_files_are_read_whole() -> None:
    utf16 = next(
        path
        for path in sorted((REAL_HISTORIES / "FullTilt").rglob("*.txt"))
        if path.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")
    )
    size = utf16.stat().st_size
    assert file_pieces(str(utf16), 0, size, PieceSizes(max(size // 4, 1))) is None

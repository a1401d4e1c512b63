"""Zip archives as a forum might serve them: bombs, nested bombs, names that climb out of
the folder, archives inside archives, encrypted and corrupt ones. Each is refused with one
line naming the archive and the member, in seconds and without inflating the bomb; the
honest members beside them are imported."""

from __future__ import annotations

import io
import resource
import zipfile
import zlib
from pathlib import Path

import pytest

from pipeline.sources.history_sources import MAX_NESTING, Refused, Source, sources
from tests.hostile.conftest import HANDS, cpu_seconds, import_into

GIB = 2**30


def _zip(members: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.fixture(scope="module")
def bomb(history: bytes) -> bytes:
    """A zip of honest hands ("razz.txt") beside a member inflating to 1 GiB of zeros
    ("zeros.txt", about 1 MB on disk), streamed so that the test never holds the GiB."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("razz.txt", history)
        with archive.open("zeros.txt", "w", force_zip64=True) as member:
            block = bytes(2**24)
            for _ in range(GIB // len(block)):
                member.write(block)
    return buffer.getvalue()


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_gigabyte_bomb_is_refused_at_once_without_inflating_it(
    tmp_path: Path, bomb: bytes
) -> None:
    archive = tmp_path / "hands.zip"
    archive.write_bytes(bomb)
    before, started = _peak_rss_mib(), cpu_seconds()
    summary = import_into(tmp_path, archive)
    assert cpu_seconds() - started < 5  # the workers' too: inflating it would take longer
    assert _peak_rss_mib() - before < 200  # the gigabyte was never in memory
    assert summary.hands_imported == HANDS
    [refused] = summary.refused
    assert refused.name.endswith("hands.zip!zeros.txt")
    assert "zip bomb" in refused.reason


def test_a_bomb_inside_an_archive_inside_an_archive_is_refused(tmp_path: Path, bomb: bytes) -> None:
    outer = tmp_path / "nested.zip"
    outer.write_bytes(_zip({"inner.zip": bomb}, zipfile.ZIP_STORED))
    started = cpu_seconds()
    found = list(sources([outer]))
    assert cpu_seconds() - started < 5
    [refused] = [f for f in found if isinstance(f, Refused)]
    assert refused.name.endswith("nested.zip!inner.zip!zeros.txt")
    assert "zip bomb" in refused.reason
    assert import_into(tmp_path, outer).hands_imported == HANDS


def test_a_member_that_gives_more_than_it_declares_is_cut_off(tmp_path: Path) -> None:
    archive_path = tmp_path / "liar.zip"
    data = _zip({"razz.txt": b"x" * 5_000_000})
    declared = (5_000_000).to_bytes(4, "little")
    # The central directory says 5,000 bytes: the reader must stop there, not trust it.
    archive_path.write_bytes(data.replace(declared, (5_000).to_bytes(4, "little")))
    found = list(sources([archive_path]))
    [source] = found
    assert isinstance(source, Source)
    summary = import_into(tmp_path, archive_path)
    [refused] = summary.refused
    assert "razz.txt" in refused.reason or "razz.txt" in refused.name


def test_member_names_are_labels_never_paths(tmp_path: Path, history: bytes) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    archive = folder / "forum.zip"
    archive.write_bytes(_zip({"../../escaped.txt": history, "/etc/evil.txt": history}))
    summary = import_into(tmp_path, archive)
    assert summary.hands_imported == HANDS  # the same hands twice: stored once
    assert summary.duplicates == HANDS
    assert not list(tmp_path.rglob("escaped.txt")) and not Path("/etc/evil.txt").exists()


def test_archives_nest_to_a_bounded_depth(tmp_path: Path, history: bytes) -> None:
    level = _zip({"razz.txt": history})
    for depth in range(MAX_NESTING + 1):
        level = _zip({f"level{depth}.zip": level, f"razz{depth}.txt": history})
    archive = tmp_path / "deep.zip"
    archive.write_bytes(level)
    found = list(sources([archive]))
    read = [f for f in found if isinstance(f, Source)]
    [too_deep] = [f for f in found if isinstance(f, Refused)]
    assert len(read) == MAX_NESTING + 1
    assert f"nested more than {MAX_NESTING} deep" in too_deep.reason
    assert import_into(tmp_path, archive).hands_imported == HANDS


def test_an_encrypted_member_is_refused_by_name(tmp_path: Path, history: bytes) -> None:
    data = bytearray(_zip({"razz.txt": history, "secret.txt": history}))
    # Mark "secret.txt" encrypted in its central directory entry (general purpose bit 0).
    entry = data.rindex(b"PK\x01\x02", 0, data.rindex(b"secret.txt"))
    data[entry + 8] |= 0x01
    archive = tmp_path / "locked.zip"
    archive.write_bytes(bytes(data))
    summary = import_into(tmp_path, archive)
    assert summary.hands_imported == HANDS
    [refused] = summary.refused
    assert refused.name.endswith("locked.zip!secret.txt")
    assert "encrypted" in refused.reason


def test_corrupt_archives_and_members_are_one_line_each(tmp_path: Path, history: bytes) -> None:
    truncated = tmp_path / "truncated.zip"
    truncated.write_bytes(_zip({"razz.txt": history})[:200])
    garbled = tmp_path / "garbled.zip"
    data = bytearray(_zip({"razz.txt": history}))
    start = data.index(b"razz.txt") + len("razz.txt") + 40
    data[start : start + 64] = bytes(64)  # zeros in the deflated stream
    garbled.write_bytes(bytes(data))
    summary = import_into(tmp_path, truncated, garbled)
    reasons = {refused.name.rsplit("/", 1)[-1]: refused.reason for refused in summary.refused}
    assert "not a readable zip archive" in reasons["truncated.zip"]
    assert "corrupt" in reasons["garbled.zip!razz.txt"]
    assert summary.hands_imported == 0


def test_the_compressed_size_of_a_history_is_far_under_the_ratio_limit(history: bytes) -> None:
    # The limit refuses bombs, not histories: a real history deflates about 10:1.
    assert len(history) / len(zlib.compress(history, 9)) < 20


def test_declared_sizes_over_the_member_or_archive_limit_are_refused() -> None:
    from pipeline.sources.history_sources import (
        MAX_ARCHIVE_BYTES,
        MAX_MEMBER_BYTES,
        _declared_refusal,
    )

    stored = zipfile.ZipInfo("big.txt")
    stored.file_size = stored.compress_size = MAX_MEMBER_BYTES + 1  # no ratio: stored as is
    assert f"over {MAX_MEMBER_BYTES:,}" in (_declared_refusal(stored, 0) or "")
    member = zipfile.ZipInfo("hands.txt")
    member.file_size = member.compress_size = 2**20
    assert _declared_refusal(member, 0) is None
    assert "the archive would decompress" in (_declared_refusal(member, MAX_ARCHIVE_BYTES) or "")

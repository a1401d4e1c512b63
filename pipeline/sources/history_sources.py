"""Where histories come from: the files named, the history files under the folders named,
and those inside zip archives (archives inside archives too, to a bounded depth).

A player's disk holds more than histories, and an archive from a forum may be built to
hurt. So nothing found is read unless it is a regular file (a FIFO would hang the import,
a device never ends); folders are searched through links, but never twice (a link back
up would loop); and an archive member is read only within limits on its size, its
compression ratio and the archive's total, checked against what the archive declares
and again, byte by byte, while it is read (a declaration may lie). Member names are
labels, never paths: nothing is ever extracted. Whatever is not read is a `Refused`,
with the reason a player can act on.
"""

from __future__ import annotations

import errno
import io
import os
import stat
import zipfile
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

from parsers.text.history_file import HISTORY_SUFFIXES

MAX_READ_BYTES = 32 * 2**20
"""The most read in one go: a file or archive member read whole, or a piece of a larger
file (`pipeline.sources.file_pieces`). Read whole, a file costs a worker several times its size
(its bytes, its text, its lines): a 1 GiB one took 4 min and 2.66 GB, a 4 GB sparse one
ended in a MemoryError, and 63 MB of 8-byte lines (the costliest text: a line object each)
peaked at 859 MB; 32 MiB of them at about half that, so that two workers and the loader
stay near 1 GB whatever they are given. The largest real history is under 1 MB."""
MAX_MEMBER_BYTES = MAX_READ_BYTES  # read whole: an archive's member is never cut
MAX_ARCHIVE_BYTES = 4 * 2**30  # all the members of one archive, nested ones included
MAX_RATIO = 100  # histories deflate about 10:1; a bomb does 1,000:1 and more
RATIO_FLOOR_BYTES = 2**20  # a small member may compress well without harm
MAX_NESTING = 2  # archives inside the archive named: two levels deep
ARCHIVE_SUFFIX = ".zip"
_READ_BYTES = 2**20


class SourceRefusal(Exception):
    """Why a file or archive member cannot be read (raised while reading it)."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A file, folder entry or archive member that is not read, and why."""

    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class Source:
    """A history file, on disk or inside a zip archive ("archive.zip!member.txt", or
    "a.zip!inner.zip!member.txt" inside an archive inside an archive)."""

    name: str
    size: int
    mtime: datetime
    path: str
    members: tuple[str, ...] = ()  # the chain of members inside the archive at `path`

    def read(self) -> bytes:
        """The file's bytes; raises `SourceRefusal` (with the reason) if they cannot be."""
        if not self.members:
            return read_whole(self.path)
        return read_member(self.path, self.members)


def sources(paths: Iterable[str | Path]) -> Iterator[Source | Refused]:
    """The history files named, found in folders (through links, each folder once) or
    inside zip archives, in order; everything else met on the way that looks like a
    history but is not read, with the reason."""
    for path in map(Path, paths):
        kind = _kind(path)
        if kind == "folder":
            yield from _folder(path)
        elif kind != "file":
            yield Refused(str(path), kind)
        elif path.suffix.lower() == ARCHIVE_SUFFIX:
            yield from _archive(path)
        else:
            yield _file_source(path)


def read_member(archive_path: str, members: tuple[str, ...]) -> bytes:
    """The bytes of a member inside an archive (each member of `members` inside the one
    before), read within the limits; raises `SourceRefusal` otherwise."""
    try:
        source: str | bytes = archive_path
        for member in members:
            with _open_archive(source) as archive:
                source = _read_limited(archive, archive.getinfo(member))
    except KeyError:
        raise SourceRefusal("it is no longer in the archive") from None
    except OSError as error:
        raise read_refusal(error, "the archive") from None
    return source if isinstance(source, bytes) else b""


def read_whole(path: str) -> bytes:
    """A file's bytes, read whole: `SourceRefusal` if it is over `MAX_READ_BYTES` (a
    larger file is read in pieces, cut before hands; one that cannot be cut so comes
    here), checked before it is read and while it is (it may have grown since)."""
    try:
        with open(path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            data = file.read(MAX_READ_BYTES + 1) if size <= MAX_READ_BYTES else b""
    except OSError as error:
        raise read_refusal(error, "it") from None
    if size > MAX_READ_BYTES or len(data) > MAX_READ_BYTES:
        raise SourceRefusal(too_large_to_read(max(size, len(data))))
    return data


def too_large_to_read(size: int) -> str:
    """Why a file of `size` bytes read whole (not in pieces) is not read."""
    return (
        f"{size:,} bytes and no place to cut it into pieces of at most {MAX_READ_BYTES:,}"
        " (no hand starts near the cuts; or UTF-16, XML or PHH, read whole): not read"
    )


def read_refusal(error: OSError, what: str) -> SourceRefusal:
    """An operating system's refusal to read, in a player's words."""
    if isinstance(error, FileNotFoundError):
        return SourceRefusal(f"{what} vanished before it was read")
    if isinstance(error, PermissionError):
        return SourceRefusal(f"not allowed to read {what}")
    return SourceRefusal(f"{what} cannot be read ({error.strerror})")


def reader_failure(error: Exception, line: int | None = None) -> SourceRefusal:
    """A reader that failed on a file (a PHH file nested 100,000 deep, a 5,000-digit
    number: a crafted file, or a reader's bug): the file refused, with the failure
    named, instead of the whole import stopped. `line`: where the hand starts."""
    if isinstance(error, RecursionError):
        why = "nested too deep to read"
    elif isinstance(error, MemoryError):
        why = "too large to read"
    else:
        why = "it could not be read"
    message = str(error).split("\n", 1)[0][:200]
    where = f" (the hand at line {line:,})" if line else ""
    return SourceRefusal(f"{why}{where}: {type(error).__name__}: {message}")


# ---------------------------------------------------------------------------- the disk


def _kind(path: Path) -> str:
    """ "file", "folder", or why the path is neither readable file nor folder."""
    try:
        mode = path.stat().st_mode  # follows links: a link to a file is that file
    except FileNotFoundError:
        return "no such file" if not path.is_symlink() else "a link to nothing"
    except PermissionError:
        return "not allowed to look at it"
    except OSError as error:
        if error.errno == errno.ELOOP:  # 40 on Linux, 62 on macOS
            return "a symbolic link loop"
        return f"it cannot be read ({error.strerror})"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe), not a file: not read"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file: not read"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file: not read"
    return "not a regular file: not read"


def _folder(top: Path) -> Iterator[Source | Refused]:
    """The history files and archives under a folder, in name order; links followed,
    each folder searched once."""
    searched: set[tuple[int, int]] = set()
    for folder, folders, files in os.walk(top, followlinks=True, onerror=None):
        try:
            info = os.stat(folder)
        except OSError:
            folders.clear()
            continue
        if (info.st_dev, info.st_ino) in searched:
            folders.clear()
            yield Refused(folder, "a link back to a folder already searched: not searched again")
            continue
        searched.add((info.st_dev, info.st_ino))
        folders.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix.lower() not in (*HISTORY_SUFFIXES, ARCHIVE_SUFFIX):
                continue  # not a history: pictures, notes, the client's settings
            kind = _kind(path)
            if kind != "file":
                yield Refused(str(path), kind)
            elif path.suffix.lower() == ARCHIVE_SUFFIX:
                yield from _archive(path)
            else:
                yield _file_source(path)


def _file_source(path: Path) -> Source | Refused:
    try:
        info = path.stat()
    except OSError as error:
        return Refused(str(path), f"it cannot be read ({error.strerror})")
    modified = datetime.fromtimestamp(info.st_mtime, UTC)
    return Source(str(path.resolve()), info.st_size, modified, str(path))


# ---------------------------------------------------------------------------- archives


def _archive(path: Path) -> Iterator[Source | Refused]:
    try:
        with _open_archive(str(path)) as archive:
            yield from _members(archive, f"{path.resolve()}", str(path), (), [0])
    except SourceRefusal as refusal:
        yield Refused(str(path), str(refusal))
    except OSError as error:
        yield Refused(str(path), f"it cannot be read ({error.strerror})")


def _members(
    archive: zipfile.ZipFile,
    label: str,
    path: str,
    chain: tuple[str, ...],
    total: list[int],
) -> Iterator[Source | Refused]:
    """An archive's history members (and those of the archives inside it), with the
    declared sizes checked; `total` counts the bytes declared so far, nested included."""
    for info in sorted(archive.infolist(), key=lambda i: i.filename):
        name, suffix = f"{label}!{info.filename}", Path(info.filename).suffix.lower()
        if info.is_dir() or suffix not in (*HISTORY_SUFFIXES, ARCHIVE_SUFFIX):
            continue
        refusal = _declared_refusal(info, total[0])
        if refusal:
            yield Refused(name, refusal)
            continue
        total[0] += info.file_size
        if suffix != ARCHIVE_SUFFIX:
            member_time = datetime(*info.date_time, tzinfo=UTC)
            yield Source(name, info.file_size, member_time, path, (*chain, info.filename))
        elif len(chain) >= MAX_NESTING:
            yield Refused(name, f"an archive nested more than {MAX_NESTING} deep: not opened")
        else:
            try:
                inner = _read_limited(archive, info)
                with _open_archive(inner) as nested:
                    yield from _members(nested, name, path, (*chain, info.filename), total)
            except SourceRefusal as error:
                yield Refused(name, str(error))


def _declared_refusal(info: zipfile.ZipInfo, total_so_far: int) -> str | None:
    if info.flag_bits & 0x1:
        return "encrypted (password protected): not read"
    size = info.file_size
    if size > RATIO_FLOOR_BYTES and size > MAX_RATIO * max(info.compress_size, 1):
        ratio = size // max(info.compress_size, 1)
        return f"it would decompress {ratio:,} times its size, as a zip bomb does: not read"
    if size > MAX_MEMBER_BYTES:
        return f"it would decompress to {size:,} bytes (over {MAX_MEMBER_BYTES:,}): not read"
    if total_so_far + size > MAX_ARCHIVE_BYTES:
        return f"the archive would decompress to over {MAX_ARCHIVE_BYTES:,} bytes: not read"
    return None


def _open_archive(source: str | bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, ValueError) as error:
        raise SourceRefusal(f"not a readable zip archive ({error})") from None


def _read_limited(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bytes:
    """A member's bytes, stopped as soon as it gives more than it declared or than the
    limits allow (a header may lie); a corrupt or encrypted member is refused."""
    ceiling = min(info.file_size, MAX_MEMBER_BYTES)
    parts, got = [], 0
    try:
        with archive.open(info) as member:
            stream: IO[bytes] = member
            while part := stream.read(_READ_BYTES):
                got += len(part)
                if got > ceiling:
                    raise SourceRefusal(
                        f"{info.filename} gives more bytes than the archive declares: not read"
                    )
                parts.append(part)
    except RuntimeError as error:  # zipfile's word for "encrypted, password required"
        raise SourceRefusal(f"{info.filename}: {error}") from None
    except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError) as error:
        raise SourceRefusal(f"{info.filename} is corrupt in the archive ({error})") from None
    return b"".join(parts)

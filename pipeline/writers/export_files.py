"""The files `studdraw export` writes in the folder it is given: their names, made from
the hands, and how they are written.

The player names the folder (`--out`), not the files in it: `hands.phhs` and
`<site>-<hand number>.phh` are names anyone who can write in that folder can foresee. So
a link (or anything but a regular file) found at one of them is never written through
(a link planted at `hands.phhs` would have export overwrite its target): the file is
refused with one line naming it. A regular file there, from an earlier export, is
replaced: written beside it under a name nobody can foresee, then renamed over it, which
replaces a link swapped in meanwhile rather than following it.

A hand number is the file's text, not a path: anything but letters, digits, dots, dashes
and underscores becomes "_" (a NUL, a "/", a PHH hand's 'phh:pokerstars'), and a name
so changed, or too long for a file system (a 300-character number), gets a digest of the
whole so that two hands never share a file.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

MAX_NAME_CHARACTERS = 120
"""Well under the 255 bytes most file systems allow a name."""

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]")


class NotWritten(Exception):
    """A file export refuses to write, and why, in one line naming it."""


def hand_file_name(site: str, hand_number: str) -> str:
    """The `.phh` file of one hand: '<site>-<hand number>.phh', made safe."""
    wanted = f"{site}-{hand_number}"
    safe = _UNSAFE.sub("_", wanted)
    if safe == wanted and len(safe) <= MAX_NAME_CHARACTERS:
        return safe + ".phh"
    digest = hashlib.sha256(wanted.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{safe[:MAX_NAME_CHARACTERS]}-{digest}.phh"


def write_file(folder: Path, name: str, text: Iterable[str]) -> Path:
    """`text` written whole as `folder/name`, replacing a regular file there; `NotWritten`
    if something else is there (a link above all), or the file cannot be written."""
    target = folder / name
    try:
        found = os.lstat(target).st_mode
    except FileNotFoundError:
        found = None
    except OSError as error:
        raise NotWritten(f"{target}: {error.strerror}") from None
    if found is not None and stat.S_ISLNK(found):
        raise NotWritten(f"{target}: a symbolic link, not followed: remove it to export here")
    if found is not None and not stat.S_ISREG(found):
        raise NotWritten(f"{target}: not a regular file: remove it to export here")
    try:
        descriptor, partial = tempfile.mkstemp(dir=folder, prefix=f".{name[:60]}.", suffix=".tmp")
    except OSError as error:
        raise NotWritten(f"{target}: {error.strerror}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            os.chmod(partial, 0o666 & ~_umask())  # as an ordinary new file (mkstemp: 0o600)
            file.writelines(text)
        os.replace(partial, target)
    except OSError as error:
        Path(partial).unlink(missing_ok=True)
        raise NotWritten(f"{target}: {error.strerror}") from None
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask

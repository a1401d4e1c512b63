"""How far each history file has been read and stored: a row of `import_files`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


# Not in `rows`, which is compiled (parsers/build/compiled.py): a worker sends this to the
# loader, and a compiled frozen dataclass cannot be unpickled.
@dataclass(frozen=True, slots=True)
class FileProgress:
    """A row of `import_files`: how far one file has been read and stored."""

    path: str
    size: int
    mtime: datetime
    prefix_sha256: str
    offset_reached: int
    hands: int
    finished: bool

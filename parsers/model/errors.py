"""What a player is told when a hand cannot be read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ErrorKind(StrEnum):
    SYNTAX = "syntax"  # a line the site's grammar does not know
    STRUCTURE = "structure"  # known lines in an impossible order
    TRUNCATED = "truncated"  # the hand stops before its summary (cut, or still being written)
    NOT_A_HAND = "not_a_hand"  # text between hands that is no hand at all


_SHOWN_LINE = 300  # characters of the offending line an error shows


@dataclass
class HandParseError(Exception):
    """A hand that could not be read, located precisely in its file.

    `line` and `column` are 1-based and count in the file, not the hand; `expected` lists
    what the grammar would have accepted at that column.
    """

    kind: ErrorKind
    message: str
    path: str
    line: int
    column: int = 1
    hand_number: str | None = None
    line_text: str = ""
    expected: tuple[str, ...] = ()
    site: str | None = None  # the site whose format the hand started in, when known

    def __str__(self) -> str:
        hand = f" (hand #{self.hand_number})" if self.hand_number else ""
        where = f"{self.path}:{self.line}:{self.column}{hand}"
        shown = self.line_text[:_SHOWN_LINE]  # a "line" may be a whole binary file
        shown += "…" if len(self.line_text) > _SHOWN_LINE else ""
        caret = f"\n    {' ' * (self.column - 1)}^" if self.column <= _SHOWN_LINE else ""
        text = f"\n    {shown}{caret}" if self.line_text else ""
        return f"{where}: {self.message}{text}"

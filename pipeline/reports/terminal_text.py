"""Text from histories, as a terminal shows it: always as text.

A player's name, a table's, a file's or a line quoted in a reason is whatever the file
says. Printed through Rich as a string it would be read as markup (`[/]` stops the
command with a MarkupError, `[link=file:///etc/passwd]` becomes a hyperlink, `:smile:`
an emoji), and an escape sequence in it (`ESC[31m`, `ESC]0;title BEL`) would reach the
terminal raw, to recolour it, retitle its window or worse. So such text is printed as a
`rich.text.Text` (never parsed as markup or emoji), with every control character shown
escaped, as Python writes it in a string: `\\x1b`, `\\x07`, `\\u202e`.
"""

from __future__ import annotations

import re
from typing import Final

from rich.text import Text

_OTHER_CONTROLS: Final = "\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
"""C0 and C1 controls but the line feed, DEL, and the bidirectional marks and overrides
(a name that turns the rest of the line around)."""
_CONTROL: Final = re.compile(f"[\n{_OTHER_CONTROLS}]")
_CONTROL_BUT_NEWLINE: Final = re.compile(f"[{_OTHER_CONTROLS}]")


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object, lines: bool = False) -> str:
    """`text` with its control characters escaped (`\\x1b`); `lines`: its line breaks
    kept (a message of several lines that studdraw wrote itself)."""
    return (_CONTROL_BUT_NEWLINE if lines else _CONTROL).sub(_escaped, str(text))


def as_text(text: object, style: str = "", lines: bool = False) -> Text:
    """`text` to print: never markup, its control characters escaped (`visible`)."""
    return Text(visible(text, lines), style=style)


def joined(*parts: object | tuple[object, str]) -> Text:
    """One line of parts, each as text (`as_text`); a part `(text, style)` styled, as
    studdraw's own words ("not read:" in red) beside what a history says."""
    line = Text()
    for part in parts:
        if isinstance(part, tuple):
            line.append_text(as_text(part[0], part[1]))
        else:
            line.append_text(as_text(part))
    return line

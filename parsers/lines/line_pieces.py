"""A line cut into its literal text and its variable pieces (numbers and cards).

The literal text is a line's *shape* (`parsers.lines.line_parser`): "Bob: raises $0.10 to
$0.20" is ["Bob: raises ", "$0.10", " to ", "$0.20", ""]. What a piece is, is written
once, as a regular expression (`VARIABLE_PIECE`); `split_pieces` is that expression's
`split`, scanned by hand when compiled.

Why by hand: a line whose text was not met before is cut on every import (a fifth of
what reading a hand costs), and the regex engine enters its matcher at every character
of the line, since no fixed character starts a piece: 14,000 instructions a line of
generated stud. Compiled, a scan of the characters' codes takes about 5,300. Interpreted,
it would take ten times the regex's time, so then the regex cuts.
"""

from __future__ import annotations

import re
from typing import Final

# A card is one piece, "10d" too (Cereus and Winning print tens so): a terminal over two
# pieces is rebuilt by a join on every line. The lookahead names every piece's first
# character, so that the regex engine skips the rest of the line without trying each
# alternative at each position (a third faster).
VARIABLE_PIECE: Final = re.compile(
    r"(?=[\d$€£TJQKA])(\b(?:10|[2-9TJQKA])[cdhs]\b|[$€£]?\d+(?:[.,]\d+)*)"
)

_COMPILED: Final = not __file__.endswith(".py")

# Character codes, compared as numbers: compiled, `ord(text[i])` reads the code in place,
# where `text[i]` makes a one-character string.
_ZERO: Final = 48
_ONE: Final = 49
_TWO: Final = 50
_NINE: Final = 57
_DOLLAR: Final = 36
_POUND: Final = 0xA3
_EURO: Final = 0x20AC
_DOT: Final = 46
_COMMA: Final = 44
_UNDERSCORE: Final = 95


def split_pieces(text: str) -> list[str]:
    """`VARIABLE_PIECE.split(text)`: literal text and pieces in turn, literal first and
    last (maybe empty)."""
    return scan_pieces(text) if _COMPILED else VARIABLE_PIECE.split(text)


def scan_pieces(text: str) -> list[str]:
    """`VARIABLE_PIECE.split(text)`, scanned: at each character, a card if one starts
    there, else a number, as the expression's alternatives are tried."""
    pieces: list[str] = []
    end = len(text)
    literal = index = 0
    while index < end:
        code = ord(text[index])
        if code < 128 and not _may_start_piece(code):  # most characters: passed at once
            index += 1
            continue
        piece_end = _card_end(text, index, end)
        if piece_end < 0:
            piece_end = _number_end(text, index, end)
        if piece_end < 0:
            index += 1
            continue
        pieces.append(text[literal:index])
        pieces.append(text[index:piece_end])
        literal = index = piece_end
    pieces.append(text[literal:])
    return pieces


def _card_end(text: str, index: int, end: int) -> int:
    r"""Where the card starting at `index` ends, or -1: `\b(?:10|[2-9TJQKA])[cdhs]\b`."""
    code = ord(text[index])
    if code == _ONE:
        if index + 1 >= end or ord(text[index + 1]) != _ZERO:
            return -1
        suit = index + 2
    elif _is_rank(code):
        suit = index + 1
    else:
        return -1
    if index > 0 and _is_word(text, index - 1):
        return -1
    if suit >= end or not _is_suit(ord(text[suit])):
        return -1
    if suit + 1 < end and _is_word(text, suit + 1):
        return -1
    return suit + 1


def _number_end(text: str, index: int, end: int) -> int:
    r"""Where the number starting at `index` ends, or -1: `[$€£]?\d+(?:[.,]\d+)*`."""
    code = ord(text[index])
    start = index + 1 if code in (_DOLLAR, _EURO, _POUND) else index
    if start >= end or not _is_digit(text, start):
        return -1
    number_end = _digits_end(text, start + 1, end)
    while (
        number_end + 1 < end
        and ord(text[number_end]) in (_DOT, _COMMA)
        and _is_digit(text, number_end + 1)
    ):
        number_end = _digits_end(text, number_end + 2, end)
    return number_end


def _digits_end(text: str, index: int, end: int) -> int:
    while index < end and _is_digit(text, index):
        index += 1
    return index


def _may_start_piece(code: int) -> bool:
    """An ASCII character a card or a number may start with: a digit, "$", or a rank."""
    return _ZERO <= code <= _NINE or code == _DOLLAR or code in (84, 74, 81, 75, 65)


def _is_rank(code: int) -> bool:
    """2-9, T, J, Q, K, A."""
    return _TWO <= code <= _NINE or code in (84, 74, 81, 75, 65)


def _is_suit(code: int) -> bool:
    """c, d, h, s."""
    return code in (99, 100, 104, 115)


def _is_digit(text: str, index: int) -> bool:
    r"""`\d`: any decimal digit, not only ASCII's (the expression is not ASCII-only)."""
    code = ord(text[index])
    if code < 128:
        return _ZERO <= code <= _NINE
    return text[index].isdecimal()


def _is_word(text: str, index: int) -> bool:
    r"""`\w`, which `\b` stands between: a letter or digit of any script, or "_"."""
    code = ord(text[index])
    if code < 128:
        return (
            _ZERO <= code <= _NINE or 65 <= code <= 90 or 97 <= code <= 122 or code == _UNDERSCORE
        )
    return text[index].isalnum()

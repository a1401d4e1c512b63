"""The characters a regular expression's match can begin with, read from its parse tree.

`reading.hand_openings` tries every site's hand opening after each newline of a file: a
few dozen alternatives, several starting with an optional part ("\\ufeff?", Full Tilt's
line of stars), so the regex engine cannot reject a newline at its next character and
pays for the whole alternation at every line of every hand. Knowing the characters an
opening can start with ("P" for "PokerStars", "*" for "***** History for hand", ...), the
scan checks that one character first, which most lines of a hand fail.

The parse tree is Python's own (`re._parser`, the module behind `re.compile`): it reads
the pattern exactly as the engine will. Anything this does not follow (a category other
than digits, a back-reference, case folding) answers None: no shortcut, never a wrong one.
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from typing import Any


def first_characters(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Every character a match can start with; None if that cannot be told (or a match
    may be empty, which starts with no character)."""
    if pattern.flags & re.IGNORECASE:
        return None
    found, may_be_empty = _sequence(sre_parse.parse(pattern.pattern, pattern.flags))
    return None if found is None or may_be_empty else frozenset(found)


def _sequence(items: Any) -> tuple[set[str] | None, bool]:
    """(the characters a sequence can start with, whether it can match nothing)."""
    found: set[str] = set()
    for op, argument in items:
        characters, may_be_empty = _item(op, argument)
        if characters is None:
            return None, False
        found |= characters
        if not may_be_empty:
            return found, False
    return found, True


def _item(op: Any, argument: Any) -> tuple[set[str] | None, bool]:
    if op is sre.LITERAL:
        return {chr(argument)}, False
    if op is sre.IN:
        return _character_set(argument), False
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, _most, repeated = argument
        characters, may_be_empty = _sequence(repeated)
        return characters, may_be_empty or least == 0
    if op in (sre.SUBPATTERN, sre.ATOMIC_GROUP):
        return _sequence(argument[-1] if op is sre.SUBPATTERN else argument)
    if op is sre.BRANCH:
        found: set[str] = set()
        any_empty = False
        for branch in argument[1]:
            characters, may_be_empty = _sequence(branch)
            if characters is None:
                return None, False
            found |= characters
            any_empty = any_empty or may_be_empty
        return found, any_empty
    if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
        return set(), True  # zero width: the next item starts the match
    return None, False


def _character_set(members: Any) -> set[str] | None:
    characters: set[str] = set()
    for op, argument in members:
        if op is sre.LITERAL:
            characters.add(chr(argument))
        elif op is sre.RANGE and argument[1] - argument[0] < 256:
            characters.update(chr(code) for code in range(argument[0], argument[1] + 1))
        else:
            return None  # a negated set, a category (a digit is any of Unicode's): too wide
    return characters

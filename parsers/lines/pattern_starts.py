"""The first characters a regular expression's match can begin with, read from its parse
tree.

`hand_texts.hand_openings` tries every site's hand opening after each newline of a file: a
few dozen alternatives, several starting with an optional part ("\\ufeff?", Full Tilt's
line of stars), so the regex engine cannot reject a newline at its next character and
pays for the whole alternation at every line of every hand. Knowing the two characters
an opening can start with ("Po" or "PO" for "PokerStars", "**" for "***** History for
hand", ...), the scan checks those first, which nearly every line of a hand fails: one
character is not enough where the players are called "PLAYER1" and the seats "Seat 1".

The parse tree is Python's own (`re._parser`, the module behind `re.compile`): it reads
the pattern exactly as the engine will. Where the next character cannot be told (a
category: `\\d` is any of Unicode's digits; a negated set, a back-reference), a prefix
stops short: shorter, never wrong. Case folding, or a match that may be empty (it starts
with no character): no prefixes at all (None).
"""

from __future__ import annotations

import re
import re._constants as sre
import re._parser as sre_parse
from typing import Any


def match_prefixes(
    pattern: re.Pattern[str], length: int, skipping: str = ""
) -> frozenset[str] | None:
    """Texts of at most `length` characters, one of which begins every match once the
    characters of `skipping` it starts with are dropped; None if that cannot be told (or
    a match may be empty, which begins with no character).

    Merge's hand may be indented ('[ \\t]*<game id="'): "\\t<" would begin its matches,
    and every line of its hands ("\\t<round", "\\t\\t<event"); skipping blanks, "<g"."""
    if pattern.flags & re.IGNORECASE:
        return None
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    growing, ended = _Prefixes(length, skipping).sequence(tree, {""})
    prefixes = growing | ended  # a match may end after the growing ones
    return None if "" in prefixes else frozenset(prefixes)


class _Prefixes:
    """Follows a parse tree from a set of prefixes met so far to the prefixes after it.

    Each step returns (growing, ended): prefixes shorter than `length` that the next
    item extends, and prefixes that stop here (`length` long, or cut short where the
    next character cannot be told)."""

    def __init__(self, length: int, skipping: str) -> None:
        self.length = length
        self.skipping = frozenset(skipping)  # dropped where nothing precedes them

    def sequence(self, items: Any, growing: set[str]) -> tuple[set[str], set[str]]:
        ended: set[str] = set()
        for op, argument in items:
            if not growing:
                break
            growing, more_ended = self.item(op, argument, growing)
            ended |= more_ended
        return growing, ended

    def item(self, op: Any, argument: Any, growing: set[str]) -> tuple[set[str], set[str]]:
        if op is sre.LITERAL:
            return self.extended(growing, {chr(argument)})
        if op is sre.IN:
            characters = _character_set(argument)
            return (set(), growing) if characters is None else self.extended(growing, characters)
        if op in (sre.SUBPATTERN, sre.ATOMIC_GROUP):
            return self.sequence(argument[-1] if op is sre.SUBPATTERN else argument, growing)
        if op is sre.BRANCH:
            grown: set[str] = set()
            ended: set[str] = set()
            for branch in argument[1]:
                branch_growing, branch_ended = self.sequence(branch, growing)
                grown |= branch_growing
                ended |= branch_ended
            return grown, ended
        if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
            least, most, repeated = argument
            return self.repeat(least, most, repeated, growing)
        if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
            return growing, set()  # zero width: the next item goes on from here
        return set(), growing  # anything else: the prefixes stop short

    def repeat(
        self, least: int, most: int, repeated: Any, growing: set[str]
    ) -> tuple[set[str], set[str]]:
        ended: set[str] = set()
        for _ in range(least):
            growing, more_ended = self.sequence(repeated, growing)
            ended |= more_ended
        after_any = set(growing)  # after `least` repeats, each further one optional
        extra = 0
        while growing and extra < most - least:
            growing, more_ended = self.sequence(repeated, growing)
            ended |= more_ended
            growing -= after_any  # no prefix grows without end: this stops
            after_any |= growing
            extra += 1
        return after_any, ended

    def extended(self, growing: set[str], characters: set[str]) -> tuple[set[str], set[str]]:
        longer = {
            "" if not prefix and character in self.skipping else prefix + character
            for prefix in growing
            for character in characters
        }
        full = {prefix for prefix in longer if len(prefix) == self.length}
        return longer - full, full


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

"""The characters a pattern's match can start with: never one too few (a hand opening
would be missed), None whenever that cannot be told."""

from __future__ import annotations

import re

import pytest

from parsers.pattern_starts import first_characters
from parsers.reading import decode_history
from parsers.sites import ANY_HAND_START, SITE_FORMATS
from tests.conftest import REAL_HISTORIES as REAL


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("abc|d", "ad"),
        ("x?y", "xy"),
        ("(?:ab)*c", "ac"),
        ("[a-c]x", "abc"),
        ("\ufeff?(?:Poker|Full)", "\ufeffPF"),
        ("(?=Seat)S", "S"),  # a lookahead takes no character: the next item starts
        ("^(?:(?:A|B)|(?:[ \t]*<))", "AB \t<"),
        ("a++b", "a"),
    ],
)
def test_the_characters_a_match_can_start_with(pattern: str, expected: str) -> None:
    assert first_characters(re.compile(pattern)) == frozenset(expected)


@pytest.mark.parametrize(
    "pattern",
    ["a*", "(?:x|)", r"\d+", r"\w", "[^a]b", ".x", "(?i)abc", "(?=a)"],
)
def test_none_when_it_cannot_be_told_or_a_match_may_be_empty(pattern: str) -> None:
    assert first_characters(re.compile(pattern)) is None


def test_every_real_opening_starts_with_one_of_its_patterns_characters() -> None:
    patterns = [site.hand_start for site in SITE_FORMATS] + [ANY_HAND_START]
    starts = {pattern: first_characters(pattern) for pattern in patterns}
    assert starts[ANY_HAND_START] is not None  # the shortcut is taken for the text sites
    openings = 0
    for path in sorted(p for p in REAL.rglob("*") if p.is_file() and p.suffix != ".tsv"):
        text = decode_history(path.read_bytes()).text
        for pattern, characters in starts.items():
            for match in pattern.finditer(text):
                openings += 1
                assert characters is None or text[match.start()] in characters, path
    assert openings > 1_000

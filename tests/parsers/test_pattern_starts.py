"""The texts a pattern's match can start with: never one too few (a hand opening would be
missed), None whenever that cannot be told."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.lines.pattern_starts import match_prefixes
from parsers.sites import ANY_HAND_START, SITE_FORMATS
from parsers.text.hand_texts import decode_history
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
    assert match_prefixes(re.compile(pattern), 1) == frozenset(expected)


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("abc|d", {"ab", "d"}),  # "d" may be the whole match
        ("x?y", {"xy", "y"}),
        ("(?:ab)*c", {"ab", "c"}),
        ("(?:ab)+c", {"ab"}),
        ("a++b", {"aa", "ab"}),
        ("\ufeff?(?:Poker|Full)", {"Po", "Fu", "\ufeffP", "\ufeffF"}),
        (r"\*{5} History", {"**"}),
        (r"#\d+: ", {"#"}),  # which digit, Unicode's digits are too many to say: cut short
        (r"(?:Stage|Seat) #", {"St", "Se"}),
        ("(?=Seat)S", {"S"}),  # a lookahead takes no character: the match may be "S"
    ],
)
def test_the_two_characters_a_match_can_start_with(pattern: str, expected: set[str]) -> None:
    assert match_prefixes(re.compile(pattern), 2) == frozenset(expected)


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ('[ \t]*<game id="', {"<g"}),  # Merge's lines: "\t<round", "\t\t<event"
        ("(?:\t<game|Stage)", {"<g", "St"}),
        ("[ \t]+x|a", {"x", "a"}),
    ],
)
def test_the_two_characters_after_blanks(pattern: str, expected: set[str]) -> None:
    assert match_prefixes(re.compile(pattern), 2, skipping=" \t") == frozenset(expected)
    assert match_prefixes(re.compile("[ \t]*"), 2, skipping=" \t") is None  # blanks only


@pytest.mark.parametrize(
    "pattern",
    ["a*", "(?:x|)", r"\d+", r"\w", "[^a]b", ".x", "(?i)abc", "(?=a)"],
)
def test_none_when_it_cannot_be_told_or_a_match_may_be_empty(pattern: str) -> None:
    assert match_prefixes(re.compile(pattern), 1) is None
    assert match_prefixes(re.compile(pattern), 2) is None


def test_every_real_opening_starts_with_one_of_its_patterns_prefixes() -> None:
    patterns = [site.hand_start for site in SITE_FORMATS] + [ANY_HAND_START]
    starts = {pattern: match_prefixes(pattern, 2) for pattern in patterns}
    assert starts[ANY_HAND_START] is not None  # the shortcut is taken for the text sites
    openings = 0
    for path in sorted(p for p in REAL.rglob("*") if p.is_file() and p.suffix != ".tsv"):
        text = decode_history(path.read_bytes()).text
        for pattern, prefixes in starts.items():
            for match in pattern.finditer(text):
                openings += 1
                found = text[match.start() : match.start() + 2]
                assert prefixes is None or any(map(found.startswith, prefixes)), path
    assert openings > 1_000


_PATTERN_PIECES = [
    *("a", "b?", "(?:ab|c)", "[bc]", "a*", r"\d", "(?:b|)", "c+", "(?=a)", "a{2}"),
    *("[ \t]*", " ", "(?: a|\tb)"),
]


@settings(max_examples=500, deadline=None)
@given(
    st.lists(st.sampled_from(_PATTERN_PIECES), min_size=1, max_size=4),
    st.text(alphabet="abc1٣ \t", max_size=6),
    st.integers(min_value=1, max_value=3),
    st.sampled_from(["", " \t"]),
)
def test_a_match_starts_with_one_of_the_prefixes(
    pieces: list[str], text: str, length: int, skipping: str
) -> None:
    pattern = re.compile("".join(pieces))
    prefixes = match_prefixes(pattern, length, skipping)
    match = pattern.match(text)
    if prefixes is not None and match is not None:
        rest = text.lstrip(skipping) if skipping else text
        assert any(rest.startswith(prefix) for prefix in prefixes), (pattern.pattern, text)
        assert all(len(prefix) <= length for prefix in prefixes)

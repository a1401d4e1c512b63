"""Seeded fuzzing of the parsers of every site but PokerStars with mutated real hands, and
their shape caches held to a fresh parse, line by line.

The same contract as tests/parsers/test_fuzz.py (PokerStars), whose mutations and checks this
reuses: whatever a file holds, every chunk comes back as a `Hand` of the file's site, a
`SkippedHand` or a `HandParseError` pointing at a line of that chunk, never any other
exception, and quickly. Kept small: a few seconds in all.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from lark import Lark

from parsers.lines.line_parser import LineParser
from parsers.lines.xml_hands import closing_of
from parsers.model.events import Hand
from parsers.sites import (
    ANY_HAND_START,
    absolute,
    boss,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    winamax,
    winning,
)
from parsers.text.hand_texts import split_hands
from parsers.text.history_file import file_chunks, parse_chunk, with_file_headings
from tests.conftest import REAL_HISTORIES
from tests.parsers.test_fuzz import (
    AMOUNT_OPS,
    CARD_OPS,
    HEADER_OPS,
    LINE_OPS,
    NAME_OPS,
    SPLICE_OPS,
    RealHand,
    check_file,
    fuzz_settings,
    line_outcome,
    shape_of,
)
from tests.support import real_sites

pytestmark = pytest.mark.slow  # property-based fuzzing of every real hand of three sites

FOLDERS = {
    bovada.SITE: "Bovada",
    absolute.SITE: "Absolute",
    everleaf.SITE: "Everleaf",
    ongame.SITE: "OnGame",
    fulltilt.SITE: "FullTilt",
    partypoker.SITE: "PartyPoker",
    merge.SITE: "Merge",
    kingsclub.SITE: "KingsClub",
    winamax.SITE: "Winamax",
    winning.SITE: "Winning",
}


@cache
def site_hands() -> tuple[tuple[str, RealHand], ...]:
    """Every real hand of the three sites, blank lines (of double-spaced files) left out."""
    hands = []
    for site, folder in FOLDERS.items():
        for path in sorted((REAL_HISTORIES / folder).rglob("*.txt")):
            chunks = with_file_headings(split_hands(str(path), path.read_bytes(), ANY_HAND_START))
            for chunk in chunks:
                outcome = parse_chunk(chunk)
                if isinstance(outcome, Hand):
                    lines = tuple(line for line in chunk.lines if line)
                    if chunk.file_heading:  # Merge's description, once per file: each hand's
                        lines = (chunk.file_heading[1], *lines)
                    if fulltilt.ARCHIVE_SEPARATOR.match(lines[0]):
                        lines = lines[1:]  # the archive's line of stars: no line of the hand
                    names = tuple(seat.player for seat in outcome.seats)
                    hands.append((site, RealHand(path.name, lines, names, outcome.game.is_stud)))
    assert {site for site, _ in hands} == set(FOLDERS)
    return tuple(hands)


@st.composite
def mutated_file(draw, ops, max_ops: int = 3) -> tuple[str, bytes]:
    """A mutated real hand of one of the sites, as a file's bytes (sometimes UTF-16 and
    double-spaced, as Full Tilt and Winning wrote them): (site, bytes)."""
    site, hand = draw(st.sampled_from(site_hands()))
    lines = list(hand.lines)
    for op in draw(st.lists(st.sampled_from(ops), min_size=1, max_size=max_ops)):
        lines = op(draw, lines, hand) or [""]
    if draw(st.booleans()):
        return site, ("\n".join(lines) + "\n").encode()
    return site, ("\n\n".join(lines) + "\n\n\n").encode("utf-16")


def test_the_corpus_parses_cleanly():
    for site, hand in site_hands():
        outcomes = check_file("\n".join(hand.lines).encode(), hand.path, site)
        assert [type(o) for o in outcomes] == [Hand], hand.path


@fuzz_settings(100)
@given(mutated_file(LINE_OPS, max_ops=4))
def test_lines_dropped_duplicated_swapped_or_cut(mutated):
    site, data = mutated
    check_file(data, site=site)


@fuzz_settings(100)
@given(mutated_file(AMOUNT_OPS + CARD_OPS, max_ops=3))
def test_amounts_and_cards_altered(mutated):
    site, data = mutated
    check_file(data, site=site)


@fuzz_settings(75)
@given(mutated_file(NAME_OPS + HEADER_OPS, max_ops=2))
def test_names_and_headers_altered(mutated):
    site, data = mutated
    check_file(data, site=site)


@fuzz_settings(100)
@given(mutated_file(LINE_OPS + AMOUNT_OPS + NAME_OPS + CARD_OPS + SPLICE_OPS, max_ops=5))
def test_everything_at_once(mutated):
    site, data = mutated
    check_file(data, site=site)


# ----------------------------------------------------------------------------- shape cache

PARSERS = {
    "bovada": bovada.line_parser,
    "absolute": absolute.line_parser,
    "everleaf": everleaf.line_parser,
    "ongame": ongame.line_parser,
    "fulltilt": fulltilt.line_parser,
    "partypoker": partypoker.line_parser,
    "merge": merge.line_parser,
    "kingsclub": kingsclub.line_parser,
    "winamax": winamax.line_parser,
    "winning": winning.line_parser,
    "winning_2016": winning.line_parser_2016,
}


def fresh(parser_name: str) -> LineParser:
    shared = PARSERS[parser_name]()
    return LineParser(
        shared._grammar,
        type(shared._transformer)(),
        shared._converters,
        unreadable_terminal=shared._unreadable_terminal,
    )


SEAT_LINE = re.compile("Seat ")
SEAT_LINES = {  # "Seat+1: $0.57 in chips", '  <player seat="1" nickname="Player1" ...'
    bovada.SITE: bovada.FORMAT.seat_line,
    merge.SITE: merge.FORMAT.seat_line,
}


@cache
def real_lines() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Every distinct real line of the sites: (parser, line, names it is parsed with)."""
    seen = {}
    for site, hand in site_hands():
        parser = site
        if site == "winning" and hand.lines[0].startswith("Game started at:"):
            parser = "winning_2016"
        names = tuple(sorted(hand.names, key=len, reverse=True))
        seat_line = SEAT_LINES.get(site, SEAT_LINE)
        seat_lines = [i for i, line in enumerate(hand.lines) if seat_line.match(line)]
        first_body = seat_lines[0] + 1
        while first_body < len(hand.lines) and seat_line.match(hand.lines[first_body]):
            first_body += 1
        for index, line in enumerate(hand.lines):
            line_names = names if index >= first_body else ()
            seen.setdefault((parser, line, line_names), None)
    return tuple(seen)


def test_shape_cache_matches_fresh_parse_on_every_real_line():
    lines = real_lines()
    assert len(lines) > 1000
    expected = {}
    for parser_name, line, names in lines:
        expected[parser_name, line, names] = outcome = line_outcome(fresh(parser_name), line, names)
        assert outcome[0] == "event", (parser_name, line)
        assert line_outcome(PARSERS[parser_name](), line, names) == outcome
    # each line read by a parser warmed with another line of its shape
    by_shape = defaultdict(list)
    for parser_name, line, names in lines:
        by_shape[parser_name, shape_of(_Line(line, names))].append((line, names))
    compared = 0
    for (parser_name, _shape), group in by_shape.items():
        for i, (line, names) in enumerate(group if len(group) > 1 else ()):
            warm_line, warm_names = group[(i + 1) % len(group)]
            parser = fresh(parser_name)
            line_outcome(parser, warm_line, warm_names)
            assert line_outcome(parser, line, names) == expected[parser_name, line, names]
            compared += 1
    assert compared > 300


class _CountingGrammar:
    """A site's grammar that remembers the texts it was asked to parse."""

    def __init__(self, grammar: Lark) -> None:
        self.grammar, self.parsed = grammar, list[str]()

    def __getattr__(self, name: str) -> object:
        return getattr(self.grammar, name)

    def parse(self, text: str) -> object:
        self.parsed.append(text)
        return self.grammar.parse(text)


def test_a_line_read_once_is_read_from_its_shape_ever_after():
    """The shape cache's point: the grammar runs once a shape. Two terminals that read
    the same shape ("[H H 6s Ah]" and "[H H 9c 10s]" once, a card and a ten) would send
    every other line of it through the grammar again, each time it is met."""
    parsers = {name: fresh(name) for name in PARSERS}
    for parser in parsers.values():
        parser._grammar = _CountingGrammar(parser._grammar)  # type: ignore[assignment]
    lines = real_lines()
    for parser_name, line, names in lines:
        line_outcome(parsers[parser_name], line, names)
    learnt = sum(len(parser._grammar.parsed) for parser in parsers.values())
    assert learnt > 100
    for parser in parsers.values():
        parser._grammar.parsed.clear()
    for parser_name, line, names in lines:
        line_outcome(parsers[parser_name], line, names)
    again = {name: parser._grammar.parsed for name, parser in parsers.items()}
    assert again == {name: [] for name in parsers}


class _Line:
    """What `shape_of` reads of a line."""

    def __init__(self, text: str, names: tuple[str, ...]) -> None:
        self.text, self.names = text, names


# ----------------------------------------------------------------------------- XML sessions

XML_FOLDERS = {ipoker.SITE: "iPoker", boss.SITE: "Boss"}


@cache
def xml_hands() -> tuple[tuple[str, str, RealHand], ...]:
    """Every real hand of the XML sites: (site, its file's header, the hand)."""
    hands = []
    for site, folder in XML_FOLDERS.items():
        for path in real_sites.history_files(REAL_HISTORIES / folder):
            for chunk in file_chunks(str(path), path.read_bytes()):
                outcome = parse_chunk(chunk)
                if isinstance(outcome, Hand):
                    names = tuple(seat.player for seat in outcome.seats)
                    real = RealHand(path.name, chunk.lines, names, outcome.game.is_stud)
                    hands.append((site, chunk.preamble, real))
    assert {site for site, _, _ in hands} == set(XML_FOLDERS)
    return tuple(hands)


@st.composite
def mutated_session(draw, ops, max_ops: int = 3) -> tuple[str, bytes]:
    """A session file of one mutated real hand: its file's header, the hand, the end."""
    site, preamble, hand = draw(st.sampled_from(xml_hands()))
    lines = list(hand.lines)
    for op in draw(st.lists(st.sampled_from(ops), min_size=1, max_size=max_ops)):
        lines = op(draw, lines, hand) or [""]
    return site, (preamble + "\n".join(lines) + f"\n{closing_of(preamble)}\n").encode()


@fuzz_settings(100)
@given(mutated_session(LINE_OPS + AMOUNT_OPS + NAME_OPS + CARD_OPS, max_ops=4))
def test_xml_hands_mutated(mutated):
    site, data = mutated
    check_file(data, site=site)

"""Seeded fuzzing of the PokerStars parser with mutated real hands, and of its shape cache.

The parser's contract (parsers/text/history_file.py): whatever bytes a file holds, every chunk
of it comes back as a `Hand`, a `SkippedHand` or a `HandParseError` that points at a line
of that chunk, never as any other exception, and quickly. The fuzz tests take the real
stud and draw hands of /work/shared/histories/real/PokerStars and break them the ways
files really break (lines lost, repeated or cut, bytes flipped, a client writing half a
hand) and the ways a hostile or buggy history could (odd amounts, names, cards, headers,
lines of another game), then hold every outcome to that contract.

The shape-cache tests hold `LineParser` to its own rule: a warm cache must give exactly
what a fresh parse of the same line gives, whatever lines warmed it.

Every test is derandomized: the same examples run on every run, so a failure is a bug,
not bad luck. The corpus is read, never copied into the repo.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.lines.line_parser import PLAYER_MARKER, LineParser, LineSyntaxError
from parsers.model.errors import ErrorKind, HandParseError
from parsers.model.events import Hand
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites import ANY_HAND_START, fulltilt, pokerstars
from parsers.sites.pokerstars import CONVERTERS, PokerStarsLines, line_parser
from parsers.text.hand_texts import HandText, decode_history, split_hands
from parsers.text.history_file import parse_bytes, parse_chunk
from tests.conftest import REAL_HISTORIES

pytestmark = pytest.mark.slow  # property-based fuzzing of every parser

REAL = REAL_HISTORIES
POKERSTARS = REAL / "PokerStars"
if not POKERSTARS.is_dir():
    pytest.skip(f"real PokerStars histories not found at {POKERSTARS}", allow_module_level=True)

CPU_LIMIT = 5.0
"""Processor seconds per hand: a guard against a parser that spins (a regular expression
backtracking), not a speed test (a real hand takes well under a millisecond; bench/ says
how long). Processor time, not the clock's: a busy machine does not fail it."""


def fuzz_settings(examples: int) -> settings:
    return settings(
        derandomize=True,
        database=None,
        max_examples=examples,
        deadline=None,  # the per-hand limit is on processor time (CPU_LIMIT) instead
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        print_blob=False,
    )


# ----------------------------------------------------------------------------- the corpus


@dataclass(frozen=True)
class RealHand:
    path: str
    lines: tuple[str, ...]
    names: tuple[str, ...]  # the seated players
    is_stud: bool


@dataclass(frozen=True)
class Corpus:
    stud: tuple[RealHand, ...]
    draw: tuple[RealHand, ...]
    chunks: tuple[HandText, ...]  # every PokerStars hand, flop games included

    @property
    def hands(self) -> tuple[RealHand, ...]:
        return self.stud + self.draw


@cache
def corpus() -> Corpus:
    stud, draw, chunks = [], [], []
    for path in sorted(p for p in POKERSTARS.rglob("*") if p.is_file()):
        for chunk in split_hands(str(path), path.read_bytes(), ANY_HAND_START):
            if not chunk.is_hand:
                continue
            chunks.append(chunk)
            outcome = parse_chunk(chunk)
            if isinstance(outcome, Hand):
                hand = RealHand(
                    str(path.relative_to(REAL)),
                    chunk.lines,
                    tuple(seat.player for seat in outcome.seats),
                    outcome.game.is_stud,
                )
                (stud if hand.is_stud else draw).append(hand)
    assert len(stud) >= 20 and len(draw) >= 20, "the real corpus has shrunk"
    return Corpus(tuple(stud), tuple(draw), tuple(chunks))


# ----------------------------------------------------------------------------- the contract


def check_file(data: bytes, path: str = "fuzzed.txt", site: str = pokerstars.SITE) -> list[object]:
    """Parse a file's bytes as the importer does and hold every outcome to the contract
    (a hand read must be of `site`, the site the file's hands come from)."""
    decoded = decode_history(data).text
    file_lines = [line.rstrip() for line in re.sub(r"\r(?!\n)", "\n", decoded).split("\n")]
    outcomes = []
    hands = parse_bytes(path, data)
    while True:
        started = time.process_time()
        try:
            chunk, outcome = next(hands)
        except StopIteration:
            break
        spent = time.process_time() - started
        assert spent < CPU_LIMIT, f"{spent:.2f} processor seconds to parse one hand"
        assert _located(chunk, file_lines), "a chunk's first_line does not locate its lines"
        check_outcome(chunk, outcome, site)
        outcomes.append(outcome)
    return outcomes


def _located(chunk: HandText, file_lines: list[str]) -> bool:
    """The chunk's lines are the file's from `first_line` on; an XML hand may start and
    end inside a line ("</game><game gamecode=...>"): its first line ends the file's, its
    last begins the file's."""
    lines = file_lines[chunk.first_line - 1 : chunk.first_line - 1 + len(chunk.lines)]
    if chunk.lines == tuple(lines):
        return True
    return (
        bool(chunk.preamble)
        and len(lines) == len(chunk.lines)
        and lines[0].endswith(chunk.lines[0])
        and lines[-1].startswith(chunk.lines[-1].rstrip())
        and chunk.lines[1:-1] == tuple(lines[1:-1])
    )


def check_outcome(chunk: HandText, outcome: object, site: str = pokerstars.SITE) -> None:
    assert isinstance(outcome, Hand | SkippedHand | CancelledHand | HandParseError), type(outcome)
    if isinstance(outcome, HandParseError):
        check_error(chunk, outcome)
    elif isinstance(outcome, CancelledHand):  # a mutation may empty a pot dealt no cards
        assert chunk.first_line <= outcome.line < chunk.first_line + len(chunk.lines)
        assert outcome.site == site
    elif isinstance(outcome, Hand):
        last = chunk.first_line + len(chunk.lines) - 1
        assert outcome.header.site == site
        for record in (*outcome.seats, *outcome.events):
            assert chunk.first_line <= record.line <= last, record


def check_error(chunk: HandText, error: HandParseError) -> None:
    """The error must point at a line of its hand, and quote that line."""
    assert isinstance(error.kind, ErrorKind)
    last = chunk.first_line + len(chunk.lines) - 1
    # or the file's heading line the hand is read with (Merge's description)
    heading = (
        chunk.file_heading if chunk.file_heading and chunk.file_heading[0] == error.line else None
    )
    assert heading or chunk.first_line <= error.line <= last, (error.line, chunk.first_line, last)
    assert error.column >= 1
    if error.line_text:
        quoted = heading[1] if heading else chunk.lines[error.line - chunk.first_line]
        assert error.line_text.lstrip("\ufeff") == quoted.lstrip("\ufeff"), (error, quoted)
        assert error.column <= len(error.line_text) + 1, error
    str(error)  # the message a player sees must render


def check_parse_hand(chunk: HandText) -> None:
    """`parse_hand` itself: a hand or a skipped hand, or it raises HandParseError only."""
    started = time.process_time()
    try:
        outcome = pokerstars.parse_hand(chunk)
    except HandParseError as error:
        outcome = error
    spent = time.process_time() - started
    assert spent < CPU_LIMIT, f"{spent:.2f} processor seconds to parse one hand"
    check_outcome(chunk, outcome)


# ----------------------------------------------------------------------------- mutations
# Each mutation takes Hypothesis' `draw`, the hand's lines and the real hand they came
# from, and returns new lines; it returns the lines unchanged when it has nothing to
# work on (a hand with no amounts left, say).

AMOUNT = re.compile(r"[$€£]?\d+(?:[.,]\d+)*")
CARD = re.compile(r"(?<=[\[ ])[2-9TJQKA][cdhs](?=[\] ])")

AMOUNT_VARIANTS = [
    "$12.50", "12.50", "$0.001", "0.001", "1e9", "$1e9", "-5", "$-0.02", "-$0.02", "0",
    "$0", "00", "$.5", "5.", "$99999999999999999999999999999.99", "9" * 40, "1,500",
    "$1,250.50", "1,5", "1,23", "1.2.3", "$0.0.2", "1,2,3", "", "$", "€2", "£3.5", "¥5",
    "NaN", "Infinity", "١٢", "1 000", "0x10", "1_000", "+5", "$ 5", "\x00", "$\x00",
]  # fmt: skip
NAME_VARIANTS = [
    "Bob Smith", "[Ah Kd]", "x]", "[", "a:b", "Hero:", ": calls", "drachensüss", "玩家一",
    "\u202eevil", "🂡", "\ue000", "Bob\ue000", "", " ", "Dealt", "Dealt to", "Seat 1",
    "Total pot", "Player1 r10", "Player1 r1", "r10", "x (1500 in chips)", "O'Brien",
    "a' 8-max", 'said, "', "Bob joins the table at seat #3", "***", "Uncalled bet", "$5",
    "10", "Ah", "pot", "Hero", "a\tb", "tab\t", "x" * 200, "(button)", "Bob (big blind)",
]  # fmt: skip
CARD_VARIANTS = [
    "Zz", "10h", "1h", "ah", "AH", "Xx", "??", "of", "", "Ahh", "A h", "[Ah]", "Ah]", "[",
    "Tx", "2c3d", "2c", "As", "Kd", "7h", "Qc", "🂡", "\ue000", "Ah Kd", "12345", "\x00",
]  # fmt: skip
GAME_NAMES = [
    "7 Card Stud", "7 Card Stud Hi/Lo", "Razz", "5 Card Stud", "Triple Draw 2-7 Lowball",
    "Single Draw 2-7 Lowball", "Triple Draw A-5 Lowball", "Badugi", "5 Card Draw",
    "Hold'em", "Omaha", "Omaha Hi/Lo", "Courchevel", "5 Card Omaha Hi/Lo", "7 CARD STUD",
    "razz", "BADUGI", "9 Card Stud", "Triple Draw 2-8 Lowball", "Five Card Stud", "",
    "Stud", "7 Card Stud Hi", "Draw",
]  # fmt: skip
LIMITS = ["Limit", "No Limit", "Pot Limit", "LIMIT", "no limit", "Spread Limit", "", "Fixed"]
DATES = [
    "2009/13/45 25:61:00", "0000/00/00 00:00:00", "9999/12/31 23:59:59",
    "0001/01/01 00:00:00", "2009/02/29 10:00:00", "2008/02/29 10:00:00",
    "2009/11/26 - 10:08:43 (ET)", "2009/1/1 1:1:1", "2009/11/26", "10:08:43",
    "2009/11/26 10:08:43.5", "20091126 100843", "2009-11-26 10:08:43", "2009/11/26 24:00:00",
]  # fmt: skip
EXTREME_DATES = ["9999/12/31 23:59:59", "0001/01/01 00:00:00", "1970/01/01 00:00:00"]
ZONES = ["XYZ", "ET", "UTC", "", "et", "ABCDEF", "CEST", "A", "GMT+1", "(ET)", "[ET]"]
LEVELS = [
    "Level MMXXIV", "Level IIII", "Level ", "Level 12", "LEVEL xxxi", "Level " + "C" * 60,
    "Level I", "Level XXXI", "Match Round MCM, Level V", "level", "Level IV Level V",
]  # fmt: skip
HAND_NUMBERS = ["#", "#-1", "#" + "9" * 40, "#12a", "#0", "# 12", "#١٢"]
BYTE_INSERTS = [
    b"\x00", b"\xff", b"\xfe\xff", b"\xff\xfe", b"\xef\xbb\xbf", b"\r", b"\n", b"\r\n",
    b"\n\n", b"\xe2\x80\xa8", b"\xc3", b"\xe2\x82", b"\x85", b"\x1c", b"\t", b" ",
    b"PokerStars Hand #1: ", b"\nPokerStars Game #", "\ue000".encode(), b"\x00" * 40,
    b"$", b"[", b"]", b":", b"9", b".",
]  # fmt: skip


def pick_line(draw, lines: list[str], wanted: re.Pattern[str] | None = None) -> int | None:
    """The index of a line (one that `wanted` finds something in, if given)."""
    candidates = [i for i, line in enumerate(lines) if wanted is None or wanted.search(line)]
    return draw(st.sampled_from(candidates)) if candidates else None


def replace_match(draw, lines: list[str], pattern: re.Pattern[str], strategy) -> list[str]:
    """Replace one occurrence of `pattern`, in one line, by a drawn string."""
    index = pick_line(draw, lines, pattern)
    if index is None:
        return lines
    match = draw(st.sampled_from(list(pattern.finditer(lines[index]))))
    new = draw(strategy(match.group()) if callable(strategy) else strategy)
    line = lines[index]
    return [*lines[:index], line[: match.start()] + new + line[match.end() :], *lines[index + 1 :]]


# -- lines


def drop_line(draw, lines, hand):
    i = draw(st.integers(0, len(lines) - 1))
    return lines[:i] + lines[i + 1 :]


def duplicate_line(draw, lines, hand):
    i = draw(st.integers(0, len(lines) - 1))
    j = draw(st.integers(0, len(lines)))
    return [*lines[:j], lines[i], *lines[j:]]


def swap_lines(draw, lines, hand):
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    lines = list(lines)
    lines[i], lines[j] = lines[j], lines[i]
    return lines


def truncate_line(draw, lines, hand):
    i = draw(st.integers(0, len(lines) - 1))
    cut = draw(st.integers(0, max(0, len(lines[i]) - 1)))
    return [*lines[:i], lines[i][:cut], *lines[i + 1 :]]


def truncate_hand(draw, lines, hand):
    return lines[: draw(st.integers(1, len(lines)))]


def insert_blank_line(draw, lines, hand):
    j = draw(st.integers(1, len(lines)))
    return [*lines[:j], draw(st.sampled_from(["", " ", "\t", "\u3000"])), *lines[j:]]


def insert_text(draw, lines, hand):
    i = draw(st.integers(0, len(lines) - 1))
    at = draw(st.integers(0, len(lines[i])))
    text = draw(st.text(min_size=1, max_size=6).filter(lambda t: "\n" not in t and "\r" not in t))
    return [*lines[:i], lines[i][:at] + text + lines[i][at:], *lines[i + 1 :]]


# -- amounts, names, cards


def with_digits(original: str, digits: list[str]) -> str:
    """The original with its digits replaced, in order, by `digits` (cycled)."""
    replacements = iter(digits * len(original))
    return re.sub(r"\d", lambda _: next(replacements), original)


def digits_changed(original: str):
    return st.lists(st.sampled_from("0123456789"), min_size=1, max_size=len(original)).map(
        lambda digits: with_digits(original, digits)
    )


def alter_amount(draw, lines, hand):
    return replace_match(
        draw,
        lines,
        AMOUNT,
        lambda original: st.one_of(
            st.sampled_from(AMOUNT_VARIANTS),
            digits_changed(original),
            st.just(original.replace("$", "")),
            st.just(original + "0" * 30),
            st.decimals(allow_nan=False, allow_infinity=False, places=2).map(str),
        ),
    )


def names_strategy(hand: RealHand):
    return st.one_of(
        st.sampled_from(NAME_VARIANTS),
        st.sampled_from(hand.names),  # two players with the same name
        st.text(max_size=12).filter(lambda t: "\n" not in t and "\r" not in t),
    )


def rename_everywhere(draw, lines, hand):
    old = draw(st.sampled_from(hand.names))
    new = draw(names_strategy(hand))
    return [line.replace(old, new) for line in lines]


def rename_in_one_line(draw, lines, hand):
    old = draw(st.sampled_from(hand.names))
    return replace_match(draw, lines, re.compile(re.escape(old)), names_strategy(hand))


def alter_card(draw, lines, hand):
    return replace_match(
        draw, lines, CARD, st.one_of(st.sampled_from(CARD_VARIANTS), st.text(max_size=4))
    )


def alter_bracket(draw, lines, hand):
    return replace_match(
        draw, lines, re.compile(r"[\[\]]"), st.sampled_from(["", "[[", "]]", "(", " ", "]["])
    )


# -- headers


def alter_header(draw, lines, hand):
    game = "|".join(re.escape(name) for name in sorted(GAME_NAMES, key=len, reverse=True) if name)
    edits = {
        "game": (rf"(?i)(?<=[ (])(?:{game})(?= (?:Limit|Pot Limit|No Limit))", GAME_NAMES),
        "limit": (r"(?i)(?:Pot Limit|No Limit|Limit)(?=[ ,)])", LIMITS),
        "date": (r"\d{4}/\d\d/\d\d(?: -)? \d{1,2}:\d\d:\d\d", DATES),
        "date at the ends of time": (r"\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d", EXTREME_DATES),
        "zone": (r"(?<=\d:\d\d ) ?[A-Z]{1,5}|(?<=\()[A-Z]{1,5}(?=\))", ZONES),
        "level": (r"(?i)Level [IVXLC]+", LEVELS),
        "hand number": (r"#\d+", HAND_NUMBERS),
        "stakes": (r"[$€£]?[\d.]+/[$€£]?[\d.]+", ["$0.08", "/", "$0.04/", "1/2/3", "$1/$2/$3"]),
        "currency": (r"(?<= )[A-Z]{3}(?=[) ])", ["XYZ", "usd", "", "EURO", "€"]),
        "buy-in": (r"[$€£]?[\d.]+(?:\+[$€£]?[\d.]+)+", ["Freeroll", "$1+", "+", "1+2+3+4"]),
        "site": (r"PokerStars (?:Home Game )?(?:Game|Hand|Zoom Hand)", [
            "PokerStars Zoom Hand", "PokerStars Home Game Hand", "PokerStars Hand",
            "PokerStars Home Game Game", "PokerStars Game Hand",
        ]),
        "max seats": (r"\d+-max", ["0-max", "9" * 30 + "-max", "-max", "1.5-max"]),
        "button": (r"Seat #\d+ is the button", ["Seat #0 is the button", "Seat # is the button"]),
        "club": (r"\{[^}]*\}", ["{}", "{{x}", "{a} {b}"]),
    }  # fmt: skip
    head = lines[:2]
    for name in draw(st.lists(st.sampled_from(sorted(edits)), min_size=1, max_size=3)):
        pattern, values = edits[name]
        head = replace_match(draw, head, re.compile(pattern), st.sampled_from(values))
    return head + lines[2:]


# -- other games


def splice_other_game(draw, lines, hand):
    others = corpus().draw if hand.is_stud else corpus().stud
    other = draw(st.sampled_from(others)).lines
    start = draw(st.integers(0, len(other) - 1))
    piece = list(other[start : start + draw(st.integers(1, 6))])
    at = draw(st.integers(1, len(lines)))
    replaced = draw(st.integers(0, 3))
    return [*lines[:at], *piece, *lines[at + replaced :]]


LINE_OPS = [
    drop_line, duplicate_line, swap_lines, truncate_line, truncate_hand, insert_blank_line,
    insert_text,
]  # fmt: skip
AMOUNT_OPS = [alter_amount]
NAME_OPS = [rename_everywhere, rename_in_one_line]
CARD_OPS = [alter_card, alter_bracket]
HEADER_OPS = [alter_header]
SPLICE_OPS = [splice_other_game]
ALL_OPS = LINE_OPS + AMOUNT_OPS + NAME_OPS + CARD_OPS + HEADER_OPS + SPLICE_OPS


@st.composite
def mutated_lines(draw, ops, max_ops: int = 3) -> tuple[RealHand, list[str]]:
    hand = draw(st.sampled_from(corpus().hands))
    lines = list(hand.lines)
    for op in draw(st.lists(st.sampled_from(ops), min_size=1, max_size=max_ops)):
        lines = op(draw, lines, hand) or [""]
    return hand, lines


@st.composite
def mutated_text(draw, ops, max_ops: int = 3) -> str:
    """One or a few mutated hands, as the text of a file."""
    hands = draw(st.lists(mutated_lines(ops, max_ops), min_size=1, max_size=2))
    return "\n\n\n".join("\n".join(lines) for _, lines in hands) + "\n"


# -- bytes


def truncate_bytes(draw, data: bytes) -> bytes:
    return data[: draw(st.integers(0, len(data)))]


def flip_byte(draw, data: bytes) -> bytes:
    if not data:
        return data
    i = draw(st.integers(0, len(data) - 1))
    value = draw(
        st.one_of(
            st.integers(0, 7).map(lambda bit: data[i] ^ (1 << bit)),
            st.integers(0, 255),
            st.just(0),
        )
    )
    return data[:i] + bytes([value]) + data[i + 1 :]


def insert_bytes(draw, data: bytes) -> bytes:
    i = draw(st.integers(0, len(data)))
    new = draw(st.one_of(st.sampled_from(BYTE_INSERTS), st.binary(min_size=1, max_size=4)))
    return data[:i] + new + data[i:]


def delete_bytes(draw, data: bytes) -> bytes:
    i = draw(st.integers(0, len(data)))
    return data[:i] + data[i + draw(st.integers(1, 40)) :]


BYTE_OPS = [truncate_bytes, flip_byte, insert_bytes, delete_bytes]
ENCODINGS = {
    "utf-8": lambda text: text.encode("utf-8"),
    "utf-8 with BOM": lambda text: b"\xef\xbb\xbf" + text.encode("utf-8"),
    "utf-16 with BOM": lambda text: text.encode("utf-16"),
    "utf-16-le without BOM": lambda text: text.encode("utf-16-le"),
    "cp1252": lambda text: text.encode("cp1252", "replace"),
    "CRLF": lambda text: text.replace("\n", "\r\n").encode("utf-8"),
    "CR": lambda text: text.replace("\n", "\r").encode("utf-8"),
}


@st.composite
def mutated_bytes(draw) -> bytes:
    text = draw(mutated_text(LINE_OPS + AMOUNT_OPS + NAME_OPS + CARD_OPS, max_ops=1))
    data = ENCODINGS[draw(st.sampled_from(sorted(ENCODINGS)))](text)
    for op in draw(st.lists(st.sampled_from(BYTE_OPS), min_size=1, max_size=4)):
        data = op(draw, data)
    return data


# ----------------------------------------------------------------------------- fuzz tests


def test_the_corpus_parses_cleanly():
    hands = corpus().hands
    for hand in hands:
        outcomes = check_file("\n".join(hand.lines).encode(), hand.path)
        assert [type(o) for o in outcomes] == [Hand], hand.path


@fuzz_settings(300)
@given(mutated_text(LINE_OPS, max_ops=4))
def test_lines_dropped_duplicated_swapped_or_cut(text):
    check_file(text.encode())


@fuzz_settings(300)
@given(mutated_bytes())
def test_bytes_flipped_inserted_or_cut(data):
    check_file(data)


@fuzz_settings(300)
@given(mutated_text(AMOUNT_OPS, max_ops=3))
def test_amounts_altered(text):
    check_file(text.encode())


@fuzz_settings(250)
@given(mutated_text(NAME_OPS, max_ops=2))
def test_names_altered(text):
    check_file(text.encode())


@fuzz_settings(250)
@given(mutated_text(CARD_OPS, max_ops=3))
def test_cards_altered(text):
    check_file(text.encode())


@fuzz_settings(300)
@given(mutated_text(HEADER_OPS, max_ops=2))
def test_headers_altered(text):
    check_file(text.encode())


@fuzz_settings(150)
@given(mutated_text(SPLICE_OPS, max_ops=2))
def test_lines_of_another_game_spliced_in(text):
    check_file(text.encode())


@fuzz_settings(300)
@given(mutated_text(ALL_OPS, max_ops=5))
def test_everything_at_once(text):
    check_file(text.encode())


@fuzz_settings(300)
@given(mutated_lines(ALL_OPS, max_ops=4), st.integers(1, 10**6))
def test_parse_hand_raises_only_hand_parse_error(mutated, first_line):
    _, lines = mutated
    check_parse_hand(HandText("direct.txt", tuple(lines), first_line, 0, 0))


# ----------------------------------------------------------------------------- shape cache


def fresh_parser() -> LineParser:
    """A parser like `line_parser()`, sharing its grammar, with an empty shape cache."""
    return LineParser(
        line_parser()._grammar, PokerStarsLines(), CONVERTERS, unreadable_terminal="UNREADABLE_CARD"
    )


def line_outcome(parser: LineParser, line: str, names: tuple[str, ...], number: int = 7):
    """What a parser makes of a line, as a value that compares with ==."""
    try:
        event, unreadable = parser.parse(line, names, number)
    except LineSyntaxError as error:
        return ("syntax error", error.column, error.expected)
    except Exception as error:  # a crash is an outcome too, to be compared with the fresh one
        return ("crash", type(error).__name__, str(error))
    assert event.line == number
    return ("event", event, tuple(unreadable))


@dataclass(frozen=True)
class RealLine:
    text: str
    names: tuple[str, ...]  # as parse_hand passes them: none before the seat list is read
    seated: tuple[str, ...]  # the hand's players, to rename


@cache
def corpus_lines() -> tuple[RealLine, ...]:
    """Every distinct line of every real PokerStars hand, with the names parse_hand gives."""
    seen: dict[tuple[str, tuple[str, ...]], RealLine] = {}
    parser = line_parser()
    for chunk in corpus().chunks:
        lines = chunk.lines
        heading: list[str] = [lines[0].lstrip("\ufeff"), *lines[1:2]]
        names: set[str] = set()
        index = 2
        while index < len(lines) and lines[index].startswith("Seat "):
            record, _ = parser.parse(lines[index], (), index)
            if not isinstance(record, pokerstars.Seat):
                break
            heading.append(lines[index])
            names.add(record.player)
            index += 1
        # Longest first, as parse_hand gives them; a name breaks a tie, or the set's
        # order (the process's string hashes) would change the examples run to run.
        seated = tuple(sorted(names, key=lambda name: (-len(name), name)))
        for line in heading:
            seen.setdefault((line, ()), RealLine(line, (), seated))
        for line in lines[index:]:
            seen.setdefault((line, seated), RealLine(line, seated, seated))
    return tuple(seen.values())


@cache
def stud_and_draw_lines() -> frozenset[str]:
    return frozenset(line for hand in corpus().hands for line in hand.lines)


# Amounts, counts and cards: what the shape cache treats as the variable part of a line.
VARIABLE = re.compile(r"[$€£]?\d+(?:[.,]\d+)*|\b[2-9TJQKA][cdhs]\b")


def shape_of(line: RealLine) -> str:
    """Roughly the cache's notion of a line's shape: names masked, variable pieces and a
    hand's description (a site's `FREE_TEXT`) blanked."""
    text = line.text
    for name in line.names:
        text = text.replace(name, PLAYER_MARKER)
    for free_text in (pokerstars.FREE_TEXT, fulltilt.FREE_TEXT):
        free = free_text.search(text)
        if free is not None:
            text = text[: free.start(1)] + "\1" + text[free.end(1) :]
            break
    return VARIABLE.sub("\0", text)


def test_shape_cache_matches_fresh_parse_on_every_real_line():
    lines = corpus_lines()
    assert len(lines) > 2000
    shared = line_parser()
    fresh = {}
    for line in lines:
        fresh[line] = expected = line_outcome(fresh_parser(), line.text, line.names)
        assert line_outcome(shared, line.text, line.names) == expected, line
        if line.text in stud_and_draw_lines():
            assert expected[0] == "event", f"a real line the grammar rejects: {line}"

    # The same lines, each read by a parser warmed with another line of its shape.
    by_shape = defaultdict(list)
    for line in lines:
        by_shape[shape_of(line)].append(line)
    compared = 0
    for group in by_shape.values():
        for i, line in enumerate(group if len(group) > 1 else ()):
            warm = group[(i + 1) % len(group)]
            parser = fresh_parser()
            line_outcome(parser, warm.text, warm.names)
            assert line_outcome(parser, line.text, line.names) == fresh[line], (warm, line)
            compared += 1
    assert compared > 1000


def piece_variants(piece: str):
    """Another value for a variable piece (an amount, a count, a card), or something else."""
    cards = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    return st.one_of(
        st.sampled_from(cards)
        if re.fullmatch(r"[2-9TJQKA][cdhs]", piece)
        else digits_changed(piece),
        st.sampled_from(["$12.50", "$0.04", "12.50", "1,500", "$1,250.50", "0", "10", "100"]),
        st.integers(0, 10**12).map(str),
        st.sampled_from(["1.5", "1,5", "1.2.3", "9", "8", "2", "1", "0001", "9" * 30]),
        st.sampled_from(["Ah", "7c", "Zz", "\x00", "\x00 ", "", "r10"]),
    )


@st.composite
def line_variants(draw) -> tuple[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]]:
    """A real line, and the same line with amounts, cards or names changed: each as the
    line and the seated names it is parsed with."""
    real = draw(st.sampled_from(corpus_lines()))
    variant, names = real.text, real.names
    pieces = list(VARIABLE.finditer(variant))
    indices = st.lists(st.integers(0, len(pieces) - 1), max_size=3, unique=True)
    chosen = draw(indices) if pieces else []
    for k in sorted(chosen, reverse=True):  # right to left, so that offsets stay put
        start, end = pieces[k].span()
        variant = variant[:start] + draw(piece_variants(pieces[k].group())) + variant[end:]
    if real.seated and draw(st.booleans()):
        old = draw(st.sampled_from(real.seated))
        new = draw(st.sampled_from([f"{old} r10", f"{old} r1", f"{old}1", f"{old}10", "r10"]))
        variant = variant.replace(old, new)
        if names and draw(st.booleans()):  # seated under the new name, or not seated at all
            names = tuple(sorted({*names, new} - {old}, key=len, reverse=True))
    return (real.text, real.names), (variant, names)


@fuzz_settings(600)
@given(line_variants())
def test_shape_cache_matches_fresh_parse_on_changed_lines(pair):
    (line, names), (variant, variant_names) = pair
    expected = line_outcome(fresh_parser(), variant, variant_names)
    # the warm shared parser
    assert line_outcome(line_parser(), variant, variant_names) == expected
    # a fresh parser warmed with the original line (the same shape, other amounts/cards)
    parser = fresh_parser()
    line_outcome(parser, line, names)
    assert line_outcome(parser, variant, variant_names) == expected
    # and the other way round: the variant must not spoil the original line
    parser = fresh_parser()
    line_outcome(parser, variant, variant_names)
    assert line_outcome(parser, line, names) == line_outcome(fresh_parser(), line, names)


# ----------------------------------------------------------------------------- found by fuzzing
# Minimal reproductions of what the tests above found, kept as plain examples so that each
# bug has its own failing test (Hypothesis reports one failure per test function).

STUD_HAND = "7-Stud-USD-0.04-0.08-200911.txt"


def first_hand_of(file_name: str) -> str:
    for hand in corpus().hands:
        if hand.path.endswith(file_name):
            return "\n".join(hand.lines)
    raise AssertionError(f"{file_name} is not in the corpus")


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        pytest.param("*** 4th STREET ***", "*** 9th STREET ***", 24, id="street-9th-KeyError"),
        pytest.param("Hero: calls $0.02", "Hero: calls $0.0.2", 20, id="amount-InvalidOperation"),
        pytest.param("Hero: calls $0.02", "Hero: calls Ah", 20, id="card-as-amount"),
        pytest.param("Hero: calls $0.02", "Hero: calls \x00", 20, id="nul-IndexError"),
        pytest.param(
            "Seat 1: Hero ($1.60 in chips)", "Seat 1.5: Hero ($1.60 in chips)", 3, id="seat-1.5"
        ),
        pytest.param("2009/11/26 10:08:43 ET", "9999/12/31 23:08:43 ET", 1, id="year-9999"),
        pytest.param("2009/11/26 10:08:43 ET", "0001/01/01 00:08:43 JST", 1, id="year-1-JST"),
        pytest.param("7 Card Stud Limit", "9 Card Stud Limit", 1, id="9-card-stud"),
        pytest.param("Game #35874004239:", "Game #Ah:", 1, id="hand-number-Ah"),
    ],
)
def test_bad_line_is_a_syntax_error_at_that_line(old, new, line):
    """Each of these lines is outside the grammar: the hand must be a SYNTAX error there,
    whatever hands the process parsed before (here: the same hand, unbroken)."""
    text = first_hand_of(STUD_HAND)
    assert old in text
    check_file(text.encode())  # warms the shared parser with the real lines' shapes
    outcomes = check_file(text.replace(old, new, 1).encode())
    assert len(outcomes) == 1
    error = outcomes[0]
    assert isinstance(error, HandParseError), error
    assert (error.kind, error.line) == (ErrorKind.SYNTAX, line), error


@pytest.mark.parametrize(
    ("warm", "line", "names"),
    [
        pytest.param("*** 3rd STREET ***", "*** 9rd STREET ***", (), id="street"),
        pytest.param("Hero: calls $0.02", "Hero: calls 1,5", ("Hero",), id="amount-1,5"),
        pytest.param(
            "Dealt to Hero [3d Th As]", "Dealt to Hero [1d Th As]", ("Hero",), id="1d-as-card"
        ),
        pytest.param(
            "Dealt to Hero [1d Th As]", "Dealt to Hero [3d Th As]", ("Hero",), id="3d-lost"
        ),
        pytest.param(
            "Dealt to Hero [\x00d Th As]", "Dealt to Hero [3d Th As]", ("Hero",), id="nul-poison"
        ),
        pytest.param(
            "Seat 8: Player\x00 (100 in chips)", "Seat 1: Player1 ($24 in chips)", (), id="nul-seat"
        ),
    ],
)
def test_a_warm_cache_reads_a_line_as_a_fresh_parse_does(warm, line, names):
    parser = fresh_parser()
    line_outcome(parser, warm, names)
    assert line_outcome(parser, line, names) == line_outcome(fresh_parser(), line, names)


def test_parse_hand_of_a_chunk_that_does_not_start_with_a_header():
    with pytest.raises(HandParseError):
        pokerstars.parse_hand(HandText("direct.txt", ("Total pot 96 | Rake 0",), 1, 0, 0))


def test_a_hand_cut_before_its_seats_is_truncated_at_its_last_line():
    text = "\n".join(first_hand_of(STUD_HAND).split("\n")[:2]) + "\n\n\n"
    (error,) = check_file((text * 2).encode())[:1]
    assert isinstance(error, HandParseError), error
    assert (error.kind, error.line) == (ErrorKind.TRUNCATED, 2), error

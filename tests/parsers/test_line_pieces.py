"""A line's pieces, scanned by hand, are the pieces its regular expression cuts."""

from __future__ import annotations

import random

import pytest

from parsers.lines.line_pieces import VARIABLE_PIECE, scan_pieces, split_pieces
from parsers.text.hand_texts import decode_history
from tests.conftest import REAL_HISTORIES
from tests.support.real_sites import history_files


def _real_lines() -> list[str]:
    lines: set[str] = set()
    for path in history_files(REAL_HISTORIES):
        lines.update(decode_history(path.read_bytes(), None).text.splitlines())
    return sorted(lines)


def test_every_real_line_is_cut_as_the_expression_cuts_it() -> None:
    lines = _real_lines()
    assert len(lines) > 15_000  # every site's files, each in its encoding
    differing = [line for line in lines if scan_pieces(line) != VARIABLE_PIECE.split(line)]
    assert differing == []


@pytest.mark.parametrize(
    ("text", "pieces"),
    [
        ("Bob: raises $0.10 to $0.20", ["Bob: raises ", "$0.10", " to ", "$0.20", ""]),
        ("Dealt to Bob [10d Ah] [2c]", ["Dealt to Bob [", "10d", " ", "Ah", "] [", "2c", "]"]),
        ("x10c 2cc Tc_ _Tc", ["x", "10", "c ", "2", "cc Tc_ _Tc"]),  # no word boundary: no card
        ("Seat 3: Hé Lín (€1.234,56)", ["Seat ", "3", ": Hé Lín (", "€1.234,56", ")"]),
        ("£ $ €5. 1.2.3 ,4", ["£ $ ", "€5", ". ", "1.2.3", " ,", "4", ""]),
        ("١٢ éTs Ts", ["", "١٢", " éTs ", "Ts", ""]),  # any script's digits; é is a letter
        ("", [""]),
    ],
)
def test_cards_and_numbers_as_the_expression_reads_them(text: str, pieces: list[str]) -> None:
    assert VARIABLE_PIECE.split(text) == pieces
    assert scan_pieces(text) == pieces
    assert split_pieces(text) == pieces


def test_random_texts_of_the_characters_that_matter() -> None:
    """Boundaries, tens, currencies and separators in every order the lines never show."""
    alphabet = "10123456789TJQKAcdhsx_ .,$€£[]()é١Ł\ue000"
    draw = random.Random(17)
    for _ in range(20_000):
        text = "".join(draw.choice(alphabet) for _ in range(draw.randint(0, 12)))
        assert scan_pieces(text) == VARIABLE_PIECE.split(text), text

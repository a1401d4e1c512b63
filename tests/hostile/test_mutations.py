"""What `bench/fuzz.py` found in mutated real hands, each kept as a test: a parser or the
engine raising where it should have answered. Each case is the smallest mutation of a
sample hand that showed it."""

from __future__ import annotations

import re
from decimal import Decimal

from parsers.model.errors import HandParseError
from parsers.model.events import Hand
from parsers.sites import conventions_of
from parsers.text.history_file import parse_bytes
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.engine.showdown import split_shares
from pipeline.storage.column_kinds import unstorable
from tests.conftest import REAL_HISTORIES
from tests.hostile.conftest import RAZZ
from tests.hostile.test_crafted_files import phh_hand  # noqa: F401  (a fixture)


def _a_hand_with(*needles: str) -> list[str]:
    """The lines of the first sample razz hand holding every needle."""
    text = RAZZ.read_text(encoding="utf-8-sig")
    for hand in text.split("\n\n\n"):
        if all(needle in hand for needle in needles):
            return hand.strip("\n").splitlines()
    raise AssertionError(f"no sample razz hand has {needles}")


def _read(lines: list[str], name: str = "mutated.txt") -> object:
    [(_chunk, outcome)] = list(parse_bytes(name, "\n".join(lines).encode() + b"\n\n"))
    return outcome


def test_a_deal_line_twice_is_a_card_count_error_not_an_engine_fault() -> None:
    lines = _a_hand_with("*** RIVER ***\nDealt to")
    river = next(i for i, line in enumerate(lines) if line.startswith("*** RIVER"))
    dealt = next(i for i in range(river, len(lines)) if lines[i].startswith("Dealt to"))
    hand = _read([*lines[: dealt + 1], lines[dealt], *lines[dealt + 1 :]])
    assert isinstance(hand, Hand)
    codes = {f.code for f in replay(hand, conventions_of(hand.site)).errors}
    assert Code.CARD_COUNT in codes and Code.ENGINE_FAULT not in codes


def test_a_street_no_site_names_in_a_summary_is_a_parse_error() -> None:
    lines = _a_hand_with("folded on the 3rd Street")
    folded = next(i for i, line in enumerate(lines) if "folded on the 3rd Street" in line)
    lines[folded] = lines[folded].replace("3rd Street", "2rd Street")
    assert isinstance(_read(lines), HandParseError | Hand)  # "2rd" raised KeyError


def test_phh_numbers_no_clock_or_decimal_takes_are_parse_errors() -> None:
    hand = 'variant = "FR"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
    hand += 'starting_stacks = [100, 100]\nactions = ["d dh p1 2s3s4s", "p1 pb", "p2 f"]\n'
    for field in (
        '_studdraw_button_seat = "1"',
        "seat_count = 06:00:00",
        "year = 99999999999999999999\nmonth = 1\nday = 1",
        '_studdraw_collected = [{player = "p1", amount = "x"}]',
    ):
        [(_chunk, outcome)] = list(parse_bytes("odd.phh", f"{hand}{field}\n".encode()))
        assert isinstance(outcome, HandParseError), field


def test_a_split_with_no_high_winner_gives_the_low_the_pot() -> None:
    shares = split_shares(
        Decimal("1.00"),
        (),
        ("low",),
        {"low": 1},
        None,
        Decimal("0.01"),
        conventions_of("pokerstars"),
    )
    assert shares == {"low": Decimal("1.00")}


# ------------------------------------------- found by the second run (issue 49, point 6)


def _real_hand(relative: str) -> list[str]:
    """The lines of the first hand of a real file (three sites' forms below)."""
    [(chunk, _outcome), *_] = list(parse_bytes(relative, (REAL_HISTORIES / relative).read_bytes()))
    return list(chunk.lines)


def test_a_street_mark_the_grammar_takes_but_no_site_writes_is_a_parse_error() -> None:
    """Bovada's grammar takes "*** [3-7](RD|TH) STREET ***"; "3TH" raised KeyError."""
    lines = _real_hand("Bovada/cash/Stud/7-StudHL-USD-0.25-0.50-201209.txt")
    third = lines.index("*** 3RD STREET ***")
    lines[third] = "*** 3TH STREET ***"
    outcome = _read(lines, "bovada.txt")
    assert isinstance(outcome, HandParseError)
    assert outcome.line == third + 1 and outcome.line_text == "*** 3TH STREET ***"


def test_an_ongame_summary_line_among_the_bets_is_a_structure_error() -> None:
    """OnGame's pot and rake lines are folded into the summary's totals; one moved among
    the bets reached the events' placement table (KeyError)."""
    lines = _real_hand("OnGame/cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt")
    for summary_line in ("Main pot: ", "Rake taken: ", "Seat 1: the bAAr ($5.76)"):
        moved = next(line for line in lines if line.startswith(summary_line))
        bets = lines.index("Dealing 4th street")
        outcome = _read([*lines[:bets], moved, *lines[bets:]], "ongame.txt")
        assert isinstance(outcome, HandParseError), summary_line
        assert outcome.line == bets + 1


def test_an_ante_of_10_to_the_30_is_refused_where_it_is_read_not_an_engine_fault() -> None:
    """The engine's arithmetic (28 digits) on an Everleaf ante of 10^30 raised
    InvalidOperation, and the hand was kept as the engine's fault. Everleaf's amounts now go
    through the one money reader, which refuses an amount past exact counting on its line,
    as for every other site."""
    lines = _real_hand("Everleaf/cash/Stud/7-Stud-USD-0.05-0.10.201107.txt")
    ante = next(i for i, line in enumerate(lines) if "posts ante [$ 0.01 USD]" in line)
    lines[ante] = lines[ante].replace("0.01", "1" + "0" * 30)
    refused = _read(lines, "everleaf.txt")
    assert isinstance(refused, HandParseError)
    assert refused.line_text == lines[ante] and "beyond" in refused.message


# -------------------------------------------- found by the million (issue 49, point 6)


def test_a_phh_float_past_any_decimal_is_a_structure_error() -> None:
    """TOML's 1e followed by 5,000 nines made `Decimal` raise InvalidOperation out of the
    reader (an exponent past any a Decimal holds)."""
    hand = 'variant = "FR"\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n'
    hand += f'starting_stacks = [100, 1e{"9" * 5000}]\nactions = ["d dh p1 2s3s4s", "p1 pb"]\n'
    [(_chunk, outcome)] = list(parse_bytes("huge.phh", hand.encode()))
    assert isinstance(outcome, HandParseError)
    assert outcome.message == "a number past any amount"


def test_an_amount_of_1e999999_is_unstorable_not_an_overflow() -> None:
    """abs() of such an amount overflows the decimal context; the store's check must
    answer 'too large', not raise."""
    why = unstorable(("net",), (Decimal("-9e999999"),))
    assert why is not None and "too large to store" in why


def test_a_boss_hand_dated_past_any_clock_is_a_parse_error() -> None:
    """Boss Media's DATE is a Unix time; 10^20 seconds raised OverflowError."""
    path = REAL_HISTORIES / "Boss" / "cash" / "Draw" / "5CD-FL-EUR-2-4.Opoker.sample.xml"
    text = path.read_text(encoding="utf-8")
    date = re.search(r'DATE="(\d+)"', text)
    assert date is not None
    crafted = text.replace(date.group(0), 'DATE="' + "9" * 20 + '"', 1)
    outcomes = [outcome for _chunk, outcome in parse_bytes(path.name, crafted.encode())]
    assert isinstance(outcomes[0], HandParseError)


def test_stakes_past_counting_are_amount_range_not_an_engine_fault(
    phh_hand: str,  # noqa: F811
) -> None:
    """A PHH small bet of 23 nines times 10^999999: the engine's arithmetic overflowed on
    the stakes, which the amount check did not look at (the million's last failure)."""
    crafted = phh_hand.replace("small_bet = 0.04", "small_bet = 99999999999999999999999e999999")
    assert crafted != phh_hand
    [(_chunk, outcome)] = list(parse_bytes("stakes.phh", crafted.encode()))
    assert isinstance(outcome, Hand), outcome
    [finding] = replay(outcome, conventions_of(outcome.site)).errors
    assert finding.code is Code.AMOUNT_RANGE, finding

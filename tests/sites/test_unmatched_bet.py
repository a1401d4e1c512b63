"""The bet nobody matched, which sites that never print a return need given back: the
first to put in the most gets back what he put in over the most anyone else did."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from parsers.lines.hand_lines import unmatched_bet


def test_a_bet_called_by_nobody_goes_back_in_full() -> None:
    assert unmatched_bet({"Hero": Decimal("0.10")}) == ("Hero", Decimal("0.10"))


def test_a_raise_over_a_call_returns_the_difference() -> None:
    put_in = {"Ann": Decimal(2), "Bob": Decimal(6), "Cy": Decimal(4)}
    assert unmatched_bet(put_in) == ("Bob", Decimal(2))


def test_a_matched_bet_and_nothing_put_in_return_nothing() -> None:
    assert unmatched_bet({"Ann": Decimal(4), "Bob": Decimal(4)}) is None
    assert unmatched_bet({}) is None


_AMOUNTS = st.decimals(min_value=-5, max_value=50, places=2, allow_nan=False)


@given(st.dictionaries(st.sampled_from(["Ann", "Bob", "Cy", "Dee", "Ed"]), _AMOUNTS))
def test_the_top_over_the_second_as_max_says(put_in: dict[str, Decimal]) -> None:
    if not put_in:
        assert unmatched_bet(put_in) is None
        return
    top_player = max(put_in, key=put_in.__getitem__)  # the first of equal tops
    second = max((v for p, v in put_in.items() if p != top_player), default=Decimal(0))
    excess = put_in[top_player] - second
    assert unmatched_bet(put_in) == ((top_player, excess) if excess > 0 else None)

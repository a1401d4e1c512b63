"""The ranking rules of each game (high, ace-to-five, deuce-to-seven, eight-or-better,
badugi), one test per rule, plus properties.

The examples pin the rules a showdown can get wrong; the property tests compare the fast
evaluators with deliberately naive ones written here from the rule text (sort, count,
enumerate every subset), so a lookup-table bug cannot hide behind a matching bug.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, combinations_with_replacement, pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.engine.evaluators import (
    HighCategory,
    ace_to_five_low_value,
    badugi_value,
    deuce_to_seven_low_value,
    eight_or_better_low_value,
    high_category,
    high_value,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]


def h(text: str) -> list[str]:
    """ "Ah Kd 7c" -> ["Ah", "Kd", "7c"]: hands read like the rule book."""
    return text.split()


def hi(text: str) -> int:
    return high_value(h(text))


def a5(text: str) -> int:
    return ace_to_five_low_value(h(text))


def eight(text: str) -> int | None:
    return eight_or_better_low_value(h(text))


def d27(text: str) -> int:
    return deuce_to_seven_low_value(h(text))


def bad(text: str) -> int:
    return badugi_value(h(text))


# --- naive reference evaluators, straight from the rule text -------------------------------


def naive_high5(cards: list[str], wheel: bool = True) -> tuple[int, tuple[int, ...]]:
    """(category, ranks by group size then rank) of exactly five cards, A high."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    straight = None
    if len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4:
        straight = ranks[0]
    elif wheel and ranks == [14, 5, 4, 3, 2]:
        straight = 5
    if straight and flush:
        return 8, (straight,)
    if shape[0] == 4:
        return 7, order
    if shape[:2] == [3, 2]:
        return 6, order
    if flush:
        return 5, order
    if straight:
        return 4, (straight,)
    if shape[0] == 3:
        return 3, order
    if shape[:2] == [2, 2]:
        return 2, order
    if shape[0] == 2:
        return 1, order
    return 0, order


def naive_high(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    return max(naive_high5(list(c)) for c in combinations(cards, 5))


def naive_low5(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    """Ace-to-five badness (smaller is better): the ladder without straights or flushes."""
    ranks = [RANKS.index(c[0]) + 2 if c[0] != "A" else 1 for c in cards]
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    ladder = [(1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1)]
    return ladder.index(shape), tuple(r for r, _ in groups)


def naive_badugi(cards: list[str]) -> tuple[int, tuple[int, ...]]:
    """(card count, negated ranks high first): bigger is better, by brute force."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(len(cards), 0, -1):
        for subset in combinations(cards, size):
            if len({c[0] for c in subset}) == len({c[1] for c in subset}) == size:
                ranks = sorted(RANKS.index(c[0]) + 2 if c[0] != "A" else 1 for c in subset)
                key = (size, tuple(-r for r in reversed(ranks)))
                best = key if best is None else max(best, key)
        if best is not None:
            return best
    raise AssertionError("unreachable")


def same_order(fast: list[int], naive: list[object]) -> bool:
    """Whether two scorings rank every pair of hands the same way, ties included."""
    return all(
        (fast[i] < fast[j]) == (naive[i] < naive[j])  # type: ignore[operator]
        and (fast[i] == fast[j]) == (naive[i] == naive[j])
        for i, j in combinations(range(len(fast)), 2)
    )


def hands_strategy(size: int) -> st.SearchStrategy[list[str]]:
    """Random hands, often from a few ranks and suits so that pairs, straights and flushes
    (the interesting cases) come up far more often than in a full deck."""
    narrow = st.tuples(
        st.lists(st.sampled_from(RANKS), min_size=5, max_size=7, unique=True),
        st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True),
    ).map(lambda rs: [r + s for r in rs[0] for s in rs[1]])
    deck = st.one_of(st.just(DECK), narrow.filter(lambda d: len(d) >= size))
    return deck.flatmap(
        lambda d: st.lists(st.sampled_from(d), min_size=size, max_size=size, unique=True)
    )


# --- high hands ---------------------------------------------------------------------------

LADDER = [
    ("high card", "Ah Kd Qc Js 9h"),
    ("pair", "2h 2d 3c 4s 5h"),
    ("two pair", "3h 3d 2c 2s 4h"),
    ("three of a kind", "2h 2d 2c 3s 4h"),
    ("straight", "Ah 2d 3c 4s 5h"),
    ("flush", "2h 3h 4h 5h 7h"),
    ("full house", "2h 2d 2c 3s 3h"),
    ("four of a kind", "2h 2d 2c 2s 3h"),
    ("straight flush", "Ah 2h 3h 4h 5h"),
]


def test_high_ladder_each_category_beats_the_best_of_the_one_below() -> None:
    values = [hi(cards) for _, cards in LADDER]
    assert [high_category(v) for v in values] == [name for name, _ in LADDER]
    # The weakest hand of each category beats the strongest of the category below.
    strongest_below = [
        "Ah Kd Qc Js 9h",  # high card (A-K-Q-J-9: A-K-Q-J-T would be a straight)
        "Ah Ad Kc Qs Jh",
        "Ah Ad Kc Ks Qh",
        "Ah Ad Ac Ks Qh",
        "Ah Kd Qc Js Th",
        "Ah Kh Qh Jh 9h",
        "Ah Ad Ac Ks Kh",
        "Ah Ad Ac As Kh",
    ]
    for (name, weakest), strongest in zip(LADDER[1:], strongest_below, strict=True):
        assert hi(weakest) > hi(strongest), name


def test_high_category_enum_orders_and_names_categories() -> None:
    assert HighCategory.of(hi("2h 2d 3c 3s 4h")) is HighCategory.TWO_PAIR
    assert HighCategory.STRAIGHT < HighCategory.FLUSH
    assert HighCategory.THREE_OF_A_KIND.label == "three of a kind"


def test_high_kickers_compare_in_order() -> None:
    assert hi("Ah Kd Qc Js 9h") > hi("Ah Kd Qc Js 8h")
    assert hi("Ah Kd Qc Js 9h") > hi("Ah Kd Qc Ts 9h")
    assert hi("Kh Kd Ac 7s 3h") > hi("Kh Kd Ac 7s 2h")  # third kicker decides
    assert hi("4h 4d 2c 3s 5h") > hi("3h 3d Ac Ks Qh")  # the pair before the kickers
    assert hi("9h 9d 9c 3s 2h") > hi("8h 8d 8c As Kh")
    assert hi("9h 9d 9c As 2h") > hi("9s 9d 9c Ks Qh")  # stud: trips can share a rank
    assert hi("Kh Kd Kc Ks 3h") > hi("Kh Kd Kc Ks 2h")
    assert hi("4h 4d 4c 2s 2h") > hi("3h 3d 3c As Ah")  # full house: trips first
    assert hi("3h 3d 3c As Ah") > hi("3h 3d 3c Ks Kh")


def test_two_pair_compares_higher_pair_then_lower_pair_then_kicker() -> None:
    assert hi("Kh Kd 2c 2s 3h") > hi("Qh Qd Jc Js Ah")
    assert hi("Kh Kd 3c 3s 2h") > hi("Kh Kd 2c 2s Ah")
    assert hi("Kh Kd 2c 2s Ah") > hi("Ks Kc 2h 2d Qh")
    assert hi("Kh Kd 2c 2s Ah") == hi("Ks Kc 2h 2d Ad")


def test_flushes_compare_card_by_card() -> None:
    assert hi("Ah 9h 7h 5h 3h") > hi("Kc Qc Jc 9c 8c")
    assert hi("Ah 9h 7h 5h 3h") > hi("Ac 9c 7c 5c 2c")


def test_wheel_is_the_lowest_straight_and_straights_do_not_wrap() -> None:
    wheel = hi("Ah 2d 3c 4s 5h")
    assert high_category(wheel) == "straight"
    assert wheel < hi("2h 3d 4c 5s 6h")
    assert wheel > hi("Kh Kd Kc 2s 3h")
    assert hi("Ah Kd Qc Js Th") > hi("Kh Qd Jc Ts 9h")
    assert high_category(hi("Kh Ad 2c 3s 4h")) == "high card"
    assert hi("Ah 2h 3h 4h 5h") < hi("2s 3s 4s 5s 6s")  # steel wheel: lowest straight flush


def test_suits_never_break_ties() -> None:
    assert hi("Ah Kd Qc Js 9h") == hi("As Kc Qd Jh 9c")
    assert hi("Ah 9h 7h 5h 3h") == hi("As 9s 7s 5s 3s")
    assert hi("Th Jh Qh Kh Ah") == hi("Tc Jc Qc Kc Ac")
    assert hi("2h 2d 2c 9s 9h Kd 4c") == hi("2s 2d 2c 9d 9c Kh 4h")


def test_stud_plays_the_best_five_of_seven() -> None:
    # Flush over the straight also present in the seven cards.
    assert hi("9h 8h 7d 6h 5h 2h Kc") == hi("9h 8h 6h 5h 2h")
    # Two trips: the second plays as the pair of a full house.
    assert hi("Kh Kd Kc 2s 2h 2d 9c") == hi("Kh Kd Kc 2s 2h")
    # Three pairs: the third pair's rank can be the kicker, and a higher single beats it.
    assert hi("Kh Kd Qc Qs Jh Jd 3c") == hi("Kh Kd Qc Qs Jh")
    assert hi("Kh Kd Qc Qs 2h 2d 5c") == hi("Kh Kd Qc Qs 5c")
    # Quads with trips: the kicker is the best other rank, not the trips.
    assert hi("7h 7d 7c 7s 3h 3d 3c") == hi("7h 7d 7c 7s 3h")
    # Six cards in a row: the highest straight; straight flush over quads.
    assert hi("4h 5d 6c 7s 8h 9d Kc") == hi("5d 6c 7s 8h 9d")
    assert hi("5h 6h 7h 8h 9h 9d 9c") > hi("9h 9d 9c 9s Ah")
    # A wheel flush hiding among seven cards.
    assert high_category(hi("Ah 2h 3h 4h 5h Kd Kc")) == "straight flush"
    # Six cards work the same way (e.g. a hand whose 7th street was a community card).
    assert hi("Ah Ad Kc Ks 5h 5d") == hi("Ah Ad Kc Ks 5h")


def test_exposed_boards_pairs_beat_high_cards() -> None:
    # Fewer than five cards: what stud's "best visible hand acts first" compares.
    assert hi("2h 2d") > hi("Ah Kd")
    assert hi("Ah Kd") > hi("Ah Qd")
    assert hi("3h 3d 3c 2s") > hi("Ah Ad Kc Ks")
    assert hi("5h 5d") == hi("5c 5s")


@pytest.mark.parametrize(
    "cards", [[], ["Ah", "??"], ["1h"], ["Ah", "Kd", "Qc", "Js", "Th", "9h", "8h", "7h"]]
)
def test_high_rejects_what_is_not_a_hand(cards: list[str]) -> None:
    with pytest.raises(ValueError):
        high_value(cards)


def test_every_five_card_rank_shape_matches_the_naive_ladder() -> None:
    # All 6175 rank multisets offsuit, plus all 1287 five distinct ranks suited: every
    # distinct five-card high hand, in one total order.
    hands = [
        [r + SUITS[i % 4 if i < 4 else 1] for i, r in enumerate(ranks)]
        for ranks in combinations_with_replacement(RANKS, 5)
        if max(Counter(ranks).values()) <= 4
    ]
    hands += [[r + "s" for r in ranks] for ranks in combinations(RANKS, 5)]
    assert all(len({c[1] for c in hand}) > 1 for hand in hands[:-1287])
    fast = [high_value(hand) for hand in hands]
    naive = [naive_high5(hand) for hand in hands]
    assert len(set(fast)) == len(set(naive)) == 7462  # the distinct 5-card high hands
    order = sorted(range(len(hands)), key=lambda i: fast[i])
    for i, j in pairwise(order):
        assert (fast[i] < fast[j]) == (naive[i] < naive[j]), (hands[i], hands[j])


@settings(max_examples=300, deadline=None)
@given(st.lists(hands_strategy(7), min_size=2, max_size=6))
def test_high_of_seven_orders_like_naive_best_of_21(hands: list[list[str]]) -> None:
    assert same_order([high_value(c) for c in hands], [naive_high(c) for c in hands])


@settings(max_examples=200, deadline=None)
@given(hands_strategy(7), st.randoms(use_true_random=False))
def test_values_ignore_card_order_and_suit_names(cards: list[str], rnd: random.Random) -> None:
    shuffled = rnd.sample(cards, len(cards))
    renamed = dict(zip(SUITS, rnd.sample(SUITS, 4), strict=True))
    relabelled = [c[0] + renamed[c[1]] for c in cards]
    for evaluate in (high_value, ace_to_five_low_value, eight_or_better_low_value):
        assert evaluate(cards) == evaluate(shuffled) == evaluate(relabelled)
    assert badugi_value(cards[:4]) == badugi_value(relabelled[:4][::-1])
    assert deuce_to_seven_low_value(cards[:5]) == deuce_to_seven_low_value(relabelled[:5])


# --- ace-to-five low ----------------------------------------------------------------------


def test_a5_compares_highest_card_first() -> None:
    assert a5("8h 5d 4c 3s 2h") > a5("8h 6d 3c 2s Ah")
    assert a5("9h 4d 3c 2s Ah") > a5("9h 5d 4c 3s 2h")  # the ace is low
    assert a5("7h 6d 5c 4s 3h") > a5("8h 4d 3c 2s Ah")
    assert a5("Kh Qd Jc Ts 8h") > a5("Kh Qd Jc Ts 9h")


def test_a5_wheel_is_best_and_straights_and_flushes_do_not_count() -> None:
    wheel = a5("Ah 2d 3c 4s 5h")
    assert wheel > a5("6h 4d 3c 2s Ah")
    assert wheel == a5("Ah 2h 3h 4h 5h")  # suited wheel: still the best low
    assert a5("6h 5d 4c 3s 2h") > a5("7h 4d 3c 2s Ah")  # a straight is just 6-high
    assert a5("7h 5h 4h 3h 2h") == a5("7h 5d 4c 3s 2h")  # a flush is just 7-high
    every_low = [
        a5(" ".join(r + s for r, s in zip(ranks, "cdhsc", strict=True)))
        for ranks in combinations("A23456789TJQK", 5)
    ]
    assert max(every_low) == wheel


def test_a5_pairs_are_bad_in_ladder_order() -> None:
    no_pair = a5("Kh Qd Jc Ts 9h")
    pair_of_aces = a5("Ah Ad 2c 3s 4h")
    assert no_pair > pair_of_aces
    assert pair_of_aces > a5("2h 2d Ac 3s 4h")  # the lower pair is better
    assert a5("2h 2d Ac 3s 4h") > a5("2h 2d Ac 3s 5h")
    assert a5("Kh Kd Ac 2s 3h") > a5("Ah Ad 2c 2s 3h")  # any pair beats two pair
    assert a5("Kh Kd Qc Qs Jh") > a5("Ah Ad Ac 2s 3h")  # two pair beats trips
    assert a5("Kh Kd Kc Qs Jh") > a5("Ah Ad Ac 2s 2h")  # trips beat a full house
    assert a5("Kh Kd Kc Qs Qh") > a5("Ah Ad Ac As 2h")  # a full house beats quads


def test_a5_seven_cards_prefer_distinct_ranks_then_the_least_damage() -> None:
    assert a5("Kh Qd 5c 4s 3h 2h Ad") == a5("5c 4s 3h 2h Ad")
    assert a5("Ah Ad 2c 2s 6h 3d Kc") == a5("Ad 2c 6h 3d Kc")  # five ranks, no pair
    # Four ranks: one pair is forced; pair the lowest rank (aces) and keep K-3-2.
    assert a5("Ah Ad 2c 2s 3h 3d Kc") == a5("Ah Ad 2c 3h Kc")
    # Three ranks: two pair (lowest possible pairs) beats any trips.
    assert a5("Ah Ad Ac 2s 2h 3d 3c") == a5("Ah Ad 2s 2h 3d")
    # Two ranks: the full house with the lower trips beats quads and the other boat.
    assert a5("Kh Kd Kc Ks Qh Qd Qc") == a5("Qh Qd Qc Kh Kd")
    assert a5("Kh Kd Kc Ks Qh Qd Qc") > a5("Kh Kd Kc Qs Qh")


@settings(max_examples=300, deadline=None)
@given(st.lists(hands_strategy(7), min_size=2, max_size=6))
def test_a5_of_seven_orders_like_naive_best_of_21(hands: list[list[str]]) -> None:
    naive = [min(naive_low5(list(c)) for c in combinations(cards, 5)) for cards in hands]
    # Naive is a badness: reverse it so that bigger is better on both sides.
    reversed_naive = [(-cat, tuple(-r for r in ranks)) for cat, ranks in naive]
    assert same_order([ace_to_five_low_value(c) for c in hands], reversed_naive)


# --- eight-or-better ----------------------------------------------------------------------


def test_eight_or_better_qualification() -> None:
    assert eight("8h 7d 6c 5s 4h") is not None
    assert eight("9h 5d 4c 3s 2h") is None  # 9-low does not qualify
    assert eight("Ah Ad 2c 3s 4h") is None  # four distinct low ranks: paired, no low
    assert eight("Ah 2d 3c 4s") is None  # four cards can never make a low
    assert eight("Ah Ad 2c 2s 3h 4d Kc") is None  # 7 cards, only A-2-3-4 below 9
    assert eight("Ah Ad 2c 2s 3h 4d 9c") is None


def test_eight_or_better_takes_the_best_qualifying_five_of_seven() -> None:
    assert eight("Ah 2d 3c 4s 5h 6d 8c") == a5("Ah 2d 3c 4s 5h")
    assert eight("8h 7d 6c 5s 4h Kd Kc") == a5("8h 7d 6c 5s 4h")
    assert eight("9h 8d 7c 6s 4h 3d Kc") == a5("8d 7c 6s 4h 3d")
    assert eight("Ah Ad 2c 2s 3h 7d 8c") == a5("Ah 2c 3h 7d 8c")  # pairs set aside
    assert eight("Ah 2h 3h 4h 5h Kh Qh") == a5("Ah 2d 3c 4s 5h")  # flushes don't matter
    assert eight("8h 5d 4c 3s 2h") > eight("8h 6d 3c 2s Ah")  # type: ignore[operator]


@pytest.mark.parametrize("cards", [[], ["Ah", "2d", "3c", "4s", "??"]])
def test_eight_or_better_rejects_what_is_not_a_hand(cards: list[str]) -> None:
    with pytest.raises(ValueError):
        eight_or_better_low_value(cards)


# --- deuce-to-seven -----------------------------------------------------------------------


def test_27_ace_is_high_so_a5432_is_ace_high() -> None:
    assert d27("Kh 5d 4c 3s 2h") > d27("Ah 5d 4c 3s 2h")
    assert d27("Ah 5d 4c 3s 2h") > d27("2h 2d 3c 4s 5h")  # ace high still beats a pair
    assert d27("Ah Kd Qc Js 9h") > d27("2h 2d 3c 4s 6h")  # any no-pair beats any pair


def test_27_straights_count_against() -> None:
    straight = d27("6h 5d 4c 3s 2h")
    assert straight < d27("Ah Kd Qc Js 9h")  # loses to every no-pair, non-straight hand
    assert straight < d27("Ah Ad Kc Qs Jh")  # ... and to a pair
    assert straight < d27("Ah Ad Ac Ks Qh")  # ... and to trips
    assert straight > d27("7h 5h 4h 3h 2h")  # but beats a flush
    assert d27("7h 6d 5c 4s 3h") < d27("8h 5d 4c 3s 2h")


def test_27_best_hand_is_75432_of_two_suits_and_flushes_count_against() -> None:
    best = d27("7h 5d 4c 3s 2h")
    assert best == d27("7c 5c 4c 3c 2d")
    assert best > d27("7h 6d 4c 3s 2h")
    assert best > d27("8h 5d 4c 3s 2h")
    flush = d27("7h 5h 4h 3h 2h")
    assert flush < d27("Kh Kd Qc Qs Jh")  # a flush loses to two pair
    assert d27("Ah 2h 3h 4h 5h") > d27("2s 3s 4s 5s 6s")  # ace-high flush, not a straight flush
    # 7-5-4-3-2 is the best of every five-card rank shape (suits dealt to avoid flushes).
    values = [
        deuce_to_seven_low_value([r + SUITS[i % 4] for i, r in enumerate(ranks)])
        for ranks in combinations_with_replacement(RANKS, 5)
        if max(Counter(ranks).values()) <= 4
    ]
    assert max(values) == best
    assert values.count(best) == 1


def test_27_reads_the_hand_as_a_number() -> None:
    assert d27("9h 8d 7c 5s 4h") > d27("Th 5d 4c 3s 2h")
    assert d27("8h 6d 4c 3s 2h") > d27("8h 6d 5c 3s 2h")


def test_27_pair_beats_two_pair_beats_trips() -> None:
    assert d27("Ah Ad Kc Qs Jh") > d27("3h 3d 2c 2s 4h")
    assert d27("Ah Ad Kc Ks Qh") > d27("2h 2d 2c 3s 4h")
    assert d27("2h 2d 3c 4s 5h") > d27("2h 2d 3c 4s 6h")  # lower pair, then kickers
    assert d27("2h 2d 2c 3s 3h") < d27("8h 7h 6h 5h 3h")  # full house is worse than a flush


def test_27_of_seven_cards_plays_the_best_five() -> None:
    # Avoid the flush: one king must play, with the four lowest hearts (the 7 goes).
    assert d27("7h 5h 4h 3h 2h Kd Kc") == d27("Kd 5h 4h 3h 2h")
    assert d27("7h 6d 5c 4s 3h 2d Kc") == d27("7h 5c 4s 3h 2d")  # the nuts hides in 7
    # Only five ranks up to the queen and they make a straight: the queen plays, the 8 goes.
    assert d27("8h 7d 6c 5s 4h Kc Qd") == d27("Qd 7d 6c 5s 4h")
    with pytest.raises(ValueError):
        d27("7h 5d 4c 3s 2h 9c Kd 8s")


def test_a_27_razz_board_is_read_without_straights_or_flushes_the_ace_high() -> None:
    """Who acts first in 2-7 Razz: the best deuce-to-seven board of one to four cards."""
    assert d27("2h") > d27("Ah")  # the ace is high: the worst single card
    assert d27("7h 2h") > d27("8c 2d")  # highest card first
    assert d27("5h 4h 3h 2h") > d27("6c 4d 3h 2s")  # four to a straight flush is no flush
    assert d27("Kc Qd") > d27("3c 3d")  # any unpaired board beats a pair
    assert d27("2c 2d 8h") > d27("3c 3d 7h")  # pairs compare by the pair, then the kicker
    assert d27("2c 2d 7h") > d27("2h 2s 8c")
    with pytest.raises(ValueError):
        d27("Ac ??")


@settings(max_examples=300, deadline=None)
@given(st.lists(hands_strategy(5), min_size=2, max_size=8))
def test_27_orders_like_the_reversed_naive_ladder_without_wheel(hands: list[list[str]]) -> None:
    naive = [naive_high5(cards, wheel=False) for cards in hands]
    fast = [deuce_to_seven_low_value(c) for c in hands]
    assert same_order(fast, [(-n[0], tuple(-r for r in n[1])) for n in naive])


# --- badugi -------------------------------------------------------------------------------


def test_badugi_four_cards_beat_any_three() -> None:
    assert bad("Kh Qd Jc Ts") > bad("Ac 2d 3h 4h")
    assert bad("Ac 2d 3h 4h") == bad("Ac 2d 3h")  # the fourth card's suit repeats


def test_badugi_a234_rainbow_is_best() -> None:
    best = bad("Ac 2d 3h 4s")
    assert best > bad("Ac 2d 3h 5s")
    every_rainbow = [
        bad(" ".join(r + s for r, s in zip(ranks, SUITS, strict=True)))
        for ranks in permutations("A2345", 4)
    ]
    assert max(every_rainbow) == best


def test_badugi_duplicate_ranks_and_suits_reduce_the_count() -> None:
    assert bad("Ac Ad 2h 3s") == bad("Ad 2h 3s")  # paired aces: a three-card hand
    assert bad("Ac 2c 3d 4h") == bad("Ac 3d 4h")  # two clubs: keep the lower one
    assert bad("Kc Qc 5c 2c") == bad("2d")  # one suit: a one-card hand, lowest card
    assert bad("Ac Ad Ah As") == bad("Ac")
    assert bad("2c 3c 4d 5d") == bad("2c 4d")  # two suits: a two-card hand
    # Keeping the lowest card greedily would give two cards; the best is three.
    assert bad("Ac Ad 2c Kh") == bad("Ad 2c Kh")


def test_badugi_compares_highest_card_first() -> None:
    assert bad("7c 6d 5h 4s") > bad("8c 4d 3h 2s")
    assert bad("8c 5d 3h 2s") > bad("8c 6d 2h As")
    assert bad("8c 5d 3h As") > bad("8c 5d 3h 2s")  # A is low
    assert bad("Ac 2d 3h") > bad("Ac 2d 4h")  # among three-card hands too
    assert bad("Ac 2d 3h Ks") > bad("Qc 2d 3h 4c")


def test_badugi_of_five_cards_plays_the_best_four() -> None:
    """Badeucey and Badacey: the badugi half is judged on four of the five cards."""
    assert bad("Kd 2h 8h 7c 9s") == bad("Kd 2h 7c 9s")  # 8h clashes with 2h: it goes
    assert bad("Ad 2h 8h 7c 9s") == bad("Ad 2h 7c 9s")  # the real Badacey hand 40201390
    assert bad("6c 4d 6h 9h 5s") == bad("6c 4d 9h 5s") > bad("Ad 2h 7c 9s")
    assert bad("2d 2h 3c 4h 5c") < bad("2d 3c 4h 5s 6c")  # no four-card badugi in the first


@pytest.mark.parametrize(
    "cards", [[], ["Ac", "2d", "3h", "4s", "5c", "6d"], ["Ac", "??", "3h", "4s"]]
)
def test_badugi_rejects_what_is_not_a_hand(cards: list[str]) -> None:
    with pytest.raises(ValueError):
        badugi_value(cards)


@settings(max_examples=300, deadline=None)
@given(st.lists(hands_strategy(4), min_size=2, max_size=8))
def test_badugi_orders_like_brute_force(hands: list[list[str]]) -> None:
    assert same_order([badugi_value(c) for c in hands], [naive_badugi(c) for c in hands])


@settings(max_examples=200, deadline=None)
@given(st.lists(hands_strategy(5), min_size=2, max_size=8))
def test_badugi_of_five_orders_like_brute_force(hands: list[list[str]]) -> None:
    assert same_order([badugi_value(c) for c in hands], [naive_badugi(c) for c in hands])


def test_two_to_seven_of_six_or_seven_cards_is_their_best_five() -> None:
    """2-7 Razz: six or seven cards valued by their ranks once (no five of a suit) are
    valued as the best of their five-card hands, flushes possible or not."""
    deals = random.Random("2-7 best five")
    hands = [deals.sample(DECK, deals.choice((6, 7))) for _ in range(3_000)]
    suited = [[r + "h" for r in deals.sample(RANKS, 5)] + deals.sample(DECK, 2) for _ in range(300)]
    for cards in hands + [list(dict.fromkeys(c)) for c in suited]:
        best = max(deuce_to_seven_low_value(list(five)) for five in combinations(cards, 5))
        assert deuce_to_seven_low_value(cards) == best, cards
        assert deuce_to_seven_low_value(cards[::-1]) == best, cards  # valued again: remembered

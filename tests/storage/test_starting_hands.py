"""Starting hand categories (issue 52, point 1): each category against hands named by
hand, the door card's liveness, and every three-card stud start named exactly once."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.model.games import Game
from pipeline.engine.evaluators import RANKS, SUITS
from pipeline.storage.starting_hands import (
    StartingHand,
    door_cards_seen,
    door_is_live,
    draw_start,
    stud_start,
)

DECK = [rank + suit for rank in RANKS for suit in SUITS]

STUD_HIGH = [
    (("7d", "7c"), "7h", "rolled up", "rolled-up sevens"),
    (("Kd", "4c"), "Kh", "split pair", "split kings"),
    (("4d", "Kc"), "4h", "split pair", "split fours"),
    (("Qd", "Qc"), "3h", "buried pair", "buried queens"),
    (("2s", "9s"), "Js", "three to a flush", "three to a flush, jack high"),
    (("9d", "8d"), "7d", "three to a flush", "three to a straight flush, nine high"),
    (("9d", "8c"), "6h", "three to a straight", "three to a straight, 9-8-6"),
    (("Ad", "Kc"), "Th", "three to a straight", "three to a straight, A-K-T"),
    (("Ad", "2c"), "4h", "three to a straight", "three to a straight, 4-2-A"),
    (("Ad", "9c"), "4h", "high card", "ace high"),
    (("2d", "7c"), "Th", "high card", "ten high"),
]


@pytest.mark.parametrize(("down", "door", "category", "detail"), STUD_HIGH)
def test_seven_stud(down: tuple[str, ...], door: str, category: str, detail: str) -> None:
    assert stud_start(Game.SEVEN_STUD, down, door) == StartingHand(category, detail)


@pytest.mark.parametrize(
    ("down", "door", "category", "detail"),
    [
        (("Ad", "3c"), "7h", "three to a low", "7-low with an ace"),
        (("2d", "3d"), "8d", "three to a low", "8-low without an ace"),
        (("4d", "5c"), "6h", "three to a low", "6-low without an ace"),  # a low before a straight
        (("5d", "5c"), "Ah", "buried pair", "buried fives"),  # a pair is no low
        (("9d", "3c"), "2h", "high card", "nine high"),  # a nine is not a low card
        (("Kd", "Qd"), "Jd", "three to a flush", "three to a straight flush, king high"),
        (("8d", "8c"), "8h", "rolled up", "rolled-up eights"),
    ],
)
def test_stud_hilo(down: tuple[str, ...], door: str, category: str, detail: str) -> None:
    assert stud_start(Game.SEVEN_STUD_HILO, down, door) == StartingHand(category, detail)


@pytest.mark.parametrize("game", [Game.FIVE_STUD, Game.FIVE_UP_STUD])
def test_five_stud_two_cards(game: Game) -> None:
    assert stud_start(game, ("Ad",), "Ah") == StartingHand("split pair", "split aces")
    assert stud_start(game, ("Ad",), "Kd") == StartingHand("high card", "ace high")
    assert stud_start(game, ("3c",), "9h") == StartingHand("high card", "nine high")


@pytest.mark.parametrize(
    ("game", "down", "door", "category", "detail"),
    [
        (Game.RAZZ, ("3d", "Ac"), "7h", "7-low", "7-3-A"),
        (Game.RAZZ, ("2d", "3c"), "4h", "4-low", "4-3-2"),
        (Game.RAZZ, ("8d", "8c"), "3h", "8-low with a pair", "8-8-3"),
        (Game.RAZZ, ("Ad", "Ac"), "5h", "5-low with a pair", "5-A-A"),
        (Game.RAZZ, ("Kd", "2c"), "3h", "K-low", "K-3-2"),
        (Game.RAZZ, ("6d", "6c"), "6h", "6-low with trips", "6-6-6"),
        (Game.RAZZ_27, ("2d", "3c"), "7h", "7-low", "7-3-2"),
        (Game.RAZZ_27, ("3d", "Ac"), "7h", "A-low", "A-7-3"),  # aces high: the worst
        (Game.RAZZ_27, ("4d", "3d"), "2d", "4-low", "4-3-2"),  # suits and runs ignored
        (Game.RAZZ_27, ("5d", "5c"), "2h", "5-low with a pair", "5-5-2"),
    ],
)
def test_razz(game: Game, down: tuple[str, ...], door: str, category: str, detail: str) -> None:
    assert stud_start(game, down, door) == StartingHand(category, detail)


def test_door_card_liveness() -> None:
    assert door_cards_seen("Kh", ("Kd", "7c", "Ks", "2h")) == 2
    assert not door_is_live("Kh", ("Kd", "7c"))
    assert door_cards_seen("7h", ("Kd", "2c", "Ts")) == 0
    assert door_is_live("7h", ("Kd", "2c", "Ts"))
    assert door_is_live("7h", ())
    assert door_cards_seen("Ah", ("Ad", "As", "Ac")) == 3  # dead: none left to come


@pytest.mark.parametrize(
    ("game", "drawn", "kept", "category", "detail"),
    [
        (Game.TRIPLE_DRAW_27, 0, ("7h", "5d", "4c", "3s", "2h"), "pat", "7-5 pat"),
        (Game.TRIPLE_DRAW_27, 1, ("7c", "6d", "4h", "2s"), "draws one", "draws one to 7-6-4-2"),
        (Game.SINGLE_DRAW_27, 2, ("7c", "2d", "3h"), "draws two", "draws two to 7-3-2"),
        (Game.TRIPLE_DRAW_27, 3, ("Ac", "2d"), "draws three or more", "draws three to A-2"),
        (Game.TRIPLE_DRAW_A5, 0, ("8h", "6d", "4c", "3s", "Ah"), "pat", "8-6 pat"),
        (Game.TRIPLE_DRAW_A5, 1, ("Ac", "2d", "3h", "5s"), "draws one", "draws one to 5-3-2-A"),
        (Game.SINGLE_DRAW_A5, 2, ("Ac", "7d", "4h"), "draws two", "draws two to 7-4-A"),
        (Game.BADUGI, 0, ("8h", "6d", "4c", "As"), "pat", "pat four-card badugi, 8 high"),
        (Game.BADUGI, 0, ("8h", "6d", "4c", "Ah"), "pat", "pat three-card badugi, 6 high"),
        (Game.BADUGI, 1, ("7h", "5d", "2c"), "draws one", "draws one to three-card badugi, 7 high"),
        (Game.BADUGI, 2, ("Kh", "3d"), "draws two", "draws two to two-card badugi, K high"),
        (Game.BADUGI, 1, ("7h", "5h", "2c"), "draws one", "draws one to two-card badugi, 5 high"),
        (Game.FIVE_DRAW, 0, ("2h", "5h", "9h", "Jh", "Kh"), "pat", "pat flush"),
        (Game.FIVE_DRAW, 3, ("Jh", "Jd"), "draws three or more", "draws three to a pair of jacks"),
        (
            Game.FIVE_DRAW,
            1,
            ("Kh", "Kd", "5c", "5s"),
            "draws one",
            "draws one to two pair, kings and fives",
        ),
        (Game.FIVE_DRAW, 2, ("9h", "9d", "9c"), "draws two", "draws two to three nines"),
        (Game.FIVE_DRAW, 3, ("Ah", "Kd"), "draws three or more", "draws three to ace-king"),
        (Game.FIVE_DRAW, 5, (), "draws three or more", "draws five, keeps nothing"),
        (Game.BADACEY, 2, ("Ah", "2d", "3c"), "draws two", "draws two to 3-2-A"),
        (Game.BADEUCEY, 2, ("Ah", "2d", "3c"), "draws two", "draws two to A-3-2"),
    ],
)
def test_draw(game: Game, drawn: int, kept: tuple[str, ...], category: str, detail: str) -> None:
    assert draw_start(game, drawn, kept) == StartingHand(category, detail)


def test_draw_without_the_kept_cards() -> None:
    assert draw_start(Game.BADUGI, 0) == StartingHand("pat", "pat")
    assert draw_start(Game.FIVE_DRAW, 4) == StartingHand(
        "draws three or more", "draws three or more"
    )


def test_refused() -> None:
    with pytest.raises(ValueError, match="not a known card"):
        stud_start(Game.SEVEN_STUD, ("??", "Kd"), "7h")
    with pytest.raises(ValueError, match="not a stud game"):
        stud_start(Game.BADUGI, ("2d", "Kd"), "7h")
    with pytest.raises(ValueError, match="not a draw game"):
        draw_start(Game.RAZZ, 1)
    with pytest.raises(ValueError, match="0 to 5"):
        draw_start(Game.BADUGI, 6)


STUD_CATEGORIES = {
    "rolled up",
    "split pair",
    "buried pair",
    "three to a flush",
    "three to a straight",
    "three to a low",
    "high card",
}


@settings(max_examples=500, deadline=None)
@given(
    cards=st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True),
    game=st.sampled_from([Game.SEVEN_STUD, Game.SEVEN_STUD_HILO, Game.RAZZ, Game.RAZZ_27]),
)
def test_every_stud_start_has_one_category(cards: list[str], game: Game) -> None:
    start = stud_start(game, cards[:2], cards[2])
    assert start.detail
    if game in (Game.RAZZ, Game.RAZZ_27):
        assert start.category.split(" ")[0].endswith("-low")
        return
    assert start.category in STUD_CATEGORIES
    if game is Game.SEVEN_STUD:
        assert start.category != "three to a low"
    # the precedence: exactly one of the named shapes, the strongest first
    ranks = {card[0] for card in cards}
    suits = {card[1] for card in cards}
    expected = {3: "high", 2: "pair", 1: "rolled up"}[len(ranks)]
    if expected == "pair":
        assert start.category.endswith("pair")
        assert (start.category == "split pair") == (cards[2][0] in {c[0] for c in cards[:2]})
    elif expected == "rolled up":
        assert start.category == "rolled up"
    elif len(suits) == 1 and start.category != "three to a low":
        assert start.category == "three to a flush"

"""The odds calculator's fields read as a player types them, or refused with one line
that names the field and the problem."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dashboard.odds_input import (
    InputError,
    PlayerInput,
    known_text,
    read_cards,
    read_situation,
    result_rows,
)
from parsers.model.games import Game


@pytest.mark.parametrize(
    "typed",
    ["As Kd", "AsKd", "as kd", "A♠ K♦", "A♤K♢", "as, kd", " As  Kd ", "AS-KD"],
)
def test_cards_are_read_as_players_write_them(typed: str) -> None:
    assert read_cards(typed, "x") == ("As", "Kd")


def test_ten_is_read_as_t_or_10() -> None:
    assert read_cards("10h Tc 10♠ th", "x") == ("Th", "Tc", "Ts", "Th")
    assert read_cards("", "x") == () and read_cards("   ", "x") == ()


@pytest.mark.parametrize(
    ("typed", "bad"),
    [("As Kx", "Kx"), ("AsKx", "Kx"), ("1h", "1h"), ("A", "A"), ("As K", "K"), ("Zz", "Zz")],
)
def test_a_text_that_is_not_a_card_is_named(typed: str, bad: str) -> None:
    with pytest.raises(InputError) as refused:
        read_cards(typed, "Player 2's up cards")
    assert str(refused.value) == f"Player 2's up cards: '{bad}' is not a card"


def test_stud_cards_to_come_are_the_total_less_those_known() -> None:
    situation = read_situation(
        Game.SEVEN_STUD_HILO,
        [PlayerInput("Player 1", "As 2d", "3h 4c"), PlayerInput("Player 2", "", "Kh")],
        dead="9c 9d",
    )
    assert situation.hands == {"Player 1": ("As", "2d", "3h", "4c"), "Player 2": ("Kh",)}
    assert situation.to_deal == (3, 6)  # Player 2's unknown down cards are dealt too
    assert situation.dead == ("9c", "9d")
    five = read_situation(Game.FIVE_STUD, [PlayerInput("A", "", "Kd"), PlayerInput("B")])
    assert five.to_deal == (4, 5)


def test_draw_cards_dealt_are_the_hand_less_the_cards_kept() -> None:
    situation = read_situation(
        Game.TRIPLE_DRAW_27,
        [
            PlayerInput("Player 1", kept="7c 5d 4h 2s"),
            PlayerInput("Player 2", kept="8c 6d 4c 3h 2c", draws="0"),
            PlayerInput("Player 3", kept="7h 5h", draws="2"),  # one card he keeps unknown
            PlayerInput("Player 4"),  # a random hand
        ],
    )
    assert situation.to_deal == (1, 0, 3, 5)
    badugi = read_situation(Game.BADUGI, [PlayerInput("A", kept="Ac 2d 3h"), PlayerInput("B")])
    assert badugi.to_deal == (1, 4)


@pytest.mark.parametrize(
    ("game", "players", "dead", "message"),
    [
        (
            Game.SEVEN_STUD,
            [PlayerInput("Player 1", "Ah"), PlayerInput("Player 2")],
            "Ah",
            "Ah is named twice: Player 1's down cards and the dead cards",
        ),
        (
            Game.SEVEN_STUD,
            [PlayerInput("Player 1", "Ah Kd", "Ah")],
            "",
            "7 Card Stud: 2 to 8 players, not 1",
        ),
        (
            Game.SEVEN_STUD,
            [PlayerInput("Player 1", "Kd Kd"), PlayerInput("Player 2")],
            "",
            "Kd is named twice: twice in Player 1's down cards",
        ),
        (
            Game.SEVEN_STUD,
            [PlayerInput("Player 1"), PlayerInput("Player 2", up="2c 3c 4c 5c 6c")],
            "",
            "Player 2's up cards: 7 Card Stud deals at most 4 up cards (5 named)",
        ),
        (
            Game.RAZZ,
            [PlayerInput("Player 1", "Ac 2c 3c 4c"), PlayerInput("Player 2")],
            "",
            "Player 1's down cards: Razz deals at most 3 down cards (4 named)",
        ),
        (
            Game.SEVEN_STUD,
            [PlayerInput(f"Player {n}") for n in range(1, 9)],
            "",
            "the deck cannot deal 56 cards: 52 are left after the cards named (name more "
            "cards, or seat fewer players)",
        ),
        (
            Game.TRIPLE_DRAW_27,
            [PlayerInput("Player 1", kept="7c 5d 4h 3s 2s 8d"), PlayerInput("Player 2")],
            "",
            "Player 1's cards: in 2-7 Triple Draw a player holds at most 5 cards (6 named)",
        ),
        (
            Game.TRIPLE_DRAW_27,
            [PlayerInput("Player 1", kept="7c 5d 4h 3s 2s", draws="1"), PlayerInput("P2")],
            "",
            "Player 1 keeps 5 cards and draws 1: a 2-7 Triple Draw hand is 5 cards (name only "
            "the cards he keeps)",
        ),
        (
            Game.BADUGI,
            [PlayerInput("Player 1", kept="Ac", draws="x"), PlayerInput("Player 2")],
            "",
            "Player 1's draw: 'x' is not a number of cards",
        ),
        (
            Game.BADUGI,
            [PlayerInput(f"Player {n}") for n in range(1, 8)],
            "",
            "Badugi: 2 to 6 players, not 7",
        ),
        (
            Game.FIVE_DRAW,
            [PlayerInput("Player 1"), PlayerInput("Player 2")],
            "Qs Qx",
            "The dead cards: 'Qx' is not a card",
        ),
    ],
)
def test_bad_fields_are_refused_naming_the_field(
    game: Game, players: list[PlayerInput], dead: str, message: str
) -> None:
    with pytest.raises(InputError) as refused:
        read_situation(game, players, dead)
    assert str(refused.value) == message


def test_the_cards_column_reads_as_players_write_hands() -> None:
    stud = PlayerInput("P", down="as 2d", up="3h")
    assert known_text(Game.SEVEN_STUD_HILO, stud, 4) == "(As 2d) 3h, 4 to come"
    assert known_text(Game.RAZZ, PlayerInput("P", up="4c"), 6) == "4c, 6 to come"
    assert known_text(Game.RAZZ, PlayerInput("P"), 7) == "a random hand (7 cards)"
    full = PlayerInput("P", down="As 2d 5c", up="3h 4c 6d 7s")
    assert known_text(Game.SEVEN_STUD, full, 0) == "(As 2d 5c) 3h 4c 6d 7s, no more cards"
    assert known_text(Game.TRIPLE_DRAW_27, PlayerInput("P", kept="7c5d4h2s"), 1) == (
        "7c 5d 4h 2s, draws 1"
    )
    assert known_text(Game.BADUGI, PlayerInput("P", kept="Ac 2d 3h 4s"), 0) == "Ac 2d 3h 4s, pat"


def test_a_one_card_draw_against_a_pat_hand_is_counted_by_its_outs() -> None:
    """2-7: 7-5-4-2 draws one against a pat 8-6-4-3-2, the 6s dead: 42 cards unseen; he
    wins with a 3 (3c 3d 3s: 7-5-4-3-2) or a 6 (6c 6h: 7-6-5-4-2), 5 outs; an 8 makes
    8-7, worse than 8-6."""
    players = [
        PlayerInput("Player 1", kept="7c 5d 4h 2s", draws="1"),
        PlayerInput("Player 2", kept="8c 6d 4c 3h 2c", draws="0"),
    ]
    situation = read_situation(Game.TRIPLE_DRAW_27, players, "6s")
    result = situation.odds()
    assert result.exact and result.runouts == 42
    assert result.chances["Player 1"].equity == Fraction(5, 42)
    rows = result_rows(Game.TRIPLE_DRAW_27, players, situation, result)
    assert rows[0] == {
        "Player": "Player 1",
        "Cards": "7c 5d 4h 2s, draws 1",
        "Equity": "11.9%",
        "Wins alone": "11.9%",
        "Split pots (his part)": "0.0%",
    }
    assert rows[1]["Equity"] == "88.1%" and rows[1]["Cards"] == "8c 6d 4c 3h 2c, pat"


def test_split_pot_games_name_their_halves() -> None:
    players = [PlayerInput("A", kept="Ac 2d 3h 4s 5c"), PlayerInput("B", kept="Kc Qd Jh 9s 8c")]
    for game, halves in (
        (Game.BADEUCEY, ("Badugi half", "2-7 half")),
        (Game.BADACEY, ("Badugi half", "A-5 half")),
    ):
        situation = read_situation(game, players)
        rows = result_rows(game, players, situation, situation.odds())
        assert list(rows[0]) == ["Player", "Cards", "Equity", *halves, "Scoop"]

"""The games table (`parsers.model.games`) is the one statement of each game's shape: the
SQL stats' own copy (`stat_games`, which a DuckDB client reads without Python) must say
the same, and the facts derived from the table must match the rules of each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.model.games import GAME_RULES, Family, Game, Street
from pipeline.engine.variants import EVALUATORS, VARIANTS
from pipeline.storage.database import Database


@pytest.fixture(scope="module")
def stat_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    database = Database(Path(tmp_path_factory.mktemp("games")) / "games.duckdb")
    try:
        cursor = database.connection.execute("SELECT * FROM stat_games")
        columns = [column[0] for column in cursor.description]
        return {row[0]: dict(zip(columns, row, strict=True)) for row in cursor.fetchall()}
    finally:
        database.close()


def test_every_game_has_rules_and_an_evaluator() -> None:
    assert set(GAME_RULES) == set(Game)
    assert all(rules.game is game for game, rules in GAME_RULES.items())
    assert {rules.ranking for rules in GAME_RULES.values()} <= set(EVALUATORS)
    assert set(VARIANTS) == set(Game)


@pytest.mark.parametrize("game", list(Game))
def test_stat_games_view_says_what_the_table_says(
    game: Game, stat_games: dict[str, dict[str, object]]
) -> None:
    rules = game.rules
    assert stat_games[game.value] == {
        "game": game.value,
        "family": rules.family.value,
        "betting_rounds": len(rules.streets),
        "draws": rules.draws,
        "split_pot": rules.split_ranking is not None,
        "split_ranking": rules.split_ranking and rules.split_ranking.value,
        "has_bring_in": rules.bring_in is not None,
        "ranking": rules.ranking.value,
        "streets": [street.value for street in rules.streets],
    }


def test_the_view_knows_no_game_the_table_does_not(
    stat_games: dict[str, dict[str, object]],
) -> None:
    assert set(stat_games) == {game.value for game in Game}


@pytest.mark.parametrize(
    ("game", "hand_size", "draws"),
    [
        (Game.SEVEN_STUD, 7, 0),
        (Game.RAZZ, 7, 0),
        (Game.FIVE_STUD, 5, 0),
        (Game.FIVE_UP_STUD, 5, 0),
        (Game.TRIPLE_DRAW_27, 5, 3),
        (Game.BADUGI, 4, 3),
        (Game.SINGLE_DRAW_27, 5, 1),
        (Game.FIVE_DRAW, 5, 1),
    ],
)
def test_hand_size_and_draws_follow_from_the_deals(game: Game, hand_size: int, draws: int) -> None:
    assert (game.rules.hand_size, game.rules.draws) == (hand_size, draws)


def test_a_stud_street_deals_up_cards_but_seventh_deals_one_down() -> None:
    rules = Game.SEVEN_STUD.rules
    assert [(deal.down, deal.up) for deal in rules.deals] == [
        (2, 1),
        (0, 1),
        (0, 1),
        (0, 1),
        (1, 0),
    ]
    assert rules.deal_on(Street.PREDRAW) is None
    assert Game.FIVE_UP_STUD.rules.deal_on(Street.FIFTH).down == 1  # type: ignore[union-attr]


def test_draw_games_deal_only_before_the_first_round() -> None:
    for rules in GAME_RULES.values():
        if rules.family is Family.DRAW:
            assert rules.deals[0].street is Street.PREDRAW
            assert all(deal.down == deal.up == 0 for deal in rules.deals[1:])

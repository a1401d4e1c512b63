"""Game ids as players call the games: the database says 'triple_draw_27', a player reads
"2-7 Triple Draw"."""

from __future__ import annotations

from parsers.model.games import GAME_RULES

GAME_NAMES = {game.value: rules.name for game, rules in GAME_RULES.items()}

LIMIT_NAMES = {
    "fixed_limit": "Fixed limit",
    "pot_limit": "Pot limit",
    "no_limit": "No limit",
    "half_pot_limit": "Half pot limit",
}


def game_name(game: str | None) -> str:
    """The game's name; an id this version does not know is shown as it is."""
    if game is None:
        return ""
    return GAME_NAMES.get(game, game)


def limit_name(limit_kind: str | None) -> str:
    if limit_kind is None:
        return ""
    return LIMIT_NAMES.get(limit_kind, limit_kind)

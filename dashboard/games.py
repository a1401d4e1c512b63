"""Game ids as players call the games: the database says 'triple_draw_27', a player reads
"2-7 Triple Draw"."""

from __future__ import annotations

GAME_NAMES = {
    "seven_stud": "7 Card Stud",
    "seven_stud_hilo": "7 Card Stud Hi/Lo",
    "razz": "Razz",
    "five_stud": "5 Card Stud",
    "five_up_stud": "5 Card Stud (five-up)",
    "triple_draw_27": "2-7 Triple Draw",
    "single_draw_27": "2-7 Single Draw",
    "triple_draw_a5": "A-5 Triple Draw",
    "badugi": "Badugi",
    "five_draw": "5 Card Draw",
}

LIMIT_NAMES = {"fixed_limit": "Fixed limit", "pot_limit": "Pot limit", "no_limit": "No limit"}


def game_name(game: str | None) -> str:
    """The game's name; an id this version does not know is shown as it is."""
    if game is None:
        return ""
    return GAME_NAMES.get(game, game)


def limit_name(limit_kind: str | None) -> str:
    if limit_kind is None:
        return ""
    return LIMIT_NAMES.get(limit_kind, limit_kind)

"""The filters the CLI's stats and export share, and the check that refuses a value the
database has no hand for: a typo ("hero" for "Hero", "holdem", "dollars") gets one line
saying what exists, never an empty table that reads like "no hands"."""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

import duckdb

from parsers.model.games import GAME_RULES
from parsers.sites import site_name
from pipeline.storage.money_units import MONEY_KINDS

_SHOWN = 14  # values named in a refusal


@dataclass(frozen=True)
class StatFilters:
    """What to count; None is "any". `unit` is one of money_unit's ('USD', 'play money')."""

    player: str | None = None
    site: str | None = None
    game: str | None = None
    limit_kind: str | None = None
    stakes: str | None = None
    since: str | None = None
    until: str | None = None
    money: str | None = None
    unit: str | None = None

    @property
    def given(self) -> dict[str, str]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}

    def macro_arguments(self) -> tuple[list[str], dict[str, str]]:
        """The named arguments of a stats macro (`player := $player`, ...), and their values."""
        given = self.given
        arguments = [f"{name} := ${name}" for name in given if name != "stakes"]
        if "stakes" in given:
            arguments.append("big_unit := CAST($big_unit AS DECIMAL(18, 4))")
            given["big_unit"] = given.pop("stakes")
        return arguments, given


class UnknownValue(ValueError):
    """A filter names what the database has no hand of; the message says what exists."""


def checked(connection: duckdb.DuckDBPyConnection, filters: StatFilters) -> StatFilters:
    """`filters` as the database spells its values (a site by its name, "PokerStars", is
    its id; "usd" is USD; "dollars" is no kind of money); UnknownValue for a value no
    hand has."""
    values = {
        "site": _one_of(connection, "site", filters.site),
        "game": _one_of(connection, "game", filters.game),
        "limit_kind": _one_of(connection, "limit_kind", filters.limit_kind),
        "stakes": _stakes(connection, filters.stakes),
    }
    money, unit = _money(connection, filters.money, filters.unit)
    _player(connection, filters.player)
    return dataclasses.replace(filters, **values, money=money, unit=unit)


def _distinct(connection: duckdb.DuckDBPyConnection, sql: str) -> list[str]:
    return [str(row[0]) for row in connection.execute(sql).fetchall() if row[0] is not None]


def _refuse(
    what: str, value: str, known: list[str], labels: list[str] | None = None, hint: str = ""
) -> UnknownValue:
    """The one line a value no hand has gets: the nearest values, then what there is
    (`labels`: how to show each of `known`, when not as itself)."""
    shown_as = dict(zip(known, labels or known, strict=True))
    close = difflib.get_close_matches(value.lower(), [k.lower() for k in known], 3, 0.6)
    near = [shown_as[k] for k in known if k.lower() in close]
    listed = list(shown_as.values())
    more = f" and {len(listed) - _SHOWN} more" if len(listed) > _SHOWN else ""
    there = f"did you mean {' or '.join(near)}? " if near else ""
    return UnknownValue(
        f"no {what} {value!r} in the database: {there}there: "
        f"{', '.join(listed[:_SHOWN]) or 'none'}{more}{hint}"
    )


def _site_words(site: str) -> tuple[str, ...]:
    return (site, site_name(site))


def _game_words(game: str) -> tuple[str, ...]:
    rules = next((r for g, r in GAME_RULES.items() if g.value == game), None)
    return (game,) if rules is None else (game, rules.name)


def _limit_words(limit_kind: str) -> tuple[str, ...]:
    return (limit_kind, limit_kind.replace("_", " "), limit_kind.replace("_", "-"))


_WORDS: dict[str, tuple[str, Callable[[str], tuple[str, ...]]]] = {
    "site": ("site", _site_words),
    "game": ("game", _game_words),
    "limit_kind": ("limit", _limit_words),
}


def _one_of(connection: duckdb.DuckDBPyConnection, column: str, value: str | None) -> str | None:
    """A site, game or limit kind by its id or its name in words ("PokerStars", "Razz",
    "no limit"), as the database spells it."""
    if value is None:
        return None
    what, words = _WORDS[column]
    there = _distinct(connection, f"SELECT DISTINCT {column} FROM hands ORDER BY {column}")
    by_word = {word.lower(): v for v in there for word in words(v)}
    if value.lower() in by_word:
        return by_word[value.lower()]
    labels = [f"{v} ({site_name(v)})" for v in there] if column == "site" else None
    raise _refuse(what, value, there, labels)


def _stakes(connection: duckdb.DuckDBPyConnection, stakes: str | None) -> str | None:
    if stakes is None:
        return None
    there = [
        Decimal(v)
        for v in _distinct(
            connection, "SELECT DISTINCT big_unit FROM hands WHERE big_unit IS NOT NULL ORDER BY 1"
        )
    ]
    try:
        wanted = Decimal(stakes.lstrip("$€£"))
    except InvalidOperation:
        wanted = None
    if wanted is not None and wanted in there:
        return str(wanted)
    raise _refuse(
        "stakes",
        stakes,
        [f"{v.normalize():f}" for v in there],
        hint=" (the big bet, or the big blind in pot and no limit)",
    )


def _money(
    connection: duckdb.DuckDBPyConnection, money: str | None, unit: str | None
) -> tuple[str | None, str | None]:
    """--money names a kind (real, play, tournament, cash) or a unit (USD, EUR, play
    money, tournament chips)."""
    if money is None:
        return None, unit
    if money.lower() in MONEY_KINDS:
        return money.lower(), unit
    units = _distinct(
        connection,
        "SELECT DISTINCT money_unit(money, currency) FROM hands ORDER BY 1",
    )
    by_word = {u.lower(): u for u in units}
    if money.lower() in by_word:
        return None, by_word[money.lower()]
    raise _refuse("money", money, [*MONEY_KINDS, *units])


def _player(connection: duckdb.DuckDBPyConnection, player: str | None) -> None:
    if player is None:
        return
    if connection.execute(
        "SELECT 1 FROM hand_players WHERE player = ? LIMIT 1", [player]
    ).fetchall():
        return
    alike = _similar_players(connection, player)
    if alike:
        raise UnknownValue(
            f"no player {player!r} in the database: did you mean {' or '.join(alike)}? "
            "(names are case-sensitive)"
        )
    most = _distinct(
        connection,
        "SELECT player FROM hand_players GROUP BY player ORDER BY count(*) DESC, player "
        f"LIMIT {_SHOWN}",
    )
    raise UnknownValue(
        f"no player {player!r} in the database: the players with most hands there: "
        f"{', '.join(most) or 'none'}"
    )


def _similar_players(connection: duckdb.DuckDBPyConnection, player: str) -> list[str]:
    """Names that differ by case only, or nearly the same, most alike first."""
    rows = connection.execute(
        "SELECT player FROM hand_players WHERE lower(player) = lower($p) "
        "OR jaro_winkler_similarity(lower(player), lower($p)) > 0.88 GROUP BY player "
        "ORDER BY lower(player) = lower($p) DESC, "
        "jaro_winkler_similarity(lower(player), lower($p)) DESC, count(*) DESC LIMIT 3",
        {"p": player},
    ).fetchall()
    return [str(row[0]) for row in rows]

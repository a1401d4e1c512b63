"""Which hands a page looks at: the value the sidebar's filters make.

A `Filters` value turns itself into SQL, either as conditions on a table of hands (or of
player_hand_facts, which repeats the hand's columns) or as the named arguments of the
stat macros, so that every page filters the same way. Parameters are always bound, never
pasted into the SQL (screen names contain quotes).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Any


@dataclass(frozen=True, slots=True)
class Filters:
    """What to look at. None (or empty heroes) means "no filter" for that field.

    `until` is exclusive: the day after the last day picked, as the stat macros expect.
    Dates are UTC days (the database's time).
    """

    heroes: tuple[str, ...] = ()
    site: str | None = None
    game: str | None = None
    limit_kind: str | None = None
    big_unit: Decimal | None = None
    money: str | None = None  # 'cash' (real and play money) or 'tournament'
    since: date | None = None
    until: date | None = None
    unit: str | None = None  # one unit of money_unit: 'USD', 'EUR', 'play money', ...

    def hand_conditions(self, hands: str = "h") -> tuple[str, dict[str, Any]]:
        """Conditions on the `hands` table (aliased `hands`), and their parameters."""
        conditions: list[str] = []
        params: dict[str, Any] = {}
        for column, value in (
            ("site", self.site),
            ("game", self.game),
            ("limit_kind", self.limit_kind),
        ):
            if value is not None:
                conditions.append(f"{hands}.{column} = $f_{column}")
                params[f"f_{column}"] = value
        if self.big_unit is not None:
            conditions.append(f"{hands}.big_unit = CAST($f_big_unit AS DECIMAL(18, 4))")
            params["f_big_unit"] = str(self.big_unit)
        if self.money == "cash":
            conditions.append(f"{hands}.money IN ('real', 'play')")
        elif self.money is not None:
            conditions.append(f"{hands}.money = $f_money")
            params["f_money"] = self.money
        if self.unit is not None:
            conditions.append(f"money_unit({hands}.money, {hands}.currency) = $f_unit")
            params["f_unit"] = self.unit
        if self.since is not None:
            conditions.append(f"{hands}.started_at >= CAST($f_since AS TIMESTAMPTZ)")
            params["f_since"] = _utc_midnight(self.since)
        if self.until is not None:
            conditions.append(f"{hands}.started_at < CAST($f_until AS TIMESTAMPTZ)")
            params["f_until"] = _utc_midnight(self.until)
        return " AND ".join(conditions) or "TRUE", params

    def hero_condition(
        self, players: str = "hp", column: str = "player"
    ) -> tuple[str, dict[str, Any]]:
        """`players.player` (or another column) is one of the hero's screen names (FALSE
        with none)."""
        if not self.heroes:
            return "FALSE", {}
        names = {f"f_hero_{i}": name for i, name in enumerate(self.heroes)}
        placeholders = ", ".join(f"${key}" for key in names)
        return f"{players}.{column} IN ({placeholders})", names

    def macro_arguments(self) -> tuple[str, dict[str, Any]]:
        """The stat macros' named arguments for these filters (not the player)."""
        arguments: list[str] = []
        params: dict[str, Any] = {}
        for name, value in (
            ("site", self.site),
            ("game", self.game),
            ("limit_kind", self.limit_kind),
            ("money", self.money),
            ("unit", self.unit),
        ):
            if value is not None:
                arguments.append(f"{name} := $m_{name}")
                params[f"m_{name}"] = value
        if self.big_unit is not None:
            arguments.append("big_unit := CAST($m_big_unit AS DECIMAL(18, 4))")
            params["m_big_unit"] = str(self.big_unit)
        if self.since is not None:
            arguments.append("since := CAST($m_since AS TIMESTAMPTZ)")
            params["m_since"] = _utc_midnight(self.since)
        if self.until is not None:
            arguments.append("until := CAST($m_until AS TIMESTAMPTZ)")
            params["m_until"] = _utc_midnight(self.until)
        return ", ".join(arguments), params

    def with_site(self, site: str | None) -> Filters:
        """The same filters kept to one site (a screen name belongs to a site)."""
        return replace(self, site=site)


def _utc_midnight(day: date) -> str:
    return f"{day.isoformat()} 00:00:00+00"

"""The replayer's equity tables as HTML: the street on show, and every street at once.

Pure (a street's equities in, a string out), beside `dashboard.cards`, whose cards they
draw, so that the page only places them and the tests read them.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from html import escape

from dashboard.cards import card_html
from dashboard.replay_steps import Replay, ShownCard, Step
from dashboard.street_equity import StreetEquity, View

STYLE = """
<style>
.sd-eq { font-family: system-ui, sans-serif; font-size: 14px; border-collapse: collapse;
  margin: 4px 0 2px; }
.sd-eq th, .sd-eq td { padding: 3px 9px; border-bottom: 1px solid rgba(128,128,128,.25);
  text-align: right; white-space: nowrap; }
.sd-eq th { font-weight: 600; font-size: 12px; opacity: .8; }
.sd-eq td.sd-eq-name, .sd-eq th.sd-eq-name { text-align: left; }
.sd-eq td.sd-eq-cards { text-align: left; }
.sd-eq tr.sd-eq-hero td.sd-eq-name { font-weight: 700; }
.sd-eq td.sd-eq-main { font-weight: 700; }
.sd-eq .sd-eq-view { border-left: 2px solid rgba(128,128,128,.35); }
.sd-eq .sd-eq-fold { opacity: .55; font-size: 12px; }
.sd-eq .sd-card { width: 22px; height: 30px; font-size: 11px; line-height: 12px; }
.sd-eq-bar { display: inline-block; height: 8px; background: #43a047; border-radius: 2px;
  vertical-align: middle; margin-left: 5px; }
.sd-eq-how { font-family: system-ui, sans-serif; font-size: 13px; opacity: .8; margin: 0;
  padding-left: 1.1em; }
</style>
"""


def percent(value: Fraction | float) -> str:
    """A chance to one decimal, as players read it: '62.3%'."""
    return f"{100 * float(value):.1f}%"


def _is_split(replay: Replay, equity: StreetEquity) -> bool:
    return any(v.odds is not None and v.odds.low_made is not None for v in _views(equity))


def _views(equity: StreetEquity) -> tuple[View, ...]:
    return (equity.shown, equity.hero)


def compared(replay: Replay, index: int) -> str:
    """What the equities on a street are the chances of: to the showdown (stud), or the
    hands after the next draw (draw games, which do not average the later draws)."""
    streets = replay.steps[:-1]
    if replay.family == "stud":
        return "the cards to come dealt to the end"
    if index + 1 < len(streets):
        return f"hands compared after the next draw ({streets[index + 1].title.lower()})"
    return "hands compared as they stand: no draw left"


def heading(replay: Replay, index: int) -> str:
    """The street's equity as a player says it: "Equity on 5th street", "Equity before
    the second draw", "Equity after the last draw"."""
    streets = replay.steps[:-1]
    index = min(index, len(streets) - 1)
    if replay.family == "stud":
        return f"Equity on {streets[index].title}"
    if index + 1 < len(streets):
        return f"Equity before the {streets[index + 1].title.lower().removeprefix('the ')}"
    return "Equity after the last draw"


def _when(replay: Replay, index: int) -> str:
    """A draw game's street by the draw its equity is before: "Before the first draw"."""
    return heading(replay, index).removeprefix("Equity ").capitalize()


def _hero_name(step: Step) -> str:
    return next((seat.player for seat in step.seats if seat.is_hero), "the hero")


def _numbers(view: View, player: str, split: bool, main_class: str) -> list[str]:
    """The player's cells in one view: equity (and high, low, scoop), or blanks."""
    chances = view.odds.chances.get(player) if view.odds is not None else None
    size = 4 if split else 1
    if chances is None:
        return [f'<td class="{main_class}">—</td>'] + ["<td></td>"] * (size - 1)
    width = round(60 * float(chances.equity))
    bar = f'<span class="sd-eq-bar" style="width:{width}px"></span>'
    cells = [
        f'<td class="{main_class} sd-eq-main" data-equity="{escape(player)}">'
        f"{percent(chances.equity)}{bar}</td>"
    ]
    if split:
        cells += [f"<td>{percent(part)}</td>" for part in (chances.high, chances.low)]
        cells.append(f"<td>{percent(chances.scoop)}</td>")
    return cells


def street_html(replay: Replay, equity: StreetEquity, hide_opponents: bool = False) -> str:
    """One street: each player in, his cards, his chances in both views; then how
    each view was counted."""
    step = replay.steps[equity.index]
    split = _is_split(replay, equity)
    hero = _hero_name(step)
    both = equity.hero.odds is not None and not equity.hero.same_as_shown
    head = ["Equity", "High", "Low", "Scoop"] if split else ["Equity"]
    parts = [STYLE, f'<table class="sd-eq" data-street="{escape(equity.street)}"><tr>']
    parts.append('<th class="sd-eq-name">Player</th><th class="sd-eq-name">Cards</th>')
    first_view = "as the hands turned out" if both else "equity"
    parts += [
        f'<th class="{"sd-eq-view" if i == 0 else ""}">{name if i else first_view.capitalize()}'
        "</th>"
        for i, name in enumerate(head)
    ]
    if both:
        parts += [
            f'<th class="{"sd-eq-view" if i == 0 else ""}">'
            f"{f'As {escape(hero)} saw it' if i == 0 else name}</th>"
            for i, name in enumerate(head)
        ]
    parts.append("</tr>")
    for seat in step.seats:
        if seat.player not in equity.players:
            continue
        row = "sd-eq-hero" if seat.is_hero else ""
        fold = ' <span class="sd-eq-fold">folds</span>' if seat.folded else ""
        cards = "".join(card_html(card, _hide(card, step, hide_opponents)) for card in seat.cards)
        parts.append(
            f'<tr class="{row}"><td class="sd-eq-name">{"★ " if seat.is_hero else ""}'
            f"{escape(seat.player)}{fold}</td>"
            f'<td class="sd-eq-cards">{cards}</td>'
        )
        parts += _numbers(equity.shown, seat.player, split, "sd-eq-view")
        if both:
            parts += _numbers(equity.hero, seat.player, split, "sd-eq-view")
        parts.append("</tr>")
    parts.append("</table>")
    parts.append(_how_html(replay, equity, hero, both))
    return "".join(parts)


def _hide(card: ShownCard, step: Step, hide_opponents: bool) -> bool:
    return hide_opponents and card.from_showdown and not step.final


def _how_html(replay: Replay, equity: StreetEquity, hero: str, both: bool) -> str:
    lines = [f"Chances of {compared(replay, equity.index)}."]
    label = "As the hands turned out" if both else "Counted"
    lines.append(f"{label}: {_how(equity.shown)}")
    if both:
        lines.append(f"As {escape(hero)} saw it (his cards, the up cards): {_how(equity.hero)}")
    elif equity.hero.same_as_shown:
        hidden = "down card" if replay.family == "stud" else "card"
        lines.append(f"{escape(hero)}'s view is the same: no opponent's {hidden} is known.")
    elif equity.hero.why_not and equity.shown.odds is not None:
        lines.append(f"{escape(hero)}'s view: not counted, {escape(equity.hero.why_not)}.")
    items = "".join(f"<li>{line}</li>" for line in lines)
    return f'<ul class="sd-eq-how" data-how="{escape(equity.street)}">{items}</ul>'


def _how(view: View) -> str:
    if view.odds is None:
        return f"not counted, {escape(view.why_not)}."
    text = escape(view.odds.how())
    if view.odds.low_made is not None:
        text += f"; a low is made in {percent(view.odds.low_made)} of them"
    if view.note:
        text += f"; {escape(view.note)}"
    return text + "."


def by_street_html(
    replay: Replay, equities: Sequence[StreetEquity], current: int, hero_only: bool = False
) -> str:
    """Every street at once: each player's equity as the hands turned out, and the
    hero's own view of his; the street on show marked. `hero_only`: his view alone
    (the others would tell the down cards hidden until the showdown)."""
    hero = _hero_name(replay.steps[0])
    has_hero = any(seat.is_hero for seat in replay.steps[0].seats)
    names = [] if hero_only else [seat.player for seat in replay.steps[0].seats]
    parts = [
        STYLE,
        '<table class="sd-eq" data-by-street="1"><tr><th class="sd-eq-name">Street</th>',
    ]
    parts += [
        f"<th>{'★ ' if name == hero and has_hero else ''}{escape(name)}</th>" for name in names
    ]
    if has_hero:
        parts.append(f'<th class="sd-eq-view">{escape(hero)} as he saw it</th>')
    parts.append("</tr>")
    for equity in equities:
        weight = ' style="font-weight:700"' if equity.index == current else ""
        label = equity.title if replay.family == "stud" else _when(replay, equity.index)
        parts.append(f'<tr{weight}><td class="sd-eq-name">{escape(label)}</td>')
        for name in names:
            chances = equity.shown.odds.chances.get(name) if equity.shown.odds else None
            parts.append(f"<td>{percent(chances.equity) if chances else ''}</td>")
        if has_hero:
            view = equity.hero
            mine = view.odds.chances.get(hero) if view.odds else None
            parts.append(f'<td class="sd-eq-view">{percent(mine.equity) if mine else "—"}</td>')
        parts.append("</tr>")
    parts.append("</table>")
    return "".join(parts)

"""Replay steps drawn as HTML: cards, seats around an oval table, the action log.

Plain HTML and CSS (no JavaScript, no images), given to `st.html`: it looks like a poker
table in the browser, and tests can read it as text (every card carries `data-card`,
the pot `data-pot`). A four-colour deck (spades black, hearts red, diamonds blue, clubs
green) keeps suits apart at a glance; cards dealt face down have a tinted face and a
"down" corner, so that a stud hand shows which cards the opponents could not see.
"""

from __future__ import annotations

import math
from decimal import Decimal
from html import escape

from dashboard.money import format_amount
from dashboard.replay_steps import Replay, ShownCard, ShownLine, ShownSeat, Step

SUITS = {
    "s": ("♠", "#1b1b1b", "spades"),
    "h": ("♥", "#c62828", "hearts"),
    "d": ("♦", "#1565c0", "diamonds"),
    "c": ("♣", "#2e7d32", "clubs"),
}

STYLE = """
<style>
.sd-table { position: relative; width: 100%; max-width: 980px; height: 500px;
  margin: 0 auto; font-family: system-ui, sans-serif; }
.sd-felt { position: absolute; left: 9%; right: 9%; top: 13%; bottom: 13%;
  border-radius: 50%; background: radial-gradient(ellipse at center, #2f8f46 0%, #1d6b33 70%,
  #175a2a 100%); border: 14px solid #6b4226; box-shadow: 0 6px 18px rgba(0,0,0,.35),
  inset 0 0 30px rgba(0,0,0,.35); }
.sd-center { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%);
  text-align: center; color: #f5f5f5; }
.sd-street { font-size: 15px; letter-spacing: .05em; text-transform: uppercase; opacity: .85; }
.sd-pot { font-size: 22px; font-weight: 700; margin-top: 4px; }
.sd-title { font-size: 12px; opacity: .75; margin-top: 2px; }
.sd-board { margin-top: 6px; }
.sd-seat { position: absolute; transform: translate(-50%, -50%); min-width: 118px;
  background: rgba(20, 20, 20, .86); color: #fafafa; border: 2px solid #555;
  border-radius: 10px; padding: 4px 7px 5px; text-align: center; font-size: 12px; }
.sd-seat.sd-hero { border-color: #f9a825; }
.sd-seat.sd-folded { opacity: .45; }
.sd-seat.sd-winner { border-color: #66bb6a; box-shadow: 0 0 10px #66bb6a; }
.sd-name { font-weight: 700; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
  max-width: 170px; }
.sd-stack { color: #cfd8dc; }
.sd-cards { margin: 3px 0 1px; white-space: nowrap; }
.sd-status { font-size: 11px; color: #ffe082; min-height: 14px; }
.sd-net-plus { color: #81c784; font-weight: 700; }
.sd-net-minus { color: #ef9a9a; font-weight: 700; }
.sd-card { display: inline-block; position: relative; width: 23px; height: 33px;
  margin: 0 1px; border-radius: 4px; background: #fff; border: 1px solid #888;
  font: 700 12px/14px system-ui, sans-serif; text-align: center; padding-top: 2px;
  box-sizing: border-box; vertical-align: middle; }
.sd-card.sd-down { background: #dde7f3; border: 1px dashed #3d5a80; }
.sd-card.sd-down::after { content: ""; position: absolute; right: 0; top: 0;
  border-top: 7px solid #3d5a80; border-left: 7px solid transparent; }
.sd-card.sd-back { background: repeating-linear-gradient(45deg, #8e1b1b 0 4px, #b33939 4px 8px);
  border: 2px solid #fff; }
.sd-card.sd-new { box-shadow: 0 0 0 2px #fdd835; }
.sd-bet { position: absolute; transform: translate(-50%, -50%); background: #fdd835;
  color: #222; border-radius: 10px; padding: 1px 7px; font: 700 12px system-ui, sans-serif; }
.sd-button { position: absolute; transform: translate(-50%, -50%); width: 20px; height: 20px;
  border-radius: 50%; background: #fff; color: #222; font: 700 11px/20px system-ui;
  text-align: center; border: 1px solid #999; }
.sd-log { font-family: system-ui, sans-serif; font-size: 14px; margin: 0; padding-left: 1.2em; }
.sd-log li { margin: 1px 0; }
.sd-log .sd-card { width: 22px; height: 30px; font-size: 11px; line-height: 12px; }
.sd-result { font-family: system-ui, sans-serif; font-size: 14px; }
</style>
"""


def card_html(card: ShownCard, hidden: bool = False) -> str:
    """One card: its face, or its back when unknown or kept hidden."""
    if card.code is None or hidden:
        new = " sd-new" if card.new else ""
        return f'<span class="sd-card sd-back{new}" data-card="back" title="face down"></span>'
    rank, suit = card.code[:-1], card.code[-1].lower()
    symbol, colour, suit_name = SUITS.get(suit, ("?", "#555", suit))
    kind = "sd-down" if card.down else "sd-up"
    new = " sd-new" if card.new else ""
    title = f"{rank} of {suit_name}, dealt face {'down' if card.down else 'up'}"
    shown_rank = "10" if rank == "T" else escape(rank)
    return (
        f'<span class="sd-card {kind}{new}" data-card="{escape(card.code)}" '
        f'style="color:{colour}" title="{title}">{shown_rank}<br>{symbol}</span>'
    )


def codes_html(codes: tuple[str, ...], down: bool = False) -> str:
    return "".join(card_html(ShownCard(code, down)) for code in codes)


def _hidden(card: ShownCard, step: Step, hide_opponents: bool) -> bool:
    return hide_opponents and card.from_showdown and not step.final


def _positions(replay: Replay, step: Step) -> dict[int, float]:
    """Seat number -> angle on the oval, the hero at the bottom, clockwise by seat."""
    seats = [seat.seat for seat in step.seats]
    size = max([replay.hand.get("max_seats") or 0, *seats])
    hero = next((s.seat for s in step.seats if s.is_hero), min(seats, default=1))
    return {seat: math.pi / 2 + 2 * math.pi * ((seat - hero) % size) / size for seat in seats}


def _at(angle: float, x_radius: float, y_radius: float) -> str:
    left = 50 + x_radius * math.cos(angle)
    top = 50 + y_radius * math.sin(angle)
    return f"left:{left:.1f}%;top:{top:.1f}%"


def _net_html(net: Decimal, currency: str | None) -> str:
    css = "sd-net-plus" if net > 0 else "sd-net-minus"
    return f'<span class="{css}">{escape(format_amount(net, currency, signed=True))}</span>'


def _status(seat: ShownSeat, step: Step, currency: str | None) -> str:
    if step.final and seat.net:
        return _net_html(seat.net, currency)
    if seat.draw is not None:
        draw = seat.draw
        if draw.stood_pat:
            return "stands pat"
        if draw.discarded is not None:
            return f"discards {draw.discard_count}"
        return f"draws {draw.discard_count}"
    if seat.folded:
        return "folded"
    if seat.all_in:
        return "all-in"
    return ""


def _board_html(step: Step) -> str:
    """Stud's shared card, face up in the middle (every player's seventh card)."""
    if not step.board:
        return ""
    codes = " ".join(step.board)
    return f'<div class="sd-board" data-board="{codes}">{codes_html(step.board)}</div>'


def table_html(replay: Replay, step: Step, hide_opponents: bool = False) -> str:
    """The whole table at one step: seats, cards, live bets, pot and street."""
    currency = replay.currency
    angles = _positions(replay, step)
    winners = {s.player for s in step.seats if step.final and (s.collected or 0) > 0}
    parts = [STYLE, '<div class="sd-table" data-step="', str(step.index), '">']
    parts.append('<div class="sd-felt"></div>')
    pot = format_amount(step.pot, currency)
    parts.append(
        f'<div class="sd-center"><div class="sd-street">{escape(step.title)}</div>'
        f'<div class="sd-pot" data-pot="{step.pot}">Pot {escape(pot)}</div>'
        f"{_board_html(step)}"
        f'<div class="sd-title">step {step.index + 1} of {len(replay.steps)}</div></div>'
    )
    button = replay.hand.get("button_seat")
    for seat in step.seats:
        angle = angles[seat.seat]
        classes = ["sd-seat"]
        if seat.is_hero:
            classes.append("sd-hero")
        if seat.folded:
            classes.append("sd-folded")
        if seat.player in winners:
            classes.append("sd-winner")
        cards = "".join(card_html(c, _hidden(c, step, hide_opponents)) for c in seat.cards)
        star = "★ " if seat.is_hero else ""
        parts.append(
            f'<div class="{" ".join(classes)}" style="{_at(angle, 38, 41)}" '
            f'data-player="{escape(seat.player)}">'
            f'<div class="sd-name" title="seat {seat.seat}">{star}{escape(seat.player)}</div>'
            f'<div class="sd-stack">{escape(format_amount(seat.stack, currency))}</div>'
            f'<div class="sd-cards">{cards}</div>'
            f'<div class="sd-status">{_status(seat, step, currency)}</div></div>'
        )
        if seat.street_bet and not step.final:
            parts.append(
                f'<div class="sd-bet" style="{_at(angle, 23, 22)}">'
                f"{escape(format_amount(seat.street_bet, currency))}</div>"
            )
        if button is not None and seat.seat == button:
            parts.append(f'<div class="sd-button" style="{_at(angle + 0.28, 30, 27)}">D</div>')
    parts.append("</div>")
    return "".join(parts)


_VERBS = {
    "ante": "posts the ante",
    "small_blind": "posts the small blind",
    "big_blind": "posts the big blind",
    "small_and_big_blinds": "posts the small and big blinds",
    "dead_blind": "posts a dead blind",
    "bring_in": "brings in for",
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets",
    "returned": "takes back the uncalled",
    "collected": "collects",
}


def action_text(action: ShownLine, currency: str | None) -> str:
    """One line of the hand in words, as HTML: "raises $0.05 to $0.10"."""
    amount = format_amount(action.amount, currency) if action.amount is not None else ""
    if action.action == "raise":
        to = format_amount(action.raise_to, currency)
        words = f"raises {amount} to {to}" if amount else f"raises to {to}"
    elif action.action == "complete":
        words = f"completes to {format_amount(action.raise_to, currency)}"
    elif action.action in ("shows", "mucks"):
        return f"<b>{escape(action.player)}</b> {action.action} {codes_html(action.cards)}"
    else:
        verb = _VERBS.get(action.action, action.action.replace("_", " "))
        words = f"{verb} {amount}".strip()
    if action.all_in:
        words += " and is all-in"
    return f"<b>{escape(action.player)}</b> {escape(words)}"


def draw_text(seat: ShownSeat) -> str | None:
    """The player's draw on this step, with the cards when the history shows them."""
    draw = seat.draw
    if draw is None:
        return None
    name = f"<b>{escape(seat.player)}</b>"
    if draw.stood_pat:
        return f"{name} stands pat"
    if draw.discarded is not None and draw.drawn is not None:
        return (
            f"{name} discards {codes_html(draw.discarded, down=True)} "
            f"and draws {codes_html(draw.drawn, down=True)}"
        )
    plural = "s" if draw.discard_count != 1 else ""
    return f"{name} draws {draw.discard_count} card{plural}"


def log_html(replay: Replay, step: Step) -> str:
    """The step's draws and actions, in order, as a list."""
    items = [text for seat in step.seats if (text := draw_text(seat))]
    items += [action_text(action, replay.currency) for action in step.actions]
    if not items:
        items = ["no betting on this street (all-in)"] if not step.final else []
    lis = "".join(f"<li>{item}</li>" for item in items)
    return f'{STYLE}<ol class="sd-log" data-step="{step.index}">{lis}</ol>'


def result_html(replay: Replay, step: Step) -> str:
    """The result: each pot and who won it, the rake, and every player's net."""
    currency = replay.currency
    rake = replay.hand.get("rake") or Decimal(0)
    lines = []
    collected = [s.player for s in step.seats if (s.collected or 0) > 0]
    for pot in replay.pots:
        name = "Main pot" if pot.index == 0 else f"Side pot {pot.index}"
        winners = []
        if pot.high_winners:
            label = " (high)" if pot.low_winners else ""
            winners.append(", ".join(pot.high_winners) + label)
        if pot.low_winners:
            winners.append(", ".join(pot.low_winners) + " (low)")
        if not winners:  # cards not shown: the engine names no winner; the money does
            winners.append(", ".join(p for p in collected if p in pot.eligible) or "—")
        lines.append(
            f"<li>{name} {escape(format_amount(pot.amount, currency))}: "
            f"{escape('; '.join(winners))}</li>"
        )
    nets = "".join(
        f"<li>{escape(s.player)}: {_net_html(s.net, currency)}</li>"
        for s in sorted(step.seats, key=lambda s: -(s.net or 0))
        if s.net
    )
    total = format_amount(replay.hand.get("total_pot"), currency)
    return (
        f'{STYLE}<div class="sd-result" data-result="1">'
        f"<b>Total pot {escape(total)}</b>, rake {escape(format_amount(rake, currency))}"
        f'<ul class="sd-log">{"".join(lines)}</ul><b>Results</b><ul class="sd-log">{nets}</ul>'
        "</div>"
    )

"""History → PHH → events: the hand read back from its PHH export is the hand its history
gives, with the same money and the same findings from the same engine.

The comparison is exact but for what PHH has no words for, each named here:
- lines the site prints that change nothing: summaries, totals, chat, tournament finishes,
  and seats not dealt in;
- the site's wording: a completion said as a raise, a raise's "by" amount beside its "to"
  total, cards a stud site reprints, a hand's description, cards a summary reveals of a
  muck, what a draw kept, a stud opening bet said as a bet; a show or muck when nobody
  contests the pot, and any but a player's last (an all-in player showing early);
- the order of what happens at once: antes, and each street's deals, are taken in seat order;
- an uncalled bet the site paid out with the pot (Winamax): PHH returns it, so it comes
  back as returned and the collection is that much smaller (`uncalled_left_in_pot`);
- the findings about the site's words alone: an all-in the site did not say (PHH has only
  the chips, so the read-back flag is the right one and the finding is gone).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from decimal import Decimal
from itertools import groupby
from pathlib import Path

import pytest

from parsers.formats.phh_notation import phh_site
from parsers.model.events import (
    UNKNOWN_CARD,
    Action,
    ActionKind,
    Collect,
    Deal,
    Draw,
    Event,
    Hand,
    LimitKind,
    Muck,
    Note,
    Post,
    PostKind,
    PotTotals,
    SeatSummary,
    Show,
    ShowdownStart,
    StreetStart,
    SummaryStart,
    TournamentFinish,
    UncalledReturn,
    players_dealt_in,
)
from parsers.model.games import Game, Street
from parsers.sites import conventions_of
from parsers.text.history_file import history_files, parse_bytes, parse_file
from pipeline.engine.findings import Code
from pipeline.engine.replay import replay
from pipeline.engine.results import HandResult
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import default_spec
from pipeline.writers.phh import (
    Unexportable,
    collections_returning_uncalled,
    phh_fields,
    phh_text,
    uncalled_left_in_pot,
)
from tests.conftest import REAL_HISTORIES, REPO

NOT_IN_PHH = SummaryStart | PotTotals | SeatSummary | TournamentFinish | Note
# Findings about the site's words or house rules, not the hand: an all-in said without
# its flag; an odd chip shared where the site's rule is unknown (said of the history's
# lines, which PHH does not keep).
SITE_WORDS = {Code.ALL_IN_FLAG, Code.ODD_CHIP}


def table_events(hand: Hand, result: HandResult) -> list[Event]:
    """The hand's events as PHH can carry them (see the module's list)."""
    seat = {s.player: s.seat for s in hand.seats}
    # By line and player: an iPoker line holds a whole street's actions.
    misflagged = {(f.line, f.player) for f in result.findings if f.code is Code.ALL_IN_FLAG}
    said: list[Event] = []
    shown: dict[str, Event] = {}  # each player's last show or muck
    opening = True  # stud's third street, before its first bet
    for event in hand.events:
        if isinstance(event, NOT_IN_PHH | UncalledReturn | Collect | ShowdownStart):
            continue
        if isinstance(event, StreetStart):
            opening = event.street is Street.THIRD
        if isinstance(event, Show | Muck):
            shown.pop(event.player, None)
            shown[event.player] = replace(_in_phh_words(event, False, False), line=0)
            continue
        flagged = (event.line, getattr(event, "player", None)) in misflagged
        phh_event = _in_phh_words(event, flagged, opening)
        if isinstance(phh_event, Deal) and not phh_event.down + phh_event.up:
            continue
        if isinstance(event, Action) and event.kind is not ActionKind.BRING_IN:
            opening = opening and event.kind in (ActionKind.FOLD, ActionKind.CALL)
        said.append(replace(phh_event, line=0))
    in_order = [
        event
        for simultaneous, run in groupby(said, _simultaneous)
        for event in (sorted(run, key=lambda e: seat[e.player]) if simultaneous else run)  # type: ignore[union-attr]
    ]
    contested = any(p.went_to_showdown for p in result.players)
    return in_order + ([ShowdownStart(), *shown.values()] if contested else [])


def _in_phh_words(event: Event, misflagged: bool, opening: bool) -> Event:
    """The event as a reader of PHH says it: a raise by its total, a stud opening bet as
    the completion it is, without the site's reprints and descriptions."""
    if isinstance(event, Action) and event.kind in (ActionKind.RAISE, ActionKind.COMPLETE):
        all_in = event.all_in != misflagged
        return replace(event, kind=ActionKind.RAISE, amount=None, all_in=all_in)
    if isinstance(event, Action) and event.kind is ActionKind.BET and opening:
        return replace(event, kind=ActionKind.RAISE, amount=None, raise_to=event.amount)
    if isinstance(event, Action | Post) and misflagged:
        return replace(event, all_in=not event.all_in)
    if isinstance(event, Deal):  # a card the site names unknown ("[of]") PHH deals as ??
        known = [tuple(c for c in cards if c != UNKNOWN_CARD) for cards in (event.down, event.up)]
        return replace(event, down=known[0], up=known[1], shown_before=())
    if isinstance(event, Show):
        return replace(event, description=None)
    if isinstance(event, Muck):
        return replace(event, cards=None)
    if isinstance(event, Draw):
        return replace(event, kept=None)
    return event


def _simultaneous(event: Event) -> object:
    """Antes, and the deals of one street, happen at once: their order is the site's."""
    if isinstance(event, Post) and event.kind is PostKind.ANTE:
        return "antes"
    if isinstance(event, Deal):
        return event.street
    return None


def money_moves(hand: Hand, result: HandResult) -> tuple[dict[str, Decimal], list[Collect]]:
    """What each player had returned, and each collection, as PHH pays them."""
    returned = uncalled_left_in_pot(result)
    for event in hand.events:
        if isinstance(event, UncalledReturn):
            returned[event.player] = returned.get(event.player, Decimal(0)) + event.amount
    collections = [replace(c, line=0) for c in collections_returning_uncalled(hand, result)]
    return returned, collections


def round_trip_differences(hand: Hand) -> list[str]:
    """How the hand read back from its PHH differs from the hand: [] when it does not, or
    when PHH cannot say the hand."""
    result = replay(hand, conventions_of(hand.site))
    fields = phh_fields(hand, result)
    if isinstance(fields, Unexportable):
        return []
    [(_, back)] = list(parse_bytes(f"{hand.hand_number}.phh", phh_text(fields).encode()))
    if not isinstance(back, Hand):
        return [f"unreadable: {back}"]
    back_result = replay(back, conventions_of(back.site))
    differences = []
    if back.site != phh_site(hand.site):  # a PHH hand is never a site-read hand's key
        differences.append(f"site {back.site}")
    if replace(back.header, site=hand.header.site) != hand.header:
        differences.append(f"header {back.header} != {hand.header}")
    dealt_in = players_dealt_in(hand.events)
    seats = [replace(s, line=0) for s in hand.seats if s.player in dealt_in]
    if [replace(s, line=0) for s in back.seats] != seats:
        differences.append(f"seats {back.seats} != {seats}")
    if table_events(back, back_result) != table_events(hand, result):
        differences.append("events")
    if money_moves(back, back_result) != money_moves(hand, result):
        differences.append(f"money {money_moves(back, back_result)} != {money_moves(hand, result)}")
    nets = {p.name: p.net for p in result.players}
    if {p.name: p.net for p in back_result.players} != nets:
        differences.append("nets")
    codes = Counter(f.code for f in result.findings if f.code not in SITE_WORDS)
    if Counter(f.code for f in back_result.findings if f.code not in SITE_WORDS) != codes:
        differences.append(f"findings {back_result.findings} != {result.findings}")
    return differences


def replayed_hands(folder: Path) -> list[Hand]:
    return [
        outcome
        for path in history_files([folder])
        for _chunk, outcome in parse_file(path)
        if isinstance(outcome, Hand) and not replay(outcome, conventions_of(outcome.site)).errors
    ]


@pytest.mark.slow
@pytest.mark.parametrize(
    "folder", [REAL_HISTORIES, REPO / "sample_histories"], ids=["real", "samples"]
)
def test_a_hand_read_back_from_phh_is_the_hand(folder: Path) -> None:
    hands = replayed_hands(folder)
    differing = {
        (hand.site, hand.hand_number): found
        for hand in hands
        if (found := round_trip_differences(hand))
    }
    assert differing == {}


@pytest.mark.parametrize("game", list(Game), ids=lambda game: game.value)
def test_a_simulated_hand_read_back_from_phh_is_the_hand(game: Game) -> None:
    spec = default_spec(game, LimitKind.NO if game is Game.SINGLE_DRAW_27 else None)
    hands = [sim.hand for sim in simulate_hands(spec, 150, seed=14)]
    differing = {
        hand.hand_number: found for hand in hands if (found := round_trip_differences(hand))
    }
    assert differing == {}

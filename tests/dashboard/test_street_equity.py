"""Equity street by street (dashboard/street_equity.py) on real hands and on hands built
to be counted by hand; the replayer page showing it."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.queries.hands import every_hand_rows
from dashboard.replay_steps import HandRows, Replay, build_replay
from dashboard.street_equity import StreetEquity, street_equities
from parsers.model.games import GAME_RULES, Game
from pipeline.engine.equity import DECK
from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import HANG_SECONDS, REPO
from tests.dashboard.test_dashboard import STUD_HAND, TRIPLE_DRAW_HAND
from tests.dashboard.test_dashboard_replay_steps import D, _action, _player


@pytest.fixture(scope="module")
def real_hands(real_histories: Path, tmp_path_factory: pytest.TempPathFactory) -> list[HandRows]:
    """Every real history imported, each hand's rows as the replayer reads them."""
    path = tmp_path_factory.mktemp("real_equity") / "real.duckdb"
    with Database(path) as database:
        import_histories([real_histories], database)
    connection = duckdb.connect(str(path), read_only=True)
    try:
        return every_hand_rows(connection)
    finally:
        connection.close()


def _shown_down_stud(rows: HandRows) -> bool:
    """A stud hand with one pot, judged at a showdown, whose every player in on the last
    street showed all his cards (nobody folded on it): its last street is decided."""
    replay = build_replay(rows)
    if replay.family != "stud" or len(rows.pots) != 1 or replay.steps[-2].board:
        return False
    if not (rows.pots[0]["high_winners"] or rows.pots[0]["low_winners"]):
        return False  # a hand mucked: no showdown judged
    before_last, final = replay.steps[-3], replay.steps[-1]
    size = GAME_RULES[Game(replay.game)].hand_size
    live = {seat.player for seat in before_last.seats if not seat.folded}  # in on the last
    return len(live) >= 2 and all(
        seat.showed and len(seat.cards) == size and all(c.code for c in seat.cards)
        for seat in final.seats
        if seat.player in live
    )


def test_the_last_street_of_a_stud_hand_shown_down_goes_to_the_stored_winners(
    real_hands: list[HandRows],
) -> None:
    shown_down = [rows for rows in real_hands if _shown_down_stud(rows)]
    games = {rows.hand["game"] for rows in shown_down}
    assert len(shown_down) >= 40 and {"seven_stud", "seven_stud_hilo", "razz"} <= games
    for rows in shown_down:
        replay = build_replay(rows)
        last = street_equities(replay)[-1]
        pot = rows.pots[0]
        assert last.shown.odds is not None, (rows.hand["hand_number"], last.shown.why_not)
        assert last.shown.odds.exact and last.shown.odds.runouts == 1
        high, low = list(pot["high_winners"]), list(pot["low_winners"] or [])
        halves = [winners for winners in (high, low) if winners]  # razz: the low only
        for player, chances in last.shown.odds.chances.items():
            expected = sum(
                (Fraction(half.count(player), len(half) * len(halves)) for half in halves),
                Fraction(0),
            )
            assert chances.equity == expected, (rows.hand["hand_number"], player)


def _spread(real_hands: list[HandRows], per_game: int) -> Iterator[Replay]:
    """The first hands of each game that went past its first street."""
    taken: dict[str, int] = defaultdict(int)
    for rows in real_hands:
        game = rows.hand["game"]
        replay = build_replay(rows)
        if taken[game] < per_game and len(replay.steps) > 3:
            taken[game] += 1
            yield replay


def test_every_streets_equities_sum_to_one(real_hands: list[HandRows]) -> None:
    counted = 0
    for replay in _spread(real_hands, 4):
        for equity in street_equities(replay):
            for view in (equity.shown, equity.hero):
                if view.odds is None:
                    assert view.why_not, (replay.hand_number, equity.street)
                    continue
                counted += 1
                chances = view.odds.chances.values()
                assert sum(c.equity for c in chances) == 1, (replay.hand_number, equity.street)
                assert sum(c.high for c in chances) == 1
                if view.odds.low_made is not None:
                    assert sum(c.low for c in chances) == view.odds.low_made
                assert set(view.odds.chances) <= set(equity.players)
    assert counted > 100


def _stud_showdown(real_hands: list[HandRows]) -> HandRows:
    """A real 7 card stud hand the hero played to a showdown against a shown hand."""
    for rows in real_hands:
        if rows.hand["game"] != "seven_stud" or not _shown_down_stud(rows):
            continue
        hero = [p for p in rows.players if p["is_hero"] and p["cards_shown"]]
        others = [p for p in rows.players if not p["is_hero"] and p["cards_shown"]]
        if hero and others and rows.hand["players"] == 2:
            return rows
    raise AssertionError("no heads-up 7 card stud showdown of the hero's")


def test_the_heros_view_never_uses_an_opponents_down_cards(real_hands: list[HandRows]) -> None:
    """Two hands that differ only in the opponent's three down cards: the hero's view is
    the same on every street, the view of the hands as they turned out is not."""
    rows = _stud_showdown(real_hands)
    opponent = next(p for p in rows.players if not p["is_hero"])
    shown = opponent["cards_shown"].split()
    ups = opponent["cards_up"].split()
    downs = [card for card in shown if card not in ups]
    used = {
        c
        for p in rows.players
        for f in ("cards_shown", "cards_down", "cards_up")
        for c in (p[f] or "").split()
    }
    others = [card for card in DECK if card not in used][: len(downs)]
    swap = dict(zip(downs, others, strict=True))
    changed = dict(opponent, cards_shown=" ".join(swap.get(card, card) for card in shown))
    players = [changed if p is opponent else p for p in rows.players]
    first = street_equities(build_replay(rows))
    second = street_equities(build_replay(replace(rows, players=players)))
    assert len(first) == len(second) == 5
    for one, other in zip(first, second, strict=True):
        assert one.hero.odds is not None and not one.hero.same_as_shown
        assert one.hero.situation == other.hero.situation
        assert one.hero.odds == other.hero.odds, one.street
        assert one.shown.situation != other.shown.situation
    assert any(one.shown.odds != other.shown.odds for one, other in zip(first, second, strict=True))


def _single_draw(villain_draws: int, villain_shows: str) -> HandRows:
    """2-7 single draw, heads-up. The hero is dealt 7c 5d 4h 2s Kd, throws the Kd and
    draws the 3s; Vi draws `villain_draws` and shows `villain_shows`, and wins."""
    hand = {
        "site": "pokerstars",
        "hand_number": "3",
        "game": "single_draw_27",
        "currency": "USD",
        "total_pot": D("0.40"),
        "rake": D("0"),
        "small_blind": D("0.05"),
        "max_seats": 6,
        "button_seat": 1,
    }
    players = [
        _player(
            1,
            "Vi",
            cards_shown=villain_shows,
            put_in=D("0.20"),
            collected=D("0.40"),
            net=D("0.20"),
            went_to_showdown=True,
        ),
        _player(
            2,
            "Hero",
            is_hero=True,
            cards_down="7c 5d 4h 2s 9s",
            cards_shown="7c 5d 4h 2s 9s",
            put_in=D("0.20"),
            net=D("-0.20"),
            went_to_showdown=True,
        ),
    ]
    actions = [
        _action(0, "predraw", "Vi", "small_blind", "0.05"),
        _action(1, "predraw", "Hero", "big_blind", "0.10"),
        _action(2, "predraw", "Vi", "call", "0.05"),
        _action(3, "predraw", "Hero", "check"),
        _action(6, "draw_1", "Hero", "check"),
        _action(7, "draw_1", "Vi", "bet", "0.10"),
        _action(8, "draw_1", "Hero", "call", "0.10"),
    ]
    draws = [
        {
            "seq": 4,
            "street": "draw_1",
            "draw_number": 1,
            "player": "Hero",
            "discard_count": 1,
            "stood_pat": False,
            "discarded": "Kd",
            "drawn": "9s",
            "kept": "7c 5d 4h 2s",
        },
        {
            "seq": 5,
            "street": "draw_1",
            "draw_number": 1,
            "player": "Vi",
            "discard_count": villain_draws,
            "stood_pat": villain_draws == 0,
            "discarded": None,
            "drawn": None,
            "kept": None,
        },
    ]
    return HandRows(hand, players, actions, draws, (), ())


def test_a_draw_counts_the_heros_discards_as_dead() -> None:
    """Before the draw the hero keeps 7-5-4-2 and draws one; Vi stood pat on 8-6-4-3-2
    (his shown hand). The hero wins with a 7-low: a 6 (6c 6h 6s: Vi holds the 6d) or a
    3 (3c 3d 3s: Vi holds the 3h); an 8 makes 8-7 and loses. The deck: 52 less the
    hero's four, the Kd he threw and Vi's five: 42 cards, 6 winners (the Kd live: 43)."""
    equities = street_equities(build_replay(_single_draw(0, "8c 6d 4c 3h 2c")))
    before, after = equities
    assert before.title == "Before the draw" and after.title == "The draw"
    odds = before.shown.odds
    assert odds is not None and odds.exact and odds.runouts == 42
    assert odds.chances["Hero"].equity == Fraction(6, 42)
    assert odds.chances["Vi"].equity == Fraction(36, 42)
    assert before.shown.situation is not None and before.shown.situation.dead == ("Kd",)
    assert before.shown.note == ""
    # after the draw the hands stand: the hero's 9-7 against the 8-6
    assert after.shown.odds is not None and after.shown.odds.runouts == 1
    assert after.shown.odds.chances["Vi"].equity == 1
    # the hero's view: no card of Vi's is seen; a random hand, and said so
    assert before.hero.odds is not None and not before.hero.same_as_shown
    assert before.hero.situation is not None
    assert dict(before.hero.situation.to_deal) == {"Vi": 5, "Hero": 1}
    assert "random hand for Vi" in before.hero.note


def test_an_opponent_who_drew_is_a_random_hand_before_the_draw() -> None:
    """Vi drew one card: his kept four are not known before the draw (the history shows
    his final hand only), so he is a random hand there; after the draw, his shown hand."""
    before, after = street_equities(build_replay(_single_draw(1, "8c 6d 4c 3h 2c")))
    assert before.shown.situation is not None
    assert dict(before.shown.situation.hands)["Vi"] == ()
    assert dict(before.shown.situation.to_deal) == {"Vi": 5, "Hero": 1}
    assert "random hand for Vi" in before.shown.note
    assert before.shown.odds is not None and not before.shown.odds.exact
    assert before.shown.odds.standard_error < 0.01
    assert after.shown.odds is not None and after.shown.odds.chances["Vi"].equity == 1


def test_a_street_without_two_players_or_a_hero_says_why() -> None:
    rows = _single_draw(0, "8c 6d 4c 3h 2c")
    nobody = [dict(p, is_hero=False) for p in rows.players]
    first: StreetEquity = street_equities(build_replay(replace(rows, players=nobody)))[0]
    assert first.hero.odds is None and first.hero.why_not == "no hero in this hand"
    assert first.shown.odds is not None


@pytest.mark.slow
def test_the_replayer_shows_each_streets_equity(
    sample_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample 7 card stud hand shown down on 7th street: each street's table, the
    hero's view beside it, how it was counted; on 7th street the winner holds it all."""
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    at = AppTest.from_file(REPO / "dashboard" / "app.py", default_timeout=HANG_SECONDS).run()
    at.switch_page("views/replayer.py").run()
    at.text_input(key="replay_number").input(STUD_HAND).run()
    assert not at.exception, [e.value for e in at.exception]

    def equity_html() -> str:
        return next(h.value for h in at.html if 'class="sd-eq" data-street=' in h.value)

    third = equity_html()
    assert 'data-street="third"' in third and "Kestrel99" in third
    assert re.search(r'data-equity="studdraw_hero">\d+\.\d%', third)
    assert "runouts drawn at random (seeded)" in third or "every runout counted" in third
    by_street = next(h.value for h in at.html if 'data-by-street="1"' in h.value)
    assert "3rd street" in by_street and "7th street" in by_street
    at.select_slider(key="replay_step").set_value(4).run()
    seventh = equity_html()
    assert 'data-street="seventh"' in seventh
    # Kestrel99's down cards hidden until the showdown: the hero's view alone, nothing
    # that tells them (the chances as the hands turned out: all to Kestrel99)
    assert 'data-equity="Kestrel99">100.0%' not in seventh
    assert "every runout counted (1)" not in seventh
    assert any("What you could see then" in c.value for c in at.caption)
    by_street = next(h.value for h in at.html if 'data-by-street="1"' in h.value)
    assert "Kestrel99</th>" not in by_street and "as he saw it" in by_street
    at.toggle(key="replay_hide").set_value(False).run()
    seventh = equity_html()
    assert "every runout counted (1)" in seventh
    assert 'data-equity="Kestrel99">100.0%' in seventh
    at.button(key="replay_last").click().run()  # the showdown: the last street's equity
    assert 'data-street="seventh"' in equity_html()
    assert not at.exception


@pytest.mark.slow
def test_the_replayer_shows_a_draw_hands_equity_before_each_draw(
    sample_database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STUDDRAW_DB", str(sample_database))
    at = AppTest.from_file(REPO / "dashboard" / "app.py", default_timeout=HANG_SECONDS).run()
    at.switch_page("views/replayer.py").run()
    at.text_input(key="replay_number").input(TRIPLE_DRAW_HAND).run()
    assert not at.exception, [e.value for e in at.exception]
    html = next(h.value for h in at.html if 'class="sd-eq" data-street=' in h.value)
    assert 'data-street="predraw"' in html
    assert "hands compared after the next draw (first draw)" in html
    assert "random hand for" in html  # the opponents' kept cards are not known
    assert any(m.value == "**Equity before the first draw**" for m in at.markdown)
    by_street = next(h.value for h in at.html if 'data-by-street="1"' in h.value)
    assert "Before the first draw" in by_street and "After the last draw" in by_street

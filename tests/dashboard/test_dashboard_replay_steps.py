"""The replayer's steps (dashboard/replay_steps.py): rows in, streets out.

Two hands written as rows here, with every expected card and chip worked out by hand,
and every stored sample hand checked for money: the chips the steps move add up to what
the engine stored for each player.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import duckdb

from dashboard.cards import table_html
from dashboard.replay_steps import HandRows, ShownSeat, build_replay
from pipeline.importing.importer import import_histories
from pipeline.storage.database import Database
from tests.conftest import REAL_HISTORIES

D = Decimal


def _player(seat: int, name: str, **fields: object) -> dict[str, object]:
    row: dict[str, object] = {
        "seat": seat,
        "player": name,
        "is_hero": False,
        "stack": D("10"),
        "cards_down": None,
        "cards_up": None,
        "cards_shown": None,
        "put_in": D("0"),
        "uncalled": D("0"),
        "collected": D("0"),
        "net": D("0"),
        "went_to_showdown": False,
        "fold_street": None,
    }
    row.update(fields)
    return row


def _action(
    seq: int,
    street: str,
    player: str,
    action: str,
    amount: str | None = None,
    raise_to: str | None = None,
    line: int = 0,
) -> dict[str, object]:
    return {
        "seq": seq,
        "street": street,
        "player": player,
        "action": action,
        "amount": D(amount) if amount else None,
        "raise_to": D(raise_to) if raise_to else None,
        "all_in": False,
        "line": line or seq + 10,
    }


def _stud_hand() -> HandRows:
    """Razz, three players. Hero (seat 2) folds on 5th street; Bob and Cy go to showdown,
    Cy shows and wins. Antes 0.02, bring-in 0.05, bets 0.10 / 0.20. Bob and Cy put in
    0.02 + 0.10 + 0.05 + 0.10 + 0.10 + 0.40 = 0.77 each, the hero 0.17."""
    hand = {
        "site": "pokerstars",
        "hand_number": "1",
        "game": "razz",
        "currency": "USD",
        "total_pot": D("1.71"),
        "rake": D("0.05"),
        "small_blind": None,
        "max_seats": 8,
        "button_seat": None,
    }
    players = [
        _player(
            1,
            "Bob",
            cards_up="Kd 7c 8c 9d",
            put_in=D("0.77"),
            net=D("-0.77"),
            went_to_showdown=True,
        ),
        _player(
            2,
            "Hero",
            is_hero=True,
            cards_down="Ah 2h",
            cards_up="3h 5s 6s",
            put_in=D("0.17"),
            net=D("-0.17"),
            fold_street="fifth",
        ),
        _player(
            3,
            "Cy",
            cards_up="4c 6d Tc Jh",
            cards_shown="2c 3c 4c 6d Tc Jh 5c",
            put_in=D("0.77"),
            collected=D("1.66"),
            net=D("0.89"),
            went_to_showdown=True,
        ),
    ]
    actions = [
        _action(0, "ante", "Bob", "ante", "0.02"),
        _action(1, "ante", "Hero", "ante", "0.02"),
        _action(2, "ante", "Cy", "ante", "0.02"),
        _action(3, "third", "Bob", "bring_in", "0.05"),
        _action(4, "third", "Hero", "raise", "0.05", "0.10"),  # completes: +0.10
        _action(5, "third", "Cy", "call", "0.10"),
        _action(6, "third", "Bob", "call", "0.05"),
        _action(7, "fourth", "Hero", "bet", "0.05"),
        _action(8, "fourth", "Cy", "call", "0.05"),
        _action(9, "fourth", "Bob", "call", "0.05"),
        _action(10, "fifth", "Cy", "bet", "0.10"),
        _action(11, "fifth", "Bob", "call", "0.10"),
        _action(12, "fifth", "Hero", "fold"),
        _action(13, "sixth", "Cy", "bet", "0.10"),
        _action(14, "sixth", "Bob", "call", "0.10"),
        _action(15, "seventh", "Bob", "bet", "0.20"),
        _action(16, "seventh", "Cy", "raise", "0.20", "0.40"),
        _action(17, "seventh", "Bob", "call", "0.20"),
    ]
    pots = [
        {
            "pot_index": 0,
            "amount": D("1.71"),
            "eligible": ["Bob", "Cy"],
            "high_winners": ["Cy"],
            "low_winners": [],
        }
    ]
    return HandRows(hand, players, actions, (), pots, ())


def test_a_stud_hand_steps_street_by_street() -> None:
    replay = build_replay(_stud_hand())
    titles = [step.title for step in replay.steps]
    assert titles == [
        "3rd street",
        "4th street",
        "5th street",
        "6th street",
        "7th street",
        "Showdown",
    ]
    pots = [step.pot for step in replay.steps]
    # 0.06 antes + 0.05 + 0.10 + 0.10 + 0.05 = 0.36; +0.15 = 0.51; +0.20; +0.20; +0.80
    assert pots == [D("0.36"), D("0.51"), D("0.71"), D("0.91"), D("1.71"), D("1.71")]

    def cards(step: int, player: str) -> list[str | None]:
        seat = next(s for s in replay.steps[step].seats if s.player == player)
        return [card.code for card in seat.cards]

    # the hero's down cards are known from the start; 3rd street: 2 down + 1 up
    assert cards(0, "Hero") == ["Ah", "2h", "3h"]
    assert cards(2, "Hero") == ["Ah", "2h", "3h", "5s", "6s"]
    # folded on 5th: no more cards
    assert cards(4, "Hero") == cards(2, "Hero")
    # an opponent who never shows: backs for his down cards, his up cards in order
    assert cards(0, "Bob") == [None, None, "Kd"]
    assert cards(4, "Bob") == [None, None, "Kd", "7c", "8c", "9d", None]
    # the opponent who shows: down cards from his shown hand (2 on 3rd, 1 on 7th)
    assert cards(4, "Cy") == ["2c", "3c", "4c", "6d", "Tc", "Jh", "5c"]
    cy = next(s for s in replay.steps[0].seats if s.player == "Cy")
    assert [c.from_showdown for c in cy.cards] == [True, True, False]
    assert [c.down for c in cy.cards] == [True, True, False]
    hero = next(s for s in replay.steps[0].seats if s.player == "Hero")
    assert not any(c.from_showdown for c in hero.cards)
    # new cards are marked on the street that dealt them
    bob = next(s for s in replay.steps[1].seats if s.player == "Bob")
    assert [c.new for c in bob.cards] == [False, False, False, True]

    # live bets per street, and the fold
    third = {s.player: s for s in replay.steps[0].seats}
    assert (third["Hero"].street_bet, third["Bob"].street_bet) == (D("0.10"), D("0.10"))
    assert third["Hero"].stack == D("9.88")
    assert next(s for s in replay.steps[2].seats if s.player == "Hero").folded
    assert [a.action for a in replay.steps[0].actions][:4] == ["ante", "ante", "ante", "bring_in"]

    # the result: uncalled bet back, pot paid, the engine's nets
    final = replay.steps[-1]
    assert final.final and final.street == "showdown"
    result = {s.player: s for s in final.seats}
    assert result["Cy"].net == D("0.89") and result["Cy"].stack == D("10.89")
    assert [a.action for a in final.actions] == ["shows", "collected"]
    assert replay.pots[0].high_winners == ("Cy",)


def _draw_hand() -> HandRows:
    """2-7 triple draw, heads-up. Hero (big blind) draws 2 then stands pat twice; Vi
    draws 3, 1, 1 and folds to the hero's bet after the third draw."""
    hand = {
        "site": "pokerstars",
        "hand_number": "2",
        "game": "triple_draw_27",
        "currency": "USD",
        "total_pot": D("0.60"),
        "rake": D("0"),
        "small_blind": D("0.05"),
        "max_seats": 6,
        "button_seat": 1,
    }
    players = [
        _player(1, "Vi", put_in=D("0.30"), net=D("-0.30"), fold_street="draw_3"),
        _player(
            2,
            "Hero",
            is_hero=True,
            cards_down="2c 3d 4h 7s 8c",
            put_in=D("0.30"),
            collected=D("0.60"),
            net=D("0.30"),
            uncalled=D("0.20"),
        ),
    ]
    actions = [
        _action(0, "predraw", "Vi", "small_blind", "0.05"),
        _action(1, "predraw", "Hero", "big_blind", "0.10"),
        _action(2, "predraw", "Vi", "call", "0.05"),
        _action(3, "predraw", "Hero", "check"),
        _action(6, "draw_1", "Hero", "bet", "0.10"),
        _action(7, "draw_1", "Vi", "call", "0.10"),
        _action(10, "draw_2", "Hero", "check"),
        _action(11, "draw_2", "Vi", "bet", "0.10"),
        _action(12, "draw_2", "Hero", "call", "0.10"),
        _action(15, "draw_3", "Hero", "bet", "0.20"),
        _action(16, "draw_3", "Vi", "fold"),
    ]

    def draw(seq: int, number: int, player: str, count: int, **cards: str) -> dict[str, object]:
        return {
            "seq": seq,
            "street": f"draw_{number}",
            "draw_number": number,
            "player": player,
            "discard_count": count,
            "stood_pat": count == 0,
            "discarded": cards.get("discarded"),
            "drawn": cards.get("drawn"),
            "kept": cards.get("kept"),
        }

    draws = [
        draw(4, 1, "Hero", 2, discarded="Kd Kh", drawn="7s 8c", kept="2c 3d 4h"),
        draw(5, 1, "Vi", 3),
        draw(8, 2, "Hero", 0, kept="2c 3d 4h 7s 8c"),
        draw(9, 2, "Vi", 1),
        draw(13, 3, "Hero", 0, kept="2c 3d 4h 7s 8c"),
        draw(14, 3, "Vi", 1),
    ]
    return HandRows(hand, players, actions, draws, (), ())


def test_a_triple_draw_hand_shows_draws_and_new_cards() -> None:
    replay = build_replay(_draw_hand())
    assert [s.street for s in replay.steps] == ["predraw", "draw_1", "draw_2", "draw_3", "result"]
    assert [s.pot for s in replay.steps] == [D("0.20"), D("0.40"), D("0.60"), D("0.80"), D("0.60")]

    def seat(step: int, player: str) -> ShownSeat:
        return next(s for s in replay.steps[step].seats if s.player == player)

    # before the draw: the hero's five, as dealt (kept + discarded of the first draw)
    assert [c.code for c in seat(0, "Hero").cards] == ["2c", "3d", "4h", "Kd", "Kh"]
    first = seat(1, "Hero")
    assert [c.code for c in first.cards] == ["2c", "3d", "4h", "7s", "8c"]
    assert [c.new for c in first.cards] == [False, False, False, True, True]
    assert first.draw is not None and first.draw.discarded == ("Kd", "Kh")
    # an opponent's draw: five backs, the last three new
    vi = seat(1, "Vi")
    assert [c.code for c in vi.cards] == [None] * 5
    assert [c.new for c in vi.cards] == [False, False, True, True, True]
    assert vi.draw is not None and vi.draw.discard_count == 3
    assert seat(2, "Hero").draw is not None and seat(2, "Hero").draw.stood_pat
    assert seat(3, "Vi").folded
    final = replay.steps[-1]
    assert final.street == "result" and final.title == "Result"
    assert {s.player: s.net for s in final.seats} == {"Vi": D("-0.30"), "Hero": D("0.30")}
    assert [a.action for a in final.actions] == ["returned", "collected"]


def test_findings_attach_to_the_street_of_their_line() -> None:
    rows = _draw_hand()
    findings = [
        {"code": "odd_chip", "severity": "warning", "message": "m", "line": 21, "player": None},
        {"code": "summary", "severity": "warning", "message": "m", "line": None, "player": None},
    ]
    replay = build_replay(HandRows(rows.hand, rows.players, rows.actions, rows.draws, (), findings))
    # line 21 is the draw_2 bet (seq 11 -> line 21)
    assert [f.code for f in replay.steps[2].findings] == ["odd_chip"]
    assert [f.code for f in replay.steps[-1].findings] == ["summary"]
    assert len(replay.findings) == 2


def _grouped(connection: duckdb.DuckDBPyConnection, table: str) -> dict:
    rows = defaultdict(list)
    for row in connection.sql(f"SELECT * FROM {table}").pl().iter_rows(named=True):
        rows[(row["site"], row["hand_number"])].append(row)
    return rows


def test_every_sample_hand_replays_to_the_stored_money(sample_database: Path) -> None:
    connection = duckdb.connect(str(sample_database), read_only=True)
    try:
        hands = connection.sql("SELECT * FROM hands").pl().to_dicts()
        players, actions, draws, pots, findings = (
            _grouped(connection, table)
            for table in ("hand_players", "actions", "draws", "pots", "findings")
        )
    finally:
        connection.close()
    families = defaultdict(int)
    for hand in hands:
        key = (hand["site"], hand["hand_number"])
        replay = build_replay(
            HandRows(hand, players[key], actions[key], draws[key], pots[key], findings[key])
        )
        families[replay.family] += 1
        stored = {p["player"]: p for p in players[key]}
        last_street = replay.steps[-2]
        for seat in last_street.seats:
            player = stored[seat.player]
            assert seat.put_in - player["uncalled"] == player["put_in"], (key, seat.player)
            assert seat.stack + seat.put_in == player["stack"], (key, seat.player)
        assert replay.steps[-1].pot == hand["total_pot"]
        assert sum(s.net for s in replay.steps[-1].seats) + hand["rake"] == 0
        hero = [s for s in replay.steps[0].seats if s.is_hero]
        assert all(card.code for seat in hero for card in seat.cards), key
    assert families == {"stud": 800, "draw": 1000}


def test_a_hand_mucked_at_showdown_is_revealed_at_the_end(tmp_path: Path) -> None:
    # "vatt110: mucks hand" ... "Seat 2: vatt110 (big blind) mucked [4h Ks 3s Jc 7h]"
    history = REAL_HISTORIES / "PokerStars/cash/Draw/5-Carddraw-USD-0.10-0.20-200911.txt"
    database = tmp_path / "draw.duckdb"
    with Database(database) as stored:
        import_histories([history], stored)
    connection = duckdb.connect(str(database), read_only=True)
    try:
        (number,) = connection.execute(
            "SELECT hand_number FROM hand_players WHERE player = 'vatt110' "
            "AND cards_mucked = '4h Ks 3s Jc 7h'"
        ).fetchall()[0]
        key = ("pokerstars", number)
        hand = connection.sql(f"SELECT * FROM hands WHERE hand_number = '{number}'").pl()
        rows = {
            table: _grouped(connection, table)[key]
            for table in ("hand_players", "actions", "draws", "pots", "findings")
        }
    finally:
        connection.close()
    replay = build_replay(HandRows(hand.to_dicts()[0], *rows.values()))

    def vatt110(step: int) -> ShownSeat:
        return next(s for s in replay.steps[step].seats if s.player == "vatt110")

    assert all(card.code is None for card in vatt110(0).cards)  # face down until the end
    final = replay.steps[-1]
    assert [c.code for c in vatt110(-1).cards] == ["4h", "Ks", "3s", "Jc", "7h"]
    assert all(c.from_showdown for c in vatt110(-1).cards)
    mucks = [a for a in final.actions if a.action == "mucks"]
    assert [(a.player, a.cards) for a in mucks] == [("vatt110", ("4h", "Ks", "3s", "Jc", "7h"))]


def test_the_stud_board_card_lies_in_the_middle_not_in_a_hand(sample_database: Path) -> None:
    # "Board [4d]": eight players, the deck ran out; everyone's seventh card is the 4d.
    connection = duckdb.connect(str(sample_database), read_only=True)
    try:
        hands = connection.sql("SELECT * FROM hands WHERE board IS NOT NULL").pl().to_dicts()
        players, actions = (_grouped(connection, table) for table in ("hand_players", "actions"))
    finally:
        connection.close()
    assert hands
    for hand in hands:
        key = (hand["site"], hand["hand_number"])
        replay = build_replay(HandRows(hand, players[key], actions[key]))
        board = tuple(hand["board"].split())
        seventh, final = replay.steps[-2], replay.steps[-1]
        assert seventh.street == "seventh" and seventh.board == final.board == board, key
        assert all(not step.board for step in replay.steps[:-2])
        for seat in seventh.seats:
            codes = [card.code for card in seat.cards]
            assert not set(board) & set(codes), (key, seat.player)
            if not seat.folded:
                assert len(codes) == 6, (key, seat.player)  # 2 down, 4 up: no 7th of his own
            if seat.is_hero:
                assert None not in codes
        assert f'data-board="{hand["board"]}"' in table_html(replay, seventh)

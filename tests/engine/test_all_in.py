"""All-in adjusted results (`pipeline.engine.all_in`): a razz spot worked out by hand, the
hands that keep their result and why, and every real hand's adjustment conserving the
money as the real nets do."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction

import duckdb
import pytest

from parsers.model.conventions import CARD_ROOM_RULES
from parsers.model.events import (
    Action,
    ActionKind,
    Collect,
    Deal,
    Event,
    Game,
    Hand,
    HandHeader,
    LimitKind,
    MoneyKind,
    Muck,
    Post,
    PostKind,
    PotTotals,
    Seat,
    Show,
    ShowdownStart,
    Stakes,
    Street,
    StreetStart,
)
from parsers.model.games import Family
from parsers.sites import conventions_of
from pipeline.engine.all_in import AllInAdjustment, NotAdjusted, all_in_adjustment
from pipeline.engine.equity import pot_equities
from pipeline.engine.replay import replay
from pipeline.engine.variants import VARIANTS
from tests.engine.test_engine_real_sites import SITES, real_hands
from tests.storage.test_day_counts import day_counts_disagree
from tests.support import engine_corpus

D = Decimal
HERO_HELD = ("Ac", "2d", "3h", "4s", "Kc", "Kd")  # tests/engine/test_equity.py's razz spot
VILLAIN_HELD = ("2c", "3d", "4h", "5s", "7c", "Qd")


def _razz_header(number: str) -> HandHeader:
    """Razz, ante 1, bring-in 2, limits 5/10."""
    return HandHeader(
        site="simulated",
        hand_number=number,
        game=Game.RAZZ,
        limit=LimitKind.FIXED,
        stakes=Stakes(small_bet=D(5), big_bet=D(10), ante=D(1), bring_in=D(2)),
        money=MoneyKind.REAL,
        currency="USD",
        started_at_utc=datetime(2026, 11, 23, tzinfo=UTC),
        site_time="",
    )


def _razz_all_in_on_sixth(villain_shows: bool = True) -> Hand:
    """Razz, ante 1, bring-in 2, limits 5/10. Villain (36 in chips) is all in on sixth
    street: Hero A-2/3-4-K-K against Villain 2-3/4-5-7-Q, a card each to come, and
    Villain's 7-5-4-3-2 made. The river: Hero 9s, Villain 8h; Villain wins the 72 pot."""
    header = _razz_header("1")
    villain_final = ("2c", "3d", "4h", "5s", "7c", "Qd", "8h")
    showdown: list[Event] = [
        Show("Villain", villain_final) if villain_shows else Muck("Villain"),
        Show("Hero", (*HERO_HELD, "9s")),
    ]
    events: list[Event] = [
        Post("Hero", PostKind.ANTE, D(1)),
        Post("Villain", PostKind.ANTE, D(1)),
        StreetStart(Street.THIRD),
        Deal("Hero", Street.THIRD, down=("Ac", "2d"), up=("3h",)),
        Deal("Villain", Street.THIRD, up=("4h",)),
        Action("Villain", ActionKind.BRING_IN, D(2)),
        Action("Hero", ActionKind.COMPLETE, D(5), D(5)),
        Action("Villain", ActionKind.CALL, D(3)),
        StreetStart(Street.FOURTH),
        Deal("Hero", Street.FOURTH, up=("4s",)),
        Deal("Villain", Street.FOURTH, up=("5s",)),
        Action("Hero", ActionKind.CHECK),
        Action("Villain", ActionKind.CHECK),
        StreetStart(Street.FIFTH),
        Deal("Hero", Street.FIFTH, up=("Kc",)),
        Deal("Villain", Street.FIFTH, up=("7c",)),
        Action("Villain", ActionKind.BET, D(10)),
        Action("Hero", ActionKind.CALL, D(10)),
        StreetStart(Street.SIXTH),
        Deal("Hero", Street.SIXTH, up=("Kd",)),
        Deal("Villain", Street.SIXTH, up=("Qd",)),
        Action("Villain", ActionKind.BET, D(10)),
        Action("Hero", ActionKind.RAISE, D(10), D(20)),
        Action("Villain", ActionKind.CALL, D(10), all_in=True),
        StreetStart(Street.SEVENTH),
        Deal("Hero", Street.SEVENTH, down=("9s",)),
        ShowdownStart(),
        *showdown,
        Collect("Villain", D(72)),
        PotTotals(D(72), D(0)),
    ]
    seats = (Seat(1, "Hero", D(100)), Seat(2, "Villain", D(36)))
    return Hand(header, seats, tuple(events))


def test_a_razz_all_in_on_sixth_is_worth_what_the_outs_give() -> None:
    """Hero's share of the runouts is 47/208 (worked out in tests/engine/test_equity.py): of the
    72 pot he expects 72 x 47/208 = 16.2692, having put in 36. Villain won the pot: his
    result is +36, his all-in adjusted result +19.7308."""
    result = replay(_razz_all_in_on_sixth(), CARD_ROOM_RULES)
    assert result.findings == ()
    assert result.player("Villain").net == D(36)
    adjustment = all_in_adjustment(result)
    assert isinstance(adjustment, AllInAdjustment)
    assert adjustment.street is Street.SIXTH
    assert adjustment.exact and adjustment.runouts == 40 * 39
    shares = {share.player: share for share in adjustment.shares}
    assert shares["Hero"].equity == Fraction(47, 208)
    assert shares["Hero"].expected_collected == D("16.2692")
    assert shares["Hero"].ev_net == D("-19.7308")
    assert shares["Villain"].ev_net == D("19.7308")


def test_a_live_hand_not_shown_keeps_the_result() -> None:
    result = replay(_razz_all_in_on_sixth(villain_shows=False), CARD_ROOM_RULES)
    adjustment = all_in_adjustment(result)
    assert adjustment == NotAdjusted(Street.SIXTH, "Villain's cards are not known")


def test_a_hand_without_an_all_in_has_no_adjustment() -> None:
    hand = _razz_all_in_on_sixth()
    calm = [e for e in hand.events if not (isinstance(e, Action) and e.all_in)]
    calm.insert(calm.index(StreetStart(Street.SEVENTH)), Action("Villain", ActionKind.CALL, D(10)))
    rich = Hand(hand.header, (hand.seats[0], Seat(2, "Villain", D(100))), tuple(calm))
    assert all_in_adjustment(replay(rich, CARD_ROOM_RULES)) is None


@pytest.fixture(scope="module")
def real_adjustments() -> list[tuple[Hand, object, object]]:
    """Every real hand of every site with its replay and its adjustment."""
    found = []
    for site in sorted(SITES):
        for hand in real_hands(site):
            result = replay(hand, conventions_of(hand.site))
            found.append((hand, result, all_in_adjustment(result)))
    return found


def test_real_kept_hands_say_truly_why(real_adjustments) -> None:
    """A hand kept for a live hand not known names players whose cards at the all-in are
    truly not known: neither all dealt face up to them, or to the hero, by then, nor
    shown whole. (PokerStars hand 91733835979 was kept as "Hero's cards are not known":
    his seventh card, dealt after the all-in, is printed "[of]".)"""
    stars = [
        (hand, all_in_adjustment(replay(hand, conventions_of(hand.site))))
        for hand in engine_corpus.real_hands()
    ]
    kept = [(hand, a) for hand, _r, a in real_adjustments if isinstance(a, NotAdjusted)]
    kept += [(hand, a) for hand, a in stars if isinstance(a, NotAdjusted)]
    reasons = {a.reason for _hand, a in kept}
    assert reasons == {
        "all in before the last draw: the draws are decisions",
        "Player3, Player4's cards are not known",  # KingsClub 3537921: mucked
        "Player1's cards are not known",  # Merge 43618199-14: shown on fourth street only
    }
    for hand, adjustment in kept:
        if not adjustment.reason.endswith("'s cards are not known"):
            continue
        names = adjustment.reason.removesuffix("'s cards are not known").split(", ")
        rules = hand.game.rules
        streets = rules.streets[: rules.streets.index(adjustment.street) + 1]
        wanted = sum(d.down + d.up for d in rules.deals if d.street in streets)
        for name in names:
            dealt = [
                card
                for e in hand.events
                if isinstance(e, Deal) and e.player == name and e.street in streets
                for card in (*e.down, *e.up)
            ]
            shown = [
                e.cards
                for e in hand.events
                if isinstance(e, Show) and e.player == name and "??" not in e.cards
            ]
            assert len(dealt) < wanted or "??" in dealt, (hand.hand_number, name)
            assert all(len(cards) < rules.hand_size for cards in shown), (hand.hand_number, name)


def test_a_card_the_history_cannot_read_after_the_all_in_leaves_the_hand_adjusted() -> None:
    """PokerStars 91733835979: Hero (Ah 3c / Ac) all in against Player5 (Jh up) on third
    street; his seventh card is printed "[of]" (read as unknown) and he shows only
    [Ah 3c Ac]. His cards at the all-in are all known, so the hand is adjusted: the five
    folded up cards are dead, and the equity drawn is within four standard errors of
    the one counted over all 6,688,377,150 runouts."""
    hand = next(h for h in engine_corpus.real_hands() if h.hand_number == "91733835979")
    adjustment = all_in_adjustment(replay(hand, conventions_of(hand.site)))
    assert isinstance(adjustment, AllInAdjustment), adjustment
    assert adjustment.street is Street.THIRD and not adjustment.exact
    assert 0 < adjustment.standard_error < 0.0025
    held = {"Hero": ("Ah", "3c", "Ac"), "Player5": ("9c", "Js", "Jh")}
    dead = ["7h", "4d", "6h", "Qs", "8d"]
    counted = pot_equities(VARIANTS[hand.game], held, 4, dead, max_heads_up_sets=10**6)
    assert counted.exact and counted.runouts == 6_688_377_150
    for share in adjustment.shares:
        error = abs(float(share.equity - counted.shares[share.player]))
        assert error < 4 * adjustment.standard_error, (share, counted)
    assert sum(share.expected_collected for share in adjustment.shares) == 1144  # no rake


def test_real_hands_adjusted_conserve_the_money(real_adjustments) -> None:
    """Each adjusted hand's expected nets, like its real ones, add up to minus the rake,
    and its equities to one; an equity is never given to a player who folded."""
    adjusted = [
        (hand, result, a) for hand, result, a in real_adjustments if isinstance(a, AllInAdjustment)
    ]
    assert len(adjusted) >= 25  # tournament stud files: all-ins on every street
    for hand, result, adjustment in adjusted:
        folded = {p.name for p in result.players if p.fold_street is not None}
        assert not folded & {share.player for share in adjustment.shares}
        ev_nets = sum((share.ev_net for share in adjustment.shares), D(0))
        folded_nets = sum((p.net for p in result.players if p.name in folded), D(0))
        assert ev_nets + folded_nets == -result.rake, hand.hand_number
        assert sum(share.equity for share in adjustment.shares) == 1, hand.hand_number
        assert adjustment.exact == (adjustment.standard_error == 0)
        # sampled: the sample's size, not a side pot's count (26,898,080 runouts once)
        assert adjustment.exact or adjustment.runouts <= 50_000, hand.hand_number


def test_real_draw_hands_are_adjusted_only_when_no_draw_is_left(real_adjustments) -> None:
    """Draw: an all-in before the last draw keeps its result, with the policy as reason;
    after it, there is nothing to adjust."""
    draws = [(h, a) for h, _r, a in real_adjustments if h.game.rules.family is Family.DRAW]
    kept = [a for _h, a in draws if isinstance(a, NotAdjusted)]
    assert kept and all("before the last draw" in a.reason for a in kept)
    assert not any(isinstance(a, AllInAdjustment) for _h, a in draws)


def test_a_real_stud_spot_matches_its_outs_counted_directly(real_adjustments) -> None:
    """A real sixth-street spot with every runout counted: the equity of each player is
    his share of the runouts, worked out again here card by card with the showdown judge."""
    from pipeline.engine.showdown import judge_pot
    from pipeline.engine.variants import VARIANTS

    spots = [
        (hand, result, a)
        for hand, result, a in real_adjustments
        if isinstance(a, AllInAdjustment) and a.exact and a.street is Street.SIXTH
    ]
    assert spots
    hand, result, adjustment = spots[0]
    shown = {e.player: e.cards for e in hand.events if isinstance(e, Show)}
    live = [share.player for share in adjustment.shares]
    held = {name: shown[name][:6] for name in live}
    dealt_cards = {
        c
        for e in hand.events
        if isinstance(e, Deal) and e.street is not Street.SEVENTH
        for c in (*e.down, *e.up)
    }
    unseen = [
        c
        for c in (r + s for r in "23456789TJQKA" for s in "cdhs")
        if c not in dealt_cards and all(c not in cards for cards in held.values())
    ]
    wins = dict.fromkeys(live, Fraction(0))
    runouts = 0
    first, second = live
    for a in unseen:
        for b in unseen:
            if a == b:
                continue
            runouts += 1
            verdict = judge_pot(
                VARIANTS[hand.game], {first: (*held[first], a), second: (*held[second], b)}
            )
            for name in verdict.high:
                wins[name] += Fraction(1, len(verdict.high) * (2 if verdict.low else 1))
            for name in verdict.low:
                wins[name] += Fraction(1, len(verdict.low) * 2)
    assert runouts == adjustment.runouts
    assert len(result.pots) == 1
    for share in adjustment.shares:
        assert share.equity == wins[share.player] / runouts


EV_COLUMNS = (
    "SELECT h.hand_number, h.ev_method, h.ev_street, h.ev_runouts, h.ev_note, "
    "p.player, p.all_in_equity, p.ev_net, f.ev_net AS fact_ev_net, f.all_in_adjusted "
    "FROM hands h JOIN hand_players p USING (site, hand_number) "
    "JOIN player_hand_facts f USING (site, hand_number, player) ORDER BY ALL"
)


def _as_written_before_all_in_results(path) -> None:
    """The file as an older studdraw left it: no all-in columns (their facts as it
    worked them out: its facts table had none either)."""
    with duckdb.connect(str(path)) as connection:
        for column in ("ev_method", "ev_street", "ev_runouts", "ev_standard_error", "ev_note"):
            connection.execute(f"ALTER TABLE hands DROP COLUMN {column}")
        for column in ("all_in_equity", "ev_net"):
            connection.execute(f"ALTER TABLE hand_players DROP COLUMN {column}")
        connection.execute("ALTER TABLE player_hand_facts DROP COLUMN ev_net")
        connection.execute("ALTER TABLE player_hand_facts DROP COLUMN all_in_adjusted")
        connection.execute("COMMENT ON TABLE player_hand_facts IS 'facts of an older studdraw'")


def test_a_database_written_before_gets_its_all_in_results_at_the_next_import(
    tmp_path, real_histories
) -> None:
    """The hands an all-in may have decided are read again from their file; the others
    take their net; the stat facts follow. The result: what a new import stores."""
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database

    history = tmp_path / "stt.txt"
    history.write_bytes(
        (real_histories / "iPoker/tour/Stud/7-StudHi-USD-STT-5-201103.txt").read_bytes()
    )
    path = tmp_path / "studdraw.duckdb"
    with Database(path) as database:
        first = import_histories([history], database)
        expected = database.connection.execute(EV_COLUMNS).fetchall()
    adjusted = {row[0] for row in expected if row[1] in ("exact", "sampled")}
    assert first.all_in_filled == 0 and adjusted
    _as_written_before_all_in_results(path)
    with Database(path) as database:
        again = import_histories([history], database)
        assert again.hands_imported == 0 and again.files_unchanged == 1
        candidates = database.scalar(
            "SELECT count(DISTINCT hand_number) FROM hand_players "
            "WHERE all_in_street IS NOT NULL AND fold_street IS NULL"
        )
        assert again.all_in_filled == candidates
        assert database.connection.execute(EV_COLUMNS).fetchall() == expected
    with duckdb.connect(str(path), read_only=True) as connection:  # and the stats' counts
        assert day_counts_disagree(connection) == {}


def test_a_hand_whose_file_is_gone_keeps_its_result_with_why(tmp_path, real_histories) -> None:
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database

    history = tmp_path / "stt.txt"
    history.write_bytes(
        (real_histories / "iPoker/tour/Stud/7-StudHi-USD-STT-5-201103.txt").read_bytes()
    )
    path = tmp_path / "studdraw.duckdb"
    with Database(path) as database:
        import_histories([history], database)
    _as_written_before_all_in_results(path)
    history.unlink()
    with Database(path) as database:
        import_histories([], database)
        kept = database.connection.execute(
            "SELECT DISTINCT ev_note FROM hands WHERE ev_method = 'kept'"
        ).fetchall()
        assert kept == [("not read again: its history file is gone",)]
        assert (
            database.scalar("SELECT count(*) FROM hand_players WHERE ev_net IS DISTINCT FROM net")
            == 0
        )


def test_the_overview_draws_the_all_in_adjusted_line_to_the_adjusted_total(
    tmp_path, real_histories, monkeypatch
) -> None:
    """The graph's all-in adjusted line ends where the hero's adjusted nets add up to, and
    leaves the results line in the hands it adjusted."""
    from dashboard.hand_filters import Filters
    from dashboard.queries import overview
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database

    path = tmp_path / "studdraw.duckdb"
    with Database(path) as database:
        import_histories(
            [real_histories / "iPoker/tour/Stud/7-StudHi-USD-STT-5-201103.txt"], database
        )
        hero, adjusted, ev_net, net = database.connection.execute(
            "SELECT player, count(*) FILTER (WHERE all_in_equity IS NOT NULL), sum(ev_net), "
            "sum(net) FROM hand_players WHERE player = (SELECT mode(hero) FROM hands) "
            "GROUP BY player"
        ).fetchall()[0]
    monkeypatch.setenv("STUDDRAW_DB", str(path))
    numbers = overview.overview(Filters(heroes=(hero,)))
    assert adjusted and ev_net != net
    assert numbers.totals["all_in_adjusted"][0] == adjusted
    assert numbers.totals["ev_net_won"][0] == ev_net
    assert numbers.curve["ev_net_won"][-1] == ev_net
    assert numbers.curve["net_won"][-1] == net


def test_each_pot_goes_by_the_equity_of_its_own_players() -> None:
    """Razz, all three all in but A on sixth street. C (21 in chips) holds the wheel
    A-2-3-4-5 made: no card gives anyone else a wheel, so the main pot (63) is his in every
    runout. The side pot (40) is A's and B's only: A holds 7-6-4-3-2 made, B has only
    queens, jacks and tens (no fifth rank with one card to come: his low always pairs).
    So C expects 63 (+42), A 40 (-1), B nothing (-41), whatever the river."""
    header = _razz_header("2")
    deals = {
        "A": (("2d", "3d"), "4d", "6d", "7d", "Qh", "8c"),
        "B": (("Qs", "Qd"), "Js", "Jd", "Ts", "Td", "9s"),
        "C": (("Ac", "2c"), "3c", "4c", "5c", "Kh", "9h"),
    }

    def dealt(street: Street, index: int) -> list[Event]:
        if street is Street.THIRD:
            return [Deal(p, street, down=cards[0], up=(cards[1],)) for p, cards in deals.items()]
        return [Deal(p, street, up=(cards[index],)) for p, cards in deals.items()]

    events: list[Event] = [
        *(Post(p, PostKind.ANTE, D(1)) for p in deals),
        StreetStart(Street.THIRD),
        *dealt(Street.THIRD, 1),
        Action("B", ActionKind.BRING_IN, D(2)),
        Action("C", ActionKind.COMPLETE, D(5), D(5)),
        Action("A", ActionKind.CALL, D(5)),
        Action("B", ActionKind.CALL, D(3)),
        StreetStart(Street.FOURTH),
        *dealt(Street.FOURTH, 2),
        Action("C", ActionKind.BET, D(5)),
        Action("A", ActionKind.CALL, D(5)),
        Action("B", ActionKind.CALL, D(5)),
        StreetStart(Street.FIFTH),
        *dealt(Street.FIFTH, 3),
        Action("C", ActionKind.BET, D(10), all_in=True),
        Action("A", ActionKind.RAISE, D(10), D(20)),
        Action("B", ActionKind.CALL, D(20)),
        StreetStart(Street.SIXTH),
        *dealt(Street.SIXTH, 4),
        Action("A", ActionKind.BET, D(10)),
        Action("B", ActionKind.CALL, D(10), all_in=True),
        StreetStart(Street.SEVENTH),
        *(Deal(p, Street.SEVENTH, down=(cards[5],)) for p, cards in deals.items()),
        ShowdownStart(),
        *(Show(p, (*c[0], *c[1:])) for p, c in deals.items()),
        Collect("C", D(63), "main"),
        Collect("A", D(40), "side-1"),
        PotTotals(D(103), D(0), main=D(63), sides=(D(40),)),
    ]
    seats = (Seat(1, "A", D(200)), Seat(2, "B", D(41)), Seat(3, "C", D(21)))
    result = replay(Hand(header, seats, tuple(events)), CARD_ROOM_RULES)
    assert result.findings == ()
    assert [(pot.amount, set(pot.eligible)) for pot in result.pots] == [
        (D(63), {"A", "B", "C"}),
        (D(40), {"A", "B"}),
    ]
    adjustment = all_in_adjustment(result)
    assert isinstance(adjustment, AllInAdjustment) and adjustment.street is Street.SIXTH
    shares = {share.player: share for share in adjustment.shares}
    assert {name: share.expected_collected for name, share in shares.items()} == {
        "A": D(40),
        "B": D(0),
        "C": D(63),
    }
    assert {name: share.ev_net for name, share in shares.items()} == {
        "A": D(-1),
        "B": D(-41),
        "C": D(42),
    }
    assert shares["C"].equity == Fraction(63, 103)


def test_the_dashboard_fills_an_older_database_when_it_first_reads_it(
    tmp_path, real_histories
) -> None:
    from dashboard import connection
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database

    history = tmp_path / "stt.txt"
    history.write_bytes(
        (real_histories / "iPoker/tour/Stud/7-StudHi-USD-STT-5-201103.txt").read_bytes()
    )
    path = tmp_path / "studdraw.duckdb"
    with Database(path) as database:
        import_histories([history], database)
        expected = database.connection.execute(EV_COLUMNS).fetchall()
    _as_written_before_all_in_results(path)
    connection.bring_up_to_date(path)
    with Database(path, read_only=True) as database:
        assert database.connection.execute(EV_COLUMNS).fetchall() == expected

"""Side pots and split pots, to the chip."""

from __future__ import annotations

from decimal import Decimal

from parsers.model.conventions import SiteConventions
from parsers.model.events import Game
from pipeline.engine.pots import Pot, build_pots
from pipeline.engine.showdown import judge_pot, run_parts, split_shares
from pipeline.engine.variants import VARIANTS

D = Decimal
STARS = SiteConventions()
CENT = D("0.01")


def test_side_pots_at_each_all_in_level() -> None:
    contributions = {"a": D(10), "b": D(30), "c": D(50), "d": D(50), "e": D(5)}
    pots = build_pots(contributions, ["a", "b", "c", "d"])  # e folded after 5
    assert pots == [
        Pot(D(45), ("a", "b", "c", "d")),  # 10 x 4 + e's dead 5
        Pot(D(60), ("b", "c", "d")),
        Pot(D(40), ("c", "d")),
    ]
    assert sum(p.amount for p in pots) == sum(contributions.values())


def test_single_pot_when_nobody_is_all_in() -> None:
    assert build_pots({"a": D(4), "b": D(4), "c": D(1)}, ["a", "b"]) == [Pot(D(9), ("a", "b"))]


def test_odd_chip_of_a_split_goes_to_the_first_seat_left_of_the_button() -> None:
    seats = {"a": 1, "b": 4, "c": 6}
    shares = split_shares(
        D("1.01"), ["a", "c"], [], seats, button_seat=5, chip=CENT, conventions=STARS
    )
    assert shares == {"c": D("0.51"), "a": D("0.50")}


def test_hi_lo_odd_chip_goes_to_the_high_half() -> None:
    seats = {"a": 1, "b": 2}
    shares = split_shares(D("1.07"), ["a"], ["b"], seats, None, CENT, STARS)
    assert shares == {"a": D("0.54"), "b": D("0.53")}


def test_quartered_low() -> None:
    """One player scoops the high and ties the low: three quarters against one quarter."""
    seats = {"a": 1, "b": 2}
    shares = split_shares(D(400), ["a"], ["a", "b"], seats, None, D(1), STARS)
    assert shares == {"a": D(300), "b": D(100)}


def test_hi_lo_verdict_with_and_without_a_qualifying_low() -> None:
    hilo = VARIANTS[Game.SEVEN_STUD_HILO]
    hands = {
        "wheel": ["Ah", "2d", "3c", "4s", "5h", "Kd", "Kc"],  # straight high, wheel low
        "trips": ["Qh", "Qd", "Qc", "9s", "Th", "Jd", "2c"],
    }
    verdict = judge_pot(hilo, hands)
    assert verdict.high == ("wheel",) and verdict.low == ("wheel",)  # a scoop
    no_low = {
        "a": ["Kh", "Kd", "9c", "9s", "2h", "Jd", "7c"],
        "b": ["Ah", "Ad", "9h", "Ts", "Jh", "Qd", "Qc"],
    }
    verdict = judge_pot(hilo, no_low)
    assert verdict.low == ()
    assert verdict.high == ("b",)  # aces up beats kings up


def test_a_pot_run_twice_is_cut_in_halves_to_the_chip() -> None:
    chip = Decimal("0.01")
    assert run_parts(Decimal("2528"), 2, Decimal(1)) == [Decimal(1264), Decimal(1264)]
    assert run_parts(Decimal("2525"), 2, chip) == [Decimal("1262.50"), Decimal("1262.50")]
    assert run_parts(Decimal("0.07"), 2, chip) == [Decimal("0.04"), Decimal("0.03")]
    assert run_parts(Decimal("0.11"), 3, chip) == [
        Decimal("0.04"),
        Decimal("0.04"),
        Decimal("0.03"),
    ]
    assert run_parts(Decimal("0.105"), 1, chip) == [Decimal("0.105")]  # run once: untouched

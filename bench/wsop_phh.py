"""The stud and draw hands of the 2023 WSOP $50,000 Poker Players Championship final
table, as PHH written by PokerKit: hands nobody here wrote, for studdraw to read.

    python bench/wsop_phh.py PATH/TO/pokerkit/tests/test_wsop/test_2023_43_5.py \\
        > tests/data/wsop_2023_43_5.phhs

PokerKit's test replays each hand of the televised final table through its own state and
turns it into PHH with `HandHistory.from_game_state`. This runs those tests, keeps each
hand of a game studdraw plays (seven card stud, razz, stud hi/lo, no-limit 2-7 single
draw, 2-7 triple draw), adds the finishing stacks PokerKit's state ended with (PHH's
dump leaves them out) and the event's name, and prints the hands as one `.phhs`.
Get the test file with the library's fetch of `github:uoftcprg/pokerkit`.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
import unittest
from pathlib import Path
from typing import Any

from pokerkit.notation import HandHistory

STUD_AND_DRAW = {
    "FixedLimitSevenCardStud",
    "FixedLimitRazz",
    "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
    "NoLimitDeuceToSevenLowballSingleDraw",
    "FixedLimitDeuceToSevenLowballTripleDraw",
}
EVENT = "2023 World Series of Poker Event #43: $50,000 Poker Players Championship, Day 5"


def captured_hands(test_file: Path) -> list[HandHistory]:
    """Every hand the test file turns into PHH, in the order of its test names."""
    hands: list[HandHistory] = []
    test_name = [""]
    from_game_state = HandHistory.from_game_state.__func__  # type: ignore[attr-defined]

    def capture(cls: type[HandHistory], game: Any, state: Any) -> HandHistory:
        history = from_game_state(cls, game, state)
        if type(game).__name__ in STUD_AND_DRAW:
            hands.append(
                dataclasses.replace(
                    history,
                    event=EVENT,
                    city="Las Vegas",
                    year=2023,
                    hand=test_name[0].removeprefix("test_"),
                    finishing_stacks=list(state.stacks),
                )
            )
        return history

    HandHistory.from_game_state = classmethod(capture)  # type: ignore[assignment, method-assign]
    try:
        spec = importlib.util.spec_from_file_location("wsop_2023_43_5", test_file)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        cases = module.StateTestCase
        for name in sorted(n for n in dir(cases) if n.startswith("test_")):
            test_name[0] = name
            outcome = unittest.TestResult()
            cases(name).run(outcome)
            if outcome.errors or outcome.failures:
                raise SystemExit(f"{name} fails under this PokerKit: {outcome.errors}")
    finally:
        HandHistory.from_game_state = classmethod(from_game_state)  # type: ignore[method-assign]
    return hands


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    hands = captured_hands(Path(sys.argv[1]))
    print(f"# {len(hands)} hands written by PokerKit from its tests/test_wsop/test_2023_43_5.py")
    print("# (https://github.com/uoftcprg/pokerkit, MIT licence) with bench/wsop_phh.py")
    for number, hand in enumerate(hands, start=1):
        print(f"\n[{number}]")
        print(hand.dumps(), end="")


if __name__ == "__main__":
    main()

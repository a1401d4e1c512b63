"""Every real history under `../shared/histories/real/` is accounted for, file by file.

The files of the sites studdraw reads are listed, with their counts, in each site's
own test module (`tests/test_<site>_real.py`). The others are listed here: sites whose
readers are still to come (issue 16). Until then not one of their hands may slip into
the database as something else: each file reads as text that is no hand of a known
site, which `import` keeps, whole, in the rejects table with that reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parsers.model.errors import ErrorKind, HandParseError
from parsers.text.history_file import parse_file
from tests.sites import (
    test_absolute_real,
    test_boss_real,
    test_bovada_real,
    test_everleaf_real,
    test_fulltilt_real,
    test_ipoker_real,
    test_kingsclub_real,
    test_merge_real,
    test_ongame_real,
    test_partypoker_real,
    test_pokerstars_real,
    test_winamax_real,
    test_winning_real,
)

READ = {
    "PokerStars": test_pokerstars_real.EXPECTED,
    "FullTilt": test_fulltilt_real.EXPECTED,
    "Winamax": test_winamax_real.EXPECTED,
    "Winning": test_winning_real.EXPECTED,
    "Everleaf": test_everleaf_real.EXPECTED,
    "PartyPoker": test_partypoker_real.EXPECTED,
    "OnGame": test_ongame_real.EXPECTED,
    "iPoker": test_ipoker_real.EXPECTED,
    "Merge": test_merge_real.EXPECTED,
    "Bovada": test_bovada_real.EXPECTED,
    "KingsClub": test_kingsclub_real.EXPECTED,
    "Absolute": test_absolute_real.EXPECTED,
    "Boss": test_boss_real.EXPECTED,
}

AWAITING_A_READER: tuple[str, ...] = ()


def test_every_real_file_is_listed(real_histories: Path) -> None:
    found = {
        str(path.relative_to(real_histories))
        for path in real_histories.rglob("*")
        if path.is_file() and path.name != "PROVENANCE.tsv"
    }
    read = {f"{folder}/{name}" for folder, expected in READ.items() for name in expected}
    assert read.isdisjoint(AWAITING_A_READER)
    assert found == read | set(AWAITING_A_READER)
    assert len(found) == 119


@pytest.mark.parametrize("name", [name for name in AWAITING_A_READER if name.endswith(".txt")])
def test_a_file_of_a_site_still_to_come_is_rejected_whole(real_histories: Path, name: str) -> None:
    outcomes = [outcome for _chunk, outcome in parse_file(real_histories / name)]
    assert outcomes
    assert all(isinstance(o, HandParseError) and o.kind is ErrorKind.NOT_A_HAND for o in outcomes)

"""`studdraw validate` on every real history of the sites studdraw reads: per site, the
hands valid, with warnings, cancelled, skipped and rejected by reason, adding up to the
hands in the files, counted here from the header lines alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli.app import app
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
from tests.support import real_sites

# A hand's first line at each site, in every form the real files hold.
HEADERS = {
    "pokerstars": ("PokerStars", re.compile(r"^\ufeff?PokerStars (?:Home Game )?.*#\d+:")),
    "fulltilt": ("FullTilt", re.compile(r"^\ufeff?(?:Full Tilt Poker|FullTiltPoker) Game #\d+")),
    "winamax": ("Winamax", re.compile(r"^\ufeff?Winamax Poker - ")),
    "winning": ("Winning", re.compile(r"^\ufeff?(?:Game started at: |Hand #\d+ - )")),
    "everleaf": ("Everleaf", re.compile(r"^Everleaf Gaming Game #\d+")),
    "partypoker": ("PartyPoker", test_partypoker_real.HEADER),
    "ongame": ("OnGame", re.compile(r"^\*{5} History for hand [A-Z\d]+-")),
    "ipoker": ("iPoker", test_ipoker_real.HEADER),
    "merge": ("Merge", re.compile(r'^[ \t]*<game id="\d+-\d+"')),
    "bovada": ("Bovada", re.compile(r"^\ufeff?(?:Ignition|Bovada|Bodog\S*) Hand #\d+")),
    "kingsclub": ("KingsClub", re.compile(r"^#\d+: ")),
    "absolute": ("Absolute", test_absolute_real.HEADER),
    "boss": ("Boss", test_boss_real.HEADER),
}
COLUMNS = ("hands", "valid", "warnings", "cancelled", "flop games", "rejected")


def _headers_in(folder: Path, header: re.Pattern[str]) -> int:
    return sum(
        1
        for path in real_sites.history_files(folder)
        for line in real_sites.text_of(path).splitlines()
        if header.match(line)
    )


@pytest.fixture(scope="module")
def table(real_histories: Path) -> dict[str, dict[str, int]]:
    folders = [str(real_histories / folder) for folder, _ in HEADERS.values()]
    result = CliRunner().invoke(app, ["validate", *folders])
    rows = {}
    for line in result.stderr.splitlines():
        name, *values = line.split()
        if name in (*HEADERS, "total") and len(values) == len(COLUMNS):
            rows[name] = dict(zip(COLUMNS, (int(v.replace(",", "")) for v in values), strict=True))
    return rows


@pytest.mark.parametrize("site", sorted(HEADERS))
def test_every_hand_in_the_files_is_counted_once(real_histories, table, site: str) -> None:
    folder, header = HEADERS[site]
    row = table[site]
    assert row["hands"] == _headers_in(real_histories / folder, header)
    assert row["hands"] == sum(row[column] for column in COLUMNS[1:])


def test_the_only_rejections_are_the_faults_the_site_tests_name(table) -> None:
    """No hand of the sites read is rejected but those each site's file tests name, one
    by one: spoilt by the file itself (cut short, edited by hand)."""
    faults = {
        "pokerstars": test_pokerstars_real.FAULTS,
        "fulltilt": getattr(test_fulltilt_real, "FAULTS", {}),
        "winamax": getattr(test_winamax_real, "FAULTS", {}),
        "winning": getattr(test_winning_real, "FAULTS", {}),
        "everleaf": getattr(test_everleaf_real, "FAULTS", {}),
        "partypoker": getattr(test_partypoker_real, "FAULTS", {}),
        "ongame": getattr(test_ongame_real, "FAULTS", {}),
        "ipoker": getattr(test_ipoker_real, "FAULTS", {}),
        "merge": getattr(test_merge_real, "FAULTS", {}),
        "bovada": getattr(test_bovada_real, "FAULTS", {}),
        "kingsclub": getattr(test_kingsclub_real, "FAULTS", {}),
        "absolute": getattr(test_absolute_real, "FAULTS", {}),
        "boss": getattr(test_boss_real, "FAULTS", {}),
    }
    for site, named in faults.items():
        assert table[site]["rejected"] == sum(len(hands) for hands in named.values()), site


def test_the_totals_add_up(table) -> None:
    for column in COLUMNS:
        assert table["total"][column] == sum(table[site][column] for site in HEADERS)
    assert table["pokerstars"]["cancelled"] == 1  # "Hand cancelled", 2008

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

from parsers.errors import ErrorKind, HandParseError
from parsers.history_file import parse_file
from tests import (
    test_absolute_real,
    test_everleaf_real,
    test_fulltilt_real,
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
    "Absolute": test_absolute_real.EXPECTED,
}

AWAITING_A_READER = (
    "Boss/cash/Draw/5CD-FL-EUR-2-4.Opoker.sample.xml",
    "Bovada/cash/Stud/7-Stud-USD-2.00-4.00-201205.txt",
    "Bovada/cash/Stud/7-StudHL-USD-0.25-0.50-201209.txt",
    "Bovada/tour/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt",
    "KingsClub/cash/Draw/2-7 Drawmaha-FL-USD-60-120-202108.txt",
    "KingsClub/cash/Draw/2-7 Triple Draw Lowball-FL-USD-40-80-202101.txt",
    "KingsClub/cash/Draw/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt",
    "KingsClub/cash/Draw/A5-1-Draw-Limit-USD-50-100-202102.txt",
    "KingsClub/cash/Draw/A5-3-Draw-Limit-USD-44-88-202010.txt",
    "KingsClub/cash/Draw/Badacey-Limit-USD-22-44-202101.txt",
    "KingsClub/cash/Draw/NL-2-7-SD-USD-125-250-202103.RIT.txt",
    "KingsClub/cash/Draw/NL-2-7-SD-USD-25-50-202108.1.RIT.txt",
    "KingsClub/cash/Draw/NL-2-7-SD-USD-25-50-202108.2.RIT.txt",
    "KingsClub/cash/Draw/NL-2-7-SD-USD-25-50-202108.3.RIT.txt",
    "KingsClub/cash/Draw/NL-2-7-SD-USD-25-50-202108.4.RIT.txt",
    "KingsClub/cash/Stud/2-7 Razz-USD-22-44-202101.txt",
    "KingsClub/cash/Stud/7-Stud-USD-44-88-202010.txt",
    "KingsClub/cash/Stud/7-StudHL-USD-40-80-202101.txt",
    "KingsClub/cash/Stud/Razz-USD-40-80-202101.txt",
    "KingsClub/cash/Stud/Razz-USD-500-100-202101.multi.pot.failure.txt",
    "Merge/cash/Draw/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt",
    "Merge/cash/Draw/3-Draw-Limit-USD-1-2-201104.Sample.with.showdown.txt",
    "Merge/cash/Draw/3-Draw-Limit-USD-5-10-201105.All-in.on.second.draw.txt",
    "Merge/cash/Draw/3-Draw-PL-USD-0.05-0.10-201102.Sample.all.streets.txt",
    "Merge/cash/Draw/A5-3-Draw-Limit-USD-0.50-1-201105.Sample.txt",
    "Merge/cash/Draw/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt",
    "Merge/cash/Draw/Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
    "Merge/cash/Stud/7-Stud-USD-0.50-1.00-201102.Sample.txt",
    "Merge/cash/Stud/7-StudHL-USD-0.25-0.50-201111.txt",
    "Merge/cash/Stud/7-StudHL-USD-0.25-0.50-201307.no.null.xml",
    "Merge/cash/Stud/Razz-USD-0.50-1.00-201111.allIn.txt",
    "Merge/extra/jejellyroll-fr+fpdb-3/regression-test-files__cash__Merge__Mixed__HORSE-8max-USD-0.25-0.50-201409.new.format.txt",
    "OnGame/cash/Draw/5-Carddraw-USD-0.05-0.10-201009.Sample.txt",
    "OnGame/cash/Draw/5-Carddraw-USD-1-2-201109.Goalwin.Sample.txt",
    "OnGame/cash/Stud/7-Stud-USD-0.10-0.20-201009.Sample.txt",
    "OnGame/cash/Stud/7-Stud-USD-1.00-2.00-201212.big.bring.txt",
    "OnGame/cash/Stud/7-StudHL-USD-0.25-0.50-201008.All.streets.txt",
    "iPoker/cash/Stud/7-StudHL-EUR-0.05-0.10-201405.txt",
    "iPoker/cash/Stud/7-StudL-USD-0.05-0.10-201009.txt",
    "iPoker/tour/Stud/7-StudHi-USD-STT-5-201103.txt",
)


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

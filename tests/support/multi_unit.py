"""A database of one player's hands in every unit of money, from real histories: for the
tests that check that money is never added across units (the dashboard's pages, the CLI).

`build_multi_unit_database(path)` imports, for the screen names `HEROES`:
  - PokerStars cash in dollars (7 Card Stud $0.04/$0.08),
  - the same site's Razz file with its dollars written as pounds (the archive holds no
    pound file: its amounts, hand numbers aside, are the real file's),
  - iPoker cash in euros (Stud Hi/Lo) and Winamax cash in euros (7 Card Stud €25/€50),
  - Winamax play money (2-7 Triple Draw),
  - PokerStars tournaments: a 2-max sit & go finished (a $1.50 buy-in, no prize), a
    Triple Stud MTT still running in the file, an 8-game home game for play chips, and
    Player5's Badugi sit & go (3rd, $1.60 for a $1.20 buy-in),
and remembers HEROES as the user's screen names. `truth(connection)` is what the SQL
says each unit sums to.
"""

from __future__ import annotations

from pathlib import Path

import duckdb

from tests.conftest import REAL_HISTORIES

HEROES = ("Hero", "Player5")
UNITS = ("USD", "GBP", "EUR", "play money", "tournament chips")

FILES = (
    "PokerStars/cash/Stud/7-Stud-USD-0.04-0.08-200911.txt",
    "iPoker/cash/Stud/7-StudHL-EUR-0.05-0.10-201405.txt",
    "Winamax/cash/Stud/7-Stud-6max-EUR-25-50-201611._8games_.txt",
    "Winamax/cash/Draw/Triple Draw 2-7-FL-6max-play-0.50-1.00-201610.export.txt",
    "PokerStars/tour/Draw/2-7 Single Draw-NL-USD-2max-STT-1.40-201212.ante.all.in.txt",
    "PokerStars/tour/Stud/Triple-Stud-USD-2.00-0.20-MTT-201301.txt",
    "PokerStars/tour/Draw/LBad-USD-SNG8-201011.txt",
    "PokerStars/extra/jejellyroll-fr+fpdb-3/regression-test-files__tour__Stars__Mixed__"
    "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt",
)
POUNDS_FROM = "PokerStars/cash/Stud/Razz-USD-0.04-0.08-200911.txt"


def build_multi_unit_database(path: Path, histories: Path = REAL_HISTORIES) -> Path:
    """Import the files above into a new database at `path`; return `path`."""
    from pipeline.importing.importer import import_histories
    from pipeline.storage.database import Database
    from pipeline.storage.settings import set_hero_names

    folder = path.parent / f"{path.stem}_histories"
    folder.mkdir(parents=True, exist_ok=True)
    pounds = (histories / POUNDS_FROM).read_text(encoding="utf-8")
    (folder / "Razz-GBP-0.04-0.08.txt").write_text(
        pounds.replace("$", "£").replace(" USD)", " GBP)"), encoding="utf-8"
    )
    with Database(path) as database:
        import_histories([*(histories / name for name in FILES), folder], database)
    set_hero_names(Database(path), HEROES)
    return path


def truth(connection: duckdb.DuckDBPyConnection) -> dict[str, tuple[int, object]]:
    """unit -> (hands, net won) of the user's names, a hand counted once (the SQL's
    own hero_player_hands)."""
    rows = connection.execute(
        "SELECT unit, count(*), sum(net) FROM hero_player_hands(?) GROUP BY unit",
        [list(HEROES)],
    ).fetchall()
    return {unit: (hands, net) for unit, hands, net in rows}

"""`studdraw demo`, and where the sample histories and the demo database are.

A checkout has the bundled `sample_histories/` beside the packages. A wheel does not
ship them (3 MB of text the simulator makes again in seconds): installed so, the demo
writes them once into the user data folder with `pipeline.simulation.samples`, seeded,
the same hands as the bundled ones (`make samples` writes those).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.console import stderr
from pipeline.cli.dashboard import dashboard
from pipeline.cli.database import stats
from pipeline.cli.importing import import_
from pipeline.cli.options import ALL_CORES, JOBS_HELP
from pipeline.cli.reading import validate

BUNDLED = Path(__file__).resolve().parents[2] / "sample_histories"
"""The checkout's sample histories (absent from an installed wheel)."""


def demo(
    db: Annotated[
        Path | None,
        typer.Option(help="The demo database (default: demo.duckdb in the user data folder)."),
    ] = None,
    port: Annotated[int, typer.Option(help="The dashboard's port (localhost only).")] = 8501,
    no_dashboard: Annotated[
        bool, typer.Option("--no-dashboard", help="Stop after the stats.")
    ] = False,
    jobs: Annotated[int, typer.Option(min=1, help=JOBS_HELP)] = ALL_CORES,
) -> None:
    """Try studdraw on sample hands: validate them, import them into a demo database,
    print the hero's stats, open the dashboard (what `make demo` does)."""
    samples, written = sample_folder()
    if written:
        stderr.print(f"sample histories written to {samples}", markup=False)
    target = db or demo_database()
    target.parent.mkdir(parents=True, exist_ok=True)
    stderr.print(f"1. validate {samples}", markup=False)
    try:
        validate([samples], as_json=False, jobs=jobs)
    except typer.Exit as done:
        if done.exit_code:
            raise
    stderr.print(f"2. import into {target}", markup=False)
    import_([samples], db=target, jobs=jobs, to=None, cluster=None)
    stderr.print("3. the hero's stats, over every game", markup=False)
    stats(db=target, all_games=True)  # Annotated options: their defaults are Python's
    if not no_dashboard:
        stderr.print("4. the dashboard", markup=False)
        dashboard(db=target, port=port, parquet=None, folder=[samples], allow_host=None)


def user_data_folder() -> Path:
    """Where studdraw keeps its databases: ~/.local/share/studdraw on Linux,
    ~/Library/Application Support/studdraw on macOS, %LOCALAPPDATA%\\studdraw\\studdraw on
    Windows (the default database's folder, `storage.database.default_database`)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("studdraw"))


def demo_database() -> Path:
    return user_data_folder() / "demo.duckdb"


def sample_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.txt")) if folder.is_dir() else []


def sample_folder(bundled: Path = BUNDLED, generated: Path | None = None) -> tuple[Path, bool]:
    """The sample histories' folder, and whether they were written just now: the
    bundled ones when they are there, else the user data folder's, written the first
    time (a file of each sample table)."""
    from pipeline.simulation.samples import sample_tables, write_samples

    if sample_files(bundled):
        return bundled, False
    folder = generated or user_data_folder() / "sample_histories"
    if len(sample_files(folder)) >= len(sample_tables()):
        return folder, False
    write_samples(folder)
    return folder, True

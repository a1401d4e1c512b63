"""`studdraw demo`: where the sample histories and the demo database are.

A checkout has the bundled `sample_histories/` beside the packages. A wheel does not
ship them (3 MB of text the simulator makes again in seconds): installed so, the demo
writes them once into the user data folder with `pipeline.simulation.samples`, seeded,
the same hands as the bundled ones (`make samples` writes those).
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

BUNDLED = Path(__file__).resolve().parents[2] / "sample_histories"
"""The checkout's sample histories (absent from an installed wheel)."""


def user_data_folder() -> Path:
    """Where studdraw keeps its databases: ~/.local/share/studdraw on Linux,
    ~/Library/Application Support/studdraw on macOS, %LOCALAPPDATA%\\studdraw\\studdraw on
    Windows (the default database's folder, `storage.database.default_database`)."""
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

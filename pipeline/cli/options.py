"""What several commands' options share: their help, and their defaults."""

from __future__ import annotations

import os

ALL_CORES = os.cpu_count() or 1
"""`--jobs`' default: a worker process per core."""

JOBS_HELP = "Worker processes (default: every core)."
DATABASE_HELP = "The database file (default: $STUDDRAW_DB or user data)."
PARQUET_HELP = "Read the Parquet dataset in this folder instead of the database."

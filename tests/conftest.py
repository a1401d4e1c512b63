"""Where the shared real histories live: beside the checkout, as CI lays it out."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REAL_HISTORIES = REPO.parent / "shared" / "histories" / "real"


@pytest.fixture(scope="session")
def real_histories() -> Path:
    if not REAL_HISTORIES.is_dir():
        pytest.fail(f"the shared real histories are missing: {REAL_HISTORIES}")
    return REAL_HISTORIES

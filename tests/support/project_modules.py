"""The project's own modules, found from its sources (not imported: importing every module
would start the dashboard's pages)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import REPO

PACKAGES = ("parsers", "pipeline", "dashboard")


def project_modules() -> dict[str, Path]:
    """Each module's dotted name and its source file (a package by its `__init__.py`)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = path.relative_to(REPO).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules

"""A wheel carries every file the packages read at run time, not only their Python.

A wheel holds a package's `.py` files and, of the rest, only what pyproject.toml's
`[tool.setuptools.package-data]` names: a grammar, an SQL file or a dashboard asset left
out works in a checkout and fails once installed (`python -m build`, then `studdraw demo`
from a clean venv). Checked against the configuration, without building (a compiled
wheel takes minutes).
"""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import PurePosixPath

import pytest

from tests.conftest import REPO

PACKAGES = ("parsers", "pipeline", "dashboard")
BUILT_HERE = {".py", ".pyc", ".so", ".pyd"}  # sources, and what the install compiles


def _package_data() -> dict[str, list[str]]:
    configuration = tomllib.loads((REPO / "pyproject.toml").read_text())
    return configuration["tool"]["setuptools"]["package-data"]


def _tracked_data_files() -> list[PurePosixPath]:
    """The packages' files in git that are neither Python nor built."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", *PACKAGES],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    files = [PurePosixPath(name) for name in listed.decode().split("\0") if name]
    return [path for path in files if path.suffix not in BUILT_HERE]


def _shipped(path: PurePosixPath, package_data: dict[str, list[str]]) -> bool:
    """Whether a package-data pattern of the package holding `path` matches it (setuptools
    reads a pattern from the package's folder; a package is a folder with __init__.py)."""
    for package, patterns in package_data.items():
        folder = PurePosixPath(*package.split("."))
        if folder in path.parents and (REPO / folder / "__init__.py").is_file():
            inside = path.relative_to(folder)
            if any(_glob_matches(inside, pattern) for pattern in patterns):
                return True
    return False


def _glob_matches(path: PurePosixPath, pattern: str) -> bool:
    """A glob as setuptools reads it: `*` within one folder (no `**` is used here)."""
    return len(path.parts) == len(PurePosixPath(pattern).parts) and path.match(pattern)


def test_every_file_the_packages_read_is_in_the_wheel() -> None:
    package_data = _package_data()
    data_files = _tracked_data_files()
    assert data_files, "no grammar, SQL or asset found: is this the checkout?"
    left_out = [str(path) for path in data_files if not _shipped(path, package_data)]
    assert not left_out, f"add to [tool.setuptools.package-data] in pyproject.toml: {left_out}"


@pytest.mark.parametrize(
    "needed",
    ["parsers/grammars/pokerstars.lark", "pipeline/storage/schema.sql", "dashboard/favicon.png"],
)
def test_the_grammars_the_sql_and_the_page_icon_are_named(needed: str) -> None:
    """One of each kind, should the packages' own files ever be listed otherwise."""
    assert (REPO / needed).is_file()
    assert _shipped(PurePosixPath(needed), _package_data())

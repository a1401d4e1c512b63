"""The engine judges games, not sites: it reads the event contract, the games table and
the house-rule value types, and never a site parser (the caller names the house rules)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

ENGINE = REPO / "pipeline" / "engine"
ALLOWED_FROM_PARSERS = {
    "parsers.model.events",
    "parsers.model.games",
    "parsers.model.conventions",
    "parsers.model.immutable",
}


def imported_modules(path: Path) -> set[str]:
    modules: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    return modules


def test_the_engine_imports_no_site_parser() -> None:
    engine_files = sorted(ENGINE.glob("*.py"))
    assert len(engine_files) >= 7
    outside = {
        (path.name, module)
        for path in engine_files
        for module in imported_modules(path)
        if module.split(".")[0] == "parsers" and module not in ALLOWED_FROM_PARSERS
    }
    assert outside == set()

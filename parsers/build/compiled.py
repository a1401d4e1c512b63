"""The modules built as C extensions, and the guard that keeps a stale build from running.

Parsing and replaying are most of what an import costs. `setup.py` compiles the modules
below with mypyc when the package is installed (`STUDDRAW_PURE_PYTHON=1` skips it): the
same Python, typed as mypy checks it, run as C (the README gives what it bought).

A compiled module is a `.so` beside its `.py`, and Python prefers the `.so`: after an
edit or a checkout it would run the old code. So the build writes down a digest of the
sources it compiled (`parsers/build/compiled.digest`), and `install_guard` compares it with the
sources at start-up. If they differ, every module below is run from its source, with a
warning: compiled modules call each other directly, so one stale module taints them all.

A module-level constant that compiled code reads is declared `Final`: mypyc keeps it in a
C static, where any other module name is looked up in the module's dictionary on every
use (the line parser's piece readers did so twice a piece).

This module imports nothing of the project: `setup.py` loads it by its path.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
_SHARED_MODULES = (  # not lines.xml_hands: compiled, its expat handlers crashed the interpreter
    "parsers.lines.common_lines",
    "parsers.lines.hand_assembly",
    "parsers.lines.hand_lines",
    "parsers.lines.line_parser",
    "parsers.lines.line_pieces",
    "parsers.lines.line_templates",
    "parsers.lines.xml_elements",
    "parsers.model.amounts",
    "parsers.model.events",
    "parsers.model.games",
    "parsers.model.hand_header",
    "parsers.model.record",
    "parsers.text.hand_texts",
    "parsers.text.site_time",
    "pipeline.engine.all_in",
    "pipeline.engine.betting",
    "pipeline.engine.dealt_cards",
    "pipeline.engine.equity",
    "pipeline.engine.evaluators",
    "pipeline.engine.hand_ranks",
    "pipeline.engine.hand_state",
    "pipeline.engine.odds",
    "pipeline.engine.pots",
    "pipeline.engine.replay",
    "pipeline.engine.results",
    "pipeline.engine.settlement",
    "pipeline.engine.showdown",
    "pipeline.engine.turn_order",
    "pipeline.engine.variants",
    "pipeline.storage.column_kinds",
    "pipeline.storage.rows",
)
_NOT_COMPILED_SITE_MODULES = frozenset({"__init__", "site_format"})  # the registry, the record


def site_modules(root: Path) -> tuple[str, ...]:
    """Every module of `parsers/sites/` but the registry and the record: a new site's
    module is compiled as soon as it is there."""
    folder = root / "parsers" / "sites"
    return tuple(
        f"parsers.sites.{path.stem}"
        for path in sorted(folder.glob("*.py"))
        if path.stem not in _NOT_COMPILED_SITE_MODULES
    )


MODULES = tuple(sorted((*_SHARED_MODULES, *site_modules(ROOT))))
PURE_PYTHON_VARIABLE = "STUDDRAW_PURE_PYTHON"  # set: installed, or run, without compiling
DIGEST_FILE = Path("parsers", "build", "compiled.digest")  # from the root


def source_of(module: str, root: Path = ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def sources_digest(root: Path = ROOT) -> str:
    """One digest of every compiled module's source, in `MODULES` order."""
    digest = hashlib.sha256()
    for module in MODULES:
        digest.update(module.encode() + b"\0" + source_of(module, root).read_bytes() + b"\0")
    return digest.hexdigest()


def extensions_present(root: Path = ROOT) -> bool:
    return any(
        source_of(module, root).with_suffix(suffix).exists()
        for module in MODULES
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
    )


def build_is_current(root: Path = ROOT) -> bool:
    """True when no module is compiled (nothing can be stale) or the build matches the
    sources."""
    if not extensions_present(root):
        return True
    digest_file = root / DIGEST_FILE
    return digest_file.exists() and digest_file.read_text().strip() == sources_digest(root)


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds the compiled modules' sources before Python's finders find their `.so`."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def sources_forced() -> bool:
    """`STUDDRAW_PURE_PYTHON=1` at run time too: the sources run, whatever is built beside
    them. `make unit-pure` runs the suite so, in the checkout another venv compiled."""
    return bool(os.environ.get(PURE_PYTHON_VARIABLE))


def install_guard() -> None:
    """Run the sources instead of a build that no longer matches them (once a process),
    or instead of any build when asked to (`sources_forced`)."""
    if any(isinstance(finder, _SourcesFirst) for finder in sys.meta_path):
        return
    if sources_forced():
        sys.meta_path.insert(0, _SourcesFirst())
        return
    if build_is_current():
        return
    sys.meta_path.insert(0, _SourcesFirst())
    warnings.warn(
        "studdraw: the compiled parsers and engine are older than their sources, so the "
        "sources run instead (correct, but slower); rebuild with `make` or "
        "`pip install -e .`",
        RuntimeWarning,
        stacklevel=2,
    )


if __name__ == "__main__":  # `make` asks, without importing the package: rebuild or not?
    sys.exit(0 if build_is_current() else 1)

"""Compiles the hot path (parsing, replay) with mypyc; the metadata is in pyproject.toml.

`parsers/compiled.py` lists the modules and explains the digest written here. Set
STUDDRAW_PURE_PYTHON=1 to install without compiling (no C compiler, or debugging).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def compiled_module() -> ModuleType:
    """parsers/compiled.py, loaded by path: importing the package would run its guard."""
    spec = importlib.util.spec_from_file_location("compiled", ROOT / "parsers" / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildThenRecordDigest(build_ext):
    """Writes the digest of the sources compiled once every extension is built. It is
    removed when a build starts, so a build that fails midway leaves none, and the guard
    runs the sources instead of a mix of old and new extensions."""

    digest = ""  # of the sources being compiled (read before they are)

    def run(self) -> None:
        super().run()
        if self.digest:
            (ROOT / compiled_module().DIGEST_FILE).write_text(self.digest + "\n")


def extensions() -> list[Extension]:
    if os.environ.get("STUDDRAW_PURE_PYTHON"):
        return []
    from mypyc.build import mypycify

    compiled = compiled_module()
    BuildThenRecordDigest.digest = compiled.sources_digest(ROOT)
    (ROOT / compiled.DIGEST_FILE).unlink(missing_ok=True)
    sources = [str(compiled.source_of(name, Path())) for name in compiled.MODULES]
    # A C file a module: gcc builds them in 2 minutes, one file of them all in 5.
    return mypycify(sources, opt_level="3", group_name="studdraw", multi_file=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildThenRecordDigest})

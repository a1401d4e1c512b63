"""The compiled hot path: built at install, and never run once its sources have changed."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from parsers.build import compiled
from tests.conftest import REPO

_WHICH_FILE = "import parsers.lines.line_parser, pipeline.engine.replay as r; print(r.__file__)"


def _is_extension(path: str | None) -> bool:
    return path is not None and path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


@pytest.mark.skipif(
    bool(os.environ.get("STUDDRAW_PURE_PYTHON")), reason="installed without compiling"
)
def test_the_install_runs_every_listed_module_compiled() -> None:
    assert compiled.build_is_current()
    for name in compiled.MODULES:
        assert _is_extension(importlib.import_module(name).__file__), name


@pytest.fixture
def tree_copy(tmp_path: Path) -> Path:
    """The packages with their build (the `.so` files and the digest), as a checkout."""
    for package in ("parsers", "pipeline"):
        shutil.copytree(REPO / package, tmp_path / package)
    return tmp_path


def _imported_from(
    root: Path, code: str = _WHICH_FILE, **environment: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), **environment},
        capture_output=True,
        text=True,
        check=True,
    )


def test_an_edited_source_runs_instead_of_its_stale_build(tree_copy: Path) -> None:
    if not compiled.extensions_present() or compiled.sources_forced():
        pytest.skip("installed, or run, without compiling")
    assert compiled.build_is_current(tree_copy)
    assert _is_extension(_imported_from(tree_copy).stdout.strip())

    amounts = compiled.source_of("parsers.model.amounts", tree_copy)
    amounts.write_text(amounts.read_text() + "\n# an edit\n")
    assert not compiled.build_is_current(tree_copy)
    ran = _imported_from(tree_copy)
    # Another module than the edited one: the build is stale as a whole.
    assert ran.stdout.strip() == str(compiled.source_of("pipeline.engine.replay", tree_copy))
    assert "older than their sources" in ran.stderr


def _stand_in_sources(root: Path) -> None:
    """Every compiled module as a one-line source, in its packages, with the build folder's
    guard: a tree as small as a checkout can be."""
    for name in compiled.MODULES:
        source = compiled.source_of(name, root)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("x = 1\n")
        for package in source.relative_to(root).parents:
            if package != Path():
                (root / package / "__init__.py").touch()
    (root / compiled.DIGEST_FILE).parent.mkdir(parents=True, exist_ok=True)


def test_sources_without_a_build_are_current(tmp_path: Path) -> None:
    _stand_in_sources(tmp_path)
    assert compiled.build_is_current(tmp_path)  # nothing compiled: nothing stale
    extension = compiled.source_of("parsers.text.hand_texts", tmp_path).with_suffix(
        importlib.machinery.EXTENSION_SUFFIXES[0]
    )
    extension.write_bytes(b"")
    assert not compiled.build_is_current(tmp_path)  # a build with no digest is not trusted
    (tmp_path / compiled.DIGEST_FILE).write_text(compiled.sources_digest(tmp_path) + "\n")
    assert compiled.build_is_current(tmp_path)


def test_pure_python_asked_at_run_time_passes_over_a_current_build(tmp_path: Path) -> None:
    """`STUDDRAW_PURE_PYTHON=1` when running, as `make unit-pure` does in a checkout that
    the compiled venv built: the sources run, silently. Here the build is a file that is no
    extension at all, with a digest that matches: importing it would fail."""
    _stand_in_sources(tmp_path)
    for guard in ("__init__.py", "build/__init__.py", "build/compiled.py"):
        shutil.copy(REPO / "parsers" / guard, tmp_path / "parsers" / guard)
    built = compiled.source_of("parsers.text.hand_texts", tmp_path).with_suffix(
        importlib.machinery.EXTENSION_SUFFIXES[0]
    )
    built.write_bytes(b"not a shared library")
    (tmp_path / compiled.DIGEST_FILE).write_text(compiled.sources_digest(tmp_path) + "\n")
    code = "import parsers.text.hand_texts as r; print(r.__file__)"
    forced = _imported_from(tmp_path, code, STUDDRAW_PURE_PYTHON="1")
    assert forced.stdout.strip() == str(compiled.source_of("parsers.text.hand_texts", tmp_path))
    assert not forced.stderr
    with pytest.raises(subprocess.CalledProcessError, match="exit status 1"):
        _imported_from(tmp_path, code, STUDDRAW_PURE_PYTHON="")  # the build, as it is

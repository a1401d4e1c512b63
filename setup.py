"""Compiles the hot path (parsing, replay) with mypyc; the metadata is in pyproject.toml.

`parsers/build/compiled.py` lists the modules and explains the digest written here. Set
STUDDRAW_PURE_PYTHON=1 to install without compiling (debugging). Where no C compiler
works (or Python's headers are missing), or mypyc fails, the install goes on as pure
Python by itself, and says so in one line: the same results, slower.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

PURE_PYTHON_NOTE = (
    "studdraw: installed as pure Python ({why}): the same results, but imports about "
    "{slower} times slower (docs/performance.md); install a C compiler and Python's "
    "headers, then reinstall, to compile it"
)
SLOWER = "2.5"  # the sources against the build, `bench/parse.py` (docs/performance.md)
MINUTES = 4  # mypyc and gcc on 2 cores (`python -m build`: 3 min of CPU)
STARTED = time.monotonic()


BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}
"""The commands that build: a pip install also runs this file for its metadata (egg_info,
dist_info), each in its own process, where the note would be said again."""


def say(line: str) -> None:
    """A line on stderr, at once: `pip install -v` shows it as it comes (the Makefile)."""
    print(line, file=sys.stderr, flush=True)


def say_pure_python(why: str) -> None:
    """One line on stderr (`pip install -v` shows it; `studdraw --version` says it too)."""
    if BUILDING.intersection(sys.argv[1:]):
        say(PURE_PYTHON_NOTE.format(why=why, slower=SLOWER))


def c_compiler_works() -> bool:
    """Whether the compiler setuptools would use builds a file that includes Python.h."""
    from distutils.ccompiler import new_compiler  # setuptools' own, once it is imported
    from distutils.sysconfig import customize_compiler

    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder, "probe.c")
        probe.write_text("#include <Python.h>\nint main(void) { return 0; }\n")
        compiler = new_compiler()
        customize_compiler(compiler)
        try:
            compiler.compile(
                [str(probe)], output_dir=folder, include_dirs=[sysconfig.get_paths()["include"]]
            )
        except Exception:  # CompileError, a compiler missing (OSError), MSVC not found...
            return False
    return True


def compiled_module() -> ModuleType:
    """parsers/build/compiled.py, loaded by path: importing the package would run its guard."""
    spec = importlib.util.spec_from_file_location(
        "compiled", ROOT / "parsers" / "build" / "compiled.py"
    )
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
        try:
            super().run()
        except Exception as error:  # a C file the compiler refuses, or it crashed
            say_pure_python(f"the C build failed: {str(error).strip() or type(error).__name__}")
            self.extensions: list[Extension] = []  # nothing of the failed build is installed
            self.digest = ""
            return
        if not self.digest:
            return
        digest_file = compiled_module().DIGEST_FILE
        (ROOT / digest_file).write_text(self.digest + "\n")
        if not self.inplace:  # a wheel is made of build_lib, which build_py filled before
            in_wheel = Path(self.build_lib, digest_file)
            in_wheel.parent.mkdir(parents=True, exist_ok=True)
            in_wheel.write_text(self.digest + "\n")
        say(f"studdraw: compiled in {time.monotonic() - STARTED:.0f} s")


def extensions() -> list[Extension]:
    """The mypyc extensions, for a command that builds them: pip runs this file for the
    metadata and the sdist too, where type-checking and writing the C (a minute) is lost."""
    if os.environ.get("STUDDRAW_PURE_PYTHON") or not BUILDING.intersection(sys.argv[1:]):
        return []
    if not c_compiler_works():
        say_pure_python("no working C compiler, or no Python headers, was found")
        return []
    compiled = compiled_module()
    digest = compiled.sources_digest(ROOT)  # read before mypyc reads them
    (ROOT / compiled.DIGEST_FILE).unlink(missing_ok=True)
    sources = [str(compiled.source_of(name, Path())) for name in compiled.MODULES]
    say(
        f"studdraw: compiling {len(sources)} modules with mypyc, then gcc (about {MINUTES} "
        "minutes on 2 cores; STUDDRAW_PURE_PYTHON=1 installs without)..."
    )
    try:
        from mypyc.build import mypycify

        # A C file a module: gcc builds them in 2 minutes, one file of them all in 5.
        built = mypycify(sources, opt_level="3", group_name="studdraw", multi_file=True)
    except (Exception, SystemExit) as error:  # mypyc exits on a type error
        failure = f"exit status {error.code}" if isinstance(error, SystemExit) else error
        say_pure_python(f"mypyc failed: {failure}; its errors are above")
        return []
    BuildThenRecordDigest.digest = digest
    return built


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildThenRecordDigest})

"""Site grammars built once per machine, not once per process.

Building a line grammar's LALR tables takes Lark 15-100 ms a site (Cereus's, the
largest, 0.45 s), and every process that reads hands pays it again: each import worker,
each `validate`, each test run. Lark can save the built parser and load it in a tenth of
the time, so each grammar is kept, built, in the user's cache folder.

A saved parser is a pickle, so it is kept where only the user writes (not the shared
temporary folder Lark uses by default), under a name that holds a digest of every
grammar file, Lark's version and Python's: an edited grammar is never read from an old
file. A file is written under a name of its own and then renamed into place, so that
import workers starting together never read one half written. Where nothing can be
written, the grammar is built as before.
"""

from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

import lark
from lark import Lark

from parsers.build.user_cache import user_cache_folder

GRAMMARS = Path(__file__).parents[1] / "grammars"


def cached_grammar(grammar_file: str, **options: Any) -> Lark:
    """`Lark.open(grammars/<grammar_file>, parser="lalr", **options)`, read from the cache
    when it holds this grammar built with these options, else built and saved there."""
    options = {"parser": "lalr", **options}
    folder = _cache_folder()
    saved = None if folder is None else folder / f"{_digest(grammar_file, options)}.pickle"
    if saved is not None and saved.exists():
        try:
            with saved.open("rb") as file:
                return Lark.load(file)
        except Exception:  # damaged (a disk that filled up): built and saved again
            pass
    grammar = Lark.open(str(GRAMMARS / grammar_file), **options)
    if saved is not None:
        _save(grammar, saved)
    return grammar


def _save(grammar: Lark, saved: Path) -> None:
    building = saved.with_name(f"{saved.name}.{os.getpid()}.tmp")
    try:
        with building.open("wb") as file:
            grammar.save(file)
        os.replace(building, saved)
    except OSError:
        building.unlink(missing_ok=True)


def _digest(grammar_file: str, options: dict[str, Any]) -> str:
    """The saved file's name: the grammar's, and a digest of every grammar (one may import
    another), the options and the versions of Lark and Python."""
    digest = hashlib.sha256(_grammar_sources())
    digest.update(f"{sorted(options.items())}{lark.__version__}{sys.version}".encode())
    return f"{grammar_file}-{digest.hexdigest()[:24]}"


@cache
def _grammar_sources() -> bytes:
    return b"".join(path.read_bytes() for path in sorted(GRAMMARS.glob("*.lark")))


@cache
def _cache_folder() -> Path | None:
    return user_cache_folder("grammars")

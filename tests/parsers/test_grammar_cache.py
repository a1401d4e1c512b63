"""A site grammar is built once per machine, and a saved one never misleads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from lark import Lark

from parsers.build import grammar_cache
from parsers.build.grammar_cache import cached_grammar

OPTIONS = {"lexer": "contextual", "start": "line", "maybe_placeholders": True}
LINE = "\ue000: raises $0.10 to $0.20 and is all-in"


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    grammar_cache._cache_folder.cache_clear()
    yield tmp_path / "studdraw" / "grammars"
    grammar_cache._cache_folder.cache_clear()


def _refuse_to_build(self: Lark) -> None:
    raise AssertionError("built again instead of read from the cache")


def test_a_grammar_built_once_is_read_back_and_parses_alike(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = cached_grammar("pokerstars.lark", **OPTIONS)
    saved = list(cache_home.iterdir())
    assert [path.suffix for path in saved] == [".pickle"]  # renamed into place, no .tmp
    monkeypatch.setattr(Lark, "_build_parser", _refuse_to_build)
    read = cached_grammar("pokerstars.lark", **OPTIONS)
    assert read.parse(LINE) == built.parse(LINE)
    for terminal in ("AMOUNT", "CARD", "PLAYER"):  # the line parser checks values with them
        pattern = read.get_terminal(terminal).pattern
        assert pattern.to_regexp() == built.get_terminal(terminal).pattern.to_regexp()


def test_other_options_or_an_edited_grammar_are_another_file(
    cache_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cached_grammar("pokerstars.lark", **OPTIONS)
    cached_grammar("pokerstars.lark", **{**OPTIONS, "start": "line", "lexer": "basic"})
    assert len(list(cache_home.iterdir())) == 2
    before = grammar_cache._digest("pokerstars.lark", OPTIONS)
    monkeypatch.setattr(grammar_cache, "_grammar_sources", lambda: b"AMOUNT: /edited/")
    assert grammar_cache._digest("pokerstars.lark", OPTIONS) != before


def test_a_damaged_cache_file_is_built_again(cache_home: Path) -> None:
    expected = cached_grammar("pokerstars.lark", **OPTIONS).parse(LINE)
    (saved,) = cache_home.iterdir()
    saved.write_bytes(saved.read_bytes()[:1000])  # a disk that filled up mid-write
    assert cached_grammar("pokerstars.lark", **OPTIONS).parse(LINE) == expected


def test_without_a_writable_cache_folder_the_grammar_is_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    grammar_cache._cache_folder.cache_clear()
    try:
        assert cached_grammar("pokerstars.lark", **OPTIONS).parse(LINE) is not None
    finally:
        grammar_cache._cache_folder.cache_clear()

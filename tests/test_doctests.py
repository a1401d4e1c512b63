"""The examples the docstrings show are run: a docstring's example that went wrong would
mislead the next reader more than no example at all."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.support.project_modules import project_modules


def _modules_with_examples() -> list[str]:
    """Modules whose source shows an interactive example."""
    return [
        name
        for name, path in project_modules().items()
        if ">>> " in path.read_text(encoding="utf-8")
    ]


MODULES = _modules_with_examples()


def test_examples_are_found() -> None:
    assert len(MODULES) >= 3


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} shows an example doctest does not find"
    assert result.failed == 0

"""The house shows the flow: no module imports one that imports it back, and none grows
past what one reading holds. Read from the sources, so a cycle hidden in a function or
under TYPE_CHECKING counts too: it is still two modules that cannot be read apart."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tests.support.project_modules import project_modules

LONGEST_MODULE = 700  # lines


def _imported(path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules a file imports anywhere in it (`from a import b` counts a.b
    when b is a module, else a)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in known}


def import_graph() -> dict[str, set[str]]:
    known = project_modules()
    return {name: _imported(path, known) - {name} for name, path in known.items()}


def cycles(graph: dict[str, set[str]]) -> Iterator[list[str]]:
    """Each group of modules that reach one another (Tarjan's strongly connected
    components, iteratively), larger than one module."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = lowest[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            successor = next(successors, None)
            if successor is not None:
                if successor not in index:
                    index[successor] = lowest[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                elif successor in on_stack:
                    lowest[node] = min(lowest[node], index[successor])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowest[parent] = min(lowest[parent], lowest[node])
            if lowest[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    yield sorted(group)


def test_the_cycle_finder_finds_a_cycle_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert list(cycles(graph)) == [["a", "b", "c"]]
    assert list(cycles({"a": {"b"}, "b": set()})) == []


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = import_graph()
    assert len(graph) > 150  # every package read
    assert list(cycles(graph)) == []


def test_no_module_is_longer_than_one_reading_holds() -> None:
    lengths = {
        name: len(path.read_text(encoding="utf-8").splitlines())
        for name, path in project_modules().items()
    }
    assert {name: n for name, n in lengths.items() if n > LONGEST_MODULE} == {}

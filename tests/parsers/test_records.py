"""The records whose `__init__` is written out for mypyc (the event contract, the engine's
results): each must take exactly its dataclass's fields, in order, with the same
defaults, and set every one; run interpreted, each takes the slot-setting `__init__`.

Compiled functions show no signature, so the written `__init__` is checked in its source
against the fields declared above it."""

from __future__ import annotations

import ast
import dataclasses
import pickle
from decimal import Decimal

import pytest

from parsers.model import events
from parsers.model.immutable import interpreted_inits
from tests.conftest import REPO

ROOT = REPO
WRITTEN_OUT = [
    "parsers/model/events.py",
    "parsers/model/hand_header.py",
    "parsers/lines/hand_assembly.py",
    "pipeline/engine/results.py",
    "pipeline/engine/pots.py",
    "pipeline/engine/showdown.py",
]


def _frozen_classes_with_an_init(path: str) -> list[ast.ClassDef]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return [
        node
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any("frozen=True" in ast.unparse(d) for d in node.decorator_list)
        and any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in node.body)
    ]


def _declared(record: ast.ClassDef) -> list[tuple[str, str | None]]:
    """The fields as declared: (name, default's source or None)."""
    fields = []
    for statement in record.body:
        if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            default = statement.value
            if isinstance(default, ast.Call) and ast.unparse(default.func) == "field":
                default = next(k.value for k in default.keywords if k.arg == "default")
            fields.append((statement.target.id, None if default is None else ast.unparse(default)))
    return fields


def _initialized(record: ast.ClassDef) -> tuple[list[tuple[str, str | None]], list[str]]:
    """The `__init__`'s parameters (name, default) and the fields its body assigns."""
    init = next(s for s in record.body if isinstance(s, ast.FunctionDef) and s.name == "__init__")
    positional = init.args.args[1:]
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(init.args.defaults))
    defaults += init.args.defaults
    parameters = [
        (argument.arg, None if default is None else ast.unparse(default))
        for argument, default in zip(positional, defaults, strict=True)
    ]
    assigned = [
        f"{target.attr}={ast.unparse(statement.value)}"
        for statement in init.body
        if isinstance(statement, ast.Assign)
        for target in statement.targets
        if isinstance(target, ast.Attribute)
    ]
    return parameters, assigned


RECORDS = [(path, record) for path in WRITTEN_OUT for record in _frozen_classes_with_an_init(path)]


def test_every_record_of_the_contract_is_checked() -> None:
    names = {record.name for _, record in RECORDS}
    assert len(RECORDS) >= 27
    assert {"Action", "Hand", "HandHeader", "SeatSummary", "PlayerResult", "Pot"} <= names


@pytest.mark.parametrize("record", [r for _, r in RECORDS], ids=lambda record: record.name)
def test_the_init_takes_the_fields_in_order_with_their_defaults_and_sets_each(
    record: ast.ClassDef,
) -> None:
    declared = _declared(record)
    parameters, assigned = _initialized(record)
    assert parameters == declared
    assert assigned == [f"{name}={name}" for name, _ in declared]


def test_a_compiled_record_is_frozen_and_pickles_by_its_fields() -> None:
    action = events.Action("Hero", events.ActionKind.RAISE, Decimal("1.50"), Decimal(3), line=7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.player = "Villain"  # type: ignore[misc]
    back = pickle.loads(pickle.dumps(action))
    assert back == action and back.line == 7 and type(back) is events.Action


@dataclasses.dataclass(frozen=True, slots=True)
class _WrittenOut:
    low: int
    high: int = 10

    def __init__(self, low: int, high: int = 10) -> None:
        self.low = low  # type: ignore[misc]
        self.high = high  # type: ignore[misc]


def test_interpreted_the_written_out_init_gives_way_to_the_slot_setting_one() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        _WrittenOut(1)  # interpreted, the frozen `__setattr__` refuses the assignment
    interpreted_inits("records.cpython-311-x86_64-linux-gnu.so", _WrittenOut)  # compiled
    with pytest.raises(dataclasses.FrozenInstanceError):
        _WrittenOut(1)
    interpreted_inits("records.py", _WrittenOut)
    assert (_WrittenOut(1).low, _WrittenOut(1).high, _WrittenOut(1, 2).high) == (1, 10, 2)

"""`immutable`: the frozen, slotted dataclass the sites' line records are, built faster.

A frozen dataclass sets each field in `__init__` with `object.__setattr__` (its own
`__setattr__` refuses), a global lookup, an attribute lookup and a call per field:
building a record takes 1.0 µs. Reading a hand builds a few hundred records, so that cost
was a tenth of the parse. Each slot's own descriptor sets the field just as well for
half the price (0.5 µs). `immutable` makes the dataclass, then writes that `__init__`,
with the same parameters, defaults and `__post_init__` call; the class stays a frozen
dataclass in every other way (`replace`, `fields`, equality, hashing).

The events and the engine's records go further: compiled, with their `__init__` written
out (`parsers.model.events`). Run interpreted, they take this slot-setting `__init__` instead
(`interpreted_inits`).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, cast, dataclass_transform

Record = TypeVar("Record", bound=type)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def immutable(cls: Record) -> Record:
    """`@dataclass(frozen=True, slots=True)`, with an `__init__` twice as fast."""
    made: Any = dataclasses.dataclass(frozen=True, slots=True)(cls)
    made.__init__ = _slot_init(made)
    return cast(Record, made)


def interpreted_inits(module_file: str, *records: type) -> None:
    """Under the interpreter, the slot-setting `__init__` for frozen dataclasses whose own
    `__init__` is written for mypyc (`parsers.model.events`). Compiled, such an `__init__` stores
    each field directly; interpreted, its first assignment would hit the dataclass's
    frozen `__setattr__`. A module runs interpreted when it is installed without
    compiling, or when its build is stale (`parsers.build.compiled`)."""
    if module_file.endswith(".py"):
        for record in records:
            if "__slots__" in vars(record):  # not a class `slots=True` replaced
                record.__init__ = _slot_init(record)  # type: ignore[misc]


def _slot_init(made: Any) -> Any:
    namespace: dict[str, object] = {}
    parameters: list[str] = []
    statements: list[str] = []
    for field in dataclasses.fields(made):
        assert field.init and not field.kw_only, f"{made.__name__}.{field.name}: unsupported"
        assert field.default_factory is dataclasses.MISSING, f"{made.__name__}: a factory"
        setter = f"_set_{field.name}"
        namespace[setter] = getattr(made, field.name).__set__  # the slot's descriptor
        if field.default is dataclasses.MISSING:
            parameters.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
        statements.append(f"{setter}(self, {field.name})")
    if hasattr(made, "__post_init__"):
        statements.append("self.__post_init__()")
    body = "".join(f"    {statement}\n" for statement in statements or ["pass"])
    exec(f"def __init__(self, {', '.join(parameters)}):\n{body}", namespace)
    init: Any = namespace["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    return init

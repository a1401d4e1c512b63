"""The base of the compiled records (`parsers.model.events`, `parsers.model.hand_header`).

Its own module, compiled with them: a compiled class derives only from a compiled one,
and the event contract's two modules both derive from it.
"""

from __future__ import annotations

import dataclasses
from typing import Any


class Record:
    """The base of every record of the contract: pickled by its fields. A compiled class is pickled
    by creating it empty and then setting its state, which neither a required parameter
    nor a frozen field allows; workers send hands and headers back to the loader."""

    __slots__ = ()

    def __reduce__(self) -> tuple[Any, ...]:
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return (type(self), tuple([getattr(self, field.name) for field in fields]))

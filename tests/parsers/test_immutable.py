"""`immutable` builds the same frozen dataclass as `@dataclass(frozen=True, slots=True)`,
only faster: same parameters and defaults, frozen, slotted, equal, hashable, picklable."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from parsers.model.immutable import immutable


@immutable
class _Checked:
    low: int
    high: int = 10
    line: int = dataclasses.field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low above high")


def test_the_init_takes_the_dataclass_parameters_and_defaults() -> None:
    assert _Checked(1) == _Checked(low=1, high=10, line=5)  # line does not compare
    assert (_Checked(1, 2, 3).low, _Checked(1, 2, 3).high, _Checked(1, 2, 3).line) == (1, 2, 3)
    with pytest.raises(TypeError):
        _Checked()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _Checked(1, nope=2)  # type: ignore[call-arg]


def test_post_init_still_runs() -> None:
    with pytest.raises(ValueError, match="low above high"):
        _Checked(11)


def test_the_record_stays_frozen_slotted_hashable_and_picklable() -> None:
    record = _Checked(1, 5, line=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.low = 2  # type: ignore[misc]
    assert not hasattr(record, "__dict__")
    assert hash(record) == hash(dataclasses.replace(record, line=9))
    assert dataclasses.replace(record, low=2).low == 2
    assert pickle.loads(pickle.dumps(record)) == record
    assert dataclasses.asdict(record)["high"] == 5

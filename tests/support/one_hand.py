"""One hand's text read as the importer reads a file: the hand, or the error it makes."""

from __future__ import annotations

from parsers.model.errors import HandParseError
from parsers.model.events import Hand
from parsers.text.history_file import parse_bytes


def outcome_of(data: bytes) -> object:
    outcomes = [outcome for _chunk, outcome in parse_bytes("hand.txt", data)]
    assert len(outcomes) == 1, outcomes
    return outcomes[0]


def parse_one(text: str, encoding: str = "utf-8") -> Hand:
    outcome = outcome_of(text.encode(encoding))
    if isinstance(outcome, HandParseError):
        raise outcome
    assert isinstance(outcome, Hand), outcome
    return outcome


def parse_error(text: str, encoding: str = "utf-8") -> HandParseError:
    outcome = outcome_of(text.encode(encoding))
    assert isinstance(outcome, HandParseError), outcome
    return outcome

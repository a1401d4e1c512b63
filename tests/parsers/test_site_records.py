"""One record per site, and everything else derived from the records: a toy site,
registered as a new site's module would be, is found in a file, read, named and played by
its own rules, and its module would be compiled, with nothing else written for it."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from parsers.build import compiled
from parsers.model.conventions import OddChip, SiteConventions
from parsers.model.events import Hand
from parsers.model.outcomes import CancelledHand, SkippedHand
from parsers.sites import SITE_FORMATS, SITE_MODULES, SITES, SiteRegistry, pokerstars
from parsers.sites.site_format import SiteFormat
from parsers.text import history_file
from parsers.text.hand_texts import HandText
from tests.conftest import REPO

TOY_FORMAT = dataclasses.replace(pokerstars.FORMAT, site="toy", name="Toy Poker")


def _toy_hand(chunk: HandText) -> Hand | SkippedHand | CancelledHand:
    """A toy room that writes PokerStars' lines under its own first word."""
    first = chunk.lines[0].replace("ToyPoker Hand", "PokerStars Hand", 1)
    read = TOY_FORMAT.read(dataclasses.replace(chunk, lines=(first, *chunk.lines[1:])))
    if not isinstance(read, Hand):
        return read
    return dataclasses.replace(read, header=dataclasses.replace(read.header, site="toy"))


TOY = SiteFormat(
    "toy",
    "Toy Poker",
    re.compile(r"^\ufeff?ToyPoker Hand #\d+", re.MULTILINE),
    _toy_hand,
    SiteConventions(odd_chip=OddChip.HIGH_CARD_BY_SUIT),
    grammars=("pokerstars.lark",),
)

RAZZ = REPO / "sample_histories" / "PokerStars" / "HandHistory" / "studdraw_hero"


def test_each_site_module_ends_with_its_one_record() -> None:
    assert [module.SITE_FORMAT for module in SITE_MODULES] == list(SITE_FORMATS)
    assert len({site.site for site in SITE_FORMATS}) == len(SITE_FORMATS) == 13
    for module in SITE_MODULES:
        record = module.SITE_FORMAT
        assert (record.site, record.name) == (module.SITE, module.NAME)
        for grammar in record.grammars:
            assert (REPO / "parsers" / "grammars" / grammar).is_file(), grammar
        assert (record.file_start is None) == (record.split_file is None)
        assert bool(record.grammars) != (record.split_file is not None)  # lines or XML


def test_the_name_players_read_is_the_one_every_message_uses() -> None:
    for module in SITE_MODULES:
        hand_formats = [
            value for value in vars(module).values() if type(value).__name__ == "HandFormat"
        ]
        for hand_format in hand_formats:
            assert hand_format.name.startswith(module.NAME), (module.SITE, hand_format.name)
    assert SITES.site_name("kingsclub") == "Kings Club"
    assert SITES.site_name("phh:kingsclub") == "Kings Club (PHH)"


def test_every_site_module_is_compiled_as_soon_as_it_is_there(tmp_path: Path) -> None:
    listed = compiled.site_modules(REPO)
    assert {module.__name__ for module in SITE_MODULES} <= set(listed) <= set(compiled.MODULES)
    sites = tmp_path / "parsers" / "sites"
    sites.mkdir(parents=True)
    for name in ("__init__.py", "site_format.py", "toy.py"):
        (sites / name).write_text("")
    assert compiled.site_modules(tmp_path) == ("parsers.sites.toy",)


def test_a_toy_site_registered_is_found_read_named_and_played_by_its_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = SiteRegistry((*SITE_FORMATS, TOY))
    stars = next(RAZZ.glob("*Razz*.txt")).read_bytes().decode("utf-8-sig")
    toy_file = stars.replace("PokerStars Hand #", "ToyPoker Hand #")
    assert toy_file != stars
    assert registry.site_of("ToyPoker Hand #1: Razz") is TOY
    assert SITES.site_of("ToyPoker Hand #1: Razz") is None  # not without its record
    assert registry.site_name("toy") == "Toy Poker"
    assert registry.conventions_of("toy") is TOY.conventions
    monkeypatch.setattr(history_file, "SITES", registry)
    outcomes = [outcome for _, outcome in history_file.parse_bytes("toy.txt", toy_file.encode())]
    hands = [outcome for outcome in outcomes if isinstance(outcome, Hand)]
    assert len(hands) == len(outcomes) > 0
    assert {hand.header.site for hand in hands} == {"toy"}
    monkeypatch.undo()
    stars_hands = [o for _, o in history_file.parse_bytes("stars.txt", stars.encode())]
    assert [h.header.hand_number for h in hands] == [h.header.hand_number for h in stars_hands]

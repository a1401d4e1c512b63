"""Each element of an XML hand knows its line: counted from the text's start tags (the
fast way, `start_tag_lines`) it is the line expat gives as the element starts (the slow
way, a Python call per element), on every real XML hand and on random documents."""

from __future__ import annotations

from decimal import Decimal
from xml.etree.ElementTree import Element

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.lines.xml_elements import ElementFault, XmlTree, start_tag_lines
from parsers.lines.xml_hands import _read_asking_lines, parse_xml
from parsers.text.history_file import file_chunks
from tests.conftest import REAL_HISTORIES as REAL

XML_FOLDERS = ("iPoker", "Boss")


def lines_in_order(tree: XmlTree) -> list[tuple[str, int]]:
    return [(element.tag, tree.line(element)) for element in tree.root.iter()]


def test_every_real_hand_counts_the_lines_expat_gives() -> None:
    hands = 0
    for folder in XML_FOLDERS:
        for path in sorted((REAL / folder).rglob("*")):
            if not path.is_file():
                continue
            for chunk in file_chunks(str(path), path.read_bytes()):
                fast = parse_xml(chunk.path, chunk.text, chunk.first_line, chunk.lines)
                counted = start_tag_lines(fast.root, chunk.lines, chunk.first_line)
                assert counted is not None, (path, chunk.first_line)
                asked = _read_asking_lines(chunk.path, chunk.text, chunk.first_line, True)
                assert lines_in_order(fast) == lines_in_order(asked), (path, chunk.first_line)
                assert min(line for _, line in lines_in_order(fast)) == chunk.first_line
                hands += 1
    assert hands > 100  # 138 in 2026


_NAMES = st.sampled_from(["game", "round", "action", "cards", "x"])
_GAPS = st.sampled_from(["", " ", "\n", "\n\n  ", "\t"])
_VALUES = st.sampled_from(["1", "a &lt; b", "€0.05", "x>y", "line\nbreak", ""])
_TEXTS = st.sampled_from(["", "S10 HA", "\n", "a &amp; b", " x\n y "])


@st.composite
def documents(draw: st.DrawFn, depth: int = 0) -> str:
    """An element with attributes, text and children, newlines anywhere markup allows."""
    name = draw(_NAMES)
    attributes = "".join(
        f'{draw(_GAPS) or " "}{key}{draw(_GAPS)}={draw(_GAPS)}"{draw(_VALUES)}"'
        for key in draw(st.lists(st.sampled_from("abcd"), max_size=3, unique=True))
    )
    children = draw(st.lists(documents(depth + 1), max_size=3)) if depth < 3 else []
    if not children and draw(st.booleans()):
        return f"<{name}{attributes}{draw(_GAPS)}/>"
    inside = "".join(child + draw(_TEXTS) for child in children)
    return f"<{name}{attributes}{draw(_GAPS)}>{draw(_TEXTS)}{inside}</{name}{draw(_GAPS)}>"


@settings(max_examples=300, deadline=None)
@given(documents(), st.integers(min_value=1, max_value=5000))
def test_random_documents_count_the_lines_expat_gives(text: str, first_line: int) -> None:
    fast = parse_xml("hand.xml", text, first_line)
    asked = _read_asking_lines("hand.xml", text, first_line, True)
    assert start_tag_lines(fast.root, text.split("\n"), first_line) is not None
    assert lines_in_order(fast) == lines_in_order(asked)


def test_a_comment_or_instruction_is_read_asking_expat() -> None:
    text = "<game>\n<!-- a <round> in a comment -->\n<round no='2'/>\n<?pi <x> ?>\n<cards/></game>"
    tree = parse_xml("hand.xml", text, 10)
    assert start_tag_lines(tree.root, text.split("\n"), 10) is None
    assert lines_in_order(tree) == [("game", 10), ("round", 12), ("cards", 14)]


def test_an_element_of_another_tree_has_no_line() -> None:
    tree = parse_xml("hand.xml", "<game>\n<round/>\n</game>", 3)
    assert tree.line(tree.root.find("round")) == 4  # type: ignore[arg-type]
    assert tree.line(Element("round")) == 0


def test_attributes_and_amounts_read_or_fault_at_their_line() -> None:
    tree = parse_xml(
        "hand.xml", '<game>\n<action sum="€0.05" no="x"/>\n<action sum="lots"/></game>', 7
    )
    first, second = tree.root.findall("action")
    assert tree.amount(first, "sum") == Decimal("0.05")
    assert tree.amount(first, "sum") == Decimal("0.05")  # read again, remembered
    assert tree.attribute(first, "no") == "x"
    with pytest.raises(ElementFault) as missing:
        tree.attribute(second, "no")
    assert missing.value.line == 9 and str(missing.value) == "<action> has no no"
    with pytest.raises(ElementFault) as unreadable:
        tree.amount(second, "sum")
    assert unreadable.value.line == 9
    with pytest.raises(ElementFault) as no_child:
        tree.child(first, "cards")
    assert no_child.value.line == 8

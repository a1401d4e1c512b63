"""An XML hand's elements as its reader uses them: each element's line in the file, its
attributes read or told missing at that line. Compiled (`parsers/build/compiled.py`): the
readers ask for an attribute or a line a hundred times a hand.

Why lines are kept beside the elements rather than on them: the standard library's C
elements have no room for a value of their own, and a Python subclass of them made expat
call back into Python for each element, half of what reading an iPoker hand cost."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Final
from xml.etree.ElementTree import Element

from parsers.model.amounts import parse_amount


class ElementFault(Exception):
    """A hand element that does not read: the line and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        self.line = line
        super().__init__(message)


_cached_amount: Final = lru_cache(maxsize=4096)(parse_amount)  # a session: a few dozen texts


class XmlTree:
    """A document's (or a hand's) root element, and the line of the file each of its
    elements starts on."""

    def __init__(self, root: Element, lines: dict[Element, int]) -> None:
        self.root = root
        self.lines = lines

    def line(self, element: Element) -> int:
        """The line of the file the element starts on (0 for one not of this tree)."""
        return self.lines.get(element, 0)

    def child(self, element: Element, tag: str) -> Element:
        """The element's first `tag` child; an `ElementFault` where it has none."""
        found = element.find(tag)
        if found is None:
            raise ElementFault(self.line(element), f"<{element.tag}> has no <{tag}>")
        return found

    def attribute(self, element: Element, name: str) -> str:
        """The attribute's value; an `ElementFault` where the element lacks it."""
        value = element.attrib.get(name)  # compiled, a dict's get: not a method looked up
        if value is None:
            raise ElementFault(self.line(element), f"<{element.tag}> has no {name}")
        return value

    def amount(self, element: Element, name: str) -> Decimal:
        """An attribute holding an amount, read exactly ("$0.73", "2.00")."""
        text = self.attribute(element, name)
        try:
            return _cached_amount(text)
        except ValueError as error:
            raise ElementFault(self.line(element), str(error)) from None


def start_tag_lines(
    root: Element, rows: Sequence[str], first_line: int
) -> dict[Element, int] | None:
    """Each element's line, counted from the text's rows: the elements in document order
    are its start tags in order, and each "<" but an end tag's starts one (a "<" in a
    value is always written "&lt;"). A comment, processing instruction, CDATA section or
    declaration ("<!", "<?") starts one more than there are elements: None then.
    (The elements listed at once: taken one by one, `next` cost a sixth of the whole.)"""
    elements = list(root.iter())
    lines: dict[Element, int] = {}
    line, taken = first_line, 0
    for row in rows:
        starts = row.count("<") - row.count("</")
        if starts:
            if taken + starts > len(elements):
                return None
            for element in elements[taken : taken + starts]:
                lines[element] = line
            taken += starts
        line += 1
    return lines if taken == len(elements) else None

"""The one door for XML histories (iPoker-style sites write a session as XML): parsed by
`defusedxml`, which refuses what a hostile file uses to hurt the reader.

- Entity expansion ("billion laughs": ten entities of ten of the one before inflate a
  kilobyte to gigabytes) is refused at the first entity declared.
- External entities (`<!ENTITY x SYSTEM "file:///etc/passwd">`) and DTDs fetched from a
  URL are refused: reading a history never opens another file or the network.

A refusal, like a file that is not XML at all, is a `HandParseError` naming the file and
line, so an import counts the file and goes on.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

from parsers.errors import ErrorKind, HandParseError


def parse_xml(path: str, data: bytes) -> Element:
    """The document's root element; `HandParseError` for unsafe or broken XML."""
    try:
        return fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as refusal:
        raise HandParseError(
            ErrorKind.STRUCTURE,
            f"XML refused: {refusal} (a DTD or entities, which no history needs)",
            path,
            1,
        ) from None
    except ParseError as error:
        line, column = error.position
        raise HandParseError(
            ErrorKind.SYNTAX, f"not well-formed XML ({error})", path, line, column + 1
        ) from None

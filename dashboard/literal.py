"""Text from histories inside the dashboard's Markdown: shown as written.

`st.markdown`, `st.caption`, `st.subheader`, `st.warning`, a button's label... read their
text as Markdown, with Streamlit's own additions (`:red[...]`, `:material/icon:`,
`:smile:`, `$...$` as LaTeX). A player called `**[x](javascript:...)**` or a table called
`:red[# big]` would be formatted, linked or coloured. `literal` escapes every character
Markdown or Streamlit gives a meaning to with a backslash (CommonMark shows an escaped
punctuation character as itself), and a line break as a space.
"""

from __future__ import annotations

import re
from typing import Final

_MEANINGFUL: Final = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:&=\"'])")
_LINE_BREAK: Final = re.compile(r"[\r\n\x0b\x0c\x85\u2028\u2029]+")


def literal(text: object) -> str:
    """`text` to put inside Markdown, shown exactly as written on one line."""
    return _MEANINGFUL.sub(r"\\\1", _LINE_BREAK.sub(" ", str(text)))

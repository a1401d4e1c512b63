"""A path as the player typed it, taken as they meant it on their system.

The shells differ in what they hand over. On Windows, cmd.exe expands `%LOCALAPPDATA%`
but PowerShell passes it as typed; neither expands `~`; and a quoted folder ending in a
backslash, `"C:\\My Hands\\"`, arrives as `C:\\My Hands"` (the C runtime reads `\\"` as a
quote kept). A double quote cannot be in a Windows name, so it is dropped; `%NAME%` and
`~` are expanded as cmd.exe would. On macOS and Linux the shell has done all that unless
the path was quoted (`"~/hands"`): `~` is expanded, and a backslash is a character of the
name, kept. Pure: the system, home and environment are parameters, so that Windows'
reading is tested on any system.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

from pipeline.sources.client_folders import WINDOWS, system_of

_WINDOWS_VARIABLE = re.compile(r"%([^%\\/:*?\"<>|]+)%")


def interpreted_path(
    text: str,
    platform: str | None = None,
    home: str | PurePath | None = None,
    environ: Mapping[str, str] | None = None,
) -> PurePath:
    """`text` as a path of `platform` (a `sys.platform` value; this one by default), for
    the user whose home and environment are given (this one's by default)."""
    platform = platform or sys.platform
    environ = os.environ if environ is None else environ
    home_text = str(home if home is not None else Path.home())
    if system_of(platform) != WINDOWS:
        if text == "~" or text.startswith("~/"):
            return PurePosixPath(home_text + text[1:])
        return PurePosixPath(text)
    text = text.replace('"', "")
    variables = {name.upper(): value for name, value in environ.items()}
    text = _WINDOWS_VARIABLE.sub(
        lambda match: variables.get(match[1].upper(), match[0]),  # unknown: kept, as cmd
        text,
    )
    if text == "~" or text.startswith(("~\\", "~/")):
        text = home_text + text[1:]
    return PureWindowsPath(text)


def user_path(text: str | PurePath) -> Path:
    """A path from the command line, as the player meant it here."""
    return Path(interpreted_path(str(text)))

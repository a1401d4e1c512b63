"""The folders a browser may have the dashboard read: a folder typed on the Import page
(to import it, or to watch it) must lie under one the player chose outside the browser,
on the command line (`studdraw dashboard --folder DIR`) or as a client's history folder
(`pipeline.sources.client_folders`). Whoever reaches the page cannot make the server read
`/etc`, `/proc/self/environ` (its environment) or `/var/log` and show it back as
rejected hands.

A path is judged where it really is (`..` and symbolic links resolved), so a link
inside a chosen folder that points out of it is refused too.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from dashboard.serving import FOLDERS_VARIABLE
from pipeline.sources.client_folders import client_folders


def chosen_folders(environ: Mapping[str, str] | None = None) -> list[Path]:
    """The folders named with `--folder`, then the clients' history folders found here,
    each resolved."""
    environ = os.environ if environ is None else environ
    named = [Path(part) for part in environ.get(FOLDERS_VARIABLE, "").split(os.pathsep) if part]
    found = [folder.path for folder in client_folders()]
    return list(dict.fromkeys(path.expanduser().resolve() for path in [*named, *found]))


def refusal(path: Path, chosen: Iterable[Path]) -> str | None:
    """Why the dashboard will not read `path` (one line naming it, plain text), or None
    when it lies under one of the `chosen` folders."""
    real = path.expanduser().resolve()
    if any(real.is_relative_to(folder) for folder in chosen):
        return None
    shown = str(path) if real == path else f"{path} (that is, {real})"
    return (
        f"Refused: {shown} is not under a folder you chose for this dashboard (the "
        "clients' history folders, or one named with studdraw dashboard --folder DIR)."
    )

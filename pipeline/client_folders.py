"""Where the poker clients keep their hand histories, by default, on this machine.

A player should not have to know that PokerStars writes to
`%LOCALAPPDATA%\\PokerStars\\HandHistory\\<screen name>`: `studdraw watch` looks where each
client writes by default on Windows and macOS, and on Linux inside every Wine prefix it
can find (`~/.wine`, `$WINEPREFIX`, Lutris' `~/Games`, Bottles, PlayOnLinux), and says
which folders it found. The places are data (`CLIENT_PLACES`), one line each.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

# Roots a place is relative to: a Windows user's folders (natively, or inside a Wine
# prefix's drive_c), the Mac user's, or the root of drive C.
LOCAL_APP_DATA = "local_app_data"  # C:\Users\<user>\AppData\Local
APP_DATA = "app_data"  # C:\Users\<user>\AppData\Roaming
DOCUMENTS = "documents"  # C:\Users\<user>\Documents
MAC_SUPPORT = "mac_support"  # ~/Library/Application Support
MAC_DOCUMENTS = "mac_documents"  # ~/Documents
DRIVE_C = "drive_c"  # C:\

CLIENT_PLACES: tuple[tuple[str, str, str], ...] = (
    # (client, root, folder under it); "*" is any one name: a screen name, a skin
    ("PokerStars", LOCAL_APP_DATA, "PokerStars*/HandHistory"),
    ("PokerStars", MAC_SUPPORT, "PokerStars*/HandHistory"),
    ("Full Tilt", DOCUMENTS, "HandHistory"),
    ("Full Tilt", DRIVE_C, "Program Files*/Full Tilt Poker/HandHistory"),
    ("Full Tilt", MAC_DOCUMENTS, "HandHistory"),
    ("Winamax", DOCUMENTS, "Winamax Poker/accounts/*/history"),
    ("Winamax", APP_DATA, "winamax/documents/accounts/*/history"),
    ("Winamax", MAC_DOCUMENTS, "Winamax Poker/accounts/*/history"),
    ("ACR", DRIVE_C, "ACR Poker/handHistory"),
    ("ACR", MAC_SUPPORT, "ACR Poker/handHistory"),
)


@dataclass(frozen=True, slots=True)
class ClientFolder:
    client: str
    path: Path


def client_folders(
    home: Path | None = None,
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
) -> list[ClientFolder]:
    """The clients' history folders that exist here, each once, in `CLIENT_PLACES`'
    order (arguments: for tests, a machine other than this one)."""
    home = home or Path.home()
    environ = os.environ if environ is None else environ
    platform = platform or sys.platform
    found: dict[Path, ClientFolder] = {}
    for roots in _root_sets(home, environ, platform):
        for client, root, place in CLIENT_PLACES:
            base = roots.get(root)
            if base is None:
                continue
            for path in sorted(base.glob(place)):
                if path.is_dir() and path.resolve() not in found:
                    found[path.resolve()] = ClientFolder(client, path)
    return list(found.values())


def _root_sets(home: Path, environ: Mapping[str, str], platform: str) -> Iterator[dict[str, Path]]:
    """Each set of roots where a client may be installed: this machine's own, then each
    Windows user of each Wine prefix."""
    if platform.startswith("win"):
        profile = Path(environ.get("USERPROFILE", home))
        yield {
            LOCAL_APP_DATA: Path(environ.get("LOCALAPPDATA", profile / "AppData" / "Local")),
            APP_DATA: Path(environ.get("APPDATA", profile / "AppData" / "Roaming")),
            DOCUMENTS: profile / "Documents",
            DRIVE_C: Path(environ.get("SYSTEMDRIVE", "C:") + "\\"),
        }
        return
    if platform == "darwin":
        yield {
            MAC_SUPPORT: home / "Library" / "Application Support",
            MAC_DOCUMENTS: home / "Documents",
        }
    for prefix in _wine_prefixes(home, environ):
        drive_c = prefix / "drive_c"
        yield {DRIVE_C: drive_c}
        for user in sorted((drive_c / "users").glob("*")):
            yield {
                LOCAL_APP_DATA: user / "AppData" / "Local",
                APP_DATA: user / "AppData" / "Roaming",
                DOCUMENTS: user / "Documents",
            }
            yield {  # Windows XP's layout, which older Wine prefixes keep
                LOCAL_APP_DATA: user / "Local Settings" / "Application Data",
                APP_DATA: user / "Application Data",
                DOCUMENTS: user / "My Documents",
            }


def _wine_prefixes(home: Path, environ: Mapping[str, str]) -> list[Path]:
    candidates = [Path(environ["WINEPREFIX"])] if environ.get("WINEPREFIX") else []
    candidates.append(home / ".wine")
    for parent in (
        home / "Games",  # Lutris
        home / ".local" / "share" / "bottles" / "bottles",
        home / ".var" / "app" / "com.usebottles.bottles" / "data" / "bottles" / "bottles",
        home / ".PlayOnLinux" / "wineprefix",
    ):
        candidates.extend(sorted(parent.glob("*")))
    return [prefix for prefix in candidates if (prefix / "drive_c").is_dir()]

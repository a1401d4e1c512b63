"""Where the poker clients keep their hand histories, by default, on each system.

A player should not have to know that PokerStars writes to
`%LOCALAPPDATA%\\PokerStars\\HandHistory\\<screen name>`: `studdraw watch` looks where each
client writes by default on Windows and macOS, and on Linux inside every Wine prefix it
can find (`~/.wine`, `$WINEPREFIX`, Lutris' `~/Games`, Bottles, PlayOnLinux; CrossOver's
bottles on a Mac), and says
which folders it found. The places are data (`CLIENT_PLACES`), one line each.

Two steps, so that another system's places can be tested on this one: `default_places`
builds the patterns for a system, a home and an environment with that system's pure path
class and looks at nothing; `client_folders` looks for them on this disk.

Sources: the folders FPDB's site detection looks in (jejellyroll-fr/fpdb-3,
`DetectInstalledSites.py`, `Configuration.py` HH_PATH_CANDIDATES) and the clients' own
defaults as players report them; docs/platforms.md says which were seen on a real disk.
"""

from __future__ import annotations

import glob
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

# Roots a place is relative to: a Windows user's folders (natively, or inside a Wine
# prefix's drive_c), the Mac user's, a Linux user's, or drive C and its Program Files.
LOCAL_APP_DATA = "local_app_data"  # C:\Users\<user>\AppData\Local
APP_DATA = "app_data"  # C:\Users\<user>\AppData\Roaming
DOCUMENTS = "documents"  # C:\Users\<user>\Documents (or OneDrive's Documents)
DRIVE_C = "drive_c"  # C:\
PROGRAM_FILES = "program_files"  # C:\Program Files and C:\Program Files (x86)
MAC_SUPPORT = "mac_support"  # ~/Library/Application Support
MAC_DOCUMENTS = "mac_documents"  # ~/Documents
MAC_DOWNLOADS = "mac_downloads"  # ~/Downloads
MAC_CONTAINERS = "mac_containers"  # ~/Library/Containers (sandboxed Mac App Store apps)
LINUX_CONFIG = "linux_config"  # $XDG_CONFIG_HOME, ~/.config

IPOKER_TABLES = "data/*/History/Data/Tables"  # <skin>\data\<player>\History\Data\Tables
_SANDBOXED_TABLES = "Data/Library/Application Support/*/*/History/Data/Tables"

CLIENT_PLACES: tuple[tuple[str, str, str], ...] = (
    # (client, root, folder under it); "*" is any one name: a screen name, a skin
    ("PokerStars", LOCAL_APP_DATA, "PokerStars*/HandHistory"),  # PokerStars.FR, .EU ...
    ("PokerStars", PROGRAM_FILES, "PokerStars*/HandHistory"),  # Windows XP's clients
    ("PokerStars", MAC_SUPPORT, "PokerStars*/HandHistory"),  # PokerStarsFR: no dot
    ("Full Tilt", DOCUMENTS, "HandHistory"),
    ("Full Tilt", PROGRAM_FILES, "Full Tilt Poker/HandHistory"),
    ("Full Tilt", MAC_DOCUMENTS, "HandHistory"),
    ("Winamax", APP_DATA, "[Ww]inamax/documents/accounts/*/history"),
    ("Winamax", APP_DATA, "[Ww]inamax/accounts/*/history"),
    ("Winamax", DOCUMENTS, "Winamax Poker/accounts/*/history"),
    ("Winamax", MAC_SUPPORT, "[Ww]inamax/documents/accounts/*/history"),
    ("Winamax", MAC_DOCUMENTS, "Winamax Poker/accounts/*/history"),
    ("Winamax", LINUX_CONFIG, "[Ww]inamax/documents/accounts/*/history"),  # native client
    ("ACR", DRIVE_C, "ACR Poker/handHistory"),
    ("ACR", DRIVE_C, "Americas Cardroom/handHistory"),
    ("ACR", DRIVE_C, "WinningPoker/handHistory"),
    ("ACR", DRIVE_C, "BlackChipPoker/handHistory"),
    ("ACR", PROGRAM_FILES, "ACR Poker/handHistory"),
    ("ACR", DOCUMENTS, "AmericasCardroom/handHistory"),
    ("ACR", MAC_DOWNLOADS, "AmericasCardroom/handHistory"),
    ("ACR", MAC_SUPPORT, "ACR Poker/handHistory"),
    ("iPoker", LOCAL_APP_DATA, f"*/{IPOKER_TABLES}"),  # any skin: Red Star, Betfair ...
    ("iPoker", APP_DATA, f"*/{IPOKER_TABLES}"),
    ("iPoker", LOCAL_APP_DATA, f"PokerClient/*/{IPOKER_TABLES}"),  # the newer client
    # On a Mac, skins by their app's name only: looking into every folder of
    # Application Support or every app's container makes macOS ask the player's leave
    # (Contacts, other apps' data), so other skins there are named by the player.
    ("iPoker", MAC_CONTAINERS, f"fr.pmu.poker.macos/{_SANDBOXED_TABLES}"),
    ("iPoker", MAC_CONTAINERS, f"fr.fdj.poker.macos/{_SANDBOXED_TABLES}"),
    ("iPoker", MAC_CONTAINERS, f"com.entainpt.*/{_SANDBOXED_TABLES}"),  # bwin.fr, Party.fr
    ("PartyPoker", DRIVE_C, "Programs/*/*/HandHistory"),  # Programs\PartyGaming\PartyPoker
    ("PartyPoker", DRIVE_C, "PartyGaming/PartyPoker/HandHistory"),
    ("PartyPoker", PROGRAM_FILES, "PartyGaming/PartyPoker/HandHistory"),
    ("PartyPoker", MAC_SUPPORT, "PartyGaming/PartyPoker/HandHistory"),
)

WINDOWS, MAC, LINUX = "windows", "macos", "linux"


def system_of(platform: str) -> str:
    """`WINDOWS`, `MAC` or `LINUX` (any other Unix: its clients run under Wine too), from
    a `sys.platform` value."""
    if platform.startswith(("win", "cygwin", "msys")):
        return WINDOWS
    return MAC if platform == "darwin" else LINUX


@dataclass(frozen=True, slots=True)
class ClientPlace:
    """Where a client writes by default: `pattern`, in which "*" stands for any one
    name (a screen name, a skin, a Wine prefix, a Windows user)."""

    client: str
    pattern: PurePath


@dataclass(frozen=True, slots=True)
class ClientFolder:
    client: str
    path: Path


def default_places(
    platform: str | None = None,
    home: str | PurePath | None = None,
    environ: Mapping[str, str] | None = None,
) -> list[ClientPlace]:
    """Every place where a client writes by default on `platform` (a `sys.platform`
    value), for the user whose home and environment are given: this machine's when not
    given. Built with that system's pure path class; nothing is looked at."""
    platform = platform or sys.platform
    environ = os.environ if environ is None else environ
    system = system_of(platform)
    flavour: type[PurePath] = PureWindowsPath if system == WINDOWS else PurePosixPath
    root = _literal(flavour(home if home is not None else Path.home()))
    places: list[ClientPlace] = []
    seen: set[PurePath] = set()
    for roots in _root_sets(system, root, environ):
        for client, name, place in CLIENT_PLACES:
            for base in roots.get(name, ()):
                pattern = base / place
                if pattern not in seen:
                    seen.add(pattern)
                    places.append(ClientPlace(client, pattern))
    return places


def client_folders(
    home: Path | None = None,
    environ: Mapping[str, str] | None = None,
    platform: str | None = None,
) -> list[ClientFolder]:
    """The clients' history folders that exist here, each once, in `default_places`'
    order (arguments: for tests, a machine other than this one, on this disk)."""
    found: dict[Path, ClientFolder] = {}
    for place in default_places(platform, home, environ):
        for path in _existing(Path(place.pattern)):
            if path.is_dir() and path.resolve() not in found:
                found[path.resolve()] = ClientFolder(place.client, path)
    return list(found.values())


def _existing(pattern: Path) -> list[Path]:
    """The folders matching `pattern`, in name order: globbed from its last part without
    a wildcard (a drive, a share, a home), which is never itself a pattern."""
    parts = pattern.parts
    fixed = next((i for i, part in enumerate(parts) if any(c in part for c in "*?[")), None)
    if fixed is None:
        return [pattern] if pattern.is_dir() else []
    base = Path(*parts[:fixed])
    try:
        return sorted(base.glob("/".join(parts[fixed:])))
    except OSError:  # a drive or share that is not there, a folder not allowed
        return []


Roots = dict[str, tuple[PurePath, ...]]


def _root_sets(system: str, home: PurePath, environ: Mapping[str, str]) -> Iterator[Roots]:
    """Each set of roots where a client may be installed: this machine's own, then (on
    Linux) each Windows user of each Wine prefix, as patterns."""
    if system == WINDOWS:
        yield _windows_roots(home, environ)
        return
    if system == MAC:
        library = home / "Library"
        yield {
            MAC_SUPPORT: (library / "Application Support",),
            MAC_DOCUMENTS: (home / "Documents",),
            MAC_DOWNLOADS: (home / "Downloads",),
            MAC_CONTAINERS: (library / "Containers",),
        }
    else:
        config = environ.get("XDG_CONFIG_HOME")
        yield {LINUX_CONFIG: (_literal(PurePosixPath(config)) if config else home / ".config",)}
    for prefix in _wine_prefixes(home, environ):
        drive_c = prefix / "drive_c"
        yield {
            DRIVE_C: (drive_c,),
            PROGRAM_FILES: (drive_c / "Program Files", drive_c / "Program Files (x86)"),
        }
        user = drive_c / "users" / "*"
        yield {
            LOCAL_APP_DATA: (user / "AppData" / "Local",),
            APP_DATA: (user / "AppData" / "Roaming",),
            DOCUMENTS: (user / "Documents",),
        }
        yield {  # Windows XP's layout, which older Wine prefixes keep
            LOCAL_APP_DATA: (user / "Local Settings" / "Application Data",),
            APP_DATA: (user / "Application Data",),
            DOCUMENTS: (user / "My Documents",),
        }


def _windows_roots(home: PurePath, environ: Mapping[str, str]) -> Roots:
    """A Windows user's roots, from the variables Windows sets (`environ`'s names are
    looked up as Windows does, whatever their case), else from the profile's layout."""
    variables = {name.upper(): value for name, value in environ.items() if value}

    def folder(name: str, default: PurePath) -> PurePath:
        value = variables.get(name)
        return _literal(PureWindowsPath(value)) if value else default

    profile = folder("USERPROFILE", home)
    drive = _literal(PureWindowsPath(variables.get("SYSTEMDRIVE", "C:") + "\\"))
    documents = [profile / "Documents"]
    if "ONEDRIVE" in variables:  # OneDrive's backup moves Documents into it
        documents.append(folder("ONEDRIVE", profile) / "Documents")
    program_files = [folder("PROGRAMFILES", drive / "Program Files")]
    program_files.append(folder("PROGRAMFILES(X86)", drive / "Program Files (x86)"))
    return {
        LOCAL_APP_DATA: (folder("LOCALAPPDATA", profile / "AppData" / "Local"),),
        APP_DATA: (folder("APPDATA", profile / "AppData" / "Roaming"),),
        DOCUMENTS: tuple(dict.fromkeys(documents)),
        DRIVE_C: (drive,),
        PROGRAM_FILES: tuple(dict.fromkeys(program_files)),
    }


def _literal(path: PurePath) -> PurePath:
    """`path` as a pattern matching itself alone: a home or a variable's folder may hold
    "[" (C:\\Users\\Zoë [poker]), which a pattern reads as a set of characters."""
    parts = path.parts[1:] if path.anchor else path.parts
    return type(path)(path.anchor, *(glob.escape(part) for part in parts))


def _wine_prefixes(home: PurePath, environ: Mapping[str, str]) -> list[PurePath]:
    """The Wine prefixes' folders, as patterns ("*": each bottle, each Lutris game)."""
    prefixes: list[PurePath] = []
    if environ.get("WINEPREFIX"):
        prefixes.append(_literal(PurePosixPath(environ["WINEPREFIX"])))
    bottles = home / ".var" / "app" / "com.usebottles.bottles" / "data" / "bottles"
    prefixes += [
        home / ".wine",
        home / "Games" / "*",  # Lutris
        home / ".local" / "share" / "bottles" / "bottles" / "*",
        bottles / "bottles" / "*",  # Bottles from Flathub
        home / ".PlayOnLinux" / "wineprefix" / "*",
        home / "Library" / "Application Support" / "CrossOver" / "Bottles" / "*",  # macOS
    ]
    return list(dict.fromkeys(prefixes))

"""Benchmark corpora: generated PokerStars histories (the default), or the real ones of a
site repeated with fresh hand numbers. Generated corpora are cached in bench/corpus/."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from parsers.lines.xml_hands import closing_of
from parsers.model.events import Hand
from parsers.text.history_file import parse_bytes
from pipeline.simulation.generate import generate
from pipeline.simulation.table_spec import HERO
from pipeline.storage.rows import hero_of
from pipeline.writers.history_writer import UnwritableHand
from pipeline.writers.pokerstars import HAND_END, write_hand

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "bench" / "corpus"
REAL = ROOT.parent / "shared" / "histories" / "real"
SITE_FOLDERS = {
    "pokerstars": "PokerStars",
    "fulltilt": "FullTilt",
    "winamax": "Winamax",
    "winning": "Winning",
    "everleaf": "Everleaf",
    "partypoker": "PartyPoker",
    "ongame": "OnGame",
    "ipoker": "iPoker",
    "merge": "Merge",
    "bovada": "Bovada",
    "kingsclub": "KingsClub",
    "absolute": "Absolute",
    "boss": "Boss",
}
# Each site's hand number, as (the text before it, the number): renumbered on each repeat.
_HAND_NUMBERS = {
    "pokerstars": re.compile(r"(PokerStars (?:Home Game )?(?:Game|Hand) #)(\d+)"),
    "fulltilt": re.compile(r"((?:Full Tilt Poker|FullTiltPoker) Game #)(\d+)"),
    "winamax": re.compile(r"(HandId: #)(\d+-\d+-\d+)"),
    "winning": re.compile(r"(Game ID: |Hand #)(\d+)"),
    "everleaf": re.compile(r"(Everleaf Gaming Game #)(\d+)"),
    "partypoker": re.compile(r"(Hand History [fF]or Game )(\d+)"),
    "ongame": re.compile(r"(History for hand R5-\d+-)(\d+)"),
    "ipoker": re.compile(r'(<game gamecode=")(\d+)'),
    "merge": re.compile(r'(<game id=")(\d+-\d+)'),
    "bovada": re.compile(r"((?:Ignition|Bovada|Bodog\S*) Hand #)(\d+)"),
    "kingsclub": re.compile(r"^(#)(\d+)(?=: )", re.MULTILINE),
    "absolute": re.compile(r"(Stage #C?)(\d+)"),
    "boss": re.compile(r'(<HISTORY ID=")(\d+)'),
}


def corpus(
    game: str,
    hands: int,
    source: str = "generated",
    rename: bool = False,
    site: str = "pokerstars",
) -> bytes:
    if source == "generated":
        return generated(game, hands)
    return repeated_real(game, hands, rename, site)


def generated(game: str, hands: int, seed: int = 1) -> bytes:
    path = CACHE / f"{game}-{hands}-{seed}.txt"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        text = "".join(write_hand(s.hand, HERO) + HAND_END for s in generate(game, hands, seed))
        path.write_text(text, encoding="utf-8", newline="\n")
    return path.read_bytes()


def repeated_real(game: str, minimum: int, rename: bool, site: str = "pokerstars") -> bytes:
    """The site's real hands of the game ("all": any), renumbered, repeated up to
    `minimum`; `rename` gives the players new names on each repeat (every seat line a new
    shape). Hands of double-spaced files are written single-spaced."""
    hands, preamble = _real_hands(game, site)
    texts = [(text, tuple(seat.player for seat in hand.seats)) for text, hand in hands]
    return _repeated(texts, minimum, rename, site, preamble)


def same_hands_as_pokerstars(game: str, minimum: int, site: str) -> tuple[bytes, bytes]:
    """The site's real hands that PokerStars could have dealt, and the same hands as
    PokerStars prints them (`pipeline.writers.pokerstars`), each repeated up to `minimum`:
    a per-hand comparison that does not depend on how long a site's hands happen to be."""
    own, stars = [], []
    hands, preamble = _real_hands(game, site)
    for text, hand in hands:
        header = hand.header  # what PokerStars' table line needs and some sites do not say
        seats = max(seat.seat for seat in hand.seats)
        hand = replace(
            hand,
            header=replace(
                header,
                hand_number="1",  # PokerStars' are digits ("33423082-1" at Merge); renumbered
                max_seats=header.max_seats or max(seats, 8),
                table=header.table or "Bench",
            ),
        )
        try:
            printed = write_hand(hand, hero_of(hand))
        except UnwritableHand:
            continue
        names = tuple(seat.player for seat in hand.seats)
        own.append((text, names))
        stars.append((printed, names))
    if not own:
        raise SystemExit(f"PokerStars prints none of the real {site} hands of game {game!r}")
    return (
        _repeated(own, minimum, False, site, preamble),
        _repeated(stars, minimum, False, "pokerstars", ""),
    )


def _real_hands(game: str, site: str) -> tuple[list[tuple[str, Hand]], str]:
    """Each real hand of the game, its text and its reading, and the XML session header."""
    hands, preamble = [], ""
    folder = REAL / SITE_FOLDERS[site]
    for path in sorted(p for p in folder.rglob("*") if p.suffix in (".txt", ".xml")):
        for chunk, outcome in parse_bytes(str(path), path.read_bytes()):
            if isinstance(outcome, Hand) and game in ("all", outcome.game.value):
                text = "\n".join(line for line in chunk.lines if line)
                if chunk.file_heading:  # Merge's description, once per file: each hand's
                    text = f"{chunk.file_heading[1]}\n{text}"
                hands.append((text, outcome))
                preamble = preamble or chunk.preamble
    if not hands:
        raise SystemExit(f"no real {site} hands of game {game!r}")
    return hands, preamble


def _repeated(
    hands: list[tuple[str, tuple[str, ...]]], minimum: int, rename: bool, site: str, preamble: str
) -> bytes:
    hand_number = _HAND_NUMBERS[site]
    texts, number, repetition = [], 10_000_000_000, 0
    while len(texts) < minimum:
        for text, names in hands:
            number += 1
            new_number = {"winamax": f"{number}-0-0", "merge": f"{number}-1"}.get(site, str(number))
            text = hand_number.sub(lambda m, n=new_number: f"{m.group(1)}{n}", text, count=1)
            if rename:
                text = _renamed(text, names, repetition)
            texts.append(text)
        repetition += 1
    if preamble:  # an XML session: its hands under the first file's header (a parse bench)
        return (preamble + "\n".join(texts) + f"\n{closing_of(preamble)}\n").encode("utf-8")
    return ("\n\n\n".join(texts) + "\n").encode("utf-8")


def _renamed(text: str, names: tuple[str, ...], repetition: int) -> str:
    ordered = sorted(names, key=len, reverse=True)
    for index, name in enumerate(ordered):
        text = re.sub(rf"(?<![\w]){re.escape(name)}(?![\w])", f"\0{index}\0", text)
    for index, name in enumerate(ordered):
        text = text.replace(f"\0{index}\0", f"{name} r{repetition}")
    return text


HANDS_PER_FILE = 10_000


def corpus_folder(hands: int, seed: int = 3) -> Path:
    """`hands` mixed-game hands in files of 10,000, as a client's history folder holds them."""
    folder = CACHE / f"import-{hands}-{seed}"
    if folder.exists():
        return folder
    partial = folder.with_suffix(".partial")
    partial.mkdir(parents=True, exist_ok=True)
    stream = generate("mixed", hands, seed)
    for number in range(0, hands, HANDS_PER_FILE):
        count = min(HANDS_PER_FILE, hands - number)
        text = "".join(write_hand(next(stream).hand, HERO) + HAND_END for _ in range(count))
        (partial / f"HH mixed {number // HANDS_PER_FILE:04d}.txt").write_text(text, "utf-8")
    partial.rename(folder)
    return folder


SIMULATED_AT_MOST = 100_000


def large_corpus_folder(hands: int) -> Path:
    """`corpus_folder(hands)`, but beyond 100,000 hands the first 100,000 again and again
    under new hand numbers (simulating a million hands takes an hour on this machine;
    renumbering, a minute). Each copy is a hand of its own to every reader."""
    if hands <= SIMULATED_AT_MOST:
        return corpus_folder(hands)
    assert hands % SIMULATED_AT_MOST == 0, "a multiple of 100,000 hands"
    folder = CACHE / f"import-{hands}-3-renumbered"
    if folder.exists():
        return folder
    base = sorted(corpus_folder(SIMULATED_AT_MOST).glob("*.txt"))
    partial = folder.with_suffix(".partial")
    partial.mkdir(parents=True, exist_ok=True)
    for copy in range(hands // SIMULATED_AT_MOST):
        for path in base:
            text = _renumbered(path.read_text("utf-8"), copy * 10**13)
            (partial / f"copy {copy:02d} {path.name}").write_text(text, "utf-8")
    partial.rename(folder)
    return folder


def _renumbered(text: str, offset: int) -> str:
    return _HAND_NUMBERS["pokerstars"].sub(lambda m: f"{m[1]}{int(m[2]) + offset}", text)


def tree_rss_kb(root: int) -> dict[int, int]:
    """Resident memory of a process and each of its descendants, from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(
                line.split(":", 1) for line in status.read_text().splitlines() if ":" in line
            )
        except OSError:
            continue
        pid = int(status.parent.name)
        parents[pid] = int(fields["PPid"])
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0])
    family = {root}
    changed = True
    while changed:
        changed = False
        for pid, parent in parents.items():
            if parent in family and pid not in family:
                family.add(pid)
                changed = True
    return {pid: rss.get(pid, 0) for pid in family}


def proportional_kb(pids: Iterable[int]) -> int:
    """The processes' proportional memory (Pss): each shared page counted once in all,
    split among the processes that map it. Summed resident memory counts the libraries
    every process maps (Polars, DuckDB: 117 MB in a loader, 41 MB in a worker) once per
    process."""
    total = 0
    for pid in pids:
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        found = re.search(r"^Pss:\s+(\d+)", rollup, re.MULTILINE)
        total += int(found[1]) if found else 0
    return total

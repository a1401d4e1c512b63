"""The bundled sample histories: generated, one hero, laid out as a PokerStars client
writes them (`HandHistory/<screen name>/HH<date> <table> - <stakes> - <game>.txt`).

    python -m pipeline.simulation.samples sample_histories
"""

from __future__ import annotations

import sys
from pathlib import Path

from parsers.model.events import Game, Hand
from pipeline.simulation.generate import numbered
from pipeline.simulation.simulator import simulate_hands
from pipeline.simulation.table_spec import HERO, TableSpec, default_spec
from pipeline.writers.pokerstars import GAMES as POKERSTARS_GAMES
from pipeline.writers.pokerstars import HAND_END, write_hand
from pipeline.writers.pokerstars_header import game_text, stake_pair

HANDS_PER_FILE = 200
SEED = 2026


def sample_tables() -> list[TableSpec]:
    """A cash table of every PokerStars game, and a razz tournament."""
    return [
        *(default_spec(game) for game in POKERSTARS_GAMES),
        default_spec(Game.RAZZ, tournament=True),
    ]


def file_name(first: Hand) -> str:
    header = first.header
    day = header.started_at_utc.strftime("%Y%m%d")
    if header.tournament is not None:
        tournament = header.tournament
        return f"HH{day} T{tournament.tournament_id} {game_text(header)}.txt"
    symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(header.currency or "", "")
    low, high = stake_pair(header)
    stakes = f"{symbol}{low}-{symbol}{high}"  # "Atalante II - $0.04-$0.08 - USD 7 Card Stud"
    return f"HH{day} {header.table} - {stakes} - {header.currency} {game_text(header)}.txt"


def write_samples(
    folder: Path, hands_per_file: int = HANDS_PER_FILE, seed: int = SEED
) -> list[Path]:
    target = folder / "PokerStars" / "HandHistory" / HERO
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for index, spec in enumerate(sample_tables()):
        spec = numbered(spec, seed + index)
        hands = [s.hand for s in simulate_hands(spec, hands_per_file, seed + index)]
        path = target / file_name(hands[0]).replace("/", "-")
        text = "".join(write_hand(hand, HERO) + HAND_END for hand in hands)
        path.write_text(text, encoding="utf-8-sig", newline="\n")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_samples(Path(sys.argv[1] if len(sys.argv) > 1 else "sample_histories")):
        print(path)

"""What PHH, the poker hand-history notation, calls our games and fields.

PHH (https://phh.readthedocs.io) is TOML: one hand per `.phh` file, or many as the
tables of a `.phhs` collection. Its variant codes name a game and its betting together;
the games PHH has no code for cannot be written in it. Keys PHH has no name for are
written as user fields, `_studdraw_<name>`: PHH keeps user fields for what it does not
define, and every PHH reader passes over keys starting with "_".
"""

from __future__ import annotations

from parsers.model.conventions import ShortAllInRaise, SiteConventions
from parsers.model.events import LimitKind
from parsers.model.games import Game

VARIANTS: dict[tuple[Game, LimitKind], str] = {
    (Game.SEVEN_STUD, LimitKind.FIXED): "F7S",
    (Game.SEVEN_STUD_HILO, LimitKind.FIXED): "F7S/8",
    (Game.RAZZ, LimitKind.FIXED): "FR",
    (Game.SINGLE_DRAW_27, LimitKind.NO): "N2L1D",
    (Game.TRIPLE_DRAW_27, LimitKind.FIXED): "F2L3D",
    (Game.BADUGI, LimitKind.FIXED): "FB",
}
"""Our (game, betting) for each of PHH's stud and draw variant codes."""

GAMES_OF_VARIANT: dict[str, tuple[Game, LimitKind]] = {code: key for key, code in VARIANTS.items()}

PHH_SUFFIXES = (".phh", ".phhs")

USER_FIELD = "_studdraw_"
"""The prefix of the fields we add: what a hand says and PHH has no key for."""

PHH_SITE = "phh"
"""The site of a PHH hand that does not name one."""

_NAMESPACE = PHH_SITE + ":"


def phh_site(claimed: object) -> str:
    """The site a PHH hand is known by: 'phh', or 'phh:<the site it names>'.

    A PHH file's `site` (and `_studdraw_site`) is whatever its author typed: taken as the
    hand's site, a file saying 'pokerstars' with a real hand number would take that
    PokerStars hand's key (site, hand number), and the genuine hand, read from the site's
    own history, would then be skipped as a duplicate. So a PHH hand keeps the site it
    names as a label in a namespace of its own, which no site's reader writes in: it can
    collide with another PHH hand (the same file imported twice), never with a hand read
    from a site's history. 'phh:pokerstars' still plays by PokerStars' house rules."""
    text = str(claimed or "").strip()
    if not text or text == PHH_SITE:
        return PHH_SITE
    return text if text.startswith(_NAMESPACE) else _NAMESPACE + text


def claimed_site(site: str) -> str:
    """The site a PHH hand's site names ('phh:pokerstars' -> 'pokerstars'); any other
    site as it is."""
    return site.removeprefix(_NAMESPACE)


def is_phh(path: str) -> bool:
    """A PHH file (or collection) by its name: PHH is TOML, not a site's text."""
    return path.lower().endswith(PHH_SUFFIXES)


CONVENTIONS = SiteConventions(
    cap_bets=5,
    uncapped_heads_up=False,
    short_all_in_raise=ShortAllInRaise.FROM_ALL_IN,
)
"""The rules of a PHH hand no site wrote: PokerKit's, the notation's reference. A fixed-limit
round caps at four raises over the blind (five bets; stud's completion is one of four, a
fifth is not flagged), heads-up too; after an all-in raise for less than a bet the next
raise starts from the all-in ("p2 cbr 17 / p4 cbr 27" at 10); tied winners share from the first
position (p1) on."""

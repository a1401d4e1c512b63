"""Seeded, reproducible simulation of plausible, legal Stud and Draw hands.

Why: the engine must be proven on far more hands than any site gives us, and on the rare
ones above all (community cards, reshuffled stubs, quartered pots, side pots of three and
more players, capped rounds). The simulator deals and plays such hands quickly and keeps
its own books -- pots, rake, shares and nets -- apart from the engine's, so that a round
trip can compare the two: a disagreement is a bug on one side or the other.

A simulated `Hand` is what the PokerStars parser would read from the history of that hand
seen by an observer who sees every card: every player's `Deal` holds the down cards, every
`Draw` holds the discarded, drawn and kept cards. Everything else follows the parser's
normalization (see `parsers/lines/hand_assembly.py` and `parsers/sites/pokerstars.py`): third
street is dealt as two down cards and one up card, a completion after the bring-in is a
`RAISE`, the header's stakes come from the forced bets as posted. It holds events only, no
site's words: no summary, no hand descriptions, no clock text (the writers derive and word
those; a muck carries the cards the summary will reveal). Take away what the site hides
(opponents' down cards and draws) and what only its text says, and the hand is the
parsed one.

The table is stateful across hands -- stacks carry over, the button moves, busted players
rebuy or are replaced -- but everything depends only on the spec and the seed.

Only the evaluators are shared with the engine, and what their values say about ranks
(`pipeline.engine.hand_ranks`): a hand's value is a fact, not a rule. Its play reads
nothing of the writers (only `generate` and `samples` write its hands out). Streets,
bring-in, acting order, bet sizes, pots, rake and splits are worked out here from
the games' published rules, independently of `pipeline.engine` and `parsers.model.games`.

What chance makes rare is also made on purpose: `loose_rate` hands in which nobody folds
(multiway showdowns, eight players to seventh street and its community card, stubs that
run out), and `rig_rate` hands dealt from a stacked deck that gives two players the same
ranks (ties to split; in hi/lo, lows to quarter). Both only choose among legal plays.

The parts, one concept each: `table_spec` (the game, stakes, seats and players a table
is set with), `table` (seats, stacks, button and clock from hand to hand), `game_shapes`
(the simulator's own rules table), `hand_play` (one hand played by the rules, recorded as
events: on `hand_state`, with `betting`, `settlement` and `hand_record`; it knows its table
by `table_view`), `strategy` (the bots' choices among the legal plays) and `books` (pots,
rake, shares, nets).

Not simulated: all-ins on a forced bet (every stack covers the ante and blinds; short
stacks rebuy, or are replaced in a tournament), and further raises after a short all-in
raise (a round with one is only called or folded to its end).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from pipeline.simulation.books import SimulatedHand
from pipeline.simulation.table import Table
from pipeline.simulation.table_spec import TableSpec


def simulate_hands(spec: TableSpec, count: int, seed: int) -> Iterator[SimulatedHand]:
    """`count` consecutive hands at one table; the same spec and seed give the same hands."""
    table = Table(spec, random.Random(seed))
    for _ in range(count):
        yield table.play_next()

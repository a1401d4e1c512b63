"""Pipeline: the engine that replays hands, loading, stats and the command line."""

import parsers  # noqa: F401  # its guard must see the engine's compiled modules first

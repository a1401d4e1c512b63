"""The engine: replay, pots, showdown, equity, all-in adjustment."""

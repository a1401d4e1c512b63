"""Pipeline: the engine that replays hands, loading, stats and the command line."""

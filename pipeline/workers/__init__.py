"""Reading on every core: the worker pool, its spool folders, processes' lives."""

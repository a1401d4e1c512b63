"""The `studdraw` command's entry point, light on purpose.

A worker process that `import`, `validate` or `parse` spawns (`pipeline.workers.worker_pool`:
where it cannot fork one) runs the command's script again before its work, and with it
this module: importing the command line here (Typer, Rich, every command's modules) would
cost each such worker a third of a second for nothing, so it is imported when the command
runs.
"""

from __future__ import annotations

import gc


def main() -> None:
    from pipeline.cli.commands import app

    try:
        app()
    finally:
        # The interpreter's last collections walk every object still alive (the grammars,
        # Polars' and DuckDB's modules): 0.08 s at the end of every command, a 5,000-hand
        # import's included. Frozen, they are left for the process's end to free.
        gc.freeze()


if __name__ == "__main__":  # python -m pipeline.cli.command (the benchmarks run it so)
    main()

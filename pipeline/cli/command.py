"""The `studdraw` command's entry point, light on purpose.

A worker process that `import`, `validate` or `parse` spawns (`pipeline.workers.worker_pool`:
where it cannot fork one) runs the command's script again before its work, and with it
this module: the command line (`pipeline.cli.app`: Typer, Rich, every command's modules)
is imported only when the command runs, so that such a worker does not load it for
nothing.
"""

from __future__ import annotations

import gc


def main() -> None:
    from pipeline.cli.app import app

    try:
        app()
    finally:
        gc.freeze()  # so that the collections at exit do not walk every object still alive


if __name__ == "__main__":  # python -m pipeline.cli.command (tests and benchmarks run it so)
    main()

"""`studdraw dashboard` run for a browser test: on a free port, waited for until it
answers, stopped whatever happens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import HANG_SECONDS, REPO


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        return probe.getsockname()[1]


@contextmanager
def running_dashboard(database: Path, *options: str) -> Iterator[str]:
    """The dashboard's URL, serving `database` (with these `studdraw dashboard` options),
    for the length of the block."""
    port = _free_port()
    command = [sys.executable, "-m", "pipeline.cli.command", "dashboard", "--db", str(database)]
    process = subprocess.Popen(
        [*command, "--port", str(port), *options],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://localhost:{port}"
    try:
        deadline = time.monotonic() + HANG_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise AssertionError("the dashboard did not start") from None
                time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()

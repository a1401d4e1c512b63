"""`kill -9` of an import (issue 49, point 5): its workers end with it, and the spool it
could not remove (`studdraw-import-<pid>-...` in the temporary folder) is removed by the
next run. Before, two workers stayed running and 44 MB of spool stayed for good."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.workers.spool_folders import remove_dead_spools
from tests.cli.test_cli import REAL
from tests.conftest import REPO

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc"),
    pytest.mark.hang_limit(600),  # a guard against a hang, in minutes: no timing
]

SAMPLES = REPO / "sample_histories"
RAZZ = REAL / "PokerStars" / "cash" / "Stud" / "Razz-USD-0.04-0.08-200911.txt"


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid`."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def _import(database: Path, folder: Path, temporary: Path, jobs: int) -> subprocess.Popen[str]:
    command = ["import", "--db", str(database), "--jobs", str(jobs), str(folder)]
    return subprocess.Popen(
        [sys.executable, "-m", "pipeline.cli.command", *command],
        cwd=REPO,
        env={**os.environ, "TMPDIR": str(temporary)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _wait(condition: object, what: str, seconds: float = 300) -> None:
    started = time.monotonic()
    while not condition():  # type: ignore[operator]
        assert time.monotonic() - started < seconds, what
        time.sleep(0.05)


def test_a_killed_imports_workers_end_and_its_spool_goes_with_the_next_run(
    tmp_path: Path,
) -> None:
    corpus, temporary = tmp_path / "histories", tmp_path / "tmp"
    temporary.mkdir()
    for copy in range(4):  # enough to be killed mid-way: 7,200 hands
        shutil.copytree(SAMPLES, corpus / f"copy{copy}")
    killed = _import(tmp_path / "killed.duckdb", corpus, temporary, jobs=2)
    try:
        spool = f"studdraw-import-{killed.pid}-"
        _wait(lambda: len(_children(killed.pid)) >= 2, "the workers never started")
        _wait(
            lambda: any(p.name.startswith(spool) and any(p.iterdir()) for p in temporary.iterdir()),
            "no batch was ever spooled",
        )
        workers = _children(killed.pid)
        os.kill(killed.pid, signal.SIGKILL)
        killed.wait()
    finally:
        if killed.poll() is None:
            killed.kill()
    _wait(lambda: not any(_running(w) for w in workers), "a worker outlived its import", 120)
    [left] = [p for p in temporary.iterdir() if p.name.startswith(spool)]
    assert any(left.iterdir())  # the batches it could not remove
    following = _import(tmp_path / "next.duckdb", RAZZ, temporary, jobs=1)
    _, said = following.communicate()
    assert following.returncode == 0, said
    assert not left.exists()
    assert [p.name for p in temporary.iterdir()] == []  # its own spool removed too


def test_only_spool_of_dead_runs_of_this_user_is_removed(tmp_path: Path) -> None:
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    gone = int(dead.stdout)
    names = {
        "dead": f"studdraw-import-{gone}-abc",
        "dead piece": f"studdraw-piece-{gone}-abc",
        "mine": f"studdraw-import-{os.getpid()}-abc",
        "living": f"studdraw-import-{os.getppid()}-abc",
        "another program's": f"studdraw-upload-{gone}-abc",
    }
    for name in names.values():
        (tmp_path / name).mkdir()
        (tmp_path / name / "batch.arrows").write_bytes(b"rows")
    outside = tmp_path / "outside"
    outside.mkdir()
    (tmp_path / f"studdraw-import-{gone}-link").symlink_to(outside)
    removed = remove_dead_spools(tmp_path)
    assert sorted(p.name for p in removed) == sorted([names["dead"], names["dead piece"]])
    assert outside.exists() and (tmp_path / f"studdraw-import-{gone}-link").is_symlink()
    assert all(
        (tmp_path / names[kept]).exists() for kept in ("mine", "living", "another program's")
    )

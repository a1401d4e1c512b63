"""The files a watch keeps beside its database (`<db>.watch`, its partial copy, the
`.stop` request) are names anyone who can write in that folder can foresee: a link
planted at one of them is never written through. The watch's state is written under a
name nobody can foresee and renamed into place; its target stays as it was."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pipeline.watch import watch_state

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links")

SECRET = "the victim's own text\n"


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    path = tmp_path / "elsewhere" / "victim.txt"
    path.parent.mkdir()
    path.write_text(SECRET)
    return path


@pytest.mark.parametrize("planted", [".watch.{pid}", ".watch"])  # the pid's temporary file
def test_a_link_planted_at_the_watch_state_is_not_written_through(
    tmp_path: Path, victim: Path, planted: str
) -> None:
    planted = planted.format(pid=os.getpid())
    database = tmp_path / "hands.duckdb"
    link = tmp_path / f"hands.duckdb{planted}"
    link.symlink_to(victim)
    state = watch_state.claim(database, [tmp_path], "command line")
    watch_state.report(database, state, "3 files watched")
    assert victim.read_text() == SECRET
    assert watch_state.current_watch(database) == watch_state.WatchState(
        os.getpid(), (str(tmp_path),), state.started_at, "command line", "3 files watched"
    )
    assert not watch_state.state_path(database).is_symlink()
    watch_state.release(database)
    assert victim.read_text() == SECRET
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != "elsewhere")
    assert left == ([link.name] if planted != ".watch" else [])  # no partial file left


def test_a_link_planted_at_the_stop_request_is_not_followed(tmp_path: Path) -> None:
    database = tmp_path / "hands.duckdb"
    nowhere = tmp_path / "elsewhere" / "created.txt"
    nowhere.parent.mkdir()
    watch_state.stop_path(database).symlink_to(nowhere)
    watch_state.request_stop(database)
    assert not nowhere.exists()  # a touch through the link would have made it
    assert watch_state.stop_requested(database)
    watch_state.release(database)
    assert not watch_state.stop_requested(database)

"""The note on a player is saved by one click on "Save note", and the page drawn after
the click shows it: in Streamlit's AppTest, and in a real browser, where a text area sends
its text only when it loses focus (the click that saves must carry it)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import duckdb
import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import HANG_SECONDS, REPO

pytestmark = pytest.mark.slow  # Streamlit, and a browser

PLAYER = "Kestrel99"
NOTE = "Completes every door card above a seven; folds fourth street to a raise."
PAGE = """
from dashboard.notes import note_editor

note_editor("pokerstars", "Kestrel99")
"""


def _notes(database: Path) -> list[tuple[str, str, str]]:
    with duckdb.connect(str(database), read_only=True) as connection:
        return connection.execute("SELECT site, player, note FROM player_notes").fetchall()


def _page(tmp_path: Path) -> Path:
    script = tmp_path / "note_page.py"
    script.write_text(PAGE, encoding="utf-8")
    return script


def test_one_click_saves_the_note_and_the_page_shows_it(
    writable_database: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(REPO))
    at = AppTest.from_file(str(_page(tmp_path)), default_timeout=HANG_SECONDS).run()
    key = f"opponents_note_pokerstars_{PLAYER}"
    assert at.text_area(key=key).value == ""
    assert not at.button(key="opponents_note_save").disabled  # never to be clicked twice
    at.text_area(key=key).input(NOTE)
    at.button(key="opponents_note_save").click().run()  # typed and clicked: one run
    assert not at.exception, [e.value for e in at.exception]
    assert _notes(writable_database) == [("pokerstars", PLAYER, NOTE)]
    assert at.text_area(key=key).value == NOTE
    assert f"Saved: {NOTE}" in [c.value for c in at.get_by_key("opponents_note_saved").caption]
    at.run()  # and it stays
    assert at.text_area(key=key).value == NOTE
    at.text_area(key=key).input("")
    at.button(key="opponents_note_save").click().run()
    assert _notes(writable_database) == []  # a blank note is removed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("localhost", 0))
        return probe.getsockname()[1]


def test_in_a_browser_the_first_click_saves_what_was_typed(
    writable_database: Path, tmp_path: Path
) -> None:
    """Type, then click Save at once (the text area still has the focus): saved."""
    playwright = pytest.importorskip("playwright.sync_api")
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(_page(tmp_path)), "--server.port",
         str(port), "--server.headless", "true", "--browser.gatherUsageStats", "false"],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), "STUDDRAW_DB": str(writable_database)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://localhost:{port}"
    try:
        deadline = time.monotonic() + HANG_SECONDS
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.3)
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page()
            page.goto(url)
            area = page.get_by_role("textbox", name=f"Your note on {PLAYER}")  # not its help
            area.click()
            area.fill(NOTE)
            page.get_by_role("button", name="Save note").click(timeout=HANG_SECONDS * 1000)
            playwright.expect(page.get_by_text(f"Saved: {NOTE}")).to_be_visible(
                timeout=HANG_SECONDS * 1000
            )
            assert area.input_value() == NOTE
            browser.close()
    finally:
        process.terminate()
        process.wait(HANG_SECONDS)
    assert _notes(writable_database) == [("pokerstars", PLAYER, NOTE)]

"""Names from a history are text, on every page: a player called
`<img src=x onerror=...>` and a table called `<script>...</script>` are shown as written,
and no script of theirs runs (each payload would set `window.__pwned`, or open a dialog).
The server is Streamlit as `studdraw dashboard` starts it: no deploy button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from tests.conftest import HANG_SECONDS
from tests.hostile.conftest import RAZZ, import_into
from tests.support.browser_server import running_dashboard

pytestmark = [pytest.mark.slow, pytest.mark.hang_limit(90)]  # a real browser, every page

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
expect.set_options(timeout=HANG_SECONDS * 1000)  # a wait for what must come: minutes

CHROMIUM = Path("/usr/bin/chromium")
PLAYER = '<img src=x onerror="window.__pwned=1">'
TABLE = "<script>window.__pwned=2</script>"
PAGES = ("", "stats", "opponents", "live", "import", "sql")


@pytest.fixture(scope="module")
def hostile_dashboard(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The dashboard on a database of the sample razz hands, one regular renamed to the
    image payload and the table to the script one; and a hand number he played."""
    folder = tmp_path_factory.mktemp("hostile_dashboard")
    text = RAZZ.read_text(encoding="utf-8-sig").replace("Kestrel99", PLAYER)
    history = folder / "razz.txt"
    history.write_text(text.replace("Quintilla V", TABLE), encoding="utf-8")
    summary = import_into(folder, history)
    assert summary.hands_imported == 200
    database = folder / "probe.duckdb"
    with duckdb.connect(str(database), read_only=True) as connection:
        [(hand,)] = connection.execute(
            "SELECT hand_number FROM hand_players WHERE player = ? LIMIT 1", [PLAYER]
        ).fetchall()
    with running_dashboard(database) as url:
        yield url, hand


def test_hostile_names_are_shown_as_text_on_every_page(
    hostile_dashboard: tuple[str, str],
) -> None:
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs it (apt chromium)"
    url, hand = hostile_dashboard
    dialogs: list[str] = []
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(HANG_SECONDS * 1000)
        page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        try:
            for path in PAGES:
                page.goto(f"{url}/{path}")
                _settle(page)
                assert page.evaluate("window.__pwned") is None, path
                expect(page.get_by_role("button", name="Deploy")).to_have_count(0)
            page.goto(f"{url}/replayer")
            number = page.get_by_label("Hand number")
            number.fill(hand)
            number.press("Enter")
            expect(page.get_by_text(PLAYER).first).to_be_visible()  # the name, as text
            page.goto(f"{url}/sql")
            page.get_by_role("textbox", name="SQL").fill(
                "SELECT DISTINCT hp.player, h.table_name FROM hand_players AS hp "
                "JOIN hands AS h USING (site, hand_number) WHERE hp.player LIKE '<%'"
            )
            page.get_by_role("button", name="Run query").click()
            _settle(page)
            page.wait_for_timeout(1_000)
            assert page.evaluate("window.__pwned") is None
            # The control: the same payload put in as HTML does run in this browser.
            control = PLAYER.replace("__pwned", "__control")
            page.evaluate(f"document.body.insertAdjacentHTML('beforeend', {control!r})")
            page.wait_for_function("window.__control === 1")
        finally:
            browser.close()
    assert dialogs == []


def _settle(page) -> None:
    page.wait_for_timeout(300)
    app = page.locator('[data-testid="stApp"]')
    expect(app).to_have_attribute("data-test-script-state", "notRunning")

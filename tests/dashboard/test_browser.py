"""The dashboard in a real browser: Debian's headless Chromium, driven by Playwright,
against `studdraw dashboard` (streamlit run). Import the sample histories through the
Import page, see the Overview graph drawn, open a stud and a triple-draw hand in the
replayer and step to the end. Screenshots of each stage go to test-output/browser/.

`make test` installs Chromium from Debian when it is missing, so a missing browser is a
failure here, not a skip.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from tests.conftest import HANG_SECONDS, REPO
from tests.support.browser_server import running_dashboard

pytestmark = pytest.mark.slow  # a real browser on a real import

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
TIMEOUT_MS = HANG_SECONDS * 1000  # an import or a first query can take a while on CI
expect.set_options(timeout=TIMEOUT_MS)

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = REPO / "test-output" / "browser"
DOC_IMAGES = REPO / "docs" / "images"  # the README's screenshots, with STUDDRAW_DOC_IMAGES=1


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A dashboard on a fresh, empty database; stopped whatever happens."""
    database = tmp_path_factory.mktemp("browser") / "db.duckdb"
    with running_dashboard(database, "--folder", str(REPO / "sample_histories")) as url:
        yield url, database


def _settle(page) -> None:
    """Wait for Streamlit's rerun to finish: a page part-way through a rerun still shows
    the previous run's elements."""
    page.wait_for_timeout(300)  # the click's rerun has started
    app = page.locator('[data-testid="stApp"]')
    expect(app).to_have_attribute("data-test-script-state", "notRunning")


def _hand_of(database: Path, game: str) -> str:
    with duckdb.connect(str(database), read_only=True) as connection:
        rows = connection.execute(
            "SELECT hand_number FROM hands WHERE game = ? ORDER BY players DESC, total_pot DESC "
            "LIMIT 1",
            [game],
        ).fetchall()
    return rows[0][0]


def test_import_graph_and_replayer_in_a_real_browser(server: tuple[str, Path]) -> None:
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs it (apt chromium)"
    url, database = server
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(TIMEOUT_MS)
        try:
            _import_samples(page, url)
            _overview_graph(page, url)
            for game in ("seven_stud", "triple_draw_27"):
                _replay_to_the_end(page, url, _hand_of(database, game), game)
            _all_in_equities(page, url, database)
            _tournaments(page, url)
        finally:
            browser.close()


def _import_samples(page, url: str) -> None:
    page.goto(f"{url}/import")
    expect(page.get_by_role("heading", name="Import")).to_be_visible()
    page.get_by_role("tab", name="Import a folder").click()
    folder = page.get_by_label("Folder or file on this computer")
    folder.fill(str(REPO / "sample_histories"))
    folder.press("Enter")
    button = page.get_by_role("button", name="Import folder")
    expect(button).to_be_enabled()
    page.screenshot(path=SHOTS / "1-import-page.png", full_page=True)
    button.click()
    imported = page.locator('[data-testid="stMetric"]').filter(has_text="Hands imported")
    expect(imported).to_contain_text("1,800")
    page.screenshot(path=SHOTS / "2-import-summary.png", full_page=True)


def _overview_graph(page, url: str) -> None:
    page.goto(url)
    expect(page.get_by_role("heading", name="Overview")).to_be_visible()
    graph = page.locator(".st-key-overview_graph_usd")  # the block of the dollars
    # Vega draws into a canvas (or svg) once the data is in: wait for a drawn size.
    drawn = graph.locator("canvas, svg.marks").first
    expect(drawn).to_be_visible()
    box = drawn.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 150
    adjusted = page.locator('[data-testid="stMetric"]').filter(has_text="All-in adjusted net")
    expect(adjusted).to_be_visible()
    page.screenshot(path=SHOTS / "3-overview-graph.png", full_page=True)
    _for_the_readme(page, "overview")


def _tournaments(page, url: str) -> None:
    """The samples' razz tournament on the Tournaments page, with its result."""
    page.goto(f"{url}/tournaments")
    expect(page.get_by_role("heading", name="Tournaments", exact=True, level=1)).to_be_visible()
    expect(page.locator(".st-key-tournaments_totals")).to_be_visible()
    expect(page.locator(".st-key-tournaments_list")).to_be_visible()
    page.screenshot(path=SHOTS / "7-tournaments.png", full_page=True)


def _all_in_equities(page, url: str, database: Path) -> None:
    """A sample hand the hero played all in: the replayer gives each player's equity."""
    with duckdb.connect(str(database), read_only=True) as connection:
        ((hand_number, hero, equity),) = connection.execute(
            "SELECT hand_number, player, all_in_equity FROM hand_players "
            "WHERE is_hero AND all_in_equity IS NOT NULL ORDER BY hand_number LIMIT 1"
        ).fetchall()
    page.goto(f"{url}/replayer")
    number = page.get_by_label("Hand number")
    number.fill(hand_number)
    number.press("Enter")
    line = page.locator(".st-key-replay_all_in")
    expect(line).to_contain_text("All in after")
    expect(line).to_contain_text(f"{hero} {100 * equity:.1f}%")
    page.screenshot(path=SHOTS / "6-all-in-equities.png", full_page=True)


def _replay_to_the_end(page, url: str, hand_number: str, game: str) -> None:
    page.goto(f"{url}/replayer")
    number = page.get_by_label("Hand number")
    number.fill(hand_number)
    number.press("Enter")
    expect(page.get_by_text(f"hand #{hand_number}")).to_be_visible()
    _settle(page)
    pot = page.locator("[data-pot]")
    seen_pots = [pot.get_attribute("data-pot")]
    title = page.locator(".sd-title")
    expect(title).to_contain_text("step 1 of")
    steps = int(title.inner_text().split(" of ")[1])
    assert steps >= 2
    page.screenshot(path=SHOTS / f"4-{game}-first.png", full_page=True)
    for step in range(2, steps + 1):
        page.get_by_role("button", name="Next street").click()
        expect(title).to_contain_text(f"step {step} of {steps}")
        seen_pots.append(pot.get_attribute("data-pot"))
    assert len(set(seen_pots)) > 1  # the pot grew as the hand went on
    expect(page.locator("[data-result]")).to_be_visible()  # the last step shows the result
    assert page.locator("[data-card]").count() > 0
    page.screenshot(path=SHOTS / f"5-{game}-last.png", full_page=True)
    if game == "seven_stud":
        _for_the_readme(page, "replayer")


def _for_the_readme(page, name: str) -> None:
    """The README's screenshots taken again, so that they show the dashboard as it is:
    `STUDDRAW_DOC_IMAGES=1 pytest tests/dashboard/test_browser.py -k replayer` writes
    docs/images/NAME.png (the window, not the whole page)."""
    if os.environ.get("STUDDRAW_DOC_IMAGES"):
        DOC_IMAGES.mkdir(exist_ok=True)
        page.screenshot(path=DOC_IMAGES / f"{name}.png")


def test_the_live_page_follows_a_watched_file_without_a_click(tmp_path: Path) -> None:
    """`studdraw watch` imports the hands a client appends; the Live tables page, left
    alone in the browser, shows the hero's count of hands go from 10 to 20."""
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs it (apt chromium)"
    folder, database = tmp_path / "HandHistory", tmp_path / "live.duckdb"
    folder.mkdir()
    razz = next((REPO / "sample_histories").rglob("*Quintilla V*Razz*"))
    hands = [h + "\n\n\n" for h in razz.read_text("utf-8-sig").split("\n\n\n") if h.strip()]
    table = folder / razz.name
    table.write_text("".join(hands[:10]), encoding="utf-8")
    watch = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pipeline.cli.command",
            "watch",
            str(folder),
            "--db",
            str(database),
        ],
        cwd=REPO,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_for_hands(database, 10)
        with running_dashboard(database) as url, playwright.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.set_default_timeout(TIMEOUT_MS)
            try:
                page.goto(f"{url}/live")
                expect(page.get_by_role("heading", name="Live tables")).to_be_visible()
                hero_hands = _cell(page, "studdraw_hero (hero)", "Hands")
                expect(hero_hands).to_have_text("10")
                page.screenshot(path=SHOTS / "6-live-10-hands.png", full_page=True)
                with table.open("a", encoding="utf-8") as client:  # the client plays on
                    client.write("".join(hands[10:20]))
                expect(hero_hands).to_have_text("20")  # no click, no reload
                page.screenshot(path=SHOTS / "7-live-20-hands.png", full_page=True)
            finally:
                browser.close()
    finally:
        os.killpg(watch.pid, signal.SIGINT)
        watch.wait(timeout=HANG_SECONDS)


def _wait_for_hands(database: Path, count: int) -> None:
    deadline = time.monotonic() + HANG_SECONDS
    while time.monotonic() < deadline:
        try:
            with duckdb.connect(str(database), read_only=True) as connection:
                if connection.execute("SELECT count(*) FROM hands").fetchone()[0] == count:
                    return
        except duckdb.Error:  # not created yet, or the watch is storing a batch
            pass
        time.sleep(0.1)
    raise AssertionError(f"the watch did not store {count} hands in {HANG_SECONDS} s")


def _cell(page, player: str, column: str):
    """The cell of `player`'s row under the header `column`, in the live table."""
    row = page.locator("table tbody tr", has_text=player).first
    expect(row).to_be_visible()  # the page's first read is in
    headers = page.locator("table thead tr").first.locator("th").all_inner_texts()
    return row.locator("th, td").nth([h.strip() for h in headers].index(column))

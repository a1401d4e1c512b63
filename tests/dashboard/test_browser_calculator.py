"""The odds calculator in a real browser (Debian's headless Chromium, driven by
Playwright) on a dashboard with no database: a 7 Card Stud Hi/Lo spot on sixth street and
a 2-7 Triple Draw spot typed in and counted. Screenshots go to test-output/browser/, and
with STUDDRAW_DOC_IMAGES=1 the stud one to docs/images/calculator.png (docs/calculator.md).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.support.browser_server import running_dashboard

pytestmark = pytest.mark.slow  # a real browser

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect
expect.set_options(timeout=60_000)
TIMEOUT_MS = 60_000  # no database, no import: the page answers at once

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(os.environ.get("STUDDRAW_SHOTS", REPO / "test-output" / "browser"))
DOC_IMAGES = REPO / "docs" / "images"

STUD_HI_LO = {  # sixth street, three players, two folded door cards and a seen card dead
    "game": "7 Card Stud Hi/Lo",
    "players": [("As 2d", "4c 5h Kd Kh"), ("Qs Qh", "Qc 9d 7s 3h"), ("8h 8c", "3s 6h 6d Jc")],
    "dead": "Kc 4d 2c Js 9h",
}
TRIPLE_DRAW = {  # the last draw: two one-card draws against a pat nine
    "game": "2-7 Triple Draw",
    "players": [("7c 5d 4h 2s", "1"), ("8c 6d 4c 3h", "1"), ("9d 7h 6s 3d 2d", "0")],
    "dead": "Kd Qc Th",
}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("calculator") / "none.duckdb"  # never created
    with running_dashboard(database) as address:
        yield address
    assert not database.exists()


def _settle(page) -> None:
    page.wait_for_timeout(300)
    app = page.locator('[data-testid="stApp"]')
    expect(app).to_have_attribute("data-test-script-state", "notRunning")


def _choose(page, key: str, option: str) -> None:
    page.locator(f".st-key-{key} input[role='combobox']").click()
    page.get_by_role("option", name=option, exact=True).click()
    _settle(page)


def _calculate(page, url: str, spot: dict, draw: bool) -> None:
    page.goto(f"{url}/calculator")
    expect(page.get_by_role("heading", name="Odds calculator")).to_be_visible()
    _choose(page, "calc_game", spot["game"])
    players = page.locator(".st-key-calc_players input")
    players.fill(str(len(spot["players"])))
    players.press("Enter")
    _settle(page)
    family = "draw" if draw else "stud"
    for number, (first, second) in enumerate(spot["players"], start=1):
        if draw:
            page.locator(f".st-key-calc_draw_{number}_kept input").fill(first)
            _choose(page, f"calc_draw_{number}_draws", second)
        else:
            page.locator(f".st-key-calc_{family}_{number}_down input").fill(first)
            page.locator(f".st-key-calc_{family}_{number}_up input").fill(second)
    page.locator(".st-key-calc_dead input").fill(spot["dead"])
    page.get_by_role("button", name="Calculate").click()
    expect(page.locator(".st-key-calc_result canvas").first).to_be_visible()
    _settle(page)


def test_the_calculator_counts_a_stud_and_a_draw_spot_in_a_browser(url: str) -> None:
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs it (apt chromium)"
    SHOTS.mkdir(parents=True, exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1400, "height": 1150})
        page.set_default_timeout(TIMEOUT_MS)
        try:
            _calculate(page, url, STUD_HI_LO, draw=False)
            expect(page.get_by_text("every runout counted (21,924)")).to_be_visible()
            expect(page.get_by_text("A qualifying low (eight or better) is made")).to_be_visible()
            page.screenshot(path=SHOTS / "calculator.png", full_page=True)
            if os.environ.get("STUDDRAW_DOC_IMAGES"):
                page.screenshot(path=DOC_IMAGES / "calculator.png", full_page=True)
            _calculate(page, url, TRIPLE_DRAW, draw=True)
            expect(page.get_by_text("every runout counted (1,260)")).to_be_visible()
            captions = page.locator("[data-testid='stCaptionContainer']")
            caption = captions.filter(has_text="the next draw only")
            expect(caption).to_be_visible()
            page.screenshot(path=SHOTS / "calculator-draw.png", full_page=True)
        finally:
            browser.close()

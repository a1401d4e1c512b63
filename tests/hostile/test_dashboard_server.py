"""The dashboard as `studdraw dashboard` serves it, probed over the network: it answers
only to localhost's names (a page at `http://evil.example:PORT` whose name was made to
resolve to this machine ran console queries: DNS rebinding), on plain requests and on
the websocket alike; and an error on a page reaches the browser without its traceback,
its message or the server's paths."""

from __future__ import annotations

import http.client
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.conftest import HANG_SECONDS
from tests.hostile.conftest import RAZZ, import_into
from tests.support.browser_server import running_dashboard

ALLOWED = "studdraw.example"  # `--allow-host` adds it


@pytest.fixture(scope="module")
def served(database: Path) -> Iterator[int]:
    """The port of a dashboard started with `--allow-host studdraw.example`."""
    with running_dashboard(database, "--allow-host", ALLOWED) as url:
        port = urlsplit(url).port
        assert port is not None
        yield port


def _status(port: int, host: str, path: str, websocket: bool = False) -> int:
    """The status of a request to this machine's port sent with this Host header."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=HANG_SECONDS)
    try:
        connection.putrequest("GET", path, skip_host=True)
        connection.putheader("Host", host)
        if websocket:
            connection.putheader("Connection", "Upgrade")
            connection.putheader("Upgrade", "websocket")
            connection.putheader("Sec-WebSocket-Version", "13")
            connection.putheader("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ==")
            connection.putheader("Sec-WebSocket-Protocol", "streamlit")
        connection.endheaders()
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.slow
@pytest.mark.hang_limit(120)
@pytest.mark.parametrize(
    ("host", "answered"),
    [
        ("localhost:{port}", True),
        ("127.0.0.1:{port}", True),
        ("[::1]:{port}", True),
        ("localhost", True),
        (f"{ALLOWED}:{{port}}", True),
        ("evil.example:{port}", False),
        ("localhost.evil.example:{port}", False),
        ("127.0.0.1.nip.io:{port}", False),
        ("", False),
    ],
)
def test_only_localhost_and_allowed_names_are_answered(
    served: int, host: str, answered: bool
) -> None:
    header = host.format(port=served)
    http_answer = 200 if answered else 403
    assert _status(served, header, "/_stcore/health") == http_answer
    assert _status(served, header, "/") == http_answer
    assert _status(served, header, "/_stcore/stream", websocket=True) == (101 if answered else 403)


@pytest.mark.parametrize(
    ("host", "answered"),
    [
        ("LOCALHOST:8501", True),
        ("localhost.:8501", True),
        ("[::1]", True),
        ("studdraw.example", True),
        ("[::2]:8501", False),
        ("localhost:notaport", False),
        ("evil.example@localhost", False),
        ("localhost/evil", False),
        ("127.0.0.2", False),
        (None, False),
    ],
)
def test_the_host_guard_reads_the_header_as_a_browser_writes_it(
    host: str | None, answered: bool
) -> None:
    from dashboard.serving import allowed_hosts, host_is_allowed

    allowed = allowed_hosts({"STUDDRAW_ALLOWED_HOSTS": "Studdraw.Example"})
    assert host_is_allowed(host, allowed) is answered


playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.slow
@pytest.mark.hang_limit(180)
def test_an_error_on_a_page_shows_no_traceback_and_no_server_path(tmp_path: Path) -> None:
    """The database file is broken under the running dashboard (a disk error, a file
    replaced): the page says there was an error, and nothing the browser receives holds
    the traceback, the exception's message or a path of the server."""
    assert CHROMIUM.exists(), "Chromium is missing: `make test` installs it (apt chromium)"
    database = tmp_path / "broken.duckdb"
    assert import_into(tmp_path, RAZZ).hands_imported == 200
    shutil.copy(tmp_path / "probe.duckdb", database)
    received: list[str] = []
    with running_dashboard(database) as url:
        database.write_bytes(b"this is no longer a database\n" * 20_000)
        with playwright.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            page = browser.new_page()
            page.set_default_timeout(60_000)
            page.on(
                "websocket",
                lambda socket: socket.on(
                    "framereceived",
                    lambda frame: received.append(
                        frame.decode("latin-1") if isinstance(frame, bytes) else frame
                    ),
                ),
            )
            try:
                page.goto(url)
                alert = page.locator('[data-testid="stException"], [data-testid="stAlert"]')
                alert.first.wait_for()
                shown = page.locator('[data-testid="stApp"]').inner_text()
            finally:
                browser.close()
    everything = shown + "".join(received)
    assert received, "the page's websocket said nothing"
    assert "This app has encountered an error" in shown
    # (Streamlit's own session message names the app's script: that is all of the server)
    for secret in ("Traceback", 'File "', '.py", line', "site-packages", str(tmp_path)):
        assert secret not in everything, secret
    for message in ("DuckDB", "IOException", "SerializationException", "not a valid"):
        assert message not in everything, message

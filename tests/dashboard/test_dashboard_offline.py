"""The dashboard fetches nothing from the internet, and starts without a warning."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import HANG_SECONDS, REPO

# `studdraw dashboard` up to the moment it becomes the Streamlit server: what it loads
# and says before then (the server itself is tested in tests/dashboard/test_browser.py).
_UNTIL_THE_SERVER = """
import os, sys
from typer.testing import CliRunner
os.execve = lambda *arguments: sys.exit(0)
from pipeline.cli.app import app
result = CliRunner().invoke(app, ["dashboard", "--db", sys.argv[1]])
print("exit", result.exit_code, "streamlit" in sys.modules)
"""


def test_the_dashboard_command_loads_no_streamlit_and_logs_nothing(tmp_path: Path) -> None:
    """Streamlit loaded outside its runtime logs "No runtime found" (an `st.cache_data`
    decorated at import): the command reads what it needs from `dashboard.serving`."""
    finished = subprocess.run(
        [sys.executable, "-W", "ignore", "-c", _UNTIL_THE_SERVER, str(tmp_path / "x.duckdb")],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        timeout=HANG_SECONDS,
    )
    assert finished.stdout.strip().splitlines()[-1] == "exit 0 False", finished
    assert "WARNING" not in finished.stderr and "No runtime" not in finished.stderr


def test_the_page_icon_is_served_by_the_dashboard() -> None:
    """A Material icon or an emoji as page icon is fetched by the browser from Google's
    or a CDN's servers: the icon is a file of the package."""
    app = (REPO / "dashboard" / "app.py").read_text()
    assert "page_icon=str(FAVICON)" in app
    assert (REPO / "dashboard" / "favicon.png").read_bytes().startswith(b"\x89PNG")
    assert "favicon.png" in (REPO / "pyproject.toml").read_text()  # in the wheel too


def test_the_app_shows_no_stray_text() -> None:
    """Streamlit's magic writes every bare expression of the script on the page: a
    string under a constant (a docstring of the constant) would show on every page."""
    tree = ast.parse((REPO / "dashboard" / "app.py").read_text())
    bare = [
        node.lineno
        for node in tree.body[1:]  # the module's docstring is not shown
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    ]
    assert bare == []

"""A folder typed in the browser is read only under the folders the player chose outside
it (`studdraw dashboard --folder DIR`, the clients' history folders): `/etc/passwd` and
`/proc/self/environ` (the server's environment) were imported as rejects and shown back
in the page, and a watch of `/var/log` kept re-reading it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from pipeline.watch import watch_state
from tests.conftest import HANG_SECONDS, REPO
from tests.hostile.conftest import RAZZ

APP = str(REPO / "dashboard" / "app.py")
OUTSIDE = ["/etc", "/etc/passwd", "/proc/self/environ", "/var/log"]


@pytest.fixture
def chosen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database to import into, and the one folder chosen with `--folder`."""
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    monkeypatch.setenv("STUDDRAW_DB", str(tmp_path / "probe.duckdb"))
    monkeypatch.setenv("STUDDRAW_FOLDERS", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no client folder of this machine
    return folder


def _import_page() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=HANG_SECONDS).run()
    at.switch_page("views/import_page.py").run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _refused(at: AppTest, typed: str) -> str:
    [error] = [element.value for element in at.error]
    shown = error.replace("\\", "")  # the page escapes the Markdown in it
    assert shown.startswith(f"Refused: {typed}") and "\n" not in shown, shown
    assert "is not under a folder you chose" in shown and "--folder" in shown
    return shown


@pytest.mark.parametrize("typed", OUTSIDE)
def test_a_folder_outside_the_chosen_ones_is_not_imported(chosen: Path, typed: str) -> None:
    at = _import_page()
    at.text_input(key="import_folder").input(typed).run()
    at.button(key="import_folder_button").click().run()
    assert not at.exception, [e.value for e in at.exception]
    _refused(at, typed)
    assert not (chosen.parent / "probe.duckdb").exists()  # nothing read, nothing stored


@pytest.mark.parametrize("typed", OUTSIDE)
def test_a_folder_outside_the_chosen_ones_is_not_watched(chosen: Path, typed: str) -> None:
    database = chosen.parent / "probe.duckdb"
    at = _import_page()
    try:
        at.text_area(key="watch_folders").input(f"{chosen}\n{typed}").run()
        at.button(key="watch_start").click().run()
        assert not at.exception, [e.value for e in at.exception]
        _refused(at, typed)
        assert watch_state.current_watch(database) is None
    finally:
        watch_state.request_stop(database)  # a watch wrongly started stops


def test_a_link_out_of_a_chosen_folder_is_judged_where_it_leads(chosen: Path) -> None:
    link = chosen / "looks-inside"
    link.symlink_to("/etc")
    at = _import_page()
    at.text_input(key="import_folder").input(str(link)).run()
    at.button(key="import_folder_button").click().run()
    assert "(that is, /etc)" in _refused(at, str(link))
    climbed = f"{chosen}/{'../' * len(chosen.parts)}etc"  # past the root, whatever the depth
    at.text_input(key="import_folder").input(climbed).run()
    at.button(key="import_folder_button").click().run()
    assert "(that is, /etc)" in _refused(at, climbed)


def test_a_chosen_folder_is_imported(chosen: Path) -> None:
    shutil.copy(RAZZ, chosen)
    at = _import_page()
    at.text_input(key="import_folder").input(str(chosen)).run()
    at.button(key="import_folder_button").click().run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert next(m.value for m in at.metric if m.label == "Hands imported") == "200"


def test_a_watch_that_fails_to_start_says_one_line_not_its_traceback(
    chosen: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a watch writes before it dies was shown whole in the browser: a traceback
    with the server's paths. Only its last line is."""
    fake = chosen.parent / "python"
    fake.write_text(
        "#!/bin/sh\necho 'Traceback (most recent call last):' >&2\n"
        "echo '  File \"/srv/secret/pipeline/cli.py\", line 1' >&2\n"
        "echo 'OSError: the disk is full' >&2\nexit 1\n"
    )
    fake.chmod(0o755)
    monkeypatch.setattr("sys.executable", str(fake))  # the watch's command starts with it
    at = _import_page()
    at.text_area(key="watch_folders").input(str(chosen)).run()
    at.button(key="watch_start").click().run()
    [error] = [element.value for element in at.error]
    assert "the disk is full" in error
    assert "Traceback" not in error and "/srv/secret" not in error

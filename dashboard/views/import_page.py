"""Import: upload history files or name a folder; see what was imported and rejected."""

from __future__ import annotations

import tempfile
from pathlib import Path

import polars as pl
import streamlit as st

from dashboard import folder_sandbox, importing, watch_control
from dashboard.connection import NoDatabase, database_path, is_dataset
from dashboard.literal import literal
from dashboard.queries import rejects as reject_queries
from parsers.sites import site_name
from pipeline.importing.importer import ImportSummary
from pipeline.reports.wording import counted
from pipeline.sources.client_folders import client_folders
from pipeline.storage.database import DatabaseBusy

SUMMARY = "import_summary"  # the last import's summary, shown until the next one


def _import(paths: list[Path]) -> None:
    """Run the import with a progress bar; keep its summary for the rest of the session."""
    bar = st.progress(0.0, text="Starting…")

    def progress(files: int, total: int, hands: int) -> None:
        bar.progress(
            files / total if total else 1.0, text=f"{files}/{total} files, {hands:,} hands read"
        )

    try:
        summary = importing.run_import(paths, database_path(), progress)
    except DatabaseBusy:
        st.warning("Another import is writing to the database; try again in a moment.")
        return
    bar.progress(1.0, text="Done")
    st.session_state[SUMMARY] = summary


def _summary(summary: ImportSummary) -> None:
    st.subheader("Last import")
    imported, duplicates, flop, cancelled, rejected = st.columns(5)
    imported.metric("Hands imported", f"{summary.hands_imported:,}")
    duplicates.metric("Duplicates skipped", f"{summary.duplicates:,}")
    flop.metric("Flop-game hands skipped", f"{summary.flop_games_skipped:,}")
    cancelled.metric(
        "Hands cancelled", f"{summary.cancelled:,}", help="Called off by the site: no money moved"
    )
    rejected.metric("Hands rejected", f"{sum(summary.rejected.values()):,}")
    st.caption(
        f"{summary.files} files ({summary.files_unchanged} unchanged and skipped) in "
        f"{summary.seconds:.1f} s"
        + (
            f"; {summary.left_for_next_run} half-written hands left for the next import"
            if summary.left_for_next_run
            else ""
        )
    )
    if summary.refused:  # a zip bomb, a file too large, one no reader knows: said, by name
        with st.container(key="import_refused_files"):
            st.warning(f"{counted(len(summary.refused), 'file')} not read")
            st.dataframe(
                pl.DataFrame(
                    {
                        "file": [Path(refused.name).name for refused in summary.refused],
                        "reason": [refused.reason for refused in summary.refused],
                    }
                ),
                hide_index=True,
                column_config={
                    "file": st.column_config.TextColumn("File"),
                    "reason": st.column_config.TextColumn("Why not read"),
                },
            )
    if summary.rejected:
        with st.container(key="import_rejected_reasons"):
            st.dataframe(
                pl.DataFrame(
                    {
                        "reason": list(summary.rejected),
                        "hands": list(summary.rejected.values()),
                    }
                ).sort("hands", descending=True),
                hide_index=True,
                placeholder="—",
                column_config={
                    "reason": st.column_config.TextColumn("Why rejected"),
                    "hands": st.column_config.NumberColumn("Hands"),
                },
            )


def _rejects() -> None:
    """The rejected hands kept in the database, with their reason and whole text."""
    st.subheader("Rejected hands")
    try:
        rejects = reject_queries.recent_rejects()
    except NoDatabase:
        st.caption("No database yet.")
        return
    if rejects.is_empty():
        st.caption("None: every hand read so far was imported.")
        return
    st.caption(f"The latest {rejects.height} (all are kept in the `rejects` table).")
    event = st.dataframe(
        rejects.drop("reject_id").with_columns(
            pl.col("site").map_elements(site_name, return_dtype=pl.String)
        ),
        hide_index=True,
        placeholder="—",
        key="import_rejects",
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "rejected_at": st.column_config.DatetimeColumn("When (UTC)", format="YYYY-MM-DD HH:mm"),
            "kind": st.column_config.TextColumn("Kind"),
            "site": st.column_config.TextColumn(
                "Site", help="The site whose history format the hand was read in."
            ),
            "hand_number": st.column_config.TextColumn("Hand"),
            "reason": st.column_config.TextColumn("Reason", width="large"),
            "source_file": st.column_config.TextColumn("File"),
            "first_line": st.column_config.NumberColumn("First line"),
            "line": st.column_config.NumberColumn("Line"),
        },
    )
    rows = event.selection.rows if event is not None else []
    if rows:
        reject_id = rejects["reject_id"][rows[0]]
        st.code(reject_queries.reject_text(reject_id) or "", language=None)


@st.fragment(run_every=2)
def _watch() -> None:
    """Start or stop the database's watch (`studdraw watch`), and show what it says."""
    st.subheader("Watch while you play")
    database = database_path()
    running = watch_control.running_watch(database)
    if running is not None:
        st.markdown(f"**Watching** `{'`, `'.join(running.folders)}`")
        st.caption(
            f"{running.status or 'starting…'} — process {running.pid}, started "
            f"{running.started_at[:19].replace('T', ' ')} UTC from the {running.started_from}"
        )
        if st.button("Stop watching", key="watch_stop"):
            watch_control.stop_watch(database)
            st.toast("Stopping after the batch being stored…")
        return
    st.caption(
        "New hands are imported within seconds of the client writing them, until you stop "
        "the watch (or run `studdraw watch` in a terminal)."
    )
    found = "\n".join(str(folder.path) for folder in client_folders())
    text = st.text_area(
        "Folders to watch, one a line (found where the clients keep them)",
        value=found,
        key="watch_folders",
        placeholder="e.g. ~/.wine/drive_c/users/me/AppData/Local/PokerStars/HandHistory",
    )
    folders = [Path(line.strip()).expanduser() for line in text.splitlines() if line.strip()]
    if st.button("Start watching", key="watch_start", disabled=not folders):
        chosen = folder_sandbox.chosen_folders()
        refused = [why for folder in folders if (why := folder_sandbox.refusal(folder, chosen))]
        if refused:
            st.error(literal(refused[0]))
            return
        missing = [str(folder) for folder in folders if not folder.is_dir()]
        if missing:
            st.error(f"No such folder: {', '.join(missing)}")
            return
        started = watch_control.start_watch(database, folders)
        if isinstance(started, str):
            st.error(started)
        else:
            st.rerun()


def main() -> None:
    st.title("Import")
    if is_dataset():
        st.info(
            f"This dashboard reads the Parquet dataset `{database_path()}`, which this page "
            "does not write to. Add hands with `studdraw import PATH... --to parquet "
            f"{database_path()}` (on a Dask cluster with `--cluster ADDRESS`)."
        )
        return
    st.caption(
        f"Into `{database_path()}`. The same import as `studdraw import`: new hands only, "
        "rejected hands kept with their reasons. The sidebar's filters do not apply here."
    )
    upload, folder = st.tabs(["Upload files", "Import a folder"])
    with upload:
        files = st.file_uploader(
            "Hand history files (.txt) or .zip archives, "
            f"up to {importing.UPLOAD_MEGABYTES} MB each",
            type=[suffix.lstrip(".") for suffix in importing.UPLOAD_SUFFIXES],
            accept_multiple_files=True,
            key="import_files",
        )
        if st.button("Import uploaded files", key="import_upload", disabled=not files):
            with tempfile.TemporaryDirectory(prefix="studdraw-upload-") as temporary:
                paths = importing.save_uploads(
                    ((file.name, file.getvalue()) for file in files or []), Path(temporary)
                )
                _import(paths)
    with folder:
        chosen = folder_sandbox.chosen_folders()
        text = st.text_input(
            "Folder or file on this computer",
            key="import_folder",
            placeholder="e.g. ~/PokerStars/HandHistory",
        )
        st.caption(
            "Only under the folders chosen for this dashboard: "
            + (", ".join(f"`{folder}`" for folder in chosen) or "none yet")
            + ". Name others with `studdraw dashboard --folder DIR`."
        )
        if st.button("Import folder", key="import_folder_button", disabled=not text):
            path = Path(text).expanduser()
            refused = folder_sandbox.refusal(path, chosen)
            if refused is not None:
                st.error(literal(refused))
            elif not path.exists():
                st.error(f"No such file or folder: {path}")
            else:
                _import([path])
    _watch()
    summary = st.session_state.get(SUMMARY)
    if isinstance(summary, ImportSummary):
        _summary(summary)
    _rejects()


main()

"""`studdraw dashboard`: this process becomes the Streamlit server of the dashboard
package, on localhost, told through its environment what to show."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.connections import database_errors_as_messages, database_path, dataset_connection
from pipeline.cli.console import stderr
from pipeline.cli.options import DATABASE_HELP


def dashboard(
    db: Annotated[Path | None, typer.Option(help=DATABASE_HELP)] = None,
    port: Annotated[int, typer.Option(help="The port to serve on (localhost only).")] = 8501,
    parquet: Annotated[
        Path | None, typer.Option(help="Show this Parquet dataset (read-only) instead.")
    ] = None,
    folder: Annotated[
        list[Path] | None,
        typer.Option(
            help="A folder the Import page may import or watch, besides the clients' "
            "history folders (repeat for more); nothing outside them is read."
        ),
    ] = None,
    allow_host: Annotated[
        list[str] | None,
        typer.Option(
            help="Answer to this host name too (repeat for more); by default only "
            "localhost, 127.0.0.1 and [::1] are answered, other names get 403."
        ),
    ] = None,
) -> None:
    """Open the dashboard (Streamlit, on http://localhost:PORT): results, stats,
    opponents, hand replayer, import, SQL console."""
    import importlib.util

    spec = importlib.util.find_spec("dashboard")
    if spec is None or spec.origin is None:
        stderr.print("[red]the dashboard package is not installed[/]")
        raise typer.Exit(2)
    from dashboard.importing import UPLOAD_MEGABYTES
    from dashboard.serving import (  # no Streamlit loaded here
        DATASET_VARIABLE,
        FOLDERS_VARIABLE,
        HOSTS_VARIABLE,
    )
    from pipeline.storage.database import refuse_unless_usable

    environment = dict(os.environ)
    if parquet is not None:
        dataset_connection(parquet).close()  # says what is wrong with the folder, if anything
        environment[DATASET_VARIABLE] = str(parquet.expanduser().resolve())
    else:
        with database_errors_as_messages():
            refuse_unless_usable(db or database_path(None))
    if db is not None:
        environment["STUDDRAW_DB"] = str(db.expanduser().resolve())
    for chosen in folder or []:
        if not chosen.expanduser().is_dir():
            stderr.print(f"--folder {chosen}: no such folder", markup=False)
            raise typer.Exit(2)
    environment[FOLDERS_VARIABLE] = os.pathsep.join(
        str(chosen.expanduser().resolve()) for chosen in folder or []
    )
    environment[HOSTS_VARIABLE] = ",".join(allow_host or [])
    command = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        # app.py behind the Host header guard (dashboard/server.py)
        str(Path(spec.origin).with_name("server.py")),
        "--server.address",
        "localhost",
        "--server.port",
        str(port),
        "--server.headless",
        "true",
        "--server.enableXsrfProtection",  # Streamlit's default, held here on purpose
        "true",
        "--server.maxUploadSize",  # megabytes per uploaded file, as the Import page says
        str(UPLOAD_MEGABYTES),
        "--client.toolbarMode",  # no deploy button, no developer menu
        "viewer",
        "--client.showErrorDetails",  # no traceback, no server path in the browser
        "none",
        "--browser.gatherUsageStats",
        "false",
    ]
    stderr.print(f"studdraw dashboard on [bold]http://localhost:{port}[/] (Ctrl+C stops it)")
    sys.stderr.flush()
    # Become the Streamlit server (no child left behind when this process is stopped).
    os.execve(sys.executable, command, environment)

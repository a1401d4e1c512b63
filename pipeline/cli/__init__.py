"""The `studdraw` command line: `command.py` its entry point, `app.py` the Typer app,
one module per group of commands."""

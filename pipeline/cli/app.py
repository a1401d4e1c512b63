"""The `studdraw` command: the Typer app, its `--version`, and its commands, each
defined in the module of its group (`reading`, `exporting`, `importing`, `database`,
`dashboard`, `demo`, `generating`) and listed here in the order `--help` shows them."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Annotated

import typer

from pipeline.cli.dashboard import dashboard
from pipeline.cli.database import hero, query, stats
from pipeline.cli.demo import demo
from pipeline.cli.exporting import export
from pipeline.cli.generating import generate
from pipeline.cli.importing import compact, import_, watch
from pipeline.cli.reading import parse, validate

app = typer.Typer(
    help="studdraw: hand histories of Stud and Draw poker, read, proved and analysed.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(asked: bool) -> None:
    if asked:
        from importlib.metadata import PackageNotFoundError, version

        build = _build_kind()
        try:
            print(f"studdraw {version('studdraw')} ({build})")
        except PackageNotFoundError:  # run from a checkout that was never installed
            print(f"studdraw (not installed; {build})")
        raise typer.Exit()


def _build_kind() -> str:
    """Whether the parsers and engine run compiled: an install without a C compiler (or
    a build older than its sources) runs them as pure Python."""
    from parsers.build.compiled import build_is_current, extensions_present, sources_forced

    if extensions_present() and build_is_current() and not sources_forced():
        return "compiled"
    return "pure Python: the same results, slower; docs/performance.md"


@app.callback()
def main(
    show_version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_print_version, help="Say the version."),
    ] = False,
) -> None:
    """Read, validate and analyse Stud and Draw hand histories."""
    utf8_when_redirected(sys.stdout)


def utf8_when_redirected(
    stream: object, platform: str = sys.platform, environ: Mapping[str, str] = os.environ
) -> None:
    """On Windows, output sent to a file or a pipe (`studdraw query --csv > hands.csv`) is
    written in the ANSI code page (cp1252), where a screen name such as "Łukasz" or
    "王" cannot be written: the command stopped on a UnicodeEncodeError. Written in UTF-8
    there, as everywhere else, unless PYTHONIOENCODING or PYTHONUTF8 says otherwise."""
    if not platform.startswith("win") or {"PYTHONIOENCODING", "PYTHONUTF8"} & set(environ):
        return
    reconfigure = getattr(stream, "reconfigure", None)
    isatty = getattr(stream, "isatty", None)
    if reconfigure is not None and isatty is not None and not isatty():  # a console: UTF-16
        reconfigure(encoding="utf-8")


app.command()(parse)
app.command()(validate)
app.command()(export)
app.command("import")(import_)
app.command()(compact)
app.command()(watch)
app.command()(hero)
app.command()(query)
app.command()(stats)
app.command()(dashboard)
app.command()(demo)
app.command()(generate)

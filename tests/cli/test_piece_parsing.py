"""`validate` and `parse` on every core: the same reports, in the same order, as one
process gives, whatever the files are cut into; a file that cannot be read is said."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from pipeline.cli.app import app
from pipeline.reports.hand_reports import (
    ParseReport,
    ValidationReport,
    parse_report,
    validation_report,
)
from pipeline.sources.history_sources import Refused, sources
from pipeline.workers import piece_parsing
from pipeline.workers.piece_parsing import read_sources
from tests.cli.test_cli import runner
from tests.conftest import REAL_HISTORIES, REPO

SAMPLES = REPO / "sample_histories"
PIECE = 150_000  # bytes: each sample file (about 350 KB) in three pieces


def _validation(paths: list[Path], jobs: int, piece_bytes: int) -> tuple[int, ValidationReport]:
    """How many reports came back, and the whole run's, with every piece's JSON lines."""
    total, count = ValidationReport(), 0
    reader = partial(validation_report, as_json=True)
    for report in read_sources(sources(paths), reader, jobs, piece_bytes):
        assert not isinstance(report, Refused), report
        total.json_lines.extend(report.json_lines)
        total.update(report)
        count += 1
    return count, total


@pytest.mark.slow
def test_workers_reading_pieces_report_what_one_process_reads_whole(monkeypatch) -> None:
    monkeypatch.setattr(piece_parsing, "SMALL_INPUT_BYTES", 0)  # two workers for 3 MB
    paths = [SAMPLES, REAL_HISTORIES / "PokerStars" / "cash" / "Stud"]
    whole_reports, whole = _validation(paths, jobs=1, piece_bytes=piece_parsing.PIECE_BYTES)
    cut_reports, cut = _validation(paths, jobs=2, piece_bytes=PIECE)
    assert cut_reports > whole_reports  # the sample files were cut
    assert cut.json_lines == whole.json_lines  # every hand once, in file order
    assert cut.tally == whole.tally and cut.codes == whole.codes
    assert cut.tally.total.valid >= 1_800  # the samples (and the real files) replayed


def test_small_input_is_read_by_this_process_alone(monkeypatch) -> None:
    """Under `SMALL_INPUT_BYTES` no worker is started (one would take longer to start
    than the hands take to read): the reader's reports come back all the same."""

    stud = sorted((REAL_HISTORIES / "PokerStars" / "cash" / "Stud").glob("*.txt"))[:2]
    started = []
    original = piece_parsing.executor

    def counting(jobs: int, worker_module: str | None = None):
        started.append(jobs)
        return original(jobs, worker_module)

    monkeypatch.setattr(piece_parsing, "executor", counting)
    reports = list(read_sources(sources(stud), parse_report, jobs=8))
    assert started == [1]
    assert len(reports) == 2 and all(isinstance(r, ParseReport) and r.parsed for r in reports)


def test_a_file_gone_before_it_is_read_is_said_in_its_place(tmp_path: Path) -> None:
    first, gone, last = (tmp_path / f"{name}.txt" for name in ("a", "b", "c"))
    stud = sorted((REAL_HISTORIES / "PokerStars" / "cash" / "Stud").glob("*.txt"))[0]
    for path in (first, gone, last):
        path.write_bytes(stud.read_bytes())
    found = list(sources([tmp_path]))
    gone.unlink()  # between the search and the read
    reports = list(read_sources(found, parse_report, jobs=1))
    assert isinstance(reports[0], ParseReport) and isinstance(reports[2], ParseReport)
    assert isinstance(reports[1], Refused) and reports[1].name == str(gone)
    assert reports[1].reason == "it vanished before it was read"


@pytest.mark.slow
@pytest.mark.parametrize("command", ["parse", "validate"])
def test_the_commands_print_the_same_with_two_workers(monkeypatch, command: str) -> None:
    monkeypatch.setattr(piece_parsing, "SMALL_INPUT_BYTES", 0)
    folder = REAL_HISTORIES / "PokerStars" / "cash"
    outputs = []
    for jobs in ("1", "2"):
        result = runner().invoke(app, [command, "--jobs", jobs, str(folder)])
        outputs.append((result.exit_code, result.stdout, result.stderr))
    assert outputs[0] == outputs[1]
    if command == "parse":
        assert len(outputs[0][1].splitlines()) > 20  # a hand a line
    else:
        total_row = outputs[0][2].splitlines()[-1].split()
        assert total_row[0] == "total" and int(total_row[1].replace(",", "")) > 20

# Two entry points for a fresh machine (Python 3.11, pip, git, make): `make demo`, `make test`.
# `make demo` ends by serving the dashboard on http://localhost:8501 (Ctrl+C stops it).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: demo test unit bench samples clean chromium compiled

$(BIN)/studdraw: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

# The parsers and engine are compiled at install (parsers/compiled.py): after an edit, a
# stale build would be passed over for the slower sources, so it is built again.
compiled: $(BIN)/studdraw
	@$(BIN)/python parsers/compiled.py || $(BIN)/pip install --quiet --no-deps -e .

# `studdraw demo` (pipeline/cli.py) does it all, make or no make: validate the samples,
# import them, print the hero's stats, open the dashboard.
demo: compiled
	$(BIN)/studdraw demo --db demo.duckdb

# The browser test drives Debian's Chromium (Playwright's own download site is not
# reachable from CI): install it when missing, as root or through sudo.
chromium:
	@test -x /usr/bin/chromium || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends chromium; }

test: compiled chromium
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/pytest

unit: compiled  # the quick suite: everything but the tests marked slow (under a minute)
	$(BIN)/pytest -m "not slow"

bench: compiled
	$(BIN)/python bench/parse.py
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/simulate_write.py

samples: compiled  # regenerate sample_histories/ (seeded: the same files every time)
	rm -rf sample_histories
	$(BIN)/python -m pipeline.simulation.samples sample_histories

clean:
	rm -rf $(VENV) build *.egg-info *.so parsers/*.so pipeline/engine/*.so parsers/compiled.digest

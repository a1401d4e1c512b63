# Two entry points for a fresh machine (Python 3.11, pip, git, make): `make demo`, `make test`.
# `make demo` ends by serving the dashboard on http://localhost:8501 (Ctrl+C stops it).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PURE := .venv-pure
COMPILING := studdraw: mypyc and gcc compile the parsers and engine, about 4 minutes on 2 cores

.PHONY: demo test unit unit-pure bench samples clean chromium compiled

# Not --quiet: pip says what it fetches, and while the compiler runs its spinner turns (on
# a terminal) or it says "still running" every minute (in CI); `pip install -v` shows the
# compiler's own lines.
$(BIN)/studdraw: pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	@echo "$(COMPILING), once pip has fetched the packages"
	$(BIN)/pip install -e '.[test]'
	touch $@

# The parsers and engine are compiled at install (parsers/build/compiled.py): after an edit, a
# stale build would be passed over for the slower sources, so it is built again.
compiled: $(BIN)/studdraw
	@$(BIN)/python parsers/build/compiled.py || { echo "$(COMPILING)"; $(BIN)/pip install --no-deps -e .; }

# `studdraw demo` (pipeline/cli/demo.py) does it all, make or no make: validate the samples,
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

# Tests run on every core, up to four (pytest-xdist); one file's tests share a worker.
PARALLEL := -n auto --maxprocesses 4 --dist loadfile

test: compiled chromium
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest $(PARALLEL)
	@$(MAKE) --no-print-directory unit-pure

unit: compiled  # the quick suite: everything but the tests marked slow
	$(BIN)/pytest -m "not slow" $(PARALLEL)

# The quick suite once more on a pure-Python install: a second venv installed with the C
# compiler hidden (CC=false), so setup.py falls back by itself as on a machine without
# one. Its packages are the first venv's (a .pth file), so it installs in seconds. This
# checkout's .so files are the first venv's: STUDDRAW_PURE_PYTHON=1 makes the tests pass
# them over for the sources (parsers/build/compiled.py).
$(PURE)/bin/studdraw: $(BIN)/studdraw
	$(PYTHON) -m venv $(PURE)
	$(BIN)/python -c "import sysconfig; print(sysconfig.get_path('purelib'))" \
		> "$$($(PURE)/bin/python -c "import sysconfig; print(sysconfig.get_path('purelib'))")/first-venv.pth"
	CC=false $(PURE)/bin/python -m pip install --quiet --no-deps -e .
	touch $@

unit-pure: $(PURE)/bin/studdraw
	STUDDRAW_PURE_PYTHON=1 $(PURE)/bin/python -m pytest -m "not slow" $(PARALLEL)

bench: compiled
	$(BIN)/python bench/parse.py
	$(BIN)/python bench/replay.py
	$(BIN)/python bench/simulate_write.py

samples: compiled  # regenerate sample_histories/ (seeded: the same files every time)
	rm -rf sample_histories
	$(BIN)/python -m pipeline.simulation.samples sample_histories

clean:
	rm -rf $(VENV) $(PURE) build *.egg-info *.so parsers/build/compiled.digest
	find parsers pipeline -name "*.so" -delete

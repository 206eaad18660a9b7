VENV ?= .venv
PY := $(VENV)/bin/python
COMPILED := build/compiled
STAMP := $(VENV)/.installed

.PHONY: run demo bench-web chromium cc test lint bench bench-parse compiled compiled-test wheel \
	geometry schematic-maps postgres clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# the web judge on embedded SQLite (var/), with the demo game: http://127.0.0.1:$(PORT)
PORT ?= 8000
run: $(STAMP)
	$(VENV)/bin/machiavelli web --demo --port $(PORT)

# the command-line demo: a game played through the game master's commands
demo: $(STAMP)
	$(VENV)/bin/machiavelli demo

# PostgreSQL for the service's tests (they start a throw-away cluster of their own):
# Debian's package, installed when it is missing and we are root

postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's postgresql for the service's tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends postgresql >/dev/null) || echo "apt-get failed"; \
	fi

# Debian's Chromium for the browser tests (Playwright drives it; never `playwright install`)
chromium:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's chromium for the browser tests"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends chromium >/dev/null) || echo "apt-get failed"; \
	else echo "*** /usr/bin/chromium is missing: the browser tests will fail ***"; fi

# a C compiler and Python's headers, which mypyc builds with (make compiled, make wheel and
# the wheel's test): Debian's gcc and python3-dev, installed when missing and we are root
cc: $(STAMP)
	@if command -v cc >/dev/null 2>&1 && [ -f "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's gcc and python3-dev for mypyc"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends gcc python3-dev >/dev/null) || echo "apt-get failed"; \
	else echo "*** no C compiler or no Python.h: the compiled builds will fail ***"; fi

test: $(STAMP) postgres chromium cc
	$(VENV)/bin/ruff check src tests tools setup.py
	$(VENV)/bin/mypy src
	$(VENV)/bin/pytest  # the service's tests on SQLite and PostgreSQL (none is skipped)
	$(VENV)/bin/machiavelli adjudicate --check cases/datc_v2.4_06.txt cases/machiavelli/*.txt cases/money/*.txt cases/balance_at_risk/*.txt

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests tools setup.py
	$(VENV)/bin/mypy src

# the web judge under load on loopback: N players (ROUNDS each), SQLite and PostgreSQL
bench-web: $(STAMP) postgres
	$(PY) tools/bench_web.py

bench-parse: $(STAMP)
	$(VENV)/bin/machiavelli bench-parse

# the engine compiled with mypyc (the command line stays interpreted): build/compiled
compiled: $(STAMP) cc
	$(PY) tools/compile.py $(COMPILED)

# the judge as a wheel whose engine is compiled with mypyc (setup.py), into dist/: what to
# install where speed counts (bots, self-play, a busy web judge); the rest stays Python
wheel: $(STAMP) cc
	MACHIAVELLI_COMPILE=1 $(PY) -m pip wheel --quiet --no-build-isolation --no-deps -w dist .
	@ls dist/machiavelli_judge-*.whl

# every test and case file again, on the compiled engine (CI runs it after test); but the
# test that counts the Python lines the parser runs: compiled code has none, and the wheel's,
# which build their own compiled engine whatever runs them (make test runs them)
COMPILED_PYTEST := PYTHONPATH=$(COMPILED) $(VENV)/bin/pytest -p no:cacheprovider \
	--deselect tests/test_order_text_hygiene.py::test_alternating_good_and_bad_lines_take_linear_work \
	--deselect tests/test_wheel.py
compiled-test: compiled postgres chromium
	$(COMPILED_PYTEST)
	PYTHONPATH=$(COMPILED) $(VENV)/bin/machiavelli adjudicate --check cases/datc_v2.4_06.txt cases/machiavelli/*.txt cases/money/*.txt cases/balance_at_risk/*.txt

# speed, interpreted then compiled, against the `diplomacy` package
bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) tools/compile.py $(COMPILED)
	$(VENV)/bin/machiavelli bench
	PYTHONPATH=$(COMPILED) $(VENV)/bin/machiavelli bench

# the classic map's geometry from nJudge's PostScript map (a build step, not run by test)
geometry: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,maps]'
	$(PY) tools/build_geometry.py

# the other maps' schematic geometry, from their adjacency graphs (pure Python; a build step)
schematic-maps: $(STAMP)
	$(PY) tools/schematic_maps.py

clean:
	rm -rf $(VENV) build dist

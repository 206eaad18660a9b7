VENV ?= .venv
PY := $(VENV)/bin/python
COMPILED := build/compiled
# two stamps: the package and what serving needs (make run, make demo), then the test and
# build tools on top of it (.[dev]: pytest, ruff, mypy, Playwright, shapely, ray, ...)
STAMP := $(VENV)/.installed
DEV := $(VENV)/.installed-dev
# what the conformance tests read beside the repository: the project's shared folder (the
# rule index RULES.md, the seeds) and in it other judges' files (nJudge's, godip's DATC copy)
MACHIAVELLI_SHARED ?= ../shared
MACHIAVELLI_WITNESSES ?= $(MACHIAVELLI_SHARED)/witnesses

.PHONY: run demo bench-web chromium cc test conformance lint bench count bench-parse compiled \
	compiled-test compiled-conformance wheel geometry schematic-maps postgres clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $(STAMP)

$(DEV): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(DEV)

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
cc: $(DEV)
	@if command -v cc >/dev/null 2>&1 && [ -f "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')/Python.h" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing Debian's gcc and python3-dev for mypyc"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends gcc python3-dev >/dev/null) || echo "apt-get failed"; \
	else echo "*** no C compiler or no Python.h: the compiled builds will fail ***"; fi

# everything that needs only this repository: a clone with nothing beside it passes it
# (tests/conformance/ is left out: pyproject.toml's norecursedirs)
test: $(DEV) postgres chromium cc
	$(VENV)/bin/ruff check src tests tools setup.py
	$(VENV)/bin/mypy src
	$(VENV)/bin/pytest  # the service's tests on SQLite and PostgreSQL (none is skipped)
	$(VENV)/bin/machiavelli adjudicate --check cases/datc_v2.4_06.txt cases/machiavelli/*.txt cases/money/*.txt cases/balance_at_risk/*.txt
	$(VENV)/bin/machiavelli princes check cases/princes/*.json

# our data and our judge against what lies outside the repository (tests/conformance/):
# other judges' files in $(MACHIAVELLI_WITNESSES) (nJudge's maps, seeds, help files and test
# mails, godip's DATC copy), the rule index and the seeds in $(MACHIAVELLI_SHARED). Where
# they are missing it fails, loudly; no test is ever skipped
CONFORMANCE_ENV := MACHIAVELLI_SHARED=$(MACHIAVELLI_SHARED) MACHIAVELLI_WITNESSES=$(MACHIAVELLI_WITNESSES)
conformance: $(DEV) postgres
	@for need in "$(MACHIAVELLI_WITNESSES)/njudge" "$(MACHIAVELLI_WITNESSES)/godip" \
	  "$(MACHIAVELLI_SHARED)/RULES.md" "$(MACHIAVELLI_SHARED)/seeds"; do \
	  if [ ! -e "$$need" ]; then \
	    echo "*** make conformance: $$need is missing: the conformance tests compare with it" >&2; \
	    echo "*** (set MACHIAVELLI_WITNESSES=DIR and MACHIAVELLI_SHARED=DIR where they are)" >&2; \
	    exit 1; fi; done
	$(CONFORMANCE_ENV) $(VENV)/bin/pytest tests/conformance

lint: $(DEV)
	$(VENV)/bin/ruff check src tests tools setup.py
	$(VENV)/bin/mypy src

# the web judge under load on loopback: N players (ROUNDS each), SQLite and PostgreSQL
bench-web: $(DEV) postgres
	$(PY) tools/bench_web.py

bench-parse: $(DEV)
	$(VENV)/bin/machiavelli bench-parse

# the engine compiled with mypyc (the command line stays interpreted): build/compiled
compiled: $(DEV) cc
	$(PY) tools/compile.py $(COMPILED)

# the judge as a wheel whose engine is compiled with mypyc (setup.py), into dist/: what to
# install where speed counts (bots, self-play, a busy web judge); the rest stays Python
wheel: $(DEV) cc
	MACHIAVELLI_COMPILE=1 $(PY) -m pip wheel --quiet --no-build-isolation --no-deps -w dist .
	@ls dist/machiavelli_judge-*.whl

# make test's tests and case files again, on the compiled engine (CI runs it after test); but
# the test that counts the Python lines the parser runs: compiled code has none, and the
# wheel's, which build their own compiled engine whatever runs them (make test runs them).
# Like make test, it needs only the repository; compiled-conformance runs the conformance
# tests on the compiled engine (a few seconds more; CI runs it after compiled-test)
COMPILED_PYTEST := PYTHONPATH=$(COMPILED) $(VENV)/bin/pytest -p no:cacheprovider \
	--deselect tests/test_order_text_hygiene.py::test_alternating_good_and_bad_lines_take_linear_work \
	--deselect tests/test_wheel.py
compiled-test: compiled postgres chromium
	$(COMPILED_PYTEST)
	PYTHONPATH=$(COMPILED) $(VENV)/bin/machiavelli adjudicate --check cases/datc_v2.4_06.txt cases/machiavelli/*.txt cases/money/*.txt cases/balance_at_risk/*.txt

compiled-conformance: compiled postgres
	$(CONFORMANCE_ENV) $(COMPILED_PYTEST) tests/conformance

# speed, interpreted then compiled, against the `diplomacy` package
bench: $(DEV)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) tools/compile.py $(COMPILED)
	$(VENV)/bin/machiavelli bench
	PYTHONPATH=$(COMPILED) $(VENV)/bin/machiavelli bench

# the campaign and scaling figures counted in instructions (callgrind), which a busy machine
# does not move: interpreted, then compiled (valgrind: Debian's, apt-get install valgrind)
count: $(DEV)
	$(PY) tools/count_instructions.py
	$(PY) tools/compile.py $(COMPILED)
	PYTHONPATH=$(COMPILED) $(PY) tools/count_instructions.py

# the classic map's geometry from nJudge's PostScript map (a build step, not run by test)
geometry: $(DEV)
	$(PY) -m pip install --quiet -e '.[dev,maps]'
	$(PY) tools/build_geometry.py

# the other maps' schematic geometry, from their adjacency graphs (pure Python; a build step)
schematic-maps: $(DEV)
	$(PY) tools/schematic_maps.py

clean:
	rm -rf $(VENV) build dist

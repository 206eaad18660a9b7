VENV ?= .venv
PY := $(VENV)/bin/python
COMPILED := build/compiled
CASES := cases/datc_v2.4_06.txt cases/machiavelli/*.txt cases/money/*.txt
STAMP := $(VENV)/.installed

.PHONY: run test lint bench compiled compiled-test clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/machiavelli demo

test: $(STAMP)
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy src
	$(VENV)/bin/pytest
	$(VENV)/bin/machiavelli adjudicate --check $(CASES)

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests
	$(VENV)/bin/mypy src

# the engine compiled with mypyc (the command line stays interpreted): build/compiled
compiled: $(STAMP)
	$(PY) scripts/compile.py $(COMPILED)

# every test and case file again, on the compiled engine
compiled-test: compiled
	PYTHONPATH=$(COMPILED) $(VENV)/bin/pytest -p no:cacheprovider
	PYTHONPATH=$(COMPILED) $(VENV)/bin/machiavelli adjudicate --check $(CASES)

# speed, interpreted then compiled, against the `diplomacy` package
bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(PY) scripts/compile.py $(COMPILED)
	$(VENV)/bin/machiavelli bench
	PYTHONPATH=$(COMPILED) $(VENV)/bin/machiavelli bench

clean:
	rm -rf $(VENV) build

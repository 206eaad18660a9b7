VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench geometry schematic-maps clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/machiavelli demo

test: $(STAMP)
	$(VENV)/bin/ruff check src tests tools
	$(VENV)/bin/mypy src
	$(VENV)/bin/pytest
	$(VENV)/bin/machiavelli adjudicate --check cases/datc_v2.4_06.txt cases/machiavelli/*.txt cases/money/*.txt

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests tools
	$(VENV)/bin/mypy src

bench: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,bench]'
	$(VENV)/bin/machiavelli bench

# the classic map's geometry from nJudge's PostScript map (a build step, not run by test)
geometry: $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,maps]'
	$(PY) tools/build_geometry.py

# the other maps' schematic geometry, from their adjacency graphs (pure Python; a build step)
schematic-maps: $(STAMP)
	$(PY) tools/schematic_maps.py

clean:
	rm -rf $(VENV)

# The one entry point. `make sim` to play, `make test` to test; both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MP := $(VENV)/bin/micropython
BOARD ?= pico_lcd_1_3
PORT ?= auto
STAMP := $(VENV)/.installed

.PHONY: setup sim test test-fast bench arena build flash uf2 shots typecheck clean

setup: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $(STAMP)

sim: $(STAMP)
	$(PY) -m sim --board $(BOARD)

test: $(STAMP)
	$(PY) -m pytest -q -n 2 tests

test-fast: $(STAMP)
	$(PY) -m pytest -q -n 2 -m "not slow" tests

bench: $(STAMP)
	$(PY) -m tools.bench

# a modest arena table (duplicate deals, 95% intervals): one game per family, strong vs heuristic
arena: $(STAMP)
	$(PY) -m tools.arena --table

build: $(STAMP)
	$(PY) -m tools.build --board $(BOARD)

flash: build
	$(PY) -m tools.flash --board $(BOARD) --port $(PORT)

uf2: build
	$(PY) -m tools.uf2 --board $(BOARD) --micropython "$(MICROPYTHON_UF2)"

shots: $(STAMP)
	$(PY) -m tools.shots

typecheck: $(STAMP)
	$(PY) -m tools.typecheck

clean:
	rm -rf build .pytest_cache

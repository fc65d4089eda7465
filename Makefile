# The one entry point. `make sim` to play, `make test` to test; both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MP := $(VENV)/bin/micropython
BOARD ?= pico_lcd_1_3
PORT ?= auto
STAMP := $(VENV)/.installed

.PHONY: setup sim test test-fast bench build flash uf2 shots typecheck clean

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

# Random-press soak of the real main loop on the compiled build (tools/soak.py, docs/APP.md
# "Memory"): a million presses across the four boards with the figures, then the 240x240 board
# at a 160K heap, stopping at its first error, to show the margin.
.PHONY: soak
soak: $(STAMP)
	$(PY) -m tools.soak --presses 1000000
	-$(PY) -m tools.soak --presses 50000 --boards pico_lcd_1_3 --heap 160K --stop-on-error

# The one entry point. `make sim` to play, `make test` to test; both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MP := $(VENV)/bin/micropython
BOARD ?= pico_lcd_1_3
PORT ?= auto
STAMP := $(VENV)/.installed
# The emulated Pico (npm rp2040js, pinned in tools/pico_emu/package-lock.json) and the two
# third-party binaries it boots: stock MicroPython for RPI_PICO and the RP2040 boot ROM.
EMU := tools/pico_emu
EMU_STAMP := $(EMU)/node_modules/.installed
SHARED_DEVICE := $(abspath ../shared/device)
MICROPYTHON_UF2 ?= $(wildcard $(SHARED_DEVICE)/micropython-v1.28.0-RPI_PICO.uf2)
RP2040_BOOTROM ?= $(wildcard $(SHARED_DEVICE)/rp2040-bootrom-B1.bin)
export MICROPYTHON_UF2 RP2040_BOOTROM

.PHONY: setup emu sim test test-fast test-long bench bench-device arena build flash uf2 shots typecheck clean soak lint

setup: $(STAMP)

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements.txt
	touch $(STAMP)

# npm ci from the lock file; without npm the device tests skip (and fail under CI=true).
emu: $(EMU_STAMP)

$(EMU_STAMP): $(EMU)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd $(EMU) && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
	else echo "warning: npm not found: the emulated-Pico tests will skip (install Node.js 18+)"; fi

sim: $(STAMP)
	$(PY) -m sim --board $(BOARD)

test: $(STAMP) emu lint
	$(PY) -m pytest -q -n 2 tests

# House style (ruff.toml): the same checks MicroPython's own tree runs.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# the parity runs' full seed counts and the device games' invariants after every action
test-long: $(STAMP) emu lint
	LONG_TESTS=1 $(PY) -m pytest -q -n 2 tests

test-fast: $(STAMP)
	$(PY) -m pytest -q -n 2 -m "not slow" tests

bench: $(STAMP)
	$(PY) -m tools.bench

bench-device: $(STAMP) emu
	$(PY) -m tools.bench_device $(if $(filter command line,$(origin BOARD)),--board $(BOARD),)

# a modest arena table (duplicate deals, 95% intervals): one game per family, strong vs the
# frozen heuristic (v1) where there is one, else vs the heuristic
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

# Random-press soak of the real main loop on the compiled build (docs/APP.md "Memory"): a
# million presses across the four boards on the unix port (tools/soak.py), the 240x240 board
# there at a 160K heap up to its first error; then on the emulated Pico with the firmware's
# heap capped at 192K (tools/device_soak.py, about 1 press a second of wall time), and the
# 240x240 board capped at 160K to show the margin.
.PHONY: soak
soak: $(STAMP) emu
	$(PY) -m tools.soak --presses 1000000
	-$(PY) -m tools.soak --presses 50000 --boards pico_lcd_1_3 --heap 160K --stop-on-error
	$(PY) -m tools.device_soak --presses 500 --heap 192K
	-$(PY) -m tools.device_soak --presses 500 --boards pico_lcd_1_3 --heap 160K

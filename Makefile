# The one entry point. `make sim` to play, `make test` to test; both build .venv themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MP := $(VENV)/bin/micropython
BOARD ?= pico_lcd_1_3
PORT ?= auto
STAMP := $(VENV)/.installed
# The emulated Pico (npm rp2040js, pinned in tools/device/pico_emu/package-lock.json) and the two
# third-party binaries it boots: stock MicroPython for RPI_PICO and the RP2040 boot ROM.
EMU := tools/device/pico_emu
EMU_STAMP := $(EMU)/node_modules/.installed
SHARED_DEVICE := $(abspath ../shared/device)
MICROPYTHON_UF2 ?= $(wildcard $(SHARED_DEVICE)/micropython-v1.28.0-RPI_PICO.uf2)
RP2040_BOOTROM ?= $(wildcard $(SHARED_DEVICE)/rp2040-bootrom-B1.bin)
# The console's own firmware (make uf2) is MicroPython built from this source with the app frozen
# in; tools/install/firmware.py defaults to the bundle in ../shared/device when this is empty.
MICROPYTHON_SRC ?=
CHIP ?= rp2040
export MICROPYTHON_UF2 RP2040_BOOTROM MICROPYTHON_SRC
# Debian's ARM toolchain for that build (make toolchain installs it where it can).
ARM_PACKAGES := gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake

.PHONY: setup emu toolchain firmware sim test test-fast test-long bench bench-device arena arena-yardstick build flash uf2 uf2-fresh uf2-stock shots typecheck clean soak lint

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

# The ARM cross-compiler and CMake: present, or installed with apt-get (as root, or through
# sudo without a password), or one line saying what to install.
toolchain:
	@if command -v arm-none-eabi-gcc >/dev/null 2>&1 && command -v cmake >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
		S=$$( [ "$$(id -u)" = 0 ] || echo sudo -n ); \
		echo "installing the ARM toolchain: $(ARM_PACKAGES)"; \
		$$S apt-get install -y -q $(ARM_PACKAGES) >/dev/null 2>&1 || \
		{ $$S apt-get update -q >/dev/null && $$S apt-get install -y -q $(ARM_PACKAGES) >/dev/null; } || \
		echo "warning: could not install $(ARM_PACKAGES)"; \
	else echo "warning: install $(ARM_PACKAGES) to build the console's firmware (make uf2) and run the device tests"; fi

# The frozen MicroPython the device tests boot (cached in build/micropython/; rebuilt only
# when the source, the patches or a frozen .py change). Without the toolchain the device tests
# skip (and fail under CI=true).
firmware: $(STAMP) toolchain
	@if command -v arm-none-eabi-gcc >/dev/null 2>&1; then $(PY) -m tools.install.firmware --board $(BOARD); fi

sim: $(STAMP)
	$(PY) -m sim --board $(BOARD)

test: $(STAMP) emu lint firmware
	$(PY) -m pytest -q -n 2 --durations=25 tests

# House style (ruff.toml): the same checks MicroPython's own tree runs.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

# the parity runs' full seed counts and the device games' invariants after every action
test-long: $(STAMP) emu lint firmware
	LONG_TESTS=1 $(PY) -m pytest -q -n 2 tests

test-fast: $(STAMP)
	$(PY) -m pytest -q -n 2 -m "not slow" tests

bench: $(STAMP)
	$(PY) -m tools.benches.bench

bench-device: $(STAMP) emu firmware
	$(PY) -m tools.benches.bench_device $(if $(filter command line,$(origin BOARD)),--board $(BOARD),)

# a modest arena table (duplicate deals, 95% intervals): one game per family, strong vs the
# frozen heuristic (v1) where there is one, else vs the heuristic
arena: $(STAMP)
	$(PY) -m tools.bots.arena --table

# the yardstick (docs/BOTS.md): the strong level against the frozen one (strong_v1) in every
# family, DEALS duplicate deals a pairing (2,000 take hours on a 2-core machine)
DEALS ?= 2000
arena-yardstick: $(STAMP)
	nice -n 10 $(PY) -m tools.bots.arena --table yardstick --deals $(DEALS)

build: $(STAMP)
	$(PY) -m tools.install.build --board $(BOARD)

flash: build
	$(PY) -m tools.install.flash --board $(BOARD) --port $(PORT)

# The console's own firmware, one file: build/<board>/firmware.uf2 (CHIP=rp2350 for the Pico 2:
# build/<board>/firmware-rp2350.uf2). It writes no block of the file system: copying it onto a
# console is the update, and keeps every save, the statistics and the settings.
uf2: $(STAMP) toolchain
	$(PY) -m tools.install.firmware --board $(BOARD) --chip $(CHIP)

# The same with a new file system (build/<board>/firmware-fresh.uf2): it ERASES every save.
uf2-fresh: $(STAMP) toolchain
	$(PY) -m tools.install.firmware --board $(BOARD) --chip $(CHIP) --fresh

# The stock install as one file: the .mpy build on stock MicroPython's UF2 (MICROPYTHON_UF2=).
uf2-stock: build
	$(PY) -m tools.install.uf2 --board $(BOARD) --micropython "$(MICROPYTHON_UF2)"

shots: $(STAMP)
	$(PY) -m tools.screens.shots

typecheck: $(STAMP)
	$(PY) -m tools.install.typecheck

clean:
	rm -rf build .pytest_cache

# Random-press soak of the real main loop on the compiled build (docs/APP.md "Memory"): a
# million presses across the four boards on the unix port (tools/benches/soak.py), the 240x240 board
# there at a 160K heap up to its first error; then on the emulated Pico the console's own firmware
# with its heap capped at 192K (tools/benches/device_soak.py, about 2 presses a second of wall
# time), and the stock install's .mpy files at the chip's whole heap.
.PHONY: soak
soak: $(STAMP) emu firmware
	$(PY) -m tools.benches.soak --presses 1000000
	-$(PY) -m tools.benches.soak --presses 50000 --boards pico_lcd_1_3 --heap 160K --stop-on-error
	$(PY) -m tools.benches.device_soak --presses 500 --heap 192K
	$(PY) -m tools.benches.device_soak --presses 500 --install stock --heap 1024K --seed 2

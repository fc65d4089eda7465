"""The device bench, `make bench-device`, one module per part (command.py runs them, report.py
prints the tables, common.py holds the emulated Pico's session they share)."""

from tools.benches.bench_device.command import main  # noqa: F401 - tools/bench_device.py

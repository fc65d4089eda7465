"""Shim for the old name `python -m tools.bench_device` (INTERFACES.md, older docs and habits):
runs main() of tools/benches/bench_device/, where the command lives."""

import sys

from tools.benches.bench_device import main

if __name__ == "__main__":
    sys.exit(main())

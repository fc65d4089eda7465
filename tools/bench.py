"""Shim for the old name `python -m tools.bench` (INTERFACES.md, older docs and habits):
runs main() of tools/benches/bench.py, where the command lives."""

import sys

from tools.benches.bench import main

if __name__ == "__main__":
    sys.exit(main())

"""Shim for the old name `python -m tools.soak` (INTERFACES.md, older docs and habits):
runs main() of tools/benches/soak.py, where the command lives."""

import sys

from tools.benches.soak import main

if __name__ == "__main__":
    sys.exit(main())

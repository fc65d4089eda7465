"""Shim for the old name `python -m tools.device_soak` (INTERFACES.md, older docs and habits):
runs main() of tools/benches/device_soak.py, where the command lives."""

import sys

from tools.benches.device_soak import main

if __name__ == "__main__":
    sys.exit(main())

"""Shim for the old name `python -m tools.firmware` (INTERFACES.md, older docs and habits):
runs main() of tools/install/firmware.py, where the command lives."""

import sys

from tools.install.firmware import main

if __name__ == "__main__":
    sys.exit(main())

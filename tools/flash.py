"""Shim for the old name `python -m tools.flash` (INTERFACES.md, older docs and habits):
runs main() of tools/install/flash.py, where the command lives."""

import sys

from tools.install.flash import main

if __name__ == "__main__":
    sys.exit(main())

"""Shim for the old name `python -m tools.uf2` (INTERFACES.md, older docs and habits):
runs main() of tools/install/uf2.py, where the command lives."""

import sys

from tools.install.uf2 import main

if __name__ == "__main__":
    sys.exit(main())

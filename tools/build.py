"""Shim for the old name `python -m tools.build` (INTERFACES.md, older docs and habits):
runs main() of tools/install/build.py, where the command lives."""

import sys

from tools.install.build import main

if __name__ == "__main__":
    sys.exit(main())

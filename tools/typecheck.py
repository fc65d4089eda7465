"""Shim for the old name `python -m tools.typecheck` (INTERFACES.md, older docs and habits):
runs main() of tools/install/typecheck.py, where the command lives."""

import sys

from tools.install.typecheck import main

if __name__ == "__main__":
    sys.exit(main())

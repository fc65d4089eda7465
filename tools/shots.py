"""Shim for the old name `python -m tools.shots` (INTERFACES.md, older docs and habits):
runs main() of tools/screens/shots.py, where the command lives."""

import sys

from tools.screens.shots import main

if __name__ == "__main__":
    sys.exit(main())

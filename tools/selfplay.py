"""Shim for the old name `python -m tools.selfplay` (INTERFACES.md, older docs and habits):
runs main() of tools/play/selfplay.py, where the command lives."""

import sys

from tools.play.selfplay import main

if __name__ == "__main__":
    sys.exit(main())

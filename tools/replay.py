"""Shim for the old name `python -m tools.replay` (INTERFACES.md, older docs and habits):
runs main() of tools/play/replay.py, where the command lives."""

import sys

from tools.play.replay import main

if __name__ == "__main__":
    sys.exit(main())

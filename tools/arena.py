"""Shim for the old name `python -m tools.arena` (INTERFACES.md, older docs and habits):
runs main() of tools/bots/arena.py, where the command lives."""

import sys

from tools.bots.arena import main

if __name__ == "__main__":
    sys.exit(main())

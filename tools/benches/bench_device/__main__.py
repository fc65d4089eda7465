"""`python -m tools.benches.bench_device`: the device bench (command.py says what it measures)."""

import os
import sys

ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.benches.bench_device.command import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())

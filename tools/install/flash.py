"""Copy build/<board>/ to a connected Pico running MicroPython, then reset it.

    python -m tools.install.flash --board pico_lcd_1_3 [--port auto|/dev/ttyACM0|COM5] [--dry-run]

Uses mpremote (`mpremote connect PORT fs cp -r ... : + reset`). With --port auto the first
serial port with the Raspberry Pi USB vendor id (0x2E8A) is used. When no Pico is found, it says
how to connect one instead of failing with a traceback. Run `make build` first (make flash does).
"""

import os
import subprocess
import sys
from tools.cli import board, Parser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RPI_VID = 0x2E8A
NO_BOARD = """No Pico found on a serial port.
  - Plug the Pico in with a data USB cable (not a charge-only one).
  - MicroPython must be on it first: hold BOOTSEL while plugging in, copy the MicroPython
    RPI_PICO .uf2 onto the RPI-RP2 drive (see docs/HARDWARE.md), or use `make uf2`.
  - Close anything else holding the port (Thonny, a serial terminal, another mpremote).
  - On Linux your user needs the dialout group (or uucp on Arch); then log in again.
  - Or name the port: make flash PORT=/dev/ttyACM0 (COM5 on Windows)."""


def find_port():
    try:
        from serial.tools import list_ports
    except ImportError:
        return None
    for p in sorted(list_ports.comports(), key=lambda p: p.device):
        if p.vid == RPI_VID:
            return p.device
    return None


def mpremote():
    return [sys.executable, "-m", "mpremote"]


def commands(build_dir, port):
    """The mpremote command line that copies the build and resets."""
    from tools.install.build import app_entries

    items = app_entries(build_dir)  # the app's files only: an image left there stays behind
    cmd = mpremote() + ["connect", port, "fs", "cp", "-r"] + items + [":", "+", "reset"]
    return cmd


def main(argv=None):
    ap = Parser(description="Copy the build to a Pico with mpremote")
    ap.add_argument("--board", type=board, default="pico_lcd_1_3")
    ap.add_argument("--port", default="auto")
    ap.add_argument("--build", default=None, help="build root (default build/)")
    ap.add_argument("--dry-run", action="store_true", help="print the mpremote command only")
    a = ap.parse_args(argv)
    build_dir = os.path.join(a.build or os.path.join(ROOT, "build"), a.board)
    if not os.path.isfile(os.path.join(build_dir, "main.py")):
        print("error: %s has no build: run make build BOARD=%s" % (build_dir, a.board))
        return 2
    port = a.port
    if port in ("", "auto"):
        port = find_port()
        if port is None and not a.dry_run:
            print(NO_BOARD)
            return 3
        port = port or "auto"
    cmd = commands(build_dir, port)
    print(" ".join(cmd[2:]))
    if a.dry_run:
        return 0
    try:
        p = subprocess.run(cmd, cwd=build_dir)
    except OSError as e:
        print("error: cannot run mpremote (%s): run make setup" % e)
        return 2
    if p.returncode != 0:
        print("mpremote failed (exit %d).\n%s" % (p.returncode, NO_BOARD))
        return p.returncode
    print("flashed %s to %s and reset: the console starts on its own." % (a.board, port))
    return 0


if __name__ == "__main__":
    sys.exit(main())

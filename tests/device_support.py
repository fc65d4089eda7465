"""Helpers for the tests on the emulated Pico (tests/test_device_*.py).

need_device() skips a test when the emulator, the MicroPython source and ARM toolchain (or, for
the stock install, the stock UF2) or the boot ROM are missing, with a message that says where to
get them, and fails it instead under CI=true. console_uf2() makes the console's UF2 for a board as
`make uf2` does (or `make uf2-stock`). The simulator side
(sim_image, host_save) gives what the device must show for the same screen.
"""

import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.device.pico_emu import device as pico  # noqa: E402

BOARDS = (
    "pico_lcd_1_3",
    "pico_display_2",
    "pico_lcd_1_14",
    "ili9341_breadboard",
    "pico_display_pack",
    "picosystem",
    "picocalc",
)


def need_device(install="frozen"):
    """(firmware, bootrom) or skip (fail under CI=true) with the reason. install: "frozen" (the
    console's own firmware, built from the MicroPython source: the primary target) or "stock"
    (the .mpy build on the stock MicroPython UF2)."""
    found, why = pico.binaries(install)
    if found is not None:
        why = pico.emulator_ready()
        if why is None and shutil.which("node") is None:
            why = "node is not installed (Node.js 18 or newer runs the emulated Pico)"
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("device tests cannot run under CI: " + why)
        pytest.skip(why)
    return found


def console_uf2(board, out_dir, install="frozen"):
    """The console for a board as one UF2 in out_dir (see need_device for install): its path."""
    fw, _ = need_device(install)
    out_dir = os.path.join(out_dir, install)
    path = os.path.join(out_dir, "console-%s.uf2" % board)
    if os.path.exists(path):
        return path
    os.makedirs(out_dir, exist_ok=True)
    return pico.build_uf2(board, out_dir, fw, install=install)


def same_image(got, want, width, what="the panel"):
    """Two RGB565 pictures equal, or AssertionError with a short summary (a bare `assert got ==
    want` makes pytest diff the two frames byte by byte: minutes on a failure)."""
    if got != want:
        raise AssertionError("%s: %s" % (what, diff_summary(got, want, width)))


def past_title(dev, check=None):
    """From power-on or a soft reset to the main menu. The console's own firmware draws the menu
    first; the stock install shows its title while it interns its names, and B skips it (as a
    player may). check: the first full screen's expected pixels (RGB565), compared before B."""
    full = dev.last.get("spi_bytes", 0) + dev.board.WIDTH * dev.board.HEIGHT * 2
    for _ in range(100):
        if dev.last.get("spi_bytes", 0) >= full:
            break
        dev.run(100)
    dev.settle(quiet_ms=100)
    if check is not None:
        got = dev.image()
        same_image(got, check, dev.board.WIDTH, "first screen")
    if getattr(dev, "install", "frozen") == "stock":
        title = dev.image()
        dev.tap("b", 70, 0)
        # the menu's modules load from the file system first, with nothing sent to the panel
        # for longer than settle()'s quiet time: wait for the title to give way
        for _ in range(50):
            if dev.image() != title:
                break
            dev.run(100)
        dev.settle()


def boot(board, uf2, install="frozen", **kw):
    """A Pico that has booted the console to its main menu, all buttons released."""
    dev = pico.Pico(board, uf2=uf2, **kw)
    dev.install = install
    dev.run(800)
    past_title(dev)
    return dev


raw_repl = pico.raw_repl


def app_errors(dev):
    """Tracebacks the app printed on the USB console since it was last (re)started."""
    text = dev.serial[getattr(dev, "app_serial", 0) :]
    return text if "Traceback" in text or "Error" in text else ""


def exec_on(dev, code, ms=120000):
    """Run code in the raw REPL; the printed text, or AssertionError with the device's
    traceback."""
    try:
        return pico.exec_on(dev, code, ms)
    except pico.PicoError as e:
        raise AssertionError(str(e))


def restart_app(dev):
    """Leave the raw REPL and soft-reset: main.py starts the console again."""
    dev.write("\x02")
    dev.run(50)
    dev.app_serial = len(dev.serial)  # what the console prints from here is the app's
    dev.write("\x04")
    dev.run(800)
    past_title(dev)


from tools.device.pico_emu.mirror import (  # noqa: E402,F401 - the tests' vocabulary
    Recorder,
    diff_summary,
    host_game,
    human_turn_keys,
    rgb565,
    rgb888,
    sim_device,
)

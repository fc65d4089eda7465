"""Helpers for the tests on the emulated Pico (tests/test_device_*.py).

need_device() skips a test when the emulator or the two third-party binaries are missing, with a
message that says where to get them, and fails it instead under CI=true. console_uf2() builds the
console for a board and combines it with MicroPython as `make uf2` does. The simulator side
(sim_image, host_save) gives what the device must show for the same screen.
"""

import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.pico_emu import device as pico  # noqa: E402

BOARDS = ("pico_lcd_1_3", "pico_display_2", "pico_lcd_1_14", "ili9341_breadboard")


def need_device():
    """(micropython_uf2, bootrom) or skip (fail under CI=true) with the reason."""
    found, why = pico.binaries()
    if found is not None:
        why = pico.emulator_ready()
        if why is None and shutil.which("node") is None:
            why = "node is not installed (Node.js 18 or newer runs the emulated Pico)"
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail("device tests cannot run under CI: " + why)
        pytest.skip(why)
    return found


def console_uf2(board, out_dir):
    """build/<board> compiled into out_dir, then MicroPython + its littlefs image: the UF2 path."""
    mp_uf2, _ = need_device()
    path = os.path.join(out_dir, "console-%s.uf2" % board)
    if os.path.exists(path):
        return path
    return pico.build_uf2(board, out_dir, mp_uf2)


def past_title(dev, check=None):
    """From power-on or a soft reset: wait for the title screen, then B skips it to the main
    menu (as a player may; it saves the title's 1.5 s of emulated time). check: the title's
    expected pixels (RGB565), compared before B."""
    full = dev.last.get("spi_bytes", 0) + dev.board.WIDTH * dev.board.HEIGHT * 2
    for _ in range(100):
        if dev.last.get("spi_bytes", 0) >= full:
            break
        dev.run(100)
    dev.settle(quiet_ms=100)
    if check is not None:
        got = dev.image()
        assert got == check, "title screen: " + diff_summary(got, check, dev.board.WIDTH)
    dev.tap("b", 70, 0)
    dev.settle()


def boot(board, uf2, **kw):
    """A Pico that has booted the console to its main menu, all buttons released."""
    dev = pico.Pico(board, uf2=uf2, **kw)
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


from tools.pico_emu.mirror import (  # noqa: E402,F401 - the tests' vocabulary
    Recorder,
    diff_summary,
    host_game,
    human_turn_keys,
    rgb565,
    rgb888,
    sim_device,
)

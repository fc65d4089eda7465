"""Helpers for the tests on the emulated Pico (tests/test_device_*.py).

need_device() skips a test when the emulator or the two third-party binaries are missing, with a
message that says where to get them, and fails it instead under CI=true. console_uf2() builds the
console for a board and combines it with MicroPython as `make uf2` does. The simulator side
(sim_image, host_save) gives what the device must show for the same screen.
"""
import os
import shutil
import subprocess
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
    py = sys.executable
    subprocess.run([py, "-m", "tools.build", "--board", board, "--out", out_dir], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([py, "-m", "tools.uf2", "--board", board, "--micropython", mp_uf2,
                    "--build", out_dir, "--out", path], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return path


def boot(board, uf2, **kw):
    """A Pico that has booted the console to its first screen, all buttons released."""
    dev = pico.Pico(board, uf2=uf2, **kw)
    dev.run(1500)
    dev.settle()
    return dev


def raw_repl(dev):
    """Stop the app (Ctrl-C) and soft-reset into the raw REPL: a fresh heap, main.py not run."""
    dev.write("\r\x03\x03\x01")
    dev.until("raw REPL; CTRL-B to exit\r\n>", 5000)
    dev.write("\x04")
    dev.until("soft reboot", 5000)
    dev.until("raw REPL; CTRL-B to exit\r\n>", 5000)


def exec_on(dev, code, ms=120000):
    """Run code in the raw REPL; the printed text, or AssertionError with the device's traceback."""
    out, err = dev.repl(code, ms=ms)
    assert not err.strip(), "device raised:\n" + err
    return out.replace("\r\n", "\n")


def restart_app(dev):
    """Leave the raw REPL and soft-reset: main.py starts the console again."""
    dev.write("\x02")
    dev.run(50)
    dev.write("\x04")
    dev.run(1500)
    dev.settle()


def rgb565(app):
    """The simulator canvas as the panel shows it: RGB565 big-endian, row by row."""
    from firmware.palette import RGB565
    c = app.canvas
    out = bytearray()
    for y in range(c.height):
        for x in range(c.width):
            v = RGB565[c.pixel(x, y)]
            out.append(v >> 8)
            out.append(v & 255)
    return bytes(out)


def diff_summary(a, b, width):
    """Where two RGB565 images differ (for assertion messages)."""
    bad = [i // 2 for i in range(0, len(a), 2) if a[i:i + 2] != b[i:i + 2]]
    if not bad:
        return "identical"
    xs = [p % width for p in bad]
    ys = [p // width for p in bad]
    return "%d pixels differ, x %d..%d, y %d..%d" % (len(bad), min(xs), max(xs), min(ys), max(ys))


def sim_device(board, files=None):
    """The headless simulator on a board, with an in-memory storage holding files."""
    from sim.headless import Device
    from sim.memstore import MemStorage
    st = MemStorage()
    for k, v in (files or {}).items():
        st.files[k] = v
    return Device(board, storage=st)


class Recorder:
    """Wraps a simulator Device so that every button it is given is also listed."""

    def __init__(self, dev):
        self.dev = dev
        self.keys = []
        self._press = dev.press
        dev.press = self.press

    def press(self, name):
        self.keys.append(name)
        self._press(name)


def host_game(board, game_id, humans, seats, turns_before=0):
    """Set up game_id on the simulator (first `humans` seats human, bots at instant speed) and
    play until a human is asked for the (turns_before+1)-th time; returns (sim device, autoplayer,
    the save file's bytes at that moment)."""
    from sim.autoplay import AutoPlayer, setup_game
    dev = sim_device(board)
    dev.press("a") if dev.app.screen.__class__.__name__ != "MainMenu" else None
    setup_game(dev, game_id, humans, seats)
    ap = AutoPlayer(dev, seed=3)
    seen = 0
    for _ in range(20000):
        scr = dev.app.screen
        assert scr.__class__.__name__ == "Play", scr
        if scr.interactive() and scr.panel is None and not scr.privacy():
            if seen == turns_before:
                break
            seen += 1
        ap.step()
    scr = dev.app.screen
    scr.autosave()
    return dev, ap, dev.storage.files["save"]

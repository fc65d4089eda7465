"""No silent failure on the emulated Pico: with its file system full (littlefs refuses even a
small new file), a game continued from its save plays on, and the first move whose autosave
fails brings up "Cannot save" at once, as the simulator with failing storage shows it for the
same presses; B goes back to the table (tests/test_app_save_fails.py has the same in the
simulator). The full file system is made on the host with littlefs-python, in the flash image
the Pico then boots: the save as the console's storage writes it, then files until none fits."""

import pytest

from firmware import storage
from tests import device_support as ds
from tools.install import uf2

pytestmark = pytest.mark.device

BOARD = "pico_lcd_1_3"


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    return ds.console_uf2(BOARD, str(tmp_path_factory.mktemp("uf2")))


# Run apart, in its own process: littlefs-python's objects abort the interpreter when a file or
# a mount that saw a refused write is collected, so the process ends with os._exit.
FILL = r"""
import os, sys
import littlefs
sys.path.insert(0, %(root)r)
from tools.install import uf2
lay = uf2.LAYOUTS["rp2040"]
cfg = {k: v for k, v in lay.lfs.items() if k != "disk_version"}
ctx = littlefs.UserContext(buffer=bytearray(open(%(image)r, "rb").read()))
fs = littlefs.LittleFS(context=ctx, mount=True, **cfg)
keep = []


def put(name, data):
    f = fs.open(name, "wb")
    try:
        f.write(data)
        f.close()
        return True
    except littlefs.errors.LittleFSError:
        keep.append((fs, f))
        return False


assert put("saves/save", open(%(save)r, "rb").read())
n = 0
# 4 KB files until no block is free, then small ones in the saves' folder and the root (a small
# file lives inside its folder's own blocks) until not even 16 bytes fit
for where, size in (("", 4096), ("saves/", 64), ("saves/", 16), ("", 16)):
    for i in range(3000):
        try:
            ok = put("%%sfill%%d-%%d" %% (where, size, i), bytes(size))
        except littlefs.errors.LittleFSError:
            ok = False
        if not ok:
            keep.append(fs)
            fs = littlefs.LittleFS(context=ctx, mount=True, **cfg)
            break
        n += 1
try:
    probe = put("saves/probe", bytes(300))
except littlefs.errors.LittleFSError:
    probe = False
open(%(image)r, "wb").write(ctx.buffer)
print(n, "probe written" if probe else "full")
sys.stdout.flush()
os._exit(0)
"""


def full_flash(uf2_path, save, tmp_path):
    """The console's flash with a file system holding save (as the console's storage writes
    it) and filled up: (flash, files written)."""
    import subprocess
    import sys

    flash = bytearray(b"\xff" * uf2.FLASH_BYTES)
    uf2.program(flash, open(uf2_path, "rb").read())
    at = uf2.LAYOUTS["rp2040"].fs_addr - uf2.XIP
    image = tmp_path / "fs.bin"
    image.write_bytes(bytes(flash[at:]))
    saved = tmp_path / "save.bin"
    saved.write_bytes(storage.pack(save))
    code = FILL % {"root": ds.ROOT, "image": str(image), "save": str(saved)}
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0 and p.stdout.split()[1] == "full", p.stdout + p.stderr[-2000:]
    flash[at:] = image.read_bytes()
    return flash, int(p.stdout.split()[0])


def test_a_full_file_system_says_cannot_save_at_the_first_move_and_the_game_goes_on(
    image, tmp_path
):
    _, _, save = ds.host_game(BOARD, "screw", 1, 2)
    sim = ds.sim_device(BOARD, {"save": save})

    def full(name, data):
        raise OSError(28, "ENOSPC")

    sim.storage.write = full
    menu = ds.rgb565(sim.app)
    sim.press("a")  # continue: one human, the table at once
    table = ds.rgb565(sim.app)
    keys = ds.human_turn_keys(sim)
    sim.wait(5)
    scr = sim.app.screen
    assert scr.__class__.__name__ == "TextScreen" and "Cannot save" in scr.ttl[0]
    flash, n = full_flash(image, save, tmp_path)
    assert n > 300
    path = str(tmp_path / "full.bin")
    open(path, "wb").write(flash)
    dev = ds.pico.Pico(BOARD, flash_image=path)
    try:
        dev.run(800)
        ds.past_title(dev)
        ds.same_image(dev.image(), menu, dev.board.WIDTH, "the main menu, the game saved")
        dev.tap("a")
        dev.settle()
        ds.same_image(dev.image(), table, dev.board.WIDTH, "the game continued")
        for k in keys:
            dev.settle()
            dev.tap(k, 70, 100)
        dev.run(2500)  # the autosave runs once the move's frame is on the panel: it fails
        dev.settle()
        ds.same_image(dev.image(), ds.rgb565(sim.app), dev.board.WIDTH, "Cannot save")
        assert "cannot save" in dev.serial  # the USB console says it too
        sim.press("b")
        dev.tap("b")
        dev.settle()
        assert sim.app.screen.__class__.__name__ == "Play"
        ds.same_image(dev.image(), ds.rgb565(sim.app), dev.board.WIDTH, "back to the table")
        assert not ds.app_errors(dev), ds.app_errors(dev)
    finally:
        dev.close()

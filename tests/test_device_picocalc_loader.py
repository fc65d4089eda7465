"""The PicoCalc's image as its SD card's UF2 loader (pelrun/uf2loader) leaves it, on the emulated
Pico: the loader's own 16 KB at the top of the flash (here a marker pattern) and the record it
writes into the image's vector table (0x10000110, the Cortex-M0+'s unused entries); the console
boots, mounts a file system that ends 16 KB short of the flash's end, saves a game and continues
it after a power cut, and the loader's 16 KB are as they were."""

import struct

import pytest

from tests import device_support as ds
from tools.install import uf2

pytestmark = pytest.mark.device

BOARD = "picocalc"
KEEP = 16 * 1024
LOADER = uf2.FLASH_BYTES - KEEP  # flash offset 0x1FC000
MARKER = bytes((i * 7 + 3) & 255 for i in range(256)) * (KEEP // 256)
# the loader's record of the program it flashed: magic, end of the flash the program may use,
# the file's name (common/bootloader/proginfo.c: bl_proginfo_set)
PROGINFO_AT = 0x110
PROGINFO = struct.pack("<II", 0xE98CC638, uf2.XIP + LOADER) + b"cards.uf2".ljust(20, b"\0")


def loader_flash(path, image):
    """A whole flash as the loader leaves it after flashing the image: its own area kept."""
    flash = bytearray(b"\xff" * uf2.FLASH_BYTES)
    flash[LOADER:] = MARKER
    uf2.program(flash, image)
    flash[PROGINFO_AT : PROGINFO_AT + len(PROGINFO)] = PROGINFO
    assert flash[LOADER:] == MARKER
    with open(path, "wb") as f:
        f.write(flash)


def test_the_picocalc_boots_saves_and_continues_and_leaves_the_loaders_flash_alone(tmp_path):
    fw, rom = ds.need_device("frozen")
    image = open(ds.console_uf2(BOARD, str(tmp_path)), "rb").read()
    path = str(tmp_path / "flash.bin")
    loader_flash(path, image)
    sim, _, save = ds.host_game(BOARD, "shithead", 2, 2)
    dev = ds.pico.Pico(BOARD, flash_image=path, bootrom=rom)
    try:
        dev.run(800)
        ds.past_title(dev)
        ds.raw_repl(dev)
        out = ds.exec_on(
            dev,
            "import os\nfrom firmware.storage import Storage\n"
            "Storage('saves').write('save', %r)\n"
            "s = os.statvfs('/')\nprint(s[0], s[2])\n" % bytes(save),
        )
        size, blocks = [int(x) for x in out.split()[-2:]]
        assert size * blocks == uf2.FS_BYTES - KEEP  # the file system ends at 0x101FC000
        dev.app_serial = len(dev.serial)  # what the console prints from here is the app's
        dev.reboot()  # the power goes and comes back
        dev.run(800)
        ds.past_title(dev)
        # the saved game is offered and continues where it was, as on the simulator
        sim2 = ds.sim_device(BOARD, {"save": save})
        ds.same_image(dev.image(), ds.rgb565(sim2.app), dev.board.WIDTH, "the menu")
        assert sim2.app.screen.items[0][0] == "continue"
        sim2.press("a")
        dev.tap("a")
        dev.settle()
        play = sim2.app.screen
        assert play.__class__.__name__ == "Play" and play.turn.privacy()
        ds.same_image(dev.image(), ds.rgb565(sim2.app), dev.board.WIDTH, "the game continued")
        assert not ds.app_errors(dev), ds.app_errors(dev)
        after = str(tmp_path / "after.bin")
        dev.save_flash(after)
    finally:
        dev.close()
    flash = open(after, "rb").read()
    assert flash[LOADER:] == MARKER, "the loader's 16 KB were written"
    assert flash[PROGINFO_AT : PROGINFO_AT + len(PROGINFO)] == PROGINFO

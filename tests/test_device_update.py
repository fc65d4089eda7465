"""Tested as a user updates, on the emulated Pico: the console's own firmware of an earlier
commit (OLD: the last before the CSV3 saves, so its saves are CSV2) is booted; its files are
what that commit's console wrote (a game of two humans and a bot saved partway, settings
changed, a finished game in the statistics: made by that commit's simulator and written by its
firmware's own storage code); then today's update image (make uf2: no block of the file system)
is written over that flash block by block, as the boot ROM does with a copied UF2, once after a
power cut halfway through the copy; and the console boots: the main menu offers the same game,
Continue resumes it at the same move behind the hand-over screen (the simulator of today's code
shows the same pictures from the same files), and the settings and statistics are as they
were, byte for byte. The file system's blocks are the same bytes before and after.
"""

import json
import os
import subprocess
import sys
import tarfile

import pytest

from tests import device_support as ds
from tools.install import uf2

pytestmark = pytest.mark.device

BOARD = "pico_lcd_1_3"
OLD = "ed24051"

OLD_FILES = r"""
import json, sys
sys.path.insert(0, '.')
from sim.headless import Device
from sim.memstore import MemStorage
from sim.autoplay import AutoPlayer, setup_game
from firmware import settings
st = MemStorage()
dev = Device('pico_lcd_1_3', st)
dev.press('a')
# a finished game for the statistics
setup_game(dev, 'screw', humans=0, speed='instant')
for _ in range(5000):
    if dev.app.screen.__class__.__name__ != 'Play':
        break
    dev.wait(1)
dev.wait(5)
dev.press('b')
dev.wait(3)
# settings changed
a = dev.app
a.speed, a.bright = 0, 1
settings.save(a)
# a game of two humans and a bot, played partway and saved
setup_game(dev, 'screwed', humans=2, seats=3, speed='instant')
play = dev.app.screen
ap = AutoPlayer(dev, seed=4)
while play.turn.moves < 12:
    ap.step()
while not play.turn.privacy():
    ap.step()
dev.wait(5)
print(json.dumps({k: v.hex() for k, v in st.files.items()}))
"""


def old_tree(tmp_path):
    """The OLD commit's files, or a skip when this clone does not have it."""
    dest = tmp_path / "old"
    dest.mkdir()
    p = subprocess.run(
        ["git", "archive", "--format=tar", OLD], cwd=ds.ROOT, capture_output=True, timeout=120
    )
    if p.returncode:
        pytest.skip("commit %s is not in this clone (a shallow clone?)" % OLD)
    tar = tmp_path / "old.tar"
    tar.write_bytes(p.stdout)
    with tarfile.open(str(tar)) as t:
        t.extractall(str(dest))
    return str(dest)


def old_files(tree):
    """The files the OLD console keeps after the player's session (made by its simulator)."""
    p = subprocess.run(
        [sys.executable, "-c", OLD_FILES],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, PYTHONPATH=tree, SDL_VIDEODRIVER="dummy"),
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return {k: bytes.fromhex(v) for k, v in json.loads(p.stdout.strip().splitlines()[-1]).items()}


def read_files(dev, names):
    ds.raw_repl(dev)
    code = "from firmware.storage import Storage\nst = Storage('saves')\n"
    for n in names:
        code += "print(%r, repr(st.read(%r)))\n" % (n, n)
    out = ds.exec_on(dev, code)
    got = {}
    for line in out.strip().splitlines():
        k, v = line.split(" ", 1)
        got[k] = eval(v)  # noqa: S307 - the device's repr of bytes/None
    return got


def same(dev, sim, what):
    ds.same_image(dev.image(), ds.rgb565(sim.app), dev.board.WIDTH, what)


def test_an_update_keeps_every_save_setting_and_statistic_even_after_a_power_cut_mid_copy(
    tmp_path,
):
    fw, rom = ds.need_device("frozen")
    from tools.install import firmware

    tree = old_tree(tmp_path)
    files = old_files(tree)
    assert files["save"][:4] == b"CSV2"  # the older save format
    assert {"save", "settings", "stats"} <= set(files)
    old_uf2 = str(tmp_path / "old.uf2")
    firmware.firmware_uf2(BOARD, out=old_uf2, root=tree, fresh=True, version=OLD)
    new_uf2 = str(tmp_path / "new.uf2")
    s = firmware.firmware_uf2(BOARD, out=new_uf2)
    new = open(new_uf2, "rb").read()
    assert s["fs_blocks_written"] == 0 and uf2.fs_blocks(new) == 0
    lay = uf2.LAYOUTS["rp2040"]
    fs_from = lay.fs_addr - uf2.XIP

    # the old console, its files written by its own storage code
    dev = ds.boot(BOARD, old_uf2, bootrom=rom)
    try:
        ds.raw_repl(dev)
        code = "from firmware.storage import Storage\nst = Storage('saves')\n"
        for k, v in files.items():
            code += "st.write(%r, %r)\n" % (k, v)
        ds.exec_on(dev, code + "print('written')\n")
        ds.restart_app(dev)
        dev.png(str(tmp_path / "before.png"))
        flash_path = str(tmp_path / "old-flash.bin")
        dev.save_flash(flash_path)
    finally:
        dev.close()
    old_flash = open(flash_path, "rb").read()
    whole = bytearray(old_flash)
    erased = uf2.program(whole, new)  # the copy
    assert max(erased) < fs_from and whole[fs_from:] == old_flash[fs_from:]
    flash = bytearray(old_flash)
    uf2.program(flash, new, upto=len(uf2.parse(new)) // 2)  # the power goes halfway through
    assert flash[fs_from:] == old_flash[fs_from:]
    uf2.program(flash, new)  # ... and the whole image is copied again: the same flash
    assert flash == whole
    path = str(tmp_path / "updated.bin")
    open(path, "wb").write(flash)
    dev = ds.pico.Pico(BOARD, flash_image=path, bootrom=rom)
    try:
        dev.run(800)
        ds.past_title(dev)
        assert "Card Table" in dev.serial and "r" in dev.serial  # its version, at boot
        sim = ds.sim_device(BOARD, dict(files))
        same(dev, sim, "the main menu after the update (the saved game offered)")
        assert sim.app.screen.items[0][0] == "continue"
        sim.press("a")
        dev.tap("a")
        dev.settle()
        play = sim.app.screen
        assert play.__class__.__name__ == "Play" and play.turn.privacy()
        assert play.turn.moves >= 12
        same(dev, sim, "Continue: the same game, behind the hand-over screen")
        dev.png(str(tmp_path / "after.png"))
        assert not ds.app_errors(dev)
        got = read_files(dev, ("settings", "stats"))  # (the raw REPL stops the app)
        assert got["settings"] == files["settings"] and got["stats"] == files["stats"]
    finally:
        dev.close()


def test_the_update_image_on_a_blank_pico_makes_the_file_system_and_starts_as_new(tmp_path):
    """No block of a file system in the image: the first start makes one (the frozen _boot.py
    writes main.py), the board comes from the image's tag, and the console shows its main menu
    as a new one does."""
    fw, rom = ds.need_device("frozen")
    from tools.install import firmware

    path = str(tmp_path / "firmware.uf2")
    s = firmware.firmware_uf2("pico_lcd_1_14", out=path)
    assert s["fs_blocks_written"] == 0
    dev = ds.boot("pico_lcd_1_14", path, bootrom=rom)
    try:
        sim = ds.sim_device("pico_lcd_1_14")
        same(dev, sim, "a new console's main menu")
        assert "on pico_lcd_1_14" in dev.serial and not ds.app_errors(dev)
        ds.raw_repl(dev)
        out = ds.exec_on(dev, "import os\nprint(sorted(os.listdir('/')))\n")
        assert "'main.py'" in out and "'board.txt'" not in out, out
    finally:
        dev.close()

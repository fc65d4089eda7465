"""The PicoCalc's images and its SD card's UF2 loader (pelrun/uf2loader): the loader keeps the top
16 KB of the RP2040's flash (its own code and a Pico W's Bluetooth area) and refuses a UF2 with a
block there, so the PicoCalc's images (update and fresh) write nothing there, say in their tag that
the file system stops short of it (the frozen _boot.py mounts it so), and tools/install/uf2.py
refuses such a block for that board; every other board's file system keeps its geometry. (On the
emulated Pico: tests/test_device_picocalc_loader.py.)"""

import os
import subprocess
import sys

import pytest

from conftest import ROOT
from tests import device_support as ds
from tools.install import firmware, uf2

KEEP = 16 * 1024
LOADER_FROM = uf2.XIP + uf2.FLASH_BYTES - KEEP  # 0x101FC000: the loader's stage 3, then BT


def test_the_picocalc_keeps_the_loaders_16_kb_and_no_other_board_keeps_any():
    assert uf2.board_keep("picocalc") == KEEP
    for board in ds.BOARDS:
        if board != "picocalc":
            assert uf2.board_keep(board) == 0, board


def test_keeping_the_top_16_kb_shortens_the_file_system_and_moves_nothing_else():
    lay = uf2.LAYOUTS["rp2040"]
    kept = lay.keeping(KEEP)
    assert kept.kept_addr == LOADER_FROM
    assert (kept.fs_addr, kept.tag_addr) == (lay.fs_addr, lay.tag_addr)
    assert kept.fs_addr + kept.fs_bytes == LOADER_FROM
    assert kept.lfs["block_count"] == lay.lfs["block_count"] - 4 == 348
    # the other boards' file system is MicroPython's whole storage, as before
    assert (lay.fs_addr, lay.fs_bytes, lay.lfs["block_count"]) == (0x100A0000, 1408 * 1024, 352)


def test_a_block_in_the_loaders_area_is_refused_for_a_board_that_keeps_it():
    kept = uf2.LAYOUTS["rp2040"].keeping(KEEP)
    page = b"\0" * uf2.PAGE
    uf2.check_kept([(uf2.FLAG_FAMILY, LOADER_FROM - uf2.PAGE, uf2.RP2040, page)], kept)
    for addr in (LOADER_FROM, LOADER_FROM + 0x2000, uf2.XIP + uf2.FLASH_BYTES - uf2.PAGE):
        with pytest.raises(ValueError, match="keeps for its loader"):
            uf2.check_kept([(uf2.FLAG_FAMILY, addr, uf2.RP2040, page)], kept)
    # the same block for a board that keeps nothing: the file system's, allowed
    uf2.check_kept([(uf2.FLAG_FAMILY, LOADER_FROM, uf2.RP2040, page)], uf2.LAYOUTS["rp2040"])


def test_the_stock_install_is_refused_for_the_picocalc_in_one_line(tmp_path):
    """Stock MicroPython's own _boot.py mounts the whole storage, the loader's 16 KB included."""
    fw = tmp_path / "mp.uf2"
    blocks = [(uf2.FLAG_FAMILY, uf2.XIP + i * 256, uf2.RP2040, b"\1" * 256) for i in range(8)]
    fw.write_bytes(uf2.pack(blocks))
    out = tmp_path / "out.uf2"
    p = subprocess.run(
        [sys.executable, "-m", "tools.install.uf2", "--board", "picocalc"]
        + ["--micropython", str(fw), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    text = (p.stdout + p.stderr).strip()
    assert p.returncode == 2 and len(text.splitlines()) == 1 and "Traceback" not in text, text
    assert "make uf2 BOARD=picocalc" in text
    assert not out.exists()


@pytest.mark.parametrize("fresh", [False, True])
def test_the_picocalc_images_write_nothing_in_the_loaders_top_16_kb(fresh, tmp_path):
    ds.need_device("frozen")
    out = str(tmp_path / "picocalc.uf2")
    s = firmware.firmware_uf2("picocalc", out=out, fresh=fresh, version="r9-abcdef0")
    data = open(out, "rb").read()
    blocks = uf2.parse(data)
    assert blocks and max(b[1] + b[2] for b in blocks) <= LOADER_FROM
    assert blocks[0][1] == uf2.XIP  # the loader starts the image at the flash's start
    lay = uf2.layout_for(blocks)
    assert uf2.tag_fields(blocks, lay) == {
        "board": "picocalc",
        "version": "r9-abcdef0",
        "keep": str(KEEP),
    }
    # what the loader checks of every block: a 256-byte page, aligned, numbered in order
    assert all(b[2] == 256 and b[1] % 256 == 0 for b in blocks)
    assert [b[3] for b in blocks] == list(range(len(blocks)))
    if fresh:
        assert s["fs_files"] == ["board.txt", "main.py"]
        import littlefs

        kept = lay.keeping(KEEP)
        image = bytearray(b"\xff" * kept.fs_bytes)
        for b in blocks:
            if kept.fs_addr <= b[1] < kept.kept_addr:
                image[b[1] - kept.fs_addr : b[1] - kept.fs_addr + b[2]] = b[6]
        cfg = {k: v for k, v in kept.lfs.items() if k != "disk_version"}
        fs = littlefs.LittleFS(context=littlefs.UserContext(buffer=image), mount=True, **cfg)
        assert fs.block_count == 348  # the littlefs the console mounts ends 16 KB short
        with fs.open("board.txt", "r") as f:
            assert f.read().strip() == "picocalc"
    else:
        assert s["fs_blocks_written"] == 0


def test_another_boards_image_tag_keeps_nothing(tmp_path):
    ds.need_device("frozen")
    out = str(tmp_path / "lcd.uf2")
    firmware.firmware_uf2("pico_lcd_1_3", out=out, version="r9-abcdef0")
    blocks = uf2.parse(open(out, "rb").read())
    fields = uf2.tag_fields(blocks, uf2.layout_for(blocks))
    assert fields == {"board": "pico_lcd_1_3", "version": "r9-abcdef0"}


def test_the_frozen_boot_reads_the_tag_where_the_images_write_it():
    """The start-up reads the "keep" line from the tag's page (boards.TAG_RP2040 / TAG_RP2350,
    uf2's Layout.tag_addr) and gives littlefs the storage less that."""
    import boards

    with open(os.path.join(ROOT, "tools", "install", "frozen", "_boot.py")) as f:
        text = f.read()
    assert boards.TAG_RP2040 == uf2.LAYOUTS["rp2040"].tag_addr
    assert boards.TAG_RP2350 == uf2.LAYOUTS["rp2350"].tag_addr
    for addr in (boards.TAG_RP2040, boards.TAG_RP2350):
        assert "0x%08X" % addr in text
    assert 'b"CARDTAG1\\n"' in text and boards.TAG_MAGIC == b"CARDTAG1\n"
    assert "rp2.Flash(start=0, len=" in text

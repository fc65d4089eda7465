"""tools.install.uf2 on bad input and on other chips, with small synthetic UF2 files: a clear
one-line error and no output file for a missing file, a file that is not a UF2, a firmware for
another chip family or one that overlaps the file system; the Pico 2 (RP2350) layout of
MicroPython's RPI_PICO2 board when the firmware is for it."""

import os
import struct
import subprocess
import sys

import pytest

from conftest import ROOT
from tools.install import build, uf2

BOARD = "pico_lcd_1_3"


@pytest.fixture(scope="module")
def build_root(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("build"))
    build.build(BOARD, out, quiet=True)
    return out


def fake_uf2(path, family, nblocks=64, base=uf2.XIP, lead=()):
    """A MicroPython-like UF2: nblocks pages of firmware from base; lead: raw blocks first."""
    blocks = [
        (uf2.FLAG_FAMILY, base + i * 256, family, bytes([i & 255]) * 256) for i in range(nblocks)
    ]
    with open(path, "wb") as f:
        f.write(b"".join(lead) + uf2.pack(blocks))
    return str(path)


def run(build_root, fw, out, *extra):
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.install.uf2",
            "--board",
            BOARD,
            "--build",
            build_root,
            "--micropython",
            str(fw),
            "--out",
            str(out),
        ]
        + list(extra),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return p


def refused(p, out):
    """Exit 2, one line, no traceback, and no output file."""
    text = p.stdout + p.stderr
    assert p.returncode == 2 and "Traceback" not in text, text
    assert len(text.strip().splitlines()) == 1, text
    assert not os.path.exists(str(out))
    return text.strip()


def test_missing_firmware_file(build_root, tmp_path):
    out = tmp_path / "o.uf2"
    msg = refused(run(build_root, tmp_path / "nosuch.uf2", out), out)
    assert "nosuch.uf2: no such file" in msg


def test_a_file_that_is_not_a_uf2(build_root, tmp_path):
    out = tmp_path / "o.uf2"
    txt = tmp_path / "notes.uf2"
    txt.write_text("MicroPython, honest\n" * 40)
    assert "not a UF2 file" in refused(run(build_root, txt, out), out)
    cut = tmp_path / "cut.uf2"  # starts like a UF2 but is cut short
    cut.write_bytes(open(fake_uf2(tmp_path / "whole.uf2", uf2.RP2040), "rb").read()[:700])
    assert "not a multiple of 512" in refused(run(build_root, cut, out), out)


def test_firmware_overlapping_the_file_system_is_refused(build_root, tmp_path):
    out = tmp_path / "o.uf2"
    big = fake_uf2(tmp_path / "big.uf2", uf2.RP2040, nblocks=uf2.FS_OFFSET // 256 + 1)
    msg = refused(run(build_root, big, out), out)
    assert "overlaps the image tag and the file system from 0x1009F000" in msg


@pytest.mark.parametrize("family", [0xE48BFF59, 0xE48BFF5A, 0xE48BFF5B])
def test_rp2350_firmware_is_refused_for_an_rp2040(build_root, tmp_path, family):
    out = tmp_path / "o.uf2"
    fw = fake_uf2(tmp_path / "pico2.uf2", family)
    msg = refused(run(build_root, fw, out, "--chip", "rp2040"), out)
    assert "for the RP2350 (RPI_PICO2" in msg and "not the RP2040" in msg
    with pytest.raises(ValueError):
        uf2.combine(fw, os.path.join(build_root, BOARD), chip="rp2040")


def test_firmware_for_another_family_or_mixed_families_is_refused(build_root, tmp_path):
    out = tmp_path / "o.uf2"
    other = fake_uf2(tmp_path / "esp.uf2", 0xBFDD4EEE)
    msg = refused(run(build_root, other, out), out)
    assert "UF2 family 0xBFDD4EEE, not a Raspberry Pi Pico" in msg
    mixed = tmp_path / "mixed.uf2"
    mixed.write_bytes(
        uf2.pack(
            [
                (uf2.FLAG_FAMILY, uf2.XIP, uf2.RP2040, bytes(256)),
                (uf2.FLAG_FAMILY, uf2.XIP + 256, 0xE48BFF59, bytes(256)),
            ]
        )
    )
    assert "mixes UF2 families" in refused(run(build_root, mixed, out), out)


def test_rp2350_firmware_gets_the_rpi_pico2_layout(build_root, tmp_path):
    # the leading "absolute" block an RP2350 UF2 may carry (past the end of the flash)
    absb = (
        struct.pack(
            "<8I", uf2.MAGIC0, uf2.MAGIC1, uf2.FLAG_FAMILY, 0x10FFFF00, 256, 0, 2, uf2.ABSOLUTE
        )
        + b"\xef" * 476
        + struct.pack("<I", uf2.MAGIC_END)
    )
    fw = fake_uf2(tmp_path / "pico2.uf2", 0xE48BFF59, lead=[absb])
    for chip in ((), ("--chip", "rp2350")):
        out = tmp_path / ("o%d.uf2" % len(chip))
        p = run(build_root, fw, out, *chip)
        assert p.returncode == 0, p.stdout + p.stderr
        assert "RP2350 (RPI_PICO2) file system at 0x10100000" in p.stdout
        data = open(str(out), "rb").read()
        assert data[:512] == absb  # kept first and unchanged
        blocks = uf2.parse(data[512:])
        n = len(blocks)
        assert [b[3] for b in blocks] == list(range(n)) and all(b[4] == n for b in blocks)
        assert all(b[5] == 0xE48BFF59 for b in blocks)
        fs = [b[1] for b in blocks if b[1] >= 0x10100000]
        assert fs[0] == 0x10100000 and fs[-1] < 0x10400000
        assert not [b for b in blocks if 0x10000000 + 64 * 256 <= b[1] < 0x10100000]
        files = uf2.verify(str(out), os.path.join(build_root, BOARD))
        assert "main.py" in files
    # 3 MiB of file system: littlefs sees 768 blocks
    assert uf2.LAYOUTS["rp2350"].lfs["block_count"] == 768
    # a firmware reaching into the 1 MiB mark overlaps the Pico 2's file system
    out = tmp_path / "o.uf2"
    big = fake_uf2(tmp_path / "big2.uf2", 0xE48BFF59, nblocks=0x100000 // 256 + 1)
    assert "overlaps the image tag and the file system from 0x100FF000" in refused(
        run(build_root, big, out), out
    )


def test_an_image_left_in_the_build_folder_is_never_packed_or_flashed(build_root, tmp_path):
    """make uf2 leaves build/<board>/firmware.uf2 beside the stock build: make uf2-stock packs
    only the app's files, and make flash copies only them."""
    import shutil

    board_dir = os.path.join(build_root, BOARD)
    stray = os.path.join(board_dir, "firmware.uf2")
    shutil.copyfile(str(fake_uf2(tmp_path / "fw.uf2", uf2.RP2040)), stray)
    try:
        out = tmp_path / "stock.uf2"
        p = run(build_root, fake_uf2(tmp_path / "mp.uf2", uf2.RP2040), out)
        assert p.returncode == 0, p.stdout + p.stderr
        files = uf2.verify(str(out))
        assert "main.py" in files and not [f for f in files if f.endswith(".uf2")]
        from tools.install import flash

        cmd = flash.commands(board_dir, "auto")
        assert "firmware.uf2" not in cmd and "main.py" in cmd and "engine" in cmd
    finally:
        os.remove(stray)

"""make uf2: the console's own firmware (tools/install/firmware.py), checked.

The build itself needs the ARM toolchain and the MicroPython v1.28.0 source; without them these
tests skip (and fail under CI=true), as the device tests do. That the frozen native code runs on
the Cortex-M0+ is shown on the emulated Pico: a Schieber game with bots calls the native
`jass_bots.HeuristicPlay.card` in tests/test_device_boot.py (frozen install).
"""

import os
import shutil
import struct
import subprocess
import sys

import pytest

from conftest import ROOT
from tests import device_support as ds
from tools.install import firmware, uf2

PATCH = os.path.join(firmware.PATCHES, "armv6m-native-align.patch")
RP2350_ARM_S = 0xE48BFF59


def need_build():
    ds.need_device("frozen")


@pytest.fixture(scope="module")
def source():
    need_build()
    return firmware.prepare_source(firmware.default_source())


def frozen_c(mpy_tool, mpy, qstrs, tmp_path):
    """mpy-tool.py's frozen C for one .mpy file, as the firmware build writes it."""
    p = subprocess.run(
        [sys.executable, mpy_tool, "-f", "-q", qstrs, mpy],
        capture_output=True,
        text=True,
        cwd=str(tmp_path),
    )
    assert p.returncode == 0, p.stderr[-2000:]
    return p.stdout


def test_alignment_patch_puts_armv6m_native_code_on_4_byte_boundaries(source, tmp_path):
    """Without the patch mpy-tool.py aligns a frozen native function's code to 2 bytes on
    ARMv6-M, and the M0+ faults on the code's first word read; with it, to 4."""
    src = tmp_path / "nat.py"
    src.write_text("import micropython\n\n@micropython.native\ndef f(x):\n    return x + 1\n")
    mpy = tmp_path / "nat.mpy"
    from tools.install import build

    subprocess.run([build.mpy_cross_path(), "-march=armv6m", "-o", str(mpy), str(src)], check=True)
    firmware.build_micropython("rp2040")
    cm = os.path.join(firmware.WORK, "rp2040", "cmake")
    qstrs = os.path.join(cm, "genhdr", "qstrdefs.preprocessed.h")
    patched = os.path.join(source, "tools", "mpy-tool.py")
    before = tmp_path / "orig"
    (before / "tools").mkdir(parents=True)
    (before / "py").symlink_to(os.path.join(source, "py"))  # mpy-tool.py imports from there
    shutil.copy(patched, before / "tools" / "mpy-tool.py")
    subprocess.run(["git", "apply", "--reverse", PATCH], cwd=str(before), check=True)
    old = frozen_c(str(before / "tools" / "mpy-tool.py"), str(mpy), str(qstrs), tmp_path)
    new = frozen_c(patched, str(mpy), str(qstrs), tmp_path)
    assert "__attribute__ ((aligned (2)))" in old
    assert "__attribute__ ((aligned (4)))" in new
    assert "aligned (2)" not in new
    # and so in the firmware's own frozen modules (the engine's native rollouts among them)
    with open(os.path.join(cm, "frozen_content.c")) as f:
        text = f.read()
    assert "aligned (4)" in text and "aligned (2)" not in text


def test_patches_apply_once_and_leave_a_users_tree_unchanged(tmp_path):
    """A user's own source folder is copied before it is patched; applying twice is a no-op."""
    need_build()
    src = firmware.prepare_source(firmware.default_source())
    user = tmp_path / "mp"
    (user / "tools").mkdir(parents=True)
    (user / "py").mkdir()
    shutil.copy(os.path.join(src, "py", "mpconfig.h"), user / "py" / "mpconfig.h")
    shutil.copy(os.path.join(src, "tools", "mpy-tool.py"), user / "tools" / "mpy-tool.py")
    subprocess.run(["git", "apply", "--reverse", PATCH], cwd=str(user), check=True)
    original = (user / "tools" / "mpy-tool.py").read_text()
    top = firmware.prepare_source(str(user), work=str(tmp_path / "work"))
    assert (user / "tools" / "mpy-tool.py").read_text() == original
    assert (
        "MP_NATIVE_ARCH_ARMV6M,\n            MP_NATIVE_ARCH_XTENSA,"
        in open(os.path.join(top, "tools", "mpy-tool.py")).read()
    )
    firmware.apply_patches(top)  # already there: left as it is
    assert open(os.path.join(top, "tools", "mpy-tool.py")).read().count("ARCH_ARMV6M,\n") == 1


def test_a_tree_the_patch_does_not_fit_is_refused_with_its_name(tmp_path):
    tree = tmp_path / "mp"
    (tree / "tools").mkdir(parents=True)
    (tree / "tools" / "mpy-tool.py").write_text("print('not MicroPython v1.28.0')\n")
    with pytest.raises(firmware.BuildError) as e:
        firmware.apply_patches(str(tree))
    assert "armv6m-native-align.patch" in str(e.value) and "v1.28.0" in str(e.value)


def test_missing_toolchain_or_source_is_said_in_one_line(monkeypatch, tmp_path):
    monkeypatch.setattr(firmware.shutil, "which", lambda name: None)
    with pytest.raises(firmware.BuildError) as e:
        firmware.build_micropython("rp2040", work=str(tmp_path))
    assert "gcc-arm-none-eabi" in str(e.value) and "make toolchain" in str(e.value)
    monkeypatch.undo()
    with pytest.raises(firmware.BuildError) as e:
        firmware.prepare_source(str(tmp_path / "nowhere"), work=str(tmp_path))
    assert "MICROPYTHON_SRC" in str(e.value)


def test_the_cache_key_follows_the_frozen_sources_only(tmp_path):
    for pkg in firmware.FROZEN:
        shutil.copytree(os.path.join(ROOT, pkg), tmp_path / pkg)
    (tmp_path / "tests").mkdir()
    key = firmware.app_digest(str(tmp_path))
    (tmp_path / "tests" / "x.py").write_text("x = 1\n")
    assert firmware.app_digest(str(tmp_path)) == key
    with open(tmp_path / "engine" / "rng.py", "a") as f:
        f.write("\n# changed\n")
    assert firmware.app_digest(str(tmp_path)) != key


def blocks_of(path):
    with open(path, "rb") as f:
        return uf2.parse(f.read())


def image_of(blocks, base, size):
    out = bytearray(size)
    for flags, addr, n, no, count, fam, payload in blocks:
        if base <= addr < base + size:
            out[addr - base : addr - base + n] = payload
    return bytes(out)


@pytest.mark.parametrize("board", ["pico_lcd_1_3", "ili9341_breadboard"])
def test_make_uf2_writes_the_frozen_app_and_its_tag_and_no_block_of_the_file_system(
    board, tmp_path
):
    """The update image: the firmware and the image's tag (the board, the version); not one
    block at or above the file system's start, so every file on the console stays."""
    need_build()
    out = str(tmp_path / "firmware.uf2")
    s = firmware.firmware_uf2(board, out=out, version="r9-abcdef0")
    assert s["fs_files"] == [] and s["fs_blocks_written"] == 0 and not s["fresh"]
    data = open(out, "rb").read()
    assert uf2.fs_blocks(data) == 0
    assert uf2.read_tag(data) == (board, "r9-abcdef0")
    lay = uf2.LAYOUTS["rp2040"]
    assert max(b[1] for b in uf2.parse(data)) == lay.tag_addr < lay.fs_addr
    flash = image_of(blocks_of(out), uf2.XIP, uf2.FLASH_BYTES - uf2.FS_BYTES)
    assert b"_boot.py" in flash  # the console's start-up: it writes main.py on a blank Pico
    assert b"from firmware.main import run" in flash


@pytest.mark.parametrize("board", ["pico_lcd_1_3", "ili9341_breadboard"])
def test_make_uf2_fresh_writes_the_frozen_app_and_a_new_file_system(board, tmp_path):
    need_build()
    out = str(tmp_path / "firmware-fresh.uf2")
    s = firmware.firmware_uf2(board, out=out, fresh=True)
    assert s["fs_files"] == ["board.txt", "main.py"]  # no module on the file system
    assert s["fs_blocks_written"] > 0 and s["fresh"]
    blocks = blocks_of(out)
    assert uf2.main_family(blocks) == uf2.RP2040
    assert blocks[0][1] == uf2.XIP  # the boot stage first, at the start of the flash
    flash = image_of(blocks, uf2.XIP, uf2.FLASH_BYTES - uf2.FS_BYTES)
    for name in (b"firmware/main.py", b"engine/jass_bots.py", b"boards/" + board.encode()):
        assert name in flash, name  # frozen: the modules' names are in the firmware's image
    assert s["bin_bytes"] < uf2.FS_OFFSET
    import littlefs

    lay = uf2.LAYOUTS["rp2040"]
    image = image_of(blocks, lay.fs_addr, lay.fs_bytes)
    image = bytearray(image)
    fs = littlefs.LittleFS(
        context=littlefs.UserContext(buffer=image),
        mount=True,
        **{k: v for k, v in lay.lfs.items() if k != "disk_version"},
    )
    with fs.open("board.txt", "r") as f:
        assert f.read().strip() == board
    with fs.open("main.py", "r") as f:
        assert "from firmware.main import run" in f.read()


def test_make_uf2_cli_names_the_file_and_a_second_run_is_cached(tmp_path):
    need_build()
    firmware.firmware_uf2("pico_lcd_1_14")
    p = subprocess.run(
        [sys.executable, "-m", "tools.install.firmware", "--board", "pico_lcd_1_14"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "build/pico_lcd_1_14/firmware.uf2" in p.stdout and "cached" in p.stdout
    assert "keeps every save" in p.stdout and "version r" in p.stdout
    p = subprocess.run(
        [sys.executable, "-m", "tools.install.firmware", "--board", "pico_lcd_1_14", "--fresh"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "build/pico_lcd_1_14/firmware-fresh.uf2" in p.stdout and "ERASES" in p.stdout
    p = subprocess.run(
        [sys.executable, "-m", "tools.install.firmware", "--board", "no_such_board"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2 and "no_such_board" in p.stdout


def test_pico2_image_is_built_for_the_rp2350_with_its_file_system(tmp_path):
    """The RP2350 build cannot be emulated here: its structure is checked. Family RP2350 ARM
    (secure), the firmware from the start of the flash with the boot ROM's image definition
    (the PICOBIN block's start marker in its first 4 KB), the file system where MicroPython's
    RPI_PICO2 board mounts it."""
    need_build()
    out = str(tmp_path / "firmware-rp2350.uf2")
    s = firmware.firmware_uf2("pico_display_2", chip="rp2350", out=out, fresh=True)
    blocks = blocks_of(out)
    assert uf2.main_family(blocks) == RP2350_ARM_S
    lay = uf2.LAYOUTS["rp2350"]
    assert blocks[0][1] == uf2.XIP
    head = image_of(blocks, uf2.XIP, 4096)
    assert struct.pack("<I", 0xFFFFDED3) in head  # PICOBIN_BLOCK_MARKER_START
    assert s["bin_bytes"] < lay.fs_addr - uf2.XIP
    assert uf2.verify(out) == ["board.txt", "main.py"]

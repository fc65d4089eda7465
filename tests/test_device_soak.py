"""Random presses on the emulated Pico (tools/benches/device_soak.py: the real main loop on
MicroPython 1.28): the console's own firmware with the heap capped at the 192 KB budget (a ballast
block holds the rest of the chip's heap), and the stock install (.mpy files) at its whole heap. The
unix port's soak (test_memory.py) runs far more presses but on 64-bit objects; this is the
budget on the device's own objects and allocator. A short run here; `make soak` runs every board
longer (docs/APP.md, "Memory")."""

import pytest

from tests import device_support as ds
from tools.benches import device_soak

pytestmark = pytest.mark.device

CAP = 192 * 1024
PRESSES = 100


# the default board, and the PicoCalc: its keys over I2C, and the largest frame and layout
@pytest.mark.parametrize("board", ["pico_lcd_1_3", "picocalc"])
def test_random_presses_on_the_device_within_192k_give_no_error(tmp_path, board):
    """The console's own firmware (the app frozen in flash) with the heap capped at 192K."""
    ds.need_device()
    r = device_soak.soak_board(board, PRESSES, CAP, seed=3, out_dir=str(tmp_path))
    assert r["presses"] == PRESSES, r
    assert r["errors"] == 0, r["log"]
    assert r["error_screens"] == 0, r["visits"]
    # the cap really held: the chip's heap is larger, and once the ballast was taken what was
    # left (in use and free; the ballast and the soak's own modules left out) was the cap
    assert r["heap_total"] > CAP + r["harness"], r
    assert 0 < r["harness"] < 16 * 1024, r
    assert r["start_alloc"] - r["ballast"] - r["harness"] + r["start_free"] <= CAP, r
    v = r["visits"]
    assert "Setup" in v and [k for k in v if k.startswith("Play:")], v


def test_random_presses_on_the_stock_install_at_its_whole_heap_give_no_error(tmp_path):
    """The stock install (.mpy files on stock MicroPython 1.28) with no cap: the heap a Pico
    running it really has (about 241 KB at boot)."""
    ds.need_device("stock")
    r = device_soak.soak_board(
        "ili9341_breadboard", PRESSES, 1024 * 1024, seed=5, out_dir=str(tmp_path), install="stock"
    )
    assert r["presses"] == PRESSES, r
    assert r["errors"] == 0, r["log"]
    assert r["error_screens"] == 0, r["visits"]
    assert r["ballast"] == 0 and r["heap_total"] > 230 * 1024, r
    # the boot interned names until the pools had their last size: none was added after it
    p = r["pools"]
    assert p["start"] < p["boot"] == p["end"], p

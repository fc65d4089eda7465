"""Random presses on the emulated Pico with the heap capped at the firmware's 192 KB budget
(tools/device_soak.py: stock MicroPython 1.28, the real main loop of the board's build, a ballast
block holding the rest of the chip's heap). The unix port's soak (test_memory.py) runs far more
presses but on 64-bit objects; this is the budget on the device's own objects and allocator.
A short run here; `make soak` runs every board longer (docs/APP.md, "Memory").
"""

import pytest

from tests import device_support as ds
from tools import device_soak

pytestmark = pytest.mark.device

CAP = 192 * 1024
PRESSES = 100


def test_random_presses_on_the_device_within_192k_give_no_error(tmp_path):
    ds.need_device()
    r = device_soak.soak_board("pico_lcd_1_3", PRESSES, CAP, seed=3, out_dir=str(tmp_path))
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

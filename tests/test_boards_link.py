"""The safe display link (issue 34): every board declares SAFE_HZ, a rate with margin on its
controller's minimum write cycle, and the board's setup runs the panel's link at it when the
settings file says so (Settings, "Display link": safe) or when B is held at power-on; otherwise at
the board's own rate. (MicroPython unix port, the fake machine of tests/fakes; the FIFO link is a
stand-in that notes its rate.)"""

import json

import pytest

import boards
from tests.conftest import run_micropython

CODE = """
import sys, json
sys.path.insert(0, 'tests/fakes')
import machine

class FifoLink:
    def __init__(self, spi_id, hz=None, dc=None, cs=None):
        self.hz = hz or 0
    def rect(self, *a):
        pass
    def send(self, *a):
        pass

class fake:
    pass
fake.FifoLink = FifoLink
import firmware.drivers
sys.modules['firmware.drivers.fifo'] = fake
import boards
from firmware.storage import Storage
out = {}
for case in ('plain', 'setting', 'held'):
    root = '%s/link-' + case
    try:
        import os
        os.mkdir(root)
    except OSError:
        pass
    st = Storage(root)
    st.write('settings', b'settings 1\\nspeed 2\\nbright 3\\nswiss 0\\nlink ' +
             (b'1' if case == 'setting' else b'0'))
    b = boards.load(%r)
    machine.press([g for g, bit in b.BUTTON_PINS if bit == 32] if case == 'held' else [])
    hal = boards.make_hal(b, sleep_ms=lambda ms: None, storage_root=root)
    machine.press([])
    link = hal.display.link
    out[case] = [hal.safe_link, hal.display.spi.baudrate, link.hz if link is not None else None]
print(json.dumps(out))
"""


@pytest.mark.parametrize("bid", boards.IDS)
def test_the_setting_or_b_held_at_power_on_runs_the_link_at_the_safe_rate(bid, tmp_path):
    b = boards.load(bid)
    out = json.loads(run_micropython(CODE % (tmp_path, bid)).strip().splitlines()[-1])
    fifo = getattr(b, "LINK", "spi") == "fifo"
    fast = (b.LINK_HZ or 0) if fifo else None  # no FIFO link: machine.SPI alone
    if b.SAFE_HZ < b.BAUD:  # below machine.SPI's rate: machine.SPI's own, clk_peri untouched
        safe = [True, b.SAFE_HZ, 0 if fifo else None]
    else:  # the FIFO link's own clock
        safe = [True, b.BAUD, b.SAFE_HZ]
    assert out["plain"] == [False, b.BAUD, fast]
    assert out["setting"] == safe
    # B held at power-on where B is a GPIO (the PicoCalc's keys are behind its keyboard
    # controller, asked only once the console runs: the setting alone)
    held = any(bit == boards.SAFE_KEY for _, bit in b.BUTTON_PINS)
    assert out["held"] == (safe if held else out["plain"])


@pytest.mark.parametrize("bid", boards.IDS)
def test_every_board_declares_a_safe_rate_below_its_fast_one(bid):
    b = boards.load(bid)
    fast = b.LINK_HZ or b.BAUD
    assert 0 < b.SAFE_HZ < fast
    if b.CONTROLLER == "st7789":  # 16 ns serial write cycle at least: twice that, at most
        assert b.SAFE_HZ <= 31250000
    elif b.CONTROLLER == "ili9488":  # 66 ns serial write cycle
        assert b.SAFE_HZ <= 15151515
    else:  # ILI9341: 100 ns serial write cycle
        assert b.SAFE_HZ <= 10000000


class UpPin:
    """A button pin at rest (pulled up)."""

    IN = 0
    PULL_UP = 1

    def __init__(self, g, mode=-1, pull=-1):
        pass

    def value(self):
        return 1


def test_the_settings_row_writes_what_the_board_setup_reads_at_the_next_start():
    from sim.headless import Device

    dev = Device("pico_lcd_1_14")
    b = boards.load("pico_lcd_1_14")
    assert not boards.safe_link(dev.storage, b, UpPin, lambda ms: None)
    dev.press("a")
    menu = dev.app.screen
    i = [r[0] for r in menu.rows()].index("Settings")
    while menu.cur != i:
        dev.press("down")
    dev.press("a")
    st = dev.app.screen
    row = [r[0] for r in st.rows()].index("Board and version")  # how the panel is wired
    while st.cur != row:
        dev.press("down")
    dev.press("a")
    st = dev.app.screen
    row = [r[0] for r in st.rows()].index("Display link")
    while st.cur != row:
        dev.press("down")
    dev.press("a")
    assert st.rows()[row][1] == "safe"
    assert st.help(row) == "From the next start (now fast)"
    assert boards.safe_link(dev.storage, b, UpPin, lambda ms: None)
    dev.press("a")
    assert st.rows()[row][1] == "fast"
    assert not boards.safe_link(dev.storage, b, UpPin, lambda ms: None)

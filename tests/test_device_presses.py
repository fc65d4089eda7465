"""Every press counts on the emulated Pico (issue 34): bursts of quick taps (15-40 ms held,
30-200 ms apart) on the ILI9341 board's main menu and on a Schieber table of thinking strong bots;
every tap sent to the GPIOs reaches the screen once and has its effect there (the cursor moves,
the page turns): presses sent = presses effective (tools/device/pico_emu/presses.py counts them on
the device)."""

import pytest

from sim.taps import tapbursts
from tests import device_support as ds
from tools.device.pico_emu import presses

pytestmark = pytest.mark.device
BOARD = "ili9341_breadboard"


@pytest.fixture(scope="module")
def dev(tmp_path_factory):
    uf2 = ds.console_uf2(BOARD, str(tmp_path_factory.mktemp("uf2")))
    d = ds.pico.Pico(BOARD, uf2=uf2)
    d.run(300)
    presses.start(d)
    yield d
    d.close()


def test_no_tap_is_lost_on_the_main_menu(dev):
    taps = tapbursts(1, ("down", "up"), bursts=3, per=7)
    got = presses.count(dev, "menu", taps)
    print("\nmain menu:", got)
    assert got["sent"] >= 10
    assert got == {"sent": len(taps), "handed": len(taps), "effective": len(taps)}


def test_no_page_turn_is_lost_on_a_table_while_bots_think(dev):
    taps = tapbursts(2, ("right", "left"), bursts=3, per=7)
    got = presses.count(dev, "table", taps)
    print("\nSchieber table, strong bots:", got)
    assert got["sent"] >= 10
    assert got == {"sent": len(taps), "handed": len(taps), "effective": len(taps), "strong": 4}


def test_stock_install_table_of_four_strong_bots_plays_on_and_loses_no_tap(tmp_path):
    """The stock install (.mpy files, their bytecode in RAM) on 240x240 has no heap for the
    strong bots' worlds at a table of four of them: each decision ends on the worlds it finished
    (engine/search.py) instead of a MemoryError that ended the app, and the page turns still
    count."""
    board = "pico_lcd_1_3"
    uf2 = ds.console_uf2(board, str(tmp_path), install="stock")
    d = ds.pico.Pico(board, uf2=uf2)
    try:
        d.run(300)
        presses.start(d)
        mark = len(d.serial)
        taps = tapbursts(4, ("right", "left"), bursts=3, per=7)
        got = presses.count(d, "table", taps)
        print("\nstock, Schieber table, strong bots:", got)
        assert "Error" not in d.serial[mark:]
        assert got["sent"] >= 10
        assert got == {"sent": len(taps), "handed": len(taps), "effective": len(taps), "strong": 4}
    finally:
        d.close()

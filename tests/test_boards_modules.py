"""Board modules: data only, harmless to import on CPython, consistent wiring."""

import sys

import pytest

import boards
from firmware import keys

ESSENTIAL = keys.UP | keys.DOWN | keys.A | keys.B
SPI_PINS = {
    0: {"SCK": (2, 6, 18, 22), "MOSI": (3, 7, 19, 23)},
    1: {"SCK": (10, 14), "MOSI": (11, 15)},
}  # RP2040 datasheet 1.4.3 GPIO functions


def test_ids_match_the_interfaces():
    first = ("pico_lcd_1_3", "pico_display_2", "pico_lcd_1_14", "ili9341_breadboard")
    assert boards.IDS[:4] == first
    assert set(boards.IDS[4:]) <= {"pico_display_pack", "picosystem", "picocalc"}
    assert boards.DEFAULT == "pico_lcd_1_3"
    with pytest.raises(ValueError):
        boards.load("nope")


@pytest.mark.parametrize("bid", boards.IDS)
def test_board_module_is_data_and_imports_no_hardware(bid):
    sys.modules.pop("machine", None)
    b = boards.load(bid)
    assert "machine" not in sys.modules
    assert b.ID == bid and b.NAME and b.__doc__
    assert "http" in b.__doc__ or "datasheet" in b.__doc__  # the maker's documentation, cited
    assert (b.WIDTH, b.HEIGHT) in ((240, 240), (320, 240), (240, 135), (320, 320))
    assert b.CONTROLLER in ("st7789", "ili9341", "ili9488")
    assert callable(b.setup)


@pytest.mark.parametrize("bid", boards.IDS)
def test_buttons_cover_the_essential_keys(bid):
    b = boards.load(bid)
    mask = 0
    for label, bit in b.BUTTONS:
        assert isinstance(label, str) and label
        assert bit in [v for _, v in keys.NAMES]
        mask |= bit
    assert mask & ESSENTIAL == ESSENTIAL
    pins = {bit for _, bit in b.BUTTON_PINS + getattr(b, "KEYMAP", ())}  # GPIOs, or a keyboard
    assert sorted(bit for _, bit in b.BUTTONS) == sorted(pins)


@pytest.mark.parametrize("bid", boards.IDS)
def test_pins_are_valid_and_distinct(bid):
    b = boards.load(bid)
    used = [b.SCK, b.MOSI, b.CS, b.DC] + [p for p in (b.RST, b.BL, b.BUZZER) if p is not None]
    used += [g for g, _ in b.BUTTON_PINS]
    assert len(used) == len(set(used)), used
    inside = (23, 24, 25) if getattr(b, "ON_PICO", True) else ()  # the Pico's own GPIOs
    assert all(0 <= p <= 28 and p not in inside for p in used), used
    assert b.SCK in SPI_PINS[b.SPI_ID]["SCK"] and b.MOSI in SPI_PINS[b.SPI_ID]["MOSI"]
    assert 1000000 <= b.BAUD <= 24000000
    ram = (320, 480) if b.CONTROLLER == "ili9488" else (240, 320)  # columns, rows
    assert b.X_OFFSET + b.WIDTH <= (ram[1] if b.MADCTL & 0x20 else ram[0])
    assert b.Y_OFFSET + b.HEIGHT <= (ram[0] if b.MADCTL & 0x20 else ram[1])


def test_pico_display_maps_x_y_to_up_down():
    b = boards.load("pico_display_2")
    assert dict(b.BUTTON_PINS) == {14: keys.UP, 15: keys.DOWN, 12: keys.A, 13: keys.B}


def test_joystick_press_is_start():
    for bid in ("pico_lcd_1_3", "pico_lcd_1_14"):
        assert dict(boards.load(bid).BUTTON_PINS)[3] == keys.START


def test_configured_board(tmp_path):
    p = tmp_path / "board.txt"
    assert boards.configured(str(p)) == boards.DEFAULT
    p.write_text("pico_display_2\n")
    assert boards.configured(str(p)) == "pico_display_2"
    p.write_text("junk")
    assert boards.configured(str(p)) == boards.DEFAULT
